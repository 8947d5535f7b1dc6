/**
 * Object grants inside one account (rules §6; DESIGN §4 "Authorization is object-level and lives in one place";
 * issue 18). The sibling of isolation.test.ts: there another account is the outsider, here it is every object of the
 * demo account outside one sub-account's grant. The child's group manages exactly one website (www.example.com),
 * the certificate bound to it, and one DNS zone; everything else (the other websites, the certificates bound to them,
 * the rule sets and IP lists that reach only them, the other DNS zones and their groups and records, the parent's jobs
 * and log entries, ban records and cache rules of the other websites) is outside.
 *
 * Every registered API route is swept as that child, with the ids of outside objects in every common id parameter,
 * so routes added later are covered without editing this file. A GET answer must name no outside object; a mutation
 * must leave every outside row as it was (rows are chosen by what they reach, so a new row that links an outside
 * object counts too). The positive checks show the sweep does not pass merely by refusing everything.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { SESSION_EXPIRED_CODE } from '../../core/api/catalogue.js';
import type { CertificateInfo, CertificateListAnswer } from '../../core/api/endpoints/certificates.js';
import type { DnsDomain, DnsJobStarted } from '../../core/api/endpoints/dns.js';
import type { IpListInfo } from '../../core/api/endpoints/ip-lists.js';
import type { JobInfo, ListAnswer } from '../../core/api/endpoints/platform.js';
import type { RuleSetInfo } from '../../core/api/endpoints/waf.js';
import type { WebsiteInfo } from '../../core/api/endpoints/websites.js';
import { bindGroupObjects, createChildAccount, createPermissionGroup } from '../../demo/server/features/account/store.js';
import { DEMO_DOMAINS } from '../../demo/server/features/websites/domains-seed.js';
import { DEMO_MEMBER_ID, DEMO_PARENT_EMAIL } from '../../demo/server/platform/demo-accounts.js';
import { hashPasswordSync } from '../../demo/server/platform/security/passwords.js';
import { call, expectOk, registeredRoutes, TICKET_ROUTES, signInChild, signInParent, startServer, type Answer } from './helpers.js';

/**
 * Routes that are legitimately the same for every member of the account, so an outside id cannot make them reach an
 * object; the sweep still calls them (the mutation check runs), only their answers are not searched for markers.
 */
const ACCOUNT_WIDE_ANSWERS: Record<string, string> = {
  // The API's own description: route names and schemas, no account data (it names example hosts in its samples).
  '/api/openapi.json': 'static API description',
};

/** Every id-like parameter the routes read, in queries and bodies. */
const ID_PARAMS = ['id', 'domain_id', 'mainid', 'main_id', 'package_id', 'certificate_id', 'job_id', 'group_id', 'list_id', 'target_id', 'object_id', 'rule_set_id'];

/** Query values some GET routes require before they answer (a page type, settings groups), in a pass of their own. */
const ENUMERATIONS = { type: 'waf', group: 'cdn_advance_cache,browser_cache' };
const SIGN_OUT = /logout/i;
const CHILD = { userName: 'one-site', password: 'OneSite#2026' };
/** Every name this test gives an outside object contains this, so any answer naming one is caught. */
const OUTSIDE = 'q7-outside';

/** What the child's group grants and what lies outside it, by kind of object. */
interface Fixture {
  groupId: number;
  childUserId: number;
  granted: { website: number; certificate: number; dnsZone: number };
  /** Rule sets quoted only by other websites: the child may not even see them. */
  hiddenSets: number[];
  outside: Record<string, number[]>;
}

describe('object grants inside one account (rules §6 per object; issue 18)', () => {
  let app: FastifyInstance;
  let parent: string;
  let child: string;
  let fixture: Fixture;
  let release: () => void = () => undefined;
  const [grantedName, ...outsideNames] = DEMO_DOMAINS;
  /** Names of outside objects: the other websites, their certificates and rule set, the other DNS zones, our own. */
  const markers = [...outsideNames, OUTSIDE, 'cdn.example.io', 'API hardening', 'example-shop.cn', 'example.org', 'example.net'];

  const db = () => app.db;
  const ids = (sql: string, ...params: unknown[]): number[] => (db().prepare(sql).all(...params) as { id: number }[]).map((row) => row.id);
  const one = (sql: string, ...params: unknown[]): number => ids(sql, ...params)[0]!;

  before(async () => {
    // These tests read the English seed's wording (seed-language.test.ts holds both seeds).
    ({ app } = await startServer({ seedLanguage: 'en_US' }));
    parent = (await signInParent(app)).token;
    const website = one('SELECT id FROM domains WHERE domain = ?', grantedName);
    const other = (name: string) => one('SELECT id FROM domains WHERE domain = ?', name);
    const mobile = other('m.example.com');
    const api = other('api.example.com');

    // Outside objects the seed does not have: IP lists reached through rules on other websites only, on every
    // website (the default set) and on the granted website and another (Login protection); a rule set bound only to
    // another website; a DNS zone with a record and its own DNS group; a parent job still running; parent log lines.
    const list = async (name: string) => (await expectOk<IpListInfo>(app, 'POST', 'V4/ip.list.create', { token: parent, body: { name, remark: '' } })).id;
    const outsideList = await list(`${OUTSIDE}-list`);
    const defaultList = await list('reaches-every-site');
    const sharedList = await list('reaches-www-and-shop');
    for (const id of [outsideList, defaultList, sharedList]) {
      await expectOk(app, 'POST', 'V4/ip.list.entry.add', { token: parent, body: { id, entries: ['192.0.2.77'] } });
    }
    const outsideSet = (await expectOk<RuleSetInfo>(app, 'POST', 'V4/waf.ruleset.create', { token: parent, body: { name: `${OUTSIDE}-set`, description: '' } })).id;
    await expectOk(app, 'POST', 'V4/waf.ruleset.quote', { token: parent, body: { id: outsideSet, domain_ids: [mobile] } });
    const listRule = (mainId: number, listId: number, remark = '') =>
      expectOk(app, 'POST', 'V4/firewall.policy.save', {
        token: parent,
        body: { main_id: mainId, rules: [{ rule_type: 'ip', data: { operator: 'in-list', value: '', ip_list_id: listId } }], action: { type: 'block' }, status: 'enabled', remark },
      });
    await listRule(outsideSet, outsideList, OUTSIDE);
    await listRule(one("SELECT id FROM waf_rule_sets WHERE member_id = ? AND name = 'API hardening'", DEMO_MEMBER_ID), outsideList, OUTSIDE);
    await listRule(one("SELECT id FROM waf_rule_sets WHERE member_id = ? AND attribution = 'default'", DEMO_MEMBER_ID), defaultList);
    await listRule(one("SELECT id FROM waf_rule_sets WHERE member_id = ? AND name = 'Login protection'", DEMO_MEMBER_ID), sharedList);

    const added = await expectOk<DnsJobStarted>(app, 'POST', 'V4/dns.domain.batch.add', { token: parent, body: { domains: [`${OUTSIDE}-zone.example`] } });
    await app.jobs.waitFor(added.job.id);
    const outsideZone = one('SELECT id FROM dns_domains WHERE domain = ?', `${OUTSIDE}-zone.example`);
    await expectOk(app, 'POST', 'V4/dns.record.create', {
      token: parent,
      body: { domain_id: outsideZone, host: 'www', type: 'A', line: 'any', value: '192.0.2.10', ttl: 600, remark: OUTSIDE },
    });
    const dnsGroup = await expectOk<{ id: number }>(app, 'POST', 'V4/dns.group.create', { token: parent, body: { name: `${OUTSIDE}-group`, remark: '' } });
    await expectOk(app, 'POST', 'V4/dns.domain.group.set', { token: parent, body: { ids: [outsideZone], group_id: dnsGroup.id } });
    await expectOk(app, 'POST', 'V4/cloudsafe.hwws.website.update', { token: parent, body: { id: api, remark: `${OUTSIDE} remark` } });

    const gate = new Promise<void>((resolve) => (release = resolve));
    app.jobs.register<{ about: string }, number>('test.hold-grants', {
      prepare: () => 0,
      step: async ({ state }) => {
        await gate;
        return { done: false, state: state + 1, progress: 10 };
      },
    });
    const held = app.jobs.enqueue({ memberId: DEMO_MEMBER_ID, userId: 1, operator: DEMO_PARENT_EMAIL, type: 'test.hold-grants', params: { about: `${OUTSIDE} m.example.com` } });
    while ((app.jobs.get(DEMO_MEMBER_ID, held.id) as JobInfo).state !== 'in_progress') await new Promise((resolve) => setImmediate(resolve));

    // The group: one website (manage), the certificate bound to it (manage), one DNS zone (manage), the logs (manage)
    // and reports (read) of that website, security policy over every rule set (the website rule still hides the sets
    // reaching only other websites); dedicated IP not granted.
    const groupId = createPermissionGroup(
      db(),
      {
        memberId: DEMO_MEMBER_ID,
        name: 'One website',
        grants: [
          { module: 'domain', object_scope: 'specified', access: 'manage', auto_bind_new: false },
          { module: 'certificate', object_scope: 'specified', access: 'manage', auto_bind_new: false },
          { module: 'dns', object_scope: 'specified', access: 'manage', auto_bind_new: false },
          { module: 'security_policy', object_scope: 'all', access: 'manage', auto_bind_new: false },
          { module: 'logs', object_scope: 'specified', access: 'manage', auto_bind_new: false },
          { module: 'reports', object_scope: 'specified', access: 'read', auto_bind_new: false },
        ],
      },
      app.now(),
    );
    const certificate = one('SELECT certificate_id AS id FROM certificate_bindings WHERE domain_id = ?', website);
    for (const module of ['domain', 'logs', 'reports'] as const) bindGroupObjects(db(), { memberId: DEMO_MEMBER_ID, groupId, module, kind: 'specified', objectIds: [website] });
    bindGroupObjects(db(), { memberId: DEMO_MEMBER_ID, groupId, module: 'certificate', kind: 'specified', objectIds: [certificate] });
    const dnsZone = one("SELECT id FROM dns_domains WHERE domain = 'legacy-brand.com'");
    bindGroupObjects(db(), { memberId: DEMO_MEMBER_ID, groupId, module: 'dns', kind: 'specified', objectIds: [dnsZone] });
    const childUserId = createChildAccount(db(), { memberId: DEMO_MEMBER_ID, userName: CHILD.userName, passwordHash: hashPasswordSync(CHILD.password), groupId }, app.now());
    await signInTheChild();

    const outsideSites = ids('SELECT id FROM domains WHERE id <> ? ORDER BY id', website);
    const outsideZones = ids('SELECT id FROM dns_domains WHERE id <> ? ORDER BY id', dnsZone);
    const outsideSets = ids(
      `SELECT id FROM waf_rule_sets s WHERE attribution = 'default'
          OR EXISTS (SELECT 1 FROM waf_rule_set_domains b WHERE b.rule_set_id = s.id AND b.domain_id <> ?) ORDER BY id`,
      website,
    );
    fixture = {
      groupId,
      childUserId,
      granted: { website, certificate, dnsZone },
      hiddenSets: ids(
        `SELECT DISTINCT rule_set_id AS id FROM waf_rule_set_domains b WHERE NOT EXISTS (
           SELECT 1 FROM waf_rule_set_domains w WHERE w.rule_set_id = b.rule_set_id AND w.domain_id = ?)`,
        website,
      ),
      outside: {
        website: outsideSites,
        // Certificate ids: those bound to another website (the granted one is shared with shop.example.com) or unbound.
        certificate: ids('SELECT id FROM certificates ORDER BY id'),
        ruleSet: outsideSets,
        wafRule: ids(`SELECT id FROM waf_rules WHERE rule_set_id IN (SELECT value FROM json_each(?)) ORDER BY id`, JSON.stringify(outsideSets)),
        ipList: [outsideList, defaultList, sharedList],
        ipListEntry: ids('SELECT id FROM ip_list_entries WHERE list_id IN (?, ?, ?)', outsideList, defaultList, sharedList),
        dnsZone: outsideZones,
        dnsRecord: ids(`SELECT id FROM dns_records WHERE domain_id IN (SELECT value FROM json_each(?)) ORDER BY id`, JSON.stringify(outsideZones)),
        dnsGroup: ids('SELECT DISTINCT dns_group_id AS id FROM dns_domains WHERE dns_group_id IS NOT NULL AND id <> ?', dnsZone),
        job: ids('SELECT id FROM jobs ORDER BY id DESC'),
        banRecord: ids('SELECT id FROM ban_records WHERE domain_id <> ? ORDER BY id LIMIT 5', website),
        cacheRule: ids('SELECT id FROM cache_rules WHERE domain_id <> ? ORDER BY id', website),
        websiteGroup: ids('SELECT id FROM website_groups ORDER BY id'),
        oplog: ids('SELECT id FROM operation_log ORDER BY id'),
      },
    };
    for (const [kind, list] of Object.entries(fixture.outside)) assert.ok(list.length > 0, `the fixture has no outside ${kind}`);
  });
  after(async () => {
    release();
    await app.close();
  });

  async function signInTheChild(): Promise<void> {
    child = (await signInChild(app, DEMO_MEMBER_ID, CHILD.userName, CHILD.password)).token;
  }

  /**
   * Every row an outside object owns or reaches, chosen by what it reaches rather than by row id, so a new row linking
   * an outside object (a binding, a rule in an outside set) shows up as a change too.
   */
  function outsideRows(): Record<string, unknown[]> {
    return Object.fromEntries(Object.entries(outsideQueries()).map(([table, [sql, ...params]]) => [table, db().prepare(sql).all(...params)]));
  }

  /**
   * The queries of {@link outsideRows}, by the table each reads. They read only these tables (a subquery reads another
   * table of the list), which {@link watchOutsideTables} relies on.
   */
  function outsideQueries(): Record<string, [string, ...unknown[]]> {
    const { website } = fixture.granted;
    const list = (values: number[]) => JSON.stringify(values);
    const o = fixture.outside;
    const queries: Record<string, [string, ...unknown[]]> = {
      domains: ['SELECT * FROM domains WHERE member_id = ? AND id <> ? ORDER BY id', DEMO_MEMBER_ID, website],
      website_origins: ['SELECT * FROM website_origins WHERE domain_id <> ? ORDER BY id', website],
      certificates: ['SELECT * FROM certificates WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id', list(o.certificate!)],
      // The granted website's own links may change (it is unbound, deleted); a link to an object outside the grant
      // may not appear.
      certificate_bindings: [
        `SELECT * FROM certificate_bindings WHERE domain_id <> ? OR certificate_id NOT IN (
           SELECT object_id FROM permission_objects WHERE group_id = ? AND module = 'certificate') ORDER BY domain_id, certificate_id`,
        website,
        fixture.groupId,
      ],
      waf_rule_sets: ['SELECT * FROM waf_rule_sets WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id', list(o.ruleSet!)],
      waf_rules: ['SELECT * FROM waf_rules WHERE rule_set_id IN (SELECT value FROM json_each(?)) ORDER BY id', list(o.ruleSet!)],
      waf_rule_set_domains: [
        'SELECT * FROM waf_rule_set_domains WHERE domain_id <> ? OR rule_set_id IN (SELECT value FROM json_each(?)) ORDER BY rule_set_id, domain_id',
        website,
        list(fixture.hiddenSets),
      ],
      ip_lists: ['SELECT * FROM ip_lists WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id', list(o.ipList!)],
      ip_list_entries: ['SELECT * FROM ip_list_entries WHERE list_id IN (SELECT value FROM json_each(?)) ORDER BY id', list(o.ipList!)],
      // Deleting the granted website clears other rules' sharing with it (ON DELETE SET NULL): not a change of theirs.
      cache_rules: [
        `SELECT id, domain_id, sort, name, action, status, config, created_at, updated_at,
                CASE WHEN share_domain_id = @website THEN NULL ELSE share_domain_id END AS shares_with
           FROM cache_rules WHERE domain_id <> @website ORDER BY id`,
        { website },
      ],
      cache_settings: ['SELECT * FROM cache_settings WHERE domain_id <> ? ORDER BY domain_id', website],
      ban_records: ['SELECT * FROM ban_records WHERE domain_id <> ? ORDER BY id', website],
      dns_domains: ['SELECT * FROM dns_domains WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id', list(o.dnsZone!)],
      dns_records: ['SELECT * FROM dns_records WHERE domain_id IN (SELECT value FROM json_each(?)) ORDER BY id', list(o.dnsZone!)],
      dns_groups: ['SELECT * FROM dns_groups WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id', list(o.dnsGroup!)],
      // Website groups belong to the whole account; a child with a limited grant may file its website in one.
      website_groups: ['SELECT * FROM website_groups ORDER BY id'],
      jobs: ['SELECT * FROM jobs WHERE user_id <> ? ORDER BY id', fixture.childUserId],
      operation_log: ['SELECT * FROM operation_log WHERE user_id <> ? ORDER BY id', fixture.childUserId],
      // The child's own grant, and every other group's: a sub-account never widens what it may reach.
      permission_groups: ['SELECT * FROM permission_groups ORDER BY id'],
      permission_grants: ['SELECT * FROM permission_grants ORDER BY group_id, module'],
      // Deleting the granted website (or zone) withdraws every group's grant of it, in every module granting it.
      permission_objects: [
        `SELECT * FROM permission_objects WHERE NOT (module IN ('domain', 'logs', 'reports') AND object_id = ?)
            AND NOT (module = 'dns' AND object_id = ?) ORDER BY group_id, module, object_id`,
        website,
        fixture.granted.dnsZone,
      ],
      users: ['SELECT id, member_id, account_type, email, user_name, group_id, status, password_hash FROM users WHERE id <> ? ORDER BY id', fixture.childUserId],
    };
    return queries;
  }

  /**
   * Counts every row written to a table {@link outsideRows} reads (temporary triggers on this connection, the server's
   * only one; a trigger's own write is not counted in a statement's `changes` nor seen by `last_insert_rowid`, so the
   * routes behave as without them). While the count stands still no outside row can have changed, so the sweep takes
   * the rows again only when the count moved: the same check, without dumping some twenty tables twice per call.
   * The count lives in a temporary table that a rollback to the sweep's savepoint rolls back with everything else.
   * Answers the current count and a function that removes the triggers.
   */
  function watchOutsideTables(): { writes: () => number; stop: () => void } {
    const triggers: string[] = [];
    db().exec('CREATE TEMP TABLE sweep_writes (n INTEGER NOT NULL); INSERT INTO sweep_writes (n) VALUES (0);');
    for (const table of Object.keys(outsideQueries())) {
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
        const name = `sweep_${table}_${event.toLowerCase()}`;
        db().exec(`CREATE TEMP TRIGGER ${name} AFTER ${event} ON main.${table} BEGIN UPDATE sweep_writes SET n = n + 1; END;`);
        triggers.push(name);
      }
    }
    const count = db().prepare('SELECT n FROM temp.sweep_writes').pluck();
    return {
      writes: () => count.get() as number,
      stop: () => db().exec(`${triggers.map((name) => `DROP TRIGGER temp.${name};`).join(' ')} DROP TABLE temp.sweep_writes;`),
    };
  }

  /** The tables whose outside rows differ, each with the first changed row before and after. */
  function changedTables(before: Record<string, unknown[]>, after: Record<string, unknown[]>): string[] {
    return Object.keys(before)
      .filter((table) => JSON.stringify(before[table]) !== JSON.stringify(after[table]))
      .map((table) => {
        const was = new Set(before[table]!.map((row) => JSON.stringify(row)));
        const now = new Set(after[table]!.map((row) => JSON.stringify(row)));
        const gone = [...was].filter((row) => !now.has(row));
        const added = [...now].filter((row) => !was.has(row));
        return `${table}: -${gone.length} +${added.length} ${(gone[0] ?? '').slice(0, 200)} -> ${(added[0] ?? '').slice(0, 200)}`;
      });
  }

  /** The id parameters of one sweep pass: every common name set to the outside ids of one kind. */
  function idParams(values: number[]): Record<string, number> {
    return Object.fromEntries(ID_PARAMS.map((name) => [name, values[0]!]));
  }

  /**
   * Bodies for one kind of outside id: every common field filled, in the variants the routes' enumerations need
   * (a website action, a DNS status, a WAF rule), so a route reaches its permission check rather than stopping at
   * a missing field.
   */
  function mutationBodies(values: number[]): Record<string, unknown>[] {
    const common = {
      ...idParams(values),
      ids: values,
      domain_ids: values,
      entry_ids: values,
      job_ids: values,
      new_sorts: values.map((id, index) => ({ id, sort: index + 1 })),
      name: 'sweep-name',
      remark: 'sweep',
      description: 'sweep',
      auto_renew: false,
      entries: ['203.0.113.9'],
      include_private_key: true,
      confirm_private_key: true,
      issuer: 'demo-trust-g1',
      host: 'sweep',
      type: 'A',
      line: 'any',
      value: '192.0.2.99',
      ttl: 600,
      settings: { page_gzip: 'on' },
      group: { browser_cache: { status: 'off' } },
      request: { method: 'GET', url: '/', client_ip: '192.0.2.77', headers: {} },
      timezone: 'Asia/Shanghai',
    };
    const rule = {
      ...common,
      status: 'enabled',
      action: { type: 'block' },
      group: '',
      rules: [{ rule_type: 'ip', data: { operator: 'equals', value: '203.0.113.9' } }],
      records: [{ domain_id: values[0], host: 'sweep', type: 'A', line: 'any', value: '192.0.2.99', ttl: 600 }],
    };
    // Without `id`, a WAF rule save creates a rule in the set `main_id` names (with it, it edits rule `id`).
    const newRule: Record<string, unknown> = { ...rule };
    delete newRule.id;
    return [
      { ...common, selection: { ids: values }, action: 'suspend', status: 'disabled' },
      { ...common, selection: { domains: outsideNames }, action: 'enable', status: 'normal', domains: outsideNames },
      rule,
      newRule,
    ];
  }

  /** The API routes of a kind, sign-out last (it ends the session; sign-in is what the child already did). */
  const apiRoutes = (method: 'GET' | 'mutation') =>
    registeredRoutes(app)
      .filter((route) => route.path.startsWith('/api/') && (method === 'GET' ? route.method === 'GET' : route.method !== 'GET') && !route.path.endsWith('/login') && !TICKET_ROUTES.includes(route.path))
      .sort((a, b) => Number(SIGN_OUT.test(a.path)) - Number(SIGN_OUT.test(b.path)));

  it('the child still reads and manages its own website, its certificate and its DNS zone through the main routes', async () => {
    const { website, certificate, dnsZone } = fixture.granted;
    const sites = await expectOk<ListAnswer<WebsiteInfo>>(app, 'GET', 'V4/cloudsafe.hwws.website.list', { token: child, query: { per_page: 100 } });
    assert.deepEqual(sites.list.map((site) => site.domain), [grantedName]);
    const updated = await expectOk<WebsiteInfo>(app, 'POST', 'V4/cloudsafe.hwws.website.update', { token: child, body: { id: website, remark: 'mine' } });
    assert.equal(updated.remark, 'mine');
    await expectOk(app, 'GET', 'V4/web.domain.set.get', { token: child, query: { domain_id: website, group: 'cdn_advance_cache,browser_cache' } });
    await expectOk(app, 'PUT', 'V4/web.domain.set.save', { token: child, body: { domain_id: website, group: { browser_cache: { status: 'off' } } } });
    const certificates = await expectOk<CertificateListAnswer>(app, 'GET', 'V4/certificate.list', { token: child, query: { per_page: 100 } });
    assert.deepEqual(certificates.list.map((item: CertificateInfo) => item.id), [certificate]);
    await expectOk(app, 'GET', 'V4/certificate.detail', { token: child, query: { id: certificate } });
    const sets = await expectOk<ListAnswer<RuleSetInfo>>(app, 'GET', 'V4/waf.ruleset.list', { token: child, query: { domain_id: website, per_page: 100 } });
    assert.ok(sets.list.some((set) => set.name === 'Login protection'), 'the rule sets quoted by its website');
    await expectOk(app, 'GET', 'V4/firewall.policy.get_domainid', { token: child, query: { domain_id: website } });
    const bans = await expectOk<ListAnswer<unknown>>(app, 'GET', 'V4/ban.record.list', { token: child, query: { domain_id: website, per_page: 100 } });
    assert.ok(bans.total > 0, 'the ban records of its website');
    const zones = await expectOk<ListAnswer<DnsDomain>>(app, 'GET', 'V4/dns.domain.list', { token: child, query: { per_page: 100 } });
    assert.deepEqual(zones.list.map((zone) => zone.id), [dnsZone]);
    await expectOk(app, 'POST', 'V4/dns.record.create', {
      token: child,
      body: { domain_id: dnsZone, host: 'mine', type: 'A', line: 'any', value: '192.0.2.11', ttl: 600, remark: '' },
    });
    const own = await expectOk<RuleSetInfo>(app, 'POST', 'V4/waf.ruleset.create', { token: child, body: { name: 'Mine', description: '' } });
    await expectOk(app, 'POST', 'V4/waf.ruleset.quote', { token: child, body: { id: own.id, domain_ids: [website] } });
    await expectOk(app, 'POST', 'V4/firewall.policy.save', {
      token: child,
      body: { main_id: own.id, rules: [{ rule_type: 'url', data: { operator: 'prefix', value: '/mine' } }], action: { type: 'block' }, status: 'enabled', remark: '' },
    });
  });

  it('every GET route answers the child without any outside object, even when given outside ids', async () => {
    const routes = apiRoutes('GET');
    assert.ok(routes.length >= 40, `only ${routes.length} GET routes found`);
    const leaks = new Map<string, string>();
    let answered = 0;
    for (const route of routes) {
      // A sign-out route takes no ids and ends the session: it is called once, last (see apiRoutes).
      const byKind = Object.values(fixture.outside).map(idParams);
      const passes = SIGN_OUT.test(route.path) ? [{}] : [{}, ...byKind, ...byKind.map((ids) => ({ ...ids, ...ENUMERATIONS }))];
      for (const ids of passes) {
        const answer: Answer = await call(app, 'GET', route.path.slice('/api/'.length), { token: child, query: { per_page: 500, ...ids } });
        // The first sign-out route ends the session the second one is called with.
        if (!SIGN_OUT.test(route.path)) assert.notEqual(answer.code, SESSION_EXPIRED_CODE, `${route.path} ran without the child's session`);
        if (answer.code === 1) answered++;
        if (route.path in ACCOUNT_WIDE_ANSWERS) continue;
        const found = markers.filter((marker) => answer.raw.includes(marker));
        const where = `${route.path} named ${found.join(', ')}`;
        if (found.length > 0 && !leaks.has(where)) leaks.set(where, `given ${JSON.stringify(ids)}: ${answer.raw.slice(0, 400)}`);
      }
    }
    await signInTheChild();
    assert.ok(answered > routes.length, 'the sweep must get answers, not only refusals');
    assert.deepEqual([...leaks].map(([where, example]) => `${where} (${example})`), []);
  });

  it('every mutation by the child, aimed at outside ids, leaves every outside row unchanged', async () => {
    const routes = apiRoutes('mutation');
    assert.ok(routes.length >= 40, `only ${routes.length} mutation routes found`);
    const changes = new Map<string, string>();
    const watch = watchOutsideTables();
    // The outside rows as they were when the write count last stood at `settled` (see watchOutsideTables).
    let before = outsideRows();
    let settled = watch.writes();
    try {
      for (const route of routes) {
        for (const [kind, values] of Object.entries(fixture.outside)) {
          for (const body of mutationBodies(values)) {
            // Something outside the savepoint wrote an outside table since (a job finishing late): take them again.
            if (watch.writes() !== settled) {
              before = outsideRows();
              settled = watch.writes();
            }
            // Each call starts from the same rows: what one call legitimately changes (the child deleting its own
            // website, signing out) is rolled back before the next.
            app.db.exec('SAVEPOINT sweep');
            const answer = await call(app, route.method as 'POST', route.path.slice('/api/'.length), { token: child, body, query: idParams(values) });
            assert.notEqual(answer.code, SESSION_EXPIRED_CODE, `${route.path} ran without the child's session`);
            // Jobs a route started finish before the rows are compared, so their effects count too.
            for (const id of ids("SELECT id FROM jobs WHERE user_id = ? AND finished_at IS NULL", fixture.childUserId)) await app.jobs.waitFor(id);
            const changed = watch.writes() === settled ? [] : changedTables(before, outsideRows());
            const where = `${route.method} ${route.path} changed ${changed.map((line) => line.split(':')[0]).join(', ')}`;
            if (changed.length > 0 && !changes.has(where)) changes.set(where, `with outside ${kind} ids, answered ${answer.code}: ${changed.join('; ')}`);
            app.db.exec('ROLLBACK TO sweep; RELEASE sweep');
          }
        }
      }
    } finally {
      watch.stop();
    }
    assert.deepEqual([...changes].map(([where, example]) => `${where} (${example})`), []);
  });
});
