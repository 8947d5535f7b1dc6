/**
 * Issue 18, "changes that change nothing write nothing": in every area a save whose normalised value equals the
 * stored one answers success and leaves the database as it was (no UPDATE, so no `updated_at` or revision moves; no
 * binding rows deleted and inserted again; no operation-log entry), while a real change still writes one entry.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { DomainSettingsGroups } from '../../core/api/endpoints/domain-settings.js';
import type { ListAnswer } from '../../core/api/endpoints/platform.js';
import type { FirewallPolicy, RuleSetInfo } from '../../core/api/endpoints/waf.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { call, expectOk, signInParent, startServer, type CallOptions } from './helpers.js';

let app: FastifyInstance;
let token: string;

before(async () => {
  ({ app } = await startServer());
  token = (await signInParent(app)).token;
});
after(async () => app.close());

/**
 * Every table, row by row. The idempotency keys are left out: they record that a request was seen (every mutation
 * stores its key, whatever it did), not a change of the account's data.
 */
function snapshot(): Record<string, string> {
  const tables = app.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'idempotency_keys' ORDER BY name").all() as { name: string }[];
  return Object.fromEntries(tables.map(({ name }) => [name, JSON.stringify(app.db.prepare(`SELECT * FROM "${name}"`).all())]));
}

function oplogCount(): number {
  return (app.db.prepare('SELECT COUNT(*) AS n FROM operation_log').get() as { n: number }).n;
}

type Method = 'POST' | 'PUT';

/** Calls, expects success, and asserts that no table changed. */
async function writesNothing(method: Method, path: string, body: unknown): Promise<void> {
  // A real change earlier in the file (a settings save) may still be redeploying its domain: that job's progress is
  // the runner's, not this call's, so it finishes before the tables are compared.
  const unfinished = app.db.prepare("SELECT id FROM jobs WHERE state NOT IN ('complete', 'failed', 'canceled')").all() as { id: number }[];
  await Promise.all(unfinished.map(({ id }) => app.jobs.waitFor(id)));
  const before = snapshot();
  const answer = await call(app, method, path, { token, body } satisfies CallOptions);
  assert.equal(answer.code, 1, answer.raw);
  const afterwards = snapshot();
  for (const table of Object.keys(before)) assert.equal(afterwards[table], before[table], `${path} changed ${table}`);
}

/** Calls, expects success, and asserts exactly one new operation-log entry. */
async function logsOne(method: Method, path: string, body: unknown): Promise<void> {
  const count = oplogCount();
  const answer = await call(app, method, path, { token, body });
  assert.equal(answer.code, 1, answer.raw);
  assert.equal(oplogCount(), count + 1, `${path} should record one entry`);
}

function row<T>(sql: string, ...params: unknown[]): T {
  return app.db.prepare(sql).get(...params) as T;
}

describe('issue 18: a save of the same value writes nothing, in every area', () => {
  it('WAF rule set rename: the same name and description (other whitespace) write nothing; a new name writes one entry', async () => {
    const set = await expectOk<RuleSetInfo>(app, 'POST', 'V4/waf.ruleset.create', { token, body: { name: 'No-op set', description: 'Kept' } });
    await writesNothing('POST', 'V4/waf.ruleset.update', { id: set.id, name: '  No-op set ', description: 'Kept ' });
    await logsOne('POST', 'V4/waf.ruleset.update', { id: set.id, name: 'No-op set 2', description: 'Kept' });
  });

  it('WAF rule set bindings (quote): the same domains in another order keep their rows; a new domain writes one entry', async () => {
    const set = await expectOk<RuleSetInfo>(app, 'POST', 'V4/waf.ruleset.create', { token, body: { name: 'Bound no-op', description: '' } });
    const domains = (app.db.prepare('SELECT id FROM domains WHERE member_id = ? ORDER BY id LIMIT 3').all(DEMO_MEMBER_ID) as { id: number }[]).map((domain) => domain.id);
    await logsOne('POST', 'V4/waf.ruleset.quote', { id: set.id, domain_ids: domains.slice(0, 2) });
    await writesNothing('POST', 'V4/waf.ruleset.quote', { id: set.id, domain_ids: [domains[1], domains[0], domains[1]] });
    await logsOne('POST', 'V4/waf.ruleset.quote', { id: set.id, domain_ids: domains });
  });

  it('WAF rules: saving a rule unchanged (keys in another order), the same order, the same status write nothing', async () => {
    const set = await expectOk<RuleSetInfo>(app, 'POST', 'V4/waf.ruleset.create', { token, body: { name: 'Rules no-op', description: '' } });
    const save = (body: Record<string, unknown>) => expectOk<FirewallPolicy>(app, 'POST', 'V4/firewall.policy.save', { token, body });
    const first = await save({ main_id: set.id, status: 'enabled', remark: 'r', action: { type: 'block' }, rules: [{ rule_type: 'url', data: { operator: 'prefix', value: '/a' } }] });
    const second = await save({ main_id: set.id, status: 'enabled', remark: '', action: { type: 'block' }, rules: [{ rule_type: 'url', data: { operator: 'prefix', value: '/b' } }] });
    await writesNothing('POST', 'V4/firewall.policy.save', {
      rules: [{ data: { value: '/a', operator: 'prefix' }, rule_type: 'url' }],
      action: { type: 'block' },
      remark: 'r',
      status: 'enabled',
      main_id: set.id,
      id: first.id,
    });
    await writesNothing('POST', 'V4/firewall.policy.sort', { new_sorts: [{ id: first.id, sort: 1 }, { id: second.id, sort: 2 }] });
    await writesNothing('POST', 'V4/firewall.policy.open', { ids: [first.id, second.id] });
    await logsOne('POST', 'V4/firewall.policy.save', { main_id: set.id, id: first.id, status: 'enabled', remark: 'changed', action: { type: 'block' }, rules: first.rules });
    await logsOne('POST', 'V4/firewall.policy.sort', { new_sorts: [{ id: first.id, sort: 2 }, { id: second.id, sort: 1 }] });
    await logsOne('POST', 'V4/firewall.policy.close', { ids: [first.id] });
    const rules = await expectOk<ListAnswer<FirewallPolicy>>(app, 'GET', 'V4/firewall.policy.get_mainid', { token, query: { mainid: set.id } });
    assert.deepEqual(rules.list.map((rule) => [rule.id, rule.status]), [[second.id, 'enabled'], [first.id, 'closed']]);
  });

  it('cache rules (domain settings): saving the list as read keeps the revision; a changed rule writes one entry', async () => {
    const domainId = row<{ domain_id: number }>('SELECT domain_id FROM cache_rules WHERE member_id = ? LIMIT 1', DEMO_MEMBER_ID).domain_id;
    const read = async () =>
      (await expectOk<Partial<DomainSettingsGroups>>(app, 'GET', 'V4/web.domain.set.get', { token, query: { domain_id: domainId, group: 'cdn_advance_cache,browser_cache' } }))
        .cdn_advance_cache!;
    const current = await read();
    const rules = current.rules.map(({ priority: _priority, share_domain: _share, updated_at: _updated, ...rule }) => rule);
    await writesNothing('PUT', 'V4/web.domain.set.save', { domain_id: domainId, group: { cdn_advance_cache: { revision: current.revision, rules }, browser_cache: { status: 'on' } } });
    assert.equal((await read()).revision, current.revision);
    await logsOne('PUT', 'V4/web.domain.set.save', {
      domain_id: domainId,
      group: { cdn_advance_cache: { revision: current.revision, rules: [{ ...rules[0]!, name: `${rules[0]!.name} 2` }, ...rules.slice(1)] } },
    });
    assert.equal((await read()).revision, current.revision + 1);
  });

  it('certificates: the same name, the same auto-renewal and binding an already bound domain write nothing', async () => {
    const upload = row<{ id: number; name: string }>("SELECT id, name FROM certificates WHERE member_id = ? AND source = 'upload' ORDER BY id LIMIT 1", DEMO_MEMBER_ID);
    await writesNothing('POST', 'V4/certificate.update', { id: upload.id, name: ` ${upload.name} ` });
    const free = row<{ id: number; auto_renew: number } | undefined>("SELECT id, auto_renew FROM certificates WHERE member_id = ? AND source = 'free' ORDER BY id LIMIT 1", DEMO_MEMBER_ID);
    if (free) await writesNothing('POST', 'V4/certificate.auto_renew.set', { id: free.id, auto_renew: free.auto_renew === 1 });
    const binding = row<{ certificate_id: number; domain_id: number } | undefined>('SELECT certificate_id, domain_id FROM certificate_bindings WHERE member_id = ? LIMIT 1', DEMO_MEMBER_ID);
    assert.ok(binding, 'the demo seed binds a certificate');
    await writesNothing('POST', 'V4/certificate.bind', { certificate_id: binding.certificate_id, domain_ids: [binding.domain_id] });
    await logsOne('POST', 'V4/certificate.update', { id: upload.id, name: `${upload.name} renamed` });
  });

  it('DNS: a record saved with other spelling (whitespace, type case) and a group renamed to its name write nothing', async () => {
    const record = row<{ id: number; host: string; type: string; line: string; value: string; priority: number | null; ttl: number; remark: string; status: string; record_group: string }>(
      "SELECT * FROM dns_records WHERE member_id = ? AND type = 'A' ORDER BY id LIMIT 1",
      DEMO_MEMBER_ID,
    );
    const fields = { host: ` ${record.host} `, type: record.type.toLowerCase(), line: record.line, value: ` ${record.value}`, priority: record.priority, ttl: record.ttl, remark: record.remark, status: record.status, group: record.record_group };
    await writesNothing('POST', 'V4/dns.record.update', { id: record.id, ...fields });
    await logsOne('POST', 'V4/dns.record.update', { id: record.id, ...fields, remark: `${record.remark} changed` });
    const group = await expectOk<{ id: number; name: string }>(app, 'POST', 'V4/dns.group.create', { token, body: { name: 'No-op zone group', remark: '' } });
    await writesNothing('POST', 'V4/dns.group.update', { id: group.id, name: ' No-op zone group', remark: '' });
    await logsOne('POST', 'V4/dns.group.update', { id: group.id, name: 'No-op zone group 2', remark: '' });
  });

  it('IP lists: the same name and remark, and entries that are all listed already, write nothing', async () => {
    const list = await expectOk<{ id: number }>(app, 'POST', 'V4/ip.list.create', { token, body: { name: 'No-op list', remark: 'r' } });
    await writesNothing('POST', 'V4/ip.list.update', { id: list.id, name: 'No-op list ', remark: 'r' });
    await logsOne('POST', 'V4/ip.list.update', { id: list.id, name: 'No-op list', remark: 'other' });
    await logsOne('POST', 'V4/ip.list.entry.add', { id: list.id, entries: ['192.0.2.0/24', '198.51.100.7'] });
    await writesNothing('POST', 'V4/ip.list.entry.add', { id: list.id, entries: ['198.51.100.7', '192.0.2.0/24'] });
  });

  it('account: posting the zone the session and the user already have writes nothing', async () => {
    await expectOk(app, 'POST', 'sso/V4/timezone', { token, body: { timezone: 'Asia/Shanghai' } });
    await writesNothing('POST', 'sso/V4/timezone', { timezone: 'Asia/Shanghai' });
    await logsOne('POST', 'sso/V4/timezone', { timezone: 'Europe/Paris' });
  });

  it('website groups and websites: the same group, an assignment to the group they are in, the same settings write nothing', async () => {
    const group = await expectOk<{ id: number }>(app, 'POST', 'V4/cloudsafe.hwws.website.group.create', { token, body: { name: 'No-op group', remark: '' } });
    await writesNothing('POST', 'V4/cloudsafe.hwws.website.group.update', { id: group.id, name: ' No-op group ', remark: '' });
    const site = row<{ id: number; settings: string }>(
      "SELECT id, settings FROM domains WHERE member_id = ? AND status = 'serving' AND id IN (SELECT domain_id FROM website_origins) ORDER BY id LIMIT 1",
      DEMO_MEMBER_ID,
    );
    await logsOne('POST', 'V4/cloudsafe.hwws.website.group.assign', { group_id: group.id, selection: { ids: [site.id] } });
    await writesNothing('POST', 'V4/cloudsafe.hwws.website.group.assign', { group_id: group.id, selection: { ids: [site.id] } });
    await writesNothing('POST', 'V4/cloudsafe.hwws.website.update', { id: site.id, group_id: group.id });
    // Last in the file: the real change below starts a provisioning job, which goes on writing in the background.
    // A site starts with the default settings (page_gzip on, origin timeout 30 s): asking for them again is no change.
    const settings = { page_gzip: 'on', origin_timeout: 30, ...(JSON.parse(site.settings) as Record<string, unknown>) };
    await writesNothing('POST', 'V4/cloudsafe.hwws.website.batch.setting', { selection: { ids: [site.id] }, settings: { page_gzip: settings.page_gzip, origin_timeout: settings.origin_timeout } });
    await logsOne('POST', 'V4/cloudsafe.hwws.website.batch.setting', { selection: { ids: [site.id] }, settings: { page_gzip: settings.page_gzip === 'on' ? 'off' : 'on' } });
  });
});
