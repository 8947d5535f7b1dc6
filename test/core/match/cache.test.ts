/**
 * The cache matcher of the cache tester (rules §3 cache rule fields, rules §9 "Default cache"): which rule applies,
 * the edge and browser TTLs and the cache key. The same module runs in the browser and on the server.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evaluateCache, isTestableUrl, parseCacheControl, type CacheContext, type CacheMatchRule, type CacheTestRequest } from '../../../core/match/cache.js';
import { BUILT_IN_CACHE_RULES, newCacheRule } from '../../../core/rules/cache.js';

const context: CacheContext = { domain: 'www.example.com', browserCache: 'on' };
const rule = (fields: Partial<CacheMatchRule> = {}): CacheMatchRule => ({ ...newCacheRule(), name: 'r', match_content: 'png|jpg', ...fields });
const run = (rules: CacheMatchRule[], request: Partial<CacheTestRequest> & { url: string }, options: Partial<CacheContext> = {}) =>
  evaluateCache(BUILT_IN_CACHE_RULES, rules, request, { ...context, ...options })!;

describe('evaluation model: built-in rules, then the domain rules by priority; the first that holds decides', () => {
  it('the first matching enabled rule wins; later ones are not looked at; suspended ones are skipped', () => {
    const rules = [
      rule({ name: 'paused', match_type: 'path', match_content: '/img/', status: 'suspended' }),
      rule({ name: 'pictures', edge_ttl: 3, edge_ttl_unit: 'hour' }),
      rule({ name: 'all', match_type: 'path', match_content: '/', edge_ttl: 1, edge_ttl_unit: 'minute' }),
    ];
    const result = run(rules, { url: '/img/a.png' });
    assert.deepEqual(result.decision, { list: 'custom', index: 1 });
    assert.equal(result.rules.find((entry) => entry.list === 'custom' && entry.index === 0)!.outcome, 'suspended');
    assert.deepEqual(result.edge, { cached: true, seconds: 10_800, reason: 'rule-ttl' });
  });

  it('the built-in dynamic-pages rule comes before every domain rule and is never cached', () => {
    const result = run([rule({ match_type: 'path', match_content: '/' })], { url: '/index.PHP?id=1' });
    assert.deepEqual(result.decision, { list: 'built-in', index: 0 });
    assert.deepEqual(result.edge, { cached: false, seconds: 0, reason: 'no-cache-rule' });
    assert.equal(result.key, null);
  });

  it('a request rule (custom expression) must hold as well as the matching content', () => {
    const mobile = rule({ request_rule: 'custom', conditions: [{ type: 'header', name: 'User-Agent', operator: 'contains', value: 'iphone' }] });
    assert.deepEqual(run([mobile], { url: '/a.png' }).decision, { list: 'default', index: null });
    const hit = run([mobile], { url: '/a.png', headers: [{ name: 'User-Agent', value: 'Mozilla (iPhone)' }] });
    assert.deepEqual(hit.decision, { list: 'custom', index: 0 });
  });

  it('an undecidable earlier rule is reported instead of guessed', () => {
    const device = rule({ request_rule: 'custom', conditions: [{ type: 'device-type', operator: 'equals', value: 'mobile' }] });
    const result = run([device, rule({ name: 'fallback' })], { url: '/a.png' });
    assert.deepEqual(result.decision, { list: 'custom', index: 1 });
    assert.deepEqual(result.undecided.map((entry) => entry.index), [0]);
    assert.deepEqual(result.undecided[0]!.reasons, [{ kind: 'missing', field: 'device_type' }]);
  });

  it('cache types: extension, path prefix, exact path, PCRE pattern, guests without the listed cookies', () => {
    const decides = (fields: Partial<CacheMatchRule>, request: Partial<CacheTestRequest> & { url: string }) => run([rule(fields)], request).decision.list === 'custom';
    assert.ok(decides({ match_type: 'extension', match_content: 'css' }, { url: '/a/b.css' }));
    assert.ok(!decides({ match_type: 'extension', match_content: 'css' }, { url: '/a/b.CSS' }));
    assert.ok(decides({ match_type: 'extension', match_content: 'css', ignore_case: true }, { url: '/a/b.CSS' }));
    assert.ok(decides({ match_type: 'path', match_content: '/static/' }, { url: '/static/x' }));
    assert.ok(!decides({ match_type: 'exact', match_content: '/static/' }, { url: '/static/x' }));
    assert.ok(decides({ match_type: 'exact', match_content: '/' }, { url: 'https://www.example.com/?a=1' }));
    assert.ok(decides({ match_type: 'fuzzy', match_content: '^/assets/[0-9a-f]{8}/' }, { url: '/assets/0123abcd/app.js' }));
    assert.ok(decides({ match_type: 'guest', match_content: 'session' }, { url: '/page', cookies: 'lang=en' }));
    assert.ok(!decides({ match_type: 'guest', match_content: 'session' }, { url: '/page', cookies: 'lang=en; session=1' }));
    assert.ok(!decides({ match_type: 'guest', match_content: 'session' }, { url: '/page', headers: [{ name: 'Cookie', value: 'session=1' }] }));
  });
});

describe('rules §9 default cache: 200/206 for 2 hours, 404 for 10 s, others not cached, Last-Modified heuristic', () => {
  it('applies when no rule matches', () => {
    assert.deepEqual(run([], { url: '/page' }).edge, { cached: true, seconds: 7200, reason: 'default-status' });
    assert.deepEqual(run([], { url: '/page', status: 206 }).edge, { cached: true, seconds: 7200, reason: 'default-status' });
    assert.deepEqual(run([], { url: '/page', status: 404 }).edge, { cached: true, seconds: 10, reason: 'default-status' });
    assert.deepEqual(run([], { url: '/page', status: 500 }).edge, { cached: false, seconds: 0, reason: 'status-not-cached' });
    assert.deepEqual(run([], { url: '/page', status: 301 }).edge, { cached: false, seconds: 0, reason: 'status-not-cached' });
  });

  it('Last-Modified heuristic: 10% of the age clamped to 10-3600 s; an explicit lifetime comes first', () => {
    assert.equal(run([], { url: '/p', last_modified_age: 5000 }).edge.seconds, 500);
    assert.equal(run([], { url: '/p', last_modified_age: 20 }).edge.seconds, 10);
    assert.equal(run([], { url: '/p', last_modified_age: 10 * 86_400 }).edge.seconds, 3600);
    assert.deepEqual(run([], { url: '/p', cache_control: 'public, max-age=60', last_modified_age: 5000 }).edge, { cached: true, seconds: 60, reason: 'origin-header' });
    assert.deepEqual(run([], { url: '/p', cache_control: 'no-store' }).edge, { cached: false, seconds: 0, reason: 'origin-forbids' });
  });
});

describe('rules §3 cache modes, error status code cache, browser TTL and the one-year cap', () => {
  it('override ignores the origin; origin-first prefers it; follow-origin behaves as the default', () => {
    const origin = { url: '/a.png', cache_control: 's-maxage=30, max-age=20' };
    assert.equal(run([rule({ mode: 'override' })], origin).edge.seconds, 86_400);
    assert.deepEqual(run([rule({ mode: 'origin-first' })], origin).edge, { cached: true, seconds: 30, reason: 'origin-header' });
    assert.equal(run([rule({ mode: 'origin-first' })], { url: '/a.png' }).edge.seconds, 86_400);
    assert.deepEqual(run([rule({ mode: 'origin-first' })], { url: '/a.png', cache_control: 'private' }).edge.reason, 'origin-forbids');
    assert.equal(run([rule({ mode: 'follow-origin' })], { url: '/a.png' }).edge.seconds, 7200);
    assert.deepEqual(run([rule({ edge_ttl: 0 })], { url: '/a.png' }).edge, { cached: false, seconds: 0, reason: 'ttl-zero' });
  });

  it('error statuses use the rule rows, then the default; other statuses are not cached', () => {
    const errors = rule({ error_cache: [{ code: 502, ttl: 5, unit: 'second' }] });
    assert.deepEqual(run([errors], { url: '/a.png', status: 502 }).edge, { cached: true, seconds: 5, reason: 'error-row' });
    assert.deepEqual(run([errors], { url: '/a.png', status: 404 }).edge, { cached: true, seconds: 10, reason: 'default-status' });
    assert.deepEqual(run([errors], { url: '/a.png', status: 302 }).edge, { cached: false, seconds: 0, reason: 'status-not-cached' });
  });

  it('browser: the rule max-age when it overrides and browser_cache is on; otherwise the origin header passes', () => {
    const own = rule({ browser_mode: 'override', browser_ttl: 2, browser_ttl_unit: 'minute' });
    assert.deepEqual(run([own], { url: '/a.png', cache_control: 'max-age=5' }).browser, { source: 'rule', seconds: 120 });
    assert.deepEqual(run([own], { url: '/a.png', cache_control: 'max-age=5' }, { browserCache: 'off' }).browser, { source: 'origin', seconds: 5 });
    assert.deepEqual(run([rule()], { url: '/a.png' }).browser, { source: 'origin', seconds: null });
    assert.deepEqual(run([rule()], { url: '/a.png', cache_control: 'no-store' }).browser, { source: 'origin', seconds: 0 });
  });

  it('nothing is kept longer than one year (rules §5)', () => {
    assert.equal(run([rule({ mode: 'origin-first' })], { url: '/a.png', cache_control: 'max-age=99999999' }).edge.seconds, 31_536_000);
  });
});

describe('cache key: query string handling, cookie handling, ignore case, sort query string, cache sharing', () => {
  const url = 'https://WWW.example.com/Img/A.png?b=2&utm_source=x&a=1';
  it('the default keeps host, path and the whole query as sent', () => {
    assert.equal(run([], { url: '/p?b=2&a=1' }).key!.text, 'www.example.com/p?b=2&a=1');
  });

  it('query modes', () => {
    const key = (fields: Partial<CacheMatchRule>) => run([rule(fields)], { url }).key!.query;
    assert.equal(key({ query_mode: 'keep-all' }), 'b=2&utm_source=x&a=1');
    assert.equal(key({ query_mode: 'ignore-all' }), '');
    assert.equal(key({ query_mode: 'keep', query_params: 'a|b' }), 'b=2&a=1');
    assert.equal(key({ query_mode: 'ignore', query_params: 'utm_source' }), 'b=2&a=1');
    assert.equal(key({ query_mode: 'ignore', query_params: 'utm_source', sort_query: true }), 'a=1&b=2');
  });

  it('ignore case folds path and query; cookies listed are kept; sharing uses the other domain host', () => {
    const result = run([rule({ ignore_case: true, cookie_mode: 'keep', cookie_names: 'lang|currency', share_domain: 'static.example.net' })], {
      url,
      cookies: 'currency=EUR; session=s1; lang=en',
    });
    assert.deepEqual(result.key, {
      host: 'static.example.net',
      path: '/img/a.png',
      query: 'b=2&utm_source=x&a=1',
      cookies: ['lang=en', 'currency=EUR'],
      text: 'static.example.net/img/a.png?b=2&utm_source=x&a=1',
    });
  });

  it('the host comes from the URL, then the Host header, then the domain', () => {
    assert.equal(run([], { url: '/p', headers: [{ name: 'Host', value: 'Alias.example.com:8080' }] }).key!.host, 'alias.example.com');
    assert.equal(run([], { url: '/p' }).key!.host, 'www.example.com');
  });
});

describe('tester input', () => {
  it('paths and http(s) URLs can be tested; other schemes and blanks cannot', () => {
    assert.ok(isTestableUrl('/a?b=1') && isTestableUrl('https://x.example/a') && isTestableUrl('a.png'));
    assert.ok(!isTestableUrl('') && !isTestableUrl('ftp://x/a'));
    assert.equal(evaluateCache([], [], { url: 'ftp://x' }, context), null);
  });

  it('reads Cache-Control', () => {
    assert.deepEqual(parseCacheControl('public, s-maxage=10, max-age="20"'), { forbids: false, edge: 10, browser: 20 });
    assert.deepEqual(parseCacheControl('no-cache'), { forbids: true, edge: null, browser: 0 });
    assert.deepEqual(parseCacheControl(undefined), { forbids: false, edge: null, browser: null });
  });
});
