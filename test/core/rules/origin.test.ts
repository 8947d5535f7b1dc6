import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { containsJavaScript, validateCustomPage } from '../../../core/rules/html.js';
import * as origin from '../../../core/rules/origin.js';

const {
  CACHE_MAX_SECONDS,
  CUSTOM_PAGE_MAX_BYTES,
  DEFAULT_HTTP_PORTS,
  DEFAULT_HTTPS_PORTS,
  REDIRECT_DEFAULT_PORTS,
  STATED_NUMERIC_RANGES,
} = origin;

describe('rules §5 Origin and performance', () => {
  it('rules §5 / §8: at least one primary origin line ("Must include a main line"); address IPv4, IPv6 or domain', () => {
    assert.deepEqual(origin.validateOrigins([{ address: '1.2.3.4', port: 80, line: 'primary' }]), []);
    assert.deepEqual(origin.validateOrigins([{ address: '1.2.3.4', port: 80, line: 'backup' }]), [{ field: 'origins', key: 'origin.main-line-required' }]);
    assert.deepEqual(origin.validateOrigins([]), [{ field: 'origins', key: 'origin.main-line-required' }]);
    for (const ok of ['1.2.3.4', '2001:db8::1', 'origin.example.com']) assert.equal(origin.validateOriginAddress(ok), null, ok);
    assert.deepEqual(origin.validateOriginAddress(''), { key: 'origin.address-required' });
    for (const bad of ['1.2.3', 'http://a.com', '*.a.com', 'a']) assert.deepEqual(origin.validateOriginAddress(bad), { key: 'origin.address-format' }, bad);
  });
  it('rules §5: ports 1-65535, service ports 0-65535 ("Port Error")', () => {
    for (const ok of [1, 80, 65535, '443']) assert.equal(origin.validatePort(ok), null);
    for (const bad of [0, 65536, -1, 'x', 1.5]) assert.deepEqual(origin.validatePort(bad), { key: 'origin.port-error', values: { min: 1, max: 65535 } }, String(bad));
    assert.deepEqual(origin.validatePort(''), { key: 'common.required' });
    assert.equal(origin.validatePort(0, origin.SERVICE_PORT_RANGE), null);
    assert.deepEqual(origin.validatePort(65536, origin.SERVICE_PORT_RANGE), { key: 'origin.port-error', values: { min: 0, max: 65535 } });
  });
  it('rules §5 / §8: a duplicate port is refused ("Port already exists")', () => {
    assert.deepEqual(origin.duplicatePortIndexes([80, '443', '80', 8080, 443]), [2, 4]);
    assert.deepEqual(origin.validateListeningPorts([80, 443]), []);
    assert.deepEqual(origin.validateListeningPorts([80, 0, 80]), [
      { field: 'ports.1', key: 'origin.port-error', values: { min: 1, max: 65535 } },
      { field: 'ports.2', key: 'origin.port-exists' },
    ]);
    assert.deepEqual(
      origin.validateOrigins([
        { address: 'A.com', port: 80, line: 'primary' },
        { address: 'a.com', port: '80', line: 'backup' },
      ]),
      [{ field: 'origins.1.port', key: 'origin.port-exists' }],
    );
  });
  it('rules §9: default ports 80, 8080, 443, 8443; default redirect port 443', () => {
    assert.deepEqual([...DEFAULT_HTTP_PORTS, ...DEFAULT_HTTPS_PORTS], [80, 8080, 443, 8443]);
    assert.deepEqual(REDIRECT_DEFAULT_PORTS, { http: 80, https: 443 });
  });
  it('rules §5: URI rewrite starts with /, / alone is forbidden, at least one rule, path replacement ends with /', () => {
    assert.deepEqual(origin.validateRewriteRules([]), [{ field: 'rules', key: 'common.rule-required' }]);
    assert.deepEqual(origin.validateRewriteRules([{ method: 'prefix', source: '/old', target: '/new' }]), []);
    assert.deepEqual(origin.validateRewriteRules([{ method: 'exact', source: 'old', target: '/' }]), [
      { field: 'rules.0.source', key: 'common.start-with-slash' },
      { field: 'rules.0.target', key: 'origin.rewrite-root-forbidden' },
    ]);
    assert.deepEqual(origin.validateRewriteRules([{ method: 'path-replacement', source: '/a', target: '/b/' }]), [
      { field: 'rules.0.source', key: 'origin.rewrite-end-with-slash' },
    ]);
    assert.deepEqual(origin.validateRewriteRules([{ method: 'path-replacement', source: '/a/', target: '/b/' }]), []);
    assert.deepEqual(origin.validateStartsWithSlash(''), { key: 'common.required' });
  });
  it('rules §5 / §9: origin timeout 1-300 s default 30 (stricter than the 0-300 reading)', () => {
    assert.equal(origin.ORIGIN_TIMEOUT_DEFAULT, 30);
    for (const ok of [1, 30, 300]) assert.equal(origin.validateOriginTimeout(ok), null);
    for (const bad of [0, 301]) assert.deepEqual(origin.validateOriginTimeout(bad), { key: 'origin.timeout-range', values: { min: 1, max: 300 } });
  });
  it('rules §5 / §9: health check failure 1-300 default 30, interval default 10 s, block 0-300 default 30 s, path starts with /', () => {
    assert.equal(origin.HEALTH_FAILURE_THRESHOLD_DEFAULT, 30);
    assert.equal(origin.HEALTH_INTERVAL_DEFAULT, 10);
    assert.equal(origin.HEALTH_BLOCK_DEFAULT, 30);
    assert.deepEqual(origin.validateHealthCheck({ failureThreshold: 1, interval: 10, blockDuration: 0, path: '/health' }), []);
    assert.deepEqual(origin.validateHealthCheck({ failureThreshold: 300, interval: 1, blockDuration: 300 }), []);
    assert.deepEqual(origin.validateHealthCheck({ failureThreshold: 0, interval: 0, blockDuration: 301, path: 'health' }), [
      { field: 'failureThreshold', key: 'common.integer-range', values: { min: 1, max: 300 } },
      { field: 'interval', key: 'common.positive-integer' },
      { field: 'blockDuration', key: 'common.integer-range', values: { min: 0, max: 300 } },
      { field: 'path', key: 'common.start-with-slash' },
    ]);
  });
  it('rules §5 / §9: upload size 10-500MB, request window 1-20 s, other stated ranges', () => {
    assert.equal(origin.validateUploadSize(10), null);
    assert.equal(origin.validateUploadSize(500), null);
    assert.deepEqual(origin.validateUploadSize(9), { key: 'origin.upload-size-range', values: { min: 10, max: 500 } });
    assert.deepEqual(origin.validateUploadSize(501), { key: 'origin.upload-size-range', values: { min: 10, max: 500 } });
    assert.equal(origin.validateRequestWindow(1), null);
    assert.equal(origin.validateRequestWindow(20), null);
    assert.deepEqual(origin.validateRequestWindow(21), { key: 'origin.request-window-range', values: { min: 1, max: 20 } });
    assert.deepEqual(STATED_NUMERIC_RANGES.map((range) => range.max), [3600, 60, 24, 7]);
  });
  it('rules §5: custom request header name letters, digits, - and _, 1-100', () => {
    assert.equal(origin.validateHeaderName('X-Custom_Header1'), null);
    assert.equal(origin.validateHeaderName('a'.repeat(100)), null);
    assert.deepEqual(origin.validateHeaderName('a'.repeat(101)), { key: 'common.too-long', values: { max: 100 } });
    assert.deepEqual(origin.validateHeaderName('X Header'), { key: 'origin.header-name-format' });
    assert.deepEqual(origin.validateHeaderName('X:Y'), { key: 'origin.header-name-format' });
    assert.deepEqual(origin.validateHeaderName(''), { key: 'common.required' });
  });
  it('rules §5: matching content 1-1000 characters, no Chinese', () => {
    assert.equal(origin.validateMatchContent('.jpg;.png'), null);
    assert.equal(origin.validateMatchContent('a'.repeat(1000)), null);
    assert.deepEqual(origin.validateMatchContent('a'.repeat(1001)), { key: 'common.too-long', values: { max: 1000 } });
    assert.deepEqual(origin.validateMatchContent('/图片/'), { key: 'origin.no-chinese' });
    assert.deepEqual(origin.validateMatchContent('a，b'), { key: 'origin.no-chinese' }, 'full-width comma');
    assert.deepEqual(origin.validateMatchContent(''), { key: 'common.required' });
  });
  it('rules §5: only 8 custom response headers', () => {
    assert.equal(origin.validateResponseHeaderCount(8), null);
    assert.deepEqual(origin.validateResponseHeaderCount(9), { key: 'origin.response-headers-limit', values: { max: 8 } });
  });
  it('rules §5 / §8 / §9: custom HTML page at most 64K ("Size limit exceeded (64K)"), not empty, no JavaScript', () => {
    assert.equal(CUSTOM_PAGE_MAX_BYTES, 64_000);
    assert.equal(validateCustomPage('<h1>Down for maintenance</h1>'), null);
    assert.equal(validateCustomPage('a'.repeat(64_000)), null);
    assert.deepEqual(validateCustomPage('a'.repeat(64_001)), { key: 'origin.page-too-large' });
    assert.deepEqual(validateCustomPage('页'.repeat(21_334)), { key: 'origin.page-too-large' }, 'counted in UTF-8 bytes');
    assert.deepEqual(validateCustomPage('  '), { key: 'common.cannot-be-empty' });
    assert.deepEqual(validateCustomPage('<p onclick="x()">'), { key: 'origin.page-no-javascript' });
  });
  it('rules §5: the JavaScript finder catches script elements, handlers, javascript: URLs and their disguises', () => {
    for (const html of [
      '<script>alert(1)</script>',
      '<SCRIPT src=x.js></SCRIPT>',
      '<svg><script>x</script></svg>',
      '<img src=x onerror=alert(1)>',
      '<body onload="x()">',
      '<a href="javascript:alert(1)">x</a>',
      '<a href=" JaVaScRiPt:alert(1)">x</a>',
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      '<a href="&#106;avascript:x">x</a>',
      '<a href="javascript&colon;x">x</a>',
      '<iframe src="data:text/html,<script>x</script>">',
      '<meta http-equiv="refresh" content="0;url=javascript:x">',
      '<iframe srcdoc="&lt;img src=x onerror=alert(1)&gt;">',
      '<form><button formaction="vbscript:x">',
      "<div style='x' onmouseover='y'>",
    ]) {
      assert.equal(containsJavaScript(html), true, html);
    }
    for (const html of [
      '<h1>Sorry</h1><p>We will be back soon. Use a < b comparisons freely.</p>',
      '<a href="https://example.com/javascript-guide">JavaScript guide</a>',
      '<!-- <script>commented out</script> --><p>ok</p>',
      '<img src="logo.png" alt="onerror">',
      '<p>on</p><div data-one="1">',
      '<style>body { color: red }</style>',
    ]) {
      assert.equal(containsJavaScript(html), false, html);
    }
  });
  it('rules §5 / §9: cache at most one year, 200 cache and 200 non-cache entries, rule name at most 64, default rule read-only', () => {
    assert.equal(CACHE_MAX_SECONDS, 31_536_000);
    assert.equal(origin.validateCacheDuration(1, 'year'), null);
    assert.equal(origin.validateCacheDuration(12, 'month'), null);
    assert.equal(origin.validateCacheDuration(365, 'day'), null);
    assert.deepEqual(origin.validateCacheDuration(366, 'day'), { key: 'origin.cache-duration-max' });
    assert.deepEqual(origin.validateCacheDuration(2, 'year'), { key: 'origin.cache-duration-max' });
    assert.deepEqual(origin.validateCacheDuration(31_536_001, 'second'), { key: 'origin.cache-duration-max' });
    assert.deepEqual(origin.validateCacheDuration(-1, 'second'), { key: 'common.non-negative-integer' });
    assert.equal(origin.validateCacheRuleCount('cache', 199), null);
    assert.deepEqual(origin.validateCacheRuleCount('cache', 200), { key: 'origin.cache-rules-limit', values: { max: 200 } });
    assert.deepEqual(origin.validateCacheRuleCount('non-cache', 200), { key: 'origin.cache-rules-limit', values: { max: 200 } });
    assert.equal(origin.validateCacheRuleName('a'.repeat(64)), null);
    assert.deepEqual(origin.validateCacheRuleName('a'.repeat(65)), { key: 'common.too-long', values: { max: 64 } });
    assert.deepEqual(origin.validateCacheRuleName(''), { key: 'common.required' });
    assert.deepEqual(origin.validateCacheRuleEditable({ isDefault: true }), { key: 'origin.default-cache-rule-readonly' });
    assert.deepEqual(origin.validateCacheRuleEditable({ isDefault: false, builtIn: true }), { key: 'origin.default-cache-rule-readonly' });
    assert.equal(origin.validateCacheRuleEditable({ isDefault: false }), null);
  });
  it('rules §9 Default cache: 200/206 for 2 hours, 404 for 10 s, others not cached, Last-Modified 10% clamped to 10-3600 s', () => {
    assert.equal(origin.defaultCacheSeconds(200), 7200);
    assert.equal(origin.defaultCacheSeconds(206), 7200);
    assert.equal(origin.defaultCacheSeconds(404), 10);
    assert.equal(origin.defaultCacheSeconds(500), 0);
    assert.equal(origin.lastModifiedHeuristicSeconds(50), 10);
    assert.equal(origin.lastModifiedHeuristicSeconds(1000), 100);
    assert.equal(origin.lastModifiedHeuristicSeconds(1_000_000), 3600);
  });
  it('rules §5: redirect port 0-65535, jump port 1-65535, target begins with http(s), implicit forwarding stays on https', () => {
    assert.equal(origin.validateRedirectPort(0), null);
    assert.deepEqual(origin.validateRedirectPort(65536), { key: 'origin.port-error', values: { min: 0, max: 65535 } });
    assert.deepEqual(origin.validateJumpPort(0), { key: 'origin.port-error', values: { min: 1, max: 65535 } });
    assert.equal(origin.validateJumpPort(443), null);
    assert.deepEqual(origin.validateRedirectTarget('ftp://a.com', { implicit: false, httpsEnabled: false }), { key: 'url.scheme' });
    assert.equal(origin.validateRedirectTarget('http://a.com', { implicit: false, httpsEnabled: true }), null);
    assert.deepEqual(origin.validateRedirectTarget('http://a.com', { implicit: true, httpsEnabled: true }), { key: 'origin.implicit-forward-https' });
    assert.equal(origin.validateRedirectTarget('https://a.com', { implicit: true, httpsEnabled: true }), null);
  });
  it('rules §5 / §9: layer-4 at most 100 ports at once (1000 application product); batch edit needs the same source port, package, source IPs', () => {
    assert.equal(origin.validateL4PortCount(100), null);
    assert.deepEqual(origin.validateL4PortCount(101), { key: 'origin.l4-too-many-ports', values: { max: 100 } });
    assert.equal(origin.validateL4PortCount(1000, 'application'), null);
    assert.deepEqual(origin.validateL4PortCount(1001, 'application'), { key: 'origin.l4-too-many-ports', values: { max: 1000 } });
    const record = { sourcePort: 80, packageId: 'p1', sourceIps: ['1.1.1.1', '2.2.2.2'] };
    assert.equal(origin.validateL4BatchEdit([record, { ...record, sourcePort: '80', sourceIps: ['2.2.2.2', '1.1.1.1'] }]), null);
    assert.deepEqual(origin.validateL4BatchEdit([record, { ...record, packageId: 'p2' }]), { key: 'origin.l4-batch-mismatch' });
    assert.deepEqual(origin.validateL4BatchEdit([record, { ...record, sourceIps: ['1.1.1.1'] }]), { key: 'origin.l4-batch-mismatch' });
    assert.deepEqual(origin.validateL4BatchEdit([]), { key: 'origin.l4-select-records' });
  });
});
