/**
 * What other feature areas may use of the WAF: the stored rule sets, rules and domain bindings as the matcher reads
 * them (the traffic simulator evaluates every request with the configured rules), and a set's name as the security
 * reports show it; the reading and server-side checks of conditions, which the conditions match engine's condition
 * rules share. Everything else is the area's own.
 */
export { BINDINGS, RULES, ruleSetName, SETS, toPolicy, type RuleRow, type RuleSetRow } from './store.js';
export { readConditions as readPolicyConditions } from './payloads.js';
export { serverConditionIssues } from './policy-routes.js';
