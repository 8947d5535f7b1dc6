/**
 * What other feature areas may use of the WAF: the stored rule sets, rules and domain bindings as the matcher reads
 * them (the traffic simulator evaluates every request with the configured rules), and a set's name as the security
 * reports show it. Everything else is the area's own.
 */
export { BINDINGS, RULES, ruleSetName, SETS, toPolicy, type RuleRow, type RuleSetRow } from './store.js';
