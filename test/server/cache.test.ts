/**
 * Cache rules through the domain settings groups on the reference server (shell §7 `V4/web.domain.set.get` and
 * `V4/web.domain.set.save`; rules §3 cache rule, §5 cache limits, §6 gating and permissions, §9 default cache).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CONFLICT_CODE, NOT_FOUND_CODE, PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type { CacheRuleSave, DomainSettingsGroups } from '../../core/api/endpoints/domain-settings.js';
import type { ListAnswer, OperationLogEntry } from '../../core/api/endpoints/platform.js';
import { newCacheRule, type CacheRuleInput } from '../../core/rules/cache.js';
import { addSecondTenant, call, expectOk, signInChild, signInParent, startServer, type SecondTenant } from './helpers.js';

let app: FastifyInstance;
let parent: string;
let child: string;
let other: SecondTenant;
let otherToken: string;
const ids: Record<string, number> = {};

before(async () => {
  // These tests read the English seed's wording (seed-language.test.ts holds both seeds).
  ({ app } = await startServer({ seedLanguage: 'en_US' }));
  parent = (await signInParent(app)).token;
  child = (await signInChild(app)).token;
  other = addSecondTenant(app);
  otherToken = (await signInParent(app, other.email, other.password)).token;
  for (const row of app.db.prepare('SELECT id, domain FROM domains').all() as { id: number; domain: string }[]) ids[row.domain] = row.id;
});
after(async () => app.close());

type Groups = DomainSettingsGroups;

function read(domainId: number, token = parent, group = 'cdn_advance_cache,browser_cache') {
  return call<Groups>(app, 'GET', 'V4/web.domain.set.get', { token, query: { domain_id: domainId, group } });
}
async function cacheOf(domainId: number, token = parent) {
  const answer = await read(domainId, token);
  assert.equal(answer.code, 1, answer.raw);
  return answer.data.cdn_advance_cache;
}
function save(domainId: number, group: Record<string, unknown>, token = parent) {
  return call<Partial<Groups>>(app, 'PUT', 'V4/web.domain.set.save', { token, body: { domain_id: domainId, group } });
}
async function saveRules(domainId: number, rules: CacheRuleSave[], token = parent) {
  const { revision } = await cacheOf(domainId, token);
  return save(domainId, { cdn_advance_cache: { revision, rules } }, token);
}
const rule = (fields: Partial<CacheRuleInput> = {}): CacheRuleInput => ({ ...newCacheRule(), name: 'Images', match_content: 'png|jpg', ...fields });
function errors(answer: { code: number; data: unknown; raw: string }) {
  assert.equal(answer.code, VALIDATION_FAILED_CODE, answer.raw);
  return (answer.data as { errors: { field: string; key: string; values?: unknown }[] }).errors;
}
const withoutMeta = ({ id: _id, priority: _priority, share_domain: _share, updated_at: _updated, ...rest }: Groups['cdn_advance_cache']['rules'][number]) => rest;

describe('shell §7 V4/web.domain.set.get with the cdn_advance_cache and browser_cache groups', () => {
  it('answers the settings per group: the seeded rules by priority, the built-in rules and the default rule of rules §9', async () => {
    const answer = await read(ids['www.example.com']!);
    assert.equal(answer.code, 1, answer.raw);
    const cache = answer.data.cdn_advance_cache;
    assert.equal(cache.domain, 'www.example.com');
    assert.equal(cache.source, 'domain');
    assert.equal(cache.editable, true);
    assert.deepEqual(cache.rules.map((entry) => [entry.priority, entry.name]), [
      [1, 'Sign-in and account pages'],
      [2, 'Static assets'],
      [3, 'Mobile pages'],
    ]);
    assert.deepEqual(cache.built_in_rules.map((entry) => entry.key), ['dynamic-pages']);
    assert.deepEqual(cache.default_rule, { status_seconds: { 200: 7200, 206: 7200, 404: 10 }, heuristic_fraction: 0.1, heuristic_min_seconds: 10, heuristic_max_seconds: 3600 });
    assert.deepEqual(answer.data.browser_cache, { status: 'on' });
  });

  it('names the domain a sharing rule reads and fills', async () => {
    const [assets] = (await cacheOf(ids['static.example.net']!)).rules;
    assert.equal(assets!.share_domain_id, ids['www.example.com']);
    assert.equal(assets!.share_domain, 'www.example.com');
  });

  it('answers only the groups asked for, and refuses a missing or unknown group and a bad domain id', async () => {
    const only = await read(ids['www.example.com']!, parent, 'browser_cache');
    assert.deepEqual(Object.keys(only.data), ['browser_cache']);
    assert.deepEqual(errors(await read(ids['www.example.com']!, parent, '')), [{ field: 'group', key: 'common.required' }]);
    assert.deepEqual(errors(await read(ids['www.example.com']!, parent, 'cdn_advance_cache,nope')), [{ field: 'group', key: 'common.format-error' }]);
    assert.deepEqual(errors(await call(app, 'GET', 'V4/web.domain.set.get', { token: parent, query: { group: 'browser_cache' } })), [
      { field: 'domain_id', key: 'common.positive-integer' },
    ]);
  });

  it("another account's domain does not exist for the caller (DESIGN §4)", async () => {
    assert.equal((await read(ids['www.example.com']!, otherToken)).code, NOT_FOUND_CODE);
    assert.equal((await save(ids['www.example.com']!, { browser_cache: { status: 'off' } }, otherToken)).code, NOT_FOUND_CODE);
    assert.equal((await cacheOf(ids['www.example.com']!)).rules.length, 3);
  });
});

describe('shell §7 V4/web.domain.set.save: the whole rule list per save, with a revision', () => {
  it('adds, edits, reorders and deletes rules; priorities follow the list; every change is in the operation log', async () => {
    const domainId = ids['shop.example.com']!;
    const first = await saveRules(domainId, [rule({ name: 'Images' }), rule({ name: 'Scripts', match_content: 'js' })]);
    assert.equal(first.code, 1, first.raw);
    const [images, scripts] = first.data.cdn_advance_cache!.rules;
    assert.deepEqual([images!.priority, scripts!.priority], [1, 2]);
    assert.deepEqual(withoutMeta(images!), { ...rule({ name: 'Images' }) });

    const reordered = await saveRules(domainId, [{ ...withoutMeta(scripts!), id: scripts!.id, status: 'suspended' }, { ...withoutMeta(images!), id: images!.id }]);
    assert.equal(reordered.code, 1, reordered.raw);
    assert.deepEqual(reordered.data.cdn_advance_cache!.rules.map((entry) => [entry.id, entry.priority, entry.status]), [
      [scripts!.id, 1, 'suspended'],
      [images!.id, 2, 'enabled'],
    ]);

    const deleted = await saveRules(domainId, [{ ...withoutMeta(images!), id: images!.id }]);
    assert.deepEqual(deleted.data.cdn_advance_cache!.rules.map((entry) => entry.id), [images!.id]);

    const log = await expectOk<ListAnswer<OperationLogEntry>>(app, 'GET', 'V4/oplog.list', { token: parent, query: { area: 'cache', per_page: 100 } });
    const mine = log.list.filter((entry) => entry.object_label.startsWith('shop.example.com')).map((entry) => `${entry.action} ${entry.object_label}`);
    for (const expected of [
      'create shop.example.com · Images',
      'create shop.example.com · Scripts',
      'update shop.example.com · Scripts',
      'update shop.example.com',
      'delete shop.example.com · Scripts',
    ]) {
      assert.ok(mine.includes(expected), `${expected} in ${mine.join(', ')}`);
    }
    const order = log.list.find((entry) => entry.object_label === 'shop.example.com')!;
    assert.deepEqual(order.after, { priorities: ['Scripts', 'Images'] });
  });

  it('refuses a save made from a stale revision (CONFLICT_CODE) and leaves the rules as they were', async () => {
    const domainId = ids['m.example.com']!;
    const { revision } = await cacheOf(domainId);
    assert.equal((await save(domainId, { cdn_advance_cache: { revision, rules: [rule()] } })).code, 1);
    const stale = await save(domainId, { cdn_advance_cache: { revision, rules: [] } });
    assert.equal(stale.code, CONFLICT_CODE);
    assert.match(stale.message, /changed elsewhere/);
    assert.equal((await cacheOf(domainId)).rules.length, 1);
  });

  it('refuses an id that is not one of the domain rules', async () => {
    const foreign = (await cacheOf(ids['www.example.com']!)).rules[0]!.id;
    assert.equal((await saveRules(ids['api.example.com']!, [{ ...rule(), id: foreign }])).code, NOT_FOUND_CODE);
    assert.equal((await cacheOf(ids['www.example.com']!)).rules.length, 3);
  });

  it('switches the browser_cache group and logs it', async () => {
    const domainId = ids['api.example.com']!;
    const answer = await save(domainId, { browser_cache: { status: 'off' } });
    assert.deepEqual(answer.data, { browser_cache: { status: 'off' } });
    assert.deepEqual(errors(await save(domainId, { browser_cache: { status: 'maybe' } })), [{ field: 'browser_cache.status', key: 'cache.option-invalid' }]);
    const log = await expectOk<ListAnswer<OperationLogEntry>>(app, 'GET', 'V4/oplog.list', { token: parent, query: { area: 'cache', action: 'disable' } });
    assert.equal(log.list[0]!.object_label, 'api.example.com');
  });

  it('refuses unknown groups and an empty group object', async () => {
    assert.deepEqual(errors(await save(ids['api.example.com']!, { no_such_group: {} })), [{ field: 'group.no_such_group', key: 'common.format-error' }]);
    assert.deepEqual(errors(await save(ids['api.example.com']!, {})), [{ field: 'group', key: 'common.required' }]);
  });
});

describe('rules §5 / §8 / §9 cache limits on the server', () => {
  it('at most 200 cache and 200 non-cache entries ("The number of cache rules has reached the maximum")', async () => {
    const domainId = ids['api.example.com']!;
    const cacheRules = Array.from({ length: 200 }, (_, index) => rule({ name: `Cache ${index}` }));
    const bypass = Array.from({ length: 200 }, (_, index) => rule({ name: `Bypass ${index}`, action: 'no-cache' }));
    const full = await saveRules(domainId, [...cacheRules, ...bypass]);
    assert.equal(full.code, 1, full.raw.slice(0, 300));
    assert.equal(full.data.cdn_advance_cache!.rules.length, 400);
    const over = await saveRules(domainId, [...cacheRules, ...bypass, rule({ name: 'One more' })]);
    assert.deepEqual(errors(over), [{ field: 'cdn_advance_cache.rules', key: 'origin.cache-rules-limit', values: { max: 200 } }]);
    assert.equal((await saveRules(domainId, [])).code, 1);
  });

  it('rule name at most 64 characters; durations at most one year; error rows 400-599, each once', async () => {
    const found = errors(
      await saveRules(ids['api.example.com']!, [
        rule({
          name: 'n'.repeat(65),
          edge_ttl: 366,
          edge_ttl_unit: 'day',
          browser_mode: 'override',
          browser_ttl: 2,
          browser_ttl_unit: 'year',
          error_cache: [
            { code: 404, ttl: 1, unit: 'minute' },
            { code: 404, ttl: 1, unit: 'minute' },
            { code: 302, ttl: 1, unit: 'minute' },
          ],
        }),
      ]),
    );
    assert.deepEqual(found, [
      { field: 'cdn_advance_cache.rules.0.name', key: 'common.too-long', values: { max: 64 } },
      { field: 'cdn_advance_cache.rules.0.edge_ttl', key: 'origin.cache-duration-max' },
      { field: 'cdn_advance_cache.rules.0.browser_ttl', key: 'origin.cache-duration-max' },
      { field: 'cdn_advance_cache.rules.0.error_cache.1.code', key: 'cache.error-code-duplicate' },
      { field: 'cdn_advance_cache.rules.0.error_cache.2.code', key: 'cache.error-code-range', values: { min: 400, max: 599 } },
    ]);
  });

  it('the built-in rules and the default rule are not part of the list: a save never changes or deletes them', async () => {
    const domainId = ids['api.example.com']!;
    const before = await cacheOf(domainId);
    await saveRules(domainId, [rule({ name: 'Dynamic pages', action: 'cache', match_content: 'php' })]);
    const after = await cacheOf(domainId);
    assert.deepEqual(after.built_in_rules, before.built_in_rules);
    assert.deepEqual(after.default_rule, before.default_rule);
    assert.equal(after.built_in_rules[0]!.action, 'no-cache');
  });
});

describe('rules §6 gating and permissions', () => {
  it('regular expressions only where the plan has cache_regex (business and above): the trial account is refused', async () => {
    const fuzzy = rule({ match_type: 'fuzzy', match_content: '^/img/.*\\.png$' });
    const regexCondition = rule({ request_rule: 'custom', conditions: [{ type: 'url', operator: 'regex', value: '^/a' }] });
    assert.equal((await saveRules(ids['shop.example.com']!, [fuzzy, regexCondition])).code, 1);
    const trialDomain = other.domainIds[0]!;
    assert.deepEqual(errors(await saveRules(trialDomain, [fuzzy, regexCondition], otherToken)), [
      { field: 'cdn_advance_cache.rules.0.match_content', key: 'cache.regex-plan', values: { feature: 'cache_regex', notice: 'upgrade' } },
      { field: 'cdn_advance_cache.rules.1.conditions.0.operator', key: 'cache.regex-plan', values: { feature: 'cache_regex', notice: 'upgrade' } },
    ]);
    assert.equal((await saveRules(trialDomain, [rule()], otherToken)).code, 1);
  });

  it('globally synchronized strategies are view-only: not editable, and a save is refused', async () => {
    const domainId = ids['blog.example.org']!;
    const cache = await cacheOf(domainId);
    assert.equal(cache.source, 'global');
    assert.equal(cache.editable, false);
    assert.deepEqual(errors(await saveRules(domainId, [])), [{ field: 'cdn_advance_cache', key: 'cache.synced-readonly' }]);
    assert.deepEqual(errors(await save(domainId, { browser_cache: { status: 'off' } })), [{ field: 'browser_cache', key: 'cache.synced-readonly' }]);
    assert.equal((await cacheOf(domainId)).rules.length, 1);
  });

  it('a sub-account reads and changes only the domains its group grants', async () => {
    const granted = ids['www.example.com']!;
    const cache = await cacheOf(granted, child);
    assert.equal(cache.editable, true);
    assert.equal((await save(granted, { browser_cache: { status: 'on' } }, child)).code, 1);
    const outside = ids['api.example.com']!;
    assert.equal((await read(outside, child)).code, PERMISSION_DENIED_CODE);
    assert.equal((await save(outside, { browser_cache: { status: 'on' } }, child)).code, PERMISSION_DENIED_CODE);
  });

  it('cache sharing only with another domain of the account that the caller may see', async () => {
    const domainId = ids['shop.example.com']!;
    const found = errors(
      await saveRules(domainId, [rule({ share_domain_id: other.domainIds[0]! }), rule({ share_domain_id: domainId }), rule({ share_domain_id: ids['api.example.com']! })], child),
    );
    assert.deepEqual(found, [
      { field: 'cdn_advance_cache.rules.0.share_domain_id', key: 'cache.share-domain-invalid' },
      { field: 'cdn_advance_cache.rules.1.share_domain_id', key: 'cache.share-domain-invalid' },
      { field: 'cdn_advance_cache.rules.2.share_domain_id', key: 'cache.share-domain-invalid' },
    ]);
    const shared = await saveRules(domainId, [rule({ share_domain_id: ids['www.example.com']! })], child);
    assert.equal(shared.data.cdn_advance_cache!.rules[0]!.share_domain, 'www.example.com');
  });
});
