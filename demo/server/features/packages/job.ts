/**
 * The job that applies a package change (renewal, expansion, billing method change) with progress on the job stream.
 * The route checked everything first; the job checks the trial rule and the billing lock again when it applies, so
 * two changes started at once cannot both pass.
 */
import { PACKAGE_CHANGE_JOB, nextBillingStart, type PackageChange } from '../../../../core/api/endpoints/packages.js';
import { featureGate } from '../../../../core/config/plan-gates.js';
import { JobFailure, type JobHandler, type JobRunner } from '../../platform/jobs/runner.js';
import { scopeFor } from '../../platform/security/scope.js';
import { actionsOfRow, domainsOf, packageRow, renewedExpiry } from './store.js';

interface ChangeState {
  stage: 'check' | 'apply';
}

const handler: JobHandler<PackageChange, ChangeState> = {
  prepare: () => ({ stage: 'check' }),
  step({ db, memberId, params, state, now }) {
    const tenant = scopeFor(db, memberId);
    const at = now();
    const row = packageRow(tenant, params.plan_id, at);
    if (!row) throw new JobFailure('plan not found');
    if (params.kind !== 'billing') {
      const feature = params.kind === 'renew' ? 'plan_renew' : 'domain_expand';
      if (!featureGate(feature, { actions: actionsOfRow(row), flag: undefined }).allowed) throw new JobFailure('plans.trial-no-increase');
    } else if (row.billing_pending !== null) {
      throw new JobFailure('plans.billing-locked');
    }
    if (state.stage === 'check') return { done: false, state: { stage: 'apply' }, progress: 50 };
    db.transaction(() => {
      if (params.kind === 'renew') tenant.update('plans', { expire_at: renewedExpiry(row.expire_at, params.months, at) }, 'id = @id', { id: row.id });
      if (params.kind === 'expand') {
        tenant.update(
          'plans',
          { domain_packet_kurong_nums: row.domain_packet_kurong_nums + params.packs, domain_total: row.domain_total + domainsOf(params.packs) },
          'id = @id',
          { id: row.id },
        );
      }
      if (params.kind === 'billing') tenant.update('plans', { billing_pending: params.method, billing_effective_at: nextBillingStart(at) }, 'id = @id', { id: row.id });
    })();
    return { done: true, result: { plan_id: row.id } };
  },
};

/** Registers the package change job. */
export function registerPackageJobs(jobs: JobRunner): void {
  jobs.register(PACKAGE_CHANGE_JOB, handler);
}
