import { CONDITION_BUILDER_STYLES } from '../../core/ui/parts/condition-builder/condition-builder.js';
import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { WafRules, type WafRulesProps } from './waf-rules.js';
import styles from './waf-rules.css';
import '../../core/i18n/namespaces/waf-rules.js';
import '../../core/i18n/namespaces/rules.js';
import '../../core/i18n/namespaces/condition-builder.js';

/**
 * WAF rule sets and rules (rules §3-§5; shell §7 firewall policy calls): rule sets with name, description, rule count
 * (enabled/total), attribution (built-in, custom, default), bound domains and latest update; the package's maximum of
 * sets; bound or default sets cannot be deleted; built-in rules with attack type, risk level, application type,
 * vulnerability number and update time; copy rules to another set; quote a set from domains; rules with conditions
 * (the shared condition builder and its preview), disposal action, priority (drag or place at position), status
 * (enabled, observation, closed, in batches) and remark, edited as a working copy saved with the firewall policy
 * calls; a rule tester running a sample request against the unsaved rules, naming the first rule that fires, each
 * condition's outcome and the rules that can never fire; and the WAF operation log with its CSV export.
 *
 * @tag ec-waf-rules
 * @summary WAF rule sets, rules, condition builder, priorities and a rule tester.
 * @fires ec-view-state - The open rule set, the tab, the list's search, filter, page or page size changed; detail `{ state }`, URL query text for the page's address (the `view-state` attribute takes it back).
 * @fires ec-rule-saved - A rule was saved; detail `{ ruleSetId, rule, created }`.
 * @fires ec-rule-deleted - Rules were deleted; detail `{ ruleSetId, ids }`. Bans and whitelist entries they made stay.
 * @fires ec-rule-status-changed - Rules were opened, stopped or closed; detail `{ ruleSetId, ids, status }`.
 * @fires ec-rules-reordered - A set's rules have a new order; detail `{ ruleSetId, ids }` in priority order.
 * @fires ec-rule-set-saved - A rule set was created or renamed; detail `{ ruleSet, created }`.
 * @fires ec-rule-set-deleted - A rule set was deleted; detail `{ id }`.
 * @fires ec-rules-copied - Rules were copied to another set; detail `{ targetId, count }`.
 * @fires ec-rule-set-quoted - The domains quoting a set changed; detail `{ ruleSet }`.
 * @csspart toolbar - The list's and the editor's toolbars.
 * @csspart table - The rule-set, rule and operation-log tables.
 * @csspart pagination - The pager, shown when there are more rows than the smallest page size.
 * @csspart empty-state - Shown when there is nothing to list.
 * @csspart editor - The open rule set.
 * @csspart condition-builder - The condition builder of the rule form.
 * @csspart rule-preview - The read-only text of the rule under the builder.
 * @csspart tester - The rule tester's form.
 * @csspart tester-result - The rule tester's result.
 * @csspart oplog - The operation log.
 * @csspart action - The action fields of the rule editor.
 * @csspart plan-notice - Why a save or copy is refused by the plan (custom rules, modes, block pages), with the upgrade or work-order link.
 * @cssprop --ec-color-card - Background of the condition cards.
 * @cssprop --ec-color-border - Borders of tables and condition cards.
 */
export const WafRulesElement = defineElement<WafRulesProps>('ec-waf-rules', WafRules, {
  namespace: 'waf-rules',
  uses: ['rules', 'condition-builder'],
  attributes,
  styles: `${CONDITION_BUILDER_STYLES}\n${styles}`,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-waf-rules': EcElementOf<typeof attributes>;
  }
}
