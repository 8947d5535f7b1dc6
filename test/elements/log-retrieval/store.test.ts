import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LOG_DOMAIN_FILTER_MAX } from '../../../core/rules/bans.js';
import { AUTO_REFRESH_CHOICES, AUTO_REFRESH_OPTIONS_SECONDS } from '../../../core/rules/service-limits.js';
import {
  checkFilters,
  createLogRetrievalStore,
  expressionIssueOf,
  expressionValue,
  filterQuery,
  withCondition,
  type FilterDraft,
} from '../../../elements/log-retrieval/store.js';

const EMPTY: FilterDraft = { domainIds: [], status: '', region: '', clientIp: '', method: '', uri: '', ruleId: '', action: '' };
const names = (ids: number[]) => ids.map((id) => `site-${id}.example`);

describe('log retrieval store (rules §2 log retrieval, §9 limits)', () => {
  it('rules §9: the domain filter holds at most 1000 domains, refused with the rules message', () => {
    const ids = Array.from({ length: LOG_DOMAIN_FILTER_MAX }, (_, index) => index + 1);
    assert.deepEqual(checkFilters({ ...EMPTY, domainIds: ids }, names), {});
    const found = checkFilters({ ...EMPTY, domainIds: [...ids, LOG_DOMAIN_FILTER_MAX + 1] }, names);
    assert.equal(found.domains?.namespace, 'rules');
    assert.equal(found.domains?.key, 'bans.log-domain-filter-limit');
    assert.deepEqual(found.domains?.values, { max: LOG_DOMAIN_FILTER_MAX });
  });

  it('status is a code or a class; the client IP is an IP or a CIDR network (core/rules/ip.ts); the rule id a positive integer', () => {
    for (const status of ['404', '5xx', '4XX', '100', '599']) assert.equal(checkFilters({ ...EMPTY, status }, names).status, undefined, status);
    for (const status of ['6xx', '99', '4x', 'abc', '1000']) assert.equal(checkFilters({ ...EMPTY, status }, names).status?.key, 'filter.status-invalid', status);
    assert.equal(checkFilters({ ...EMPTY, clientIp: '10.0.0.0/8' }, names).clientIp, undefined);
    assert.equal(checkFilters({ ...EMPTY, clientIp: '2001:db8::1' }, names).clientIp, undefined);
    assert.equal(checkFilters({ ...EMPTY, clientIp: '10.0.0.300' }, names).clientIp?.key, 'ip.incorrect-ip-or-cidr');
    assert.equal(checkFilters({ ...EMPTY, clientIp: '10.1.2.3/8' }, names).clientIp?.key, 'ip.cidr-not-network');
    assert.equal(checkFilters({ ...EMPTY, ruleId: '0' }, names).ruleId?.key, 'filter.rule-id-invalid');
    assert.equal(checkFilters({ ...EMPTY, ruleId: '1001' }, names).ruleId, undefined);
  });

  it('builds the filter part of V4/logs.record.list: empty filters are left out', () => {
    assert.deepEqual(JSON.parse(JSON.stringify(filterQuery(EMPTY))), {});
    assert.deepEqual(filterQuery({ ...EMPTY, domainIds: [3, 9], status: '5XX', ruleId: ' 12 ', uri: ' /api ' }), {
      domain_ids: '3,9',
      status: '5xx',
      region: undefined,
      client_ip: undefined,
      method: undefined,
      uri: '/api',
      rule_id: 12,
      action: undefined,
    });
  });

  it('"search lines with this value": values are written as the language reads them, and `or` keeps its meaning', () => {
    assert.equal(expressionValue('access', 'status', 404), '404');
    assert.equal(expressionValue('access', 'uri', '/a"b\\c'), '"/a\\"b\\\\c"');
    assert.equal(expressionValue('access', 'ts', '2026-03-09T16:30:00.000Z'), '"2026-03-10 00:30"');
    assert.equal(withCondition('', 'status = 404'), 'status = 404');
    assert.equal(withCondition('method = "GET"', 'status = 404'), 'method = "GET" and status = 404');
    assert.equal(withCondition('status = 500 or status = 502', 'uri = "/x"'), '(status = 500 or status = 502) and uri = "/x"');
  });

  it('reads the server refusing the expression: position and length of the field issue', () => {
    assert.deepEqual(expressionIssueOf([{ field: 'name', key: 'common.required' }]), null);
    assert.deepEqual(expressionIssueOf([{ field: 'expression', key: 'logs.expression.unexpected', values: { position: 4, length: 2, token: '@' } }]), {
      key: 'logs.expression.unexpected',
      values: { position: 4, length: 2, token: '@' },
      position: 4,
      length: 2,
    });
  });

  it('shell §9 auto refresh: off, 30 s, 1, 5, 10 and 15 minutes', () => {
    assert.deepEqual(AUTO_REFRESH_CHOICES, [0, ...AUTO_REFRESH_OPTIONS_SECONDS]);
    assert.deepEqual(AUTO_REFRESH_OPTIONS_SECONDS, [30, 60, 300, 600, 900]);
    const store = createLogRetrievalStore();
    store.setAutoRefresh(45);
    assert.equal(store.autoRefresh.value, 0, 'a value not offered is off');
    store.setAutoRefresh(300);
    assert.equal(store.autoRefresh.value, 300);
  });

  it('the view state round-trips: tab, custom range in UTC+8, filters and expression; security filters leave with the tab', () => {
    const now = Date.parse('2026-03-10T00:00:00Z');
    const store = createLogRetrievalStore({}, () => now);
    store.restoreViewState('type=waf&range=custom&from=2026-03-10T00:30&to=2026-03-10T01:00&domains=4,x,7&ip=10.0.0.0/8&rule=12&action=block&q=status+%3E%3D+500');
    assert.equal(store.logType.value, 'waf');
    assert.deepEqual(store.time.value.window, { start: Date.parse('2026-03-09T16:30:00Z'), end: Date.parse('2026-03-09T17:01:00Z') - 1 });
    assert.deepEqual(store.filters.value.domainIds, [4, 7]);
    assert.equal(store.expression.value, 'status >= 500');
    const query = store.queryOf({ logType: 'waf', filters: store.filters.value, expression: store.expression.value });
    assert.equal(query.from, '2026-03-09T16:30:00.000Z');
    assert.equal(query.to, '2026-03-09T17:01:00.000Z');
    store.setLogType('access');
    assert.equal(store.filters.value.ruleId, '');
    assert.equal(store.filters.value.action, '');
    assert.equal(store.filters.value.clientIp, '10.0.0.0/8');
  });
});
