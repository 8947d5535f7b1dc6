/**
 * Changing a domain's configuration method (rules §4), with the consequence of each choice spelled out before it is
 * confirmed: switching to domain-specific copies the configuration in force and unlinks it; unbinding a template
 * either copies its configuration to the domain or switches to the global policy or another of the account's
 * templates; following a policy or template leaves the domain's own settings stored but out of force.
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { RadioButton } from 'primereact/radiobutton';
import { useEffect, useId, useState } from 'react';
import { changeConfigMethod, type ConfigMethodChangeRequest, type DomainContext } from '../../../core/api/endpoints/domain-settings.js';
import { listWebsiteTemplates, type WebsiteTemplate } from '../../../core/api/endpoints/websites.js';
import type { ConfigSource } from '../../../core/settings/catalogue.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';
import { useSave } from '../../../core/ui/parts/use-save.js';

/** Props of {@link ConfigMethodDialog}. */
export interface ConfigMethodDialogProps {
  context: DomainContext;
  onClose: () => void;
  onChanged: (context: DomainContext) => void;
}

/** What a domain on each method may move to (a template-bound domain may also move to another template). */
const CHOICES: Record<ConfigSource, readonly ConfigSource[]> = {
  domain: ['global', 'template'],
  global: ['domain', 'template'],
  template: ['domain', 'global', 'template'],
};

/** The confirm button's words: what the change does. */
function confirmKey(current: ConfigSource, choice: ConfigSource): string {
  if (current === 'template') return choice === 'domain' ? 'config.confirm.copy' : 'config.confirm.switch';
  return choice === 'domain' ? 'config.confirm.to-domain' : 'config.confirm.follow';
}

/** The body of the change (rules §4: leaving a template names how, copy or switch). */
export function methodChangeRequest(context: DomainContext, choice: ConfigSource, templateId: number | null): ConfigMethodChangeRequest {
  const current = context.config_method.source;
  return {
    domain_id: context.id,
    source: choice,
    ...(choice === 'template' ? { template_id: templateId } : {}),
    ...(current === 'template' ? { unbind: choice === 'domain' ? 'copy' : 'switch' } : {}),
  };
}

type TemplatesState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; list: WebsiteTemplate[] };

export function ConfigMethodDialog({ context, onClose, onChanged }: ConfigMethodDialogProps) {
  const { client } = useElement();
  const t = useT('domain-console');
  const tRules = useT('rules');
  const current = context.config_method.source;
  const choices = CHOICES[current];
  const [choice, setChoice] = useState<ConfigSource>(choices[0]!);
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [templates, setTemplates] = useState<TemplatesState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [tried, setTried] = useState(false);
  const saving = useSave();
  const baseId = useId();

  useEffect(() => {
    if (choice !== 'template') return undefined;
    const controller = new AbortController();
    setTemplates({ status: 'loading' });
    listWebsiteTemplates(client).then(
      (answer) => !controller.signal.aborted && setTemplates({ status: 'ready', list: answer.list }),
      () => !controller.signal.aborted && setTemplates({ status: 'failed' }),
    );
    return () => controller.abort();
  }, [client, choice === 'template', attempt]);

  // The template the domain follows is not "another template".
  const options =
    templates.status === 'ready'
      ? templates.list.filter((template) => template.id !== context.config_method.template_id).map((template) => ({ value: template.id, label: template.name }))
      : [];
  const serverTemplateIssue = saving.issues.find((found) => found.field === 'template_id');
  const templateError =
    choice === 'template' && tried && templateId === null
      ? tRules('websites.template-required')
      : serverTemplateIssue
        ? tRules(serverTemplateIssue.key, serverTemplateIssue.values ?? {})
        : '';
  const otherIssues = saving.issues.filter((found) => found.field !== 'template_id').map((found) => tRules(found.key, found.values ?? {}));

  const confirm = async () => {
    setTried(true);
    if (choice === 'template' && templateId === null) return;
    const outcome = await saving.run(() => changeConfigMethod(client, methodChangeRequest(context, choice, templateId), { notify: false }));
    if (outcome.ok) onChanged(outcome.value);
  };

  const pick = (next: ConfigSource) => {
    setChoice(next);
    setTried(false);
    saving.reset();
  };

  const ids = { template: `${baseId}-picker`, explain: `${baseId}-explain` };
  return (
    <EcDialog
      visible
      onHide={onClose}
      header={t('config.dialog-title', { domain: context.info.domain })}
      error={saving.issues.length > 0 ? otherIssues.join(' ') : saving.error}
      footer={<DialogFooter onCancel={onClose} onConfirm={confirm} confirmLabel={t(confirmKey(current, choice))} busy={saving.saving} />}
    >
      <div className="ec-stack" part="config-method-dialog">
        <p className="ec-muted">{t('config.current', { method: t(`method.${current}`, { name: context.config_method.template_name }) })}</p>
        <fieldset className="ec-field">
          <legend>{t('config.choice-legend')}</legend>
          {choices.map((value) => (
            <span key={value} className="ec-row">
              <RadioButton inputId={`${baseId}-choice-${value}`} name={`${baseId}-choice`} value={value} checked={choice === value} onChange={() => pick(value)} />
              <label htmlFor={`${baseId}-choice-${value}`}>{t(value === 'template' && current === 'template' ? 'config.choice.other-template' : `config.choice.${value}`)}</label>
            </span>
          ))}
        </fieldset>
        {choice === 'template' && (
          <div className="ec-field">
            <label htmlFor={ids.template}>{t('config.template-label')}</label>
            {templates.status === 'failed' ? (
              <p className="ec-error-text" role="alert">
                {t('config.templates-failed')} <Button type="button" link label={t('retry')} onClick={() => setAttempt((count) => count + 1)} />
              </p>
            ) : (
              <Dropdown
                inputId={ids.template}
                value={templateId}
                options={options}
                disabled={templates.status !== 'ready' || options.length === 0}
                placeholder={
                  templates.status === 'loading' ? t('config.templates-loading') : options.length === 0 ? t('config.templates-empty') : t('config.template-placeholder')
                }
                invalid={templateError !== ''}
                aria-describedby={`${ids.template}-error`}
                onChange={(event) => {
                  setTemplateId(event.value as number);
                  saving.reset();
                }}
                pt={namedDropdown(t('config.template-label'))}
              />
            )}
            {templateError !== '' && (
              <small id={`${ids.template}-error`} className="ec-error-text" role="alert">
                {templateError}
              </small>
            )}
          </div>
        )}
        <p id={ids.explain} className="ec-notice ec-notice-warning" role="note" part="config-method-consequence">
          <i className="pi pi-info-circle" aria-hidden="true" /> {t(`config.explain.${current}-to-${choice}`)}
        </p>
        {choice !== 'domain' && <p className="ec-muted">{t('config.issued')}</p>}
      </div>
    </EcDialog>
  );
}
