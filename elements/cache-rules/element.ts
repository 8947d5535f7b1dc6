import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { CONDITION_BUILDER_STYLES } from '../../core/ui/parts/condition-builder/condition-builder.js';
import { CacheRules, type CacheRulesProps } from './cache-rules.js';
import styles from './cache-rules.css';
import '../../core/i18n/namespaces/cache-rules.js';
import '../../core/i18n/namespaces/rules.js';
import '../../core/i18n/namespaces/condition-builder.js';

/**
 * The cache rule editor of one domain (rules §3 "Cache rule"; the domain console's cache tab): the rules in evaluation
 * order with the built-in rules and the default rule of rules §9 read-only, the evaluation model, the limits of rules
 * §5 (200 cache and 200 non-cache entries, names of at most 64 characters, durations of at most one year), create and
 * edit of every field with custom request expressions from the shared condition builder, regular expressions only on
 * plans that allow them (rules §6, with the upgrade or work-order notice), reorder by drag, arrow keys or "Move to
 * position", status, delete, the browser cache switch and a cache tester. Globally synchronized strategies and
 * domains a sub-account may only read are view-only. Reads and saves the `cdn_advance_cache` and `browser_cache`
 * groups with `V4/web.domain.set.get` and `V4/web.domain.set.save` (shell §7).
 *
 * @tag ec-cache-rules
 * @summary Cache rules of a domain: list, editor, limits, plan gating and a cache tester.
 * @fires ec-cache-rule-saved - A rule was added or changed (fields or status); detail `{ domain_id, id, name, created }`.
 * @fires ec-cache-rule-deleted - A rule was deleted; detail `{ domain_id, id, name }`.
 * @fires ec-cache-rules-reordered - The rules have a new order; detail `{ domain_id, ids }` by priority.
 * @fires ec-browser-cache-changed - The browser cache switch changed; detail `{ domain_id, status }`.
 * @fires ec-navigate - The plan notice asks the host for the upgrade page or a work order; detail `{ route }`.
 * @csspart title - The page title naming the domain whose rules are shown.
 * @csspart readonly-notice - Why the rules are view-only (synchronized strategy or read-only grant).
 * @csspart evaluation-model - The statement of which rule applies when several match.
 * @csspart toolbar - The add button, the entry counts, the browser cache switch and refresh.
 * @csspart table - The rules in evaluation order, built-in and default rules included.
 * @csspart pagination - The pager under the table.
 * @csspart empty-state - Shown when the domain has no rules of its own.
 * @csspart rule-form - The create and edit form.
 * @csspart match-section - Request rule, execution method and matching content in the form.
 * @csspart caching-section - Cache mode, TTLs and error status code cache in the form.
 * @csspart key-section - Query string, cookies, case, sort and sharing in the form.
 * @csspart tester - The cache tester.
 * @csspart tester-result - The rule that applies, the edge and browser TTLs and the cache key.
 * @csspart ttl - A duration input with its unit.
 * @csspart error-cache - The error-code caching fields of the rule dialog.
 * @csspart plan-notice - Why a save is refused by the plan (a regular-expression match), with the upgrade or work-order link.
 * @cssprop --ec-color-card - Background of the table, the evaluation model and the tester.
 * @cssprop --ec-color-border - Lines between rows and around sections.
 */
export const CacheRulesElement = defineElement<CacheRulesProps>('ec-cache-rules', CacheRules, {
  namespace: 'cache-rules',
  uses: ['rules', 'condition-builder'],
  attributes,
  styles: `${CONDITION_BUILDER_STYLES}\n${styles}`,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-cache-rules': EcElementOf<typeof attributes>;
  }
}
