import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import './events.js';
import { JobDetail, type JobDetailProps } from './job-detail.js';
import styles from './job-detail.css';
import '../../core/i18n/namespaces/job-detail.js';
import '../../core/i18n/namespaces/job-list.js';

/**
 * One task (rules §3 "Cache task", §4 "Task"): type, state, progress, creation time (UTC+8), operator; for a cache
 * purge or prefetch, every URL with its result and the reason of a failure (origin 404, timeouts), filtered by result
 * and paged. Progress is pushed by the server's job stream while the task runs (no polling). The failed URLs of a
 * finished task can be retried as a new task; the element then says "Task submitted, see the task list" (shell §8)
 * with links that send `ec-navigate`.
 *
 * @tag ec-job-detail
 * @summary One task with per-URL results, failure reasons, live progress and retry of failed URLs.
 * @fires ec-job-retried - The failed URLs were submitted again; detail `{ id, retryOf }`.
 * @fires ec-navigate - The task list, the new task or the retried task was asked for.
 * @csspart summary - The task's type, state, progress, time, operator and counts.
 * @csspart toolbar - The result filter and the retry button.
 * @csspart table - The URLs of the task.
 * @csspart pagination - The pager, shown when there are more URLs than the smallest page size.
 * @csspart empty-state - Shown when no URL matches the filter, or the task does not exist.
 * @csspart retried - The "Task submitted" message after a retry, with its links.
 * @csspart refused - Why a retry was refused.
 * @csspart link - The links to the task list and to other tasks.
 */
export const JobDetailElement = defineElement<JobDetailProps>('ec-job-detail', JobDetail, {
  namespace: 'job-detail',
  uses: ['job-list'],
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-job-detail': EcElementOf<typeof attributes>;
  }
}
