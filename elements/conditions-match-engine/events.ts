/**
 * Events of `<ec-conditions-match-engine>`, sent with the element context's `emit` (bubbling, composed).
 */
import type { ConditionRule } from '../../core/api/endpoints/conditions.js';

/** Sent after a condition rule was created or changed. */
export const CONDITION_RULE_SAVED_EVENT = 'ec-condition-rule-saved';
/** Sent after a condition rule was enabled or suspended. */
export const CONDITION_RULE_STATUS_CHANGED_EVENT = 'ec-condition-rule-status-changed';
/** Sent after a condition rule was deleted. */
export const CONDITION_RULE_DELETED_EVENT = 'ec-condition-rule-deleted';

declare global {
  interface EcEventDetails {
    /** A condition rule was created (`created: true`) or changed; the rule as the server answered it. */
    'ec-condition-rule-saved': { rule: ConditionRule; created: boolean };
    /** A condition rule was enabled or suspended; `citedBy` WAF rules reference it (a suspended one matches nothing). */
    'ec-condition-rule-status-changed': { id: number; name: string; status: ConditionRule['status']; citedBy: number };
    /** A condition rule was deleted (no WAF rule referenced it). */
    'ec-condition-rule-deleted': { id: number; name: string };
  }
  interface GlobalEventHandlersEventMap {
    'ec-condition-rule-saved': CustomEvent<EcEventDetails['ec-condition-rule-saved']>;
    'ec-condition-rule-status-changed': CustomEvent<EcEventDetails['ec-condition-rule-status-changed']>;
    'ec-condition-rule-deleted': CustomEvent<EcEventDetails['ec-condition-rule-deleted']>;
  }
}
