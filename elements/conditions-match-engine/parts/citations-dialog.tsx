/**
 * Where a condition rule is used (rules §3 "citation count"): the WAF rules referencing it, by rule ID and rule set,
 * as `V4/condition.rule.citations` answers them for the caller.
 */
import { useEffect, useState } from 'react';
import { listConditionRuleCitations, type ConditionRule, type ConditionRuleCitation } from '../../../core/api/endpoints/conditions.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';

/** Props of {@link CitationsDialog}. */
export interface CitationsDialogProps {
  rule: ConditionRule;
  onHide: () => void;
}

/** The citations in a dialog; mounted while open. */
export function CitationsDialog({ rule, onHide }: CitationsDialogProps) {
  const { client } = useElement();
  const t = useT();
  const [citations, setCitations] = useState<ConditionRuleCitation[] | 'loading' | 'error'>('loading');

  const load = () => {
    setCitations('loading');
    listConditionRuleCitations(client, rule.id, { notify: false }).then(
      (answer) => setCitations(answer.list),
      () => setCitations('error'),
    );
  };
  useEffect(load, [client, rule.id]);

  const body = () => {
    if (citations === 'loading') return <LoadingState />;
    if (citations === 'error') return <ErrorState message={t('load-failed')} onRetry={load} />;
    if (citations.length === 0) return <EmptyState message={t('citations.empty')} />;
    return (
      <table className="ec-simple-table" aria-label={t('citations.table', { name: rule.name })}>
        <thead>
          <tr>
            <th scope="col">{t('citations.rule')}</th>
            <th scope="col">{t('citations.rule-set')}</th>
          </tr>
        </thead>
        <tbody>
          {citations.map((citation) => (
            <tr key={citation.rule_id} data-rule-id={citation.rule_id}>
              <td>#{citation.code}</td>
              <td>{citation.rule_set_name}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  };

  return (
    <EcDialog visible onHide={onHide} header={t('citations.title', { name: rule.name })} footer={<DialogFooter onCancel={onHide} />}>
      {body()}
    </EcDialog>
  );
}
