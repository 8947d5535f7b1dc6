/**
 * A domain's configuration method, its configuration view and the redeployment of a change on the reference server
 * (rules §4 "Configuration method of a domain" and website service status "configuration being issued"; rules §6
 * synchronized settings are view-only, grants per object; shell §2 `config-view/:id`).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type { DomainContext, EffectiveConfiguration } from '../../core/api/endpoints/domain-settings.js';
import type { JobInfo, ListAnswer, OperationLogEntry } from '../../core/api/endpoints/platform.js';
import { DEMO_MEMBER_ID, DEMO_VIEWER_PASSWORD, DEMO_VIEWER_USER_NAME } from '../../demo/server/platform/demo-accounts.js';
import { addSecondTenant, call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

let app: FastifyInstance;
let parent: string;
let viewer: string;
const ids: Record<string, number> = {};
const templates: Record<string, number> = {};
let otherTemplate: number;

before(async () => {
  ({ app } = await startServer({ seedLanguage: 'en_US' }));
  parent = (await signInParent(app)).token;
  viewer = (await signInChild(app, DEMO_MEMBER_ID, DEMO_VIEWER_USER_NAME, DEMO_VIEWER_PASSWORD)).token;
  for (const row of app.db.prepare('SELECT id, domain FROM domains WHERE member_id = ?').all(DEMO_MEMBER_ID) as { id: number; domain: string }[]) ids[row.domain] = row.id;
  for (const row of app.db.prepare('SELECT id, name FROM website_templates WHERE member_id = ?').all(DEMO_MEMBER_ID) as { id: number; name: string }[]) templates[row.name] = row.id;
  const other = addSecondTenant(app);
  otherTemplate = Number(
    app.db.prepare("INSERT INTO website_templates (member_id, name, settings, created_at) VALUES (?, 'Theirs', '{}', 0)").run(other.memberId).lastInsertRowid,
  );
  // The template editor is issue 21's: the template's groups are written here as it would store them.
  const insert = app.db.prepare(
    "INSERT INTO domain_setting_groups (member_id, owner_kind, owner_id, group_name, value, revision, updated_at) VALUES (?, 'template', ?, ?, ?, 1, 0)",
  );
  insert.run(DEMO_MEMBER_ID, templates['Standard website'], 'page_gzip', JSON.stringify({ status: 'on' }));
  insert.run(DEMO_MEMBER_ID, templates['Standard website'], 'upload_size', JSON.stringify({ megabytes: 300 }));
});
after(async () => app.close());

function method(body: Record<string, unknown>, token = parent) {
  return call<DomainContext>(app, 'POST', 'V4/web.domain.config.method', { token, body });
}
function groups(domainId: number, group: string, token = parent) {
  return expectOk<Record<string, { value: unknown; source: string; editable: boolean; revision: number }>>(app, 'GET', 'V4/web.domain.set.get', {
    token,
    query: { domain_id: domainId, group },
  });
}
function view(domainId: number, token = parent) {
  return call<EffectiveConfiguration>(app, 'GET', 'V4/web.domain.config.view', { token, query: { domain_id: domainId } });
}
function save(domainId: number, group: Record<string, unknown>) {
  return call(app, 'PUT', 'V4/web.domain.set.save', { token: parent, body: { domain_id: domainId, group } });
}
function errors(answer: { code: number; data: unknown; raw: string }) {
  assert.equal(answer.code, VALIDATION_FAILED_CODE, answer.raw);
  return (answer.data as { errors: { field: string; key: string }[] }).errors;
}
const statusOf = (domainId: number) => (app.db.prepare('SELECT status FROM domains WHERE id = ?').get(domainId) as { status: string }).status;
const ownRow = (domainId: number, group: string) =>
  app.db.prepare("SELECT value, revision FROM domain_setting_groups WHERE owner_kind = 'domain' AND owner_id = ? AND group_name = ?").get(domainId, group) as
    | { value: string; revision: number }
    | undefined;
const redeployJobs = (domainId: number) =>
  (app.db.prepare("SELECT id, params FROM jobs WHERE type = 'website.redeploy' ORDER BY id").all() as { id: number; params: string }[]).filter(
    (job) => (JSON.parse(job.params) as { domain_id: number }).domain_id === domainId,
  );

describe('rules §4 configuration method: effective values follow the method', () => {
  it('a domain on the global policy reads the policy, falls back to the defaults, and its groups are view-only', async () => {
    const blog = ids['blog.example.org']!;
    const context = await expectOk<DomainContext>(app, 'GET', 'V4/Web.Domain.Info', { token: parent, query: { domain_id: blog } });
    assert.deepEqual(context.config_method, { source: 'global', template_id: null, template_name: '' });
    const read = await groups(blog, 'page_gzip,upload_size,mobile_jump,cdn_advance_cache');
    assert.deepEqual(read.page_gzip!.value, { status: 'on' });
    assert.deepEqual(read.upload_size!.value, { megabytes: 100 });
    assert.equal(read.page_gzip!.source, 'global');
    assert.equal(read.page_gzip!.editable, false);
    assert.equal((read.cdn_advance_cache as unknown as { source: string }).source, 'global', 'the cache groups follow the same method');
    // A group the policy never set has the group's defaults, as a domain that never saved it.
    const own = await groups(ids['shop.example.com']!, 'mobile_jump');
    assert.deepEqual(read.mobile_jump!.value, own.mobile_jump!.value);
  });

  it('rules §6: saving a group of a domain on a non-domain method is refused with domain-settings.synced-readonly', async () => {
    const blog = ids['blog.example.org']!;
    assert.deepEqual(errors(await save(blog, { page_gzip: { revision: 1, value: { status: 'off' } } })), [{ field: 'page_gzip', key: 'domain-settings.synced-readonly' }]);
    assert.equal(ownRow(blog, 'page_gzip'), undefined);
  });
});

describe('rules §4 transitions through V4/web.domain.config.method', () => {
  it('global -> domain-specific copies the configuration in force into the domain and unlinks it, with an operation-log entry', async () => {
    const blog = ids['blog.example.org']!;
    const context = await expectOk<DomainContext>(app, 'POST', 'V4/web.domain.config.method', { token: parent, body: { domain_id: blog, source: 'domain' } });
    assert.deepEqual(context.config_method, { source: 'domain', template_id: null, template_name: '' });
    assert.equal(context.id, blog);
    // What is copied is what was in force; a group whose own value already equals it (here the defaults) keeps it.
    const read = await groups(blog, 'page_gzip,upload_size,cdn_advance_cache');
    assert.deepEqual(read.page_gzip!.value, { status: 'on' });
    assert.deepEqual(read.upload_size!.value, { megabytes: 100 });
    assert.equal(read.page_gzip!.source, 'domain');
    assert.equal(read.page_gzip!.editable, true);
    assert.equal((read.cdn_advance_cache as unknown as { editable: boolean }).editable, true);
    // The copy is the domain's own now: changing the policy no longer reaches it.
    app.db.prepare("UPDATE domain_setting_groups SET value = '{\"megabytes\":50}' WHERE owner_kind = 'global' AND group_name = 'upload_size'").run();
    assert.deepEqual((await groups(blog, 'upload_size')).upload_size!.value, { megabytes: 100 });
    const log = await expectOk<ListAnswer<OperationLogEntry>>(app, 'GET', 'V4/oplog.list', { token: parent, query: { per_page: 5 } });
    const entry = log.list.find((item) => item.object_label === 'blog.example.org · config_method');
    assert.ok(entry, 'the change is in the operation log');
    assert.match(JSON.stringify(entry), /global/);
  });

  it('binding a template makes its groups the values in force; the view tells what differs from the domain\'s own', async () => {
    const shop = ids['shop.example.com']!;
    const template = templates['Standard website']!;
    const context = (await method({ domain_id: shop, source: 'template', template_id: template })).data;
    assert.deepEqual(context.config_method, { source: 'template', template_id: template, template_name: 'Standard website' });
    const read = await groups(shop, 'page_gzip,upload_size');
    assert.deepEqual(read.upload_size!.value, { megabytes: 300 });
    assert.equal(read.upload_size!.source, 'template');
    assert.equal(read.upload_size!.editable, false);

    const answer = await view(shop);
    assert.equal(answer.code, 1, answer.raw);
    const upload = answer.data.settings.find((setting) => setting.group === 'upload_size')!;
    assert.equal(upload.source, 'template');
    assert.equal(upload.differs_from_template, true);
    assert.deepEqual(upload.template_value, { megabytes: 300 });
    const names = answer.data.settings.map((setting) => setting.group);
    for (const group of ['cdn_advance_cache', 'browser_cache', 'origin', 'https', 'custom_page', 'wblist']) assert.ok(names.includes(group as never), `${group} is shown`);
  });

  it('unbinding a template needs a choice: copy only to domain-specific, switch only to another source', async () => {
    const shop = ids['shop.example.com']!;
    assert.deepEqual(errors(await method({ domain_id: shop, source: 'global' })), [{ field: 'unbind', key: 'config-method.unbind' }]);
    assert.deepEqual(errors(await method({ domain_id: shop, source: 'global', unbind: 'copy' })), [{ field: 'unbind', key: 'config-method.unbind' }]);
    assert.deepEqual(errors(await method({ domain_id: shop, source: 'domain', unbind: 'switch' })), [{ field: 'unbind', key: 'config-method.unbind' }]);
    assert.deepEqual(errors(await method({ domain_id: shop, source: 'template' })), [{ field: 'template_id', key: 'websites.template-required' }]);
    assert.deepEqual(errors(await method({ domain_id: shop, source: 'elsewhere' })), [{ field: 'source', key: 'common.format-error' }]);
  });

  it("another account's template is refused, as a template that does not exist", async () => {
    const shop = ids['shop.example.com']!;
    assert.deepEqual(errors(await method({ domain_id: shop, source: 'template', template_id: otherTemplate, unbind: 'switch' })), [
      { field: 'template_id', key: 'config-method.template-unknown' },
    ]);
    assert.equal((await groups(shop, 'upload_size')).upload_size!.source, 'template');
  });

  it('unbinding with switch follows the global policy or another template without copying', async () => {
    const shop = ids['shop.example.com']!;
    const switched = (await method({ domain_id: shop, source: 'global', unbind: 'switch' })).data;
    assert.equal(switched.config_method.source, 'global');
    assert.deepEqual((await groups(shop, 'upload_size')).upload_size!.value, { megabytes: 50 });
    assert.equal(ownRow(shop, 'upload_size'), undefined, 'nothing was copied');
    await expectOk(app, 'POST', 'V4/web.domain.config.method', { token: parent, body: { domain_id: shop, source: 'template', template_id: templates['Standard website'] } });
    const other = (await method({ domain_id: shop, source: 'template', template_id: templates['Static assets'], unbind: 'switch' })).data;
    assert.deepEqual(other.config_method, { source: 'template', template_id: templates['Static assets'], template_name: 'Static assets' });
  });

  it("unbinding with copy keeps the template's configuration as the domain's own", async () => {
    const shop = ids['shop.example.com']!;
    await expectOk(app, 'POST', 'V4/web.domain.config.method', {
      token: parent,
      body: { domain_id: shop, source: 'template', template_id: templates['Standard website'], unbind: 'switch' },
    });
    const copied = (await method({ domain_id: shop, source: 'domain', unbind: 'copy' })).data;
    assert.equal(copied.config_method.source, 'domain');
    const read = await groups(shop, 'page_gzip,upload_size');
    assert.deepEqual(read.upload_size!.value, { megabytes: 300 });
    assert.deepEqual(read.page_gzip!.value, { status: 'on' });
    assert.equal(read.upload_size!.editable, true);
    assert.equal((app.db.prepare('SELECT template_id FROM domains WHERE id = ?').get(shop) as { template_id: number | null }).template_id, null, 'unlinked');
  });

  it('rules §6: a sub-account with a read grant sees the view but cannot change the method', async () => {
    const www = ids['www.example.com']!;
    const refused = await method({ domain_id: www, source: 'global' }, viewer);
    assert.equal(refused.code, PERMISSION_DENIED_CODE, refused.raw);
    const answer = await view(www, viewer);
    assert.equal(answer.code, 1, answer.raw);
    assert.equal(answer.data.config_method.source, 'domain');
    assert.ok(answer.data.settings.every((setting) => setting.source === 'domain' && !setting.differs_from_template));
    const hidden = await view(ids['shop.example.com']!, viewer);
    assert.notEqual(hidden.code, 1, 'a domain outside the grant is not shown');
  });
});

describe('rules §4 website service status: a saved change is issued by a job', () => {
  it('saving moves a serving domain to "configuration being issued", and the job puts it back in service', async () => {
    const shop = ids['shop.example.com']!;
    // The method changes above issued their own configuration: let them finish first.
    for (const job of redeployJobs(shop)) await app.jobs.waitFor(job.id);
    assert.equal(statusOf(shop), 'serving');
    const earlier = redeployJobs(shop).length;
    const seen: string[] = [];
    const stop = app.jobs.onChange((row) => {
      if (row.type === 'website.redeploy' && row.state === 'not_started') seen.push(statusOf(shop));
    });
    const { revision } = (await groups(shop, 'upload_size')).upload_size!;
    const saved = await save(shop, { upload_size: { revision, value: { megabytes: 200 } } });
    stop();
    assert.equal(saved.code, 1, saved.raw);
    assert.deepEqual(seen, ['deploying']);
    const jobs = redeployJobs(shop).slice(earlier);
    assert.equal(jobs.length, 1);
    const done = await app.jobs.waitFor(jobs[0]!.id);
    assert.equal(done.state, 'complete');
    assert.equal(statusOf(shop), 'serving');
    const listed = await expectOk<ListAnswer<JobInfo>>(app, 'GET', 'V4/job.task.list', { token: parent, query: { per_page: 50 } });
    assert.ok(listed.list.some((job) => job.type === 'website.redeploy'), 'the job shows in the job list');
  });

  it('a change of the cache groups is issued the same way', async () => {
    const shop = ids['shop.example.com']!;
    const earlier = redeployJobs(shop).length;
    const browser = (await groups(shop, 'browser_cache')).browser_cache as unknown as { status: 'on' | 'off' };
    assert.equal((await save(shop, { browser_cache: { status: browser.status === 'on' ? 'off' : 'on' } })).code, 1);
    const jobs = redeployJobs(shop).slice(earlier);
    assert.equal(jobs.length, 1);
    await app.jobs.waitFor(jobs[0]!.id);
    assert.equal(statusOf(shop), 'serving');
    assert.equal((await save(shop, { browser_cache: { status: browser.status === 'on' ? 'off' : 'on' } })).code, 1);
    assert.equal(redeployJobs(shop).length, earlier + 1, 'saving the same switch again issues nothing');
  });

  it('a save that changes nothing issues nothing', async () => {
    const shop = ids['shop.example.com']!;
    const before = redeployJobs(shop).length;
    const { revision, value } = (await groups(shop, 'upload_size')).upload_size!;
    assert.equal((await save(shop, { upload_size: { revision, value } })).code, 1);
    assert.equal(redeployJobs(shop).length, before);
    assert.equal(statusOf(shop), 'serving');
  });

  it('a suspended domain stays suspended and a domain without origins stays "origin not set"', async () => {
    for (const name of ['static.example.net', 'm.example.com']) {
      const id = ids[name]!;
      const status = statusOf(id);
      const { revision } = (await groups(id, 'upload_size')).upload_size!;
      assert.equal((await save(id, { upload_size: { revision, value: { megabytes: 150 } } })).code, 1);
      assert.equal(redeployJobs(id).length, 0);
      assert.equal(statusOf(id), status);
    }
  });
});
