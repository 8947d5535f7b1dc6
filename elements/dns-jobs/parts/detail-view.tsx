/**
 * The detail list of one DNS job (rules §3 DNS job detail: host, type, line, value, with each row's result; shell §2
 * jobList/detail-list): a job picker, the job's summary and progress, a result filter and one server page of rows.
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useId, useMemo } from 'react';
import type { DnsJob, DnsJobItem, DnsJobItemResult } from '../../../core/api/endpoints/dns.js';
import { formatLogTime } from '../../../core/i18n/format.js';
import { useT } from '../../../core/ui/element-context.js';
import { FastTable, type FastColumn } from '../../../core/ui/parts/fast-table.js';
import { FilterField } from '../../../core/ui/parts/filter-field.js';
import { Pager, type PageChange } from '../../../core/ui/parts/pager.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { StatusTag } from '../../../core/ui/parts/status-tag.js';
import { namedDropdown as named } from '../../../core/ui/parts/named.js';
import { JobProgress } from '../../dns-shared/job-progress.js';
import { JOB_TYPE_KEYS, jobResultTags } from '../../dns-shared/job-labels.js';
import type { PagedState } from '../../../core/ui/paged-list.js';

/** Catalogue keys of the lines a detail row names. */
const LINE_KEYS: Record<string, string> = {
  any: 'line.any',
  telecom: 'line.telecom',
  unicom: 'line.unicom',
  mobile: 'line.mobile',
  education: 'line.education',
  overseas: 'line.overseas',
  'search-engine': 'line.search-engine',
};

/** Props of {@link DetailView}. */
export interface DetailViewProps {
  jobId: number | null;
  /** Jobs for the picker; null while they load. */
  recent: readonly DnsJob[] | null;
  state: PagedState<DnsJobItem, DnsJob>;
  busy: boolean;
  page: number;
  pageSize: number;
  result: DnsJobItemResult | '';
  onJob: (id: number) => void;
  onResult: (result: DnsJobItemResult | '') => void;
  onPage: (change: PageChange) => void;
  onRefresh: () => void;
}

/** The details of one job. */
export function DetailView({ jobId, recent, state, busy, page, pageSize, result, onJob, onResult, onPage, onRefresh }: DetailViewProps) {
  const t = useT();
  const jobFieldId = useId();
  const resultTags = useMemo(() => jobResultTags(t), [t]);
  const job = state.status === 'ready' ? state.extra : undefined;
  const jobOptions = useMemo(() => {
    const list = recent ?? [];
    const known = job && !list.some((candidate) => candidate.id === job.id) ? [job, ...list] : list;
    return known.map((candidate) => ({
      value: candidate.id,
      label: t('detail.job-option', { id: candidate.id, type: t(JOB_TYPE_KEYS[candidate.type]), time: formatLogTime(candidate.created_at) }),
    }));
  }, [job, recent, t]);
  const resultOptions = useMemo(() => resultTags.map(({ value, label }) => ({ value: value as DnsJobItemResult, label })), [resultTags]);
  const jobLabel = t('filter.job');
  const columns = useMemo((): FastColumn<DnsJobItem>[] => {
    const lineOf = (line: string) => (Object.hasOwn(LINE_KEYS, line) ? t(LINE_KEYS[line]!) : line);
    return [
      { key: 'domain', className: 'ec-col-primary', header: t('column.domain'), title: t('column.domain'), truncate: (item) => item.domain },
      { key: 'host', header: t('column.host'), title: t('column.host'), truncate: (item) => item.host },
      { key: 'type', header: t('column.record-type'), cell: (item) => item.type },
      { key: 'line', header: t('column.line'), title: t('column.line'), hideable: true, cell: (item) => (item.line ? lineOf(item.line) : '') },
      { key: 'value', header: t('column.value'), title: t('column.value'), truncate: (item) => item.value },
      { key: 'result', header: t('column.result'), cell: (item) => <StatusTag settings={resultTags} value={item.result} /> },
      { key: 'reason', header: t('column.reason'), title: t('column.reason'), truncate: (item) => item.reason },
    ];
  }, [t, resultTags]);

  if (jobId === null) return recent === null ? <LoadingState message={t('loading')} /> : <EmptyState message={t('detail.no-job')} />;

  return (
    <>
      <div className="ec-row ec-toolbar" part="toolbar" role="search" aria-label={t('toolbar-label')}>
        <div className="ec-filter">
          <label htmlFor={jobFieldId}>{jobLabel}</label>
          <Dropdown inputId={jobFieldId} value={jobId} options={jobOptions} onChange={(event) => onJob(event.value as number)} pt={named(jobLabel)} />
        </div>
        <FilterField label={t('filter.result')} allLabel={t('filter.all-results')} value={result} options={resultOptions} onChange={onResult} />
        <span className="ec-spacer" />
        <Button type="button" icon="pi pi-refresh" outlined label={t('refresh')} onClick={onRefresh} />
      </div>
      {state.status === 'loading' && <LoadingState message={t('loading')} />}
      {state.status === 'denied' && <ErrorState message={t('denied')} />}
      {state.status === 'error' && <ErrorState message={t('detail.load-failed')} onRetry={onRefresh} />}
      {job && (
        <>
          <dl className="ec-dns-summary">
            <div>
              <dt>{t('column.created')}</dt>
              <dd>{formatLogTime(job.created_at)}</dd>
            </div>
            <div>
              <dt>{t('column.operator')}</dt>
              <dd>{job.operator}</dd>
            </div>
            {job.file_name && (
              <div>
                <dt>{t('column.file')}</dt>
                <dd>{job.file_name}</dd>
              </div>
            )}
            {job.reason && (
              <div>
                <dt>{t('column.reason')}</dt>
                <dd>{job.reason}</dd>
              </div>
            )}
          </dl>
          <JobProgress job={job} />
        </>
      )}
      {state.status === 'ready' && state.list.length === 0 && <EmptyState message={t('detail.empty')} />}
      {state.status === 'ready' && state.list.length > 0 && (
        <>
          <FastTable rows={state.list} rowKey={(item) => item.id} columns={columns} label={t('detail-table-label')} busy={busy} busyLabel={t('loading')} columnsKey="dns-jobs.details" />
          <Pager page={page} pageSize={pageSize} total={state.total} onChange={onPage} />
        </>
      )}
    </>
  );
}
