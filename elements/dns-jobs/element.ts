import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { DnsJobs, type DnsJobsProps } from './dns-jobs.js';
import sharedStyles from '../dns-shared/dns-shared.css';
import styles from './dns-jobs.css';
import '../../core/i18n/namespaces/dns-jobs.js';

/**
 * The DNS jobs (rules §3 DNS "Job"; rules §4 "DNS job: waiting, in progress, success, fail"): creation time (UTC+8),
 * operator, operation type (batch add domains, batch import records, batch add records), status, progress and result
 * counts, filtered by type and status. `view="detail-list"` shows one job's rows (domain, host, type, line, value)
 * with each row's result and failure reason. Running jobs refresh every few seconds.
 *
 * @tag ec-dns-jobs
 * @summary DNS batch jobs with status and progress, and the detail rows of one job.
 * @fires ec-dns-job-opened - The user opened a job's details; detail `{ id }`. Then `ec-navigate` asks for the detail list route.
 * @fires ec-view-state - The filters, page or page size changed; detail `{ state }`, URL query text for the page's address (the `view-state` attribute takes it back).
 * @csspart toolbar - The filters (job picker and result filter on the detail list) and the refresh button.
 * @csspart table - The job table or the detail table.
 * @csspart pagination - The pager, shown when there are more rows than the smallest page size.
 * @csspart job-progress - The job's status, progress and counts on the detail list.
 * @csspart empty-state - Shown when there is no job or no row matches.
 * @csspart filter - One labelled filter of the toolbar.
 * @cssprop --ec-color-border - Border of the progress panel.
 */
export const DnsJobsElement = defineElement<DnsJobsProps>('ec-dns-jobs', DnsJobs, {
  namespace: 'dns-jobs',
  attributes,
  styles: `${sharedStyles}\n${styles}`,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-dns-jobs': EcElementOf<typeof attributes>;
  }
}
