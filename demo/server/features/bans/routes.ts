/**
 * Ban routes (rules §2 ban management: overview, ban record, immediate unlock, batch unlock; rules §3 ban record;
 * rules §4 ban states, 180-day retention; rules §5 batch unlock; shell §4 the ban gate). Every route answers
 * PERMISSION_DENIED while the account's ban management is off. A sub-account sees the bans of the domains its group
 * may read and unbans on the domains it manages.
 *
 * Batch unban comes in chunks, each with its own Idempotency-Key (the idempotency hook answers a repeated key with the
 * stored answer), and releases only records still in force, so a chunk sent again never unbans anything twice. Each
 * chunk is logged with the addresses it released, inside the same transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE } from '../../../../core/api/catalogue.js';
import {
  BAN_OVERVIEW_TOP,
  BAN_STATUSES,
  BAN_UNBAN_CHUNK_MAX,
  BAN_UNBAN_IDS_MAX,
  type BanBatchUnbanAnswer,
  type BanOverview,
  type BanRecord,
  type BanStatus,
  type BanUnbanAnswer,
} from '../../../../core/api/endpoints/bans.js';
import type { ListAnswer } from '../../../../core/api/endpoints/platform.js';
import { validateDomainSelected } from '../../../../core/rules/bans.js';
import { onField } from '../../../../core/rules/types.js';
import { keyRange } from './ip-keys.js';
import { asRecord, positiveId, readIds } from '../../platform/http/readers.js';
import { readIpEntries } from './payloads.js';
import { BAN_COLUMNS, banConditions, enterBans, mayUnbanOn, requireBanManagement, toBanRecord, type BanRow } from './store.js';
import { startBanRetention } from './retention.js';
import { prepare } from '../../platform/database.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { readPage } from '../../platform/http/pagination.js';
import { recordOperation } from '../../platform/oplog.js';
import { permissions } from '../../platform/security/permissions.js';
import { scope } from '../../platform/security/scope.js';

type ListedRow = Pick<BanRow, 'id' | 'domain_id' | 'ip' | 'duration' | 'reason' | 'rule_id' | 'status' | 'banned_at' | 'released_at'> & { domain: string };

/** The domain's name when it belongs to the account and the caller may manage it; otherwise the refusal is sent. */
function manageableDomain(request: FastifyRequest, domainId: number): { name: string } | { code: number } {
  const row = scope(request).get<{ domain: string }>('domains', { columns: 'domain', where: 'id = @id', params: { id: domainId } });
  if (!row || !permissions(request).allows('domain', 'read', domainId)) return { code: NOT_FOUND_CODE };
  if (!mayUnbanOn(permissions(request), domainId)) return { code: PERMISSION_DENIED_CODE };
  return { name: row.domain };
}

/** Registers the ban routes (under /api) and the retention sweep. */
export async function banRoutes(api: FastifyInstance): Promise<void> {
  startBanRetention(api);

  api.get('/V4/ban.record.list', async (request, reply) => {
    if (!requireBanManagement(request, reply, 'security_policy', 'read')) return reply;
    const { now } = enterBans(request);
    const query = asRecord(request.query);
    const { page, issues } = readPage(query);
    const filter = banConditions(request, query, now, ['ip', 'status'], 'security_policy');
    if (!validated(reply, [...issues, ...filter.issues])) return reply;
    const rows = scope(request).page<ListedRow>('ban_records', page, {
      columns: BAN_COLUMNS,
      where: filter.where,
      params: filter.params,
      orderBy: 'banned_at DESC, id DESC',
    });
    const answer: ListAnswer<BanRecord> = { list: rows.list.map((row) => toBanRecord(permissions(request), row)), total: rows.total };
    return ok(reply, answer);
  });

  api.get('/V4/ban.overview', async (request, reply) => {
    if (!requireBanManagement(request, reply, 'reports', 'read')) return reply;
    const { memberId, now } = enterBans(request);
    const filter = banConditions(request, asRecord(request.query), now, [], 'reports');
    if (!validated(reply, filter.issues)) return reply;
    // A report of one website the reports grant does not cover is refused, not answered with zeros.
    const only = filter.params.domain_id as number | undefined;
    if (only !== undefined && !permissions(request).allows('reports', 'read', only)) return fail(reply, PERMISSION_DENIED_CODE);
    const params = { ...filter.params, member_id: memberId, top: BAN_OVERVIEW_TOP };
    const where = `member_id = @member_id AND ${filter.where}`;
    const counts = Object.fromEntries(BAN_STATUSES.map((status) => [status, 0])) as Record<BanStatus, number>;
    for (const row of prepare(api.db, `SELECT status, COUNT(*) AS total FROM ban_records WHERE ${where} GROUP BY status`).all(params) as {
      status: BanStatus;
      total: number;
    }[]) {
      counts[row.status] = row.total;
    }
    const topIps = prepare(
      api.db,
      `SELECT ip AS key, COUNT(*) AS count FROM ban_records WHERE ${where} GROUP BY ip ORDER BY count DESC, ip LIMIT @top`,
    ).all(params) as BanOverview['top_ips'];
    const topDomains = prepare(
      api.db,
      `SELECT domains.domain AS key, ban_records.domain_id AS domain_id, COUNT(*) AS count
         FROM ban_records JOIN domains ON domains.id = ban_records.domain_id
        WHERE ban_records.id IN (SELECT id FROM ban_records WHERE ${where})
        GROUP BY ban_records.domain_id ORDER BY count DESC, key LIMIT @top`,
    ).all(params) as BanOverview['top_domains'];
    const answer: BanOverview = { counts, top_ips: topIps, top_domains: topDomains };
    return ok(reply, answer);
  });

  api.post('/V4/ban.record.unban', async (request, reply) => {
    if (!requireBanManagement(request, reply, 'security_policy', 'manage')) return reply;
    const { memberId, now } = enterBans(request);
    const { ids, issues } = readIds(asRecord(request.body).ids, 'ids', BAN_UNBAN_IDS_MAX);
    if (!validated(reply, issues)) return reply;
    const visible = permissions(request).visible('domain', 'domain_id');
    const rows = scope(request).all<ListedRow>('ban_records', {
      columns: BAN_COLUMNS,
      where: `id IN (SELECT value FROM json_each(@ids)) AND ${visible.where}`,
      params: { ...visible.params, ids: JSON.stringify(ids) },
    });
    if (rows.length !== ids.length) return fail(reply, NOT_FOUND_CODE);
    if (rows.some((row) => !mayUnbanOn(permissions(request), row.domain_id))) return fail(reply, PERMISSION_DENIED_CODE);
    const userId = request.session!.userId;
    const unbanned = api.db.transaction(() => {
      const released = prepare(
        api.db,
        `UPDATE ban_records SET status = 'manual_unbanned', released_at = @now, released_by = @user_id
          WHERE member_id = @member_id AND id IN (SELECT value FROM json_each(@ids)) AND status = 'banned'
          RETURNING id`,
      ).all({ now, user_id: userId, member_id: memberId, ids: JSON.stringify(ids) }) as { id: number }[];
      const releasedIds = new Set(released.map((row) => row.id));
      for (const row of rows) {
        if (!releasedIds.has(row.id)) continue;
        recordOperation(request, {
          area: 'ban',
          action: 'unban',
          objectId: row.id,
          objectLabel: `${row.ip} · ${row.domain}`,
          before: { ip: row.ip, domain: row.domain, status: 'banned' },
          after: { ip: row.ip, domain: row.domain, status: 'manual_unbanned' },
        });
      }
      return released.length;
    })();
    const answer: BanUnbanAnswer = { unbanned };
    return ok(reply, answer);
  });

  api.post('/V4/ban.batch.unban', async (request, reply) => {
    if (!requireBanManagement(request, reply, 'security_policy', 'manage')) return reply;
    const { memberId, now } = enterBans(request);
    const body = asRecord(request.body);
    const domainId = positiveId(body.domain_id);
    const read = readIpEntries(body.entries, BAN_UNBAN_CHUNK_MAX);
    const issues = [...onField('domain_id', validateDomainSelected(domainId)), ...read.issues];
    if (!validated(reply, issues)) return reply;
    const domain = manageableDomain(request, domainId!);
    if ('code' in domain) return fail(reply, domain.code);

    const release = prepare(
      api.db,
      `UPDATE ban_records SET status = 'manual_unbanned', released_at = @now, released_by = @user_id
        WHERE member_id = @member_id AND domain_id = @domain_id AND status = 'banned' AND ip_key BETWEEN @low AND @high
        RETURNING ip`,
    );
    const answer = api.db.transaction((): BanBatchUnbanAnswer => {
      const notBanned: string[] = [];
      const releasedIps: string[] = [];
      let unbannedEntries = 0;
      for (const entry of read.entries) {
        const range = keyRange(entry)!;
        const released = release.all({ now, user_id: request.session!.userId, member_id: memberId, domain_id: domainId, ...range }) as { ip: string }[];
        if (released.length === 0) notBanned.push(entry);
        else {
          unbannedEntries++;
          for (const row of released) releasedIps.push(row.ip);
        }
      }
      if (releasedIps.length > 0) {
        recordOperation(request, {
          area: 'ban',
          action: 'unban',
          objectId: domainId,
          objectLabel: domain.name,
          before: { domain: domain.name, status: 'banned', ips: releasedIps },
          after: { domain: domain.name, status: 'manual_unbanned', ips: releasedIps },
        });
      }
      return { unbanned_entries: unbannedEntries, not_banned: notBanned, released_records: releasedIps.length };
    })();
    return ok(reply, answer);
  });
}
