/**
 * Plan refusals in a form (rules §6, shell §6): which issues of a refused save are plan-gate refusals, and the
 * notices showing them (./plan-refusal-list.tsx). A form only shows notices after the server refused a save for the
 * plan, so their code loads then (./deferred.tsx), not with every form (issue "every page loads only what it shows").
 */
import type { FieldIssue } from '../../api/catalogue.js';
import { useDeferredModule } from './deferred.js';

/**
 * The issues of a refused save that are plan-gate refusals: demo/server/features/plans/gate.ts names the feature and
 * the notice kind in their values. The feature is not checked against the gating table here: the table would add
 * its weight to every form, and a feature the work-order form does not know opens the form unfilled.
 */
export function planRefusals(issues: readonly FieldIssue[]): FieldIssue[] {
  return issues.filter((found) => typeof found.values?.feature === 'string' && (found.values?.notice === 'upgrade' || found.values?.notice === 'work-order'));
}

/** The other issues: those a form shows at its fields, while {@link PlanRefusalNotices} shows the plan refusals. */
export function withoutPlanRefusals(issues: readonly FieldIssue[]): FieldIssue[] {
  const refusals = planRefusals(issues);
  return issues.filter((found) => !refusals.includes(found));
}

const loadNotices = () => import('./plan-refusal-list.js');

/** Props of {@link PlanRefusalNotices}. */
export interface PlanRefusalNoticesProps {
  /** The issues of the last save (`useSave().issues` or a caught error's). */
  issues: readonly FieldIssue[];
}

/**
 * The notices of a save the server refused because of the plan, one per refused feature, with the way out (upgrade
 * or work order); nothing when the save was not refused for the plan. Forms show it next to their save button.
 */
export function PlanRefusalNotices({ issues }: PlanRefusalNoticesProps) {
  const refusals = planRefusals(issues);
  const { module } = useDeferredModule(loadNotices, refusals.length > 0);
  if (refusals.length === 0 || !module) return null;
  return <module.PlanRefusalList refusals={refusals} />;
}
