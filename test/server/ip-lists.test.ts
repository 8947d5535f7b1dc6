/**
 * IP list routes of the reference server: rules §3 list fields, rules §5 "IPv4, IPv6, CIDR; up to 200,000 per list
 * and 20,000 per uploaded CSV/TXT file", search, removal, export, the WAF editor's reference by id (options, pagecfg,
 * rules naming a list, deletion refused while referenced), sub-account access and the operation log.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CONFLICT_CODE, NOT_FOUND_CODE, PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type {
  IpListEntry,
  IpListEntryAddAnswer,
  IpListEntryRemoveAnswer,
  IpListExportAnswer,
  IpListInfo,
  IpListOption,
} from '../../core/api/endpoints/ip-lists.js';
import type { ListAnswer, OperationLogEntry } from '../../core/api/endpoints/platform.js';
import type { WafPageConfig } from '../../core/api/endpoints/waf.js';
import { keyRange } from '../../demo/server/features/bans/ip-keys.js';
import { DEMO_IP_LIST_TEXT, DEMO_IP_LISTS } from '../../demo/server/features/bans/seed.js';
import { DEMO_DOMAINS } from '../../demo/server/features/websites/domains-seed.js';
import { DEMO_MEMBER_ID, DEMO_VIEWER_PASSWORD, DEMO_VIEWER_USER_NAME } from '../../demo/server/platform/demo-accounts.js';
import { addSecondTenant, call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

let app: FastifyInstance;
let parent: string;
let child: string;

before(async () => {
  // These tests read the English seed's wording (seed-language.test.ts holds both seeds).
  ({ app } = await startServer({ seedLanguage: 'en_US' }));
  parent = (await signInParent(app)).token;
  child = (await signInChild(app)).token;
});
after(async () => app.close());

const create = (name: string, remark = '', token = parent) => call<IpListInfo>(app, 'POST', 'V4/ip.list.create', { token, body: { name, remark } });
const add = (id: number, entries: string[], source: 'typed' | 'file' = 'typed') =>
  call<IpListEntryAddAnswer>(app, 'POST', 'V4/ip.list.entry.add', { token: parent, body: { id, entries, source } });
const entries = (id: number, query: Record<string, string | number> = {}) =>
  expectOk<ListAnswer<IpListEntry>>(app, 'GET', 'V4/ip.list.entry.list', { token: parent, query: { id, per_page: 100, ...query } });
const errors = (answer: { code: number; data: unknown; raw: string }) => {
  assert.equal(answer.code, VALIDATION_FAILED_CODE, answer.raw);
  return (answer.data as { errors: unknown[] }).errors;
};

/** Fills a list to `count` entries straight in the database (10.x.y.z addresses), as if earlier uploads had. */
function fill(listId: number, count: number): void {
  const insert = app.db.prepare('INSERT INTO ip_list_entries (member_id, list_id, entry, low_key, high_key, created_at) VALUES (?, ?, ?, ?, ?, 0)');
  app.db.transaction(() => {
    for (let index = 0; index < count; index++) {
      const entry = `10.${index >> 16}.${(index >> 8) & 255}.${index & 255}`;
      const range = keyRange(entry)!;
      insert.run(DEMO_MEMBER_ID, listId, entry, range.low, range.high);
    }
    app.db.prepare('UPDATE ip_lists SET entry_count = ? WHERE id = ?').run(count, listId);
  })();
}

describe('rules §3 IP lists: name, remark, IP count, creation time', () => {
  it('the demo seed holds two lists with their counts, newest first', async () => {
    const page = await expectOk<ListAnswer<IpListInfo>>(app, 'GET', 'V4/ip.list.list', { token: parent });
    assert.deepEqual(page.list.map((list) => [list.name, list.entry_count]).reverse(), DEMO_IP_LISTS.map((list) => [DEMO_IP_LIST_TEXT.en_US[list.key].name, list.entries.length]));
    assert.ok(page.list.every((list) => !Number.isNaN(Date.parse(list.created_at)) && list.rule_references === 0));
    const found = await expectOk<ListAnswer<IpListInfo>>(app, 'GET', 'V4/ip.list.list', { token: parent, query: { keyword: 'SCANNERS' } });
    assert.deepEqual(found.list.map((list) => list.name), ['Known scanners']);
  });

  it('create and update check the name (required, at most 32, unique) and the remark (at most 64)', async () => {
    assert.deepEqual(errors(await create('  ')), [{ field: 'name', key: 'common.required' }]);
    assert.deepEqual(errors(await create('x'.repeat(33), 'y'.repeat(65))), [
      { field: 'name', key: 'common.too-long', values: { max: 32 } },
      { field: 'remark', key: 'common.too-long', values: { max: 64 } },
    ]);
    assert.deepEqual(errors(await create('Office networks')), [{ field: 'name', key: 'bans.ip-list-name-taken' }]);
    const made = (await create(' Partners ', 'API partners')).data;
    assert.deepEqual([made.name, made.remark, made.entry_count], ['Partners', 'API partners', 0]);
    const renamed = await expectOk<IpListInfo>(app, 'POST', 'V4/ip.list.update', { token: parent, body: { id: made.id, name: 'Partners 2', remark: '' } });
    assert.equal(renamed.name, 'Partners 2');
    assert.deepEqual(errors(await call(app, 'POST', 'V4/ip.list.update', { token: parent, body: { id: made.id, name: 'Known scanners', remark: '' } })), [
      { field: 'name', key: 'bans.ip-list-name-taken' },
    ]);
  });
});

describe('rules §5 IP list entries: IPv4, IPv6, CIDR; 20,000 per file, 200,000 per list', () => {
  it('adds entries once whatever the spelling; says how many were listed already', async () => {
    const list = (await create('Spellings')).data;
    const first = (await add(list.id, ['2001:DB8::1', '10.0.0.0/8', '192.0.2.1'], 'file')).data;
    assert.deepEqual([first.added, first.already_listed, first.list.entry_count], [3, 0, 3]);
    const second = (await add(list.id, ['2001:db8:0:0:0:0:0:1', '192.0.2.2'])).data;
    assert.deepEqual([second.added, second.already_listed, second.list.entry_count], [1, 1, 4]);
    assert.deepEqual((await entries(list.id)).list.map((entry) => entry.entry), ['2001:db8::1', '10.0.0.0/8', '192.0.2.1', '192.0.2.2']);
  });

  it('refuses bad entries by position, empty batches and files of more than 20,000 entries', async () => {
    const list = (await create('Limits')).data;
    assert.deepEqual(errors(await add(list.id, ['1.2.3.4', '1.2.3', 'example.com'])), [
      { field: 'entries.1', key: 'ip.incorrect-ip-or-cidr' },
      { field: 'entries.2', key: 'ip.incorrect-ip-or-cidr' },
    ]);
    assert.deepEqual(errors(await add(list.id, [])), [{ field: 'entries', key: 'batch.empty' }]);
    const many = Array.from({ length: 20_001 }, (_, index) => `172.16.${index >> 8}.${index & 255}`);
    assert.deepEqual(errors(await add(list.id, many, 'file')), [{ field: 'entries', key: 'bans.ip-list-file-limit', values: { max: 20_000, count: 20_001 } }]);
    const answer = await add(list.id, many.slice(0, 20_000), 'file');
    assert.equal(answer.data.added, 20_000, 'exactly 20,000 in one file is accepted');
  });

  it('a list holds at most 200,000 entries: a batch that would pass it adds none', async () => {
    const list = (await create('Full')).data;
    fill(list.id, 199_990);
    const eleven = Array.from({ length: 11 }, (_, index) => `192.168.0.${index}`);
    assert.deepEqual(errors(await add(list.id, eleven)), [{ field: 'entries', key: 'bans.ip-list-full', values: { max: 200_000, available: 10 } }]);
    assert.equal((await entries(list.id, { keyword: '192.168.0.' })).total, 0, 'nothing was added');
    const ten = (await add(list.id, [...eleven.slice(0, 10), '10.0.0.1'])).data;
    assert.deepEqual([ten.added, ten.already_listed, ten.list.entry_count], [10, 1, 200_000], 'entries already listed do not count');
  });

  it('search: an address finds the blocks covering it; other text matches part of an entry', async () => {
    const list = (await create('Search')).data;
    await add(list.id, ['10.0.0.0/8', '10.20.0.0/16', '192.0.2.7', '2001:db8::/32']);
    const found = async (keyword: string) => (await entries(list.id, { keyword })).list.map((entry) => entry.entry);
    assert.deepEqual(await found('10.20.30.40'), ['10.0.0.0/8', '10.20.0.0/16']);
    assert.deepEqual(await found('2001:DB8::abcd'), ['2001:db8::/32']);
    assert.deepEqual(await found('0.2'), ['10.20.0.0/16', '192.0.2.7'], 'in the order they were added');
    assert.deepEqual(await found('10.1.0.0/16'), ['10.0.0.0/8']);
  });

  it('removes entries by id and exports the list as text', async () => {
    const list = (await create('Export me/now')).data;
    await add(list.id, ['192.0.2.1', '192.0.2.2', '192.0.2.3']);
    const ids = (await entries(list.id)).list.map((entry) => entry.id);
    const removed = await expectOk<IpListEntryRemoveAnswer>(app, 'POST', 'V4/ip.list.entry.remove', { token: parent, body: { id: list.id, entry_ids: [ids[1]] } });
    assert.deepEqual([removed.removed, removed.list.entry_count], [1, 2]);
    const file = await expectOk<IpListExportAnswer>(app, 'GET', 'V4/ip.list.export', { token: parent, query: { id: list.id } });
    assert.deepEqual(file, { file_name: 'Export-me-now.txt', content_type: 'text/plain; charset=utf-8', content: '192.0.2.1\n192.0.2.3\n' });
    const log = await expectOk<ListAnswer<OperationLogEntry>>(app, 'GET', 'V4/oplog.list', { token: parent, query: { object_id: list.id, area: 'waf' } });
    assert.deepEqual(log.list.map((entry) => entry.action), ['update', 'update', 'create']);
  });
});

describe('WAF IP conditions reference a list by id', () => {
  it('options, the WAF page config and rule validation see the lists; a referenced list cannot be deleted', async () => {
    const list = (await create('Referenced')).data;
    const options = await expectOk<IpListOption[]>(app, 'GET', 'V4/ip.list.options', { token: parent });
    assert.ok(options.some((option) => option.id === list.id && option.name === 'Referenced' && option.entry_count === 0));
    const config = await expectOk<WafPageConfig>(app, 'GET', 'V4/firewall.pagecfg', { token: parent, query: { type: 'waf' } });
    assert.ok(config.ip_lists.some((option) => option.id === list.id && option.name === 'Referenced'));

    const set = await expectOk<{ id: number }>(app, 'POST', 'V4/waf.ruleset.create', { token: parent, body: { name: 'Uses a list', description: '' } });
    const rule = (id: number) => ({
      main_id: set.id,
      rules: [{ rule_type: 'ip', data: { operator: 'in-list', value: '', ip_list_id: id } }],
      action: { type: 'block' },
      status: 'enabled',
      remark: '',
    });
    await expectOk(app, 'POST', 'V4/firewall.policy.save', { token: parent, body: rule(list.id) });
    assert.equal((await call(app, 'POST', 'V4/firewall.policy.save', { token: parent, body: rule(999_999) })).code, VALIDATION_FAILED_CODE);
    assert.equal((await expectOk<IpListInfo>(app, 'GET', 'V4/ip.list.get', { token: parent, query: { id: list.id } })).rule_references, 1);
    const refused = await call(app, 'POST', 'V4/ip.list.delete', { token: parent, body: { id: list.id } });
    assert.equal(refused.code, CONFLICT_CODE);
    assert.equal(refused.message, '1 WAF rules use this list: change those rules before deleting it');

    const spare = (await create('Spare')).data;
    await expectOk(app, 'POST', 'V4/ip.list.delete', { token: parent, body: { id: spare.id } });
    assert.equal((await call(app, 'GET', 'V4/ip.list.get', { token: parent, query: { id: spare.id } })).code, NOT_FOUND_CODE);
  });
});

describe('rules §6 access: sub-accounts need the domain module; accounts are apart', () => {
  it('per object: a child cannot change a list that firewall rules use on a website outside its grant (security finding)', async () => {
    const list = (await create('Shared blocklist')).data;
    const set = await expectOk<{ id: number }>(app, 'POST', 'V4/waf.ruleset.create', { token: parent, body: { name: 'Blocklist users', description: '' } });
    await expectOk(app, 'POST', 'V4/firewall.policy.save', {
      token: parent,
      body: { main_id: set.id, rules: [{ rule_type: 'ip', data: { operator: 'in-list', value: '', ip_list_id: list.id } }], action: { type: 'block' }, status: 'enabled', remark: '' },
    });
    const [granted, , outside] = DEMO_DOMAINS;
    const domainId = (domain: string) => (app.db.prepare('SELECT id FROM domains WHERE domain = ?').get(domain) as { id: number }).id;
    const changes = () => [
      call(app, 'POST', 'V4/ip.list.update', { token: child, body: { id: list.id, name: 'Renamed', remark: '' } }),
      call(app, 'POST', 'V4/ip.list.entry.add', { token: child, body: { id: list.id, entries: ['198.51.100.1'], source: 'typed' } }),
    ];
    // Used on a granted website only: the child may change it.
    await expectOk(app, 'POST', 'V4/waf.ruleset.quote', { token: parent, body: { id: set.id, domain_ids: [domainId(granted)] } });
    for (const answer of await Promise.all(changes())) assert.equal(answer.code, 1);
    // Used on a website outside the grant too: every change is refused, and the list is as it was.
    await expectOk(app, 'POST', 'V4/waf.ruleset.quote', { token: parent, body: { id: set.id, domain_ids: [domainId(granted), domainId(outside)] } });
    for (const answer of await Promise.all(changes())) assert.equal(answer.code, PERMISSION_DENIED_CODE);
    assert.equal((await call(app, 'POST', 'V4/ip.list.delete', { token: child, body: { id: list.id } })).code, PERMISSION_DENIED_CODE);
    const after = await expectOk<IpListInfo>(app, 'GET', 'V4/ip.list.get', { token: parent, query: { id: list.id } });
    assert.equal(after.entry_count, 1);
  });

  it('rules §6; issue 19: every list says whether the caller may change it (editable), as the changing routes decide', async () => {
    const list = (await create('Editable check')).data;
    const set = await expectOk<{ id: number }>(app, 'POST', 'V4/waf.ruleset.create', { token: parent, body: { name: 'Editable users', description: '' } });
    await expectOk(app, 'POST', 'V4/firewall.policy.save', {
      token: parent,
      body: { main_id: set.id, rules: [{ rule_type: 'ip', data: { operator: 'in-list', value: '', ip_list_id: list.id } }], action: { type: 'block' }, status: 'enabled', remark: '' },
    });
    const viewer = (await signInChild(app, DEMO_MEMBER_ID, DEMO_VIEWER_USER_NAME, DEMO_VIEWER_PASSWORD)).token;
    const [granted, , outside] = DEMO_DOMAINS;
    const domainId = (domain: string) => (app.db.prepare('SELECT id FROM domains WHERE domain = ?').get(domain) as { id: number }).id;
    const flag = async (token: string) => {
      const listed = (await expectOk<ListAnswer<IpListInfo>>(app, 'GET', 'V4/ip.list.list', { token, query: { per_page: 100 } })).list.find((row) => row.id === list.id);
      const detail = await expectOk<IpListInfo>(app, 'GET', 'V4/ip.list.get', { token, query: { id: list.id } });
      assert.equal(listed?.editable, detail.editable);
      return detail.editable;
    };
    // Used on a website the child manages (and the viewer reads): the child may change it, the viewer may not.
    await expectOk(app, 'POST', 'V4/waf.ruleset.quote', { token: parent, body: { id: set.id, domain_ids: [domainId(granted)] } });
    assert.equal(await flag(parent), true);
    assert.equal(await flag(child), true);
    assert.equal(await flag(viewer), false);
    assert.equal((await call(app, 'POST', 'V4/ip.list.update', { token: viewer, body: { id: list.id, name: 'Renamed', remark: '' } })).code, PERMISSION_DENIED_CODE);
    // Used on a website outside the child's grant too: read-only for it, and the route refuses as the flag says.
    await expectOk(app, 'POST', 'V4/waf.ruleset.quote', { token: parent, body: { id: set.id, domain_ids: [domainId(granted), domainId(outside)] } });
    assert.equal(await flag(parent), true);
    assert.equal(await flag(child), false);
    assert.equal((await call(app, 'POST', 'V4/ip.list.update', { token: child, body: { id: list.id, name: 'Renamed', remark: '' } })).code, PERMISSION_DENIED_CODE);
    // The viewer sees every list it may see read-only.
    const seen = (await expectOk<ListAnswer<IpListInfo>>(app, 'GET', 'V4/ip.list.list', { token: viewer, query: { per_page: 100 } })).list;
    assert.ok(seen.length > 0);
    assert.ok(seen.every((row) => row.editable === false));
  });

  it('the demo child manages lists (its group manages security policy); a child without a security policy grant cannot', async () => {
    assert.equal((await create('Child list', '', child)).code, 1);
    // Issue 26: IP lists belong to the security policy module.
    app.db.prepare("DELETE FROM permission_grants WHERE member_id = ? AND module = 'security_policy'").run(DEMO_MEMBER_ID);
    const stranger = (await signInChild(app)).token;
    assert.equal((await call(app, 'GET', 'V4/ip.list.list', { token: stranger })).code, PERMISSION_DENIED_CODE);
    assert.equal((await create('Nope', '', stranger)).code, PERMISSION_DENIED_CODE);
  });

  it('another account neither sees nor changes these lists', async () => {
    const other = addSecondTenant(app);
    const token = (await signInParent(app, other.email, other.password)).token;
    assert.equal((await expectOk<ListAnswer<IpListInfo>>(app, 'GET', 'V4/ip.list.list', { token })).total, 0);
    const mine = (await expectOk<ListAnswer<IpListInfo>>(app, 'GET', 'V4/ip.list.list', { token: parent })).list[0]!;
    assert.equal((await call(app, 'GET', 'V4/ip.list.entry.list', { token, query: { id: mine.id } })).code, NOT_FOUND_CODE);
    assert.equal((await call(app, 'POST', 'V4/ip.list.entry.add', { token, body: { id: mine.id, entries: ['1.2.3.4'] } })).code, NOT_FOUND_CODE);
    assert.equal((await call(app, 'POST', 'V4/ip.list.delete', { token, body: { id: mine.id } })).code, NOT_FOUND_CODE);
  });
});
