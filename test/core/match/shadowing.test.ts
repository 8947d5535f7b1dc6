import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findUnreachableRules, type MatchRule } from '../../../core/match/index.js';
import type { MatchConditionInput } from '../../../core/rules/waf.js';
import { regionData } from '../../../demo/server/features/account/regions.js';

const rule = (conditions: MatchConditionInput[], action: MatchRule['action']['type'] = 'block', status: MatchRule['status'] = 'enabled'): MatchRule => ({
  conditions,
  action: { type: action },
  status,
});
const c = (type: MatchConditionInput['type'], operator: string, value = '', extra: Partial<MatchConditionInput> = {}): MatchConditionInput => ({ type, operator, value, ...extra });
const regions = regionData('en_US').ipRegions;
const unreachable = (rules: MatchRule[]) => findUnreachableRules(rules, { regions });

describe('rules that can never fire: an earlier terminating rule always matches first', () => {
  it('an always-true rule (all addresses, all methods, a pattern that matches everything) pre-empts everything after it', () => {
    assert.deepEqual(unreachable([rule([c('ip', 'equals', '0.0.0.0/0|::/0')]), rule([c('url', 'prefix', '/a')])]), [{ index: 1, coveredBy: 0 }]);
    assert.deepEqual(unreachable([rule([c('method', 'equals', 'GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS|TRACE|CONNECT')]), rule([c('url', 'prefix', '/a')])]), [{ index: 1, coveredBy: 0 }]);
    assert.deepEqual(unreachable([rule([c('url', 'regex', '.*')]), rule([c('method', 'equals', 'GET')])]), [{ index: 1, coveredBy: 0 }]);
    assert.deepEqual(unreachable([rule([c('ip', 'equals', '0.0.0.0/0')]), rule([c('url', 'prefix', '/a')])]), [], 'IPv6 clients are not covered');
    assert.deepEqual(unreachable([rule([c('url', 'regex', '^.*$')]), rule([c('method', 'equals', 'GET')])]), [], 'anchored patterns are not proven');
  });

  it('narrower targets: CIDR inside CIDR, prefix inside prefix, equals inside contains, wildcard domains, regions, time ranges', () => {
    assert.deepEqual(unreachable([rule([c('ip', 'equals', '10.0.0.0/8')]), rule([c('ip', 'equals', '10.1.2.0/24|10.9.9.9'), c('method', 'equals', 'POST')])]), [{ index: 1, coveredBy: 0 }]);
    assert.deepEqual(unreachable([rule([c('url', 'prefix', '/admin')]), rule([c('url', 'prefix', '/admin/login')])]), [{ index: 1, coveredBy: 0 }]);
    assert.deepEqual(unreachable([rule([c('url', 'contains', 'login')]), rule([c('url', 'equals', '/wp-login.php')])]), [{ index: 1, coveredBy: 0 }]);
    assert.deepEqual(unreachable([rule([c('referer-domain', 'equals', '*.example.org')]), rule([c('referer-domain', 'equals', 'a.b.example.org')])]), [{ index: 1, coveredBy: 0 }]);
    assert.deepEqual(unreachable([rule([c('region', 'equals', 'CN')]), rule([c('region', 'equals', 'CN-GD|HK')])]), [{ index: 1, coveredBy: 0 }]);
    assert.deepEqual(
      unreachable([rule([c('time', 'in-range', '2025-01-01 00:00~2025-02-01 00:00')]), rule([c('time', 'in-range', '2025-01-10 00:00~2025-01-11 00:00')])]),
      [{ index: 1, coveredBy: 0 }],
    );
    assert.deepEqual(unreachable([rule([c('url', 'regex', '\\.php$')]), rule([c('url', 'equals', '/index.php')])]), [{ index: 1, coveredBy: 0 }]);
    assert.deepEqual(unreachable([rule([c('header', 'exists', '', { name: 'X-Debug' })]), rule([c('header', 'equals', '1', { name: 'x-debug' })])]), [{ index: 1, coveredBy: 0 }]);
  });

  it('a stricter rate is covered by a looser one; negated conditions cover values they exclude', () => {
    assert.deepEqual(
      unreachable([rule([c('ip-rate', 'greater-than', '100', { window: 10 })]), rule([c('ip-rate', 'greater-than', '30', { window: 2 })])]),
      [{ index: 1, coveredBy: 0 }],
    );
    assert.deepEqual(unreachable([rule([c('ip-rate', 'greater-than', '100', { window: 10 })]), rule([c('ip-rate', 'greater-than', '5', { window: 1 })])]), []);
    assert.deepEqual(unreachable([rule([c('method', 'not-equals', 'GET|HEAD')]), rule([c('method', 'equals', 'POST')])]), [{ index: 1, coveredBy: 0 }]);
    assert.deepEqual(unreachable([rule([c('ip', 'not-equals', '10.0.0.0/8')]), rule([c('ip', 'equals', '192.0.2.0/24')])]), [{ index: 1, coveredBy: 0 }]);
    assert.deepEqual(unreachable([rule([c('region', 'not-equals', 'US')]), rule([c('region', 'equals', 'CN-GD')])]), [{ index: 1, coveredBy: 0 }]);
    assert.deepEqual(unreachable([rule([c('region', 'not-equals', 'CN')]), rule([c('region', 'equals', 'CN-GD')])]), []);
  });

  it('only enabled rules that stop matching pre-empt; closed rules are never reported; overlap without cover is not reported', () => {
    const later = rule([c('url', 'prefix', '/admin/x')]);
    assert.deepEqual(unreachable([rule([c('url', 'prefix', '/admin')], 'observe'), later]), []);
    assert.deepEqual(unreachable([rule([c('url', 'prefix', '/admin')], 'basic-cc'), later]), []);
    assert.deepEqual(unreachable([rule([c('url', 'prefix', '/admin')], 'block', 'observation'), later]), []);
    assert.deepEqual(unreachable([rule([c('url', 'prefix', '/admin')], 'block', 'closed'), later]), []);
    assert.deepEqual(unreachable([rule([c('url', 'prefix', '/admin')], 'next-rule-set'), later]), [{ index: 1, coveredBy: 0 }]);
    assert.deepEqual(unreachable([rule([c('url', 'prefix', '/admin')]), rule([c('url', 'prefix', '/admin/x')], 'block', 'closed')]), []);
    assert.deepEqual(unreachable([rule([c('url', 'prefix', '/admin'), c('method', 'equals', 'POST')]), later]), [], 'the earlier rule also needs POST');
    assert.deepEqual(unreachable([rule([c('url', 'contains', 'admin')]), rule([c('url', 'regex', 'admin')])]), [], 'a pattern is not proven narrower');
  });
});
