/**
 * The security reports on the reference server (issue 25: WAF attacks, CC attacks, HTTP precise access control and
 * a rule's detail; rules §6 per-object grants and "the free version cannot see full attack features"; rules §9 date
 * ranges and "Log time UTC+8"). Lines are appended to the real (in-memory DuckDB) store; every expected figure is
 * counted here from the same lines and compared with what the API answers.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type { SecurityReport } from '../../core/api/endpoints/attack-report.js';
import type { ModuleAccess, ObjectScope, PermissionModule } from '../../core/api/endpoints/platform.js';
import type { LogAction, LogRow } from '../../core/logs/fields.js';
import { bindGroupObjects, createChildAccount, createPermissionGroup } from '../../demo/server/features/account/store.js';
import { CC_URL_RULE_ID } from '../../demo/server/features/logs/simulator/index.js';
import { changePlanLevel } from '../../demo/server/features/plans/seed.js';
import { insertRule, provisionWaf } from '../../demo/server/features/waf/store.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { hashPasswordSync } from '../../demo/server/platform/security/passwords.js';
import { scopeFor } from '../../demo/server/platform/security/scope.js';
import { logLine } from '../helpers/log-lines.js';
import { addSecondTenant, call, expectOk, signInChild, signInParent, startServer, type TestClock } from './helpers.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const beijingMidnight = (ts: number) => {
  const shifted = new Date(ts + 8 * HOUR);
  return Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()) - 8 * HOUR;
};
const iso = (ms: number) => new Date(ms).toISOString();

describe('security reports: WAF, CC, precise access control and rule details (issue 25; rules §6, §9)', () => {
  let app: FastifyInstance;
  let clock: TestClock;
  let parent: string;
  let now: number;
  let planId: number;
  const ids: Record<string, number> = {};
  const rows: LogRow[] = [];
  /** A built-in WAF rule (its set bound to www only), a custom access-control rule on api only, another account's. */
  const waf = { code: 0, setId: 0 };
  const acl = { code: 0, setId: 0 };
  let foreignCode = 0;
  let made = 0;

  async function child(grants: [PermissionModule, ModuleAccess, number[] | 'all'][]): Promise<string> {
    made++;
    const groupId = createPermissionGroup(
      app.db,
      {
        memberId: DEMO_MEMBER_ID,
        name: `security-reports-${made}`,
        grants: grants.map(([module, access, objects]) => ({ module, access, object_scope: (objects === 'all' ? 'all' : 'specified') as ObjectScope, auto_bind_new: false })),
      },
      app.now(),
    );
    for (const [module, , objects] of grants) {
      if (objects !== 'all') bindGroupObjects(app.db, { memberId: DEMO_MEMBER_ID, groupId, module, kind: 'specified', objectIds: objects });
    }
    const userName = `security-child-${made}`;
    createChildAccount(app.db, { memberId: DEMO_MEMBER_ID, userName, passwordHash: hashPasswordSync('Security#Grant1'), groupId }, app.now());
    return (await signInChild(app, DEMO_MEMBER_ID, userName, 'Security#Grant1')).token;
  }

  const report = (token: string, query: Record<string, string | number>) => expectOk<SecurityReport>(app, 'GET', 'V4/report.security.get', { token, query });
  const linesOf = (type: LogRow['log_type'], predicate: (row: LogRow) => boolean = () => true) =>
    rows.filter((row) => row.log_type === type && row.member_id === DEMO_MEMBER_ID && predicate(row));
  const today = () => ({ from: iso(beijingMidnight(now)), to: iso(now), granularity: '1h' });

  before(async () => {
    ({ app, clock } = await startServer({ seedLanguage: 'en_US' }));
    // 2026-03-02 04:00 in Beijing: "today" began four hours ago.
    clock.advance(20 * HOUR);
    now = clock.now();
    parent = (await signInParent(app)).token;
    planId = (app.db.prepare('SELECT id FROM plans WHERE member_id = ?').get(DEMO_MEMBER_ID) as { id: number }).id;
    for (const row of app.db.prepare('SELECT id, domain FROM domains WHERE member_id = ?').all(DEMO_MEMBER_ID) as { id: number; domain: string }[]) {
      ids[row.domain] = row.id;
    }
    const www = ids['www.example.com']!;
    const api = ids['api.example.com']!;
    provisionWaf(app.db, DEMO_MEMBER_ID, now, 'en_US');
    const tenant = scopeFor(app.db, DEMO_MEMBER_ID);
    const builtIn = app.db
      .prepare(
        `SELECT r.code, r.rule_set_id FROM waf_rules r JOIN waf_rule_sets s ON s.id = r.rule_set_id
          WHERE r.member_id = ? AND s.attribution = 'built-in' ORDER BY r.id LIMIT 1`,
      )
      .get(DEMO_MEMBER_ID) as { code: string; rule_set_id: number };
    waf.code = Number(builtIn.code);
    waf.setId = builtIn.rule_set_id;
    app.db.prepare('DELETE FROM waf_rule_set_domains WHERE rule_set_id = ?').run(waf.setId);
    app.db.prepare('INSERT INTO waf_rule_set_domains (member_id, rule_set_id, domain_id, created_at) VALUES (?, ?, ?, ?)').run(DEMO_MEMBER_ID, waf.setId, www, now);
    acl.setId = tenant.insert('waf_rule_sets', { name: 'Partners only', description: '', attribution: 'custom', catalogue_key: null, created_by: null, created_at: now, updated_at: now });
    acl.code = insertRule(tenant, { ruleSetId: acl.setId, sort: 1, status: 'enabled', rules: [], action: { type: 'block' }, remark: 'Block outside partners' }, now);
    app.db.prepare('INSERT INTO waf_rule_set_domains (member_id, rule_set_id, domain_id, created_at) VALUES (?, ?, ?, ?)').run(DEMO_MEMBER_ID, acl.setId, api, now);

    const actions: LogAction[] = ['block', 'ban', 'log', 'captcha'];
    const countries = ['US', 'CN', 'CN', 'DE', 'CN'];
    // Two days of WAF lines on www, one every 11 minutes, crossing two Beijing midnights.
    for (let index = 0, ts = now - 2 * DAY; ts < now; index++, ts += 11 * MINUTE) {
      const country = countries[index % 5]!;
      rows.push(
        logLine({
          ts,
          log_type: 'waf',
          member_id: DEMO_MEMBER_ID,
          domain_id: www,
          domain: 'www.example.com',
          client_ip: `198.51.100.${index % 7}`,
          country,
          province: country === 'CN' ? (index % 2 ? 'CN-BJ' : 'CN-GD') : '',
          uri: index % 3 ? '/login' : '/search',
          status: 403,
          rule_id: waf.code,
          rule_set_id: waf.setId,
          action: actions[index % 4]!,
          attack_type: index % 2 ? 'sqli' : 'xss',
        }),
      );
    }
    // CC decisions on api and www today; access-control lines on api today.
    for (let index = 0; index < 30; index++) {
      const domain = index % 3 ? 'api.example.com' : 'www.example.com';
      rows.push(
        logLine({ ts: now - (index + 1) * 5 * MINUTE, log_type: 'cc', member_id: DEMO_MEMBER_ID, domain_id: ids[domain]!, domain, client_ip: `192.0.2.${index % 4}`, uri: '/flood', rule_id: CC_URL_RULE_ID, action: index % 5 ? 'js-challenge' : 'ban', attack_type: 'cc-flood' }),
      );
    }
    for (let index = 0; index < 12; index++) {
      rows.push(
        logLine({ ts: now - (index + 1) * 9 * MINUTE, log_type: 'acl', member_id: DEMO_MEMBER_ID, domain_id: api, domain: 'api.example.com', client_ip: `203.0.113.${index % 3}`, country: 'RU', province: '', uri: '/admin', rule_id: acl.code, rule_set_id: acl.setId, action: 'block' }),
      );
    }
    // Another account: its custom rule and a line of it that must never be counted here.
    const other = addSecondTenant(app);
    const otherTenant = scopeFor(app.db, other.memberId);
    const otherSet = otherTenant.insert('waf_rule_sets', { name: 'Theirs', description: '', attribution: 'custom', catalogue_key: null, created_by: null, created_at: now, updated_at: now });
    foreignCode = insertRule(otherTenant, { ruleSetId: otherSet, sort: 1, status: 'enabled', rules: [], action: { type: 'block' }, remark: 'Secret rule' }, now);
    rows.push(logLine({ ts: now - MINUTE, log_type: 'acl', member_id: other.memberId, domain_id: other.domainIds[0]!, domain: 'private.other.example', rule_id: foreignCode, rule_set_id: otherSet, action: 'block' }));
    await app.logStore.append(rows);
  });
  after(() => app.close());

  it('WAF attacks: totals, actions, top rules named from the WAF store, attack types, regions, URLs and attackers equal the lines', async () => {
    const answer = await report(parent, { type: 'waf', ...today() });
    const midnight = beijingMidnight(now);
    const lines = linesOf('waf', (row) => row.ts >= midnight && row.ts <= now);
    assert.ok(lines.length > 10);
    assert.equal(answer.full, true);
    assert.equal(answer.totals.events, lines.length);
    assert.equal(answer.totals.blocked, lines.filter((row) => row.action === 'block' || row.action === 'ban').length);
    assert.equal(answer.totals.challenged, lines.filter((row) => row.action === 'captcha').length);
    assert.equal(answer.totals.logged, lines.filter((row) => row.action === 'log').length);
    // Distinct addresses are counted exactly (sql.ts distinctClients).
    assert.equal(answer.totals.attackers, new Set(lines.map((row) => row.client_ip)).size);
    assert.equal(answer.series.reduce((sum, point) => sum + point.events, 0), lines.length);
    assert.equal(answer.series.reduce((sum, point) => sum + point.actions.ban, 0), lines.filter((row) => row.action === 'ban').length);
    assert.equal(answer.rules.length, 1);
    assert.equal(answer.rules[0]!.rule_id, waf.code);
    assert.equal(answer.rules[0]!.rule_set_id, waf.setId);
    assert.ok(answer.rules[0]!.name.length > 0, 'a built-in rule is named by its remark');
    assert.ok(answer.rules[0]!.rule_set.length > 0);
    assert.equal(answer.tables.attack_types!.find((row) => row.key === 'sqli')!.requests, lines.filter((row) => row.attack_type === 'sqli').length);
    const top = answer.tables.countries![0]!;
    assert.equal(top.key, 'CN');
    assert.equal(top.requests, lines.filter((row) => row.country === 'CN').length);
    assert.equal(answer.tables.provinces!.reduce((sum, row) => sum + row.requests, 0), lines.filter((row) => row.country === 'CN').length);
    assert.equal(answer.tables.urls!.find((row) => row.key === '/login')!.requests, lines.filter((row) => row.uri === '/login').length);
    assert.equal(answer.tables.ips!.reduce((sum, row) => sum + row.requests, 0), lines.length);
    assert.deepEqual(answer.tables.domains!.map((row) => [row.key, row.domain_id]), [['www.example.com', ids['www.example.com']]]);
  });

  it('rules §9: day buckets start at Beijing midnight and hold exactly that day', async () => {
    const from = beijingMidnight(now) - DAY;
    const answer = await report(parent, { type: 'waf', from: iso(from), to: iso(now), granularity: '1d' });
    assert.deepEqual(answer.series.map((point) => point.bucket), [iso(from), iso(from + DAY)]);
    assert.equal(answer.series[0]!.events, linesOf('waf', (row) => row.ts >= from && row.ts < from + DAY).length);
    assert.equal(answer.series[1]!.events, linesOf('waf', (row) => row.ts >= from + DAY && row.ts <= now).length);
  });

  it('CC attacks: the engine rule, blocked against challenged, attackers and URLs', async () => {
    const answer = await report(parent, { type: 'cc', ...today() });
    const lines = linesOf('cc');
    assert.equal(answer.totals.events, lines.length);
    assert.equal(answer.totals.blocked, lines.filter((row) => row.action === 'ban').length);
    assert.equal(answer.totals.challenged, lines.filter((row) => row.action === 'js-challenge').length);
    assert.deepEqual(answer.rules.map((row) => [row.rule_id, row.engine, row.requests]), [[CC_URL_RULE_ID, 'cc-url', lines.length]]);
    assert.equal(answer.tables.ips!.length, 4);
    assert.equal(answer.tables.urls![0]!.key, '/flood');
    assert.equal(answer.tables.attack_types, undefined, 'the CC report has no attack classes');
    const detail = await report(parent, { type: 'cc', ...today(), rule_id: CC_URL_RULE_ID });
    assert.equal(detail.rule!.engine, 'cc-url');
    assert.equal(detail.totals.events, lines.length);
  });

  it('precise access control: per rule hits named from the custom set, and the rule detail', async () => {
    const answer = await report(parent, { type: 'acl', ...today() });
    const lines = linesOf('acl');
    assert.equal(answer.totals.events, lines.length);
    assert.deepEqual(answer.rules.map((row) => [row.rule_id, row.name, row.rule_set, row.requests]), [[acl.code, 'Block outside partners', 'Partners only', lines.length]]);
    assert.equal(answer.tables.countries![0]!.key, 'RU');
    assert.equal(answer.tables.provinces!.length, 0, 'no Chinese client, no province');
    const detail = await report(parent, { type: 'acl', ...today(), rule_id: acl.code });
    assert.deepEqual(detail.rule, { rule_id: acl.code, name: 'Block outside partners', rule_set_id: acl.setId, rule_set: 'Partners only' });
    assert.equal(detail.rules.length, 0);
    assert.equal(detail.tables.ips!.reduce((sum, row) => sum + row.requests, 0), lines.length);
    // A WAF rule is not an access-control rule, nor the reverse.
    assert.equal((await call(app, 'GET', 'V4/report.security.get', { token: parent, query: { type: 'acl', ...today(), rule_id: waf.code } })).code, NOT_FOUND_CODE);
    assert.equal((await call(app, 'GET', 'V4/report.security.get', { token: parent, query: { type: 'waf', ...today(), rule_id: acl.code } })).code, NOT_FOUND_CODE);
  });

  it("rules §6: another account's lines are never counted and its rule is refused", async () => {
    const answer = await report(parent, { type: 'acl', ...today() });
    assert.ok(answer.rules.every((row) => row.rule_id !== foreignCode || row.name !== 'Secret rule'));
    assert.equal(answer.totals.events, linesOf('acl').length);
    const foreign = await call(app, 'GET', 'V4/report.security.get', { token: parent, query: { type: 'acl', ...today(), rule_id: foreignCode } });
    assert.equal(foreign.code, NOT_FOUND_CODE);
  });

  it('rules §6: a sub-account granted one website sees only its lines, and no rule of another website', async () => {
    const www = ids['www.example.com']!;
    const token = await child([['reports', 'read', [www]]]);
    const cc = await report(token, { type: 'cc', ...today() });
    assert.equal(cc.totals.events, linesOf('cc', (row) => row.domain_id === www).length);
    assert.deepEqual(cc.tables.domains!.map((row) => row.key), ['www.example.com']);
    const accessControl = await report(token, { type: 'acl', ...today() });
    assert.equal(accessControl.totals.events, 0, 'the access-control lines are on api');
    const refused = await call(app, 'GET', 'V4/report.security.get', { token, query: { type: 'acl', ...today(), rule_id: acl.code } });
    assert.equal(refused.code, PERMISSION_DENIED_CODE, 'the rule runs on api only');
    const detail = await report(token, { type: 'waf', ...today(), rule_id: waf.code });
    assert.equal(detail.rule!.rule_id, waf.code);
    const named = await call(app, 'GET', 'V4/report.security.get', { token, query: { type: 'waf', ...today(), domain_ids: String(ids['api.example.com']) } });
    assert.equal(named.code, PERMISSION_DENIED_CODE);
    const logsOnly = await child([['logs', 'read', 'all']]);
    assert.equal((await call(app, 'GET', 'V4/report.security.get', { token: logsOnly, query: { type: 'waf', ...today() } })).code, PERMISSION_DENIED_CODE);
  });

  it('rules §6: the free (trial) package sees the figures and series but no rankings, and no rule detail', async () => {
    changePlanLevel(app.db, planId, 'trial');
    try {
      const answer = await report(parent, { type: 'waf', ...today() });
      assert.equal(answer.full, false);
      assert.ok(answer.notice === 'upgrade' || answer.notice === 'work-order');
      assert.equal(answer.totals.events, linesOf('waf', (row) => row.ts >= beijingMidnight(now)).length);
      assert.deepEqual([answer.rules, answer.tables], [[], {}]);
      const detail = await call(app, 'GET', 'V4/report.security.get', { token: parent, query: { type: 'acl', ...today(), rule_id: acl.code } });
      assert.equal(detail.code, VALIDATION_FAILED_CODE);
      const found = (detail.data as { errors: { field: string; key: string; values: Record<string, string> }[] }).errors[0]!;
      assert.deepEqual([found.field, found.values.feature], ['rule_id', 'attack_full_report']);
    } finally {
      changePlanLevel(app.db, planId, 'business');
    }
    assert.equal((await report(parent, { type: 'waf', ...today() })).full, true);
  });

  it('rules §9: ranges reach 30 days, fine granularities shorter ones; type and rule are checked', async () => {
    const refused = async (query: Record<string, string | number>, field: string, key: string) => {
      const answer = await call(app, 'GET', 'V4/report.security.get', { token: parent, query });
      assert.equal(answer.code, VALIDATION_FAILED_CODE, JSON.stringify(query));
      const found = (answer.data as { errors: { field: string; key: string }[] }).errors[0]!;
      assert.deepEqual([found.field, found.key], [field, key]);
    };
    const base = { type: 'waf', to: iso(now) };
    // The one report limit (core/rules/reports.ts): 30 days, plus the custom end input's whole minute.
    await refused({ ...base, from: iso(now - 30 * DAY - MINUTE - 1), granularity: '1d' }, 'from', 'reports.range-too-long');
    await report(parent, { ...base, from: iso(now - 30 * DAY - MINUTE), granularity: '1d' });
    await refused({ ...base, from: iso(now - DAY - 1), granularity: '1m' }, 'granularity', 'reports.granularity-too-fine');
    await refused({ ...base, type: 'access', from: iso(now - HOUR), granularity: '1h' }, 'type', 'common.format-error');
    await refused({ ...base, from: iso(now - HOUR), granularity: '1h', rule_id: 'x' }, 'rule_id', 'common.format-error');
    await refused({ ...base, from: iso(now - HOUR), granularity: '1h', top: 101 }, 'top', 'common.integer-range');
  });
});
