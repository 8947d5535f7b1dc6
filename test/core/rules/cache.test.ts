/**
 * Cache rules in the validation catalogue (rules §3 "Cache rule"; rules §5 Origin and performance "Cache"; rules §6
 * regular expressions on business and flagship plans, built-in rules; rules §9 "Cache").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  BUILT_IN_CACHE_RULES,
  CACHE_CONDITION_TYPES,
  CACHE_TIME_UNITS,
  cacheRuleUsesRegex,
  newCacheRule,
  normalizeCacheRule,
  validateCacheMatchContent,
  validateCacheRule,
  validateCacheRuleList,
  validateCookieName,
  type CacheRuleInput,
} from '../../../core/rules/cache.js';
import { validateCacheRuleEditable } from '../../../core/rules/origin.js';

const allowed = { regexAllowed: true };
const rule = (fields: Partial<CacheRuleInput> = {}): CacheRuleInput => ({ ...newCacheRule(), name: 'Images', match_content: 'png|jpg', ...fields });

describe('rules §3 cache rule fields', () => {
  it('a new rule is valid once named and given content; time units run from second to year', () => {
    assert.deepEqual(validateCacheRule(rule(), allowed), []);
    assert.deepEqual(CACHE_TIME_UNITS, ['second', 'minute', 'hour', 'day', 'month', 'year']);
    assert.deepEqual(validateCacheRule(newCacheRule(), allowed), [
      { field: 'name', key: 'common.required' },
      { field: 'match_content', key: 'common.required' },
    ]);
  });

  it('every cache type reads its matching content its own way', () => {
    assert.equal(validateCacheMatchContent('extension', 'png|.webp', false), null);
    assert.deepEqual(validateCacheMatchContent('extension', 'png|we bp', false), { key: 'waf.suffix-format' });
    assert.equal(validateCacheMatchContent('path', '/static/|/img/', false), null);
    assert.deepEqual(validateCacheMatchContent('exact', 'index.html', false), { key: 'common.start-with-slash' });
    assert.equal(validateCacheMatchContent('guest', 'session_id|wordpress_logged_in', false), null);
    assert.deepEqual(validateCacheMatchContent('guest', 'a;b', false), { key: 'cache.cookie-name-format' });
    assert.deepEqual(validateCacheMatchContent('fuzzy', '^/(a', true), { key: 'pcre.missing-closing-parenthesis', values: { offset: 2 } });
  });

  it('rules §5: matching content 1-1000 characters, no Chinese; at most 20 entries', () => {
    assert.deepEqual(validateCacheMatchContent('path', `/${'a'.repeat(1000)}`, false), { key: 'common.too-long', values: { max: 1000 } });
    assert.deepEqual(validateCacheMatchContent('path', '/图片/', false), { key: 'origin.no-chinese' });
    const many = Array.from({ length: 21 }, (_, index) => `e${index}`).join('|');
    assert.deepEqual(validateCacheMatchContent('extension', many, false), { key: 'cache.too-many-items', values: { max: 20 } });
  });

  it('query string and cookie handling need names for the modes that list them', () => {
    assert.deepEqual(validateCacheRule(rule({ query_mode: 'keep', cookie_mode: 'keep' }), allowed), [
      { field: 'query_params', key: 'common.required' },
      { field: 'cookie_names', key: 'common.required' },
    ]);
    assert.deepEqual(validateCacheRule(rule({ query_mode: 'ignore', query_params: 'utm_source|a=b' }), allowed), [
      { field: 'query_params', key: 'waf.parameter-name-format' },
    ]);
    assert.equal(validateCookieName('c'.repeat(65))?.key, 'cache.cookie-name-format');
  });

  it('options outside the catalogues are refused by name', () => {
    const found = validateCacheRule({ ...rule(), action: 'purge' as never, mode: 'x' as never, status: 'closed' as never }, allowed).map((entry) => entry.field);
    assert.deepEqual(found, ['action', 'status']);
  });

  it('custom request expressions use the match rules of rules §5 with the cache types only', () => {
    assert.deepEqual(validateCacheRule(rule({ request_rule: 'custom', conditions: [] }), allowed), [{ field: 'conditions', key: 'common.rule-required' }]);
    assert.deepEqual(validateCacheRule(rule({ request_rule: 'custom', conditions: [{ type: 'ip', operator: 'equals', value: '10.0.0.1' }] }), allowed), [
      { field: 'conditions.0.type', key: 'cache.condition-type-unavailable' },
    ]);
    assert.ok(!CACHE_CONDITION_TYPES.includes('status-code'));
    assert.deepEqual(validateCacheRule(rule({ request_rule: 'custom', conditions: [{ type: 'url', operator: 'prefix', value: '/a' }] }), allowed), []);
    const six = Array.from({ length: 6 }, () => ({ type: 'url' as const, operator: 'prefix', value: '/a' }));
    assert.deepEqual(validateCacheRule(rule({ request_rule: 'custom', conditions: six }), allowed), [
      { field: 'conditions', key: 'waf.too-many-conditions', values: { max: 5 } },
    ]);
  });

  it('hidden fields never block saving: normalization drops what the choices make meaningless', () => {
    const bypass = normalizeCacheRule(rule({ action: 'no-cache', edge_ttl: 'x', error_cache: [{ code: 1, ttl: 1, unit: 'second' }], share_domain_id: 4 }));
    assert.equal(bypass.edge_ttl, 1);
    assert.deepEqual(bypass.error_cache, []);
    assert.equal(bypass.share_domain_id, null);
    assert.deepEqual(validateCacheRule(rule({ action: 'no-cache', edge_ttl: 'x' }), allowed), []);
    assert.deepEqual(validateCacheRule(rule({ mode: 'follow-origin', edge_ttl: 9, edge_ttl_unit: 'year' }), allowed), []);
    assert.deepEqual(normalizeCacheRule(rule({ request_rule: 'all', conditions: [{ type: 'url', operator: 'prefix', value: '/a' }] })).conditions, []);
  });
});

describe('rules §5 / §9 cache limits', () => {
  it('maximum duration one year, whatever the unit', () => {
    assert.deepEqual(validateCacheRule(rule({ edge_ttl: 1, edge_ttl_unit: 'year' }), allowed), []);
    assert.deepEqual(validateCacheRule(rule({ edge_ttl: 13, edge_ttl_unit: 'month' }), allowed), [{ field: 'edge_ttl', key: 'origin.cache-duration-max' }]);
    assert.deepEqual(validateCacheRule(rule({ browser_mode: 'override', browser_ttl: 366, browser_ttl_unit: 'day' }), allowed), [
      { field: 'browser_ttl', key: 'origin.cache-duration-max' },
    ]);
    assert.deepEqual(validateCacheRule(rule({ error_cache: [{ code: 500, ttl: 2, unit: 'year' }] }), allowed), [
      { field: 'error_cache.0.ttl', key: 'origin.cache-duration-max' },
    ]);
  });

  it('at most 200 cache and 200 non-cache entries ("The number of cache rules has reached the maximum")', () => {
    const cache = Array.from({ length: 200 }, () => rule());
    const bypass = Array.from({ length: 200 }, () => rule({ action: 'no-cache' }));
    assert.deepEqual(validateCacheRuleList([...cache, ...bypass], allowed), []);
    assert.deepEqual(validateCacheRuleList([...cache, rule()], allowed), [{ field: 'rules', key: 'origin.cache-rules-limit', values: { max: 200 } }]);
    assert.deepEqual(validateCacheRuleList([...bypass, rule({ action: 'no-cache' })], allowed), [
      { field: 'rules', key: 'origin.cache-rules-limit', values: { max: 200 } },
    ]);
  });

  it('rule name at most 64 characters', () => {
    assert.deepEqual(validateCacheRule(rule({ name: 'n'.repeat(64) }), allowed), []);
    assert.deepEqual(validateCacheRule(rule({ name: '名'.repeat(65) }), allowed), [{ field: 'name', key: 'common.too-long', values: { max: 64 } }]);
  });

  it('list issues name the rule by position', () => {
    assert.deepEqual(validateCacheRuleList([rule(), rule({ name: '' })], allowed), [{ field: 'rules.1.name', key: 'common.required' }]);
  });
});

describe('rules §6 cache gating', () => {
  it('regular expressions only on business and flagship plans: fuzzy content and regex operators', () => {
    const fuzzy = rule({ match_type: 'fuzzy', match_content: '^/img/' });
    const regex = rule({ request_rule: 'custom', conditions: [{ type: 'header', name: 'User-Agent', operator: 'not-regex', value: 'bot' }] });
    assert.ok(cacheRuleUsesRegex(fuzzy) && cacheRuleUsesRegex(regex) && !cacheRuleUsesRegex(rule()));
    assert.deepEqual(validateCacheRule(fuzzy, { regexAllowed: false }), [{ field: 'match_content', key: 'cache.regex-plan' }]);
    assert.deepEqual(validateCacheRule(regex, { regexAllowed: false }), [{ field: 'conditions.0.operator', key: 'cache.regex-plan' }]);
    assert.deepEqual(validateCacheRule(fuzzy, allowed), []);
    assert.deepEqual(validateCacheRule(regex, allowed), []);
  });

  it('built-in rules are read-only like the default rule, and valid rules themselves', () => {
    for (const builtIn of BUILT_IN_CACHE_RULES) {
      assert.deepEqual(validateCacheRule(builtIn, { regexAllowed: false }), []);
      assert.deepEqual(validateCacheRuleEditable({ isDefault: false, builtIn: true }), { key: 'origin.default-cache-rule-readonly' });
    }
  });
});
