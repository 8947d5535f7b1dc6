import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as waf from '../../../core/rules/waf.js';
import type { MatchConditionInput } from '../../../core/rules/waf.js';

const condition = (type: MatchConditionInput['type'], value: string | string[] = 'x', operator = 'equals'): MatchConditionInput => ({ type, operator, value });

describe('rules §5 Match rules and WAF', () => {
  it('rules §5 / §9: at most 5 conditions combined by AND; at least one ("Add at least one rule")', () => {
    assert.equal(waf.MATCH_CONDITIONS_MAX, 5);
    assert.deepEqual(waf.validateMatchConditions([]), [{ field: 'conditions', key: 'common.rule-required' }]);
    const five: MatchConditionInput['type'][] = ['url', 'header', 'method', 'query-string', 'suffix'];
    const named = (type: MatchConditionInput['type']) => ({ ...condition(type, type === 'method' ? 'GET' : 'x'), name: 'X-Token' });
    assert.deepEqual(waf.validateMatchConditions(five.map(named)), []);
    assert.deepEqual(waf.validateMatchConditions([...five, 'protocol' as const].map((type) => condition(type, type === 'method' ? 'GET' : 'x'))), [
      { field: 'conditions', key: 'waf.too-many-conditions', values: { max: 5 } },
    ]);
  });
  it('rules §5 / §9: OR lists at most 20 rows; multiple targets separated by |', () => {
    assert.equal(waf.MATCH_OR_ROWS_MAX, 20);
    const rows = (count: number) => Array.from({ length: count }, (_, i) => `/p${i}`);
    assert.deepEqual(waf.validateMatchConditions([condition('url', rows(20))]), []);
    assert.deepEqual(waf.validateMatchConditions([condition('url', rows(20).join('|'))]), []);
    assert.deepEqual(waf.validateMatchConditions([condition('url', rows(21).join('|'))]), [
      { field: 'conditions.0.value', key: 'waf.too-many-or-rows', values: { max: 20 } },
    ]);
    assert.deepEqual(waf.conditionTargets('a| b ||c'), ['a', 'b', 'c']);
    assert.deepEqual(waf.conditionTargets(['a|b', '', 'c']), ['a', 'b', 'c']);
    assert.deepEqual(waf.validateMatchConditions([condition('url', '|')]), [{ field: 'conditions.0.value', key: 'common.required' }]);
  });
  it('rules §5: IP match and region match are mutually exclusive', () => {
    assert.deepEqual(waf.validateMatchConditions([condition('ip', '1.2.3.4'), condition('region', 'CN')]), [
      { field: 'conditions', key: 'waf.ip-region-exclusive' },
    ]);
    assert.deepEqual(waf.validateMatchConditions([condition('ip', '1.2.3.0/24|2001:db8::/32')]), []);
    assert.deepEqual(waf.validateMatchConditions([condition('ip', '1.2.3.4|nope')]), [{ field: 'conditions.0.value', key: 'ip.incorrect-ip-or-cidr' }]);
  });
  it('rules §5: the source response status code condition must be last', () => {
    assert.deepEqual(waf.validateMatchConditions([condition('url', '/a'), condition('status-code', '404')]), []);
    assert.deepEqual(waf.validateMatchConditions([condition('status-code', '404'), condition('url', '/a')]), [
      { field: 'conditions.0', key: 'waf.status-code-last' },
    ]);
    assert.deepEqual(waf.validateMatchConditions([condition('status-code', '600')]), [{ field: 'conditions.0.value', key: 'waf.status-code-format' }]);
  });
  it('rules §5: the domain match type only for wildcard domains', () => {
    assert.deepEqual(waf.validateMatchConditions([condition('domain', 'a.example.com')], '*.example.com'), []);
    assert.deepEqual(waf.validateMatchConditions([condition('domain', 'a.example.com')], 'www.example.com'), [
      { field: 'conditions.0', key: 'waf.domain-match-wildcard-only' },
    ]);
    assert.deepEqual(waf.validateMatchConditions([condition('domain', 'a.example.com')]), [{ field: 'conditions.0', key: 'waf.domain-match-wildcard-only' }]);
  });
  it('rules §5: regular expressions are PCRE (checked per target); server port and method targets', () => {
    assert.deepEqual(waf.validateMatchConditions([condition('url', '^/a++$|(?i)admin', 'regex')]), []);
    assert.deepEqual(waf.validateMatchConditions([condition('url', '(a', 'regex')]), [
      { field: 'conditions.0.value', key: 'pcre.missing-closing-parenthesis', values: { offset: 0 } },
    ]);
    assert.equal(waf.validateMatchTarget('server-port', 'equals', '8443'), null);
    assert.deepEqual(waf.validateMatchTarget('server-port', 'equals', '70000'), { key: 'origin.port-error', values: { min: 1, max: 65535 } });
    assert.deepEqual(waf.validateMatchTarget('method', 'equals', 'GE T'), { key: 'common.format-error' });
    assert.deepEqual(waf.validateMatchTarget('referer-domain', 'equals', 'bad domain'), { key: 'domain.format-error' });
    assert.equal(waf.validateMatchTarget('ja3', 'equals', 'e7d705a3286e19ea42f587b344ee6865'), null);
  });
  it('rules §5: fingerprint data from 2024-12-19 (the stricter of the two dates), Beijing time', () => {
    assert.equal(waf.FINGERPRINT_DATA_START, '2024-12-19');
    assert.deepEqual([...waf.FINGERPRINT_MATCH_TYPES], ['ja3', 'ja3n', 'ja4', 'ja4h']);
    assert.equal(waf.validateFingerprintRangeStart(Date.parse('2024-12-19T00:00:00+08:00')), null);
    assert.deepEqual(waf.validateFingerprintRangeStart(Date.parse('2024-12-18T23:59:59+08:00')), { key: 'waf.fingerprint-date', values: { date: '2024-12-19' } });
  });
  it('rules §5: rule set name at most 32, description at most 64', () => {
    assert.equal(waf.validateRuleSetName('a'.repeat(32)), null);
    assert.deepEqual(waf.validateRuleSetName('a'.repeat(33)), { key: 'common.too-long', values: { max: 32 } });
    assert.deepEqual(waf.validateRuleSetName(''), { key: 'common.required' });
    assert.equal(waf.validateRuleSetDescription(''), null);
    assert.equal(waf.validateRuleSetDescription('d'.repeat(64)), null);
    assert.deepEqual(waf.validateRuleSetDescription('d'.repeat(65)), { key: 'common.too-long', values: { max: 64 } });
    assert.deepEqual(waf.validateRuleSet({ name: '', description: 'd'.repeat(65) }), [
      { field: 'name', key: 'common.required' },
      { field: 'description', key: 'common.too-long', values: { max: 64 } },
    ]);
  });
  it('rules §5 / §8: rule remark at most 255 bytes ("remark too long")', () => {
    assert.equal(waf.validateRuleRemark('a'.repeat(255)), null);
    assert.deepEqual(waf.validateRuleRemark('a'.repeat(256)), { key: 'waf.remark-too-long', values: { max: 255 } });
    assert.equal(waf.validateRuleRemark('备'.repeat(85)), null, '85 x 3 bytes = 255');
    assert.deepEqual(waf.validateRuleRemark('备'.repeat(86)), { key: 'waf.remark-too-long', values: { max: 255 } });
    assert.deepEqual(waf.validateWafRule({ conditions: [condition('url', '/a')], remark: 'x'.repeat(256) }), [
      { field: 'remark', key: 'waf.remark-too-long', values: { max: 255 } },
    ]);
  });
  it('rules §5 / §8: bound or default rule sets cannot be deleted; the number of rule sets has a maximum', () => {
    assert.equal(waf.validateRuleSetDeletable({ attribution: 'custom', boundDomains: 0 }), null);
    assert.deepEqual(waf.validateRuleSetDeletable({ attribution: 'custom', boundDomains: 2 }), { key: 'waf.rule-set-bound-undeletable', values: { count: 2 } });
    assert.deepEqual(waf.validateRuleSetDeletable({ attribution: 'default', boundDomains: 0 }), { key: 'waf.rule-set-default-undeletable' });
    assert.deepEqual(waf.validateRuleSetDeletable({ attribution: 'built-in', boundDomains: 0 }), { key: 'waf.rule-set-built-in-undeletable' });
    assert.equal(waf.validateRuleSetCount(9, 10), null);
    assert.deepEqual(waf.validateRuleSetCount(10, 10), { key: 'waf.rule-sets-limit', values: { max: 10 } });
  });
  it('rules §5: CSRF, replay and exception paths start with /, at most 128, one per line', () => {
    assert.equal(waf.validateProtectedPath('/login'), null);
    assert.equal(waf.validateProtectedPath(`/${'a'.repeat(127)}`), null);
    assert.deepEqual(waf.validateProtectedPath(`/${'a'.repeat(128)}`), { key: 'common.too-long', values: { max: 128 } });
    assert.deepEqual(waf.validateProtectedPath('login'), { key: 'common.start-with-slash' });
    const result = waf.validateProtectedPaths('/a\n/b\nc\n/a');
    assert.deepEqual(result.lines.map((line) => line.status), ['valid', 'valid', 'invalid', 'duplicate']);
  });
  it('rules §5 / §8 / §9: visitor-auth timestamp within one hour ("Illegal or invalid timestamp (difference over one hour)")', () => {
    const now = Date.UTC(2025, 0, 1);
    const seconds = now / 1000;
    assert.equal(waf.VISITOR_AUTH_TOLERANCE_SECONDS, 3600);
    assert.equal(waf.validateVisitorTimestamp(seconds, now), null);
    assert.equal(waf.validateVisitorTimestamp(seconds - 3600, now), null);
    assert.equal(waf.validateVisitorTimestamp(String(seconds + 3600), now), null);
    assert.deepEqual(waf.validateVisitorTimestamp(seconds - 3601, now), { key: 'waf.timestamp-invalid' });
    assert.deepEqual(waf.validateVisitorTimestamp(seconds + 3601, now), { key: 'waf.timestamp-invalid' });
    assert.deepEqual(waf.validateVisitorTimestamp('12ab', now), { key: 'waf.timestamp-invalid' });
  });
  it('rules §5: visitor-auth token is timestamp|nonce|MD5', () => {
    const now = Date.UTC(2025, 0, 1);
    const md5 = 'D41D8CD98F00B204E9800998ECF8427E';
    assert.deepEqual(waf.parseVisitorToken(`${now / 1000}|abc123|${md5}`), { timestamp: now / 1000, nonce: 'abc123', md5: md5.toLowerCase() });
    assert.equal(waf.validateVisitorToken(`${now / 1000}|abc123|${md5}`, now), null);
    for (const bad of [`${now / 1000}|abc123`, `${now / 1000}||${md5}`, `x|abc|${md5}`, `${now / 1000}|abc|123`, `${now / 1000}|a b|${md5}`, `1|2|3|4`]) {
      assert.deepEqual(waf.validateVisitorToken(bad, now), { key: 'waf.token-format' }, bad);
    }
    assert.deepEqual(waf.validateVisitorToken(`1|abc|${md5}`, now), { key: 'waf.timestamp-invalid' });
    assert.deepEqual(waf.validateVisitorToken('', now), { key: 'common.required' });
  });
  it('rules §9: replay window options 5, 10, 15 minutes', () => {
    assert.deepEqual(waf.REPLAY_WINDOW_MINUTES, [5, 10, 15]);
    for (const ok of [5, 10, 15]) assert.equal(waf.validateReplayWindow(ok), null);
    assert.deepEqual(waf.validateReplayWindow(20), { key: 'waf.replay-window-option', values: { options: '5, 10, 15' } });
  });
  it('rules §5: match types include the spec list', () => {
    for (const type of ['domain', 'request-parameter', 'ja3', 'ja3n', 'ja4', 'ja4h', 'region', 'query-string', 'header', 'time', 'method', 'device-type', 'ip-type', 'suffix', 'ip-rate', 'url-rate', 'status-code', 'referer-domain', 'protocol', 'server-port', 'ip-behaviour']) {
      assert.ok((waf.MATCH_TYPES as readonly string[]).includes(type), type);
    }
  });
});
