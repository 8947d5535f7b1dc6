/**
 * Quote (reference) a rule set from domains (rules §2 "quote rule set"): the domains the caller may see are offered,
 * the ones quoting it now preselected. A sub-account's changes touch only its own domains; the server keeps the rest.
 */
import { MultiSelect } from 'primereact/multiselect';
import { useEffect, useId, useState } from 'react';
import { listDomainPicker, type DomainListItem } from '../../../core/api/endpoints/platform.js';
import { quoteRuleSet, type RuleSetInfo } from '../../../core/api/endpoints/waf.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { namedMultiSelect } from '../../../core/ui/parts/named.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';

/** Props of {@link QuoteDialog}. */
export interface QuoteDialogProps {
  set: RuleSetInfo;
  onSaved: (set: RuleSetInfo) => void;
  onCancel: () => void;
}

/** The quote form in a dialog. */
export function QuoteDialog({ set, onSaved, onCancel }: QuoteDialogProps) {
  const { client } = useElement();
  const t = useT();
  const tRules = useT('rules');
  const id = useId();
  const [domains, setDomains] = useState<DomainListItem[] | 'loading' | 'error'>('loading');
  const [chosen, setChosen] = useState<number[]>(set.bound_domains.map((domain) => domain.domain_id));
  const saving = useSave();

  const load = () => {
    setDomains('loading');
    listDomainPicker(client).then(
      (answer) => setDomains(answer.list),
      () => setDomains('error'),
    );
  };
  const submit = async () => {
    // Not a form finding (a permission refusal, a network failure): the error catalogue's message, in the dialog.
    const outcome = await saving.run(() => quoteRuleSet(client, { id: set.id, domain_ids: chosen }, { notify: false }));
    if (outcome.ok) onSaved(outcome.value);
  };

  useEffect(load, [client]);

  return (
    <EcDialog
      visible
      onHide={onCancel}
      header={t('quote.title', { name: set.name })}
      error={saving.error}
      footer={
        <DialogFooter onCancel={onCancel} onConfirm={() => void submit()} busy={saving.saving} confirmDisabled={!Array.isArray(domains)} />
      }
    >
      {domains === 'loading' && <LoadingState />}
      {domains === 'error' && <ErrorState onRetry={load} />}
      {Array.isArray(domains) && (
        <div className="ec-field">
          <label htmlFor={`${id}-domains`}>{t('quote.domains')}</label>
          <MultiSelect
            inputId={`${id}-domains`}
            value={chosen}
            options={domains.map((domain) => ({ value: domain.domain_id, label: domain.domain }))}
            filter
            display="chip"
            virtualScrollerOptions={domains.length > 200 ? { itemSize: 38 } : undefined}
            onChange={(event) => setChosen(event.value as number[])}
            pt={namedMultiSelect(t('quote.domains'))}
          />
          <small className="ec-muted">{t('quote.hint')}</small>
          {saving.issues.map((found, index) => (
            <small key={index} className="ec-error-text" role="alert">
              {tRules(found.key, found.values)}
            </small>
          ))}
        </div>
      )}
    </EcDialog>
  );
}
