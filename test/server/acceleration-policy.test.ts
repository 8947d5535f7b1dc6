/**
 * The global acceleration policy, acceleration templates and configuration templates on the reference server
 * (issue 21; rules §3 "Security template", "Configuration template"; rules §4 "Configuration method"; rules §5
 * "Websites and templates"; rules §6 package gating and synchronized strategies; rules §8 "Cannot perform batch
 * configuration").
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CONFLICT_CODE, NOT_FOUND_CODE, PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type {
  AccelerationTemplate,
  BindAnswer,
  ConfigTemplate,
  ConfigTemplateApplyAnswer,
  PolicyGroups,
} from '../../core/api/endpoints/acceleration-policy.js';
import type { EffectiveConfiguration } from '../../core/api/endpoints/domain-settings.js';
import type { ListAnswer, OperationLogEntry } from '../../core/api/endpoints/platform.js';
import { DEMO_MEMBER_ID, DEMO_VIEWER_PASSWORD, DEMO_VIEWER_USER_NAME } from '../../demo/server/platform/demo-accounts.js';
import { addSecondTenant, call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

let app: FastifyInstance;
let parent: string;
let viewer: string;
let other: string;
const sites: number[] = [];

/** Adds serving sites with an origin (the demo's own sites are in every other status). */
function addSites(count: number, prefix: string): number[] {
  const insert = app.db.prepare(
    "INSERT INTO domains (member_id, domain, created_at, status, updated_at) VALUES (?, ?, 0, 'serving', 0)",
  );
  const origin = app.db.prepare("INSERT INTO website_origins (member_id, domain_id, address, port, line) VALUES (?, ?, '192.0.2.10', 80, 'primary')");
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = Number(insert.run(DEMO_MEMBER_ID, `${prefix}${index}.example.com`).lastInsertRowid);
    origin.run(DEMO_MEMBER_ID, id);
    ids.push(id);
  }
  return ids;
}

before(async () => {
  ({ app } = await startServer({ seedLanguage: 'en_US' }));
  parent = (await signInParent(app)).token;
  viewer = (await signInChild(app, DEMO_MEMBER_ID, DEMO_VIEWER_USER_NAME, DEMO_VIEWER_PASSWORD)).token;
  const second = addSecondTenant(app);
  other = (await signInParent(app, second.email, second.password)).token;
  sites.push(...addSites(6, 'site'));
});
after(async () => app.close());

function errors(answer: { code: number; data: unknown; raw: string }) {
  assert.equal(answer.code, VALIDATION_FAILED_CODE, answer.raw);
  return (answer.data as { errors: { field: string; key: string; values?: Record<string, unknown> }[] }).errors;
}
const view = (domainId: number) => expectOk<EffectiveConfiguration>(app, 'GET', 'V4/web.domain.config.view', { token: parent, query: { domain_id: domainId } });
const inForce = async (domainId: number, group: string) => (await view(domainId)).settings.find((setting) => setting.group === group)!;
const policy = (query: Record<string, string | number>, token = parent) => call<PolicyGroups>(app, 'GET', 'V4/web.acceleration.set.get', { token, query });
const savePolicy = (body: Record<string, unknown>, token = parent) => call<PolicyGroups>(app, 'PUT', 'V4/web.acceleration.set.save', { token, body });
const createTemplate = (body: Record<string, unknown>, token = parent) => call<AccelerationTemplate>(app, 'POST', 'V4/web.acceleration.template.create', { token, body });
const statusOf = (domainId: number) => (app.db.prepare('SELECT status FROM domains WHERE id = ?').get(domainId) as { status: string }).status;
/**
 * Gives or takes the template copy feature: the gating table (core/config/plan-gates.ts) asks for the action and a
 * flagship package (rules §6 "flagship or above").
 */
let levelBeforeCopy: string | undefined;
const setTemplateCopy = (present: boolean) => {
  if (present) levelBeforeCopy = (app.db.prepare('SELECT meal_flag FROM plans WHERE member_id = ?').get(DEMO_MEMBER_ID) as { meal_flag: string }).meal_flag;
  app.db.prepare('UPDATE plans SET meal_flag = ? WHERE member_id = ?').run(present ? 'flagship' : levelBeforeCopy, DEMO_MEMBER_ID);
  setPlanAction('template_copy', present);
};
const setPlanAction = (action: string, present: boolean) =>
  app.db
    .prepare(
      present
        ? "UPDATE plans SET actions = json_insert(actions, '$[#]', ?) WHERE member_id = ?"
        : "UPDATE plans SET actions = (SELECT json_group_array(value) FROM json_each(actions) WHERE value <> ?) WHERE member_id = ?",
    )
    .run(action, DEMO_MEMBER_ID);

describe('global acceleration policy (rules §4: every domain on "global policy" inherits it)', () => {
  it('reads the seeded policy, saves through the domain save path (revision, conflict, oplog) and reaches its domains', async () => {
    const read = await expectOk<PolicyGroups>(app, 'GET', 'V4/web.acceleration.set.get', { token: parent, query: { target: 'global', group: 'upload_size,mobile_jump' } });
    assert.deepEqual(read.upload_size!.value, { megabytes: 100 });
    assert.equal(read.upload_size!.source, 'global');
    assert.equal(read.upload_size!.editable, true);
    const revision = read.upload_size!.revision;
    const saved = await expectOk<PolicyGroups>(app, 'PUT', 'V4/web.acceleration.set.save', {
      token: parent,
      body: { target: 'global', group: { upload_size: { revision, value: { megabytes: 200 } } } },
    });
    assert.deepEqual(saved.upload_size!.value, { megabytes: 200 });
    assert.equal(saved.upload_size!.revision, revision + 1);
    // A stale revision is refused as a domain's is.
    const stale = await savePolicy({ target: 'global', group: { upload_size: { revision, value: { megabytes: 300 } } } });
    assert.equal(stale.code, CONFLICT_CODE, stale.raw);
    const blog = (app.db.prepare("SELECT id FROM domains WHERE domain = 'blog.example.org'").get() as { id: number }).id;
    assert.deepEqual((await inForce(blog, 'upload_size')).value, { megabytes: 200 });
    const log = await expectOk<ListAnswer<OperationLogEntry>>(app, 'GET', 'V4/oplog.list', { token: parent, query: { area: 'acceleration-policy' } });
    const entry = log.list.find((row) => row.object_label === 'global · upload_size');
    assert.ok(entry, 'the change is in the operation log');
  });

  it('checks values with the groups\' own rules (rules §5 upload size 10MB-500MB) and refuses site-own groups', async () => {
    const found = errors(await savePolicy({ target: 'global', group: { upload_size: { revision: 2, value: { megabytes: 5000 } } } }));
    assert.equal(found[0]!.field.startsWith('upload_size'), true, JSON.stringify(found));
    const own = errors(await savePolicy({ target: 'global', group: { origin: { revision: 0, value: {} } } }));
    assert.deepEqual(own.map((entry) => entry.key), ['acceleration-policy.site-own-group']);
    const read = errors(await policy({ target: 'global', group: 'https' }));
    assert.equal(read[0]!.key, 'acceleration-policy.site-own-group');
  });

  it('is view-only for a sub-account without manage access to all domains (rules §6)', async () => {
    const read = await expectOk<PolicyGroups>(app, 'GET', 'V4/web.acceleration.set.get', { token: viewer, query: { target: 'global', group: 'page_gzip' } });
    assert.equal(read.page_gzip!.editable, false);
    const refused = await savePolicy({ target: 'global', group: { page_gzip: { revision: 1, value: { status: 'off' } } } }, viewer);
    assert.equal(refused.code, PERMISSION_DENIED_CODE, refused.raw);
  });
});

describe('acceleration templates (rules §3, §5 name 4-32, remark 4-128)', () => {
  let template: AccelerationTemplate;

  it('refuses a bad name or remark with the rules\' messages', async () => {
    const found = errors(await createTemplate({ name: 'abc', remark: 'x' }));
    assert.deepEqual(
      found.map((entry) => [entry.field, entry.key]),
      [
        ['name', 'common.length-range'],
        ['remark', 'common.length-range'],
      ],
    );
    assert.equal(errors(await createTemplate({ name: 'x'.repeat(33) }))[0]!.key, 'common.length-range');
    assert.equal(errors(await createTemplate({ name: 'Standard website' }))[0]!.key, 'acceleration-policy.name-exists');
  });

  it('creates, lists with the bound count, renames, and another account never sees it', async () => {
    template = await expectOk<AccelerationTemplate>(app, 'POST', 'V4/web.acceleration.template.create', {
      token: parent,
      body: { name: 'Images fast', remark: 'For image sites' },
    });
    assert.equal(template.bound_count, 0);
    const list = await expectOk<ListAnswer<AccelerationTemplate>>(app, 'GET', 'V4/web.acceleration.template.list', { token: parent, query: { name: 'images' } });
    assert.deepEqual(list.list.map((row) => row.id), [template.id]);
    const renamed = await expectOk<AccelerationTemplate>(app, 'POST', 'V4/web.acceleration.template.update', {
      token: parent,
      body: { template_id: template.id, name: 'Images faster', remark: 'For image sites' },
    });
    assert.equal(renamed.name, 'Images faster');
    const theirs = await call(app, 'GET', 'V4/web.acceleration.template.get', { token: other, query: { template_id: template.id } });
    assert.equal(theirs.code, NOT_FOUND_CODE);
    const theirSave = await savePolicy({ target: 'template', template_id: template.id, group: { page_gzip: { revision: 0, value: { status: 'on' } } } }, other);
    assert.equal(theirSave.code, NOT_FOUND_CODE);
  });

  it('binds 3 domains; a template change reaches each domain\'s configuration view and redeploys it', async () => {
    const bound = await expectOk<BindAnswer>(app, 'POST', 'V4/web.acceleration.template.bind', {
      token: parent,
      body: { template_id: template.id, domain_ids: sites.slice(0, 3) },
    });
    assert.equal(bound.succeeded, 3);
    const listed = await expectOk<ListAnswer<AccelerationTemplate>>(app, 'GET', 'V4/web.acceleration.template.list', { token: parent });
    assert.equal(listed.list.find((row) => row.id === template.id)!.bound_count, 3);
    for (const id of sites.slice(0, 3)) app.db.prepare("UPDATE domains SET status = 'serving' WHERE id = ?").run(id);
    await expectOk(app, 'PUT', 'V4/web.acceleration.set.save', {
      token: parent,
      body: { target: 'template', template_id: template.id, group: { Webp: { revision: 0, value: { status: 'on' } } } },
    });
    for (const id of sites.slice(0, 3)) {
      const setting = await inForce(id, 'Webp');
      assert.deepEqual(setting.value, { status: 'on' });
      assert.equal(setting.source, 'template');
      assert.equal(statusOf(id), 'deploying', 'configuration being issued');
    }
    // A bound domain's own groups stay view-only (rules §6).
    const refused = await call(app, 'PUT', 'V4/web.domain.set.save', { token: parent, body: { domain_id: sites[0], group: { Webp: { revision: 0, value: { status: 'off' } } } } });
    assert.equal(errors(refused)[0]!.key, 'domain-settings.synced-readonly');
  });

  it('refuses deleting a bound template; unbind copies or switches (rules §4)', async () => {
    const refused = errors(await call(app, 'POST', 'V4/web.acceleration.template.delete', { token: parent, body: { template_id: template.id } }));
    assert.deepEqual(refused[0], { field: 'template_id', key: 'acceleration-policy.template-bound', values: { count: 3 } });

    const copied = await expectOk<BindAnswer>(app, 'POST', 'V4/web.acceleration.template.unbind', {
      token: parent,
      body: { template_id: template.id, domain_ids: [sites[0]], unbind: 'copy' },
    });
    assert.equal(copied.succeeded, 1);
    const own = await inForce(sites[0]!, 'Webp');
    assert.equal(own.source, 'domain');
    assert.deepEqual(own.value, { status: 'on' }, "the template's value was copied");

    const switched = await expectOk<BindAnswer>(app, 'POST', 'V4/web.acceleration.template.unbind', {
      token: parent,
      body: { template_id: template.id, domain_ids: [sites[1], sites[5]], unbind: 'switch', to: 'global' },
    });
    assert.deepEqual(
      switched.results.map((result) => [result.ok, result.reason?.key]),
      [
        [true, undefined],
        [false, 'acceleration-policy.not-bound'],
      ],
    );
    assert.equal((await inForce(sites[1]!, 'Webp')).source, 'global');
    const bad = errors(await call(app, 'POST', 'V4/web.acceleration.template.unbind', { token: parent, body: { template_id: template.id, domain_ids: [sites[2]] } }));
    assert.equal(bad[0]!.key, 'config-method.unbind');
  });

  it('copy needs the template_copy plan action (rules §6: flagship or above), then copies the groups', async () => {
    const refused = errors(await call(app, 'POST', 'V4/web.acceleration.template.copy', { token: parent, body: { template_id: template.id, name: 'Images copy' } }));
    assert.equal(refused[0]!.key, 'plans.template-copy');
    setTemplateCopy(true);
    try {
      const copy = await expectOk<AccelerationTemplate>(app, 'POST', 'V4/web.acceleration.template.copy', {
        token: parent,
        body: { template_id: template.id, name: 'Images copy' },
      });
      const read = await expectOk<PolicyGroups>(app, 'GET', 'V4/web.acceleration.set.get', { token: parent, query: { target: 'template', template_id: copy.id, group: 'Webp' } });
      assert.deepEqual(read.Webp!.value, { status: 'on' });
    } finally {
      setTemplateCopy(false);
    }
  });

  it('deletes a template once no domain is bound', async () => {
    await expectOk(app, 'POST', 'V4/web.acceleration.template.unbind', { token: parent, body: { template_id: template.id, domain_ids: [sites[2]], unbind: 'copy' } });
    await expectOk(app, 'POST', 'V4/web.acceleration.template.delete', { token: parent, body: { template_id: template.id } });
    const gone = await call(app, 'GET', 'V4/web.acceleration.template.get', { token: parent, query: { template_id: template.id } });
    assert.equal(gone.code, NOT_FOUND_CODE);
  });
});

describe('configuration templates and batch setting by template (rules §3, §5, §8)', () => {
  let template: ConfigTemplate;
  const many: number[] = [];

  it('needs a name of at most 30 and at least one item; items are checked by the groups\' rules', async () => {
    const create = (body: Record<string, unknown>) => call(app, 'POST', 'V4/web.config.template.create', { token: parent, body });
    assert.deepEqual(
      errors(await create({ name: 'x'.repeat(31), items: {} })).map((entry) => entry.key),
      ['common.too-long', 'websites.batch-config-required'],
    );
    assert.equal(errors(await create({ name: 'Bad', items: { upload_size: { megabytes: 1 } } }))[0]!.field.startsWith('items.upload_size'), true);
    assert.equal(errors(await create({ name: 'Bad', items: { origin: {} } }))[0]!.key, 'acceleration-policy.site-own-group');
    template = await expectOk<ConfigTemplate>(app, 'POST', 'V4/web.config.template.create', {
      token: parent,
      body: { name: 'Compress all', remark: 'gzip and webp', items: { page_gzip: { status: 'on' }, Webp: { status: 'on' } } },
    });
    assert.deepEqual(template.items, { page_gzip: { status: 'on' }, Webp: { status: 'on' } });
  });

  it('previews per site, refuses unapproved sites and sites without origin with the spec\'s message, then applies as a job', async () => {
    many.push(...addSites(50, 'batch'));
    const demo = app.db.prepare("SELECT id, domain FROM domains WHERE domain IN ('blog.example.org', 'm.example.com') ORDER BY domain").all() as { id: number }[];
    const selection = { ids: [...many, ...demo.map((row) => row.id)] };
    const preview = await expectOk<ConfigTemplateApplyAnswer>(app, 'POST', 'V4/web.config.template.apply', {
      token: parent,
      body: { template_id: template.id, selection, dry_run: true },
    });
    assert.equal(preview.succeeded, 50);
    assert.equal(preview.job_id, null);
    const refusedKeys = preview.results.filter((result) => !result.ok).map((result) => result.reason!.key);
    assert.deepEqual(refusedKeys, ['websites.cannot-batch-configure', 'websites.cannot-batch-configure']);
    const first = preview.results.find((result) => result.id === many[0])!;
    assert.deepEqual(first.changes.map((change) => change.group), ['Webp'], 'gzip is already on by default; only WebP changes');
    assert.deepEqual(first.changes[0]!.before, { status: 'off' });
    assert.equal(statusOf(many[0]!), 'serving', 'a dry run changes nothing');

    const applied = await expectOk<ConfigTemplateApplyAnswer>(app, 'POST', 'V4/web.config.template.apply', {
      token: parent,
      body: { template_id: template.id, selection, dry_run: false },
    });
    assert.equal(applied.succeeded, 50);
    assert.ok(applied.job_id !== null);
    assert.equal(statusOf(many[0]!), 'updating');
    for (const id of [many[0]!, many[49]!]) assert.deepEqual((await inForce(id, 'Webp')).value, { status: 'on' });
    const again = await expectOk<ConfigTemplateApplyAnswer>(app, 'POST', 'V4/web.config.template.apply', {
      token: parent,
      body: { template_id: template.id, selection: { ids: [many[0]] }, dry_run: true },
    });
    assert.deepEqual(again.results[0]!.changes, [], 'applied values are now the site\'s own');
  });

  it('refuses a site that follows a template or the global policy (rules §6 view-only), and empty selections', async () => {
    const blogLike = sites[1]!; // switched to the global policy above
    const preview = await expectOk<ConfigTemplateApplyAnswer>(app, 'POST', 'V4/web.config.template.apply', {
      token: parent,
      body: { template_id: template.id, selection: { ids: [blogLike] }, dry_run: true },
    });
    assert.equal(preview.results[0]!.reason!.key, 'domain-settings.synced-readonly');
    const empty = errors(await call(app, 'POST', 'V4/web.config.template.apply', { token: parent, body: { template_id: template.id, selection: { ids: [] } } }));
    assert.equal(empty[0]!.key, 'websites.select-domain');
    const noItems = errors(await call(app, 'POST', 'V4/web.config.template.apply', { token: parent, body: { template_id: template.id, items: [], selection: { ids: [many[0]] } } }));
    assert.equal(noItems[0]!.key, 'websites.batch-config-required');
  });

  it('copy is gated like acceleration templates; sub-accounts cannot change templates', async () => {
    const refused = errors(await call(app, 'POST', 'V4/web.config.template.copy', { token: parent, body: { template_id: template.id, name: 'Copy' } }));
    assert.equal(refused[0]!.key, 'plans.template-copy');
    const viewerWrite = await call(app, 'POST', 'V4/web.config.template.update', {
      token: viewer,
      body: { template_id: template.id, name: 'Mine', items: { page_gzip: { status: 'off' } } },
    });
    assert.equal(viewerWrite.code, PERMISSION_DENIED_CODE);
    const list = await expectOk<ListAnswer<ConfigTemplate>>(app, 'GET', 'V4/web.config.template.list', { token: viewer });
    assert.equal(list.total, 1);
  });
});
