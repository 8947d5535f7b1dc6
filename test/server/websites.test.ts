/**
 * Website routes (issue "Domains"; rules §3-§5, §8, §9 websites; shell §3, §4, §9): list paging, filters and sort; add
 * with its per-row result; the job runner's status transitions; delete refused while bound to a TCP package; suspend
 * and enable; batch setting; select-all resolved by the server; website groups; child scope; the operation log.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type { DomainListItem, ListAnswer, OperationLogEntry } from '../../core/api/endpoints/platform.js';
import type {
  WebsiteBatchAnswer,
  WebsiteGroup,
  WebsiteInfo,
  WebsiteOrigin,
  WebsiteTemplate,
} from '../../core/api/endpoints/websites.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { DEMO_DOMAINS } from '../../demo/server/features/websites/domains-seed.js';
import { insertPlan } from '../../demo/server/features/plans/seed.js';
import { insertWebsite } from '../../demo/server/features/websites/store.js';
import { scopeFor } from '../../demo/server/platform/security/scope.js';
import { addSecondTenant, call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

const ORIGINS: WebsiteOrigin[] = [
  { address: '192.0.2.10', port: 80, line: 'primary', weight: 10 },
  { address: 'backup.origin.example', port: 8080, line: 'backup', weight: 5 },
];

describe('websites (rules §3-§5, §8, §9 websites)', () => {
  let app: FastifyInstance;
  let token: string;
  let templateId: number;

  const list = (query: Record<string, string | number> = {}, as = token) =>
    expectOk<ListAnswer<WebsiteInfo>>(app, 'GET', 'V4/cloudsafe.hwws.website.list', { token: as, query: { per_page: 100, ...query } });
  const byDomain = async (domain: string) => (await list({ search: domain })).list.find((site) => site.domain === domain);
  const post = <T = WebsiteBatchAnswer>(path: string, body: unknown, as = token) => expectOk<T>(app, 'POST', `V4/cloudsafe.hwws.${path}`, { token: as, body });
  const refused = async (path: string, body: unknown, as = token) => {
    const answer = await call<{ errors: Array<{ field: string; key: string; values?: Record<string, unknown> }> }>(app, 'POST', `V4/cloudsafe.hwws.${path}`, {
      token: as,
      body,
    });
    assert.equal(answer.code, VALIDATION_FAILED_CODE, answer.raw);
    return answer.data.errors;
  };
  const settle = async (answer: WebsiteBatchAnswer) => {
    assert.notEqual(answer.job_id, null, 'a job moves the statuses on');
    const job = await app.jobs.waitFor(answer.job_id!);
    assert.equal(job.state, 'complete', job.reason);
  };

  before(async () => {
    // These tests read the English seed's wording (seed-language.test.ts holds both seeds).
    ({ app } = await startServer({ jobStepDelayMs: 20, seedLanguage: 'en_US' }));
    token = (await signInParent(app)).token;
    const templates = await expectOk<ListAnswer<WebsiteTemplate>>(app, 'GET', 'V4/cloudsafe.hwws.template.list', { token });
    templateId = templates.list[0]!.id;
  });
  after(() => app.close());

  describe('the platform table, extended', () => {
    it('keeps the domain picker list of shell §7 working on the extended table', async () => {
      const picker = await expectOk<ListAnswer<DomainListItem>>(app, 'GET', 'V4/cloudsafe.hwws.domain.list', { token, query: { per_page: 10000 } });
      assert.deepEqual(picker.list.map((item) => item.domain), [...DEMO_DOMAINS]);
    });

    it('seeds the six demo domains with the website fields of rules §3 and the statuses of rules §4', async () => {
      const sites = (await list()).list;
      assert.equal(sites.length, 6);
      const statuses = new Set(sites.map((site) => site.status));
      for (const status of ['serving', 'returned_to_origin', 'suspended', 'approval_failed', 'no_origin'] as const) assert.ok(statuses.has(status), status);
      const www = sites.find((site) => site.domain === 'www.example.com')!;
      assert.equal(www.cname, 'www.example.com.edge-cdn.net');
      assert.equal(www.group_name, 'Production');
      assert.equal(www.origins.length, 2);
      assert.ok(www.certificate_name, 'a certificate name is stored (the certificate area may bind its own)');
      assert.equal(www.https, true);
      const blog = sites.find((site) => site.domain === 'blog.example.org')!;
      assert.deepEqual(blog.status_reason, { key: 'websites.domain-bound-elsewhere' });
      assert.equal(sites.find((site) => site.domain === 'api.example.com')!.tcp_package, 'TCP Pro 01');
      assert.equal(sites.find((site) => site.domain === 'm.example.com')!.access_mode, 'ns');
    });
  });

  describe('list (shell §9 paging; server-side filters and sort)', () => {
    it('pages on the server with page and per_page and reports the total', async () => {
      const first = await list({ page: 1, per_page: 4 });
      const second = await list({ page: 2, per_page: 4 });
      assert.equal(first.total, 6);
      assert.equal(first.list.length, 4);
      assert.equal(second.list.length, 2);
      assert.equal(new Set([...first.list, ...second.list].map((site) => site.id)).size, 6);
    });

    it('filters by status, group (and ungrouped), access mode and search, and sorts by domain', async () => {
      assert.deepEqual((await list({ status: 'suspended' })).list.map((site) => site.domain), ['static.example.net']);
      const groups = await expectOk<ListAnswer<WebsiteGroup>>(app, 'GET', 'V4/cloudsafe.hwws.website.group.list', { token });
      const production = groups.list.find((group) => group.name === 'Production')!;
      assert.equal(production.domain_count, 2);
      assert.deepEqual((await list({ group_id: production.id, sort: 'domain', order: 'asc' })).list.map((site) => site.domain), ['shop.example.com', 'www.example.com']);
      assert.deepEqual((await list({ group_id: 0, sort: 'domain', order: 'asc' })).list.map((site) => site.domain), ['blog.example.org', 'm.example.com']);
      assert.deepEqual((await list({ access_mode: 'ns' })).list.map((site) => site.domain), ['m.example.com']);
      assert.deepEqual((await list({ search: 'SHOP' })).list.map((site) => site.domain), ['shop.example.com']);
      // Substrings anywhere in the name (the trigram index), short terms (a scan) and the remark all match.
      assert.deepEqual((await list({ search: 'hop.exa' })).list.map((site) => site.domain), ['shop.example.com']);
      assert.deepEqual((await list({ search: '.org' })).list.map((site) => site.domain), ['blog.example.org']);
      assert.deepEqual((await list({ search: 'og' })).list.map((site) => site.domain), ['blog.example.org']);
      assert.deepEqual((await list({ search: 'no-such-"quoted"' })).list, []);
      const sorted = (await list({ sort: 'domain', order: 'desc' })).list.map((site) => site.domain);
      assert.deepEqual(sorted, [...sorted].sort().reverse());
    });

    it('the search index follows every write to a website, whoever makes it (rename, remark, delete)', async () => {
      const site = (await byDomain('static.example.net'))!;
      app.db.prepare('UPDATE domains SET remark = ? WHERE id = ?').run('Flagship storefront', site.id);
      assert.deepEqual((await list({ search: 'agship' })).list.map((found) => found.domain), ['static.example.net']);
      app.db.prepare('UPDATE domains SET remark = ? WHERE id = ?').run(site.remark ?? '', site.id);
      assert.deepEqual((await list({ search: 'agship' })).list, []);
    });

    it('refuses unknown filters and page sizes above the website picker limit of 500 (rules §5)', async () => {
      const queries: Array<Record<string, string | number>> = [{ status: 'online' }, { access_mode: 'a' }, { sort: 'cname' }, { per_page: 501 }, { group_id: -1 }];
      for (const query of queries) {
        const answer = await call(app, 'GET', 'V4/cloudsafe.hwws.website.list', { token, query });
        assert.equal(answer.code, VALIDATION_FAILED_CODE, JSON.stringify(query));
      }
      await list({ per_page: 500 });
    });
  });

  describe('add (rules §5 Websites, Origin and performance; rules §4 transitions on the job runner)', () => {
    it('adds three domains with origins: approval pending -> configuration being issued -> serving', async () => {
      const domains = ['a1.added.example', 'a2.added.example', 'A3.Added.example'];
      const answer = await post('website.add', { domains, template_id: templateId, origins: ORIGINS, remark: 'Added by test', origin_protocol: 2, load_balancing: 0 });
      assert.equal(answer.succeeded, 3);
      assert.deepEqual(answer.results.map((result) => [result.domain, result.ok, result.status]), [
        ['a1.added.example', true, 'pending_approval'],
        ['a2.added.example', true, 'pending_approval'],
        ['a3.added.example', true, 'pending_approval'],
      ]);
      // Steps are 20 ms apart in this suite, so each status can be seen on its way.
      const seen: string[] = [];
      const watch = setInterval(() => {
        const row = app.db.prepare("SELECT status FROM domains WHERE domain = 'a1.added.example'").get() as { status: string };
        if (seen.at(-1) !== row.status) seen.push(row.status);
      }, 2);
      await settle(answer);
      clearInterval(watch);
      if (seen.at(-1) !== 'serving') seen.push((await byDomain('a1.added.example'))!.status);
      assert.deepEqual(seen, ['pending_approval', 'deploying', 'serving']);
      const site = (await byDomain('a3.added.example'))!;
      assert.equal(site.status, 'serving');
      assert.deepEqual(site.origins, ORIGINS);
      assert.equal(site.origin_protocol, 2);
      assert.equal(site.load_balancing, 0);
      assert.equal(site.remark, 'Added by test');
      assert.equal(site.cname, 'a3.added.example.edge-cdn.net');
      assert.ok(site.expire_time, 'the due date comes from the plan');
    });

    it('a batch add without origins waits with "origin not set"; a domain another account serves fails approval with its reason', async () => {
      const other = addSecondTenant(app);
      const otherDomain = app.db.prepare('SELECT domain FROM domains WHERE id = ?').get(other.domainIds[0]) as { domain: string };
      const answer = await post('website.add', { domains: ['no-origin.added.example', otherDomain.domain], template_id: templateId, origins: [] });
      await settle(answer);
      assert.equal((await byDomain('no-origin.added.example'))!.status, 'no_origin');
      const failed = (await byDomain(otherDomain.domain))!;
      assert.equal(failed.status, 'approval_failed');
      assert.deepEqual(failed.status_reason, { key: 'websites.domain-bound-elsewhere' });
    });

    it('answers each refused domain with its reason and adds the rest ("the result lists each domain that failed")', async () => {
      const answer = await post('website.add', { domains: ['www.example.com', 'bad domain', 'fine.added.example'], template_id: templateId, origins: ORIGINS });
      assert.deepEqual(
        answer.results.map((result) => [result.domain, result.ok, result.reason?.key]),
        [
          ['www.example.com', false, 'websites.domain-exists'],
          ['bad domain', false, 'domain.format-error'],
          ['fine.added.example', true, undefined],
        ],
      );
      await settle(answer);
    });

    it('a dry run answers the same per-row preview and writes nothing', async () => {
      const before = (await list()).total;
      const answer = await post('website.add', { domains: ['dry.added.example', 'shop.example.com'], template_id: templateId, origins: ORIGINS, dry_run: true });
      assert.deepEqual(answer.results.map((result) => result.ok), [true, false]);
      assert.equal(answer.job_id, null);
      assert.equal((await list()).total, before);
    });

    it('refuses the submission as a whole with the spec messages: duplicates, more than 500, no template, remark, origins, ports', async () => {
      const many = Array.from({ length: 501 }, (_, i) => `s${i}.added.example`);
      const cases: Array<[unknown, string, string]> = [
        [{ domains: ['x.added.example', 'X.added.example'], template_id: templateId, origins: [] }, 'domains', 'websites.duplicate-domain'],
        [{ domains: many, template_id: templateId, origins: [] }, 'domains', 'websites.too-many-domains'],
        [{ domains: [], template_id: templateId, origins: [] }, 'domains', 'batch.empty'],
        [{ domains: ['x.added.example'], origins: [] }, 'template_id', 'websites.template-required'],
        [{ domains: ['x.added.example'], template_id: 99999, origins: [] }, 'template_id', 'websites.template-required'],
        [{ domains: ['x.added.example'], template_id: templateId, origins: [], remark: 'abc' }, 'remark', 'common.length-range'],
        [{ domains: ['x.added.example'], template_id: templateId, origins: [{ ...ORIGINS[1] }] }, 'origins', 'origin.main-line-required'],
        [{ domains: ['x.added.example'], template_id: templateId, origins: [{ ...ORIGINS[0], address: '300.1.1.1' }] }, 'origins.0.address', 'origin.address-format'],
        [{ domains: ['x.added.example'], template_id: templateId, origins: [{ ...ORIGINS[0], port: 70000 }] }, 'origins.0.port', 'origin.port-error'],
        [{ domains: ['x.added.example'], template_id: templateId, origins: [ORIGINS[0], ORIGINS[0]] }, 'origins.1.port', 'origin.port-exists'],
        [{ domains: ['x.added.example'], template_id: templateId, origins: [{ ...ORIGINS[0], weight: 0 }] }, 'origins.0.weight', 'websites.weight-range'],
        [{ domains: ['x.added.example'], template_id: templateId, origins: [], origin_protocol: 3 }, 'origin_protocol', 'common.format-error'],
      ];
      for (const [body, field, key] of cases) {
        const errors = await refused('website.add', body);
        assert.ok(errors.some((error) => error.field === field && error.key === key), `${field} ${key}: ${JSON.stringify(errors)}`);
      }
    });

    it('rules §6: HTTPS only where the plan allows it, adding only with the domain_add action, and the quota of the plan', async () => {
      const other = addSecondTenant(app);
      const otherToken = (await signInParent(app, other.email, other.password)).token;
      const tenant = scopeFor(app.db, other.memberId);
      const template = tenant.insert('website_templates', { name: 'Basic', remark: '', settings: '{}', created_at: app.now() });
      // The trial plan includes one domain and the tenant already has two: nothing fits.
      const full = await post('website.add', { domains: ['q.other.example'], template_id: template, origins: ORIGINS }, otherToken);
      assert.deepEqual(full.results[0]!.reason, { key: 'websites.quota-exceeded', values: { max: 1, available: 0 } });
      insertPlan(app.db, { memberId: other.memberId, level: 'flagship', expireAt: app.now() + 86_400_000 }, app.now());
      const room = await post('website.add', { domains: ['q1.other.example', 'q2.other.example'], template_id: template, origins: ORIGINS, https: true }, otherToken);
      assert.equal(room.succeeded, 2);
      app.db.prepare("UPDATE plans SET actions = '[]' WHERE member_id = ?").run(other.memberId);
      const errors = await refused('website.add', { domains: ['q3.other.example'], template_id: template, origins: ORIGINS, https: true }, otherToken);
      assert.deepEqual(
        errors.map((error) => error.key).sort(),
        ['websites.add-not-in-plan', 'websites.https-not-in-plan'],
      );
    });
  });

  describe('delete (rules §8, §9)', () => {
    it('refuses a site bound to a TCP package with the spec message and deletes the others, logging each', async () => {
      const add = await post('website.add', { domains: ['d1.del.example', 'd2.del.example'], template_id: templateId, origins: ORIGINS });
      await settle(add);
      const api = (await byDomain('api.example.com'))!;
      const ids = [api.id, ...add.results.map((result) => result.id!)];
      const answer = await post('website.delete', { selection: { ids } });
      assert.equal(answer.succeeded, 2);
      const refusal = answer.results.find((result) => result.id === api.id)!;
      assert.deepEqual(refusal.reason, { key: 'websites.tcp-bound' });
      assert.ok(await byDomain('api.example.com'), 'the bound site stays');
      assert.equal(await byDomain('d1.del.example'), undefined);
      const origins = app.db.prepare('SELECT COUNT(*) AS n FROM website_origins WHERE domain_id IN (?, ?)').get(ids[1], ids[2]) as { n: number };
      assert.equal(origins.n, 0, 'the origins go with the site');
      const log = await expectOk<ListAnswer<OperationLogEntry>>(app, 'GET', 'V4/oplog.list', { token, query: { area: 'domain', action: 'delete' } });
      assert.deepEqual(log.list.map((entry) => entry.object_label).sort(), ['d1.del.example', 'd2.del.example']);
      assert.equal((log.list[0]!.before as WebsiteInfo).origins.length, 2, 'the log keeps the site as it was');
    });

    it('deletes by domain name (batch delete), answers "Domain information not found" for unknown names, and supports a dry run', async () => {
      const add = await post('website.add', { domains: ['n1.del.example'], template_id: templateId, origins: ORIGINS });
      await settle(add);
      const preview = await post('website.delete', { selection: { domains: ['N1.del.example', 'missing.del.example'] }, dry_run: true });
      assert.deepEqual(preview.results.map((result) => [result.domain, result.ok, result.reason?.key]), [
        ['n1.del.example', true, undefined],
        ['missing.del.example', false, 'websites.not-found'],
      ]);
      assert.ok(await byDomain('n1.del.example'), 'a dry run deletes nothing');
      await post('website.delete', { selection: { domains: ['n1.del.example'] } });
      assert.equal(await byDomain('n1.del.example'), undefined);
    });

    it('refuses more than 500 at once (rules §9) and an empty selection ("Please select a domain")', async () => {
      const ids = Array.from({ length: 501 }, (_, i) => i + 1);
      assert.deepEqual((await refused('website.delete', { selection: { ids } }))[0], { field: 'selection', key: 'websites.too-many-domains', values: { max: 500 } });
      assert.deepEqual((await refused('website.delete', { selection: { ids: [] } }))[0], { field: 'selection', key: 'websites.select-domain' });
      assert.deepEqual((await refused('website.delete', {}))[0], { field: 'selection', key: 'websites.select-domain' });
    });
  });

  describe('suspend and enable (shell §4: visitors receive 503)', () => {
    it('suspends a serving site at once and enables it again through the job runner', async () => {
      const www = (await byDomain('www.example.com'))!;
      const suspended = await post('website.status', { selection: { ids: [www.id] }, action: 'suspend' });
      assert.equal(suspended.job_id, null);
      assert.equal((await byDomain('www.example.com'))!.status, 'suspended');
      const enabled = await post('website.status', { selection: { ids: [www.id] }, action: 'enable' });
      assert.equal(enabled.results[0]!.status, 'deploying');
      await settle(enabled);
      assert.equal((await byDomain('www.example.com'))!.status, 'serving');
      const log = await expectOk<ListAnswer<OperationLogEntry>>(app, 'GET', 'V4/oplog.list', { token, query: { object_id: www.id } });
      assert.deepEqual(log.list.map((entry) => entry.action).slice(0, 2), ['enable', 'suspend']);
    });

    it('refuses to suspend an unapproved site or enable one that is not suspended', async () => {
      const blog = (await byDomain('blog.example.org'))!;
      const shop = (await byDomain('shop.example.com'))!;
      const answer = await post('website.status', { selection: { ids: [blog.id] }, action: 'suspend' });
      assert.deepEqual(answer.results[0]!.reason, { key: 'websites.cannot-suspend' });
      const enable = await post('website.status', { selection: { ids: [shop.id] }, action: 'enable' });
      assert.deepEqual(enable.results[0]!.reason, { key: 'websites.cannot-enable' });
      assert.equal((await refused('website.status', { selection: { ids: [shop.id] }, action: 'pause' }))[0]!.field, 'action');
    });
  });

  describe('batch setting (rules §5: at least one configuration; unapproved sites and sites without origin refused)', () => {
    it('applies the settings to approved sites with an origin and refuses the others with the spec message', async () => {
      const shop = (await byDomain('shop.example.com'))!;
      const blog = (await byDomain('blog.example.org'))!;
      const mobile = (await byDomain('m.example.com'))!;
      const answer = await post('website.batch.setting', { selection: { ids: [shop.id, blog.id, mobile.id] }, settings: { Webp: 'on', origin_timeout: 60 } });
      assert.deepEqual(
        answer.results.map((result) => [result.domain, result.ok, result.reason?.key]),
        [
          ['shop.example.com', true, undefined],
          ['blog.example.org', false, 'websites.cannot-batch-configure'],
          ['m.example.com', false, 'websites.cannot-batch-configure'],
        ],
      );
      assert.equal((await byDomain('shop.example.com'))!.status, 'updating');
      await settle(answer);
      const updated = (await byDomain('shop.example.com'))!;
      assert.equal(updated.status, 'serving');
      assert.deepEqual(updated.settings, { page_gzip: 'on', Webp: 'on', websocket: 'off', origin_timeout: 60 });
    });

    it('refuses no configuration, bad values and settings the plan does not include', async () => {
      const shop = (await byDomain('shop.example.com'))!;
      assert.deepEqual((await refused('website.batch.setting', { selection: { ids: [shop.id] }, settings: {} }))[0], {
        field: 'settings',
        key: 'websites.batch-config-required',
      });
      const errors = await refused('website.batch.setting', { selection: { ids: [shop.id] }, settings: { page_gzip: 'yes', origin_timeout: 301 } });
      assert.deepEqual(errors.map((error) => [error.field, error.key]), [
        ['settings.page_gzip', 'websites.switch-value'],
        ['settings.origin_timeout', 'origin.timeout-range'],
      ]);
    });
  });

  describe('select all matching: the server resolves the set from the filters', () => {
    it('assigns every site matching the filters except the excluded ones, without the browser sending their ids', async () => {
      const other = addSecondTenant(app);
      insertPlan(app.db, { memberId: other.memberId, level: 'ultimate', expireAt: app.now() + 86_400_000 }, app.now());
      const tenant = scopeFor(app.db, other.memberId);
      app.db.transaction(() => {
        for (let i = 0; i < 1200; i++) insertWebsite(tenant, { domain: `bulk${i}.other.example`, status: i % 2 ? 'serving' : 'no_origin' }, app.now());
      })();
      const otherToken = (await signInParent(app, other.email, other.password)).token;
      const group = await post<WebsiteGroup>('website.group.create', { name: 'Bulk' }, otherToken);
      const excluded = (await list({ status: 'serving', per_page: 1 }, otherToken)).list[0]!.id;
      const answer = await post('website.group.assign', { group_id: group.id, selection: { all: { status: 'serving', exclude: [excluded] } } }, otherToken);
      assert.equal(answer.succeeded, 599);
      assert.equal((await list({ group_id: group.id }, otherToken)).total, 599);
      // Batch delete applies its limit of 500 to the resolved set.
      const errors = await refused('website.delete', { selection: { all: { status: 'no_origin' } } }, otherToken);
      assert.equal(errors[0]!.key, 'websites.too-many-domains');
    });
  });

  describe('website groups (rules §3, §5)', () => {
    it('creates, renames, refuses duplicate names, assigns, counts, and deletes (sites become ungrouped)', async () => {
      const group = await post<WebsiteGroup>('website.group.create', { name: 'Campaigns', remark: 'Seasonal' });
      assert.equal(group.domain_count, 0);
      assert.deepEqual((await refused('website.group.create', { name: 'campaigns' }))[0], { field: 'name', key: 'websites.group-exists' });
      assert.deepEqual((await refused('website.group.create', { name: ' ' }))[0], { field: 'name', key: 'accounts.group-name-required' });
      assert.equal((await refused('website.group.create', { name: 'x'.repeat(41) }))[0]!.key, 'common.too-long');
      const renamed = await post<WebsiteGroup>('website.group.update', { id: group.id, name: 'Promotions', remark: 'Seasonal' });
      assert.equal(renamed.name, 'Promotions');
      const mobile = (await byDomain('m.example.com'))!;
      await post('website.group.assign', { group_id: group.id, selection: { ids: [mobile.id] } });
      assert.equal((await byDomain('m.example.com'))!.group_name, 'Promotions');
      const groups = await expectOk<ListAnswer<WebsiteGroup>>(app, 'GET', 'V4/cloudsafe.hwws.website.group.list', { token });
      assert.equal(groups.list.find((item) => item.id === group.id)!.domain_count, 1);
      await post('website.group.delete', { id: group.id });
      const after = (await byDomain('m.example.com'))!;
      assert.equal(after.group_id, null);
      const log = await expectOk<ListAnswer<OperationLogEntry>>(app, 'GET', 'V4/oplog.list', { token, query: { area: 'website-group' } });
      assert.deepEqual(log.list.map((entry) => entry.action).slice(0, 3), ['delete', 'update', 'create']);
    });

    it('updates a site remark and group, logging the change', async () => {
      const mobile = (await byDomain('m.example.com'))!;
      const updated = await post<WebsiteInfo>('website.update', { id: mobile.id, remark: 'Streams', auto_renew: true });
      assert.equal(updated.remark, 'Streams');
      assert.equal(updated.auto_renew, true);
      assert.equal((await refused('website.update', { id: mobile.id, remark: 'abc' }))[0]!.key, 'common.length-range');
    });
  });

  describe('child accounts (rules §6)', () => {
    let child: string;
    before(async () => {
      child = (await signInChild(app)).token;
    });

    it('see only the domains their group is granted, and new sites they add are bound to the group', async () => {
      const visible = await list({}, child);
      assert.deepEqual(visible.list.map((site) => site.domain).sort(), ['shop.example.com', 'www.example.com']);
      const added = await post('website.add', { domains: ['child.added.example'], template_id: templateId, origins: ORIGINS }, child);
      await settle(added);
      assert.deepEqual((await list({}, child)).list.map((site) => site.domain).sort(), ['child.added.example', 'shop.example.com', 'www.example.com']);
    });

    it('read one site they may see; one they may not is not found', async () => {
      const shop = (await byDomain('shop.example.com'))!;
      const api = (await byDomain('api.example.com'))!;
      assert.equal((await expectOk<WebsiteInfo>(app, 'GET', 'V4/cloudsafe.hwws.website.get', { token: child, query: { id: shop.id } })).domain, 'shop.example.com');
      const hidden = await call(app, 'GET', 'V4/cloudsafe.hwws.website.get', { token: child, query: { id: api.id } });
      assert.equal(hidden.code, NOT_FOUND_CODE);
    });

    it('cannot act on sites they cannot see, nor create groups without access to all domains', async () => {
      const api = (await byDomain('api.example.com'))!;
      const answer = await post('website.delete', { selection: { ids: [api.id] } }, child);
      assert.deepEqual(answer.results[0]!.reason, { key: 'websites.not-found' });
      const status = await post('website.status', { selection: { all: {} }, action: 'suspend' }, child);
      assert.ok(status.results.every((result) => ['shop.example.com', 'www.example.com', 'child.added.example'].includes(result.domain)));
      await post('website.status', { selection: { all: {} }, action: 'enable' }, child);
      const denied = await call(app, 'POST', 'V4/cloudsafe.hwws.website.group.create', { token: child, body: { name: 'Mine' } });
      assert.equal(denied.code, PERMISSION_DENIED_CODE);
      const groups = await expectOk<ListAnswer<WebsiteGroup>>(app, 'GET', 'V4/cloudsafe.hwws.website.group.list', { token: child });
      assert.equal(groups.list.find((group) => group.name === 'API')!.domain_count, 0, 'counts only what the child sees');
    });
  });

  it('the demo account is still the one that owns the seeded rows', () => {
    const row = app.db.prepare('SELECT member_id FROM domains WHERE domain = ?').get('www.example.com') as { member_id: number };
    assert.equal(row.member_id, DEMO_MEMBER_ID);
  });
});
