/**
 * The request trace engine (issue 20 "Request trace"; rules §3 origin, conditional origin, URI rewrite, cache rule,
 * custom error page, HTTPS settings, origin health; rules §4 WAF disposal actions and origin health; rules §5 Origin
 * and performance): each step, their order and precedence, health fallback to the backup line, weights, the rewrite
 * seen by the cache, a WAF block ending the trace, and hostile input answered with issues instead of a crash.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { MatchConditionInput } from '../../../core/rules/waf.js';
import { BUILT_IN_CACHE_RULES, newCacheRule, type CacheRuleInput } from '../../../core/rules/cache.js';
import type { SettingsGroupValues } from '../../../core/settings/catalogue.js';
import type { OriginEntry } from '../../../core/settings/origin.js';
import { allSecurityCardDefaults, SECURITY_CARD_NAMES, type SecurityCardValues } from '../../../core/security/cards.js';
import { regionData } from '../../../demo/server/features/account/regions.js';
import {
  parseHeaderLines,
  traceRequest,
  TRACE_LIMITS,
  TRACE_STEPS,
  type TraceConfiguration,
  type TraceRequest,
  type TraceResult,
  type TraceWafRule,
} from '../../../core/settings/trace.js';

const DOMAIN = 'www.example.com';

const originEntry = (address: string, fields: Partial<OriginEntry> = {}): OriginEntry => ({
  address,
  port: 80,
  protocol: 0,
  listen_port: 80,
  line: 'primary',
  weight: 10,
  priority: 1,
  ...fields,
});

const cacheRule = (fields: Partial<CacheRuleInput>): CacheRuleInput => ({ ...newCacheRule(), name: 'rule', ...fields });

function configuration(groups: Partial<SettingsGroupValues> = {}, extra: Partial<TraceConfiguration> = {}): TraceConfiguration {
  return {
    domain: DOMAIN,
    groups: {
      origin: { origins: [originEntry('192.0.2.10'), originEntry('192.0.2.20', { line: 'backup' })], origin_protocol: 0, load_balancing: 1 },
      ...groups,
    },
    cache: { builtIn: BUILT_IN_CACHE_RULES, rules: [], browserCache: 'on' },
    waf: [],
    ...extra,
  };
}

const request = (fields: Partial<TraceRequest> = {}): TraceRequest => ({ url: `http://${DOMAIN}/index.html`, method: 'GET', headers: [], client_ip: '198.51.100.7', ...fields });

function trace(config: TraceConfiguration, req: TraceRequest = request()) {
  const result = traceRequest(config, req);
  assert.ok(result.ok, `expected a trace, got ${JSON.stringify(!result.ok && result.issues)}`);
  return result;
}

function step<N extends (typeof TRACE_STEPS)[number]>(result: Extract<TraceResult, { ok: true }>, name: N) {
  const found = result.steps.find((entry) => entry.step === name)!;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return found as any;
}

const wafRule = (conditions: MatchConditionInput[], type: TraceWafRule['action']['type'], code: string, status: TraceWafRule['status'] = 'enabled'): TraceWafRule => ({
  conditions,
  action: { type },
  status,
  code,
});

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

describe('the steps, in order (issue 20 request trace)', () => {
  it('lists every step in the fixed order and ends at the origin when nothing stops the request', () => {
    const result = trace(configuration());
    assert.deepEqual(
      result.steps.map((entry) => entry.step),
      [...TRACE_STEPS],
    );
    assert.equal(result.outcome.kind, 'origin');
    assert.equal(step(result, 'origin').chosen.address, '192.0.2.10');
  });

  it('never changes its inputs (frozen configuration and request)', () => {
    const config = configuration({
      upstream_uri_change: { status: 'on', rules: [{ method: 'prefix', source: '/old/', target: '/new/', priority: 1 }] },
      req_headers: { headers: [{ name: 'X-From', value: 'edge', action: 'set' }] },
    });
    const req = request({ url: `http://${DOMAIN}/old/a.png`, headers: [{ name: 'User-Agent', value: 'Mozilla/5.0' }] });
    const before = JSON.stringify([config, req]);
    deepFreeze(config);
    deepFreeze(req);
    trace(config, req);
    assert.equal(JSON.stringify([config, req]), before);
  });
});

describe('HTTP to HTTPS redirect (rules §3 HTTPS settings, §5 jump port)', () => {
  const https = (fields: Partial<SettingsGroupValues['https']>): SettingsGroupValues['https'] => ({
    status: 'on',
    certificate_id: 1,
    redirect: 'all',
    jump_port: 443,
    hsts: { status: 'off', max_age: 0, include_subdomains: false },
    http2: 'on',
    ocsp: 'off',
    min_tls: 'TLSv1.2',
    ciphers: 'all',
    custom_ciphers: '',
    ...fields,
  });

  it('redirects plain HTTP with 301 to the jump port and stops the trace', () => {
    const result = trace(configuration({ https: https({ jump_port: 8443 }) }), request({ url: `http://${DOMAIN}/a?b=1` }));
    assert.deepEqual(result.outcome, { kind: 'redirect', step: 'https-redirect', code: 301, location: `https://${DOMAIN}:8443/a?b=1` });
    assert.ok(result.steps.slice(1).every((entry) => entry.status === 'not-reached'));
  });

  it('passes HTTPS requests, and HTTP when the redirect is off or HTTPS is off', () => {
    assert.equal(step(trace(configuration({ https: https({}) }), request({ url: `https://${DOMAIN}/` })), 'https-redirect').reason, 'already-https');
    assert.equal(step(trace(configuration({ https: https({ redirect: 'off' }) })), 'https-redirect').reason, 'redirect-off');
    assert.equal(step(trace(configuration({ https: https({ status: 'off' }) })), 'https-redirect').reason, 'https-off');
  });

  it('special browsers: only a browser User-Agent is redirected', () => {
    const config = configuration({ https: https({ redirect: 'special' }) });
    assert.equal(step(trace(config, request({ headers: [{ name: 'User-Agent', value: 'curl/8' }] })), 'https-redirect').reason, 'not-special-browser');
    assert.equal(trace(config, request({ headers: [{ name: 'User-Agent', value: 'Mozilla/5.0 (X11)' }] })).outcome.kind, 'redirect');
  });

  it('adds HSTS to HTTPS responses when it is on', () => {
    const result = trace(configuration({ https: https({ hsts: { status: 'on', max_age: 31536000, include_subdomains: true } }) }), request({ url: `https://${DOMAIN}/`, }));
    // The origins listen on 80 only: the request still gets its response headers listed.
    const headers = step(result, 'response-headers').changes;
    assert.deepEqual(headers, [{ name: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains', effect: 'added', source: 'hsts' }]);
  });
});

describe('redirects (rules §5 redirect: port rules, http/https target, implicit forwarding)', () => {
  it('the first rule whose port and path hold decides; the rest of the path and the query follow', () => {
    const config = configuration({
      upstream_redirect: {
        status: 'on',
        rules: [
          { source_port: 8080, source_path: '/', target: 'https://other.example.com', kind: 301 },
          { source_port: 0, source_path: '/shop/', target: 'https://shop.example.com/', kind: 302 },
          { source_port: 0, source_path: '/', target: 'https://never.example.com', kind: 301 },
        ],
      },
    });
    const result = trace(config, request({ url: `http://${DOMAIN}/shop/cart?id=3` }));
    assert.deepEqual(result.outcome, { kind: 'redirect', step: 'redirect', code: 302, location: 'https://shop.example.com/cart?id=3' });
    assert.equal(step(result, 'redirect').rule.index, 1);
  });

  it('implicit forwarding serves the target under the visitor URL', () => {
    const config = configuration({ upstream_redirect: { status: 'on', rules: [{ source_port: 80, source_path: '/', target: 'https://content.example.com', kind: 'implicit' }] } });
    assert.deepEqual(trace(config).outcome, { kind: 'forward', location: 'https://content.example.com/index.html' });
  });

  it('an off group passes', () => {
    const config = configuration({ upstream_redirect: { status: 'off', rules: [{ source_port: 0, source_path: '/', target: 'https://x.example.com', kind: 301 }] } });
    assert.equal(step(trace(config), 'redirect').reason, 'off');
  });
});

describe('mobile redirect', () => {
  it('sends mobile visitors to the target', () => {
    const config = configuration({ mobile_jump: { status: 'on', target: 'https://m.example.com/' } });
    assert.equal(step(trace(config, request({ headers: [{ name: 'User-Agent', value: 'Mozilla/5.0 (iPhone) Mobile' }] })), 'mobile-redirect').status, 'stopped');
    assert.equal(step(trace(config, request({ headers: [{ name: 'User-Agent', value: 'Mozilla/5.0 (X11)' }] })), 'mobile-redirect').reason, 'not-mobile');
  });
});

describe('URI rewrite (rules §3, §5 rewrite)', () => {
  const rewrite = (rules: SettingsGroupValues['upstream_uri_change']['rules']) => configuration({ upstream_uri_change: { status: 'on', rules } });

  it('each method', () => {
    const cases: Array<[SettingsGroupValues['upstream_uri_change']['rules'][number], string, string]> = [
      [{ method: 'exact', source: '/a.html', target: '/b.html', priority: 1 }, '/a.html?x=1', '/b.html?x=1'],
      [{ method: 'prefix', source: '/old', target: '/new.html', priority: 1 }, '/old/deep/page?x=1', '/new.html?x=1'],
      [{ method: 'path-replacement', source: '/v1/', target: '/v2/', priority: 1 }, '/v1/users/7?x=1', '/v2/users/7?x=1'],
      [{ method: 'uri-overwrite', source: '/a', target: '/b?y=2', priority: 1 }, '/a?x=1', '/b?y=2'],
    ];
    for (const [rule, from, to] of cases) {
      const found = step(trace(rewrite([rule]), request({ url: `http://${DOMAIN}${from}` })), 'rewrite');
      assert.equal(found.to, to, rule.method);
      assert.equal(found.reason, 'rule');
    }
  });

  it('priority 1 wins over list order; no match passes', () => {
    const config = rewrite([
      { method: 'prefix', source: '/', target: '/all.html', priority: 2 },
      { method: 'exact', source: '/a', target: '/exact.html', priority: 1 },
    ]);
    assert.equal(step(trace(config, request({ url: `http://${DOMAIN}/a` })), 'rewrite').to, '/exact.html');
    assert.equal(step(trace(rewrite([{ method: 'exact', source: '/x', target: '/y', priority: 1 }])), 'rewrite').reason, 'no-rule');
  });

  it('the cache sees the rewritten URI (rewrite comes before the cache)', () => {
    const config = configuration(
      { upstream_uri_change: { status: 'on', rules: [{ method: 'exact', source: '/index.html', target: '/static/index.css', priority: 1 }] } },
      { cache: { builtIn: BUILT_IN_CACHE_RULES, rules: [cacheRule({ name: 'styles', match_type: 'extension', match_content: 'css', edge_ttl: 2, edge_ttl_unit: 'hour' })], browserCache: 'on' } },
    );
    const cache = step(trace(config), 'cache');
    assert.equal(cache.rule.name, 'styles');
    assert.equal(cache.edge.seconds, 7200);
    assert.equal(cache.key.path, '/static/index.css');
    assert.equal(cache.url, `http://${DOMAIN}/static/index.css`);
  });
});

describe('WAF (rules §4 disposal actions; the isomorphic matcher)', () => {
  const admin: MatchConditionInput = { type: 'url', operator: 'prefix', value: '/admin' };
  const sets = (...rules: TraceWafRule[][]) => rules.map((list, index) => ({ id: index + 1, name: `set ${index + 1}`, rules: list }));

  it('a blocking rule stops the trace: no cache, no origin', () => {
    const config = configuration({}, { waf: sets([wafRule([admin], 'block', 'R-1')]) });
    const result = trace(config, request({ url: `http://${DOMAIN}/admin/login` }));
    assert.equal(result.outcome.kind, 'waf');
    assert.equal(step(result, 'waf').fired.code, 'R-1');
    assert.equal(step(result, 'cache').status, 'not-reached');
    assert.equal(step(result, 'origin').status, 'not-reached');
  });

  it('observation rules are listed and matching goes on; release ends the WAF but not the request', () => {
    const config = configuration({}, { waf: sets([wafRule([admin], 'block', 'R-obs', 'observation'), wafRule([admin], 'release', 'R-ok')]) });
    const result = trace(config, request({ url: `http://${DOMAIN}/admin/` }));
    const waf = step(result, 'waf');
    assert.deepEqual(
      waf.observed.map((rule: { code: string }) => rule.code),
      ['R-obs'],
    );
    assert.equal(waf.fired.code, 'R-ok');
    assert.equal(waf.stops, false);
    assert.equal(result.outcome.kind, 'origin');
  });

  it('"continue to next rule set" skips the rest of its set; the next set decides', () => {
    const config = configuration({}, { waf: sets([wafRule([admin], 'next-rule-set', 'R-next'), wafRule([admin], 'block', 'R-skipped')], [wafRule([admin], 'verify-js', 'R-js')]) });
    const waf = step(trace(config, request({ url: `http://${DOMAIN}/admin` })), 'waf');
    assert.equal(waf.fired.code, 'R-js');
    assert.equal(waf.fired.set_id, 2);
    assert.equal(waf.status, 'stopped');
  });

  it('a rule it cannot decide (region not given) is reported, and the trace goes on', () => {
    const config = configuration({}, { waf: sets([wafRule([{ type: 'region', operator: 'equals', value: ['US'] }], 'block', 'R-region')]) });
    const waf = step(trace(config), 'waf');
    assert.equal(waf.reason, 'undecided');
    assert.equal(waf.undecided[0].code, 'R-region');
    const later = configuration({}, { waf: sets([wafRule([{ type: 'region', operator: 'equals', value: ['US'] }], 'block', 'R-region'), wafRule([admin], 'ban', 'R-ban')]) });
    const decided = step(trace(later, request({ url: `http://${DOMAIN}/admin` })), 'waf');
    assert.equal(decided.fired.code, 'R-ban', 'a later sure match decides when the earlier rule is treated as not matching');
    assert.deepEqual(
      decided.undecided.map((rule: { code: string }) => rule.code),
      ['R-region'],
    );
    const regionKnown = step(trace(config, request({ region: 'US' })), 'waf');
    assert.equal(regionKnown.fired?.code, 'R-region');
  });
});

describe('cache (rules §3 cache rule, §9 default cache)', () => {
  it('a built-in rule comes first; the default rule applies when none matches', () => {
    const config = configuration({}, { cache: { builtIn: BUILT_IN_CACHE_RULES, rules: [cacheRule({ match_type: 'extension', match_content: 'php' })], browserCache: 'on' } });
    const php = step(trace(config, request({ url: `http://${DOMAIN}/a.php` })), 'cache');
    assert.equal(php.rule.list, 'built-in');
    assert.equal(php.rule.key, 'dynamic-pages');
    assert.equal(php.edge.cached, false);
    const page = step(trace(config), 'cache');
    assert.equal(page.reason, 'default');
  });

  it('browser TTL by the rule, and the cache key', () => {
    const rule = cacheRule({ match_type: 'path', match_content: '/img/', edge_ttl: 1, edge_ttl_unit: 'day', browser_mode: 'override', browser_ttl: 10, browser_ttl_unit: 'minute', query_mode: 'ignore-all' });
    const config = configuration({}, { cache: { builtIn: [], rules: [rule], browserCache: 'on' } });
    const found = step(trace(config, request({ url: `http://${DOMAIN}/img/a.png?v=2` })), 'cache');
    assert.deepEqual(found.browser, { source: 'rule', seconds: 600 });
    assert.equal(found.key.text, `${DOMAIN}/img/a.png`);
  });

  it('SEO: crawlers bypass the cache', () => {
    const config = configuration({ search_engine_optimization: { status: 'on' } });
    assert.equal(step(trace(config, request({ headers: [{ name: 'User-Agent', value: 'Googlebot/2.1' }] })), 'cache').reason, 'seo-crawler');
  });
});

describe('origin choice (rules §3 origin, conditional origin, origin health; rules §4 health)', () => {
  const health = (states: SettingsGroupValues['origin_health']['states']): SettingsGroupValues['origin_health'] => ({
    health: { status: 'on', failure_threshold: 30, interval: 10, block_seconds: 30 },
    probe: { status: 'off', protocol: 'http', method: 'GET', path: '/', frequency: 10, unavailable_count: 3, available_count: 3, connect_timeout: 5 },
    states,
  });

  it('primary line first; the backup only when every primary origin is unhealthy or blocked', () => {
    const states = [
      { address: '192.0.2.10', port: 80, state: 'unhealthy' as const, since: null, reason: 'timeout' },
    ];
    const result = trace(configuration({ origin_health: health(states) }));
    const origin = step(result, 'origin');
    assert.equal(origin.reason, 'backup');
    assert.equal(origin.chosen.address, '192.0.2.20');
    assert.equal(origin.candidates[0].excluded, 'unhealthy');
  });

  it('health states are ignored while the health check and the probe are off', () => {
    const off = health([{ address: '192.0.2.10', port: 80, state: 'unhealthy', since: null, reason: '' }]);
    off.health.status = 'off';
    const origin = step(trace(configuration({ origin_health: off })), 'origin');
    assert.equal(origin.reason, 'primary');
    assert.equal(origin.health, false);
  });

  it('no origin left: 502 and its custom error page', () => {
    const states = [
      { address: '192.0.2.10', port: 80, state: 'blocked' as const, since: null, reason: '' },
      { address: '192.0.2.20', port: 80, state: 'unhealthy' as const, since: null, reason: '' },
    ];
    const result = trace(configuration({ origin_health: health(states), custom_page: { pages: [{ code: 502, type: 'html', html: '<p>down</p>', url: '' }] } }));
    assert.equal(step(result, 'origin').reason, 'none-available');
    assert.deepEqual(result.outcome, { kind: 'error', code: 502 });
    assert.equal(step(result, 'error-page').reason, 'html');
  });

  it('weights give shares; round-robin names the largest share; IP hash is stable per client', () => {
    const origins = [originEntry('a.example.net', { weight: 30 }), originEntry('b.example.net', { weight: 10 })];
    const roundRobin = step(trace(configuration({ origin: { origins, origin_protocol: 0, load_balancing: 1 } })), 'origin');
    assert.deepEqual(
      roundRobin.candidates.map((entry: { share: number }) => entry.share),
      [0.75, 0.25],
    );
    assert.equal(roundRobin.chosen.address, 'a.example.net');
    const hashed = configuration({ origin: { origins, origin_protocol: 0, load_balancing: 0 } });
    const picks = new Set(Array.from({ length: 40 }, (_, index) => step(trace(hashed, request({ client_ip: `203.0.113.${index}` })), 'origin').chosen.address));
    assert.deepEqual([...picks].sort(), ['a.example.net', 'b.example.net']);
    const once = step(trace(hashed, request({ client_ip: '203.0.113.9' })), 'origin').chosen.address;
    assert.equal(step(trace(hashed, request({ client_ip: '203.0.113.9' })), 'origin').chosen.address, once);
  });

  it('priority within a line: lower value first', () => {
    const origins = [originEntry('late.example.net', { priority: 2, weight: 90 }), originEntry('first.example.net', { priority: 1, weight: 1 })];
    const origin = step(trace(configuration({ origin: { origins, origin_protocol: 0, load_balancing: 1 } })), 'origin');
    assert.equal(origin.chosen.address, 'first.example.net');
    assert.equal(origin.candidates[0].excluded, 'lower-priority');
  });

  it('conditional origins come before the lines, by priority; a disabled one is skipped', () => {
    const config = configuration({
      conditional_origin: {
        rules: [
          { conditions: [{ type: 'url', operator: 'prefix', value: '/api' }], origins: [{ address: 'api-off.example.net', port: 80, weight: 10 }], description: 'off', priority: 1, status: 'off' },
          { conditions: [{ type: 'url', operator: 'prefix', value: '/api' }], origins: [{ address: 'api.example.net', port: 8080, weight: 10 }], description: 'api', priority: 2, status: 'on' },
        ],
      },
      origin_advanced: { timeout: 30, keepalive: { status: 'on', idle_seconds: 60 }, follow_redirect: 'off' },
    });
    const origin = step(trace(config, request({ url: `http://${DOMAIN}/api/v1` })), 'origin');
    assert.equal(origin.reason, 'conditional');
    assert.equal(origin.conditional.description, 'api');
    assert.deepEqual([origin.chosen.address, origin.chosen.port], ['api.example.net', 8080]);
    assert.equal(step(trace(config), 'origin').reason, 'primary');
  });

  it('listening port and protocol: an HTTPS request needs an origin listening on 443', () => {
    const result = trace(configuration(), request({ url: `https://${DOMAIN}/` }));
    assert.equal(step(result, 'origin').reason, 'no-listen-port');
    assert.equal(result.outcome.kind, 'error');
  });

  it('origin protocol follow, custom host and SNI', () => {
    const origins = [originEntry('192.0.2.10', { protocol: 1, listen_port: 443, port: 443 })];
    const config = configuration({
      origin: { origins, origin_protocol: 2, load_balancing: 1 },
      back_source_host: { mode: 'diy', host: 'origin.internal', sni: { status: 'on', name: '' } },
    });
    const origin = step(trace(config, request({ url: `https://${DOMAIN}/` })), 'origin');
    assert.equal(origin.protocol, 'https');
    assert.equal(origin.host, 'origin.internal');
    assert.equal(origin.sni, 'origin.internal');
  });
});

describe('headers and error pages (rules §5 headers; rules §3 custom error page)', () => {
  it('request headers set and delete against what the visitor sent; response headers added', () => {
    const config = configuration({
      req_headers: {
        headers: [
          { name: 'X-Real-Host', value: DOMAIN, action: 'set' },
          { name: 'Cookie', value: '', action: 'delete' },
          { name: 'X-Gone', value: '', action: 'delete' },
        ],
      },
      resp_headers: { headers: [{ name: 'Cache-Control', value: 'no-transform', action: 'set' }] },
    });
    const result = trace(config, request({ headers: [{ name: 'cookie', value: 'a=1' }] }));
    assert.deepEqual(
      step(result, 'request-headers').changes.map((change: { name: string; effect: string }) => `${change.name}:${change.effect}`),
      ['X-Real-Host:added', 'Cookie:removed', 'X-Gone:absent'],
    );
    assert.equal(step(result, 'response-headers').changes[0].name, 'Cache-Control');
  });

  it('an origin error status picks its page; success has none', () => {
    const config = configuration({ custom_page: { pages: [{ code: 404, type: 'url', html: '', url: 'https://help.example.com/404' }] } });
    assert.equal(step(trace(config, request({ status: 404 })), 'error-page').url, 'https://help.example.com/404');
    assert.equal(step(trace(config, request({ status: 500 })), 'error-page').reason, 'none-configured');
    assert.equal(step(trace(config), 'error-page').reason, 'not-error');
  });
});

describe('hostile input gives clear issues, never a crash', () => {
  const issues = (req: Partial<TraceRequest>) => {
    const result = traceRequest(configuration(), { ...request(), ...req });
    assert.equal(result.ok, false);
    return !result.ok ? result.issues.map((entry) => `${entry.field}:${entry.key}`) : [];
  };

  it('malformed URLs', () => {
    assert.deepEqual(issues({ url: '' }), ['url:trace.url-required']);
    for (const url of ['ftp://x/y', 'javascript:alert(1)', 'http://', 'http://[::1', 'no-slash', 'http://exa mple.com/']) {
      assert.deepEqual(issues({ url }), ['url:trace.url-invalid'], url);
    }
    assert.deepEqual(issues({ url: `/${'a'.repeat(TRACE_LIMITS.urlLength)}` }), ['url:trace.url-too-long']);
  });

  it('huge and malformed headers, bad methods, bad IPs, bad statuses', () => {
    assert.deepEqual(issues({ headers: Array.from({ length: 101 }, (_, index) => ({ name: `X-${index}`, value: 'v' })) }), ['headers:trace.headers-too-many']);
    assert.deepEqual(issues({ headers: [{ name: 'X-Big', value: 'x'.repeat(70_000) }] }), ['headers:trace.headers-too-large']);
    assert.deepEqual(issues({ headers: [{ name: 'Bad Name', value: 'v' }] }), ['headers:trace.header-line-invalid']);
    assert.deepEqual(issues({ method: 'GET /x' }), ['method:trace.method-invalid']);
    assert.deepEqual(issues({ client_ip: '999.1.1.1' }), ['client_ip:ip.incorrect']);
    assert.deepEqual(issues({ client_ip: '' }), ['client_ip:ip.required']);
    assert.deepEqual(issues({ status: 42 }), ['status:common.integer-range']);
  });

  it('header lines: the first line that is not a header is named', () => {
    assert.deepEqual(parseHeaderLines('Accept: */*\n\nUser-Agent: x'), {
      headers: [
        { name: 'Accept', value: '*/*' },
        { name: 'User-Agent', value: 'x' },
      ],
    });
    assert.deepEqual(parseHeaderLines('Accept: */*\nnot a header'), { line: 2 });
  });

  it('a configuration of unknown shape (placeholder groups, nulls) still traces', () => {
    const odd = { domain: DOMAIN, groups: { origin: { status: 'off' }, upstream_uri_change: { status: 'on', rules: null }, origin_health: { states: 'x' } }, cache: null, waf: [] } as unknown as TraceConfiguration;
    const result = trace(odd);
    assert.equal(step(result, 'origin').reason, 'no-origins');
    assert.equal(step(result, 'cache').reason, 'not-read');
  });

  it('a hostile rule pattern is undecided, not run (nested quantifiers)', () => {
    const config = configuration({}, { waf: [{ id: 1, name: 's', rules: [wafRule([{ type: 'url', operator: 'regex', value: '(a+)+$' }], 'block', 'R-redos')] }] });
    const waf = step(trace(config, request({ url: `http://${DOMAIN}/${'a'.repeat(5000)}!` })), 'waf');
    assert.equal(waf.reason, 'undecided');
  });
});

describe('the protection cards step (issue 22 "The request trace of the domain console includes every enabled card\'s verdict in order")', () => {
  /** Wednesday 2026-11-25 12:00 Beijing time. */
  const NOW = Date.UTC(2026, 10, 25, 4, 0);
  const regions = regionData('en_US').ipRegions;
  const cards = (patch: (values: SecurityCardValues) => void): SecurityCardValues => {
    const values = allSecurityCardDefaults();
    patch(values);
    return values;
  };

  it('comes before the WAF step and lists every card in order', () => {
    assert.ok(TRACE_STEPS.indexOf('security') === TRACE_STEPS.indexOf('waf') - 1);
    const result = trace(configuration({}, { security: allSecurityCardDefaults(), now: NOW }));
    const found = step(result, 'security');
    assert.deepEqual(found.verdicts.map((verdict: { card: string }) => verdict.card), SECURITY_CARD_NAMES);
    assert.equal(found.reason, 'none-enabled');
    assert.equal(result.outcome.kind, 'origin');
  });

  it('without the cards (they could not be read) the step says so and the request goes on', () => {
    const result = trace(configuration({}, { security: null }));
    assert.deepEqual(step(result, 'security'), { step: 'security', status: 'passed', reason: 'not-read', verdicts: [] });
    assert.equal(result.outcome.kind, 'origin');
  });

  it('rules §4 regional blocking: a request from a blocked country ends the trace at the cards, before the WAF', () => {
    const security = cards((values) => Object.assign(values.region_block, { enabled: true, mode: 'block', regions: ['US'] }));
    const blocked = trace(configuration({}, { security, regions, now: NOW }), request({ region: 'US' }));
    assert.deepEqual(blocked.outcome, { kind: 'security', card: 'region_block', action: 'block' });
    assert.equal(step(blocked, 'security').stoppedBy.card, 'region_block');
    assert.equal(step(blocked, 'waf').status, 'not-reached');
    const elsewhere = trace(configuration({}, { security, regions, now: NOW }), request({ region: 'DE' }));
    assert.equal(step(elsewhere, 'security').reason, 'passed');
  });

  it('observation mode only records: the request goes on to the WAF and the origin', () => {
    const security = cards((values) => Object.assign(values.region_block, { enabled: true, mode: 'observe', regions: ['AMERICA'] }));
    const result = trace(configuration({}, { security, regions, now: NOW }), request({ region: 'US' }));
    assert.equal(step(result, 'security').status, 'applied');
    assert.equal(step(result, 'security').reason, 'observed');
    assert.equal(result.outcome.kind, 'origin');
  });

  it('with every card enabled, rate-based cards stay undecided and never block on their own', () => {
    const security = cards((values) => {
      for (const name of SECURITY_CARD_NAMES) values[name].enabled = true;
      values.referer_hotlink.allow_empty = true;
      values.visitor_authentication.paths = ['/private'];
      values.visitor_authentication.key = 'k';
    });
    const result = trace(configuration({}, { security, regions, now: NOW }), request({ headers: [{ name: 'User-Agent', value: 'Mozilla/5.0 (X11) Firefox/130' }], url: `http://${DOMAIN}/index.html?timestamp=${NOW / 1000}&nonce=n1` }));
    const verdicts = step(result, 'security').verdicts as { card: string; decided: boolean; reason: { code: string } }[];
    for (const name of ['application_ddos_protection', 'ip_behavior_analysis', 'intelligent_protection']) {
      assert.equal(verdicts.find((verdict) => verdict.card === name)!.reason.code, 'rate-based', name);
    }
    assert.equal(result.outcome.kind, 'origin');
  });
});
