/**
 * The detail list of one DNS job (rules §3 DNS job detail: host, type, line, value, with each row's result; shell §2
 * jobList/detail-list): a job picker, the job's summary and progress, a result filter and one server page of rows.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { useId, useMemo } from 'react';
import type { DnsJob, DnsJobItem, DnsJobItemResult } from '../../../core/api/endpoints/dns.js';
import { formatLogTime } from '../../../core/i18n/format.js';
import { useT } from '../../../core/ui/element-context.js';
import { Pager, type PageChange } from '../../../core/ui/parts/pager.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { StatusTag } from '../../../core/ui/parts/status-tag.js';
import { namedDropdown as named } from '../../../core/ui/parts/named.js';
import { JobProgress } from '../../dns-shared/job-progress.js';
import { JOB_TYPE_KEYS, jobResultTags } from '../../dns-shared/job-labels.js';
import type { PagedState } from '../../../core/ui/paged-list.js';

/** Dropdown value meaning "all": PrimeReact treats '' as no selection. */
const ALL = '*';

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
  const resultFieldId = useId();
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
  const resultOptions = useMemo(
    () => [{ value: ALL, label: t('filter.all-results') }, ...resultTags.map(({ value, label }) => ({ value, label }))],
    [resultTags, t],
  );
  const jobLabel = t('filter.job');
  const resultLabel = t('filter.result');

  const lineOf = (line: string) => (Object.hasOwn(LINE_KEYS, line) ? t(LINE_KEYS[line]!) : line);

  if (jobId === null) return recent === null ? <LoadingState message={t('loading')} /> : <EmptyState message={t('detail.no-job')} />;

  return (
    <>
      <div className="ec-row ec-toolbar" part="toolbar" role="search" aria-label={t('toolbar-label')}>
        <div className="ec-filter">
          <label htmlFor={jobFieldId}>{jobLabel}</label>
          <Dropdown inputId={jobFieldId} value={jobId} options={jobOptions} onChange={(event) => onJob(event.value as number)} pt={named(jobLabel)} />
        </div>
        <div className="ec-filter">
          <label htmlFor={resultFieldId}>{resultLabel}</label>
          <Dropdown
            inputId={resultFieldId}
            value={result || ALL}
            options={resultOptions}
            onChange={(event) => onResult(event.value === ALL ? '' : (event.value as DnsJobItemResult))}
            pt={named(resultLabel)}
          />
        </div>
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
          <DataTable
            value={state.list}
            dataKey="id"
            lazy
            loading={busy}
            cellMemo={false}
            size="small"
            pt={{ root: { part: 'table' } as never, table: { 'aria-label': t('detail-table-label') } as never }}
          >
            <Column header={t('column.domain')} field="domain" />
            <Column header={t('column.host')} field="host" />
            <Column header={t('column.record-type')} field="type" />
            <Column header={t('column.line')} body={(item: DnsJobItem) => (item.line ? lineOf(item.line) : '')} />
            <Column header={t('column.value')} body={(item: DnsJobItem) => <span className="ec-break">{item.value}</span>} />
            <Column header={t('column.result')} body={(item: DnsJobItem) => <StatusTag settings={resultTags} value={item.result} />} />
            <Column header={t('column.reason')} field="reason" />
          </DataTable>
          <Pager page={page} pageSize={pageSize} total={state.total} onChange={onPage} />
        </>
      )}
    </>
  );
}
