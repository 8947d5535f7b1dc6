/**
 * The DNS jobs on the job runner (rules §3 DNS "Job": batch add domains, batch import records, batch add records).
 * The route stores one `dns_job_items` row per domain or record when it enqueues the job; each step takes the next
 * waiting rows and writes each one, with its result, in one transaction. A row that is already done is never touched
 * again, so a step that runs twice (after a restart) repeats nothing.
 */
import type { DnsImportMode, DnsJobType, DnsZoneSoa } from '../../../../core/api/endpoints/dns.js';
import { normalizeDomain } from '../../../../core/rules/domain.js';
import type { JobContext, JobRunner, StepOutcome } from '../../platform/jobs/runner.js';
import type { MessageKey } from '../../platform/http/messages.js';
import { scopeFor, type Scope } from '../../platform/security/scope.js';
import type { DnsBinding } from './access.js';
import type { JobItemRow } from './rows.js';

/** Rows written per step: small enough that a step takes milliseconds. */
export const DNS_JOB_ROWS_PER_STEP = 25;

/** Parameters of a batch-add-domains job. */
export interface AddDomainsParams {
  group_id: number | null;
  /** The permission group new domains are bound to (a child's auto-bound `dns` grant), or null. */
  bind_to: DnsBinding | null;
}

/** Parameters of a batch import job. */
export interface ImportParams {
  file_name: string;
  mode: DnsImportMode;
  /** The imported domains, for the replace mode's first step. */
  domains: string[];
  /** The SOA of each zone-file domain, by domain; the domain keeps it for export (absent for workbooks). */
  soa?: Record<string, DnsZoneSoa>;
}

/** What a finished DNS job reports: how many rows were written, skipped as already present, and failed. */
export interface DnsJobResult {
  succeeded: number;
  skipped: number;
  failed: number;
}

/** What writing one detail row did: written (null), skipped with its reason, or failed with its reason. */
type RowOutcome = null | { result: 'skipped' | 'fail'; reason: MessageKey };

function counts(scope: Scope, jobId: number): DnsJobResult & { total: number } {
  const count = (where: string) => scope.count('dns_job_items', { where: `job_id = @job ${where}`, params: { job: jobId } });
  return { total: count(''), succeeded: count("AND result = 'success'"), skipped: count("AND result = 'skipped'"), failed: count("AND result = 'fail'") };
}

/** Runs one step over the next waiting rows with `write`, which answers what became of each row. */
function stepRows(context: JobContext<unknown, null>, write: (scope: Scope, item: JobItemRow) => RowOutcome): StepOutcome<null> {
  const scope = scopeFor(context.db, context.memberId);
  const items = scope.all<JobItemRow>('dns_job_items', {
    where: "job_id = @job AND result = 'waiting'",
    params: { job: context.jobId },
    orderBy: 'seq',
    limit: DNS_JOB_ROWS_PER_STEP,
  });
  if (items.length === 0) {
    const { succeeded, skipped, failed } = counts(scope, context.jobId);
    return { done: true, result: { succeeded, skipped, failed } satisfies DnsJobResult };
  }
  context.db.transaction(() => {
    for (const item of items) {
      const outcome = write(scope, item);
      scope.update('dns_job_items', { result: outcome?.result ?? 'success', reason: outcome?.reason ?? '' }, 'id = @id', { id: item.id });
    }
  })();
  const { total, succeeded, skipped, failed } = counts(scope, context.jobId);
  return { done: false, state: null, progress: total === 0 ? 99 : ((succeeded + skipped + failed) / total) * 100 };
}

function domainIdOf(scope: Scope, domain: string): number | undefined {
  return scope.get<{ id: number }>('dns_domains', { columns: 'id', where: 'domain = @domain', params: { domain: normalizeDomain(domain) } })?.id;
}

/**
 * Adds one record row to its domain: fails when the domain is gone; skips a record the domain already has (append
 * mode "repeats are skipped": nothing is lost, so it is not a failure).
 */
function writeRecord(now: number, scope: Scope, item: JobItemRow): RowOutcome {
  const domainId = domainIdOf(scope, item.domain);
  if (domainId === undefined) return { result: 'fail', reason: 'dns-domain-missing' };
  if (recordExists(scope, domainId, item)) return { result: 'skipped', reason: 'dns-record-exists' };
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
        if (domainIdOf(scope, item.domain) !== undefined) return { result: 'fail', reason: 'dns-domain-exists' };
        const groupExists = groupId !== null && scope.count('dns_groups', { where: 'id = @id', params: { id: groupId } }) > 0;
        const id = scope.insert('dns_domains', {
          domain: normalizeDomain(item.domain),
          dns_group_id: groupExists ? groupId : null,
          created_by: context.userId,
          created_at: now,
          updated_at: now,
        });
        const bind = context.params.bind_to;
        if (bind) scope.insert('permission_objects', { group_id: bind.group_id, module: 'dns', kind: bind.kind, object_id: id });
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
      // A zone file's SOA is stored with its domain in the same step, so export writes it back unchanged.
      const scope = scopeFor(context.db, context.memberId);
      context.db.transaction(() => {
        for (const domain of context.params.domains) {
          const domainId = domainIdOf(scope, domain);
          if (domainId === undefined) continue;
          if (context.params.mode === 'replace') scope.remove('dns_records', 'domain_id = @domain_id', { domain_id: domainId });
          const soa = context.params.soa?.[domain];
          if (soa) scope.update('dns_domains', { soa: JSON.stringify(soa) }, 'id = @id', { id: domainId });
        }
      })();
      return null;
    },
    step(context) {
      const now = context.now();
      return stepRows(context as JobContext<unknown, null>, (scope, item) => writeRecord(now, scope, item));
    },
  });
}
