/**
 * Access keys (rules §3 "status, creation time, last use time, secret shown once"; rules §4 enable, disable, update
 * secret and delete each confirmed in the console). The secret is created here, sent in the creating (or rotating)
 * answer only, and stored as its signing key (platform/security/signed-requests.ts), so it is never shown again.
 * A key acts as one user: the main account, or a sub-account with that sub-account's grants.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND_CODE } from '../../../../core/api/catalogue.js';
import type { AccessKeySecret } from '../../../../core/api/endpoints/access.js';
import { validateAccessRemark } from '../../../../core/rules/access.js';
import { issue, onField } from '../../../../core/rules/types.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { readPage } from '../../platform/http/pagination.js';
import { asRecord, positiveId } from '../../platform/http/readers.js';
import { recordOperation, writeIfChanged } from '../../platform/oplog.js';
import { scope } from '../../platform/security/scope.js';
import { requireSession } from '../../platform/security/session.js';
import { storedSecret } from './key-secrets.js';
import { readStatus } from './payloads.js';
import { ACCESS_AREA, requireAccessManager } from './routes.js';
import { ACCESS_KEY_COLUMNS, accessKeyLogView, findAccessKey, toAccessKey, type AccessKeyRow } from './store.js';

/** A new public key id: "EC" and 20 upper-case hex digits (unique across accounts, the lookup of a signed call). */
function newKeyId(): string {
  return `EC${randomBytes(10).toString('hex').toUpperCase()}`;
}

/** A new secret: 32 random bytes, base64url (43 characters). */
function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Registers the routes (under /api). */
export async function accessKeyRoutes(api: FastifyInstance): Promise<void> {
  api.get('/V4/access.key.list', async (request, reply) => {
    const { page, issues } = readPage(request.query);
    const userGiven = asRecord(request.query).user_id !== undefined && asRecord(request.query).user_id !== '';
    const userId = userGiven ? positiveId(asRecord(request.query).user_id) : null;
    if (!validated(reply, [...issues, ...(userGiven && userId === null ? onField('user_id', issue('common.positive-integer')) : [])])) return reply;
    if (!requireAccessManager(request, reply)) return reply;
    const rows = scope(request).page<AccessKeyRow>('access_keys', page, {
      columns: ACCESS_KEY_COLUMNS,
      where: userId === null ? undefined : 'user_id = @user',
      params: userId === null ? {} : { user: userId },
      orderBy: 'created_at DESC, id DESC',
    });
    return ok(reply, { list: rows.list.map(toAccessKey), total: rows.total });
  });

  api.post('/V4/access.key.create', async (request, reply) => {
    const body = asRecord(request.body);
    const userGiven = body.user_id !== undefined && body.user_id !== null;
    const userId = userGiven ? positiveId(body.user_id) : null;
    const remark = typeof body.remark === 'string' ? body.remark.trim() : '';
    const issues = [...(userGiven && userId === null ? onField('user_id', issue('common.positive-integer')) : []), ...onField('remark', validateAccessRemark(remark))];
    if (!validated(reply, issues)) return reply;
    if (!requireAccessManager(request, reply)) return reply;
    const tenant = scope(request);
    const owner = userId ?? requireSession(request).userId;
    if (userId !== null && !tenant.get('users', { columns: 'id', where: 'account_type = 2 AND id = @id', params: { id: userId } })) return fail(reply, NOT_FOUND_CODE);
    const secret = newSecret();
    const id = api.db.transaction(() => {
      const keyId = newKeyId();
      const created = tenant.insert('access_keys', { user_id: owner, key_id: keyId, ...storedSecret(api.db, tenant.memberId, keyId, secret), remark, created_at: api.now() });
      const row = findAccessKey(tenant, created)!;
      recordOperation(request, { area: ACCESS_AREA, action: 'create', objectId: created, objectLabel: row.key_id, after: accessKeyLogView(row) });
      return created;
    })();
    const answer: AccessKeySecret = { key: toAccessKey(findAccessKey(tenant, id)!), secret };
    return ok(reply, answer);
  });

  api.post('/V4/access.key.status', async (request, reply) => {
    const id = positiveId(asRecord(request.body).id);
    const { status, issues } = readStatus(request.body);
    if (!validated(reply, [...(id === null ? onField('id', issue('common.positive-integer')) : []), ...issues])) return reply;
    if (!requireAccessManager(request, reply)) return reply;
    const tenant = scope(request);
    const row = findAccessKey(tenant, id!);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    writeIfChanged(
      request,
      { area: ACCESS_AREA, action: status === 'enabled' ? 'enable' : 'disable', objectId: row.id, objectLabel: row.key_id, before: { status: row.status }, after: { status } },
      () => tenant.update('access_keys', { status }, 'id = @id', { id: row.id }),
    );
    return ok(reply, toAccessKey(findAccessKey(tenant, row.id)!));
  });

  api.post('/V4/access.key.rotate', async (request, reply) => {
    const id = positiveId(asRecord(request.body).id);
    if (!validated(reply, id === null ? onField('id', issue('common.positive-integer')) : [])) return reply;
    if (!requireAccessManager(request, reply)) return reply;
    const tenant = scope(request);
    const row = findAccessKey(tenant, id!);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    const secret = newSecret();
    api.db.transaction(() => {
      // The old secret stops working with this write: a signature made with it no longer verifies.
      tenant.update('access_keys', { ...storedSecret(api.db, tenant.memberId, row.key_id, secret), rotated_at: api.now() }, 'id = @id', { id: row.id });
      recordOperation(request, { area: ACCESS_AREA, action: 'rotate', objectId: row.id, objectLabel: row.key_id, before: accessKeyLogView(row), after: accessKeyLogView(findAccessKey(tenant, row.id)!) });
    })();
    const answer: AccessKeySecret = { key: toAccessKey(findAccessKey(tenant, row.id)!), secret };
    return ok(reply, answer);
  });

  api.post('/V4/access.key.delete', async (request, reply) => {
    const id = positiveId(asRecord(request.body).id);
    if (!validated(reply, id === null ? onField('id', issue('common.positive-integer')) : [])) return reply;
    if (!requireAccessManager(request, reply)) return reply;
    const tenant = scope(request);
    const row = findAccessKey(tenant, id!);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    api.db.transaction(() => {
      tenant.remove('access_keys', 'id = @id', { id: row.id });
      recordOperation(request, { area: ACCESS_AREA, action: 'delete', objectId: row.id, objectLabel: row.key_id, before: accessKeyLogView(row) });
    })();
    return ok(reply, null);
  });
}
