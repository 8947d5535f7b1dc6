/**
 * Rules §6 / shell §3 / shell §6 in the browser: the UI helper ({@link featureGate}) decides every row of the
 * plan-gating table the way the server does (test/server/plan-gates.test.ts, same cases): refused on the plan
 * without it, with the upgrade notice for the online edition (flag 1) and the work-order notice otherwise, and
 * allowed on a plan with it.
 */
import { expect } from '@open-wc/testing';
import type { PlanActionsAnswer } from '../../../core/api/endpoints/platform.js';
import { featureGate, gateRow, GATED_FEATURES } from '../../../core/config/plan-gates.js';
import { UPGRADE_ROUTE, WORK_ORDER_FEATURE_ROUTE } from '../../../core/config/plan-gating.js';
import { PLAN_CATALOGUE } from '../../../demo/server/features/plans/catalogue.js';
import { PLAN_WITHOUT, type PlanState } from '../../helpers/plan-gate-cases.js';

/** The plan actions answer a plan state gives (what `V4/member.plan.actions` answers for it). */
function answerOf(state: PlanState): PlanActionsAnswer {
  const features = PLAN_CATALOGUE[state.level];
  const row = state.strip ? gateRow(state.strip) : undefined;
  return {
    actions: features.actions.filter((action) => action !== row?.action),
    package_allow: { ...features.allow, https: state.strip === 'https' ? false : features.allow.https },
    level: state.level,
  };
}

describe('the plan-gating table, row by row in the browser', () => {
  for (const feature of GATED_FEATURES) {
    it(`${feature}: the same verdict and notice as the server`, () => {
      const value = gateRow(feature).values?.gated;
      const without = answerOf(PLAN_WITHOUT[feature]);
      const online = featureGate(feature, { actions: without, flag: 1 }, value);
      expect(online.allowed, 'refused without it').to.equal(false);
      expect(online.notice).to.deep.equal({ kind: 'upgrade', route: UPGRADE_ROUTE });
      // The work-order notice opens the ticket form about this feature.
      expect(featureGate(feature, { actions: without, flag: 2 }, value).notice).to.deep.equal({ kind: 'work-order', route: WORK_ORDER_FEATURE_ROUTE, params: { feature } });
      expect(featureGate(feature, { actions: answerOf({ level: 'ultimate' }), flag: 1 }, value)).to.deep.equal({ allowed: true, notice: null });
      const free = gateRow(feature).values?.free;
      if (free) expect(featureGate(feature, { actions: without, flag: 1 }, free).allowed, `${free} needs no upgrade`).to.equal(true);
    });
  }
  it('unknown plan data denies every row, so nothing gated flashes open', () => {
    for (const feature of GATED_FEATURES) expect(featureGate(feature, { actions: null, flag: 1 }).allowed, feature).to.equal(false);
  });
});
