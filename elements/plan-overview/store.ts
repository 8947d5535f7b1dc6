/**
 * Per-instance store of `<ec-plan-overview>`: the account's plans and what they allow (shell §3 plan info and
 * plan config, shell §7 `V4/member.product.plan` and `V4/member.plan.actions`).
 */
import { signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import { getMemberPlans, getPlanActions, type PlanActionsAnswer, type PlanInfo } from '../../core/api/endpoints/platform.js';

/** The store's state. */
export type PlanOverviewState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; plans: PlanInfo[]; actions: PlanActionsAnswer };

/** Creates the store; `load()` (re)fetches both calls in parallel. */
export function createPlanOverviewStore(client: ApiClient) {
  const state = signal<PlanOverviewState>({ status: 'loading' });
  async function load(): Promise<void> {
    state.value = { status: 'loading' };
    try {
      const [plans, actions] = await Promise.all([getMemberPlans(client), getPlanActions(client)]);
      state.value = { status: 'ready', plans: plans.plans, actions };
    } catch {
      state.value = { status: 'error' };
    }
  }
  return { state, load };
}

/** The store type. */
export type PlanOverviewStore = ReturnType<typeof createPlanOverviewStore>;
