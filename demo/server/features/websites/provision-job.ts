/**
 * Website provisioning (rules §4 website service status) on the job runner: approval pending -> configuration being
 * issued -> serving. One job covers the websites of one submission (an add, an enable, a batch setting):
 *
 * 1. approve: each site still "approval pending" is reviewed; a domain another account added first fails with rules §8
 *    "Current input domain invalid or already bound", every other site moves to "configuration being issued";
 * 2. deploy: each site "being issued" or "update in progress" goes live: "serving", or "returned to origin" when its
 *    traffic goes straight to the origin, or "origin not set" when it has no origin yet.
 *
 * Each step only moves sites that are still in the status it expects, so a site suspended or deleted meanwhile is
 * left alone, and a step repeated after a restart changes nothing twice.
 */
import { validateDomainOwnership } from '../../../../core/rules/websites.js';
import { prepare } from '../../platform/database.js';
import type { JobHandler, JobRunner } from '../../platform/jobs/runner.js';

/** The job type. */
export const WEBSITE_PROVISION_JOB = 'website.provision';

/** What the job is given: the websites of one submission. */
export interface ProvisionParams {
  ids: number[];
}

/** The job's cursor: the stage still to run, and what the review decided (reported in the result). */
export interface ProvisionState {
  stage: 'approve' | 'deploy';
  approved?: number[];
  failed?: number[];
}

/** The job's result: sites that went live, and the sites the review approved or refused (the message center tells). */
export interface ProvisionResult {
  deployed: number;
  approved: number[];
  failed: number[];
}

const handler: JobHandler<ProvisionParams, ProvisionState> = {
  prepare: () => ({ stage: 'approve' }),
  step({ db, memberId, params, state, now }) {
    const ids = JSON.stringify(params.ids);
    const at = now();
    if (state.stage === 'approve') {
      const pending = prepare(
        db,
        `SELECT d.id,
                EXISTS (SELECT 1 FROM domains o WHERE o.member_id <> d.member_id AND o.domain = d.domain COLLATE NOCASE
                          AND o.id < d.id) AS bound_elsewhere
           FROM domains d
          WHERE d.member_id = ? AND d.status = 'pending_approval' AND d.id IN (SELECT value FROM json_each(?))`,
      ).all(memberId, ids) as { id: number; bound_elsewhere: number }[];
      const review = prepare(
        db,
        `UPDATE domains SET status = ?, status_reason = ?, updated_at = ?
          WHERE member_id = ? AND id = ? AND status = 'pending_approval'`,
      );
      const approved: number[] = [];
      const failed: number[] = [];
      db.transaction(() => {
        for (const site of pending) {
          const refusal = validateDomainOwnership(site.bound_elsewhere === 1);
          const moved = review.run(refusal ? 'approval_failed' : 'deploying', JSON.stringify(refusal), at, memberId, site.id);
          if (moved.changes > 0) (refusal ? failed : approved).push(site.id);
        }
      })();
      return { done: false, state: { stage: 'deploy', approved, failed }, progress: 50 };
    }
    const live = prepare(
      db,
      `UPDATE domains
          SET status = CASE
                WHEN NOT EXISTS (SELECT 1 FROM website_origins w WHERE w.domain_id = domains.id) THEN 'no_origin'
                WHEN traffic_mode = 'origin' THEN 'returned_to_origin'
                ELSE 'serving' END,
              access_status = CASE WHEN access_mode = 'ns' THEN 'connected' ELSE access_status END,
              updated_at = ?
        WHERE member_id = ? AND status IN ('deploying', 'updating') AND id IN (SELECT value FROM json_each(?))`,
    ).run(at, memberId, ids);
    const result: ProvisionResult = { deployed: live.changes, approved: state.approved ?? [], failed: state.failed ?? [] };
    return { done: true, result };
  },
};

/** Registers the provisioning job with a runner. */
export function registerWebsiteJobs(jobs: JobRunner): void {
  jobs.register(WEBSITE_PROVISION_JOB, handler);
}
