/**
 * `<ec-job-detail>`: one task (rules §3 "Cache task": URL, type, creation time, operator, status, progress, reason;
 * rules §4 task states and results) with, for a cache purge or prefetch, every URL's result and the reason of each
 * failure (rules §8 "some URLs failed with a reason"), filtered by result. Progress is pushed by the job stream while
 * the task runs. The failed URLs of a finished task can be retried as a new task.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useEffect, useMemo } from 'react';
import type { CacheUrlResult } from '../../core/api/endpoints/cache-tasks.js';
import { FINISHED_JOB_STATES, JOB_STATES } from '../../core/api/endpoints/platform.js';
import { formatCount, formatLogTime } from '../../core/i18n/format.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { FilterField } from '../../core/ui/parts/filter-field.js';
import { NavLink } from '../../core/ui/parts/nav-link.js';
import { EmptyState, ErrorState, LoadingState } from '../../core/ui/parts/state-views.js';
import { StatusTag, type StatusSetting } from '../../core/ui/parts/status-tag.js';
import { layoutOf, taskDetailRoute, taskListRoute } from '../cache-task-shared/routes.js';
import { JOB_STATE_TAGS, jobTypeLabelKey } from '../job-list/job-types.js';
import { JOB_RETRIED_EVENT } from './events.js';
import { UrlTable } from './parts/url-table.js';
import { isCacheJob, jobDetailStoreFor } from './store.js';

/** Props of the component (attributes of the element). */
export interface JobDetailProps {
  /** The task to show. */
  jobId?: number;
  /** The task list tab the page belongs to. */
  type?: string;
  /** `new` (default) or `old`. */
  layout?: string;
}

/** The task detail. */
export function JobDetail({ jobId, type, layout }: JobDetailProps) {
  useSignals();
  const { client, host, emit, language } = useElement();
  const t = useT();
  const tJobs = useT('job-list');
  const tCommon = useT('common');
  const store = jobDetailStoreFor(host);
  const routesLayout = layoutOf(layout);

  const state = store.state.value;
  const result = store.result.value;
  const page = store.page.value;
  const retry = store.retry.value;
  const stateTags: StatusSetting[] = useMemo(
    () => JOB_STATES.map((value) => ({ value, label: tJobs(JOB_STATE_TAGS[value].key), color: JOB_STATE_TAGS[value].color })),
    [tJobs],
  );
  const resultOptions = useMemo(
    () =>
      (['fail', 'success', 'pending'] as const).map((value) => ({
        value: value as CacheUrlResult,
        label: value === 'fail' ? t('result.fail') : value === 'success' ? t('result.success') : t('result.pending'),
      })),
    [t],
  );

  const onRetry = async (id: number) => {
    const answer = await store.retryFailed(client, id);
    if (answer) emit(JOB_RETRIED_EVENT, { id: answer.job.id, retryOf: id });
  };

  useEffect(() => {
    if (jobId) void store.load(client, jobId);
  }, [store, client, jobId, result, page]);
  useEffect(() => (jobId ? store.follow(client, jobId) : undefined), [store, client, jobId]);

  if (!jobId) return <EmptyState message={t('no-task')} />;
  if (state.status === 'loading') return <LoadingState message={t('loading')} />;
  if (state.status === 'not-found') return <EmptyState message={t('not-found')} />;
  if (state.status === 'error') return <ErrorState message={t('load-failed')} onRetry={() => void store.load(client, jobId)} />;

  const { job, urls } = state;
  const typeKey = jobTypeLabelKey(job.type);
  const finished = FINISHED_JOB_STATES.includes(job.state);
  const failed = urls?.counts.fail ?? 0;
  const params = (isCacheJob(job) ? job.params : null) as { first_url?: string; retry_of?: number | null } | null;

  return (
    <div className="ec-root ec-stack ec-job-detail">
      <dl className="ec-job-summary" part="summary">
        <div>
          <dt>{t('field.type')}</dt>
          <dd>{typeKey ? tJobs(typeKey) : job.type}</dd>
        </div>
        <div>
          <dt>{t('field.state')}</dt>
          <dd>
            <StatusTag settings={stateTags} value={job.state} />
          </dd>
        </div>
        <div>
          <dt>{t('field.progress')}</dt>
          <dd className="ec-row">
            <ProgressBar value={job.progress} showValue={false} className="ec-job-detail-bar" aria-label={t('field.progress')} />
            <span>{tJobs('progress-value', { value: formatCount(job.progress, language) })}</span>
          </dd>
        </div>
        <div>
          <dt>{t('field.created')}</dt>
          <dd>{formatLogTime(job.created_at)}</dd>
        </div>
        <div>
          <dt>{t('field.operator')}</dt>
          <dd>{job.operator}</dd>
        </div>
        {urls && (
          <div>
            <dt>{t('field.results')}</dt>
            <dd data-counts="">
              {t('counts', {
                success: formatCount(urls.counts.success, language),
                fail: formatCount(urls.counts.fail, language),
                pending: formatCount(urls.counts.pending, language),
              })}
            </dd>
          </div>
        )}
        {job.reason && (
          <div>
            <dt>{t('field.reason')}</dt>
            <dd>{job.reason}</dd>
          </div>
        )}
        {params?.retry_of ? (
          <div>
            <dt>{t('field.retry-of')}</dt>
            <dd>
              <NavLink route={taskDetailRoute(routesLayout, job.type)} params={{ id: params.retry_of }}>
                {t('retry-of-link', { id: params.retry_of })}
              </NavLink>
            </dd>
          </div>
        ) : null}
      </dl>
      {store.liveStopped.value && !finished && (
        <p className="ec-muted" role="status">
          {t('live-stopped')}
        </p>
      )}
      {urls && (
        <>
          <div className="ec-row ec-toolbar" part="toolbar">
            <FilterField label={t('filter.result')} value={result} options={resultOptions} allLabel={t('filter.all-results')} onChange={(value) => store.setResult(value)} />
            <span className="ec-spacer" />
            <Button
              type="button"
              icon="pi pi-replay"
              label={t('retry', { count: failed })}
              disabled={!finished || failed === 0 || retry.status === 'retrying'}
              loading={retry.status === 'retrying'}
              onClick={() => void onRetry(job.id)}
            />
          </div>
          {retry.status === 'retried' && (
            <div className="ec-row" role="status" part="retried">
              <span>{tCommon('api.task-submitted')}</span>
              <NavLink route={taskListRoute(routesLayout, type)}>{t('task-list')}</NavLink>
              <NavLink route={taskDetailRoute(routesLayout, retry.answer.job.type)} params={{ id: retry.answer.job.id }}>
                {t('new-task')}
              </NavLink>
            </div>
          )}
          {retry.status === 'refused' && (
            <p className="ec-error-text" role="alert" part="refused">
              {retry.message}
            </p>
          )}
          <UrlTable urls={urls} page={page.page} pageSize={page.pageSize} onPage={(change) => (store.page.value = change)} />
        </>
      )}
    </div>
  );
}
