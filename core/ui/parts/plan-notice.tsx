/**
 * The plan notice (shell §6, rules §6): why the plan does not allow something, and the way out: the upgrade page for
 * the online edition (flag 1), a work order otherwise. One part for every place that says it: a settings group the
 * plan locks, a button the plan keeps closed, and a save the server refused with a plan-gate issue
 * (demo/server/features/plans/gate.ts puts the feature and the notice kind in the issue's values).
 */
import type { FieldIssue } from '../../api/catalogue.js';
import { noticeFor, type PlanNotice as PlanNoticeTarget } from '../../config/plan-gating.js';
import { PlanNoticeLink } from './nav-link.js';

/** Props of {@link PlanNotice}. */
export interface PlanNoticeProps {
  /** Why (translated). */
  message: string;
  /** Where the link leads; no link when null (the page is already the place to act, e.g. the packages page). */
  notice: PlanNoticeTarget | null;
  /** The part name; default `plan-notice`. */
  part?: string;
}

/** One notice: the reason and the upgrade or work-order link; `part="plan-notice"`. */
export function PlanNotice({ message, notice, part = 'plan-notice' }: PlanNoticeProps) {
  return (
    <p className="ec-plan-notice" role="note" part={part}>
      {message}
      {notice && (
        <>
          {' '}
          <PlanNoticeLink notice={notice} />
        </>
      )}
    </p>
  );
}

/**
 * Where a refusal's notice leads. The server decided the kind from the account's edition flag; the upgrade route is
 * the same for everyone and the work-order form is opened about the refused feature.
 */
export function refusalNotice(found: FieldIssue): PlanNoticeTarget {
  return noticeFor(found.values?.notice === 'upgrade' ? 1 : undefined, String(found.values?.feature));
}
