import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { JobList, type JobListProps } from './job-list.js';
import styles from './job-list.css';
import '../../core/i18n/namespaces/job-list.js';

/**
 * The account's long tasks (rules §3, §4 "Task"): cache purges and prefetches, log downloads, DNS jobs and
 * certificate issuance, with creation time (UTC+8), operator, type, the URL of a cache task, state, progress and
 * failure reason; filtered by state, type and creation time (shell §9 ranges). The server pushes every change through
 * the job stream while the element is shown (no polling). A cache task can be canceled before it starts, another
 * task while unfinished, after a confirmation. The filtered list exports as CSV (at most 10,000 rows).
 *
 * @tag ec-job-list
 * @summary Long tasks with state, live progress, failure reason, details, cancel and CSV export.
 * @fires ec-job-canceled - A task was canceled after confirmation; detail `{ id }`.
 * @fires ec-navigate - A task's detail page was asked for.
 * @fires ec-view-state - The filters, page or page size changed; detail `{ state }`, URL query text for the page's address (the `view-state` attribute takes it back).
 * @csspart toolbar - The state, type and time filters, export and refresh.
 * @csspart table - The task table.
 * @csspart link - The link to each task's detail.
 * @csspart pagination - The pager, shown when there are more tasks than the smallest page size.
 * @csspart empty-state - Shown when no task matches the filters.
 */
export const JobListElement = defineElement<JobListProps>('ec-job-list', JobList, {
  namespace: 'job-list',
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-job-list': EcElementOf<typeof attributes>;
  }
}
