/**
 * The DNS job list and job details (rules §3 DNS "Job: creation time, operator, operation type, status, detail";
 * §4 "DNS job: waiting, in progress, success, fail"; shell §2 jobList, jobList/detail-list). A parent sees the
 * account's DNS jobs; a child sees the jobs it started, as on the platform job list.
 */
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND_CODE } from '../../../../core/api/catalogue.js';
import {
  DNS_JOB_ITEM_RESULTS,
  DNS_JOB_STATUSES,
  DNS_JOB_TYPES,
  type DnsJob,
  type DnsJobDetailAnswer,
  type DnsJobItemResult,
  type DnsJobStatus,
} from '../../../../core/api/endpoints/dns.js';
import type { ListAnswer } from '../../../../core/api/endpoints/platform.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { requestLanguage } from '../../platform/http/messages.js';
import { queryInteger, readPage } from '../../platform/http/pagination.js';
import { scope } from '../../platform/security/scope.js';
import { dnsAccess } from './access.js';
import { JOB_COLUMNS, JOB_STATUS_SQL, textOf, toDnsJob, toJobItem, type DnsJobRow, type JobItemRow } from './rows.js';
import { Conditions, findDnsJob, ownJobs } from './shared.js';

/** Registers the job routes. */
export function jobListRoutes(api: FastifyInstance): void {
  api.get('/V4/dns.job.list', async (request, reply) => {
    if (!dnsAccess(request).require(reply, 'read')) return reply;
    const query = request.query as Record<string, unknown>;
    const { page, issues } = readPage(query);
    const own = ownJobs(request);
    const conditions = new Conditions()
      .add(own.where, own.params)
      .add('type IN (SELECT value FROM json_each(@dns_types))', { dns_types: JSON.stringify(DNS_JOB_TYPES) });
    const type = textOf(query.type);
    if (type) {
      if (!(DNS_JOB_TYPES as readonly string[]).includes(type)) issues.push({ field: 'type', key: 'common.format-error' });
      conditions.add('type = @type', { type });
    }
    const status = textOf(query.status);
    if (status) {
      if (!(DNS_JOB_STATUSES as readonly string[]).includes(status)) issues.push({ field: 'status', key: 'common.format-error' });
      else conditions.add(JOB_STATUS_SQL[status as DnsJobStatus]);
    }
    if (!validated(reply, issues)) return reply;
    const rows = scope(request).page<DnsJobRow>('jobs', page, { columns: JOB_COLUMNS, where: conditions.where, params: conditions.params, orderBy: 'id DESC' });
    const answer: ListAnswer<DnsJob> = { list: rows.list.map(toDnsJob), total: rows.total };
    return ok(reply, answer);
  });

  api.get('/V4/dns.job.detail.list', async (request, reply) => {
    if (!dnsAccess(request).require(reply, 'read')) return reply;
    const query = request.query as Record<string, unknown>;
    const { page, issues } = readPage(query);
    const jobId = queryInteger(query.job_id);
    if (jobId === null) issues.push({ field: 'job_id', key: 'common.positive-integer' });
    const conditions = new Conditions().add('job_id = @job_id', { job_id: jobId });
    const result = textOf(query.result);
    if (result) {
      if (!DNS_JOB_ITEM_RESULTS.includes(result as DnsJobItemResult)) issues.push({ field: 'result', key: 'common.format-error' });
      conditions.add('result = @result', { result });
    }
    if (!validated(reply, issues)) return reply;
    const job = findDnsJob(request, jobId as number);
    if (!job) return fail(reply, NOT_FOUND_CODE);
    const rows = scope(request).page<JobItemRow>('dns_job_items', page, { where: conditions.where, params: conditions.params, orderBy: 'seq' });
    const language = requestLanguage(request);
    const answer: DnsJobDetailAnswer = { job, list: rows.list.map((row) => toJobItem(row, language)), total: rows.total };
    return ok(reply, answer);
  });
}
