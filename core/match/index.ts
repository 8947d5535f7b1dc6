/**
 * The matcher: a sample request against a WAF rule set, the same code in the browser's rule tester and the reference
 * server's evaluation endpoint (`V4/waf.ruleset.evaluate`).
 */
export * from './conditions.js';
export * from './pcre-to-js.js';
export * from './request.js';
export * from './rule-set.js';
export * from './shadowing.js';
export * from './values.js';
