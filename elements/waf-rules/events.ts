/**
 * Events of `<ec-waf-rules>`, sent with the element context's `emit` (bubbling, composed, object detail).
 */
import type { FirewallPolicy, RuleSetInfo } from '../../core/api/endpoints/waf.js';
import type { WafRuleStatus } from '../../core/rules/waf.js';

declare global {
  interface EcEventDetails {
    /** A rule was saved (`V4/firewall.policy.save`): created or changed. */
    'ec-rule-saved': { ruleSetId: number; rule: FirewallPolicy; created: boolean };
    /** Rules were deleted (`V4/firewall.policy.delete`). Bans and whitelist entries they made stay (rules §4). */
    'ec-rule-deleted': { ruleSetId: number; ids: number[] };
    /** Rules were opened, stopped or closed (their status is now `status`). */
    'ec-rule-status-changed': { ruleSetId: number; ids: number[]; status: WafRuleStatus };
    /** A set's rules were put in a new order (`V4/firewall.policy.sort`); `ids` in priority order. */
    'ec-rules-reordered': { ruleSetId: number; ids: number[] };
    /** A rule set was created or renamed. */
    'ec-rule-set-saved': { ruleSet: RuleSetInfo; created: boolean };
    /** A rule set was deleted. */
    'ec-rule-set-deleted': { id: number };
    /** Rules were copied to the end of another set. */
    'ec-rules-copied': { targetId: number; count: number };
    /** The domains quoting a set changed. */
    'ec-rule-set-quoted': { ruleSet: RuleSetInfo };
  }
  interface GlobalEventHandlersEventMap {
    'ec-rule-saved': CustomEvent<EcEventDetails['ec-rule-saved']>;
    'ec-rule-deleted': CustomEvent<EcEventDetails['ec-rule-deleted']>;
    'ec-rule-status-changed': CustomEvent<EcEventDetails['ec-rule-status-changed']>;
    'ec-rules-reordered': CustomEvent<EcEventDetails['ec-rules-reordered']>;
    'ec-rule-set-saved': CustomEvent<EcEventDetails['ec-rule-set-saved']>;
    'ec-rule-set-deleted': CustomEvent<EcEventDetails['ec-rule-set-deleted']>;
    'ec-rules-copied': CustomEvent<EcEventDetails['ec-rules-copied']>;
    'ec-rule-set-quoted': CustomEvent<EcEventDetails['ec-rule-set-quoted']>;
  }
}

export {};
