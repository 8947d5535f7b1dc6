/**
 * Web security policies on the reference server (issue 22; shell §7 `/v5/security/security_protection/ddos/configs`
 * and `/waf/rules`; rules §3 "Security template"; rules §4 "Configuration method"; rules §5 batch configuration and
 * paths; rules §6 grants and package gating; rules §8 messages; rules §9 replay window).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CONFLICT_CODE, NOT_FOUND_CODE, PERMISSION_DENIED_CODE, SUCCESS_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type { ListAnswer } from '../../core/api/endpoints/platform.js';
import type { RuleSetInfo } from '../../core/api/endpoints/waf.js';
import {
  SECURITY_V5_PATHS,
  type SecurityBatchAnswer,
  type SecurityBusinessAnswer,
  type SecurityCardsAnswer,
  type SecurityDomain,
  type SecurityTemplate,
  type SecurityTemplateListAnswer,
} from '../../core/api/endpoints/web-security.js';
import { securityCardDefaults } from '../../core/security/cards.js';
import { bindGroupObjects, createChildAccount, createPermissionGroup } from '../../demo/server/features/account/store.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { hashPasswordSync } from '../../demo/server/platform/security/passwords.js';
import { call, expectOk, signInChild, signInParent, startServer, type Answer } from './helpers.js';

let app: FastifyInstance;
let parent: string;
const sites: number[] = [];

function addSites(count: number, prefix: string, status = 'serving', origin = true): number[] {
  const insert = app.db.prepare('INSERT INTO domains (member_id, domain, created_at, status, updated_at) VALUES (?, ?, 0, ?, 0)');
  const addOrigin = app.db.prepare("INSERT INTO website_origins (member_id, domain_id, address, port, line) VALUES (?, ?, '192.0.2.10', 80, 'primary')");
  return Array.from({ length: count }, (_, index) => {
    const id = Number(insert.run(DEMO_MEMBER_ID, `${prefix}${index}.example.com`, status).lastInsertRowid);
    if (origin) addOrigin.run(DEMO_MEMBER_ID, id);
    return id;
  });
}

function errors(answer: Answer<unknown>) {
  assert.equal(answer.code, VALIDATION_FAILED_CODE, answer.raw);
  return (answer.data as { errors: { field: string; key: string; values?: Record<string, unknown> }[] }).errors;
}
const getCards = (path: 'ddos' | 'waf', businessId: number, token = parent) => call<SecurityCardsAnswer>(app, 'GET', SECURITY_V5_PATHS[path], { token, query: { business_id: businessId } });
const putCards = (path: 'ddos' | 'waf', body: Record<string, unknown>, token = parent) => call<SecurityCardsAnswer>(app, 'PUT', SECURITY_V5_PATHS[path], { token, body });
const domainBusiness = (domainId: number, token = parent) => expectOk<SecurityBusinessAnswer>(app, 'GET', 'V4/web.security.business.get', { token, query: { domain_id: domainId } });
const bindings = (domainId: number) => (app.db.prepare('SELECT rule_set_id FROM waf_rule_set_domains WHERE domain_id = ? ORDER BY rule_set_id').all(domainId) as { rule_set_id: number }[]).map((row) => row.rule_set_id);
const setAllow = (allow: Record<string, unknown>) => {
  const row = app.db.prepare('SELECT package_allow FROM plans WHERE member_id = ?').get(DEMO_MEMBER_ID) as { package_allow: string };
  const before = row.package_allow;
  app.db.prepare('UPDATE plans SET package_allow = ? WHERE member_id = ?').run(JSON.stringify({ ...JSON.parse(before), ...allow }), DEMO_MEMBER_ID);
  return () => app.db.prepare('UPDATE plans SET package_allow = ? WHERE member_id = ?').run(before, DEMO_MEMBER_ID);
};
async function save<N extends string>(path: 'ddos' | 'waf', businessId: number, name: N, change: Record<string, unknown>, token = parent) {
  const current = (await getCards(path, businessId, token)).data as SecurityCardsAnswer;
  const card = (current.cards as Record<string, { value: object; revision: number }>)[name]!;
  return putCards(path, { business_id: businessId, [name]: { revision: card.revision, value: { ...card.value, ...change } } }, token);
}

before(async () => {
  ({ app } = await startServer({ seedLanguage: 'en_US' }));
  parent = (await signInParent(app)).token;
  sites.push(...addSites(4, 'sec'));
  // Full modes and block pages for the account (the gate tests take them away).
  setAllow({ cloud_waf: { waf_mode: ['observe', 'block', 'ban'] }, waf_block_diy_page: { type: ['default', 'html', 'url'] } });
});
after(async () => app.close());

describe('web security policies (issue 22)', () => {
  let globalId = 0;
  let template: SecurityTemplate;

  it('seed: a global policy with cards on and a template bound to blog.example.org', async () => {
    const global = await expectOk<SecurityBusinessAnswer>(app, 'GET', 'V4/web.security.business.get', { token: parent, query: { global: 1 } });
    globalId = global.business.business_id;
    assert.equal(global.business.kind, 'global');
    const ddos = await expectOk<SecurityCardsAnswer>(app, 'GET', SECURITY_V5_PATHS.ddos, { token: parent, query: { business_id: globalId } });
    assert.deepEqual(Object.keys(ddos.cards).sort(), ['application_ddos_protection', 'visitor_authentication']);
    assert.equal(ddos.cards.application_ddos_protection!.value.enabled, true);
    const list = await expectOk<SecurityTemplateListAnswer>(app, 'GET', 'V4/web.security.template.list', { token: parent, query: { page: 1, per_page: 10 } });
    assert.equal(list.list[0]!.name, 'Strict shop protection');
    assert.equal(list.list[0]!.bound_count, 1);
    assert.equal(list.editable, true);
  });

  it('shell §7: a card on the wrong path is refused with a field issue; unknown fields dropped, wrong types refused', async () => {
    const waf = await expectOk<SecurityCardsAnswer>(app, 'GET', SECURITY_V5_PATHS.waf, { token: parent, query: { business_id: globalId } });
    assert.ok(!('application_ddos_protection' in waf.cards));
    const wrong = errors(await putCards('waf', { business_id: globalId, application_ddos_protection: { revision: 1, value: securityCardDefaults('application_ddos_protection') } }));
    assert.deepEqual(wrong.map((e) => [e.field, e.key]), [['application_ddos_protection', 'web-security.wrong-path']]);
    const typed = errors(await putCards('waf', { business_id: globalId, csrf: { revision: 0, value: { ...securityCardDefaults('csrf'), enabled: 'yes' } } }));
    assert.deepEqual(typed.map((e) => [e.field, e.key]), [['csrf.enabled', 'common.format-error']]);
    const extra = await save('waf', globalId, 'webshell_detection', { surprise: 1, mode: 'block' });
    assert.equal(extra.code, SUCCESS_CODE, extra.raw);
    assert.ok(!('surprise' in (extra.data as SecurityCardsAnswer).cards.webshell_detection!.value));
  });

  it('rules §5, §9: paths, replay window, visitor key and header, schedule, ban duration, block page messages', async () => {
    const csrf = errors(await save('waf', globalId, 'csrf', { enabled: true, paths: ['login', `/${'a'.repeat(130)}`] }));
    assert.deepEqual(csrf.map((e) => [e.field, e.key]), [['csrf.paths.0', 'common.start-with-slash'], ['csrf.paths.1', 'web-security.path-too-long']]);
    const replay = errors(await save('waf', globalId, 'replay_protection', { window_minutes: 7 }));
    assert.deepEqual(replay.map((e) => e.key), ['web-security.replay-window']);
    const visitor = errors(await save('ddos', globalId, 'visitor_authentication', { enabled: true, key: 'ab!', header: 'X Token' }));
    assert.deepEqual(visitor.map((e) => [e.field, e.key]), [['visitor_authentication.key', 'web-security.key-format'], ['visitor_authentication.header', 'origin.header-name-format']]);
    const region = errors(await save('waf', globalId, 'region_block', { enabled: true, regions: ['ZZ'], schedule: { always: false, weekdays: [8], start: '25:00', end: '08:00' } }));
    assert.deepEqual(region.map((e) => e.field).sort(), ['region_block.regions.0', 'region_block.schedule.start', 'region_block.schedule.weekdays']);
    const ban = errors(await save('ddos', globalId, 'application_ddos_protection', { mode: 'ban', ban_seconds: 0 }));
    assert.deepEqual(ban.map((e) => e.key), ['waf.ban-duration-range']);
    const page = errors(await save('waf', globalId, 'cloud_waf', { block_page: { type: 'html', html: '<script>alert(1)</script>', url: '' } }));
    assert.deepEqual(page.map((e) => e.key), ['origin.page-no-javascript']);
    const referer = errors(await save('waf', globalId, 'referer_hotlink', { enabled: true, domains: ['not a domain'] }));
    assert.deepEqual(referer.map((e) => e.key), ['domain.format-error']);
  });

  it('rules §6 package gating: a card behind cc_protection, a WAF mode and a block page type the package lacks', async () => {
    const restore = setAllow({ cloud_waf: { waf_mode: ['observe'] }, waf_block_diy_page: { type: ['default'] } });
    try {
      const mode = errors(await save('waf', globalId, 'webshell_detection', { mode: 'ban' }));
      assert.deepEqual(mode.map((e) => [e.field, e.key, e.values?.feature]), [['webshell_detection.mode', 'domain-settings.plan-locked', 'waf_mode']]);
      const pageType = errors(await save('waf', globalId, 'cloud_waf', { block_page: { type: 'url', html: '', url: 'https://example.com/blocked' } }));
      assert.deepEqual(pageType.map((e) => e.values?.feature), ['waf_block_diy_page']);
    } finally {
      restore();
    }
    const actions = (app.db.prepare('SELECT actions FROM plans WHERE member_id = ?').get(DEMO_MEMBER_ID) as { actions: string }).actions;
    app.db.prepare("UPDATE plans SET actions = (SELECT json_group_array(value) FROM json_each(actions) WHERE value <> 'cc_protection') WHERE member_id = ?").run(DEMO_MEMBER_ID);
    try {
      const read = await expectOk<SecurityCardsAnswer>(app, 'GET', SECURITY_V5_PATHS.ddos, { token: parent, query: { business_id: globalId } });
      assert.equal(read.cards.application_ddos_protection!.locked_by, 'cc_protection');
      assert.equal(read.cards.application_ddos_protection!.editable, false);
      assert.equal(read.cards.visitor_authentication!.locked_by, null);
      const locked = errors(await save('ddos', globalId, 'application_ddos_protection', { level: 'strict' }));
      assert.deepEqual(locked.map((e) => [e.field, e.values?.feature]), [['application_ddos_protection', 'cc_protection']]);
    } finally {
      app.db.prepare('UPDATE plans SET actions = ? WHERE member_id = ?').run(actions, DEMO_MEMBER_ID);
    }
  });

  it('revisions: a stale save answers CONFLICT_CODE; a save equal to the stored value keeps the revision and writes no log', async () => {
    const first = await expectOk<SecurityCardsAnswer>(app, 'GET', SECURITY_V5_PATHS.waf, { token: parent, query: { business_id: globalId } });
    const card = first.cards.intelligent_protection!;
    const saved = await putCards('waf', { business_id: globalId, intelligent_protection: { revision: card.revision, value: { ...card.value, level: 'strict' } } });
    assert.equal(saved.code, SUCCESS_CODE, saved.raw);
    assert.equal((saved.data as SecurityCardsAnswer).cards.intelligent_protection!.revision, card.revision + 1);
    const stale = await putCards('waf', { business_id: globalId, intelligent_protection: { revision: card.revision, value: { ...card.value, level: 'captcha' } } });
    assert.equal(stale.code, CONFLICT_CODE, stale.raw);
    const logs = () => (app.db.prepare("SELECT COUNT(*) AS n FROM operation_log WHERE area = 'web-security'").get() as { n: number }).n;
    const count = logs();
    const same = await putCards('waf', { business_id: globalId, intelligent_protection: { revision: card.revision + 1, value: { ...card.value, level: 'strict' } } });
    assert.equal((same.data as SecurityCardsAnswer).cards.intelligent_protection!.revision, card.revision + 1);
    assert.equal(logs(), count);
    const entry = app.db.prepare("SELECT before_json, after_json FROM operation_log WHERE area = 'web-security' ORDER BY id DESC LIMIT 1").get() as { before_json: string; after_json: string };
    assert.match(entry.after_json, /strict/);
  });

  it('rules §3, §5: templates: name 4-32, remark 4-128, duplicate names, create, update', async () => {
    const bad = errors(await call(app, 'POST', 'V4/web.security.template.create', { token: parent, body: { name: 'ab', remark: 'xy' } }));
    assert.deepEqual(bad.map((e) => [e.field, e.key]), [['name', 'common.length-range'], ['remark', 'common.length-range']]);
    template = await expectOk<SecurityTemplate>(app, 'POST', 'V4/web.security.template.create', { token: parent, body: { name: 'Shop CC', remark: '' } });
    assert.ok(template.business_id > 0);
    const dup = errors(await call(app, 'POST', 'V4/web.security.template.create', { token: parent, body: { name: 'shop cc', remark: '' } }));
    assert.deepEqual(dup.map((e) => e.key), ['web-security.name-exists']);
    const renamed = await expectOk<SecurityTemplate>(app, 'POST', 'V4/web.security.template.update', { token: parent, body: { template_id: template.id, name: 'Shop CC policy', remark: 'For the sales' } });
    assert.equal(renamed.name, 'Shop CC policy');
  });

  it('rules §4: bind, switch to domain-specific copies and unlinks, unbind by copy or switch; WAF bindings follow', async () => {
    const set = await expectOk<RuleSetInfo>(app, 'POST', 'V4/waf.ruleset.create', { token: parent, body: { name: 'Template set', description: '' } });
    const ddos = await save('ddos', template.business_id, 'application_ddos_protection', { enabled: true, mode: 'block' });
    assert.equal(ddos.code, SUCCESS_CODE, ddos.raw);
    assert.equal((await save('waf', template.business_id, 'cloud_waf', { enabled: true, rule_set_ids: [set.id] })).code, SUCCESS_CODE);
    const [a, b] = sites as [number, number];
    const bound = await expectOk<SecurityBatchAnswer>(app, 'POST', 'V4/web.security.template.bind', { token: parent, body: { template_id: template.id, domain_ids: [a, b] } });
    assert.equal(bound.succeeded, 2);
    assert.deepEqual(bindings(a), [set.id]);
    const domains = await expectOk<ListAnswer<SecurityDomain>>(app, 'GET', 'V4/web.security.domain.list', { token: parent, query: { source: 'template', template_id: template.id, page: 1, per_page: 10 } });
    assert.deepEqual(domains.list.map((d) => d.domain_id), [a, b]);
    // A bound template's rule set cannot be deleted; quoted by a template counts as bound.
    const refused = errors(await call(app, 'POST', 'V4/waf.ruleset.delete', { token: parent, body: { id: set.id } }));
    assert.equal(refused[0]!.field, 'id');

    const changed = await expectOk<SecurityBusinessAnswer>(app, 'POST', 'V4/web.security.method.change', { token: parent, body: { domain_id: a, source: 'domain' } });
    assert.equal(changed.method!.source, 'domain');
    assert.equal(changed.effective!.business_id, changed.business.business_id);
    const own = await expectOk<SecurityCardsAnswer>(app, 'GET', SECURITY_V5_PATHS.ddos, { token: parent, query: { business_id: changed.business.business_id } });
    assert.equal(own.cards.application_ddos_protection!.value.mode, 'block', 'the template was copied');
    // Unlinked: the template's change no longer reaches it, its own change does not reach the template.
    assert.equal((await save('ddos', changed.business.business_id, 'application_ddos_protection', { mode: 'observe' })).code, SUCCESS_CODE);
    const tpl = await expectOk<SecurityCardsAnswer>(app, 'GET', SECURITY_V5_PATHS.ddos, { token: parent, query: { business_id: template.business_id } });
    assert.equal(tpl.cards.application_ddos_protection!.value.mode, 'block');
    assert.deepEqual(bindings(a), [set.id]);

    const notBound = await expectOk<SecurityBatchAnswer>(app, 'POST', 'V4/web.security.template.unbind', { token: parent, body: { template_id: template.id, domain_ids: [a], unbind: 'copy' } });
    assert.equal(notBound.results[0]!.reason!.key, 'web-security.not-bound');
    const toGlobal = await expectOk<SecurityBatchAnswer>(app, 'POST', 'V4/web.security.template.unbind', { token: parent, body: { template_id: template.id, domain_ids: [b], unbind: 'switch', to: 'global' } });
    assert.equal(toGlobal.succeeded, 1);
    assert.deepEqual(bindings(b), [], 'the global policy quotes no rule set');
    assert.equal((await domainBusiness(b)).method!.source, 'global');
    await expectOk(app, 'POST', 'V4/web.security.template.bind', { token: parent, body: { template_id: template.id, domain_ids: [b] } });
    const copied = await expectOk<SecurityBatchAnswer>(app, 'POST', 'V4/web.security.template.unbind', { token: parent, body: { template_id: template.id, domain_ids: [b], unbind: 'copy' } });
    assert.equal(copied.succeeded, 1);
    assert.deepEqual(bindings(b), [set.id], 'the copy keeps the rule set');
    const bAnswer = await domainBusiness(b);
    assert.equal(bAnswer.method!.source, 'domain');
  });

  it('a bound template cannot be deleted (the stricter reading); an unbound one can', async () => {
    const other = await expectOk<SecurityTemplate>(app, 'POST', 'V4/web.security.template.create', { token: parent, body: { name: 'Spare policy', remark: '' } });
    await expectOk(app, 'POST', 'V4/web.security.template.bind', { token: parent, body: { template_id: other.id, domain_ids: [sites[2]] } });
    const refused = errors(await call(app, 'POST', 'V4/web.security.template.delete', { token: parent, body: { template_id: other.id } }));
    assert.deepEqual(refused.map((e) => e.key), ['web-security.template-bound']);
    await expectOk(app, 'POST', 'V4/web.security.method.change', { token: parent, body: { domain_id: sites[2], source: 'global' } });
    await expectOk(app, 'POST', 'V4/web.security.template.delete', { token: parent, body: { template_id: other.id } });
  });

  it('rules §5, §8: batch configuration needs cards and sites; unapproved or origin-less sites are refused; the rest become domain-specific', async () => {
    const empty = errors(await call(app, 'POST', 'V4/web.security.batch.config', { token: parent, body: { domain_ids: [], cards: {} } }));
    assert.deepEqual(empty.map((e) => e.key).sort(), ['websites.batch-config-required', 'websites.select-domain']);
    const [pending] = addSites(1, 'pending', 'pending_approval');
    const [bare] = addSites(1, 'bare', 'serving', false);
    const answer = await expectOk<SecurityBatchAnswer>(app, 'POST', 'V4/web.security.batch.config', {
      token: parent,
      body: { domain_ids: [sites[3], pending, bare], cards: { replay_protection: { ...securityCardDefaults('replay_protection'), enabled: true, window_minutes: 10 } } },
    });
    assert.deepEqual(answer.results.map((r) => [r.ok, r.reason?.key]), [[true, undefined], [false, 'websites.cannot-batch-configure'], [false, 'websites.cannot-batch-configure']]);
    const after = await domainBusiness(sites[3]!);
    assert.equal(after.method!.source, 'domain');
    const cards = await expectOk<SecurityCardsAnswer>(app, 'GET', SECURITY_V5_PATHS.waf, { token: parent, query: { business_id: after.business.business_id } });
    assert.equal(cards.cards.replay_protection!.value.window_minutes, 10);
  });

  it('the WAF quote call goes through the domains own cloud WAF cards', async () => {
    const set = await expectOk<RuleSetInfo>(app, 'POST', 'V4/waf.ruleset.create', { token: parent, body: { name: 'Quoted set', description: '' } });
    const target = sites[3]!;
    await expectOk(app, 'POST', 'V4/waf.ruleset.quote', { token: parent, body: { id: set.id, domain_ids: [target] } });
    assert.ok(bindings(target).includes(set.id));
    const own = (await domainBusiness(target)).business.business_id;
    const waf = await expectOk<SecurityCardsAnswer>(app, 'GET', SECURITY_V5_PATHS.waf, { token: parent, query: { business_id: own } });
    assert.ok(waf.cards.cloud_waf!.value.rule_set_ids.includes(set.id));
  });

  it('rules §6: a sub-account with a one-website grant reaches only that website policy; global and template writes are refused', async () => {
    const website = sites[0]!;
    const groupId = createPermissionGroup(
      app.db,
      {
        memberId: DEMO_MEMBER_ID,
        name: 'One secured website',
        grants: [
          { module: 'domain', object_scope: 'specified', access: 'manage', auto_bind_new: false },
          { module: 'security_policy', object_scope: 'all', access: 'manage', auto_bind_new: false },
        ],
      },
      app.now(),
    );
    bindGroupObjects(app.db, { memberId: DEMO_MEMBER_ID, groupId, module: 'domain', kind: 'specified', objectIds: [website] });
    createChildAccount(app.db, { memberId: DEMO_MEMBER_ID, userName: 'sec-child', passwordHash: hashPasswordSync('Child-pass-1'), groupId }, app.now());
    const child = (await signInChild(app, DEMO_MEMBER_ID, 'sec-child', 'Child-pass-1')).token;

    const mine = await domainBusiness(website, child);
    assert.equal(mine.business.editable, true);
    assert.equal((await save('waf', mine.business.business_id, 'webshell_detection', { enabled: true }, child)).code, SUCCESS_CODE);
    const otherDomain = await domainBusiness(sites[1]!);
    assert.equal((await call(app, 'GET', 'V4/web.security.business.get', { token: child, query: { domain_id: sites[1] } })).code, NOT_FOUND_CODE);
    assert.equal((await getCards('waf', otherDomain.business.business_id, child)).code, NOT_FOUND_CODE);
    // The global policy and templates reach every bound domain: view only.
    const global = await getCards('waf', globalId, child);
    assert.equal((global.data as SecurityCardsAnswer).business.editable, false);
    assert.equal((await save('waf', globalId, 'webshell_detection', { enabled: false }, child)).code, PERMISSION_DENIED_CODE);
    assert.equal((await save('waf', template.business_id, 'webshell_detection', { enabled: false }, child)).code, PERMISSION_DENIED_CODE);
    assert.equal((await call(app, 'POST', 'V4/web.security.template.create', { token: child, body: { name: 'Child policy', remark: '' } })).code, PERMISSION_DENIED_CODE);
    const bind = await expectOk<SecurityBatchAnswer>(app, 'POST', 'V4/web.security.template.bind', { token: child, body: { template_id: template.id, domain_ids: [website, sites[1]] } });
    assert.deepEqual(bind.results.map((r) => [r.ok, r.reason?.key]), [[true, undefined], [false, 'websites.not-found']]);
    assert.equal((await call(app, 'POST', 'V4/web.security.method.change', { token: child, body: { domain_id: sites[1], source: 'domain' } })).code, NOT_FOUND_CODE);
    const listed = await expectOk<ListAnswer<SecurityDomain>>(app, 'GET', 'V4/web.security.domain.list', { token: child, query: { source: 'template', page: 1, per_page: 50 } });
    assert.deepEqual(listed.list.map((d) => d.domain_id), [website]);
  });
});
