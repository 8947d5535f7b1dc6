/**
 * `<ec-access-control-report>`: HTTP precise access control (shell §2 statisticsReport / security-report
 * `AccurateAccessControl`): what the custom rule sets did to requests (`acl` lines of the log store), in the shape of
 * the attack reports (./attack-report/parts/security-view.tsx): figures, hits per action over time, regions, actions,
 * and the rules that acted most, each leading to its detail page (`AccurateAccessControl/:id`).
 */
import { SecurityView, type StartRange } from '../attack-report/parts/security-view.js';

/** Props of the component (attributes of the element). */
export interface AccessControlReportProps {
  layout?: 'new' | 'old';
  range?: StartRange;
}

/** The report. */
export function AccessControlReport({ layout = 'new', range = 'today' }: AccessControlReportProps) {
  return <SecurityView kind="acl" layout={layout} range={range} ruleId={null} />;
}
