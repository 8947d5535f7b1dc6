/**
 * The findings of the object-grant sweep (object-grants.test.ts), one test each: objects that are not granted
 * themselves but act on websites (certificates, WAF rule sets, IP lists, DNS groups) follow the grant of the
 * websites they reach (rules §6 per object; platform/security/object-reach.ts). The child's group manages exactly
 * www.example.com and the certificate bound to it, which is shared with shop.example.com.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE } from '../../core/api/catalogue.js';
import type { CertificateBinding, CertificateDetail, CertificateListAnswer } from '../../core/api/endpoints/certificates.js';
import type { DnsGroup } from '../../core/api/endpoints/dns.js';
import type { IpListInfo, IpListOption } from '../../core/api/endpoints/ip-lists.js';
import type { ListAnswer } from '../../core/api/endpoints/platform.js';
import type { RuleSetInfo, WafPageConfig } from '../../core/api/endpoints/waf.js';
import type { WebsiteGroup } from '../../core/api/endpoints/websites.js';
import { bindGroupObjects, createChildAccount, createPermissionGroup } from '../../demo/server/features/account/store.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { hashPasswordSync } from '../../demo/server/platform/security/passwords.js';
import { call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

describe('objects follow the grant of the websites they reach (rules §6 per object; issue 18)', () => {
  let app: FastifyInstance;
  let parent: string;
  let child: string;
  let www: number;
  let shop: number;
  let sharedCertificate: number;
  const idOf = (sql: string, ...params: unknown[]) => (app.db.prepare(sql).get(...params) as { id: number }).id;
  const setNamed = (name: string) => idOf('SELECT id FROM waf_rule_sets WHERE member_id = ? AND name = ?', DEMO_MEMBER_ID, name);
  const defaultSet = () => idOf("SELECT id FROM waf_rule_sets WHERE member_id = ? AND attribution = 'default'", DEMO_MEMBER_ID);

  before(async () => {
    // These tests read the English seed's wording (seed-language.test.ts holds both seeds).
    ({ app } = await startServer({ seedLanguage: 'en_US' }));
    parent = (await signInParent(app)).token;
    www = idOf("SELECT id FROM domains WHERE domain = 'www.example.com'");
    shop = idOf("SELECT id FROM domains WHERE domain = 'shop.example.com'");
    sharedCertificate = idOf('SELECT certificate_id AS id FROM certificate_bindings WHERE domain_id = ?', www);
    const groupId = createPermissionGroup(
      app.db,
      {
        memberId: DEMO_MEMBER_ID,
        name: 'www only',
        grants: [
          { module: 'domain', object_scope: 'specified', access: 'manage', auto_bind_new: false },
          { module: 'certificate', object_scope: 'specified', access: 'manage', auto_bind_new: false },
          // Issue 26: rule sets and IP lists need the security policy grant; over all sets, the website rule decides.
          { module: 'security_policy', object_scope: 'all', access: 'manage', auto_bind_new: false },
          // DNS is its own module: granted, but no zone of it.
          { module: 'dns', object_scope: 'specified', access: 'manage', auto_bind_new: false },
        ],
      },
      app.now(),
    );
    bindGroupObjects(app.db, { memberId: DEMO_MEMBER_ID, groupId, module: 'domain', kind: 'specified', objectIds: [www] });
    bindGroupObjects(app.db, { memberId: DEMO_MEMBER_ID, groupId, module: 'certificate', kind: 'specified', objectIds: [sharedCertificate] });
    createChildAccount(app.db, { memberId: DEMO_MEMBER_ID, userName: 'www-only', passwordHash: hashPasswordSync('WwwOnly#2026'), groupId }, app.now());
    child = (await signInChild(app, DEMO_MEMBER_ID, 'www-only', 'WwwOnly#2026')).token;
  });
  after(() => app.close());

  it('rules §6 per object: a certificate shared with a website outside the grant names only the child’s websites in the list, the detail and the bindings (security finding)', async () => {
    const list = await expectOk<CertificateListAnswer>(app, 'GET', 'V4/certificate.list', { token: child });
    assert.deepEqual(list.list.map((item) => item.bound_domains.map((bound) => bound.domain)), [['www.example.com']]);
    const detail = await expectOk<CertificateDetail>(app, 'GET', 'V4/certificate.detail', { token: child, query: { id: sharedCertificate } });
    assert.deepEqual(detail.bound_domains.map((bound) => bound.domain_id), [www]);
    const bindings = await expectOk<ListAnswer<CertificateBinding>>(app, 'GET', 'V4/certificate.binding.list', { token: child });
    assert.deepEqual(bindings.list.map((binding) => binding.domain_id), [www]);
    const parentView = await expectOk<CertificateDetail>(app, 'GET', 'V4/certificate.detail', { token: parent, query: { id: sharedCertificate } });
    assert.deepEqual(parentView.bound_domains.map((bound) => bound.domain_id).sort(), [www, shop].sort());
  });

  it('rules §6 per object: a child may not rename, replace, delete or take the key of a certificate that also serves a website outside its grant (security finding: it renamed shop.example.com’s certificate)', async () => {
    const before = app.db.prepare('SELECT name, updated_at FROM certificates WHERE id = ?').get(sharedCertificate);
    const update = await call(app, 'POST', 'V4/certificate.update', { token: child, body: { id: sharedCertificate, name: 'taken over' } });
    assert.equal(update.code, PERMISSION_DENIED_CODE);
    const key = await call(app, 'POST', 'V4/certificate.download', {
      token: child,
      body: { id: sharedCertificate, include_private_key: true, confirm_private_key: true },
    });
    assert.equal(key.code, PERMISSION_DENIED_CODE);
    assert.equal((await call(app, 'POST', 'V4/certificate.delete', { token: child, body: { id: sharedCertificate } })).code, PERMISSION_DENIED_CODE);
    assert.deepEqual(app.db.prepare('SELECT name, updated_at FROM certificates WHERE id = ?').get(sharedCertificate), before);
    assert.equal((app.db.prepare('SELECT certificate_name AS name FROM domains WHERE id = ?').get(shop) as { name: string }).name, 'example.com wildcard');
    // Once the certificate serves only the child's website, it is the child's to manage.
    await expectOk(app, 'POST', 'V4/certificate.unbind', { token: parent, body: { certificate_id: sharedCertificate, domain_ids: [shop] } });
    await expectOk(app, 'POST', 'V4/certificate.update', { token: child, body: { id: sharedCertificate, name: 'www certificate' } });
  });

  it('rules §6 per object: a rule set quoted only by websites outside the grant is neither listed nor readable, nor its rules copied (security finding)', async () => {
    const hidden = setNamed('API hardening');
    const names = (await expectOk<ListAnswer<RuleSetInfo>>(app, 'GET', 'V4/waf.ruleset.list', { token: child, query: { per_page: 100 } })).list.map((set) => set.name);
    assert.ok(names.includes('Login protection') && !names.includes('API hardening'), names.join(', '));
    assert.equal((await call(app, 'GET', 'V4/waf.ruleset.get', { token: child, query: { id: hidden } })).code, PERMISSION_DENIED_CODE);
    assert.equal((await call(app, 'GET', 'V4/firewall.policy.get_mainid', { token: child, query: { mainid: hidden } })).code, PERMISSION_DENIED_CODE);
    const rule = idOf('SELECT id FROM waf_rules WHERE rule_set_id = ? ORDER BY id', hidden);
    assert.equal((await call(app, 'GET', 'V4/firewall.policy.get_id', { token: child, query: { id: rule } })).code, PERMISSION_DENIED_CODE);
    const own = await expectOk<RuleSetInfo>(app, 'POST', 'V4/waf.ruleset.create', { token: child, body: { name: 'Copies', description: '' } });
    const copy = await call(app, 'POST', 'V4/waf.ruleset.copy_rules', { token: child, body: { target_id: own.id, ids: [rule] } });
    assert.equal(copy.code, PERMISSION_DENIED_CODE);
    assert.equal((await call(app, 'POST', 'V4/waf.ruleset.quote', { token: child, body: { id: hidden, domain_ids: [www] } })).code, PERMISSION_DENIED_CODE);
  });

  it('rules §6 per object: the default rule set protects every website, so a child with one website may read it but not rename it or add, copy or switch its rules (security finding)', async () => {
    const id = defaultSet();
    const info = await expectOk<RuleSetInfo>(app, 'GET', 'V4/waf.ruleset.get', { token: child, query: { id } });
    assert.equal(info.editable, false);
    assert.equal((await call(app, 'POST', 'V4/waf.ruleset.update', { token: child, body: { id, name: 'Mine now', description: '' } })).code, PERMISSION_DENIED_CODE);
    const save = await call(app, 'POST', 'V4/firewall.policy.save', {
      token: child,
      body: { main_id: id, rules: [{ rule_type: 'url', data: { operator: 'prefix', value: '/x' } }], action: { type: 'block' }, status: 'enabled', remark: '' },
    });
    assert.equal(save.code, PERMISSION_DENIED_CODE);
    const source = idOf('SELECT id FROM waf_rules WHERE rule_set_id = ? ORDER BY id', setNamed('Login protection'));
    assert.equal((await call(app, 'POST', 'V4/waf.ruleset.copy_rules', { token: child, body: { target_id: id, ids: [source] } })).code, PERMISSION_DENIED_CODE);
    assert.equal((app.db.prepare('SELECT COUNT(*) AS n FROM waf_rules WHERE rule_set_id = ?').get(id) as { n: number }).n, 0);
  });

  it('rules §6 per object: an IP list used only by rules on websites outside the grant is not listed, read or exported, nor offered to rules (security finding)', async () => {
    const hidden = await expectOk<IpListInfo>(app, 'POST', 'V4/ip.list.create', { token: parent, body: { name: 'Partner ranges', remark: '' } });
    const shared = await expectOk<IpListInfo>(app, 'POST', 'V4/ip.list.create', { token: parent, body: { name: 'Everywhere', remark: '' } });
    const use = (mainId: number, listId: number) =>
      expectOk(app, 'POST', 'V4/firewall.policy.save', {
        token: parent,
        body: { main_id: mainId, rules: [{ rule_type: 'ip', data: { operator: 'in-list', value: '', ip_list_id: listId } }], action: { type: 'block' }, status: 'enabled', remark: '' },
      });
    await use(setNamed('API hardening'), hidden.id);
    await use(defaultSet(), shared.id);
    const listed = await expectOk<ListAnswer<IpListInfo>>(app, 'GET', 'V4/ip.list.list', { token: child, query: { per_page: 100 } });
    assert.ok(listed.list.some((list) => list.id === shared.id) && !listed.list.some((list) => list.id === hidden.id));
    const options = await expectOk<IpListOption[]>(app, 'GET', 'V4/ip.list.options', { token: child });
    assert.ok(!options.some((list) => list.id === hidden.id));
    const page = await expectOk<WafPageConfig>(app, 'GET', 'V4/firewall.pagecfg', { token: child, query: { type: 'waf' } });
    assert.ok(!page.ip_lists.some((list) => list.id === hidden.id));
    for (const path of ['V4/ip.list.get', 'V4/ip.list.entry.list', 'V4/ip.list.export']) {
      assert.equal((await call(app, 'GET', path, { token: child, query: { id: hidden.id } })).code, PERMISSION_DENIED_CODE, path);
    }
    // The list reaching every website through the default set is readable, but changing it is the parent's.
    await expectOk(app, 'GET', 'V4/ip.list.get', { token: child, query: { id: shared.id } });
    assert.equal((await call(app, 'POST', 'V4/ip.list.entry.add', { token: child, body: { id: shared.id, entries: ['192.0.2.1'] } })).code, PERMISSION_DENIED_CODE);
    const own = await expectOk<RuleSetInfo>(app, 'POST', 'V4/waf.ruleset.create', { token: child, body: { name: 'Uses a list', description: '' } });
    const naming = await call<{ errors: { key: string }[] }>(app, 'POST', 'V4/firewall.policy.save', {
      token: child,
      body: { main_id: own.id, rules: [{ rule_type: 'ip', data: { operator: 'in-list', value: '', ip_list_id: hidden.id } }], action: { type: 'block' }, status: 'enabled', remark: '' },
    });
    assert.deepEqual(naming.data.errors.map((item) => item.key), ['waf.ip-list-not-found']);
  });

  it('rules §6 per object: a DNS group holding only zones outside the grant is not listed, not even by name (security finding)', async () => {
    const outside = await expectOk<DnsGroup>(app, 'POST', 'V4/dns.group.create', { token: parent, body: { name: 'Parent zones', remark: '' } });
    const zone = idOf("SELECT id FROM dns_domains WHERE domain = 'example-shop.cn'");
    await expectOk(app, 'POST', 'V4/dns.domain.group.set', { token: parent, body: { ids: [zone], group_id: outside.id } });
    const empty = await expectOk<DnsGroup>(app, 'POST', 'V4/dns.group.create', { token: parent, body: { name: 'Empty', remark: '' } });
    const names = (await expectOk<ListAnswer<DnsGroup>>(app, 'GET', 'V4/dns.group.list', { token: child, query: { per_page: 100 } })).list.map((group) => group.name);
    assert.ok(!names.includes('Parent zones'), names.join(', '));
    assert.ok(names.includes(empty.name), 'an empty group is the account’s to share');
  });

  it('rules §6 per object: a child quoting its website keeps other websites’ bindings untouched, and moving no visible website leaves a website group as it was (security finding)', async () => {
    const set = setNamed('Login protection');
    const before = app.db.prepare('SELECT * FROM waf_rule_set_domains WHERE rule_set_id = ? AND domain_id <> ?').all(set, www);
    app.db.prepare('UPDATE waf_rule_set_domains SET created_at = 1 WHERE rule_set_id = ?').run(set);
    await expectOk(app, 'POST', 'V4/waf.ruleset.quote', { token: child, body: { id: set, domain_ids: [www] } });
    const after = app.db.prepare('SELECT * FROM waf_rule_set_domains WHERE rule_set_id = ? AND domain_id <> ?').all(set, www) as { created_at: number }[];
    assert.equal(after.length, before.length);
    assert.ok(after.every((row) => row.created_at === 1), 'the other websites’ bindings were not rewritten');

    const groups = await expectOk<ListAnswer<WebsiteGroup>>(app, 'GET', 'V4/cloudsafe.hwws.website.group.list', { token: parent });
    const group = groups.list[0]!;
    const assigned = await call(app, 'POST', 'V4/cloudsafe.hwws.website.group.assign', { token: child, body: { group_id: group.id, selection: { ids: [shop] } } });
    assert.notEqual(assigned.code, NOT_FOUND_CODE);
    const again = await expectOk<ListAnswer<WebsiteGroup>>(app, 'GET', 'V4/cloudsafe.hwws.website.group.list', { token: parent });
    assert.equal(again.list.find((item) => item.id === group.id)!.updated_at, group.updated_at);
  });
});
