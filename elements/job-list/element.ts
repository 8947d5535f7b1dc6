import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { JobList, type JobListProps } from './job-list.js';
import styles from './job-list.css';

/**
 * The account's long tasks (rules §3, §4 "Task"): cache purges and prefetches, log downloads, DNS jobs and
 * certificate issuance, with creation time (UTC+8), operator, type, state, progress and failure reason. Unfinished
 * tasks can be canceled after a confirmation; their progress is polled every few seconds while the page is visible.
 *
 * @tag ec-job-list
 * @summary Long tasks with state, progress, failure reason and cancel.
 * @fires ec-job-canceled - A task was canceled after confirmation; detail `{ id }`.
 * @csspart toolbar - The state and type filters and the refresh button.
 * @csspart table - The task table.
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
