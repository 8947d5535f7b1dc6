/**
 * What other feature areas may use of the WAF: the stored rule sets, rules and domain bindings as the matcher reads
 * them (the traffic simulator evaluates every request with the configured rules). Everything else is the area's own.
 */
export { BINDINGS, RULES, SETS, toPolicy, type RuleRow, type RuleSetRow } from './store.js';
