/**
 * The demo host's DNS routes (shell §2 cloud-resolving) the DNS elements ask for with `ec-navigate`, and the job a
 * page opens on the job detail list. Shared by the DNS elements.
 */

/** Route names of demo/host/routes.ts. */
export const DNS_ROUTES = {
  domains: 'cloud-resolving-domainList',
  records: 'cloud-resolving-domainList-console-record',
  batchDomains: 'cloud-resolving-domainList-batch-domain-save',
  batchRecords: 'cloud-resolving-domainList-batch-record-save',
  importLog: 'cloud-resolving-domainList-importLog',
  statistics: 'cloud-resolving-domainList-statistics',
  groups: 'cloud-resolving-domainGroup',
  jobs: 'cloud-resolving-jobList',
  jobDetails: 'cloud-resolving-jobList-detail-list',
} as const;

/** Where the job whose details are opened is remembered for the detail list the host shows next. */
export const SELECTED_JOB_KEY = 'ec.dns-jobs.selected';

/** Remembers the job whose details are opened (sessionStorage: per tab). */
export function rememberSelectedJob(id: number): void {
  try {
    sessionStorage.setItem(SELECTED_JOB_KEY, String(id));
  } catch {
    // Without storage the detail list falls back to the latest job.
  }
}

/** The job last opened, if any. */
export function selectedJobFromStorage(): number | null {
  try {
    const value = Number(sessionStorage.getItem(SELECTED_JOB_KEY));
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}
