/**
 * Identity verification (实名认证) of the main account, the user center's `authentication` page (shell §2). The spec
 * names only the route and its label, so this follows what a Chinese CDN console's real-name verification does: one
 * record per main account, an individual (real name and resident ID number) or an enterprise (company name, unified
 * social credit code, legal representative), unverified -> pending -> verified, or rejected with a reason and then
 * submitted again. A verified account cannot submit again.
 *
 * The review is the reference server's simulation, like the website approval of the provisioning job: a submission
 * is decided {@link IDENTITY_REVIEW_MS} after it was made. A timer decides it then (and `notify()` tells the account),
 * a read of a pending record that is due decides it at once (so a restart, or a test's clock, never leaves it hanging),
 * and the server decides the overdue ones when it starts. The name {@link IDENTITY_REVIEW_REJECTED_NAME} is refused
 * ("the name does not match the registry"), so both outcomes can be seen.
 *
 * Sub-accounts are refused (PERMISSION_DENIED). Shell §6 reads either way: "child users see only account security"
 * could let them see the account's status, but the identity is the main account's, not the child's own security, so
 * the stricter reading holds and the demo host does not offer them the page either (demo/host/availability.ts).
 */
import type { FastifyInstance } from 'fastify';
import { CONFLICT_CODE, PERMISSION_DENIED_CODE } from '../../../../core/api/catalogue.js';
import { CHILD_ACCOUNT_TYPE } from '../../../../core/api/endpoints/auth.js';
import type { IdentityRejection, IdentityVerification } from '../../../../core/api/endpoints/user-center.js';
import { IDENTITY_REVIEW_REJECTED_NAME, maskIdentityNumber, type IdentityKind } from '../../../../core/rules/identity.js';
import { isoTime, prepare, type Db } from '../../platform/database.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { recordOperation } from '../../platform/oplog.js';
import { requireSession } from '../../platform/security/session.js';
import { notify } from '../messages/index.js';
import { readIdentity } from './payloads.js';

/** What deciding a review needs of the server: notify()'s app (a route's server, or the app). */
type ReviewApp = Parameters<typeof notify>[0];

/** Time from a submission to the simulated review's decision. */
export const IDENTITY_REVIEW_MS = 3_000;

interface IdentityRow {
  member_id: number;
  status: 'pending' | 'verified' | 'rejected';
  kind: IdentityKind;
  name: string;
  number: string;
  legal_person: string;
  reason: IdentityRejection | null;
  submitted_by: number;
  submitted_at: number;
  review_due_at: number;
  reviewed_at: number | null;
}

function rowOf(db: Db, memberId: number): IdentityRow | undefined {
  return prepare(db, 'SELECT * FROM member_identity WHERE member_id = ?').get(memberId) as IdentityRow | undefined;
}

/** The answer: the resident ID number masked; a credit code is public registration data and shown whole. */
function toVerification(row: IdentityRow | undefined): IdentityVerification {
  if (!row) return { status: 'unverified', kind: null, name: '', number: '', legal_person: '', submitted_at: null, reviewed_at: null, reason: null };
  return {
    status: row.status,
    kind: row.kind,
    name: row.name,
    number: row.kind === 'individual' ? maskIdentityNumber(row.number) : row.number,
    legal_person: row.legal_person,
    submitted_at: isoTime(row.submitted_at),
    reviewed_at: isoTime(row.reviewed_at),
    reason: row.reason,
  };
}

/** The simulated registry check: only the documented test name fails. */
function decide(row: IdentityRow): IdentityRejection | null {
  const names = row.kind === 'individual' ? [row.name] : [row.name, row.legal_person];
  return names.includes(IDENTITY_REVIEW_REJECTED_NAME) ? 'name-mismatch' : null;
}

/** Decides every pending review that is due (of one account, or all); tells each account the outcome. */
export async function settleIdentityReviews(app: ReviewApp, memberId?: number): Promise<number> {
  const now = app.now();
  const due = prepare(
    app.db,
    `SELECT * FROM member_identity WHERE status = 'pending' AND review_due_at <= ? ${memberId === undefined ? '' : 'AND member_id = ?'}`,
  ).all(...(memberId === undefined ? [now] : [now, memberId])) as IdentityRow[];
  const update = prepare(
    app.db,
    "UPDATE member_identity SET status = ?, reason = ?, reviewed_at = ? WHERE member_id = ? AND status = 'pending' AND submitted_at = ?",
  );
  const decided: { row: IdentityRow; reason: IdentityRejection | null }[] = [];
  app.db.transaction(() => {
    for (const row of due) {
      const reason = decide(row);
      // Only the submission that was due: a request deciding it at the same moment as the timer moves it once.
      if (update.run(reason ? 'rejected' : 'verified', reason, now, row.member_id, row.submitted_at).changes > 0) decided.push({ row, reason });
    }
  })();
  await Promise.all(
    decided.map(({ row, reason }) =>
      notify(app, row.member_id, {
        kind: reason ? 'identity-rejected' : 'identity-verified',
        values: { name: row.name, reason: reason ?? '' },
        userIds: [row.submitted_by],
        once: `identity:${row.submitted_at}`,
      }),
    ),
  );
  return decided.length;
}

/** Registers the routes (under /api) and the review timers. */
export async function identityRoutes(api: FastifyInstance): Promise<void> {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let open = false;
  const schedule = (at: number) => {
    if (!open) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void settleIdentityReviews(api).catch((error: unknown) => api.log.error({ err: error }, 'identity review failed'));
    }, Math.max(0, at - api.now()));
    timer.unref();
    timers.add(timer);
  };
  api.addHook('onReady', async () => {
    open = true;
    await settleIdentityReviews(api);
    const pending = prepare(api.db, "SELECT review_due_at FROM member_identity WHERE status = 'pending'").all() as { review_due_at: number }[];
    for (const row of pending) schedule(row.review_due_at);
  });
  api.addHook('onClose', async () => {
    open = false;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });

  api.get('/V4/member.identity.get', async (request, reply) => {
    const session = requireSession(request);
    if (session.accountType === CHILD_ACCOUNT_TYPE) return fail(reply, PERMISSION_DENIED_CODE);
    await settleIdentityReviews(api, session.memberId);
    return ok(reply, toVerification(rowOf(api.db, session.memberId)));
  });

  api.post('/V4/member.identity.submit', async (request, reply) => {
    const session = requireSession(request);
    if (session.accountType === CHILD_ACCOUNT_TYPE) return fail(reply, PERMISSION_DENIED_CODE);
    const { value, issues } = readIdentity(request.body);
    if (!validated(reply, issues)) return reply;
    await settleIdentityReviews(api, session.memberId);
    const before = rowOf(api.db, session.memberId);
    if (before?.status === 'pending') return fail(reply, CONFLICT_CODE, { key: 'identity-pending' });
    if (before?.status === 'verified') return fail(reply, CONFLICT_CODE, { key: 'identity-verified' });
    const now = api.now();
    const individual = value.kind === 'individual';
    const row = {
      kind: value.kind,
      name: (individual ? value.real_name : value.company_name) ?? '',
      number: (individual ? value.id_number : value.credit_code) ?? '',
      legal_person: individual ? '' : (value.legal_person ?? ''),
    };
    api.db.transaction(() => {
      prepare(
        api.db,
        `INSERT INTO member_identity (member_id, status, kind, name, number, legal_person, reason, submitted_by, submitted_at, review_due_at, reviewed_at)
         VALUES (@member, 'pending', @kind, @name, @number, @legal_person, NULL, @user, @now, @due, NULL)
         ON CONFLICT (member_id) DO UPDATE SET status = 'pending', kind = @kind, name = @name, number = @number, legal_person = @legal_person,
           reason = NULL, submitted_by = @user, submitted_at = @now, review_due_at = @due, reviewed_at = NULL`,
      ).run({ member: session.memberId, user: session.userId, now, due: now + IDENTITY_REVIEW_MS, ...row });
      // The log never holds the whole ID number: what the answers show of it is enough to tell submissions apart.
      const shown = (found: { kind: IdentityKind; name: string; number: string; legal_person: string; status?: string; reason?: string | null }) => ({
        status: found.status ?? 'pending',
        kind: found.kind,
        name: found.name,
        number: found.kind === 'individual' ? maskIdentityNumber(found.number) : found.number,
        legal_person: found.legal_person,
        ...(found.reason ? { reason: found.reason } : {}),
      });
      recordOperation(request, {
        area: 'account',
        action: 'identity-submit',
        objectId: session.memberId,
        objectLabel: row.name,
        before: before ? shown(before) : { status: 'unverified' },
        after: shown(row),
      });
    })();
    schedule(now + IDENTITY_REVIEW_MS);
    return ok(reply, toVerification(rowOf(api.db, session.memberId)));
  });
}
