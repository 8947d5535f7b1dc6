import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evaluateCondition, evaluateRuleSet, viewRequest, type MatchContext, type MatchRule, type Outcome, type SampleRequest } from '../../../core/match/index.js';
import type { MatchConditionInput } from '../../../core/rules/waf.js';
import { regionData } from '../../../demo/server/features/account/regions.js';

const base: SampleRequest = {
  method: 'POST',
  url: 'https://WWW.Example.com/Admin/Login.PHP?user=Alice&next=%2Fhome&debug',
  client_ip: '203.0.113.7',
  headers: [
    { name: 'User-Agent', value: 'Mozilla/5.0 (compatible; SQLMap/1.7)' },
    { name: 'Referer', value: 'https://evil.example.org/page' },
    { name: 'X-Forwarded-For', value: '10.0.0.1' },
  ],
  region: 'CN-GD',
  ja3: 'E7D705A3286E19EA42F587B344EE6865',
  ja4: 't13d1516h2_8daaf6152771_b186095e22b6',
  time: '2025-03-01 02:30',
  device_type: 'mobile',
  ip_types: ['idc'],
  ip_behaviours: ['scanner'],
  ip_rate: 12,
  url_rate: 3,
  status_code: 404,
};

const context: MatchContext = { regions: regionData('en_US').ipRegions };

function outcome(condition: Omit<MatchConditionInput, 'value'> & { value?: string }, request: SampleRequest = base): Outcome {
  return evaluateCondition({ value: '', ...condition } as MatchConditionInput, viewRequest(request), context).outcome;
}

describe('the matcher: each match type of rules §5 against a sample request', () => {
  it('ip: address or CIDR rows, both families; not-equals negates the OR list; an IP list is unknown without its entries', () => {
    assert.equal(outcome({ type: 'ip', operator: 'equals', value: '198.51.100.0/24|203.0.113.0/24' }), 'match');
    assert.equal(outcome({ type: 'ip', operator: 'equals', value: '203.0.113.8' }), 'no-match');
    assert.equal(outcome({ type: 'ip', operator: 'not-equals', value: '198.51.100.0/24' }), 'match');
    assert.equal(outcome({ type: 'ip', operator: 'equals', value: '2001:db8::/32' }, { ...base, client_ip: '2001:DB8::1' }), 'match');
    assert.equal(outcome({ type: 'ip', operator: 'in-list', ip_list_id: 4 }), 'unknown');
    const withList = evaluateCondition({ type: 'ip', operator: 'not-in-list', value: '', ip_list_id: 4 }, viewRequest(base), {
      ipListEntries: (id) => (id === 4 ? ['203.0.113.0/28'] : undefined),
    });
    assert.equal(withList.outcome, 'no-match');
  });

  it('region: a province is inside its country, region and the CNPR group; a province target against a country alone is unknown', () => {
    assert.equal(outcome({ type: 'region', operator: 'equals', value: 'CN' }), 'match');
    assert.equal(outcome({ type: 'region', operator: 'equals', value: 'CNPR' }), 'match');
    assert.equal(outcome({ type: 'region', operator: 'equals', value: 'CNHMT|US' }), 'no-match');
    assert.equal(outcome({ type: 'region', operator: 'equals', value: 'ASIA' }, { ...base, region: 'JP' }), 'match');
    assert.equal(outcome({ type: 'region', operator: 'equals', value: 'CN-GD' }, { ...base, region: 'CN' }), 'unknown');
    assert.equal(outcome({ type: 'region', operator: 'equals', value: 'CN' }, { ...base, region: undefined }), 'unknown');
  });

  it('url: the decoded path, case-insensitive, with every text operator and PCRE', () => {
    assert.equal(outcome({ type: 'url', operator: 'equals', value: '/admin/login.php' }), 'match');
    assert.equal(outcome({ type: 'url', operator: 'prefix', value: '/ADMIN/' }), 'match');
    assert.equal(outcome({ type: 'url', operator: 'suffix', value: '.php' }), 'match');
    assert.equal(outcome({ type: 'url', operator: 'contains', value: 'wp-|login' }), 'match');
    assert.equal(outcome({ type: 'url', operator: 'not-contains', value: 'login' }), 'no-match');
    assert.equal(outcome({ type: 'url', operator: 'regex', value: '^/admin/[a-z]+\\.php$' }), 'match');
    assert.equal(outcome({ type: 'url', operator: 'not-regex', value: '^/api/' }), 'match');
    assert.equal(outcome({ type: 'url', operator: 'regex', value: '(a)\\1' }), 'unknown');
  });

  it('domain and referer-domain: wildcard targets; a missing Referer does not exist', () => {
    assert.equal(outcome({ type: 'domain', operator: 'equals', value: '*.example.com' }), 'match');
    assert.equal(outcome({ type: 'domain', operator: 'equals', value: 'example.com' }), 'no-match');
    assert.equal(outcome({ type: 'referer-domain', operator: 'equals', value: '*.example.org' }), 'match');
    assert.equal(outcome({ type: 'referer-domain', operator: 'not-exists' }), 'no-match');
    assert.equal(outcome({ type: 'referer-domain', operator: 'not-exists' }, { ...base, headers: [] }), 'match');
  });

  it('query-string, request-parameter (by name) and header (by name), exists and not-exists', () => {
    assert.equal(outcome({ type: 'query-string', operator: 'contains', value: 'next=/home' }), 'match');
    assert.equal(outcome({ type: 'request-parameter', operator: 'equals', name: 'USER', value: 'alice' }), 'match');
    assert.equal(outcome({ type: 'request-parameter', operator: 'exists', name: 'debug' }), 'match');
    assert.equal(outcome({ type: 'request-parameter', operator: 'not-exists', name: 'token' }), 'match');
    assert.equal(outcome({ type: 'header', operator: 'contains', name: 'user-agent', value: 'sqlmap|nikto' }), 'match');
    assert.equal(outcome({ type: 'header', operator: 'equals', name: 'X-Missing', value: 'x' }), 'no-match');
    assert.equal(outcome({ type: 'header', operator: 'not-equals', name: 'X-Missing', value: 'x' }), 'match');
  });

  it('method, protocol, server port, suffix, device type, IP type and IP behaviour', () => {
    assert.equal(outcome({ type: 'method', operator: 'equals', value: 'GET|POST' }), 'match');
    assert.equal(outcome({ type: 'method', operator: 'not-equals', value: 'POST' }), 'no-match');
    assert.equal(outcome({ type: 'protocol', operator: 'equals', value: 'https' }), 'match');
    assert.equal(outcome({ type: 'server-port', operator: 'equals', value: '443' }), 'match', 'the https default port');
    assert.equal(outcome({ type: 'server-port', operator: 'equals', value: '8443' }, { ...base, server_port: 8443 }), 'match');
    assert.equal(outcome({ type: 'suffix', operator: 'equals', value: 'asp|php' }), 'match');
    assert.equal(outcome({ type: 'suffix', operator: 'equals', value: 'php' }, { ...base, url: '/' }), 'no-match');
    assert.equal(outcome({ type: 'device-type', operator: 'equals', value: 'mobile|tablet' }), 'match');
    assert.equal(outcome({ type: 'device-type', operator: 'equals', value: 'pc' }, { ...base, device_type: undefined }), 'unknown');
    assert.equal(outcome({ type: 'ip-type', operator: 'equals', value: 'proxy|idc' }), 'match');
    assert.equal(outcome({ type: 'ip-type', operator: 'equals', value: 'proxy' }, { ...base, ip_types: [] }), 'no-match');
    assert.equal(outcome({ type: 'ip-behaviour', operator: 'not-equals', value: 'scanner' }), 'no-match');
  });

  it('time: Beijing-time ranges, start inclusive, end exclusive', () => {
    assert.equal(outcome({ type: 'time', operator: 'in-range', value: '2025-03-01 00:00~2025-03-01 06:00' }), 'match');
    assert.equal(outcome({ type: 'time', operator: 'in-range', value: '2025-03-01 02:30~2025-03-01 02:31' }), 'match');
    assert.equal(outcome({ type: 'time', operator: 'in-range', value: '2025-03-01 00:00~2025-03-01 02:30' }), 'no-match');
    assert.equal(outcome({ type: 'time', operator: 'not-in-range', value: '2025-03-02 00:00~2025-03-03 00:00' }), 'match');
    assert.equal(outcome({ type: 'time', operator: 'in-range', value: '2025-03-01 00:00~2025-03-02 00:00' }, { ...base, time: undefined }), 'unknown');
  });

  it('JA3, JA3N, JA4, JA4H fingerprints compare case-insensitively; an absent one is unknown', () => {
    assert.equal(outcome({ type: 'ja3', operator: 'equals', value: 'e7d705a3286e19ea42f587b344ee6865' }), 'match');
    assert.equal(outcome({ type: 'ja4', operator: 'not-equals', value: 't13d1516h2_8daaf6152771_b186095e22b6' }), 'no-match');
    assert.equal(outcome({ type: 'ja3n', operator: 'equals', value: 'e7d705a3286e19ea42f587b344ee6865' }), 'unknown');
    assert.equal(outcome({ type: 'ja4h', operator: 'equals', value: 'ge11cn20enus_60ca1bd65281_ac95b44401d9_8df6a44f726c' }), 'unknown');
  });

  it('ip-rate and url-rate: requests per second times the window exceed the count', () => {
    assert.equal(outcome({ type: 'ip-rate', operator: 'greater-than', value: '100', window: 10 }), 'match', '12 rps × 10 s = 120 > 100');
    assert.equal(outcome({ type: 'ip-rate', operator: 'greater-than', value: '120', window: 10 }), 'no-match');
    assert.equal(outcome({ type: 'url-rate', operator: 'greater-than', value: '50', window: 20 }), 'match');
    assert.equal(outcome({ type: 'url-rate', operator: 'greater-than', value: '5', window: 1 }, { ...base, url_rate: null }), 'unknown');
  });

  it('status-code: the origin response code', () => {
    assert.equal(outcome({ type: 'status-code', operator: 'equals', value: '403|404' }), 'match');
    assert.equal(outcome({ type: 'status-code', operator: 'equals', value: '500' }, { ...base, status_code: undefined }), 'unknown');
  });
});

const rule = (conditions: MatchConditionInput[], action: MatchRule['action']['type'] = 'block', status: MatchRule['status'] = 'enabled'): MatchRule => ({
  conditions,
  action: action === 'ban' ? { type: 'ban', duration: 600 } : { type: action },
  status,
});
const urlPrefix = (value: string): MatchConditionInput => ({ type: 'url', operator: 'prefix', value });

describe('the rule tester: a rule set against a sample request (rules §4 disposal actions and statuses)', () => {
  it('reports the first rule that fires and stops at a terminating one; later rules are not reached', () => {
    const result = evaluateRuleSet([rule([urlPrefix('/api')]), rule([urlPrefix('/admin')]), rule([urlPrefix('/')])], base, context);
    assert.equal(result.firstFiring, 1);
    assert.equal(result.stoppedAt, 1);
    assert.equal(result.exit, 'stop');
    assert.deepEqual(result.rules.map((item) => [item.outcome, item.reach]), [['no-match', 'yes'], ['match', 'yes'], ['match', 'no']]);
  });

  it('observation (action or status) and basic CC or vulnerability protection let matching go on; closed rules never fire', () => {
    const rules = [rule([urlPrefix('/admin')], 'observe'), rule([urlPrefix('/admin')], 'block', 'observation'), rule([urlPrefix('/admin')], 'basic-cc'), rule([urlPrefix('/admin')], 'block', 'closed'), rule([urlPrefix('/')], 'ban')];
    const result = evaluateRuleSet(rules, base, context);
    assert.equal(result.firstFiring, 0);
    assert.equal(result.stoppedAt, 4);
    assert.equal(result.rules[3]!.outcome, 'closed');
  });

  it('"continue to next rule set" leaves the set; with no terminating match matching runs to the end', () => {
    assert.equal(evaluateRuleSet([rule([urlPrefix('/admin')], 'next-rule-set')], base, context).exit, 'next-set');
    const none = evaluateRuleSet([rule([urlPrefix('/api')])], base, context);
    assert.deepEqual([none.firstFiring, none.stoppedAt, none.exit], [null, null, 'end']);
  });

  it('an unknown terminating rule makes later rules "maybe" reached and is listed as undecided', () => {
    const result = evaluateRuleSet([rule([{ type: 'ja3n', operator: 'equals', value: 'e7d705a3286e19ea42f587b344ee6865' }]), rule([urlPrefix('/admin')])], base, context);
    assert.deepEqual(result.undecided, [0]);
    assert.equal(result.firstFiring, null);
    assert.equal(result.rules[1]!.reach, 'maybe');
    assert.deepEqual(result.rules[0]!.conditions[0]!.reasons, [{ kind: 'missing', field: 'ja3n' }]);
  });

  it('conditions are ANDed and each one reports its outcome and what it observed', () => {
    const result = evaluateRuleSet(
      [rule([urlPrefix('/admin'), { type: 'method', operator: 'equals', value: 'GET' }]), rule([urlPrefix('/admin'), { type: 'method', operator: 'equals', value: 'POST' }])],
      base,
      context,
    );
    assert.deepEqual(result.rules[0]!.conditions.map((condition) => condition.outcome), ['match', 'no-match']);
    assert.deepEqual(result.rules[0]!.conditions[1]!.observed, ['post']);
    assert.equal(result.firstFiring, 1);
  });
});
