/**
 * Issue 28, TCP reports on the reference server: the simulated layer-4 edge decides each connection by the rule's
 * access control (allow list exempt, deny list, denied regions), the connection-rate limit and its origins' health
 * (core/logs/tcp-flows.ts), and the report calls read those flows per object: a sub-account granted one rule reads
 * that rule's flows only, and naming another rule is refused. Range limits carry their own messages.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE, type FieldIssue } from '../../core/api/catalogue.js';
import type { Layer4RuleListAnswer, TcpPackageActivateAnswer, TcpPackageListAnswer } from '../../core/api/endpoints/layer4.js';
import type { TcpSeriesAnswer, TcpTopAnswer } from '../../core/api/endpoints/tcp-report.js';
import { TCP_CC_CONNECTIONS_PER_10S, type TcpFlow } from '../../core/logs/tcp-flows.js';
import { TCP_REPORT_MAX_DAYS, TCP_REPORT_MINUTE_MAX_HOURS } from '../../core/rules/layer4.js';
import { bindGroupObjects, createChildAccount, createPermissionGroup } from '../../demo/server/features/account/store.js';
import { FlowEngine, loadFlowRules, type FlowRule } from '../../demo/server/features/logs/simulator/tcp-edge.js';
import { ipBlockRange } from '../../demo/server/features/logs/store/ip-range.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { hashPasswordSync } from '../../demo/server/platform/security/passwords.js';
import { call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

const T0 = Date.UTC(2026, 10, 20, 4);
const block = (text: string) => ipBlockRange(text)!;

function flowRule(overrides: Partial<FlowRule>): FlowRule {
  return {
    id: 1,
    memberId: DEMO_MEMBER_ID,
    protocol: 'tcp',
    port: 10000,
    sourcePort: 9000,
    lbMode: 'round-robin',
    upOrigins: ['203.0.113.1', '203.0.113.2'],
    allow: [],
    deny: [],
    denyRegions: new Set(),
    ...overrides,
  };
}

describe('issue 28 simulated layer-4 edge (core/logs/tcp-flows.ts verdicts)', () => {
  it('denied regions refuse their visitors, round robin spreads the rest over the origins that are up', () => {
    // 30 connections a second: the busiest visitor stays far below the connection-rate limit.
    const engine = new FlowEngine({ seed: 28, rate: 60, attackShare: 0 });
    const rule = flowRule({ denyRegions: new Set(['US', 'CN-GD']) });
    const flows = engine.run([rule], T0, T0 + 60_000);
    assert.equal(flows.length, 1800);
    for (const flow of flows) {
      const denied = flow.country === 'US' || flow.province === 'CN-GD';
      assert.equal(flow.verdict, denied ? 'region-deny' : 'forwarded', `${flow.client_ip} ${flow.country} ${flow.province}`);
      if (denied) assert.deepEqual([flow.end_ts, flow.origin, flow.bytes_out], [flow.ts, '', 0]);
      else assert.ok(flow.end_ts > flow.ts && /^203\.0\.113\.[12]:9000$/.test(flow.origin));
    }
    assert.ok(flows.some((flow) => flow.verdict === 'region-deny'));
    assert.deepEqual(new Set(flows.filter((flow) => flow.verdict === 'forwarded').map((flow) => flow.origin)), new Set(['203.0.113.1:9000', '203.0.113.2:9000']));
  });

  it(`a flood over ${TCP_CC_CONNECTIONS_PER_10S} connections in 10 s is dropped; the deny list refuses first; the allow list exempts`, () => {
    const attacker = '198.51.100.9';
    const cases: [FlowRule, TcpFlow['verdict'][]][] = [
      [flowRule({ id: 1 }), ['forwarded', 'cc-drop']],
      [flowRule({ id: 2, deny: [block('198.51.100.0/24')] }), ['acl-deny']],
      [flowRule({ id: 3, allow: [block(attacker)], deny: [block('198.51.100.0/24')], denyRegions: new Set(['US', 'CN', 'DE', 'NL', 'RU']) }), ['forwarded']],
      [flowRule({ id: 4, upOrigins: [] }), ['origin-failure', 'cc-drop']],
    ];
    for (const [rule, expected] of cases) {
      const engine = new FlowEngine({ seed: 28, rate: 0, attackShare: 0 });
      engine.flood({ ruleId: rule.id, ip: attacker, perSecond: 20, seconds: 10, from: T0 }, T0);
      const flows = engine.run([rule], T0, T0 + 10_000).filter((flow) => flow.client_ip === attacker);
      assert.equal(flows.length, 200, `rule ${rule.id}`);
      assert.deepEqual([...new Set(flows.map((flow) => flow.verdict))].sort(), [...expected].sort(), `rule ${rule.id}`);
      if (expected.includes('cc-drop')) assert.equal(flows.filter((flow) => flow.verdict !== 'cc-drop').length, TCP_CC_CONNECTIONS_PER_10S);
    }
  });
});

describe('issue 28 TCP report calls', () => {
  let app: FastifyInstance;
  let parent: string;
  let ruleA: number;
  let ruleB: number;
  const range = { from: new Date(T0).toISOString(), to: new Date(T0 + 3_600_000 - 1).toISOString() };

  before(async () => {
    ({ app } = await startServer({ seedLanguage: 'en_US' }));
    parent = (await signInParent(app)).token;
    const { list } = await expectOk<TcpPackageListAnswer>(app, 'GET', 'V4/layer4.package.list', { token: parent });
    const { job_id } = await expectOk<TcpPackageActivateAnswer>(app, 'POST', 'V4/layer4.package.activate', { token: parent, body: { id: list[0]!.id } });
    await app.jobs.waitFor(job_id);
    const rules = await expectOk<Layer4RuleListAnswer>(app, 'GET', 'V4/layer4.rule.list', { token: parent, query: { per_page: 100 } });
    ruleA = rules.list.find((rule) => rule.rule_port === 443)!.id;
    ruleB = rules.list.find((rule) => rule.rule_port === 8080)!.id;
  });
  after(async () => app.close());

  it('rules §4: the simulated edge runs the rules of active packages, without the origins the checker marked down', () => {
    const rules = loadFlowRules(app.db, app.now());
    const byPort = new Map(rules.map((rule) => [rule.port, rule]));
    assert.deepEqual(byPort.get(443)!.upOrigins, ['203.0.113.10', '203.0.113.11']);
    assert.deepEqual(byPort.get(8080)!.upOrigins, ['198.51.100.20']);
    assert.deepEqual(byPort.get(80)!.upOrigins, []);
  });

  it('series and rankings come from the flows; a one-rule sub-account reads only its rule', async () => {
    const engine = new FlowEngine({ seed: 7, rate: 20, attackShare: 0.1 });
    // Flows open in (from, to]: the report's range is [T0, T0 + 1 h - 1 ms].
    const flows = engine.run(loadFlowRules(app.db, app.now()), T0, T0 + 3_600_000 - 1);
    await app.logStore.appendTcpFlows(flows);
    const series = await expectOk<TcpSeriesAnswer>(app, 'GET', 'V4/layer4.report.series', { token: parent, query: { ...range, bucket: 'minute' } });
    assert.equal(series.points.length, 60);
    assert.equal(series.bucket_seconds, 60);
    assert.equal(series.points.reduce((sum, point) => sum + point.sessions, 0), flows.length);
    const byRule = await expectOk<TcpTopAnswer>(app, 'GET', 'V4/layer4.report.top', { token: parent, query: { ...range, field: 'rule_id', limit: 10 } });
    assert.ok(byRule.list.some((entry) => entry.label === 'TCP 443'));

    const now = app.now();
    const groupId = createPermissionGroup(app.db, { memberId: DEMO_MEMBER_ID, name: 'One TCP rule', grants: [{ module: 'layer4', object_scope: 'specified', access: 'read', auto_bind_new: false }] }, now);
    bindGroupObjects(app.db, { memberId: DEMO_MEMBER_ID, groupId, module: 'layer4', kind: 'specified', objectIds: [ruleA] });
    createChildAccount(app.db, { memberId: DEMO_MEMBER_ID, userName: 'tcp-report', passwordHash: hashPasswordSync('TcpReport#2026'), groupId }, now);
    const child = (await signInChild(app, DEMO_MEMBER_ID, 'tcp-report', 'TcpReport#2026')).token;
    const mine = await expectOk<TcpSeriesAnswer>(app, 'GET', 'V4/layer4.report.series', { token: child, query: { ...range, bucket: 'hour' } });
    assert.equal(mine.points.reduce((sum, point) => sum + point.sessions, 0), flows.filter((flow) => flow.rule_id === ruleA).length);
    const ranked = await expectOk<TcpTopAnswer>(app, 'GET', 'V4/layer4.report.top', { token: child, query: { ...range, field: 'rule_id' } });
    assert.deepEqual(ranked.list.map((entry) => entry.value), [String(ruleA)]);
    assert.equal((await call(app, 'GET', 'V4/layer4.report.series', { token: child, query: { ...range, bucket: 'hour', rule_ids: String(ruleB) } })).code, PERMISSION_DENIED_CODE);
    assert.equal((await call(app, 'GET', 'V4/layer4.report.top', { token: child, query: { ...range, field: 'client_ip', rule_ids: `${ruleA},${ruleB}` } })).code, PERMISSION_DENIED_CODE);
    // A group without the module reads no report at all.
    const operator = (await signInChild(app)).token;
    assert.equal((await call(app, 'GET', 'V4/layer4.report.series', { token: operator, query: { ...range, bucket: 'hour' } })).code, PERMISSION_DENIED_CODE);
  });

  it('range limits: both ends in order, at most the one report limit (30 days and the end minute, core/rules/reports.ts), per minute at most 24 hours; fields and verdicts from the catalogue', async () => {
    const keys = async (path: string, query: Record<string, string | number>) => {
      const answer = await call(app, 'GET', path, { token: parent, query });
      assert.equal(answer.code, VALIDATION_FAILED_CODE, JSON.stringify(query));
      return (answer.data as { errors: FieldIssue[] }).errors.map((entry) => `${entry.field} ${entry.key}`);
    };
    const days = (n: number) => ({ from: new Date(T0 - n * 86_400_000).toISOString(), to: new Date(T0).toISOString() });
    assert.deepEqual(await keys('V4/layer4.report.series', { ...days(TCP_REPORT_MAX_DAYS + 1), bucket: 'day' }), ['from layer4.report-too-long']);
    assert.deepEqual(await keys('V4/layer4.report.series', { ...days(TCP_REPORT_MINUTE_MAX_HOURS / 24 + 1), bucket: 'minute' }), ['bucket layer4.report-minute-range']);
    assert.deepEqual(await keys('V4/layer4.report.series', { from: range.to, to: range.from, bucket: 'hour' }), ['from logs.range-required']);
    assert.deepEqual(await keys('V4/layer4.report.series', { ...range, bucket: 'second' }), ['bucket common.format-error']);
    assert.deepEqual(await keys('V4/layer4.report.top', { ...range, field: 'verdict', verdicts: 'forwarded,maybe', limit: 500 }), [
      'verdicts common.format-error',
      'field common.format-error',
      'limit common.integer-range',
    ]);
    await expectOk(app, 'GET', 'V4/layer4.report.series', { token: parent, query: { ...days(TCP_REPORT_MAX_DAYS), bucket: 'day' } });
  });
});
