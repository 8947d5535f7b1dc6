/**
 * The DNS jobs on the job runner (rules §3 DNS "Job": batch add domains, batch import records, batch add records).
 * The route stores one `dns_job_items` row per domain or record when it enqueues the job; each step takes the next
 * waiting rows and writes each one, with its result, in one transaction. A row that is already done is never touched
 * again, so a step that runs twice (after a restart) repeats nothing.
 */
import type { DnsImportMode, DnsJobType } from '../../../../core/api/endpoints/dns.js';
import { normalizeDomain } from '../../../../core/rules/domain.js';
import type { JobContext, JobRunner, StepOutcome } from '../../platform/jobs/runner.js';
import type { MessageKey } from '../../platform/http/messages.js';
import { scopeFor, type Scope } from '../../platform/security/scope.js';
import type { JobItemRow } from './rows.js';

/** Rows written per step: small enough that a step takes milliseconds. */
export const DNS_JOB_ROWS_PER_STEP = 25;

/** Parameters of a batch-add-domains job. */
export interface AddDomainsParams {
  group_id: number | null;
  /** The permission group new domains are bound to (a child's auto-bound grant), or null. */
  perm_group_id: number | null;
}

/** Parameters of a batch import job. */
export interface ImportParams {
  file_name: string;
  mode: DnsImportMode;
  /** The imported domains, for the replace mode's first step. */
  domains: string[];
}

/** What a finished DNS job reports. */
export interface DnsJobResult {
  succeeded: number;
  failed: number;
}

function counts(scope: Scope, jobId: number): DnsJobResult & { total: number } {
  const count = (where: string) => scope.count('dns_job_items', { where: `job_id = @job ${where}`, params: { job: jobId } });
  return { total: count(''), succeeded: count("AND result = 'success'"), failed: count("AND result = 'fail'") };
}

/** Runs one step over the next waiting rows with `write`, which answers the failure reason or null on success. */
function stepRows(context: JobContext<unknown, null>, write: (scope: Scope, item: JobItemRow) => MessageKey | null): StepOutcome<null> {
  const scope = scopeFor(context.db, context.memberId);
  const items = scope.all<JobItemRow>('dns_job_items', {
    where: "job_id = @job AND result = 'waiting'",
    params: { job: context.jobId },
    orderBy: 'seq',
    limit: DNS_JOB_ROWS_PER_STEP,
  });
  if (items.length === 0) {
    const { succeeded, failed } = counts(scope, context.jobId);
    return { done: true, result: { succeeded, failed } satisfies DnsJobResult };
  }
  context.db.transaction(() => {
    for (const item of items) {
      const reason = write(scope, item);
      scope.update('dns_job_items', { result: reason ? 'fail' : 'success', reason: reason ?? '' }, 'id = @id', { id: item.id });
    }
  })();
  const { total, succeeded, failed } = counts(scope, context.jobId);
  return { done: false, state: null, progress: total === 0 ? 99 : ((succeeded + failed) / total) * 100 };
}

function domainIdOf(scope: Scope, domain: string): number | undefined {
  return scope.get<{ id: number }>('dns_domains', { columns: 'id', where: 'domain = @domain', params: { domain: normalizeDomain(domain) } })?.id;
}

/** Adds one record row to its domain unless the domain is gone or the same record exists. */
function writeRecord(now: number, scope: Scope, item: JobItemRow): MessageKey | null {
  const domainId = domainIdOf(scope, item.domain);
  if (domainId === undefined) return 'dns-domain-missing';
  if (recordExists(scope, domainId, item)) return 'dns-record-exists';
  scope.insert('dns_records', {
    domain_id: domainId,
    host: item.host,
    type: item.type,
    line: item.line,
    value: item.value,
    priority: item.priority,
    ttl: item.ttl,
    remark: item.remark,
    status: item.status,
    record_group: item.record_group,
    created_at: now,
    updated_at: now,
  });
  scope.update('dns_domains', { updated_at: now }, 'id = @id', { id: domainId });
  return null;
}

/** Whether the domain already has a record with this host (any case), type, line and value. */
export function recordExists(
  scope: Scope,
  domainId: number,
  record: { host: string; type: string; line: string; value: string },
  exceptId = 0,
): boolean {
  return (
    scope.count('dns_records', {
      where: 'domain_id = @domain_id AND host = @host COLLATE NOCASE AND type = @type AND line = @line AND value = @value AND id != @except',
      params: { domain_id: domainId, host: record.host, type: record.type, line: record.line, value: record.value, except: exceptId },
    }) > 0
  );
}

/** Registers the three DNS job types on the runner. */
export function registerDnsJobs(jobs: JobRunner): void {
  const type = (name: DnsJobType) => name;

  jobs.register<AddDomainsParams, null>(type('dns.batch-add-domains'), {
    step(context) {
      const now = context.now();
      const groupId = context.params.group_id;
      return stepRows(context as JobContext<unknown, null>, (scope, item) => {
        if (domainIdOf(scope, item.domain) !== undefined) return 'dns-domain-exists';
        const groupExists = groupId !== null && scope.count('dns_groups', { where: 'id = @id', params: { id: groupId } }) > 0;
        scope.insert('dns_domains', {
          domain: normalizeDomain(item.domain),
          dns_group_id: groupExists ? groupId : null,
          perm_group_id: context.params.perm_group_id,
          created_by: context.userId,
          created_at: now,
          updated_at: now,
        });
        return null;
      });
    },
  });

  jobs.register<null, null>(type('dns.batch-add-records'), {
    step(context) {
      const now = context.now();
      return stepRows(context as JobContext<unknown, null>, (scope, item) => writeRecord(now, scope, item));
    },
  });

  jobs.register<ImportParams, null>(type('dns.batch-import-records'), {
    prepare(context) {
      // Replace mode empties the imported domains before the first row is written; prepare runs again after a
      // restart only while no step has run, so it never deletes rows this job already imported.
      if (context.params.mode === 'replace') {
        const scope = scopeFor(context.db, context.memberId);
        context.db.transaction(() => {
          for (const domain of context.params.domains) {
            const domainId = domainIdOf(scope, domain);
            if (domainId !== undefined) scope.remove('dns_records', 'domain_id = @domain_id', { domain_id: domainId });
          }
        })();
      }
      return null;
    },
    step(context) {
      const now = context.now();
      return stepRows(context as JobContext<unknown, null>, (scope, item) => writeRecord(now, scope, item));
    },
  });
}
