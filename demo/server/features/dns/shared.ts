/**
 * Helpers the DNS route modules share: list conditions, the DNS job answer, enqueueing a job with its detail rows and
 * its operation-log entry in one transaction.
 */
import type { FastifyRequest } from 'fastify';
import type { DnsJob, DnsJobType } from '../../../../core/api/endpoints/dns.js';
import { recordOperation, type OperationRecord } from '../../platform/oplog.js';
import type { Params, Scope } from '../../platform/security/scope.js';
import { scope } from '../../platform/security/scope.js';
import { requireSession } from '../../platform/security/session.js';
import { JOB_COLUMNS, toDnsJob, type DnsJobRow } from './rows.js';

/** Conditions AND-ed into a scoped query, built from constants with values as parameters. */
export class Conditions {
  private readonly parts: string[] = [];
  readonly params: Params = {};

  /** Adds a condition and its parameters. */
  add(where: string, params: Params = {}): this {
    this.parts.push(`(${where})`);
    Object.assign(this.params, params);
    return this;
  }

  /** The combined condition ('1' when empty). */
  get where(): string {
    return this.parts.length === 0 ? '1' : this.parts.join(' AND ');
  }
}

/** `LIKE` pattern for a substring search, with `%`, `_` and `\` escaped (use with `ESCAPE '\'`). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The condition that limits a child to the jobs it started (as the platform job list does). */
export function ownJobs(request: FastifyRequest): { where: string; params: Params } {
  const session = requireSession(request);
  return session.accountType === 2 ? { where: 'user_id = @own_user', params: { own_user: session.userId } } : { where: '1', params: {} };
}

/** One DNS job of the caller as answered, or undefined. */
export function findDnsJob(request: FastifyRequest, id: number): DnsJob | undefined {
  const own = ownJobs(request);
  const row = scope(request).get<DnsJobRow>('jobs', {
    columns: JOB_COLUMNS,
    where: `id = @id AND type LIKE 'dns.%' AND ${own.where}`,
    params: { ...own.params, id },
  });
  return row ? toDnsJob(row) : undefined;
}

/** A detail row of a job, before it is stored. */
export interface NewJobItem {
  domain: string;
  host?: string;
  type?: string;
  line?: string;
  value?: string;
  priority?: number | null;
  ttl?: number | null;
  remark?: string;
  status?: string;
  group?: string;
}

/**
 * Enqueues a DNS job, stores its detail rows and records the operation, all in one transaction, so the job never
 * starts with half of its rows and a refused request leaves no log entry. Answers the job.
 */
export function startDnsJob<P>(
  request: FastifyRequest,
  type: DnsJobType,
  params: P,
  items: readonly NewJobItem[],
  operation: Omit<OperationRecord, 'area' | 'objectId'>,
): DnsJob {
  const session = requireSession(request);
  const owned: Scope = scope(request);
  const id = request.server.db.transaction(() => {
    const job = request.server.jobs.enqueue({ memberId: session.memberId, userId: session.userId, operator: session.operator, type, params });
    items.forEach((item, seq) =>
      owned.insert('dns_job_items', {
        job_id: job.id,
        seq,
        domain: item.domain,
        host: item.host ?? '',
        type: item.type ?? '',
        line: item.line ?? '',
        value: item.value ?? '',
        priority: item.priority ?? null,
        ttl: item.ttl ?? null,
        remark: item.remark ?? '',
        status: item.status ?? 'normal',
        record_group: item.group ?? '',
      }),
    );
    recordOperation(request, { area: 'dns', objectId: job.id, ...operation });
    return job.id;
  })();
  return findDnsJob(request, id) as DnsJob;
}
