/**
 * Website groups (rules §3 "Website group: group name, remark, modification time"; rules §5 group name 1-40) and the
 * templates a new website starts from (rules §5 "a template must be chosen").
 *
 * Groups organise the account's websites, so creating, renaming and deleting one affects sites a child with limited
 * object access cannot see: those need the domain module's manage access over all resources (rules §6). Moving
 * websites into a group needs manage access and touches only the sites the caller may see. A group's count is of the
 * sites the caller may see.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE } from '../../../../core/api/catalogue.js';
import type { ListAnswer } from '../../../../core/api/endpoints/platform.js';
import type { WebsiteGroup, WebsiteGroupListAnswer, WebsiteOutcome, WebsiteTemplate } from '../../../../core/api/endpoints/websites.js';
import { onField } from '../../../../core/rules/types.js';
import { validateNewGroupName } from '../../../../core/rules/websites.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { readPage } from '../../platform/http/pagination.js';
import { positiveId } from '../../platform/http/readers.js';
import { isoTime } from '../../platform/database.js';
import { recordOperation, writeIfChanged } from '../../platform/oplog.js';
import { permissions } from '../../platform/security/permissions.js';
import { scope, type Params } from '../../platform/security/scope.js';
import { readGroup, readSelection, resolveSelection } from '../websites/index.js';

interface GroupRow {
  id: number;
  name: string;
  remark: string;
  domain_count: number;
  updated_at: number;
}

function toWebsiteGroup(row: GroupRow, editable: boolean): WebsiteGroup {
  return { id: row.id, name: row.name, remark: row.remark, domain_count: row.domain_count, updated_at: isoTime(row.updated_at), editable };
}

/** Groups of the account with the count of the caller's visible sites in each. */
function groupColumns(request: FastifyRequest): { columns: string; params: Params } {
  const visible = permissions(request).visible('domain', 'd.id');
  return {
    columns: `id, name, remark, updated_at,
      (SELECT COUNT(*) FROM domains d WHERE d.group_id = website_groups.id AND (${visible.where})) AS domain_count`,
    params: visible.params,
  };
}

function findGroup(request: FastifyRequest, id: number): GroupRow | undefined {
  const { columns, params } = groupColumns(request);
  return scope(request).get<GroupRow>('website_groups', { columns, where: 'id = @id', params: { ...params, id } });
}

/**
 * Whether the caller may create, rename and delete groups: manage access over every domain (rules §6). The write
 * routes refuse by it and the list reports it as `editable`.
 */
function mayManageGroups(request: FastifyRequest): boolean {
  const grant = permissions(request).grant('domain');
  return grant !== null && grant.access === 'manage' && grant.object_scope === 'all';
}

function nameTaken(request: FastifyRequest, name: string, except = 0): boolean {
  return (
    scope(request).get('website_groups', {
      columns: 'id',
      where: 'name = @name COLLATE NOCASE AND id <> @except',
      params: { name, except },
    }) !== undefined
  );
}

/** Registers the routes (under /api). */
export async function websiteGroupRoutes(api: FastifyInstance): Promise<void> {
  api.get('/V4/cloudsafe.hwws.website.group.list', async (request, reply) => {
    const { page, issues } = readPage(request.query);
    if (!validated(reply, issues)) return reply;
    if (!permissions(request).can('domain', 'read')) return fail(reply, PERMISSION_DENIED_CODE);
    const search = String((request.query as Record<string, unknown>).search ?? '').trim().toLowerCase();
    const { columns, params } = groupColumns(request);
    const rows = scope(request).page<GroupRow>('website_groups', page, {
      columns,
      where: search ? 'instr(lower(name), @search) > 0' : undefined,
      params: search ? { ...params, search } : params,
      orderBy: 'name COLLATE NOCASE, id',
    });
    const editable = mayManageGroups(request);
    const answer: WebsiteGroupListAnswer = { list: rows.list.map((row) => toWebsiteGroup(row, editable)), total: rows.total, editable };
    return ok(reply, answer);
  });

  api.post('/V4/cloudsafe.hwws.website.group.create', async (request, reply) => {
    const { value, issues } = readGroup(request.body);
    if (!validated(reply, issues)) return reply;
    if (!mayManageGroups(request)) return fail(reply, PERMISSION_DENIED_CODE);
    if (!validated(reply, onField('name', validateNewGroupName(nameTaken(request, value.name))))) return reply;
    const now = api.now();
    const id = api.db.transaction(() => {
      const created = scope(request).insert('website_groups', { name: value.name, remark: value.remark, created_at: now, updated_at: now });
      recordOperation(request, { area: 'website-group', action: 'create', objectId: created, objectLabel: value.name, after: value });
      return created;
    })();
    return ok(reply, toWebsiteGroup(findGroup(request, id)!, true));
  });

  api.post('/V4/cloudsafe.hwws.website.group.update', async (request, reply) => {
    const id = positiveId((request.body as Record<string, unknown> | null)?.id);
    const { value, issues } = readGroup(request.body);
    if (!validated(reply, [...(id === null ? [{ field: 'id', key: 'common.positive-integer' }] : []), ...issues])) return reply;
    if (!mayManageGroups(request)) return fail(reply, PERMISSION_DENIED_CODE);
    const group = findGroup(request, id as number);
    if (!group) return fail(reply, NOT_FOUND_CODE);
    if (!validated(reply, onField('name', validateNewGroupName(nameTaken(request, value.name, group.id))))) return reply;
    writeIfChanged(
      request,
      { area: 'website-group', action: 'update', objectId: group.id, objectLabel: value.name, before: { name: group.name, remark: group.remark }, after: value },
      () => scope(request).update('website_groups', { name: value.name, remark: value.remark, updated_at: api.now() }, 'id = @id', { id: group.id }),
    );
    return ok(reply, toWebsiteGroup(findGroup(request, group.id)!, true));
  });

  api.post('/V4/cloudsafe.hwws.website.group.delete', async (request, reply) => {
    const id = positiveId((request.body as Record<string, unknown> | null)?.id);
    if (!validated(reply, id === null ? [{ field: 'id', key: 'common.positive-integer' }] : [])) return reply;
    if (!mayManageGroups(request)) return fail(reply, PERMISSION_DENIED_CODE);
    const group = findGroup(request, id as number);
    if (!group) return fail(reply, NOT_FOUND_CODE);
    api.db.transaction(() => {
      // The group's websites become ungrouped (ON DELETE SET NULL); nothing else about them changes.
      scope(request).remove('website_groups', 'id = @id', { id: group.id });
      recordOperation(request, {
        area: 'website-group',
        action: 'delete',
        objectId: group.id,
        objectLabel: group.name,
        before: { name: group.name, remark: group.remark, domain_count: group.domain_count },
      });
    })();
    return ok(reply, null);
  });

  api.post('/V4/cloudsafe.hwws.website.group.assign', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const groupId = body.group_id === null || body.group_id === undefined ? null : positiveId(body.group_id);
    const { value: selection, issues } = readSelection(request.body);
    const groupIssues = body.group_id !== null && body.group_id !== undefined && groupId === null ? [{ field: 'group_id', key: 'common.format-error' }] : [];
    if (!validated(reply, [...groupIssues, ...issues])) return reply;
    if (!permissions(request).can('domain', 'manage')) return fail(reply, PERMISSION_DENIED_CODE);
    const group = groupId === null ? null : findGroup(request, groupId);
    if (groupId !== null && !group) return fail(reply, NOT_FOUND_CODE);
    const { rows, missing } = resolveSelection(request, selection, 'manage');
    const tenant = scope(request);
    const now = api.now();
    const moved = rows.filter((row) => row.group_id !== groupId);
    // Websites already in the group are not written, and a group nothing moves into keeps its update time.
    if (moved.length > 0) api.db.transaction(() => {
      tenant.update('domains', { group_id: groupId, updated_at: now }, 'id IN (SELECT value FROM json_each(@ids))', {
        ids: JSON.stringify(moved.map((row) => row.id)),
      });
      // Groups belong to the whole account: its modification time moves only when a website really joined it, so
      // a selection the caller may not see (rules §6) leaves it as it was.
      if (group && moved.length > 0) tenant.update('website_groups', { updated_at: now }, 'id = @id', { id: group.id });
      for (const row of moved) {
        recordOperation(request, {
          area: 'domain',
          action: 'assign-group',
          objectId: row.id,
          objectLabel: row.domain,
          before: { group_id: row.group_id, group_name: row.group_name ?? '' },
          after: { group_id: groupId, group_name: group?.name ?? '' },
        });
      }
    })();
    const results: WebsiteOutcome[] = [...rows.map((row) => ({ domain: row.domain, id: row.id, ok: true, status: row.status })), ...missing];
    return ok(reply, { results, succeeded: rows.length, failed: missing.length, job_id: null });
  });

  api.get('/V4/cloudsafe.hwws.template.list', async (request, reply) => {
    const { page, issues } = readPage(request.query);
    if (!validated(reply, issues)) return reply;
    if (!permissions(request).can('domain', 'read')) return fail(reply, PERMISSION_DENIED_CODE);
    const answer: ListAnswer<WebsiteTemplate> = scope(request).page<WebsiteTemplate>('website_templates', page, {
      columns: 'id, name, remark',
      orderBy: 'id',
    });
    return ok(reply, answer);
  });
}
