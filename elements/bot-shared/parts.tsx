/**
 * Parts of the bot pages: the filter bar (rules §9 date range in UTC+8, website, auto refresh), the states of an
 * answer (loading, the shell §8 prompt of a plan without bot analytics with its upgrade or work-order link, an error
 * with a retry), and a ranking table whose first column leads somewhere. Texts come from the `bot-report` catalogue.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { useId, useMemo, type ReactNode } from 'react';
import { formatCount } from '../../core/i18n/format.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { AutoRefreshField } from '../../core/ui/parts/auto-refresh.js';
import { FilterField } from '../../core/ui/parts/filter-field.js';
import { NavLink, type NavTarget } from '../../core/ui/parts/nav-link.js';
import { PlanNotice, refusalNotice } from '../../core/ui/parts/plan-notice.js';
import { EmptyState, ErrorState, LoadingState } from '../../core/ui/parts/state-views.js';
import { TimeRangeFields } from '../../core/ui/parts/time-range-filter.js';
import type { BotDetail, BotSummary } from '../../core/api/endpoints/bot-report.js';
import type { BotStore, Loaded } from './store.js';

/** Props of {@link BotFilters}. */
export interface BotFiltersProps<T extends BotSummary | BotDetail> {
  store: BotStore<T>;
  onRefresh: () => void;
}

/** The filter bar; `part="toolbar"`. Changing a filter reloads through `onRefresh`. */
export function BotFilters<T extends BotSummary | BotDetail>({ store, onRefresh }: BotFiltersProps<T>) {
  useSignals();
  const t = useT();
  const rules = useT('rules');
  const issueId = useId();
  const filter = store.filter.value;
  const options = useMemo(() => store.websites.value.map((website) => ({ value: website.id, label: website.domain })), [store.websites.value]);
  const issue = store.issues.value[0];
  const change = (next: Parameters<typeof store.change>[0]) => {
    store.change(next);
    onRefresh();
  };
  return (
    <div className="ec-row ec-toolbar" part="toolbar" role="search" aria-label={t('filter.label')}>
      <TimeRangeFields value={filter} onChange={change} />
      <FilterField<number>
        label={t('filter.website')}
        value={filter.domainId ?? ''}
        options={options}
        allLabel={t('filter.all-websites')}
        onChange={(next) => change({ domainId: next === '' ? null : next })}
        searchLabel={options.length > 10 ? t('filter.search-websites') : undefined}
        emptyMessage={t('filter.no-websites')}
      />
      <AutoRefreshField seconds={filter.refresh} onChange={(refresh) => store.change({ refresh })} />
      <span className="ec-spacer" />
      <Button type="button" icon="pi pi-refresh" outlined label={t('refresh')} onClick={onRefresh} />
      {issue && (
        <p id={issueId} className="ec-field-error" role="alert">
          {rules(issue.key, issue.values ?? {})}
        </p>
      )}
    </div>
  );
}

/** Props of {@link AnswerState}. */
export interface AnswerStateProps<T> {
  answer: Loaded<T>;
  onRetry: () => void;
}

/** Loading, the plan prompt, or the error; null once the answer is ready. */
export function AnswerState<T>({ answer, onRetry }: AnswerStateProps<T>) {
  const t = useT();
  const rules = useT('rules');
  const common = useT('common');
  if (answer.status === 'loading') return <LoadingState message={t('loading')} />;
  if (answer.status === 'gated') {
    return (
      <div className="ec-stack ec-bot-gated" part="plan-notice">
        <EmptyState message={t('gated.title')} />
        <PlanNotice message={rules(answer.refusal.key, answer.refusal.values ?? {})} notice={refusalNotice(answer.refusal)} part="plan-notice-text" />
      </div>
    );
  }
  if (answer.status === 'error') {
    const message = 'key' in answer.message ? common(answer.message.key, answer.message.values ?? {}) : answer.message.text;
    return <ErrorState message={`${t('load-failed')}: ${message}`} onRetry={onRetry} />;
  }
  return null;
}

/** One row of a {@link RankTable}. */
export interface RankRow {
  key: string;
  /** The first column's text. */
  label: string;
  /** Where the first column leads, if anywhere. */
  target?: NavTarget;
  /** The accessible name of that link. */
  linkLabel?: string;
  requests: number;
  /** More cells after the requests, already formatted. */
  cells?: ReactNode[];
}

/** Props of {@link RankTable}. */
export interface RankTableProps {
  title: string;
  /** Header of the first column and of the extra cells. */
  subject: string;
  extraColumns?: string[];
  rows: readonly RankRow[];
  empty: string;
}

/** A ranking: rank, subject (a link when it leads somewhere), requests, extra cells. `part="ranking"`. */
export function RankTable({ title, subject, extraColumns = [], rows, empty }: RankTableProps) {
  const { language } = useElement();
  const t = useT();
  return (
    <table className="ec-bot-ranking" part="ranking">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{t('column.rank')}</th>
          <th scope="col">{subject}</th>
          <th scope="col">{t('column.requests')}</th>
          {extraColumns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={3 + extraColumns.length}>{empty}</td>
          </tr>
        ) : (
          rows.map((row, index) => (
            <tr key={row.key}>
              <td>{index + 1}</td>
              <th scope="row" className="ec-bot-subject">
                {row.target ? (
                  <NavLink route={row.target.route} params={row.target.params} query={row.target.query} aria-label={row.linkLabel}>
                    {row.label}
                  </NavLink>
                ) : (
                  row.label
                )}
              </th>
              <td>{formatCount(row.requests, language)}</td>
              {(row.cells ?? []).map((cell, cellIndex) => (
                <td key={cellIndex}>{cell}</td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
