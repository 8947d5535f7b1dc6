/**
 * DNS domain groups (rules §3 DNS "Website group: group name, remark, modification time"; shell §2 domainGroup):
 * list, create, update, delete. Deleting a group keeps its domains, without a group.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONFLICT_CODE, NOT_FOUND_CODE, PERMISSION_DENIED_CODE } from '../../../../core/api/catalogue.js';
import type { DnsChangedAnswer, DnsGroup } from '../../../../core/api/endpoints/dns.js';
import type { ListAnswer } from '../../../../core/api/endpoints/platform.js';
import { validateDnsGroupName, validateDnsRemark } from '../../../../core/rules/dns.js';
import { onField } from '../../../../core/rules/types.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { queryInteger, readPage } from '../../platform/http/pagination.js';
import { recordOperation, writeIfChanged } from '../../platform/oplog.js';
import { scope } from '../../platform/security/scope.js';
import { dnsAccess } from './access.js';
import { asRecord } from '../../platform/http/readers.js';
import { listIssue, readIds, textOf, toGroup, type GroupRow } from './rows.js';
import { Conditions, containsPattern } from './shared.js';

/** Group columns; the domain count covers only domains the caller may see. */
function groupColumns(request: FastifyRequest): { columns: string; params: Record<string, unknown> } {
  const visible = dnsAccess(request).domains('d.id');
  return {
    columns: `dns_groups.*, (SELECT COUNT(*) FROM dns_domains d WHERE d.dns_group_id = dns_groups.id AND ${visible.where}) AS domain_count`,
    params: visible.params,
  };
}

function findGroup(request: FastifyRequest, id: number): GroupRow | undefined {
  const { columns, params } = groupColumns(request);
  return scope(request).get<GroupRow>('dns_groups', { columns, where: 'id = @id', params: { ...params, id } });
}

function readGroupInput(body: Record<string, unknown>) {
  const name = textOf(body.name).trim();
  const remark = textOf(body.remark).trim();
  const issues = [...onField('name', validateDnsGroupName(name)), ...onField('remark', validateDnsRemark(remark))];
  return { name, remark, issues };
}

function nameTaken(request: FastifyRequest, name: string, exceptId = 0): boolean {
  return scope(request).count('dns_groups', { where: 'name = @name COLLATE NOCASE AND id != @except', params: { name, except: exceptId } }) > 0;
}

function conflict(reply: FastifyReply): FastifyReply {
  return fail(reply, CONFLICT_CODE, { key: 'dns-group-exists' });
}

/** Registers the group routes. */
export function groupRoutes(api: FastifyInstance): void {
  api.get('/V4/dns.group.list', async (request, reply) => {
    if (!dnsAccess(request).require(reply, 'read')) return reply;
    const query = request.query as Record<string, unknown>;
    const { page, issues } = readPage(query);
    if (!validated(reply, issues)) return reply;
    const { columns, params } = groupColumns(request);
    const visible = dnsAccess(request).groups();
    const conditions = new Conditions().add('1', params).add(visible.where, visible.params);
    const keyword = textOf(query.keyword).trim();
    if (keyword) conditions.add("name LIKE @keyword ESCAPE '\\'", { keyword: containsPattern(keyword) });
    const rows = scope(request).page<GroupRow>('dns_groups', page, { columns, where: conditions.where, params: conditions.params, orderBy: 'updated_at DESC, id DESC' });
    const access = dnsAccess(request);
    const answer: ListAnswer<DnsGroup> = { list: rows.list.map((row) => toGroup(row, access.mayChangeGroup(row.id))), total: rows.total };
    return ok(reply, answer);
  });

  api.post('/V4/dns.group.create', async (request, reply) => {
    if (!dnsAccess(request).require(reply, 'manage')) return reply;
    const { name, remark, issues } = readGroupInput(asRecord(request.body));
    if (!validated(reply, issues)) return reply;
    if (nameTaken(request, name)) return conflict(reply);
    const now = request.server.now();
    const id = request.server.db.transaction(() => {
      const created = scope(request).insert('dns_groups', { name, remark, created_at: now, updated_at: now });
      recordOperation(request, { area: 'dns', action: 'create', objectId: created, objectLabel: name, after: { name, remark } });
      return created;
    })();
    return ok(reply, toGroup(findGroup(request, id) as GroupRow, dnsAccess(request).mayChangeGroup(id)));
  });

  api.post('/V4/dns.group.update', async (request, reply) => {
    if (!dnsAccess(request).require(reply, 'manage')) return reply;
    const body = asRecord(request.body);
    const id = queryInteger(body.id);
    const { name, remark, issues } = readGroupInput(body);
    if (id === null) issues.unshift({ field: 'id', key: 'common.positive-integer' });
    if (!validated(reply, issues)) return reply;
    const before = findGroup(request, id as number);
    if (!before) return fail(reply, NOT_FOUND_CODE);
    if (!dnsAccess(request).mayChangeGroup(before.id)) return fail(reply, PERMISSION_DENIED_CODE);
    if (nameTaken(request, name, before.id)) return conflict(reply);
    const now = request.server.now();
    writeIfChanged(
      request,
      { area: 'dns', action: 'update', objectId: before.id, objectLabel: name, before: { name: before.name, remark: before.remark }, after: { name, remark } },
      () => scope(request).update('dns_groups', { name, remark, updated_at: now }, 'id = @id', { id: before.id }),
    );
    return ok(reply, toGroup(findGroup(request, before.id) as GroupRow, true));
  });

  api.post('/V4/dns.group.delete', async (request, reply) => {
    if (!dnsAccess(request).require(reply, 'manage')) return reply;
    const ids = readIds(asRecord(request.body).ids);
    if (!validated(reply, ids ? [] : listIssue('ids'))) return reply;
    const rows = (ids as number[]).map((id) => findGroup(request, id)).filter((row): row is GroupRow => row !== undefined);
    if (rows.length === 0) return fail(reply, NOT_FOUND_CODE);
    const access = dnsAccess(request);
    if (rows.some((row) => !access.mayChangeGroup(row.id))) return fail(reply, PERMISSION_DENIED_CODE);
    const changed = request.server.db.transaction(() => {
      let count = 0;
      for (const row of rows) {
        count += scope(request).remove('dns_groups', 'id = @id', { id: row.id });
        recordOperation(request, { area: 'dns', action: 'delete', objectId: row.id, objectLabel: row.name, before: { name: row.name, remark: row.remark } });
      }
      return count;
    })();
    return ok(reply, { changed } satisfies DnsChangedAnswer);
  });
}
