/**
 * The job that activates a TCP value-added package (rules §8 "Please activate the TCP value-added service package
 * before using forwarding"), run by the job runner like the plan renewals so activation shows progress on the job
 * stream. Activating a live package is a no-op: it never shortens or stretches a term already running.
 */
import { TCP_PACKAGE_ACTIVATE_JOB } from '../../../../core/api/endpoints/layer4.js';
import { JobFailure, type JobHandler, type JobRunner } from '../../platform/jobs/runner.js';
import { scopeFor } from '../../platform/security/scope.js';
import { isLive, packageRow, TCP_PACKAGE_TERM_MS } from './store.js';

interface ActivateState {
  stage: 'check' | 'apply';
}

const handler: JobHandler<{ id: number }, ActivateState> = {
  prepare: () => ({ stage: 'check' }),
  step({ db, memberId, params, state, now }) {
    const tenant = scopeFor(db, memberId);
    const row = packageRow(tenant, params.id);
    if (!row) throw new JobFailure('package not found');
    if (state.stage === 'check') return { done: false, state: { stage: 'apply' }, progress: 50 };
    const at = now();
    if (!isLive(row, at)) tenant.update('tcp_packages', { active: 1, expire_at: at + TCP_PACKAGE_TERM_MS }, 'id = @id', { id: row.id });
    return { done: true, result: { package_id: row.id } };
  },
};

/** Registers the activation job. */
export function registerLayer4Jobs(jobs: JobRunner): void {
  jobs.register(TCP_PACKAGE_ACTIVATE_JOB, handler);
}
