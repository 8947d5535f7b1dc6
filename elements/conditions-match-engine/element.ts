import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { CONDITION_BUILDER_STYLES } from '../../core/ui/parts/condition-builder/condition-builder.js';
import { attributes } from './attributes.js';
import { ConditionsMatchEngine, type ConditionsMatchEngineProps } from './conditions-match-engine.js';
import styles from './conditions-match-engine.css';
import '../../core/i18n/namespaces/conditions-match-engine.js';
import '../../core/i18n/namespaces/condition-builder.js';
import '../../core/i18n/namespaces/rules.js';

/**
 * The conditions match engine (shell §2 `conditions-match-engine`, `rule-management/conditions-matchEngine`; shell §4
 * shows it only while the account's `condition_source.condition_source_view` is on): condition rules (rules §3 name,
 * description, citation count, status) built with the WAF condition builder, searched and paged, enabled or
 * suspended with confirmation (a suspended rule matches no request), created and edited in a dialog that keeps its
 * draft, deleted with confirmation (refused while a WAF rule references the rule, with the server's message naming
 * the rules and their sets), and the list of WAF rules using each.
 *
 * @tag ec-conditions-match-engine
 * @summary Condition rules referenced by WAF rules: list, search, status, citations, create, edit and delete.
 * @fires ec-condition-rule-saved - A condition rule was created or changed; detail `{ rule, created }`.
 * @fires ec-condition-rule-status-changed - A condition rule was enabled or suspended; detail `{ id, name, status, citedBy }`.
 * @fires ec-condition-rule-deleted - A condition rule was deleted; detail `{ id, name }`.
 * @csspart toolbar - Search and the create button.
 * @csspart table - The condition rules.
 * @csspart pagination - The pager, shown when there are more rows than the smallest page size.
 * @csspart empty-state - Shown when there is no condition rule to show.
 * @csspart dialog - The condition rule form and the citations.
 * @csspart condition-builder - The matching conditions of the form.
 * @csspart rule-preview - The read-only text of the conditions.
 * @csspart condition - One condition of the builder.
 * @csspart read-only-notice - Shown above the list when the caller's group may only view security policy.
 * @cssprop --ec-switch-on - The status switch when the rule is enabled.
 * @cssprop --ec-switch-off - The status switch when the rule is suspended.
 * @cssprop --ec-focus-color - The focus ring of the status switch.
 */
export const ConditionsMatchEngineElement = defineElement<ConditionsMatchEngineProps>('ec-conditions-match-engine', ConditionsMatchEngine, {
  namespace: 'conditions-match-engine',
  uses: ['rules', 'condition-builder'],
  attributes,
  styles: `${CONDITION_BUILDER_STYLES}\n${styles}`,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-conditions-match-engine': EcElementOf<typeof attributes>;
  }
}
