/**
 * Idempotent mutations. The console's client sends an `Idempotency-Key` with every POST, PUT and DELETE and reuses it
 * when it retries after a timeout, so a retried write must not apply twice. For 24 hours the server keeps, per
 * account and key, a fingerprint of the request and the answer it gave, and answers a repeat with the stored answer
 * (header `Idempotent-Replayed: true`) without running the route again.
 *
 * - The same key with a different request (method, path, body or user) is refused with CONFLICT_CODE.
 * - A repeat that arrives while the first is still running is refused with CONFLICT_CODE ("in progress").
 * - Only envelope answers (HTTP 200) are kept; after a transport fault or crash the key is released so a retry can
 *   run. A key left pending by a process that died mid-request (kill -9, power loss) is released when the server
 *   starts again ({@link releasePendingKeys}), and in any case after {@link PENDING_TIMEOUT_MS}.
 * - Routes without a session (sign-in) are not covered: their keys would have no account to belong to.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONFLICT_CODE, VALIDATION_FAILED_CODE } from '../../../../core/api/catalogue.js';
import { prepare, type Db } from '../database.js';
import { fail } from '../http/envelope.js';
import '../instance.js';

/** How long an answer is kept for replay. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** After this long a pending key is considered abandoned by a crashed process. */
export const PENDING_TIMEOUT_MS = 5 * 60_000;
/** The header name (case-insensitive on the wire). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MAX_KEY_LENGTH = 255;

interface Claim {
  memberId: number;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed; its answer is stored when sent. */
    idempotencyClaim: Claim | null;
  }
}

interface KeyRow {
  fingerprint: string;
  response: string | null;
  created_at: number;
}

function fingerprint(request: FastifyRequest, userId: number): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${userId}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

/**
 * Releases every key still marked in progress. Called once at start, before the server answers anything: the
 * reference server is the only process writing its SQLite file, so a pending key at that moment belongs to a
 * request whose process died, and its retry must run instead of waiting out {@link PENDING_TIMEOUT_MS}.
 * Returns how many were released.
 */
export function releasePendingKeys(db: Db): number {
  return prepare(db, 'DELETE FROM idempotency_keys WHERE response IS NULL').run().changes;
}

/** Installs the idempotency hooks on every mutation of an API scope (call once, on the /api plugin). */
export function registerIdempotency(api: FastifyInstance): void {
  api.decorateRequest('idempotencyClaim', null);

  api.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!MUTATIONS.has(request.method) || !request.session) return undefined;
    const header = request.headers[IDEMPOTENCY_HEADER];
    const key = Array.isArray(header) ? header[0] : header;
    if (key === undefined) return undefined;
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
      return fail(reply, VALIDATION_FAILED_CODE, {
        data: { errors: [{ field: 'Idempotency-Key', key: 'common.length-range', values: { min: 1, max: MAX_KEY_LENGTH } }] },
      });
    }
    const { db } = request.server;
    const now = request.server.now();
    const memberId = request.session.memberId;
    const print = fingerprint(request, request.session.userId);
    prepare(db, 'DELETE FROM idempotency_keys WHERE created_at < ?').run(now - IDEMPOTENCY_TTL_MS);
    const row = prepare(db, 'SELECT fingerprint, response, created_at FROM idempotency_keys WHERE member_id = ? AND key = ?').get(
      memberId,
      key,
    ) as KeyRow | undefined;
    const abandoned = row !== undefined && row.response === null && row.created_at < now - PENDING_TIMEOUT_MS;
    if (row && !abandoned) {
      if (row.fingerprint !== print) return fail(reply, CONFLICT_CODE, { key: 'idempotency-mismatch' });
      if (row.response === null) return fail(reply, CONFLICT_CODE, { key: 'idempotency-in-progress' });
      return reply.code(200).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(row.response);
    }
    prepare(
      db,
      'INSERT OR REPLACE INTO idempotency_keys (member_id, key, fingerprint, response, created_at) VALUES (?, ?, ?, NULL, ?)',
    ).run(memberId, key, print, now);
    request.idempotencyClaim = { memberId, key };
    return undefined;
  });

  api.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    const { db } = request.server;
    if (reply.statusCode === 200 && typeof payload === 'string') {
      prepare(db, 'UPDATE idempotency_keys SET response = ? WHERE member_id = ? AND key = ?').run(payload, claim.memberId, claim.key);
    } else {
      prepare(db, 'DELETE FROM idempotency_keys WHERE member_id = ? AND key = ?').run(claim.memberId, claim.key);
    }
    return payload;
  });
}
