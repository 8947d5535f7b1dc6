/**
 * Each website's outcome of a batch call, as a preview (dry run) before submission or as the result after it: the
 * domain, whether it goes through (or went through), the status it has, and for a refused one the reason in the
 * reader's language (rules §8 "Some websites were unsuccessful with website and reason"). Shared by the add-domain
 * wizard, `<ec-domain-batch>` and the list's batch actions. Long results page locally, 10 rows at a time.
 */
import { useMemo, useState } from 'react';
import type { WebsiteOutcome } from '../../../core/api/endpoints/websites.js';
import { formatCount } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { FastTable, type FastColumn } from '../../../core/ui/parts/fast-table.js';
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

/** One outcome with its place in the results (a preview's rows have no id yet). */
interface OutcomeRow {
  index: number;
  result: WebsiteOutcome;
}

/**
 * Per-website outcomes with their reasons; `part="outcome"`. A FastTable (issue 19, one table part): the domain and
 * the reason are cut with a tip and a copy button, so a long refusal never widens the dialog.
 */
export function OutcomeTable({ results, okLabel, label }: OutcomeTableProps) {
  const t = useT('domain-list');
  const tRules = useT('rules');
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const rows = useMemo(
    () => results.slice((page.page - 1) * page.pageSize, page.page * page.pageSize).map((result, offset) => ({ index: (page.page - 1) * page.pageSize + offset, result })),
    [results, page],
  );
  const columns = useMemo((): FastColumn<OutcomeRow>[] => {
    const tags = statusTags(t);
    return [
      {
        key: 'domain',
        className: 'ec-col-primary',
        header: t('column.domain'),
        title: t('column.domain'),
        truncate: ({ result }) => result.domain || (result.id !== null ? `#${result.id}` : ''),
      },
      {
        key: 'result',
        className: 'ec-col-result',
        header: t('column.result'),
        title: t('column.result'),
        truncate: ({ result }) => (result.ok ? okLabel : reasonText(tRules, result.reason)),
      },
      {
        key: 'status',
        className: 'ec-col-outcome-status',
        header: t('column.status'),
        cell: ({ result }) => (result.status ? <StatusTag settings={tags} value={result.status} /> : null),
      },
    ];
  }, [t, tRules, okLabel]);

  return (
    <div className="ec-stack" part="outcome">
      <FastTable
        rows={rows}
        rowKey={(row) => row.index}
        columns={columns}
        label={label}
        // The result is coloured by its outcome (a cut cell holds plain text, so the row carries the colour).
        rowClassName={({ result }) => (result.ok ? 'ec-outcome-ok' : 'ec-outcome-refused')}
      />
      <Pager page={page.page} pageSize={page.pageSize} total={results.length} onChange={setPage} />
    </div>
  );
}
