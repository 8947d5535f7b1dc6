/**
 * `<ec-attack-report>`: the WAF and CC attack reports (shell §2 statisticsReport / security-report `WAFAttack`,
 * `CCAttack`; the security module's `report/waf`, `report/cc` and, with `rule-id`, `report/waf/{id}`), counted by the
 * reference server from the security lines of the log store. What `report/waf/{id}` shows is a WAF rule's detail
 * (the spec's WAF rule is identified by its "rule ID", the one the log lines, the ban records and the rule console
 * quote): an attacked website's figures are the same report filtered by that website, so a website detail would
 * duplicate the report, whereas a rule's figures exist nowhere else. The cloud-speed layouts have no detail route for
 * these rules (shell §2 names only `AccurateAccessControl/:id`), so there a rule row opens the same detail inside the
 * report, kept in the bookmarkable view (`view-state` `rule=…`).
 *
 * `type="firewall"` and `type="package"` are the firewall block lists (shell §7 `firewall.report.block.list` and
 * details, the package variant chosen by type): the WAF rules are the firewall policies, and the report is where
 * shell §2 has a page for what the WAF did (its security report), whereas `<ec-waf-rules>` is an editor already at
 * its size ceiling. Their view loads only when shown, so the WAF and CC reports do not download it; a policy's
 * blocked requests open inside the report (`view-state` `policy=…`).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect } from 'react';
import { useElement } from '../../core/ui/element-context.js';
import { useViewStateReport, viewStateText } from '../../core/ui/view-state.js';
import type { SecurityReportLayout } from '../reports-shared/routes.js';
import { LoadingState } from '../../core/ui/parts/state-views.js';
import { SecurityView, type StartRange } from './parts/security-view.js';
import { securityReportStoreFor } from './store.js';

/** Props of the component (attributes of the element). */
export interface AttackReportProps {
  type?: 'waf' | 'cc' | 'firewall' | 'package';
  layout?: SecurityReportLayout;
  range?: StartRange;
  ruleId?: number;
  viewState?: string;
}

/** The rule (or, in the block lists, the policy) a view state opens, or null. */
function ruleOfState(state: string | undefined, name: 'rule' | 'policy'): number | null {
  const value = Number(new URLSearchParams(state ?? '').get(name));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** The block lists' view, loaded only when a block list is shown. */
const FirewallView = lazy(() => import('./parts/firewall-view.js').then((module) => ({ default: module.FirewallView })));

/** The report. */
export function AttackReport({ type = 'waf', layout = 'new', range = 'today', ruleId, viewState }: AttackReportProps) {
  useSignals();
  const { host } = useElement();
  const store = securityReportStoreFor(host, range);
  const blockList = type === 'firewall' || type === 'package';
  const stateName = blockList ? 'policy' : 'rule';
  const fixed = blockList ? null : (ruleId ?? null);
  const inner = store.detailRule.value;

  useEffect(() => {
    store.detailRule.value = ruleOfState(viewState, stateName);
  }, [store, viewState, stateName]);
  useViewStateReport(fixed === null ? viewStateText({ [stateName]: inner }, { [stateName]: null }) : '', viewState);

  if (blockList) {
    return (
      <Suspense fallback={<LoadingState />}>
        <FirewallView
          type={type}
          layout={layout}
          range={range}
          policyId={inner}
          onOpenPolicy={(id) => void (store.detailRule.value = id)}
          onBack={() => void (store.detailRule.value = null)}
        />
      </Suspense>
    );
  }

  return (
    <SecurityView
      kind={type}
      layout={layout}
      range={range}
      ruleId={fixed ?? inner}
      {...(fixed === null ? { onOpenRule: (id: number) => void (store.detailRule.value = id) } : {})}
      {...(fixed === null && inner !== null ? { onBack: () => void (store.detailRule.value = null) } : {})}
    />
  );
}
