/**
 * `<ec-attack-report>`: the WAF and CC attack reports (shell §2 statisticsReport / security-report `WAFAttack`,
 * `CCAttack`; the security module's `report/waf`, `report/cc` and, with `rule-id`, `report/waf/{id}`), counted by the
 * reference server from the security lines of the log store. What `report/waf/{id}` shows is a WAF rule's detail
 * (the spec's WAF rule is identified by its "rule ID", the one the log lines, the ban records and the rule console
 * quote): an attacked website's figures are the same report filtered by that website, so a website detail would
 * duplicate the report, whereas a rule's figures exist nowhere else. The cloud-speed layouts have no detail route for
 * these rules (shell §2 names only `AccurateAccessControl/:id`), so there a rule row opens the same detail inside the
 * report, kept in the bookmarkable view (`view-state` `rule=…`).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useElement } from '../../core/ui/element-context.js';
import { useViewStateReport, viewStateText } from '../../core/ui/view-state.js';
import type { SecurityReportLayout } from '../reports-shared/routes.js';
import { SecurityView, type StartRange } from './parts/security-view.js';
import { securityReportStoreFor } from './store.js';

/** Props of the component (attributes of the element). */
export interface AttackReportProps {
  type?: 'waf' | 'cc';
  layout?: SecurityReportLayout;
  range?: StartRange;
  ruleId?: number;
  viewState?: string;
}

/** The rule a view state opens, or null. */
function ruleOfState(state: string | undefined): number | null {
  const value = Number(new URLSearchParams(state ?? '').get('rule'));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** The report. */
export function AttackReport({ type = 'waf', layout = 'new', range = 'today', ruleId, viewState }: AttackReportProps) {
  useSignals();
  const { host } = useElement();
  const store = securityReportStoreFor(host, range);
  const fixed = ruleId ?? null;
  const inner = store.detailRule.value;

  useEffect(() => {
    store.detailRule.value = ruleOfState(viewState);
  }, [store, viewState]);
  useViewStateReport(fixed === null ? viewStateText({ rule: inner }, { rule: null }) : '', viewState);

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
