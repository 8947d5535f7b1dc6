/**
 * The conditions match engine (issue 22; shell §2, §4 condition_source; rules §3 "Condition rule: name, description,
 * citation count, status"; rules §4 "a suspended rule has no effect"; rules §5 Match rules and WAF): every
 * `V4/condition.rule.*` call, the gate, the WAF `condition-rule` match type with its citation counts, the refusal to
 * delete a cited rule, the server's expansion of references before the matcher (rule tester, domain rule fetch), a
 * sub-account with a one-object grant, and shell §7 `V4/firewall.member.transfer` read as the copy targets.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CONFLICT_CODE, NOT_FOUND_CODE, PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type { ConditionRule, ConditionRuleCitation, ConditionRuleStatusAnswer } from '../../core/api/endpoints/conditions.js';
import type { ListAnswer } from '../../core/api/endpoints/platform.js';
import type { DomainPolicy, EvaluateAnswer, FirewallPolicy, PolicyCondition, RuleSetInfo, TransferTarget, WafPageConfig } from '../../core/api/endpoints/waf.js';
import { bindGroupObjects, createChildAccount, createPermissionGroup } from '../../demo/server/features/account/store.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { hashPasswordSync } from '../../demo/server/platform/security/passwords.js';
import { addSecondTenant, call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

let app: FastifyInstance;
let parent: string;

const ADMIN_PATH: PolicyCondition[] = [{ rule_type: 'url', data: { operator: 'prefix', value: '/admin' } }];
const reference = (id: number, operator = 'matches'): PolicyCondition => ({ rule_type: 'condition-rule', data: { operator, value: String(id) } });

const save = (body: Record<string, unknown>, token = parent) => call<ConditionRule>(app, 'POST', 'V4/condition.rule.save', { token, body });
const create = async (name: string, rules: PolicyCondition[] = ADMIN_PATH) =>
  (await expectOk<ConditionRule>(app, 'POST', 'V4/condition.rule.save', { token: parent, body: { name, description: '', rules, status: 'enabled' } }));
const errors = (answer: { code: number; data: unknown; raw: string }) => {
  assert.equal(answer.code, VALIDATION_FAILED_CODE, answer.raw);
  return (answer.data as { errors: { field: string; key: string }[] }).errors;
};
const setId = (name: string) => (app.db.prepare('SELECT id FROM waf_rule_sets WHERE member_id = ? AND name = ?').get(DEMO_MEMBER_ID, name) as { id: number }).id;
const domainId = (name: string) => (app.db.prepare('SELECT id FROM domains WHERE member_id = ? AND domain = ?').get(DEMO_MEMBER_ID, name) as { id: number }).id;
const engine = (view: 'on' | 'off') => app.db.prepare('UPDATE member_console_info SET condition_source_view = ? WHERE member_id = ?').run(view, DEMO_MEMBER_ID);
const saveWafRule = (mainId: number, rules: PolicyCondition[], token = parent) =>
  call<FirewallPolicy>(app, 'POST', 'V4/firewall.policy.save', { token, body: { main_id: mainId, rules, action: { type: 'block' }, status: 'enabled', remark: '' } });
const evaluate = (rules: PolicyCondition[], url: string) =>
  expectOk<EvaluateAnswer>(app, 'POST', 'V4/waf.ruleset.evaluate', {
    token: parent,
    body: { rules: [{ rules, action: { type: 'block' }, status: 'enabled' }], request: { method: 'GET', url, client_ip: '203.0.113.5' } },
  });

before(async () => {
  ({ app } = await startServer({ seedLanguage: 'en_US' }));
  parent = (await signInParent(app)).token;
});
after(async () => app.close());

describe('rules §3 condition rules: name, description, citation count, status', () => {
  it('save creates and changes a rule; list searches name and description and pages; get reads one', async () => {
    const made = await create('Admin area');
    assert.deepEqual([made.name, made.status, made.citations, made.editable], ['Admin area', 'enabled', 0, true]);
    const changed = await expectOk<ConditionRule>(app, 'POST', 'V4/condition.rule.save', {
      token: parent,
      body: { id: made.id, name: 'Admin area', description: 'Office paths of the back end', rules: ADMIN_PATH, status: 'enabled' },
    });
    assert.equal(changed.description, 'Office paths of the back end');
    const seeded = await expectOk<ListAnswer<ConditionRule>>(app, 'GET', 'V4/condition.rule.list', { token: parent, query: { status: 'suspended' } });
    assert.ok(seeded.list.some((rule) => rule.name === 'Automation tools' && rule.citations === 0), 'the demo seed holds a suspended rule');
    await create('Scanner agents', [{ rule_type: 'header', data: { operator: 'contains', value: 'sqlmap|nikto', name: 'User-Agent' } }]);
    const found = await expectOk<ListAnswer<ConditionRule>>(app, 'GET', 'V4/condition.rule.list', { token: parent, query: { keyword: 'OFFICE PATHS' } });
    // The description of the rule made here, and the name of the demo seed's rule (seed.ts).
    assert.deepEqual(found.list.map((rule) => rule.name), ['Admin area', 'Back office paths']);
    const paged = await expectOk<ListAnswer<ConditionRule>>(app, 'GET', 'V4/condition.rule.list', { token: parent, query: { page: 1, per_page: 1 } });
    assert.equal(paged.list.length, 1);
    assert.ok(paged.total >= 2);
    const read = await expectOk<ConditionRule>(app, 'GET', 'V4/condition.rule.get', { token: parent, query: { id: made.id } });
    assert.deepEqual(read.rules, ADMIN_PATH);
    assert.equal((await call(app, 'GET', 'V4/condition.rule.get', { token: parent, query: { id: 999999 } })).code, NOT_FOUND_CODE);
  });

  it('rules §5: name required and at most 32, description at most 64, the WAF condition limits, no nested reference', async () => {
    assert.deepEqual(
      errors(await save({ name: ' ', description: 'd'.repeat(65), rules: ADMIN_PATH, status: 'enabled' })).map((found) => [found.field, found.key]),
      [['name', 'common.required'], ['description', 'common.too-long']],
    );
    assert.deepEqual(errors(await save({ name: 'n'.repeat(33), rules: ADMIN_PATH, status: 'enabled' })).map((found) => found.key), ['common.too-long']);
    assert.deepEqual(errors(await save({ name: 'Empty', rules: [], status: 'enabled' })).map((found) => found.key), ['common.rule-required']);
    const six = Array.from({ length: 6 }, () => ADMIN_PATH[0]!);
    assert.deepEqual(errors(await save({ name: 'Six', rules: six, status: 'enabled' })).map((found) => found.key), ['waf.too-many-conditions']);
    const rows = Array.from({ length: 21 }, (_, index) => `/p${index}`).join('|');
    assert.deepEqual(errors(await save({ name: 'Rows', rules: [{ rule_type: 'url', data: { operator: 'prefix', value: rows } }], status: 'enabled' })).map((found) => found.key), [
      'waf.too-many-or-rows',
    ]);
    const made = await create('Nest target');
    assert.deepEqual(errors(await save({ name: 'Nested', rules: [reference(made.id)], status: 'enabled' })).map((found) => found.key), ['conditions.nested-reference']);
    assert.deepEqual(errors(await save({ name: 'Status', rules: ADMIN_PATH, status: 'closed' })).map((found) => found.key), ['conditions.status-invalid']);
    assert.deepEqual(errors(await save({ name: 'Region', rules: [{ rule_type: 'region', data: { operator: 'equals', value: 'ZZZZ' } }], status: 'enabled' })).map((found) => found.key), [
      'waf.region-unknown',
    ]);
  });
});

describe('rules §5 a WAF rule references a condition rule; citations; rules §4 suspended rules', () => {
  it('the page configuration offers the rules; a WAF rule cites one; delete is refused naming the rule and its set; suspend warns', async () => {
    const rule = await create('Cited admin');
    const config = await expectOk<WafPageConfig>(app, 'GET', 'V4/firewall.pagecfg', { token: parent, query: { type: 'waf' } });
    assert.ok(config.condition_rules?.some((choice) => choice.id === rule.id && choice.status === 'enabled'));
    const login = setId('Login protection');
    const waf = (await saveWafRule(login, [reference(rule.id)])).data;
    assert.equal(waf.rules[0]!.data.expanded, undefined, 'a saved rule keeps the reference only');
    const listed = await expectOk<ConditionRule>(app, 'GET', 'V4/condition.rule.get', { token: parent, query: { id: rule.id } });
    assert.equal(listed.citations, 1);
    const citations = await expectOk<ListAnswer<ConditionRuleCitation>>(app, 'GET', 'V4/condition.rule.citations', { token: parent, query: { id: rule.id } });
    assert.deepEqual(citations.list, [{ rule_id: waf.id, code: waf.code, rule_set_id: login, rule_set_name: 'Login protection' }]);

    const refused = await call(app, 'POST', 'V4/condition.rule.delete', { token: parent, body: { id: rule.id } });
    assert.equal(refused.code, CONFLICT_CODE, refused.raw);
    assert.match(refused.message, new RegExp(`Login protection #${waf.code}`));
    const zh = await call(app, 'POST', 'V4/condition.rule.delete', { token: parent, body: { id: rule.id }, lang: 'zh_CN' });
    assert.match(zh.message, /无法删除/);

    const suspended = await expectOk<ConditionRuleStatusAnswer>(app, 'POST', 'V4/condition.rule.status', { token: parent, body: { ids: [rule.id], status: 'suspended' } });
    assert.deepEqual(suspended, { changed: 1, cited_by: 1 });

    // Remove the reference: the rule can go.
    await expectOk(app, 'POST', 'V4/firewall.policy.delete', { token: parent, body: { ids: [waf.id] } });
    await expectOk(app, 'POST', 'V4/condition.rule.delete', { token: parent, body: { id: rule.id } });
    assert.equal((await call(app, 'GET', 'V4/condition.rule.get', { token: parent, query: { id: rule.id } })).code, NOT_FOUND_CODE);
  });

  it('the server expands references in the rule tester: matches, does not match, and a suspended rule never matches', async () => {
    const rule = await create('Tester admin');
    const matched = await evaluate([reference(rule.id)], 'https://www.example.com/admin/users');
    assert.equal(matched.rules[0]!.outcome, 'match');
    assert.equal(matched.firstFiring, 0);
    assert.equal((await evaluate([reference(rule.id)], 'https://www.example.com/shop')).rules[0]!.outcome, 'no-match');
    assert.equal((await evaluate([reference(rule.id, 'not-matches')], 'https://www.example.com/shop')).rules[0]!.outcome, 'match');
    await expectOk(app, 'POST', 'V4/condition.rule.status', { token: parent, body: { ids: [rule.id], status: 'suspended' } });
    assert.equal((await evaluate([reference(rule.id)], 'https://www.example.com/admin/users')).rules[0]!.outcome, 'no-match');
    await expectOk(app, 'POST', 'V4/condition.rule.status', { token: parent, body: { ids: [rule.id], status: 'enabled' } });
  });

  it('rules handed to the browser trace come expanded (get_domainid), a saved set evaluates expanded too', async () => {
    const rule = await create('Trace admin');
    const login = setId('Login protection');
    const waf = (await saveWafRule(login, [reference(rule.id)])).data;
    const www = domainId('www.example.com');
    const page = await expectOk<ListAnswer<DomainPolicy>>(app, 'GET', 'V4/firewall.policy.get_domainid', { token: parent, query: { domain_id: www } });
    const fetched = page.list.find((policy) => policy.id === waf.id);
    assert.ok(fetched, 'Login protection applies to www.example.com');
    assert.deepEqual(fetched.rules[0]!.data.expanded, ADMIN_PATH);
    const saved = await expectOk<EvaluateAnswer>(app, 'POST', 'V4/waf.ruleset.evaluate', { token: parent, body: { id: login, request: { method: 'GET', url: 'https://www.example.com/admin', client_ip: '203.0.113.5' } } });
    const index = saved.rules.findIndex((result) => result.id === waf.id);
    assert.equal(saved.rules[index]!.outcome, 'match');
    await expectOk(app, 'POST', 'V4/firewall.policy.delete', { token: parent, body: { ids: [waf.id] } });
  });

  it('a WAF rule may reference only the account\'s own condition rules (rules §6 per object)', async () => {
    const other = addSecondTenant(app);
    const foreign = Number(
      app.db
        .prepare("INSERT INTO condition_rules (member_id, name, description, conditions, status, created_at, updated_at) VALUES (?, 'theirs', '', ?, 'enabled', 0, 0)")
        .run(other.memberId, JSON.stringify(ADMIN_PATH)).lastInsertRowid,
    );
    const answer = await saveWafRule(setId('Login protection'), [reference(foreign)]);
    assert.deepEqual(errors(answer), [{ field: 'conditions.0.value', key: 'conditions.rule-not-found' }]);
    assert.equal((await call(app, 'GET', 'V4/condition.rule.get', { token: parent, query: { id: foreign } })).code, NOT_FOUND_CODE);
    // The tester's drafts are checked the same way: the foreign rule is never expanded.
    const tested = await call(app, 'POST', 'V4/waf.ruleset.evaluate', {
      token: parent,
      body: { rules: [{ rules: [reference(foreign)], action: { type: 'block' }, status: 'enabled' }], request: { method: 'GET', url: '/admin', client_ip: '203.0.113.5' } },
    });
    assert.deepEqual(errors(tested), [{ field: 'rules.0.conditions.0.value', key: 'conditions.rule-not-found' }]);
  });
});

describe('shell §4 condition_source gate', () => {
  it('every call is refused with PERMISSION_DENIED and says the engine is off; the WAF dialog is not offered the type', async () => {
    const rule = await create('Gated');
    const citing = (await saveWafRule(setId('Login protection'), [reference(rule.id)])).data;
    engine('off');
    try {
      const calls: [string, 'GET' | 'POST', Record<string, unknown>][] = [
        ['V4/condition.rule.list', 'GET', {}],
        ['V4/condition.rule.get', 'GET', { id: rule.id }],
        ['V4/condition.rule.citations', 'GET', { id: rule.id }],
        ['V4/condition.rule.save', 'POST', { name: 'x', rules: ADMIN_PATH, status: 'enabled' }],
        ['V4/condition.rule.status', 'POST', { ids: [rule.id], status: 'suspended' }],
        ['V4/condition.rule.delete', 'POST', { id: rule.id }],
      ];
      for (const [path, method, payload] of calls) {
        const answer = await call(app, method, path, { token: parent, ...(method === 'GET' ? { query: payload as Record<string, string> } : { body: payload }) });
        assert.equal(answer.code, PERMISSION_DENIED_CODE, `${path}: ${answer.raw}`);
        assert.equal(answer.message, 'The conditions match engine is not enabled for this account');
      }
      const config = await expectOk<WafPageConfig>(app, 'GET', 'V4/firewall.pagecfg', { token: parent, query: { type: 'waf' } });
      assert.equal(config.condition_rules, null);
      assert.deepEqual(errors(await saveWafRule(setId('Login protection'), [reference(rule.id)])), [{ field: 'conditions.0.value', key: 'conditions.rule-not-found' }]);
      // Copying a rule carries its reference: refused like a save.
      const copied = await call(app, 'POST', 'V4/waf.ruleset.copy_rules', { token: parent, body: { ids: [citing.id], target_id: setId('API hardening') } });
      assert.deepEqual(errors(copied), [{ field: 'ids', key: 'conditions.rule-not-found' }]);
    } finally {
      engine('on');
    }
    await expectOk(app, 'POST', 'V4/firewall.policy.delete', { token: parent, body: { ids: [citing.id] } });
  });
});

describe('rules §6 a sub-account with a one-object grant', () => {
  let child: string;
  let readerChild: string;
  let own: number;
  before(async () => {
    const www = domainId('www.example.com');
    // A set protecting the granted website only: the one object of the group's security policy grant.
    own = (await expectOk<RuleSetInfo>(app, 'POST', 'V4/waf.ruleset.create', { token: parent, body: { name: 'Child set', description: '' } })).id;
    await expectOk(app, 'POST', 'V4/waf.ruleset.quote', { token: parent, body: { id: own, domain_ids: [www] } });
    const login = own;
    // Manage one website and one rule set; and a second group that only reads them.
    for (const [name, access, user] of [['One set manage', 'manage', 'cond-manager'], ['One set read', 'read', 'cond-reader']] as const) {
      const groupId = createPermissionGroup(
        app.db,
        {
          memberId: DEMO_MEMBER_ID,
          name,
          grants: [
            { module: 'domain', object_scope: 'specified', access, auto_bind_new: false },
            { module: 'security_policy', object_scope: 'specified', access, auto_bind_new: false },
          ],
        },
        app.now(),
      );
      bindGroupObjects(app.db, { memberId: DEMO_MEMBER_ID, groupId, module: 'domain', kind: 'specified', objectIds: [www] });
      bindGroupObjects(app.db, { memberId: DEMO_MEMBER_ID, groupId, module: 'security_policy', kind: 'specified', objectIds: [login] });
      createChildAccount(app.db, { memberId: DEMO_MEMBER_ID, userName: user, passwordHash: hashPasswordSync('Cond#Child2026'), groupId }, app.now());
    }
    child = (await signInChild(app, DEMO_MEMBER_ID, 'cond-manager', 'Cond#Child2026')).token;
    readerChild = (await signInChild(app, DEMO_MEMBER_ID, 'cond-reader', 'Cond#Child2026')).token;
  });

  it('reads unused rules and rules cited in its set; never one cited only outside its grant; changes only with manage', async () => {
    const unused = await create('Child unused');
    const inside = await create('Child inside');
    const outside = await create('Child outside');
    const insideRule = (await saveWafRule(own, [reference(inside.id)])).data;
    const outsideRule = (await saveWafRule(setId('API hardening'), [reference(outside.id)])).data;

    const names = (await expectOk<ListAnswer<ConditionRule>>(app, 'GET', 'V4/condition.rule.list', { token: child, query: { per_page: 100 } })).list.map((rule) => rule.name);
    assert.ok(names.includes('Child unused') && names.includes('Child inside'));
    assert.ok(!names.includes('Child outside'), 'a rule acting only outside the grant is hidden');
    assert.equal((await call(app, 'GET', 'V4/condition.rule.get', { token: child, query: { id: outside.id } })).code, PERMISSION_DENIED_CODE);
    assert.equal((await call(app, 'GET', 'V4/condition.rule.citations', { token: child, query: { id: outside.id } })).code, PERMISSION_DENIED_CODE);
    assert.equal((await call(app, 'POST', 'V4/condition.rule.delete', { token: child, body: { id: outside.id } })).code, PERMISSION_DENIED_CODE);
    // Its own set may not reference a rule it cannot see.
    assert.deepEqual(errors(await saveWafRule(own, [reference(outside.id)], child)), [{ field: 'conditions.0.value', key: 'conditions.rule-not-found' }]);

    // Manage: the child changes the rule its set cites and the unused one.
    await expectOk(app, 'POST', 'V4/condition.rule.status', { token: child, body: { ids: [inside.id], status: 'suspended' } });
    await expectOk(app, 'POST', 'V4/condition.rule.save', { token: child, body: { id: unused.id, name: 'Child unused 2', rules: ADMIN_PATH, status: 'enabled' } });

    // Read only: sees the same, changes nothing.
    const reader = await expectOk<ConditionRule>(app, 'GET', 'V4/condition.rule.get', { token: readerChild, query: { id: inside.id } });
    assert.equal(reader.editable, false);
    assert.equal((await save({ name: 'Reader made', rules: ADMIN_PATH, status: 'enabled' }, readerChild)).code, PERMISSION_DENIED_CODE);
    assert.equal((await call(app, 'POST', 'V4/condition.rule.status', { token: readerChild, body: { ids: [inside.id], status: 'enabled' } })).code, PERMISSION_DENIED_CODE);
    assert.equal((await call(app, 'POST', 'V4/condition.rule.delete', { token: readerChild, body: { id: unused.id } })).code, PERMISSION_DENIED_CODE);
    await expectOk(app, 'POST', 'V4/firewall.policy.delete', { token: parent, body: { ids: [insideRule.id, outsideRule.id] } });
  });

  it('shell §7 firewall.member.transfer: only the sets the caller may copy rules into, with their room', async () => {
    const login = setId('Login protection');
    const parentTargets = await expectOk<ListAnswer<TransferTarget>>(app, 'GET', 'V4/firewall.member.transfer', { token: parent, query: { source_id: login, count: 2 } });
    assert.ok(parentTargets.list.length > 0);
    assert.ok(parentTargets.list.every((set) => set.id !== login && set.attribution !== ('built-in' as never) && set.fits === set.room >= 2));
    assert.ok(parentTargets.list.some((set) => set.name === 'API hardening'));
    const childTargets = await expectOk<ListAnswer<TransferTarget>>(app, 'GET', 'V4/firewall.member.transfer', { token: child });
    assert.deepEqual(childTargets.list.map((set) => set.name), ['Child set'], 'the one set the child manages');
    const readerTargets = await expectOk<ListAnswer<TransferTarget>>(app, 'GET', 'V4/firewall.member.transfer', { token: readerChild });
    assert.deepEqual(readerTargets.list, [], 'read-only: nothing to copy into');
    assert.equal((await call(app, 'GET', 'V4/firewall.member.transfer', { token: child, query: { source_id: setId('API hardening') } })).code, PERMISSION_DENIED_CODE);
    assert.equal((await call(app, 'GET', 'V4/firewall.member.transfer', { token: parent, query: { source_id: 999999 } })).code, NOT_FOUND_CODE);
    assert.equal((await call(app, 'GET', 'V4/firewall.member.transfer', { token: parent, query: { count: 1001 } })).code, VALIDATION_FAILED_CODE);
  });

  it('a full set is marked as not fitting', async () => {
    const made = await expectOk<RuleSetInfo>(app, 'POST', 'V4/waf.ruleset.create', { token: parent, body: { name: 'Nearly full', description: '' } });
    const insert = app.db.prepare(
      "INSERT INTO waf_rules (member_id, rule_set_id, code, sort, status, conditions, action, created_at, updated_at) VALUES (?, ?, ?, ?, 'enabled', ?, '{\"type\":\"block\"}', 0, 0)",
    );
    app.db.transaction(() => {
      for (let index = 1; index <= 999; index++) insert.run(DEMO_MEMBER_ID, made.id, `F${index}`, index, JSON.stringify(ADMIN_PATH));
    })();
    const targets = await expectOk<ListAnswer<TransferTarget>>(app, 'GET', 'V4/firewall.member.transfer', { token: parent, query: { count: 2 } });
    const full = targets.list.find((set) => set.id === made.id)!;
    assert.deepEqual([full.rules_total, full.room, full.fits], [999, 1, false]);
  });
});
