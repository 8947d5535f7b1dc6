/**
 * IP list routes (rules §2 IP lists; rules §3 "IP list: name, remark, IP count, creation time"; rules §5 "IPv4, IPv6,
 * CIDR; up to 200,000 per list and 20,000 per uploaded CSV/TXT file"). Lists belong to the account; WAF rules
 * reference them by id (`PolicyCondition.data.ip_list_id`), so a sub-account needs the domain module like the WAF
 * routes (read to see, manage to change), and a referenced list cannot be deleted. Entries are stored by canonical
 * text, so one address spelt two ways is one entry, and adding entries is all or nothing: a batch that would take a
 * list past 200,000 adds none.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONFLICT_CODE, NOT_FOUND_CODE, PERMISSION_DENIED_CODE, type FieldIssue } from '../../../../core/api/catalogue.js';
import {
  IP_LIST_REMOVE_MAX,
  type IpListEntry,
  type IpListEntryAddAnswer,
  type IpListEntryRemoveAnswer,
  type IpListExportAnswer,
  type IpListInfo,
  type IpListOption,
} from '../../../../core/api/endpoints/ip-lists.js';
import type { ListAnswer } from '../../../../core/api/endpoints/platform.js';
import { IP_LIST_FILE_MAX, validateIpListCapacity, validateIpListDeletable } from '../../../../core/rules/bans.js';
import { issue, onField } from '../../../../core/rules/types.js';
import { keyRange, storedEntry } from './ip-keys.js';
import { asRecord, positiveId, readIds } from '../../platform/http/readers.js';
import { readIpEntries, readIpListForm } from './payloads.js';
import { prepare, isoTime } from '../../platform/database.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { readPage } from '../../platform/http/pagination.js';
import { recordOperation, writeIfChanged } from '../../platform/oplog.js';
import { mayReachObject, requireObject, visibleObjects } from '../../platform/security/object-reach.js';
import { permissions } from '../../platform/security/permissions.js';
import { scope, type Params } from '../../platform/security/scope.js';

const LISTS = 'ip_lists';
const ENTRIES = 'ip_list_entries';
const KEYWORD_MAX = 64;
/** Entries the operation log keeps of one addition: enough to recognise it, small enough for a 20,000-entry file. */
const LOGGED_ENTRIES_MAX = 100;
/** A 20,000-entry file of IPv6 blocks is about 1 MB of JSON; the default body limit is exactly 1 MB. */
const ADD_BODY_LIMIT = 4 * 1024 * 1024;

interface ListRow {
  id: number;
  name: string;
  remark: string;
  entry_count: number;
  created_at: number;
  updated_at: number;
  rule_references: number;
}

/** The list columns, with the number of WAF rules whose conditions name the list. */
const LIST_COLUMNS = `id, name, remark, entry_count, created_at, updated_at,
  (SELECT COUNT(*) FROM waf_rules WHERE waf_rules.member_id = ip_lists.member_id AND EXISTS (
     SELECT 1 FROM json_each(waf_rules.conditions) AS c WHERE json_extract(c.value, '$.data.ip_list_id') = ip_lists.id)) AS rule_references`;

/** The API shape of a list; `editable` asks the same question the changing routes ask ({@link listEditable}). */
function toInfo(request: FastifyRequest, row: ListRow): IpListInfo {
  return {
    id: row.id,
    name: row.name,
    remark: row.remark,
    entry_count: row.entry_count,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    rule_references: row.rule_references,
    editable: listEditable(request, row.id),
  };
}

/**
 * Whether the caller may read (or change) lists; answers PERMISSION_DENIED and returns false otherwise. IP lists are
 * firewall material, so every ip.list.* route belongs to the "security policy" module (issue 26).
 */
function mayUse(request: FastifyRequest, reply: FastifyReply, access: 'read' | 'manage'): boolean {
  if (permissions(request).can('security_policy', access)) return true;
  fail(reply, PERMISSION_DENIED_CODE);
  return false;
}

/**
 * Rules §6 per object: an IP list is reached through the firewall rules whose conditions name it, so changing it
 * changes the protection of every website those rules' sets apply to (every website of the account for the default
 * set). A sub-account may change it only when it manages all of them; answers PERMISSION_DENIED otherwise.
 */
function mayChangeList(request: FastifyRequest, reply: FastifyReply, listId: number): boolean {
  if (listEditable(request, listId)) return true;
  fail(reply, PERMISSION_DENIED_CODE);
  return false;
}

/** Whether the caller may change the list (rules §6 per object): the one answer for the routes and the `editable` flag. */
function listEditable(request: FastifyRequest, listId: number): boolean {
  return mayReachObject(request, 'ip_list', 'manage', listId);
}

/**
 * A list of the account the caller may see, or the refusal answered: NOT_FOUND when there is none, PERMISSION_DENIED
 * when it acts only on websites outside a sub-account's grant (rules §6 per object).
 */
function findList(request: FastifyRequest, reply: FastifyReply, id: number | null): ListRow | undefined {
  const row = id === null ? undefined : scope(request).get<ListRow>(LISTS, { columns: LIST_COLUMNS, where: 'id = @id', params: { id } });
  if (!row) {
    fail(reply, NOT_FOUND_CODE);
    return undefined;
  }
  return requireObject(request, reply, 'ip_list', 'read', row.id) ? row : undefined;
}

function nameTaken(request: FastifyRequest, name: string, exceptId = 0): boolean {
  return scope(request).count(LISTS, { where: 'name = @name AND id != @id', params: { name, id: exceptId } }) > 0;
}

/** Rolls the addition back when the list would pass its capacity. */
class ListFull extends Error {
  constructor(readonly found: FieldIssue[]) {
    super('ip list full');
  }
}

/** A file name from a list name: letters, digits, CJK and - _ . kept, the rest dashed. */
function exportFileName(name: string): string {
  const safe = name.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '');
  return `${safe || 'ip-list'}.txt`;
}

/** Registers the IP list routes (under /api). */
export async function ipListRoutes(api: FastifyInstance): Promise<void> {
  api.get('/V4/ip.list.list', async (request, reply) => {
    if (!mayUse(request, reply, 'read')) return reply;
    const query = asRecord(request.query);
    const { page, issues } = readPage(query);
    const keyword = typeof query.keyword === 'string' ? query.keyword.trim().toLowerCase() : '';
    if (keyword.length > KEYWORD_MAX) issues.push(...onField('keyword', issue('common.too-long', { max: KEYWORD_MAX })));
    if (!validated(reply, issues)) return reply;
    const visible = visibleObjects(request, 'ip_list', 'ip_lists.id');
    const rows = scope(request).page<ListRow>(LISTS, page, {
      columns: LIST_COLUMNS,
      where: keyword ? `${visible.where} AND (instr(lower(name), @keyword) > 0 OR instr(lower(remark), @keyword) > 0)` : visible.where,
      params: keyword ? { ...visible.params, keyword } : visible.params,
      orderBy: 'id DESC',
    });
    const answer: ListAnswer<IpListInfo> = { list: rows.list.map((row) => toInfo(request, row)), total: rows.total };
    return ok(reply, answer);
  });

  api.get('/V4/ip.list.options', async (request, reply) => {
    if (!mayUse(request, reply, 'read')) return reply;
    const visible = visibleObjects(request, 'ip_list', 'ip_lists.id');
    return ok(reply, scope(request).all<IpListOption>(LISTS, { columns: 'id, name, entry_count', where: visible.where, params: visible.params, orderBy: 'name, id' }));
  });

  api.get('/V4/ip.list.get', async (request, reply) => {
    if (!mayUse(request, reply, 'read')) return reply;
    const row = findList(request, reply, positiveId(asRecord(request.query).id));
    return row ? ok(reply, toInfo(request, row)) : reply;
  });

  api.post('/V4/ip.list.create', async (request, reply) => {
    if (!mayUse(request, reply, 'manage')) return reply;
    const { name, remark, issues } = readIpListForm(asRecord(request.body));
    if (issues.length === 0 && nameTaken(request, name)) issues.push(...onField('name', issue('bans.ip-list-name-taken')));
    if (!validated(reply, issues)) return reply;
    const now = api.now();
    const created = api.db.transaction(() => {
      const id = scope(request).insert(LISTS, { name, remark, created_by: request.session!.userId, created_at: now, updated_at: now });
      recordOperation(request, { area: 'waf', action: 'create', objectId: id, objectLabel: name, after: { name, remark } });
      return scope(request).get<ListRow>(LISTS, { columns: LIST_COLUMNS, where: 'id = @id', params: { id } })!;
    })();
    return ok(reply, toInfo(request, created));
  });

  api.post('/V4/ip.list.update', async (request, reply) => {
    if (!mayUse(request, reply, 'manage')) return reply;
    const body = asRecord(request.body);
    const row = findList(request, reply, positiveId(body.id));
    if (!row) return reply;
    if (!mayChangeList(request, reply, row.id)) return reply;
    const { name, remark, issues } = readIpListForm(body);
    if (issues.length === 0 && nameTaken(request, name, row.id)) issues.push(...onField('name', issue('bans.ip-list-name-taken')));
    if (!validated(reply, issues)) return reply;
    writeIfChanged(
      request,
      { area: 'waf', action: 'update', objectId: row.id, objectLabel: name, before: { name: row.name, remark: row.remark }, after: { name, remark } },
      () => scope(request).update(LISTS, { name, remark, updated_at: api.now() }, 'id = @id', { id: row.id }),
    );
    return ok(reply, toInfo(request, scope(request).get<ListRow>(LISTS, { columns: LIST_COLUMNS, where: 'id = @id', params: { id: row.id } })!));
  });

  api.post('/V4/ip.list.delete', async (request, reply) => {
    if (!mayUse(request, reply, 'manage')) return reply;
    const row = findList(request, reply, positiveId(asRecord(request.body).id));
    if (!row) return reply;
    if (!mayChangeList(request, reply, row.id)) return reply;
    if (validateIpListDeletable(row.rule_references) !== null) {
      return fail(reply, CONFLICT_CODE, { key: 'ip-list-in-use', values: { count: row.rule_references } });
    }
    api.db.transaction(() => {
      scope(request).remove(LISTS, 'id = @id', { id: row.id });
      recordOperation(request, {
        area: 'waf',
        action: 'delete',
        objectId: row.id,
        objectLabel: row.name,
        before: { name: row.name, remark: row.remark, entry_count: row.entry_count },
      });
    })();
    return ok(reply, { id: row.id });
  });

  api.get('/V4/ip.list.entry.list', async (request, reply) => {
    if (!mayUse(request, reply, 'read')) return reply;
    const query = asRecord(request.query);
    const row = findList(request, reply, positiveId(query.id));
    if (!row) return reply;
    const { page, issues } = readPage(query);
    const keyword = typeof query.keyword === 'string' ? query.keyword.trim() : '';
    if (keyword.length > KEYWORD_MAX) issues.push(...onField('keyword', issue('common.too-long', { max: KEYWORD_MAX })));
    if (!validated(reply, issues)) return reply;
    const conditions = ['list_id = @list_id'];
    const params: Params = { list_id: row.id };
    const range = keyword ? keyRange(keyword) : null;
    if (range) {
      // An address or block finds the entries that cover any part of it: "is 1.2.3.4 on this list?"
      conditions.push('low_key <= @high AND high_key >= @low');
      Object.assign(params, range);
    } else if (keyword) {
      conditions.push('instr(entry, @keyword) > 0');
      params.keyword = keyword.toLowerCase();
    }
    const rows = scope(request).page<{ id: number; entry: string; created_at: number }>(ENTRIES, page, {
      columns: 'id, entry, created_at',
      where: conditions.join(' AND '),
      params,
      orderBy: 'id',
    });
    const answer: ListAnswer<IpListEntry> = {
      list: rows.list.map((entry) => ({ id: entry.id, entry: entry.entry, created_at: isoTime(entry.created_at) })),
      total: rows.total,
    };
    return ok(reply, answer);
  });

  api.post('/V4/ip.list.entry.add', { bodyLimit: ADD_BODY_LIMIT }, async (request, reply) => {
    if (!mayUse(request, reply, 'manage')) return reply;
    const body = asRecord(request.body);
    const row = findList(request, reply, positiveId(body.id));
    if (!row) return reply;
    if (!mayChangeList(request, reply, row.id)) return reply;
    const read = readIpEntries(body.entries, IP_LIST_FILE_MAX, 'bans.ip-list-file-limit');
    const source = body.source === 'file' ? 'file' : 'typed';
    const fileName = typeof body.file_name === 'string' ? body.file_name.slice(0, 255) : '';
    if (!validated(reply, read.issues)) return reply;
    const now = api.now();
    const insert = prepare(
      api.db,
      `INSERT OR IGNORE INTO ip_list_entries (member_id, list_id, entry, low_key, high_key, created_at)
       VALUES (@member_id, @list_id, @entry, @low, @high, @now)`,
    );
    const memberId = request.session!.memberId;
    try {
      const answer = api.db.transaction((): IpListEntryAddAnswer => {
        const added: string[] = [];
        for (const text of read.entries) {
          const entry = storedEntry(text)!;
          if (insert.run({ member_id: memberId, list_id: row.id, entry, now, ...keyRange(entry)! }).changes > 0) added.push(entry);
        }
        const full = validateIpListCapacity(row.entry_count, added.length);
        if (full !== null) throw new ListFull(onField('entries', full));
        // Entries that are all listed already change nothing: the list keeps its update time and nothing is logged.
        if (added.length > 0) {
          scope(request).update(LISTS, { entry_count: row.entry_count + added.length, updated_at: now }, 'id = @id', { id: row.id });
          recordOperation(request, {
            area: 'waf',
            action: source === 'file' ? 'import' : 'update',
            objectId: row.id,
            objectLabel: row.name,
            before: { entry_count: row.entry_count },
            after: { entry_count: row.entry_count + added.length, added: added.length, entries: added.slice(0, LOGGED_ENTRIES_MAX), file_name: fileName || undefined },
          });
        }
        const list = scope(request).get<ListRow>(LISTS, { columns: LIST_COLUMNS, where: 'id = @id', params: { id: row.id } })!;
        return { added: added.length, already_listed: read.entries.length - added.length, list: toInfo(request, list) };
      })();
      return ok(reply, answer);
    } catch (error) {
      if (!(error instanceof ListFull)) throw error;
      validated(reply, error.found);
      return reply;
    }
  });

  api.post('/V4/ip.list.entry.remove', async (request, reply) => {
    if (!mayUse(request, reply, 'manage')) return reply;
    const body = asRecord(request.body);
    const row = findList(request, reply, positiveId(body.id));
    if (!row) return reply;
    if (!mayChangeList(request, reply, row.id)) return reply;
    const { ids, issues } = readIds(body.entry_ids, 'entry_ids', IP_LIST_REMOVE_MAX);
    if (!validated(reply, issues)) return reply;
    const answer = api.db.transaction((): IpListEntryRemoveAnswer => {
      const where = 'list_id = @list_id AND id IN (SELECT value FROM json_each(@ids))';
      const params = { list_id: row.id, ids: JSON.stringify(ids) };
      const removed = scope(request).all<{ entry: string }>(ENTRIES, { columns: 'entry', where, params }).map((entry) => entry.entry);
      scope(request).remove(ENTRIES, where, params);
      scope(request).update(LISTS, { entry_count: row.entry_count - removed.length, updated_at: api.now() }, 'id = @id', { id: row.id });
      if (removed.length > 0) {
        recordOperation(request, {
          area: 'waf',
          action: 'update',
          objectId: row.id,
          objectLabel: row.name,
          before: { entry_count: row.entry_count, removed: removed.slice(0, LOGGED_ENTRIES_MAX) },
          after: { entry_count: row.entry_count - removed.length },
        });
      }
      const list = scope(request).get<ListRow>(LISTS, { columns: LIST_COLUMNS, where: 'id = @id', params: { id: row.id } })!;
      return { removed: removed.length, list: toInfo(request, list) };
    })();
    return ok(reply, answer);
  });

  api.get('/V4/ip.list.export', async (request, reply) => {
    if (!mayUse(request, reply, 'read')) return reply;
    const row = findList(request, reply, positiveId(asRecord(request.query).id));
    if (!row) return reply;
    const entries = scope(request).all<{ entry: string }>(ENTRIES, { columns: 'entry', where: 'list_id = @list_id', params: { list_id: row.id }, orderBy: 'id' });
    const answer: IpListExportAnswer = {
      file_name: exportFileName(row.name),
      content_type: 'text/plain; charset=utf-8',
      content: entries.map((entry) => entry.entry).join('\n') + (entries.length > 0 ? '\n' : ''),
    };
    return ok(reply, answer);
  });
}
