/**
 * `<ec-job-list>`: the long tasks of the account (rules §3, §4 "Task": purge, prefetch, log downloads, DNS jobs,
 * certificate issuance) with their state, progress and failure reason. Unfinished jobs can be canceled after a
 * confirmation, and their progress is polled every few seconds while the element is on a visible page.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { useEffect, useMemo } from 'react';
import { JOB_STATES, type JobInfo, type JobState } from '../../core/api/endpoints/platform.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import type { PageChange } from '../../core/ui/parts/pager.js';
import type { StatusSetting } from '../../core/ui/parts/status-tag.js';
import { JOB_CANCELED_EVENT } from './events.js';
import { JOB_STATE_TAGS, JOB_TYPE_LABEL_KEYS, jobTypeLabelKey } from './job-types.js';
import { JobTable } from './parts/job-table.js';
import { jobListStoreFor } from './store.js';
import { FilterField } from '../../core/ui/parts/filter-field.js';



/** Props of the component (attributes of the element). */
export interface JobListProps {
  /** Job type the type filter starts with, e.g. `cache.purge`. */
  type?: string;
  /** Rows per page: 10 (default), 20, 50 or 100 (shell §9). */
  pageSize?: number;
}

/** The job list. */
export function JobList({ type, pageSize }: JobListProps) {
  useSignals();
  const { client, host, emit } = useElement();
  const t = useT();
  const store = jobListStoreFor(host, { type, pageSize });

  const state = store.state.value;
  const filters = store.filters.value;
  const query = store.query.value;
  const stateTags: StatusSetting[] = useMemo(
    () => JOB_STATES.map((value) => ({ value, label: t(JOB_STATE_TAGS[value].key), color: JOB_STATE_TAGS[value].color })),
    [t],
  );
  const stateOptions = useMemo(
    () => stateTags.map(({ value, label }) => ({ value: value as JobState, label })),
    [stateTags],
  );
  const typeOptions = useMemo(() => {
    const known = Object.keys(JOB_TYPE_LABEL_KEYS);
    // A preset type the console has no name for is still offered, by its id, so the filter shows what is applied.
    const types = filters.type && !known.includes(filters.type) ? [...known, filters.type] : known;
    return types.map((value) => {
      const key = jobTypeLabelKey(value);
      return { value, label: key ? t(key) : value };
    });
  }, [filters.type, t]);
  const stateLabel = t('filter.state');
  const typeLabel = t('filter.type');

  const onPage = ({ page, pageSize: size }: PageChange) => store.setPage(page, size);
  const reload = () => void store.load(client);
  const onCancel = async (job: JobInfo) => {
    const canceled = await store.cancel(client, job.id);
    if (canceled) emit(JOB_CANCELED_EVENT, { id: job.id });
  };

  useEffect(() => {
    store.applySettings({ type, pageSize });
  }, [store, type, pageSize]);
  useEffect(() => {
    void store.load(client);
  }, [store, client, query]);
  useEffect(() => {
    // Progress is only worth asking for while someone can see it: stop on a hidden page, resume when shown.
    const follow = () => (document.visibilityState === 'hidden' ? store.stopPolling() : store.startPolling(client));
    follow();
    document.addEventListener('visibilitychange', follow);
    return () => {
      document.removeEventListener('visibilitychange', follow);
      store.stopPolling();
    };
  }, [store, client]);

  return (
    <div className="ec-root ec-stack ec-job-list">
      <div className="ec-row ec-toolbar" part="toolbar" role="search" aria-label={t('toolbar-label')}>
        <FilterField
          label={stateLabel}
          value={filters.state}
          options={stateOptions}
          allLabel={t('filter.all-states')}
          onChange={(state) => store.setFilter('state', state)}
        />
        <FilterField label={typeLabel} value={filters.type} options={typeOptions} allLabel={t('filter.all-types')} onChange={(type) => store.setFilter('type', type)} />
        <span className="ec-spacer" />
        <Button type="button" icon="pi pi-refresh" outlined label={t('refresh')} onClick={reload} />
      </div>
      {store.pollFailed.value && (
        <div className="ec-row ec-job-poll-failed" role="status">
          <span>{t('polling-stopped')}</span>
        </div>
      )}
      <JobTable
        state={state}
        busy={store.busy.value}
        page={query.page ?? 1}
        pageSize={query.per_page ?? store.pageSize.value}
        stateTags={stateTags}
        canceling={store.canceling.value}
        onCancel={(job) => void onCancel(job)}
        onPage={onPage}
        onRetry={reload}
      />
    </div>
  );
}
