/**
 * The firewall block lists on the reference server (issue 25; shell §7 `V4/firewall.report.block.list` and details,
 * the package variant chosen by `type`; rules §6 per-object grants and the free version; rules §9 detail lists
 * "3000 or 10000 records", the stricter 3000). Lines are appended to the real (in-memory DuckDB) store and every
 * expected figure is counted here from the same lines.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type { FirewallBlockDetails, FirewallBlockList } from '../../core/api/endpoints/firewall-report.js';
import type { ModuleAccess, ObjectScope, PermissionModule } from '../../core/api/endpoints/platform.js';
import type { LogAction, LogRow } from '../../core/logs/fields.js';
import { bindGroupObjects, createChildAccount, createPermissionGroup } from '../../demo/server/features/account/store.js';
import { changePlanLevel } from '../../demo/server/features/plans/seed.js';
import { insertRule, provisionWaf } from '../../demo/server/features/waf/store.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { hashPasswordSync } from '../../demo/server/platform/security/passwords.js';
import { scopeFor } from '../../demo/server/platform/security/scope.js';
import { logLine } from '../helpers/log-lines.js';
import { addSecondTenant, call, expectOk, signInChild, signInParent, startServer, type TestClock } from './helpers.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();
const BLOCKED: readonly string[] = ['block', 'ban'];

describe('firewall block lists: per policy and one policy\'s blocked requests (issue 25; shell §7; rules §6, §9)', () => {
  let app: FastifyInstance;
  let clock: TestClock;
  let parent: string;
  let now: number;
  let planId: number;
  const ids: Record<string, number> = {};
  const rows: LogRow[] = [];
  /** A built-in package rule on www, a custom policy on api, a default-set policy (every website), another account's. */
  const pkg = { id: 0, code: 0, setId: 0 };
  const custom = { id: 0, code: 0, setId: 0 };
  const fallback = { id: 0, code: 0, setId: 0 };
  const foreign = { id: 0 };
  let made = 0;

  async function child(grants: [PermissionModule, ModuleAccess, number[] | 'all'][]): Promise<string> {
    made++;
    const groupId = createPermissionGroup(
      app.db,
      {
        memberId: DEMO_MEMBER_ID,
        name: `firewall-reports-${made}`,
        grants: grants.map(([module, access, objects]) => ({ module, access, object_scope: (objects === 'all' ? 'all' : 'specified') as ObjectScope, auto_bind_new: false })),
      },
      app.now(),
    );
    for (const [module, , objects] of grants) {
      if (objects !== 'all') bindGroupObjects(app.db, { memberId: DEMO_MEMBER_ID, groupId, module, kind: 'specified', objectIds: objects });
    }
    const userName = `firewall-child-${made}`;
    createChildAccount(app.db, { memberId: DEMO_MEMBER_ID, userName, passwordHash: hashPasswordSync('Firewall#Grant1'), groupId }, app.now());
    return (await signInChild(app, DEMO_MEMBER_ID, userName, 'Firewall#Grant1')).token;
  }

  const window = () => ({ from: iso(now - 6 * HOUR), to: iso(now), granularity: '1h' });
  const list = (token: string, query: Record<string, string | number>) => expectOk<FirewallBlockList>(app, 'GET', 'V4/firewall.report.block.list', { token, query: { ...window(), ...query } });
  const details = (token: string, query: Record<string, string | number>) => expectOk<FirewallBlockDetails>(app, 'GET', 'V4/firewall.report.block.details', { token, query: { ...window(), ...query } });
  const blockedOf = (setId: number, code: number, predicate: (row: LogRow) => boolean = () => true) =>
    rows.filter((row) => row.member_id === DEMO_MEMBER_ID && row.rule_set_id === setId && row.rule_id === code && BLOCKED.includes(row.action) && predicate(row));

  before(async () => {
    ({ app, clock } = await startServer({ seedLanguage: 'en_US' }));
    clock.advance(20 * HOUR);
    now = clock.now();
    parent = (await signInParent(app)).token;
    planId = (app.db.prepare('SELECT id FROM plans WHERE member_id = ?').get(DEMO_MEMBER_ID) as { id: number }).id;
    for (const row of app.db.prepare('SELECT id, domain FROM domains WHERE member_id = ?').all(DEMO_MEMBER_ID) as { id: number; domain: string }[]) ids[row.domain] = row.id;
    const www = ids['www.example.com']!;
    const api = ids['api.example.com']!;
    provisionWaf(app.db, DEMO_MEMBER_ID, now, 'en_US');
    const tenant = scopeFor(app.db, DEMO_MEMBER_ID);
    const builtIn = app.db
      .prepare(
        `SELECT r.id, r.code, r.rule_set_id FROM waf_rules r JOIN waf_rule_sets s ON s.id = r.rule_set_id
          WHERE r.member_id = ? AND s.attribution = 'built-in' ORDER BY r.id LIMIT 1`,
      )
      .get(DEMO_MEMBER_ID) as { id: number; code: string; rule_set_id: number };
    Object.assign(pkg, { id: builtIn.id, code: Number(builtIn.code), setId: builtIn.rule_set_id });
    app.db.prepare('DELETE FROM waf_rule_set_domains WHERE rule_set_id = ?').run(pkg.setId);
    app.db.prepare('INSERT INTO waf_rule_set_domains (member_id, rule_set_id, domain_id, created_at) VALUES (?, ?, ?, ?)').run(DEMO_MEMBER_ID, pkg.setId, www, now);
    custom.setId = tenant.insert('waf_rule_sets', { name: 'Partners only', description: '', attribution: 'custom', catalogue_key: null, created_by: null, created_at: now, updated_at: now });
    custom.code = insertRule(tenant, { ruleSetId: custom.setId, sort: 1, status: 'enabled', rules: [], action: { type: 'block' }, remark: 'Block outside partners' }, now);
    custom.id = (app.db.prepare('SELECT id FROM waf_rules WHERE rule_set_id = ? AND code = ?').get(custom.setId, String(custom.code)) as { id: number }).id;
    app.db.prepare('INSERT INTO waf_rule_set_domains (member_id, rule_set_id, domain_id, created_at) VALUES (?, ?, ?, ?)').run(DEMO_MEMBER_ID, custom.setId, api, now);
    fallback.setId = (app.db.prepare("SELECT id FROM waf_rule_sets WHERE member_id = ? AND attribution = 'default'").get(DEMO_MEMBER_ID) as { id: number }).id;
    fallback.code = insertRule(tenant, { ruleSetId: fallback.setId, sort: 1, status: 'enabled', rules: [], action: { type: 'ban', duration: 600 }, remark: 'Ban scanners' }, now);
    fallback.id = (app.db.prepare('SELECT id FROM waf_rules WHERE rule_set_id = ? AND code = ?').get(fallback.setId, String(fallback.code)) as { id: number }).id;

    const actions: LogAction[] = ['block', 'ban', 'log', 'captcha'];
    const line = (index: number, overrides: Partial<LogRow>) =>
      logLine({ ts: now - (index + 1) * 3 * MINUTE, member_id: DEMO_MEMBER_ID, client_ip: `198.51.100.${index % 5}`, country: index % 2 ? 'CN' : 'US', province: index % 2 ? 'CN-GD' : '', status: 403, request_id: `fw-${overrides.rule_set_id}-${index}`, ...overrides });
    for (let index = 0; index < 40; index++) {
      rows.push(line(index, { log_type: 'waf', domain_id: www, domain: 'www.example.com', uri: index % 3 ? '/login' : '/search', rule_id: pkg.code, rule_set_id: pkg.setId, action: actions[index % 4]! }));
    }
    for (let index = 0; index < 12; index++) {
      rows.push(line(index, { log_type: 'acl', domain_id: api, domain: 'api.example.com', uri: index % 4 ? '/admin' : '/export', rule_id: custom.code, rule_set_id: custom.setId, action: 'block' }));
    }
    for (let index = 0; index < 6; index++) {
      const domain = index % 2 ? 'api.example.com' : 'www.example.com';
      rows.push(line(index, { log_type: 'waf', domain_id: ids[domain]!, domain, uri: '/.env', rule_id: fallback.code, rule_set_id: fallback.setId, action: 'ban' }));
    }
    // A line outside the range, and another account's policy with a line that must never be counted here.
    rows.push(line(200, { log_type: 'acl', domain_id: api, domain: 'api.example.com', uri: '/old', rule_id: custom.code, rule_set_id: custom.setId, action: 'block' }));
    const other = addSecondTenant(app);
    const otherTenant = scopeFor(app.db, other.memberId);
    const otherSet = otherTenant.insert('waf_rule_sets', { name: 'Theirs', description: '', attribution: 'custom', catalogue_key: null, created_by: null, created_at: now, updated_at: now });
    const otherCode = insertRule(otherTenant, { ruleSetId: otherSet, sort: 1, status: 'enabled', rules: [], action: { type: 'block' }, remark: 'Secret rule' }, now);
    foreign.id = (app.db.prepare('SELECT id FROM waf_rules WHERE rule_set_id = ?').get(otherSet) as { id: number }).id;
    rows.push(logLine({ ts: now - MINUTE, log_type: 'acl', member_id: other.memberId, domain_id: other.domainIds[0]!, domain: 'private.other.example', rule_id: otherCode, rule_set_id: otherSet, action: 'block' }));
    await app.logStore.append(rows);
  });
  after(() => app.close());

  it('type=firewall: the own policies (custom and default sets) with blocks, last blocked, top targets, named from the WAF store', async () => {
    const answer = await list(parent, { type: 'firewall' });
    const customLines = blockedOf(custom.setId, custom.code, (row) => row.ts >= now - 6 * HOUR);
    const fallbackLines = blockedOf(fallback.setId, fallback.code);
    assert.equal(answer.full, true);
    assert.deepEqual(
      answer.list.map((row) => [row.id, row.rule_id, row.rule_set_id, row.blocks]),
      [
        [custom.id, custom.code, custom.setId, customLines.length],
        [fallback.id, fallback.code, fallback.setId, fallbackLines.length],
      ],
    );
    const [first, second] = answer.list;
    assert.deepEqual([first!.name, first!.rule_set, first!.action, first!.status], ['Block outside partners', 'Partners only', 'block', 'enabled']);
    assert.equal(second!.action, 'ban');
    assert.ok(second!.rule_set.length > 0, 'the default set is named by the catalogue');
    assert.equal(first!.last_blocked, iso(Math.max(...customLines.map((row) => row.ts))));
    assert.deepEqual(first!.top_targets, [
      { url: '/admin', blocks: customLines.filter((row) => row.uri === '/admin').length },
      { url: '/export', blocks: customLines.filter((row) => row.uri === '/export').length },
    ]);
    assert.equal(answer.totals.blocks, customLines.length + fallbackLines.length);
    assert.equal(answer.totals.policies, 2);
    assert.equal(answer.total, 2);
    assert.equal(answer.series.reduce((sum, point) => sum + point.blocks, 0), answer.totals.blocks);
    assert.equal(answer.series.length, 7, 'every hour bucket of the range is present');
    // Issue 25 drill-down: a custom set's policies write the access control log, the default set's the WAF log; the
    // series counts each log apart so a point opens the lines it counts.
    assert.deepEqual([first!.log_type, second!.log_type], ['acl', 'waf']);
    assert.ok(answer.sets.some((set) => set.id === custom.setId && set.log_type === 'acl'));
    assert.ok(answer.sets.some((set) => set.id === fallback.setId && set.log_type === 'waf'));
    assert.equal(answer.series.reduce((sum, point) => sum + point.by_log.acl, 0), customLines.length);
    assert.equal(answer.series.reduce((sum, point) => sum + point.by_log.waf, 0), fallbackLines.length);
    assert.ok(answer.series.every((point) => point.blocks === point.by_log.acl + point.by_log.waf));
  });

  it('type=package: the built-in rule packages, blocked and banned lines only (not observed or challenged)', async () => {
    const answer = await list(parent, { type: 'package' });
    const lines = blockedOf(pkg.setId, pkg.code);
    assert.deepEqual(answer.list.map((row) => [row.id, row.rule_id, row.blocks]), [[pkg.id, pkg.code, lines.length]]);
    assert.ok(answer.list[0]!.name.length > 0 && answer.list[0]!.rule_set.length > 0);
    assert.equal(answer.list[0]!.top_targets[0]!.url, '/login');
    assert.equal(answer.totals.blocks, lines.length);
    assert.equal(answer.list[0]!.log_type, 'waf');
    assert.ok(answer.sets.length > 0 && answer.sets.every((set) => set.log_type === 'waf'), 'the packages write the WAF log');
  });

  it('shell §9 paging: the list is paged 10/20/50/100, and out-of-range sizes are refused', async () => {
    const paged = await list(parent, { type: 'firewall', page: 2, per_page: 1 });
    assert.deepEqual([paged.total, paged.list.map((row) => row.id)], [2, [fallback.id]]);
    const refused = await call(app, 'GET', 'V4/firewall.report.block.list', { token: parent, query: { type: 'firewall', ...window(), per_page: 101 } });
    assert.equal(refused.code, VALIDATION_FAILED_CODE);
  });

  it("details: one policy's blocked requests newest first with time, client IP, region, URL and action, paged", async () => {
    const lines = blockedOf(pkg.setId, pkg.code).sort((a, b) => b.ts - a.ts);
    const first = await details(parent, { type: 'package', id: pkg.id, per_page: 10 });
    assert.deepEqual([first.total, first.matched], [lines.length, lines.length]);
    assert.equal(first.policy.id, pkg.id);
    assert.deepEqual(
      first.list.map((row) => [row.time, row.client_ip, row.country, row.province, row.url, row.action, row.domain]),
      lines.slice(0, 10).map((row) => [iso(row.ts), row.client_ip, row.country, row.province, row.uri, row.action, row.domain]),
    );
    const second = await details(parent, { type: 'package', id: pkg.id, per_page: 10, page: 2 });
    assert.deepEqual(second.list.map((row) => row.request_id), lines.slice(10, 20).map((row) => row.request_id));
  });

  it('rules §9 detail lists: no page starts past the 3000th record', async () => {
    const last = await details(parent, { type: 'package', id: pkg.id, per_page: 100, page: 30 });
    assert.deepEqual(last.list, []);
    const refused = await call(app, 'GET', 'V4/firewall.report.block.details', { token: parent, query: { type: 'package', id: pkg.id, ...window(), per_page: 100, page: 31 } });
    assert.equal(refused.code, VALIDATION_FAILED_CODE);
    const found = (refused.data as { errors: { field: string; values: { max: number } }[] }).errors[0]!;
    assert.deepEqual([found.field, found.values.max], ['page', 30]);
  });

  it("rules §6: another account's policy, a policy of the other variant and an unknown id are NOT_FOUND", async () => {
    for (const [type, id] of [['firewall', foreign.id], ['firewall', pkg.id], ['package', custom.id], ['firewall', 999_999]] as const) {
      assert.equal((await call(app, 'GET', 'V4/firewall.report.block.details', { token: parent, query: { type, id, ...window() } })).code, NOT_FOUND_CODE, `${type} ${id}`);
    }
    const answer = await list(parent, { type: 'firewall' });
    assert.ok(answer.list.every((row) => row.name !== 'Secret rule'));
  });

  it('rules §6: a sub-account granted one website counts its lines only, and a policy on none of its websites is NOT_FOUND', async () => {
    const www = ids['www.example.com']!;
    const token = await child([['reports', 'read', [www]]]);
    const own = await list(token, { type: 'firewall' });
    assert.deepEqual(own.list.map((row) => [row.id, row.blocks]), [[fallback.id, blockedOf(fallback.setId, fallback.code, (row) => row.domain_id === www).length]]);
    assert.equal((await call(app, 'GET', 'V4/firewall.report.block.details', { token, query: { type: 'firewall', id: custom.id, ...window() } })).code, NOT_FOUND_CODE, 'the custom policy runs on api only');
    const pkgDetails = await details(token, { type: 'package', id: pkg.id });
    assert.equal(pkgDetails.total, blockedOf(pkg.setId, pkg.code).length);
    const fallbackDetails = await details(token, { type: 'firewall', id: fallback.id });
    assert.ok(fallbackDetails.list.every((row) => row.domain === 'www.example.com'));
    const named = await call(app, 'GET', 'V4/firewall.report.block.list', { token, query: { type: 'firewall', ...window(), domain_ids: String(ids['api.example.com']) } });
    assert.equal(named.code, PERMISSION_DENIED_CODE);
    const logsOnly = await child([['logs', 'read', 'all']]);
    assert.equal((await call(app, 'GET', 'V4/firewall.report.block.list', { token: logsOnly, query: { type: 'firewall', ...window() } })).code, PERMISSION_DENIED_CODE);
  });

  it('rules §6: the free (trial) package sees the figures and series but no policy, and no details', async () => {
    changePlanLevel(app.db, planId, 'trial');
    try {
      const answer = await list(parent, { type: 'firewall' });
      assert.equal(answer.full, false);
      assert.ok(answer.notice === 'upgrade' || answer.notice === 'work-order');
      assert.deepEqual([answer.list, answer.total], [[], 0]);
      assert.ok(answer.totals.blocks > 0);
      const refused = await call(app, 'GET', 'V4/firewall.report.block.details', { token: parent, query: { type: 'firewall', id: custom.id, ...window() } });
      assert.equal(refused.code, VALIDATION_FAILED_CODE);
      const found = (refused.data as { errors: { field: string; values: Record<string, string> }[] }).errors[0]!;
      assert.deepEqual([found.field, found.values.feature], ['id', 'attack_full_report']);
    } finally {
      changePlanLevel(app.db, planId, 'business');
    }
  });

  it('type, id and the report range are checked', async () => {
    const refused = async (path: string, query: Record<string, string | number>, field: string) => {
      const answer = await call(app, 'GET', path, { token: parent, query: { ...window(), ...query } });
      assert.equal(answer.code, VALIDATION_FAILED_CODE, JSON.stringify(query));
      assert.equal((answer.data as { errors: { field: string }[] }).errors[0]!.field, field);
    };
    await refused('V4/firewall.report.block.list', { type: 'waf' }, 'type');
    await refused('V4/firewall.report.block.details', { type: 'firewall', id: 'x' }, 'id');
    await refused('V4/firewall.report.block.list', { type: 'firewall', from: iso(now - 31 * 24 * HOUR), granularity: '1d' }, 'from');
  });
});
