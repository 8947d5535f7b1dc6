/**
 * The `certificate.issue` job: free certificates move from "applying" to "issued", or to "review failed" with a
 * reason (rules §4), a few per step; renewals (rules §9 automatic renewal) re-issue an issued certificate in place,
 * keeping its bindings. Each step looks at the row before acting, so a step repeated after a restart changes nothing
 * twice: an applying certificate is issued once, a renewal clears its `renewing` flag when done.
 */
import type { Db } from '../../platform/database.js';
import { prepare } from '../../platform/database.js';
import type { JobHandler } from '../../platform/jobs/runner.js';
import { issueCertificate, reviewDomain, sealContext, type CertificateRow } from './store.js';
import { vaultFor } from './vault.js';

/** The job type (the job list names it "certificate issuance"). */
export const CERTIFICATE_ISSUE_JOB = 'certificate.issue';
/** Certificates handled per step: each takes a key generation and a signature, about a millisecond. */
const PER_STEP = 10;

/** Parameters of the job. */
export interface CertificateIssueParams {
  certificate_ids: number[];
  /** Re-issue issued certificates whose renewal is due, instead of issuing applying ones. */
  renew?: boolean;
}

/** Results of the job. */
export interface CertificateIssueResult {
  issued: number;
  review_failed: number;
}

interface Cursor {
  index: number;
  issued: number;
  failed: number;
}

function processOne(db: Db, memberId: number, id: number, renew: boolean, now: number): 'issued' | 'failed' | 'skipped' {
  const row = prepare(db, 'SELECT * FROM certificates WHERE id = ? AND member_id = ?').get(id, memberId) as CertificateRow | undefined;
  if (!row || row.source !== 'free' || row.free_issuer === null) return 'skipped';
  if (renew ? row.apply_status !== 'issued' || row.renewing !== 1 : row.apply_status !== 'applying') return 'skipped';
  const names = JSON.parse(row.domains) as string[];
  const refusal = names.map((name) => reviewDomain(db, memberId, name)).find((reason) => reason !== null) ?? null;
  if (refusal !== null) {
    prepare(
      db,
      `UPDATE certificates SET apply_status = CASE WHEN apply_status = 'applying' THEN 'review_failed' ELSE apply_status END,
              review_reason = ?, renewing = 0, updated_at = ? WHERE id = ? AND member_id = ?`,
    ).run(refusal, now, id, memberId);
    return 'failed';
  }
  const vault = vaultFor(db);
  const issued = issueCertificate(vault, row.free_issuer, names, now);
  prepare(
    db,
    `UPDATE certificates SET apply_status = 'issued', review_reason = '', issuer = ?, not_before = ?, not_after = ?, key_type = ?,
            chain_pem = ?, private_key_sealed = ?, renewing = 0, updated_at = ? WHERE id = ? AND member_id = ?`,
  ).run(
    issued.issuerName,
    issued.notBefore,
    issued.notAfter,
    issued.keyType,
    issued.chainPem,
    vault.seal(issued.privateKeyPem, sealContext(memberId)),
    now,
    id,
    memberId,
  );
  return 'issued';
}

/** The handler, registered by the certificate routes. */
export const certificateIssueHandler: JobHandler<CertificateIssueParams, Cursor> = {
  prepare: () => ({ index: 0, issued: 0, failed: 0 }),
  step({ db, memberId, params, state, now }) {
    const ids = params.certificate_ids;
    const slice = ids.slice(state.index, state.index + PER_STEP);
    let { issued, failed } = state;
    db.transaction(() => {
      for (const id of slice) {
        const outcome = processOne(db, memberId, id, params.renew === true, now());
        if (outcome === 'issued') issued++;
        if (outcome === 'failed') failed++;
      }
    })();
    const index = state.index + slice.length;
    if (index >= ids.length) {
      const result: CertificateIssueResult = { issued, review_failed: failed };
      return { done: true, result };
    }
    return { done: false, state: { index, issued, failed }, progress: (index / ids.length) * 100 };
  },
};
