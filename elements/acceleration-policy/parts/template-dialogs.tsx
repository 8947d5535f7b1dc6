/**
 * Dialogs of the acceleration templates: create, rename or copy a template (rules §5: name 4-32, remark 4-128, both
 * checked as typed with the shared rules; the server's "A template with this name already exists" and the copy's plan
 * gate land in the dialog), bind websites with the website picker, and the bound domains with unbind by copying the
 * template's configuration or switching to the global policy or another template (rules §4).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { RadioButton } from 'primereact/radiobutton';
import { useEffect, useId, useMemo, useState } from 'react';
import {
  bindTemplateDomains,
  listAccelerationTemplates,
  listBoundDomains,
  unbindTemplateDomains,
  type AccelerationTemplate,
  type BindAnswer,
  type BoundDomain,
  type TemplateFields,
  type UnbindRequest,
} from '../../../core/api/endpoints/acceleration-policy.js';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import { onField } from '../../../core/rules/types.js';
import { validateTemplateName, validateTemplateRemark } from '../../../core/rules/websites.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { PlanRefusalNotices, withoutPlanRefusals } from '../../../core/ui/parts/plan-refusals.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { createWebsitePickerStore } from '../../domain-list/picker-store.js';
import { WebsitePicker } from '../../domain-list/parts/website-picker.js';

/** The rules of the template form, as typed. */
export function templateFieldIssues(fields: TemplateFields): FieldIssue[] {
  return [...onField('name', validateTemplateName(fields.name)), ...onField('remark', validateTemplateRemark(fields.remark))];
}

/** Props of {@link TemplateFormDialog}. */
export interface TemplateFormDialogProps {
  /** What the dialog does: a new template, new name and remark, or a copy under a new name. */
  kind: 'create' | 'rename' | 'copy';
  template?: AccelerationTemplate;
  /** Sends the form; throws on failure, which the dialog shows while staying open (the shared save pattern). */
  onSave: (fields: TemplateFields) => Promise<AccelerationTemplate>;
  onSaved: (template: AccelerationTemplate) => void;
  onCancel: () => void;
}

/** Create, rename or copy a template. */
export function TemplateFormDialog({ kind, template, onSave, onSaved, onCancel }: TemplateFormDialogProps) {
  const t = useT('acceleration-policy');
  const tRules = useT('rules');
  const baseId = useId();
  const [fields, setFields] = useState<TemplateFields>({ name: kind === 'rename' ? (template?.name ?? '') : '', remark: template?.remark ?? '' });
  const [tried, setTried] = useState(false);
  const [edited, setEdited] = useState(false);
  const saving = useSave();
  const issues = [...templateFieldIssues(fields), ...(edited ? [] : saving.issues)];
  const message = (field: string) => {
    const found = issues.find((item) => item.field === field);
    return (tried || !edited) && found ? tRules(found.key, found.values ?? {}) : null;
  };
  const save = async () => {
    setTried(true);
    setEdited(false);
    saving.reset();
    if (templateFieldIssues(fields).length > 0) return;
    const outcome = await saving.run(() => onSave({ name: fields.name.trim(), remark: fields.remark.trim() }));
    if (outcome.ok) onSaved(outcome.value);
  };
  const field = (name: keyof TemplateFields, label: string, hint: string) => {
    const id = `${baseId}-${name}`;
    const error = message(name);
    return (
      <div className="ec-field">
        <label htmlFor={id}>{label}</label>
        <InputText
          id={id}
          value={fields[name]}
          invalid={error !== null}
          aria-invalid={error !== null ? true : undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setEdited(true);
            setFields({ ...fields, [name]: event.target.value });
          }}
        />
        <small id={`${id}-hint`} className={error ? 'ec-error-text' : 'ec-muted'}>
          {error ?? hint}
        </small>
      </div>
    );
  };
  const header = kind === 'create' ? t('form.create-title') : kind === 'rename' ? t('form.rename-title', { name: template?.name ?? '' }) : t('form.copy-title', { name: template?.name ?? '' });
  // A copy the plan refused (rules §6 flagship or above) shows the plan notice with its way out instead.
  const otherIssue = withoutPlanRefusals(saving.issues).find((item) => item.field !== 'name' && item.field !== 'remark');
  return (
    <EcDialog
      visible
      onHide={onCancel}
      header={header}
      error={otherIssue ? tRules(otherIssue.key, otherIssue.values ?? {}) : saving.error}
      footer={<DialogFooter onCancel={onCancel} onConfirm={() => void save()} busy={saving.saving} confirmLabel={kind === 'copy' ? t('action.copy') : undefined} />}
    >
      <div className="ec-stack" part="template-form">
        {field('name', t('form.name'), t('form.name-hint'))}
        {field('remark', t('form.remark'), t('form.remark-hint'))}
        <PlanRefusalNotices issues={saving.issues} />
      </div>
    </EcDialog>
  );
}

/** The failures of a bind or unbind, by domain, in the reader's language. */
export function BindFailures({ answer }: { answer: BindAnswer }) {
  const t = useT('acceleration-policy');
  const tRules = useT('rules');
  const failed = answer.results.filter((result) => !result.ok);
  return (
    <div className="ec-stack" role="status" part="bind-outcome">
      <p>{t('bind.outcome', { succeeded: answer.succeeded, failed: answer.failed })}</p>
      {failed.length > 0 && (
        <ul className="ec-issue-list">
          {failed.map((result) => (
            <li key={result.domain_id}>
              {result.domain || `#${result.domain_id}`}: {result.reason ? tRules(result.reason.key, result.reason.values ?? {}) : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Props of {@link BindDialog}. */
export interface BindDialogProps {
  template: AccelerationTemplate;
  onDone: (answer: BindAnswer, ids: number[]) => void;
  onCancel: () => void;
}

/** Pick websites to bind to a template (a site on another template switches to this one, rules §4). */
export function BindDialog({ template, onDone, onCancel }: BindDialogProps) {
  useSignals();
  const { client } = useElement();
  const t = useT('acceleration-policy');
  const tRules = useT('rules');
  const picker = useMemo(() => createWebsitePickerStore(), []);
  const [tried, setTried] = useState(false);
  const [answer, setAnswer] = useState<BindAnswer | null>(null);
  const saving = useSave();
  const ticked = picker.ticked.value;
  const bind = async () => {
    setTried(true);
    if (ticked.size === 0) return;
    const ids = [...ticked];
    const outcome = await saving.run(() => bindTemplateDomains(client, { template_id: template.id, domain_ids: ids }, { notify: false }));
    if (!outcome.ok) return;
    setAnswer(outcome.value);
    onDone(outcome.value, ids);
  };
  return (
    <EcDialog
      visible
      onHide={onCancel}
      width="720px"
      header={t('bind.title', { name: template.name })}
      error={saving.error}
      footer={
        answer ? (
          <DialogFooter onCancel={onCancel} />
        ) : (
          <DialogFooter
            onCancel={onCancel}
            onConfirm={() => void bind()}
            confirmLabel={t('bind.submit', { count: ticked.size })}
            busy={saving.saving}
            extra={tried && ticked.size === 0 ? <span className="ec-error-text">{tRules('websites.select-domain')}</span> : undefined}
          />
        )
      }
    >
      {answer ? (
        <BindFailures answer={answer} />
      ) : (
        <div className="ec-stack">
          <p className="ec-muted">{t('bind.explain')}</p>
          <WebsitePicker store={picker} label={t('bind.sites')} />
        </div>
      )}
    </EcDialog>
  );
}

/** Props of {@link BoundDomainsDialog}. */
export interface BoundDomainsDialogProps {
  template: AccelerationTemplate;
  readonly: boolean;
  onDone: (answer: BindAnswer, ids: number[]) => void;
  onCancel: () => void;
}

/** The bound domains, a page of 100 at a time is more than a dialog should show: the first 100, with the count. */
const BOUND_PAGE = 100;

/** The domains bound to a template, with unbind (copy, or switch to the global policy or another template). */
export function BoundDomainsDialog({ template, readonly, onDone, onCancel }: BoundDomainsDialogProps) {
  const { client } = useElement();
  const t = useT('acceleration-policy');
  const tRules = useT('rules');
  const baseId = useId();
  const [bound, setBound] = useState<{ status: 'loading' } | { status: 'error' } | { status: 'ready'; list: BoundDomain[]; total: number }>({ status: 'loading' });
  const [others, setOthers] = useState<AccelerationTemplate[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [choice, setChoice] = useState<'copy' | 'global' | 'template'>('copy');
  const [other, setOther] = useState<number | null>(null);
  const [tried, setTried] = useState(false);
  const [answer, setAnswer] = useState<BindAnswer | null>(null);
  const saving = useSave();

  useEffect(() => {
    let current = true;
    setBound({ status: 'loading' });
    Promise.all([listBoundDomains(client, template.id, { page: 1, per_page: BOUND_PAGE }), listAccelerationTemplates(client, { page: 1, per_page: 100 })]).then(
      ([domains, templates]) => {
        if (!current) return;
        setBound({ status: 'ready', list: domains.list, total: domains.total });
        setOthers(templates.list.filter((entry) => entry.id !== template.id));
      },
      () => current && setBound({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [client, template.id, attempt]);

  const missing = chosen.size === 0 ? tRules('websites.select-domain') : choice === 'template' && other === null ? tRules('websites.template-required') : null;
  const unbind = async () => {
    setTried(true);
    if (missing !== null) return;
    const ids = [...chosen];
    const body: UnbindRequest =
      choice === 'copy'
        ? { template_id: template.id, domain_ids: ids, unbind: 'copy' }
        : { template_id: template.id, domain_ids: ids, unbind: 'switch', to: choice, ...(choice === 'template' ? { to_template_id: other! } : {}) };
    const outcome = await saving.run(() => unbindTemplateDomains(client, body, { notify: false }));
    if (!outcome.ok) return;
    setAnswer(outcome.value);
    onDone(outcome.value, ids);
  };
  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };
  const radio = (value: typeof choice, label: string) => (
    <div className="ec-checkbox">
      <RadioButton inputId={`${baseId}-${value}`} name={`${baseId}-choice`} value={value} checked={choice === value} onChange={() => setChoice(value)} />
      <label htmlFor={`${baseId}-${value}`}>{label}</label>
    </div>
  );

  const body = (() => {
    if (answer) return <BindFailures answer={answer} />;
    if (bound.status === 'loading') return <LoadingState message={t('loading')} />;
    if (bound.status === 'error') return <ErrorState message={t('bound.load-failed')} onRetry={() => setAttempt((count) => count + 1)} />;
    if (bound.list.length === 0) return <EmptyState message={t('bound.empty')} />;
    return (
      <div className="ec-stack">
        {bound.total > bound.list.length && <p className="ec-muted">{t('bound.first', { shown: bound.list.length, total: bound.total })}</p>}
        <fieldset className="ec-stack" part="bound-domains">
          <legend>{t('bound.domains')}</legend>
          {bound.list.map((domain) => (
            <div key={domain.domain_id} className="ec-checkbox">
              <Checkbox
                inputId={`${baseId}-d${domain.domain_id}`}
                checked={chosen.has(domain.domain_id)}
                disabled={readonly || !domain.editable}
                onChange={(event) => toggle(domain.domain_id, event.checked === true)}
              />
              <label htmlFor={`${baseId}-d${domain.domain_id}`}>{domain.domain}</label>
            </div>
          ))}
        </fieldset>
        {!readonly && (
          <fieldset className="ec-stack" part="unbind-choice">
            <legend>{t('unbind.how')}</legend>
            {radio('copy', t('unbind.copy'))}
            {radio('global', t('unbind.global'))}
            {radio('template', t('unbind.template'))}
            {choice === 'template' && (
              <Dropdown
                value={other}
                options={others.map((entry) => ({ value: entry.id, label: entry.name }))}
                placeholder={t('unbind.template-placeholder')}
                onChange={(event) => setOther(event.value as number)}
                pt={namedDropdown(t('unbind.template'))}
              />
            )}
            <p className="ec-muted" part="unbind-consequence">
              {t(choice === 'copy' ? 'unbind.copy-consequence' : 'unbind.switch-consequence')}
            </p>
          </fieldset>
        )}
      </div>
    );
  })();

  return (
    <EcDialog
      visible
      onHide={onCancel}
      width="640px"
      header={t('bound.title', { name: template.name })}
      error={saving.error}
      footer={
        answer || readonly || bound.status !== 'ready' || bound.list.length === 0 ? (
          <DialogFooter onCancel={onCancel} />
        ) : (
          <DialogFooter
            onCancel={onCancel}
            onConfirm={() => void unbind()}
            confirmLabel={t('unbind.submit', { count: chosen.size })}
            busy={saving.saving}
            extra={tried && missing !== null ? <span className="ec-error-text">{missing}</span> : undefined}
          />
        )
      }
    >
      {body}
    </EcDialog>
  );
}
