/**
 * Batch delete (rules §5, §9: at most 500 per submission): the domains to delete, one per line. The preview is the
 * server's dry run: each domain found (with its status), not found ("Domain information not found"), or refused while
 * bound to a TCP package (rules §8).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { useId, useMemo, useState } from 'react';
import { validateWebsiteDomains } from '../../../core/rules/websites.js';
import { useT } from '../../../core/ui/element-context.js';
import { DomainLinesField } from '../../domain-list/parts/domain-lines-field.js';
import type { BatchRequest, DomainBatchStore } from '../store.js';

/** Props of {@link BatchDeleteForm}. */
export interface BatchDeleteFormProps {
  store: DomainBatchStore;
  onPreview: (request: BatchRequest) => void;
}

/** The batch delete form. */
export function BatchDeleteForm({ store, onPreview }: BatchDeleteFormProps) {
  useSignals();
  const t = useT('domain-batch');
  const tRules = useT('rules');
  const baseId = useId();
  const [domains, setDomains] = useState('');
  const [tried, setTried] = useState(false);

  const check = useMemo(() => validateWebsiteDomains(domains), [domains]);
  const server = store.serverIssues.value.find((item) => item.field === 'selection');
  const issue = check.issue ?? server ?? null;
  const invalid = check.lines.some((line) => line.status !== 'valid');

  const preview = () => {
    setTried(true);
    if (issue || invalid) return;
    onPreview({ mode: 'delete', selection: { domains: check.entries } });
  };

  return (
    <div className="ec-stack">
      <DomainLinesField
        id={`${baseId}-domains`}
        label={t('delete.domains')}
        value={domains}
        check={check}
        error={issue ? tRules(issue.key, issue.values ?? {}) : null}
        showIssues={tried}
        onChange={(value) => {
          store.serverIssues.value = [];
          setDomains(value);
        }}
      />
      <div className="ec-row ec-wizard-footer">
        <Button type="button" label={t('preview')} loading={store.sending.value} onClick={preview} />
      </div>
    </div>
  );
}
