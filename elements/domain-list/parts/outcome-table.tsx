/**
 * Each website's outcome of a batch call, as a preview (dry run) before submission or as the result after it: the
 * domain, whether it goes through (or went through), the status it has, and for a refused one the reason in the
 * reader's language (rules §8 "Some websites were unsuccessful with website and reason"). Shared by the add-domain
 * wizard, `<ec-domain-batch>` and the list's batch actions. Long results page locally, 10 rows at a time.
 */
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import type { WebsiteOutcome } from '../../../core/api/endpoints/websites.js';
import { formatCount } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { Pager } from '../../../core/ui/parts/pager.js';
import { StatusTag } from '../../../core/ui/parts/status-tag.js';
import { reasonText, statusTags } from '../vocabulary.js';

/** Props of {@link OutcomeTable}. */
export interface OutcomeTableProps {
  results: readonly WebsiteOutcome[];
  /** Text of a row that goes (or went) through, e.g. "Will be deleted" or "Added". */
  okLabel: string;
  /** Accessible name of the table. */
  label: string;
}

/** The counts line of a batch outcome. */
export function OutcomeSummary({ results }: { results: readonly WebsiteOutcome[] }) {
  const { language } = useElement();
  const t = useT('domain-list');
  const ok = results.filter((result) => result.ok).length;
  return (
    <p className="ec-outcome-summary" role="status">
      <span className="ec-status-tag ec-status-success">{t('outcome.succeeded', { count: ok, formatted: formatCount(ok, language) })}</span>{' '}
      <span className={`ec-status-tag ${results.length - ok > 0 ? 'ec-status-danger' : 'ec-status-neutral'}`}>
        {t('outcome.failed', { count: results.length - ok, formatted: formatCount(results.length - ok, language) })}
      </span>
    </p>
  );
}

/** Per-website outcomes with their reasons; `part="outcome"`. */
export function OutcomeTable({ results, okLabel, label }: OutcomeTableProps) {
  const t = useT('domain-list');
  const tRules = useT('rules');
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const tags = statusTags(t);
  const rows = results.slice((page.page - 1) * page.pageSize, page.page * page.pageSize);

  return (
    <div className="ec-stack" part="outcome">
      <DataTable value={rows as WebsiteOutcome[]} size="small" pt={{ table: { 'aria-label': label } as never }}>
        <Column header={t('column.domain')} body={(row: WebsiteOutcome) => row.domain || (row.id !== null ? `#${row.id}` : '')} />
        <Column
          header={t('column.result')}
          body={(row: WebsiteOutcome) =>
            row.ok ? (
              <span className="ec-ok-text">{okLabel}</span>
            ) : (
              <span className="ec-error-text" data-reason={row.reason?.key}>
                {reasonText(tRules, row.reason)}
              </span>
            )
          }
        />
        <Column header={t('column.status')} body={(row: WebsiteOutcome) => (row.status ? <StatusTag settings={tags} value={row.status} /> : null)} />
      </DataTable>
      <Pager page={page.page} pageSize={page.pageSize} total={results.length} onChange={setPage} />
    </div>
  );
}
