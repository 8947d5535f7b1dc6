/**
 * DNS domains and statistics (rules §3-§5 DNS; shell §2 domainList, batch-domain-save, statistics): list, one domain,
 * batch add (a job), enable/disable, delete, move into a group, and domain, record and query counts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import { NOT_FOUND_CODE } from '../../../../core/api/catalogue.js';
import {
  DNS_ACCESS_STATUSES,
  DNS_STATISTICS_DAYS,
  type DnsAccessStatus,
  type DnsChangedAnswer,
  type DnsDomain,
  type DnsStatistics,
} from '../../../../core/api/endpoints/dns.js';
import type { ListAnswer } from '../../../../core/api/endpoints/platform.js';
import { parseInteger } from '../../../../core/rules/common.js';
import { DNS_BATCH_DOMAINS_MAX, validateDnsBatchDomains, validateDnsStatus, type DnsStatus } from '../../../../core/rules/dns.js';
import { normalizeDomain } from '../../../../core/rules/domain.js';
import { issue, onField } from '../../../../core/rules/types.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { queryInteger, readPage } from '../../platform/http/pagination.js';
import { recordOperation } from '../../platform/oplog.js';
import { scope } from '../../platform/security/scope.js';
import { dnsAccess, refuseUnseen } from './access.js';
import type { AddDomainsParams } from './jobs.js';
import { asRecord } from '../../platform/http/readers.js';
import { DOMAIN_COLUMNS, domainFields, listIssue, readIds, textOf, toDomain, type DomainRow } from './rows.js';
import { Conditions, containsPattern, startDnsJob } from './shared.js';

/** Longest keyword searched for. */
const KEYWORD_MAX = 255;
const DAY_MS = 86_400_000;
/** Log and statistics days are UTC+8 calendar days (rules §9 "Log time UTC+8"). */
const UTC8_MS = 8 * 3_600_000;

/** The caller's visible domains among `ids`. */
function visibleDomains(request: FastifyRequest, ids: number[]): DomainRow[] {
  const visible = dnsAccess(request).domains();
  return scope(request).all<DomainRow>('dns_domains', {
    columns: DOMAIN_COLUMNS,
    where: `id IN (SELECT value FROM json_each(@ids)) AND ${visible.where}`,
    params: { ids: JSON.stringify(ids), ...visible.params },
    orderBy: 'id',
  });
}

/** A visible domain by id, or undefined. */
export function visibleDomain(request: FastifyRequest, id: number): DomainRow | undefined {
  return visibleDomains(request, [id])[0];
}

/** Whether a domain group id exists in the account. */
function groupExists(request: FastifyRequest, id: number): boolean {
  return scope(request).count('dns_groups', { where: 'id = @id', params: { id } }) > 0;
}

/** Reads `group_id` (absent or null means none); `undefined` when malformed. */
function readGroupId(value: unknown): number | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  const id = typeof value === 'number' || typeof value === 'string' ? parseInteger(value) : null;
  return id !== null && id > 0 ? id : undefined;
}

/** The last `days` UTC+8 calendar days, oldest first, as `YYYY-MM-DD`. */
export function lastDays(now: number, days: number): string[] {
  return Array.from({ length: days }, (_, index) => new Date(now + UTC8_MS - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10));
}

/** Registers the domain routes. */
export function domainRoutes(api: FastifyInstance): void {
  api.get('/V4/dns.domain.list', async (request, reply) => {
    const access = dnsAccess(request);
    if (!access.require(reply, 'read')) return reply;
    const query = request.query as Record<string, unknown>;
    const { page, issues } = readPage(query);
    const conditions = new Conditions().add(access.domains().where, access.domains().params);
    const keyword = textOf(query.keyword).trim();
    if (keyword.length > KEYWORD_MAX) issues.push({ field: 'keyword', key: 'common.too-long', values: { max: KEYWORD_MAX } });
    else if (keyword) conditions.add("domain LIKE @keyword ESCAPE '\\'", { keyword: containsPattern(keyword.toLowerCase()) });
    if (query.group_id !== undefined && query.group_id !== '') {
      const groupId = queryInteger(query.group_id);
      if (groupId === null) issues.push({ field: 'group_id', key: 'common.positive-integer' });
      else conditions.add('dns_group_id = @group_id', { group_id: groupId });
    }
    const status = textOf(query.status);
    if (status) {
      issues.push(...onField('status', validateDnsStatus(status)));
      conditions.add('status = @status', { status });
    }
    const accessStatus = textOf(query.access_status);
    if (accessStatus) {
      if (!DNS_ACCESS_STATUSES.includes(accessStatus as DnsAccessStatus)) issues.push({ field: 'access_status', key: 'common.format-error' });
      conditions.add('access_status = @access_status', { access_status: accessStatus });
    }
    const names = textOf(query.domains);
    if (names) {
      const list = names.split(',').map(normalizeDomain).filter(Boolean);
      if (list.length > DNS_BATCH_DOMAINS_MAX) issues.push({ field: 'domains', key: 'common.format-error' });
      conditions.add('domain IN (SELECT value FROM json_each(@names))', { names: JSON.stringify(list) });
    }
    if (!validated(reply, issues)) return reply;
    const rows = scope(request).page<DomainRow>('dns_domains', page, {
      columns: DOMAIN_COLUMNS,
      where: conditions.where,
      params: conditions.params,
      orderBy: 'id DESC',
    });
    const answer: ListAnswer<DnsDomain> = { list: rows.list.map((row) => toDomain(row, access.mayChangeDomains)), total: rows.total };
    return ok(reply, answer);
  });

  api.get('/V4/dns.domain.get', async (request, reply) => {
    const access = dnsAccess(request);
    if (!access.require(reply, 'read')) return reply;
    const id = queryInteger((request.query as Record<string, unknown>).id);
    if (!validated(reply, id === null ? [{ field: 'id', key: 'common.positive-integer' }] : [])) return reply;
    const row = visibleDomain(request, id as number);
    return row ? ok(reply, toDomain(row, access.mayChangeDomains)) : refuseUnseen(request, reply, 'dns_domains', [id as number]);
  });

  api.post('/V4/dns.domain.batch.add', async (request, reply) => {
    const access = dnsAccess(request);
    if (!access.require(reply, 'manage')) return reply;
    const body = asRecord(request.body);
    const issues: FieldIssue[] = [];
    let entries: string[] = [];
    if (!Array.isArray(body.domains)) issues.push(...listIssue('domains'));
    else {
      // One entry per line, whatever whitespace a client put inside an entry.
      const result = validateDnsBatchDomains(body.domains.map((item) => textOf(item).replace(/\s+/g, ' ')).join('\n'));
      issues.push(...onField('domains', result.issue));
      for (const line of result.lines) {
        if (line.status !== 'valid' && line.issue) issues.push({ field: `domains.${line.line - 1}`, ...line.issue });
      }
      entries = result.entries.map(normalizeDomain);
    }
    const groupId = readGroupId(body.group_id);
    if (groupId === undefined) issues.push({ field: 'group_id', key: 'common.positive-integer' });
    if (!validated(reply, issues)) return reply;
    if (groupId !== null && groupId !== undefined && !groupExists(request, groupId)) return fail(reply, NOT_FOUND_CODE);
    const params: AddDomainsParams = { group_id: groupId ?? null, bind_to: access.bindNewTo };
    const job = startDnsJob(request, 'dns.batch-add-domains', params, entries.map((domain) => ({ domain })), {
      action: 'create',
      objectLabel: entries.join(', '),
      after: { domains: entries, group_id: params.group_id },
    });
    return ok(reply, { job });
  });

  api.post('/V4/dns.domain.status', async (request, reply) => {
    if (!dnsAccess(request).require(reply, 'manage')) return reply;
    const body = asRecord(request.body);
    const ids = readIds(body.ids);
    const status = textOf(body.status);
    const issues = [...(ids ? [] : listIssue('ids')), ...onField('status', validateDnsStatus(status))];
    if (!validated(reply, issues)) return reply;
    const rows = visibleDomains(request, ids as number[]);
    if (rows.length === 0) return refuseUnseen(request, reply, 'dns_domains', ids as number[]);
    const now = request.server.now();
    const changed = request.server.db.transaction(() => {
      let count = 0;
      for (const row of rows.filter((candidate) => candidate.status !== status)) {
        count += scope(request).update('dns_domains', { status, updated_at: now }, 'id = @id', { id: row.id });
        recordOperation(request, {
          area: 'dns',
          action: status === 'normal' ? 'enable' : 'disable',
          objectId: row.id,
          objectLabel: row.domain,
          before: { status: row.status },
          after: { status: status as DnsStatus },
        });
      }
      return count;
    })();
    return ok(reply, { changed } satisfies DnsChangedAnswer);
  });

  api.post('/V4/dns.domain.delete', async (request, reply) => {
    if (!dnsAccess(request).require(reply, 'manage')) return reply;
    const ids = readIds(asRecord(request.body).ids);
    if (!validated(reply, ids ? [] : listIssue('ids'))) return reply;
    const rows = visibleDomains(request, ids as number[]);
    if (rows.length === 0) return refuseUnseen(request, reply, 'dns_domains', ids as number[]);
    const changed = request.server.db.transaction(() => {
      let count = 0;
      for (const row of rows) {
        count += scope(request).remove('dns_domains', 'id = @id', { id: row.id });
        scope(request).remove('permission_objects', "module = 'dns' AND object_id = @id", { id: row.id });
        recordOperation(request, { area: 'dns', action: 'delete', objectId: row.id, objectLabel: row.domain, before: domainFields(row) });
      }
      return count;
    })();
    return ok(reply, { changed } satisfies DnsChangedAnswer);
  });

  api.post('/V4/dns.domain.group.set', async (request, reply) => {
    if (!dnsAccess(request).require(reply, 'manage')) return reply;
    const body = asRecord(request.body);
    const ids = readIds(body.ids);
    const groupId = readGroupId(body.group_id);
    const issues = [...(ids ? [] : listIssue('ids')), ...(groupId === undefined ? [{ field: 'group_id', key: 'common.positive-integer' }] : [])];
    if (!validated(reply, issues)) return reply;
    if (groupId !== null && groupId !== undefined && !groupExists(request, groupId)) return fail(reply, NOT_FOUND_CODE);
    const rows = visibleDomains(request, ids as number[]);
    if (rows.length === 0) return refuseUnseen(request, reply, 'dns_domains', ids as number[]);
    const now = request.server.now();
    const changed = request.server.db.transaction(() => {
      let count = 0;
      for (const row of rows.filter((candidate) => candidate.dns_group_id !== groupId)) {
        count += scope(request).update('dns_domains', { dns_group_id: groupId ?? null, updated_at: now }, 'id = @id', { id: row.id });
        recordOperation(request, {
          area: 'dns',
          action: 'update',
          objectId: row.id,
          objectLabel: row.domain,
          before: { group_id: row.dns_group_id },
          after: { group_id: groupId ?? null },
        });
      }
      return count;
    })();
    return ok(reply, { changed } satisfies DnsChangedAnswer);
  });

  api.get('/V4/dns.domain.statistics', async (request, reply) => {
    const access = dnsAccess(request);
    if (!access.require(reply, 'read')) return reply;
    const query = request.query as Record<string, unknown>;
    const issues: FieldIssue[] = [];
    const days = query.days === undefined || query.days === '' ? DNS_STATISTICS_DAYS[0]! : queryInteger(query.days);
    if (days === null || !DNS_STATISTICS_DAYS.includes(days)) {
      issues.push(...onField('days', issue('common.format-error')));
    }
    let domainId: number | null = null;
    if (query.domain_id !== undefined && query.domain_id !== '') {
      domainId = queryInteger(query.domain_id);
      if (domainId === null) issues.push({ field: 'domain_id', key: 'common.positive-integer' });
    }
    if (!validated(reply, issues)) return reply;
    if (domainId !== null && !visibleDomain(request, domainId)) return refuseUnseen(request, reply, 'dns_domains', [domainId]);
    const owned = scope(request);
    const visible = access.domains();
    const domainWhere = new Conditions().add(visible.where, visible.params);
    if (domainId !== null) domainWhere.add('id = @only', { only: domainId });
    const byDomain = access.byDomainId();
    const recordWhere = new Conditions().add(byDomain.where, byDomain.params);
    if (domainId !== null) recordWhere.add('domain_id = @only', { only: domainId });
    // Counted here rather than with GROUP BY: scoped queries take a condition, and the demo's volumes are small.
    const domains = owned.all<{ status: DnsStatus; access_status: DnsAccessStatus }>('dns_domains', {
      columns: 'status, access_status',
      where: domainWhere.where,
      params: domainWhere.params,
    });
    const types = owned.all<{ type: string }>('dns_records', { columns: 'type', where: recordWhere.where, params: recordWhere.params });
    const dates = lastDays(request.server.now(), days as number);
    const queryRows = owned.all<{ day: string; queries: number }>('dns_query_stats', {
      columns: 'day, queries',
      where: `${recordWhere.where} AND day >= @first`,
      params: { ...recordWhere.params, first: dates[0] },
    });
    const perDay = new Map<string, number>();
    for (const row of queryRows) perDay.set(row.day, (perDay.get(row.day) ?? 0) + row.queries);
    const byType: Record<string, number> = {};
    for (const row of types) byType[row.type] = (byType[row.type] ?? 0) + 1;
    const answer: DnsStatistics = {
      domains: {
        total: domains.length,
        normal: domains.filter((row) => row.status === 'normal').length,
        disabled: domains.filter((row) => row.status === 'disabled').length,
        by_access: Object.fromEntries(
          DNS_ACCESS_STATUSES.map((status) => [status, domains.filter((row) => row.access_status === status).length]),
        ) as Record<DnsAccessStatus, number>,
      },
      records: { total: types.length, by_type: byType },
      queries: {
        total: dates.reduce((sum, date) => sum + (perDay.get(date) ?? 0), 0),
        days: dates.map((date) => ({ date, queries: perDay.get(date) ?? 0 })),
      },
    };
    return ok(reply, answer);
  });
}
