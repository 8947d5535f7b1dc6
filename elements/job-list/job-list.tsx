/**
 * `<ec-job-list>`: the long tasks of the account (rules §3, §4 "Task": purge, prefetch, log downloads, DNS jobs,
 * certificate issuance) with their state, progress and failure reason, filtered by state, type and creation time
 * (shell §9 ranges). The server pushes every change through the job stream while the element is shown (no polling).
 * Tasks that have not started can be canceled after a confirmation; the filtered list can be exported as CSV.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { useEffect, useMemo, useState } from 'react';
import { JOB_STATES, type JobInfo, type JobState } from '../../core/api/endpoints/platform.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { saveFile } from '../../core/ui/save-file.js';
import { FilterField } from '../../core/ui/parts/filter-field.js';
import type { PageChange } from '../../core/ui/parts/pager.js';
import type { StatusSetting } from '../../core/ui/parts/status-tag.js';
import { useViewStateReport } from '../../core/ui/view-state.js';
import { layoutOf } from '../cache-task-shared/routes.js';
import { JOB_CANCELED_EVENT } from './events.js';
import { jobsCsv } from './export.js';
import { JOB_STATE_TAGS, JOB_TYPE_LABEL_KEYS, jobTypeLabelKey } from './job-types.js';
import { JobTable } from './parts/job-table.js';
import { jobListStoreFor } from './store.js';
import { TIME_RANGE_KEYS, TIME_RANGES, type TimeRange } from './time-ranges.js';

/** Props of the component (attributes of the element). */
export interface JobListProps {
  /** Job type the type filter starts with, e.g. `cache.purge`. */
  type?: string;
  /** Rows per page: 10 (default), 20, 50 or 100 (shell §9). */
  pageSize?: number;
  /** `new` (default) or `old`: whose detail routes the rows link to. */
  layout?: string;
  /** The bookmarked view to start from (URL query text; core/ui/view-state.ts). */
  viewState?: string;
}

/** The job list. */
export function JobList({ type, pageSize, layout, viewState }: JobListProps) {
  useSignals();
  const { client, host, root, emit } = useElement();
  const t = useT();
  const store = jobListStoreFor(host, { type, pageSize, viewState });
  /** Bumped by "Reconnect" to follow the stream again after it gave up. */
  const [followAttempt, setFollowAttempt] = useState(0);
  useViewStateReport(store.viewState.value);

  const state = store.state.value;
  const filters = store.filters.value;
  const query = store.query.value;
  const stateTags: StatusSetting[] = useMemo(
    () => JOB_STATES.map((value) => ({ value, label: t(JOB_STATE_TAGS[value].key), color: JOB_STATE_TAGS[value].color })),
    [t],
  );
  const stateOptions = useMemo(() => stateTags.map(({ value, label }) => ({ value: value as JobState, label })), [stateTags]);
  const typeOptions = useMemo(() => {
    const known = Object.keys(JOB_TYPE_LABEL_KEYS);
    // A preset type the console has no name for is still offered, by its id, so the filter shows what is applied.
    const types = filters.type && !known.includes(filters.type) ? [...known, filters.type] : known;
    return types.map((value) => {
      const key = jobTypeLabelKey(value);
      return { value, label: key ? t(key) : value };
    });
  }, [filters.type, t]);
  const rangeOptions = useMemo(() => TIME_RANGES.map((value) => ({ value: value as TimeRange, label: t(TIME_RANGE_KEYS[value]) })), [t]);
  const typeName = (job: JobInfo) => {
    const key = jobTypeLabelKey(job.type);
    return key ? t(key) : job.type;
  };

  const onPage = ({ page, pageSize: size }: PageChange) => store.setPage(page, size);
  const reload = () => void store.load(client);
  const onCancel = async (job: JobInfo) => {
    const canceled = await store.cancel(client, job.id);
    if (canceled) emit(JOB_CANCELED_EVENT, { id: job.id });
  };
  const onExport = async () => {
    const jobs = await store.gatherForExport(client);
    if (!jobs) return;
    const headers = [
      t('export.id'),
      t('column.created'),
      t('column.operator'),
      t('column.type'),
      t('column.state'),
      t('column.progress'),
      t('column.url'),
      t('export.count'),
      t('export.success'),
      t('export.failed'),
      t('column.reason'),
    ];
    saveFile(root, new Blob([jobsCsv(jobs, { headers, typeName, stateName: (job) => t(JOB_STATE_TAGS[job.state].key) })], { type: 'text/csv;charset=utf-8' }), 'tasks.csv');
  };

  useEffect(() => {
    store.applySettings({ type, pageSize });
  }, [store, type, pageSize]);
  useEffect(() => {
    void store.load(client);
  }, [store, client, query]);
  useEffect(() => store.follow(client), [store, client, followAttempt]);

  return (
    <div className="ec-root ec-stack ec-job-list">
      <div className="ec-row ec-toolbar" part="toolbar" role="search" aria-label={t('toolbar-label')}>
        <FilterField label={t('filter.state')} value={filters.state} options={stateOptions} allLabel={t('filter.all-states')} onChange={(value) => store.setFilter('state', value)} />
        <FilterField label={t('filter.type')} value={filters.type} options={typeOptions} allLabel={t('filter.all-types')} onChange={(value) => store.setFilter('type', value)} />
        <FilterField label={t('filter.range')} value={filters.range} options={rangeOptions} allLabel={t('filter.all-times')} onChange={(value) => store.setFilter('range', value)} />
        <span className="ec-spacer" />
        <Button type="button" icon="pi pi-download" outlined label={t('export.button')} loading={store.exporting.value} onClick={() => void onExport()} />
        <Button type="button" icon="pi pi-refresh" outlined label={t('refresh')} onClick={reload} />
      </div>
      {store.liveStopped.value && (
        <div className="ec-row ec-job-live-stopped" role="status">
          <span>{t('live-stopped')}</span>
          <Button type="button" text label={t('live-resume')} onClick={() => setFollowAttempt((attempt) => attempt + 1)} />
        </div>
      )}
      <JobTable
        state={state}
        busy={store.busy.value}
        page={query.page ?? 1}
        pageSize={query.per_page ?? store.pageSize.value}
        stateTags={stateTags}
        canceling={store.canceling.value}
        layout={layoutOf(layout)}
        listType={type}
        onCancel={(job) => void onCancel(job)}
        onPage={onPage}
        onRetry={reload}
      />
    </div>
  );
}
