/**
 * Grants of the modules issue 26 added (rules §6 per object; shell §6 "DNS domainList requires the domainList
 * permission"): DNS, security policy, logs and reports are enforced by their own routes. For each module a sub-account
 * whose group is granted one object sees and changes only that object, another object of the account is refused with
 * the catalogue's permission error, a read-only grant cannot write, and without the module nothing is visible.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { PERMISSION_DENIED_CODE } from '../../core/api/catalogue.js';
import type { BanOverview } from '../../core/api/endpoints/bans.js';
import type { DnsDomain } from '../../core/api/endpoints/dns.js';
import type { IpListInfo } from '../../core/api/endpoints/ip-lists.js';
import type { LogContext } from '../../core/api/endpoints/logs.js';
import type { ListAnswer, ModuleAccess, ObjectScope, PermissionModule, PlansAnswer } from '../../core/api/endpoints/platform.js';
import type { RuleSetInfo } from '../../core/api/endpoints/waf.js';
import { bindGroupObjects, createChildAccount, createPermissionGroup } from '../../demo/server/features/account/store.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { hashPasswordSync } from '../../demo/server/platform/security/passwords.js';
import { call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

/** One grant of a test group: module, access and (for specified objects) the ids. */
type Grant = [PermissionModule, ModuleAccess, number[] | 'all'];

describe('module grants of DNS, security policy, logs and reports (issue 26; rules §6, shell §6)', () => {
  let app: FastifyInstance;
  let parent: string;
  let made = 0;
  const id = (sql: string, ...params: unknown[]) => (app.db.prepare(sql).get(...params) as { id: number }).id;
  const website = (domain: string) => id('SELECT id FROM domains WHERE member_id = ? AND domain = ?', DEMO_MEMBER_ID, domain);
  const denied = async (promise: Promise<{ code: number }>, what: string) => assert.equal((await promise).code, PERMISSION_DENIED_CODE, what);

  /** A sub-account of the demo account whose group holds exactly `grants`; its session token. */
  async function child(grants: Grant[]): Promise<string> {
    made++;
    const groupId = createPermissionGroup(
      app.db,
      {
        memberId: DEMO_MEMBER_ID,
        name: `module-grants-${made}`,
        grants: grants.map(([module, access, objects]) => ({
          module,
          access,
          object_scope: (objects === 'all' ? 'all' : 'specified') as ObjectScope,
          auto_bind_new: false,
        })),
      },
      app.now(),
    );
    for (const [module, , objects] of grants) {
      if (objects !== 'all') bindGroupObjects(app.db, { memberId: DEMO_MEMBER_ID, groupId, module, kind: 'specified', objectIds: objects });
    }
    const userName = `module-child-${made}`;
    createChildAccount(app.db, { memberId: DEMO_MEMBER_ID, userName, passwordHash: hashPasswordSync('Module#Grant1'), groupId }, app.now());
    return (await signInChild(app, DEMO_MEMBER_ID, userName, 'Module#Grant1')).token;
  }

  before(async () => {
    ({ app } = await startServer({ seedLanguage: 'en_US' }));
    parent = (await signInParent(app)).token;
  });
  after(() => app.close());

  it('DNS: one granted zone is seen and changed, another zone is refused, read-only cannot write, no grant sees nothing', async () => {
    const [mine, other] = (app.db.prepare('SELECT id FROM dns_domains WHERE member_id = ? ORDER BY id LIMIT 2').all(DEMO_MEMBER_ID) as { id: number }[]).map((row) => row.id);
    const record = (domainId: number) => ({ domain_id: domainId, host: 'grant', type: 'A', line: 'any', value: '192.0.2.44', ttl: 600, remark: '' });
    const manager = await child([['dns', 'manage', [mine!]]]);
    const zones = await expectOk<ListAnswer<DnsDomain>>(app, 'GET', 'V4/dns.domain.list', { token: manager, query: { per_page: 100 } });
    assert.deepEqual(zones.list.map((zone) => zone.id), [mine]);
    await expectOk(app, 'POST', 'V4/dns.record.create', { token: manager, body: record(mine!) });
    await denied(call(app, 'POST', 'V4/dns.record.create', { token: manager, body: record(other!) }), 'a record in another zone');
    await denied(call(app, 'GET', 'V4/dns.domain.get', { token: manager, query: { id: other } }), 'another zone');
    await denied(call(app, 'GET', 'V4/dns.record.list', { token: manager, query: { domain_id: other } }), "another zone's records");

    const reader = await child([['dns', 'read', [mine!]]]);
    const read = await expectOk<ListAnswer<DnsDomain>>(app, 'GET', 'V4/dns.domain.list', { token: reader, query: { per_page: 100 } });
    assert.deepEqual(read.list.map((zone) => [zone.id, zone.editable]), [[mine, false]]);
    await denied(call(app, 'POST', 'V4/dns.record.create', { token: reader, body: { ...record(mine!), host: 'read-only' } }), 'read-only writes');

    // Shell §6: the website grant alone no longer opens DNS.
    const websitesOnly = await child([['domain', 'manage', 'all']]);
    await denied(call(app, 'GET', 'V4/dns.domain.list', { token: websitesOnly }), 'DNS without the dns grant');
  });

  it('security policy: one granted rule set and the IP lists its rules name; another set and its lists are refused; read-only cannot write', async () => {
    const set = async (name: string) => (await expectOk<RuleSetInfo>(app, 'POST', 'V4/waf.ruleset.create', { token: parent, body: { name, description: '' } })).id;
    const list = async (name: string) => (await expectOk<IpListInfo>(app, 'POST', 'V4/ip.list.create', { token: parent, body: { name, remark: '' } })).id;
    const [mine, other] = [await set('Granted policy'), await set('Other policy')];
    const [mineList, otherList] = [await list('granted-list'), await list('other-list')];
    for (const [setId, listId] of [[mine, mineList], [other, otherList]] as const) {
      await expectOk(app, 'POST', 'V4/firewall.policy.save', {
        token: parent,
        body: { main_id: setId, rules: [{ rule_type: 'ip', data: { operator: 'in-list', value: '', ip_list_id: listId } }], action: { type: 'block' }, status: 'enabled', remark: '' },
      });
    }
    // The website rule still holds (object-reach.ts): the sets reach no website, so a website grant lets them through.
    const manager = await child([['domain', 'manage', 'all'], ['security_policy', 'manage', [mine]]]);
    const sets = await expectOk<ListAnswer<RuleSetInfo>>(app, 'GET', 'V4/waf.ruleset.list', { token: manager, query: { per_page: 100 } });
    assert.deepEqual(sets.list.map((item) => item.id), [mine]);
    await expectOk(app, 'POST', 'V4/waf.ruleset.update', { token: manager, body: { id: mine, name: 'Granted policy 2', description: '' } });
    await denied(call(app, 'POST', 'V4/waf.ruleset.update', { token: manager, body: { id: other, name: 'Taken over', description: '' } }), 'another set');
    await denied(call(app, 'GET', 'V4/waf.ruleset.get', { token: manager, query: { id: other } }), 'reading another set');
    await denied(call(app, 'GET', 'V4/firewall.policy.get_mainid', { token: manager, query: { mainid: other } }), "another set's rules");
    const lists = await expectOk<ListAnswer<IpListInfo>>(app, 'GET', 'V4/ip.list.list', { token: manager, query: { per_page: 100 } });
    assert.ok(lists.list.some((item) => item.id === mineList) && !lists.list.some((item) => item.id === otherList), 'only the lists of the granted set');
    await expectOk(app, 'POST', 'V4/ip.list.update', { token: manager, body: { id: mineList, name: 'granted-list-2', remark: '' } });
    await denied(call(app, 'POST', 'V4/ip.list.update', { token: manager, body: { id: otherList, name: 'taken', remark: '' } }), "another set's list");

    const reader = await child([['domain', 'manage', 'all'], ['security_policy', 'read', [mine]]]);
    const read = await expectOk<ListAnswer<RuleSetInfo>>(app, 'GET', 'V4/waf.ruleset.list', { token: reader, query: { per_page: 100 } });
    assert.deepEqual(read.list.map((item) => [item.id, item.editable]), [[mine, false]]);
    await denied(call(app, 'POST', 'V4/waf.ruleset.update', { token: reader, body: { id: mine, name: 'Read only', description: '' } }), 'read-only writes');
    await denied(call(app, 'POST', 'V4/ip.list.update', { token: reader, body: { id: mineList, name: 'read-only', remark: '' } }), 'read-only list writes');
    // Ban records are security policy too: read lists them, only manage unbans.
    const bans = await expectOk<ListAnswer<{ id: number; editable: boolean }>>(app, 'GET', 'V4/ban.record.list', { token: reader, query: { per_page: 5 } });
    assert.ok(bans.total > 0 && bans.list.every((ban) => !ban.editable));
    await denied(call(app, 'POST', 'V4/ban.record.unban', { token: reader, body: { ids: [bans.list[0]!.id] } }), 'read-only unbans');

    const websitesOnly = await child([['domain', 'manage', 'all']]);
    await denied(call(app, 'GET', 'V4/waf.ruleset.list', { token: websitesOnly }), 'WAF without the security policy grant');
    await denied(call(app, 'GET', 'V4/ip.list.list', { token: websitesOnly }), 'IP lists without the security policy grant');
    await denied(call(app, 'GET', 'V4/ban.record.list', { token: websitesOnly }), 'bans without the security policy grant');
  });

  it('logs: the lines of one granted website; another website is refused; read-only cannot save queries', async () => {
    const [mine, other] = [website('www.example.com'), website('api.example.com')];
    const range = { from: new Date(app.now() - 3_600_000).toISOString(), to: new Date(app.now()).toISOString() };
    const query = { name: 'Granted errors', description: '', log_type: 'access', statement: 'status = 500' };
    const manager = await child([['logs', 'manage', [mine]]]);
    const context = await expectOk<LogContext>(app, 'GET', 'V4/logs.context', { token: manager });
    assert.deepEqual(context.websites.map((item) => item.id), [mine]);
    await expectOk(app, 'GET', 'V4/logs.record.list', { token: manager, query: { log_type: 'access', domain_ids: String(mine), ...range } });
    await denied(call(app, 'GET', 'V4/logs.record.list', { token: manager, query: { log_type: 'access', domain_ids: String(other), ...range } }), "another website's lines");
    await expectOk(app, 'POST', 'V4/logs.query.save', { token: manager, body: query });

    const reader = await child([['logs', 'read', [mine]]]);
    await expectOk(app, 'GET', 'V4/logs.record.list', { token: reader, query: { log_type: 'access', ...range } });
    await denied(call(app, 'POST', 'V4/logs.query.save', { token: reader, body: { ...query, name: 'Read-only query' } }), 'read-only saves');

    // The website grant alone no longer opens its logs.
    const websitesOnly = await child([['domain', 'manage', 'all']]);
    await denied(call(app, 'GET', 'V4/logs.context', { token: websitesOnly }), 'logs without the logs grant');
    await denied(call(app, 'GET', 'V4/logs.download.list', { token: websitesOnly }), 'log downloads without the logs grant');
  });

  it('reports: the ban overview and the plan usage count only the granted website; another website is refused; nothing to write', async () => {
    const [mine, other] = [website('www.example.com'), website('api.example.com')];
    const reporter = await child([['reports', 'read', [mine]]]);
    const overview = await expectOk<BanOverview>(app, 'GET', 'V4/ban.overview', { token: reporter });
    assert.deepEqual([...new Set(overview.top_domains.map((row) => row.domain_id))], [mine]);
    await expectOk(app, 'GET', 'V4/ban.overview', { token: reporter, query: { domain_id: mine } });
    await denied(call(app, 'GET', 'V4/ban.overview', { token: reporter, query: { domain_id: other } }), "another website's report");
    const { plans } = await expectOk<PlansAnswer>(app, 'GET', 'V4/member.product.plan', { token: reporter });
    assert.ok(plans.every((plan) => plan.domain_usage.used === 1), 'the usage counts the one granted website');
    // Reports only read aggregated figures: there is no write route a read-only reports grant could reach.

    const websitesOnly = await child([['domain', 'manage', 'all']]);
    await denied(call(app, 'GET', 'V4/ban.overview', { token: websitesOnly }), 'the ban overview without the reports grant');
    const unreported = await expectOk<PlansAnswer>(app, 'GET', 'V4/member.product.plan', { token: websitesOnly });
    assert.ok(unreported.plans.every((plan) => plan.domain_usage.used === 0), 'no reports grant, no usage figure');
  });
});
