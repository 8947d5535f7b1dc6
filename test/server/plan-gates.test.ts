/**
 * Rules §6 package gating, shell §3 plan config, shell §6 notices: every row of the plan-gating table
 * (core/config/plan-gates.ts) is refused by the server on a plan without it, with the row's message and the notice
 * kind, and accepted on a plan with it. Rows some route performs are tried through that route; the rows no route of
 * the reference server performs yet (CC protection, full attack reports, template copy, bot analytics, proxy
 * configuration) are tried through `planIssue`, the function those routes will call.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VALIDATION_FAILED_CODE, type FieldIssue } from '../../core/api/catalogue.js';
import { GATED_FEATURES, gateRow, type GatedFeature } from '../../core/config/plan-gates.js';
import { newCacheRule } from '../../core/rules/cache.js';
import { newOriginEntry } from '../../core/settings/origin.js';
import { liveDefaults } from '../../core/settings/performance.js';
import { planIssue } from '../../demo/server/features/plans/index.js';
import { changePlanLevel } from '../../demo/server/features/plans/seed.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { PLAN_WITHOUT, type PlanState } from '../helpers/plan-gate-cases.js';
import { call, expectOk, signInParent, startServer, type Answer } from './helpers.js';

let app: FastifyInstance;
let parent: string;
let planId: number;
let customSet: number;
const ids: Record<string, number> = {};

before(async () => {
  ({ app } = await startServer({ seedLanguage: 'en_US' }));
  parent = (await signInParent(app)).token;
  planId = (app.db.prepare('SELECT id FROM plans WHERE member_id = ?').get(DEMO_MEMBER_ID) as { id: number }).id;
  for (const row of app.db.prepare('SELECT id, domain FROM domains WHERE member_id = ?').all(DEMO_MEMBER_ID) as { id: number; domain: string }[]) ids[row.domain] = row.id;
  customSet = (await expectOk<{ id: number }>(app, 'POST', 'V4/waf.ruleset.create', { token: parent, body: { name: 'Gate tests', description: '' } })).id;
});
after(async () => app.close());

function setPlan(state: PlanState): void {
  changePlanLevel(app.db, planId, state.level);
  if (!state.strip) return;
  const row = gateRow(state.strip);
  if (row.action) {
    app.db.prepare('UPDATE plans SET actions = (SELECT json_group_array(value) FROM json_each(actions) WHERE value <> ?) WHERE id = ?').run(row.action, planId);
  }
  if (state.strip === 'https') app.db.prepare("UPDATE plans SET package_allow = json_set(package_allow, '$.https', json('false')) WHERE id = ?").run(planId);
}

async function saveGroup(domain: string, name: string, value: unknown): Promise<Answer> {
  const domainId = ids[domain]!;
  const read = await expectOk<Record<string, { revision: number }>>(app, 'GET', 'V4/web.domain.set.get', { token: parent, query: { domain_id: domainId, group: name } });
  return call(app, 'PUT', 'V4/web.domain.set.save', { token: parent, body: { domain_id: domainId, group: { [name]: { revision: read[name]!.revision, value } } } });
}

let added = 0;
/** How each row is tried: through the route that performs it, or through `planIssue` where no route does yet. */
const ATTEMPTS: Record<GatedFeature, { attempt: () => Promise<Answer | FieldIssue | null> }> = {
  domain_add: {
    attempt: () => call(app, 'POST', 'V4/cloudsafe.hwws.website.add', { token: parent, body: { domains: [`gate${++added}.example.org`], template_id: 1, origins: [], dry_run: true } }),
  },
  https: {
    attempt: () => call(app, 'POST', 'V4/cloudsafe.hwws.website.add', { token: parent, body: { domains: [`gate${++added}.example.org`], template_id: 1, origins: [], https: true, dry_run: true } }),
  },
  websocket: { attempt: () => saveGroup('www.example.com', 'websocket', { status: 'on', timeout: 10 }) },
  live_streaming: { attempt: () => saveGroup('www.example.com', 'push', liveDefaults('push')) },
  waf_custom_rule: {
    attempt: () => call(app, 'POST', 'V4/waf.ruleset.create', { token: parent, body: { name: `Gate ${++added}`, description: '' } }),
  },
  waf_mode: {
    attempt: () =>
      call(app, 'POST', 'V4/firewall.policy.save', {
        token: parent,
        body: { main_id: customSet, rules: [{ rule_type: 'url', data: { operator: 'prefix', value: '/gate' } }], action: { type: 'ban', duration: 600 }, status: 'enabled', remark: '' },
      }),
  },
  waf_block_diy_page: { attempt: () => saveGroup('www.example.com', 'custom_page', { pages: [{ code: 404, type: 'url', url: 'https://status.example.com/' }] }) },
  non_standard_port: {
    attempt: () => saveGroup('www.example.com', 'origin', { origins: [{ ...newOriginEntry(), address: '203.0.113.50', listen_port: 8888 }], origin_protocol: 0, load_balancing: 1 }),
  },
  cache_regex: {
    attempt: async () => {
      const domainId = ids['shop.example.com']!;
      const read = await expectOk<{ cdn_advance_cache: { revision: number } }>(app, 'GET', 'V4/web.domain.set.get', { token: parent, query: { domain_id: domainId, group: 'cdn_advance_cache' } });
      const rules = [{ ...newCacheRule(), name: 'Images', match_type: 'fuzzy', match_content: '^/img/.*\\.png$' }];
      return call(app, 'PUT', 'V4/web.domain.set.save', { token: parent, body: { domain_id: domainId, group: { cdn_advance_cache: { revision: read.cdn_advance_cache.revision, rules } } } });
    },
  },
  cc_protection: { attempt: async () => planIssue(fakeRequest(), 'cc_protection') },
  attack_full_report: { attempt: async () => planIssue(fakeRequest(), 'attack_full_report') },
  template_copy: { attempt: async () => planIssue(fakeRequest(), 'template_copy') },
  bot_analytics: { attempt: async () => planIssue(fakeRequest(), 'bot_analytics') },
  domain_expand: { attempt: () => call(app, 'POST', 'V4/member.package.expand', { token: parent, body: { plan_id: planId, packs: 1 } }) },
  plan_renew: { attempt: () => call(app, 'POST', 'V4/member.package.renew', { token: parent, body: { plan_id: planId, months: 1 } }) },
  domain_proxy_conf: { attempt: async () => planIssue(fakeRequest(), 'domain_proxy_conf') },
};

/** The smallest request `planIssue` reads: the server and the demo parent's session. */
function fakeRequest(): FastifyRequest {
  return { server: app, session: { memberId: DEMO_MEMBER_ID } } as unknown as FastifyRequest;
}

function refusalOf(outcome: Answer | FieldIssue | null): FieldIssue | null {
  if (outcome === null) return null;
  if (!('code' in outcome)) return outcome;
  if (outcome.code === 1) return null;
  assert.equal(outcome.code, VALIDATION_FAILED_CODE, outcome.raw);
  const errors = (outcome.data as { errors: FieldIssue[] }).errors;
  assert.equal(errors.length, 1, outcome.raw);
  return errors[0]!;
}

describe('rules §6 / shell §3 / shell §6: the plan-gating table, row by row on the server', () => {
  it('has an attempt for every row', () => {
    assert.deepEqual(Object.keys(ATTEMPTS).sort(), [...GATED_FEATURES].sort());
  });

  for (const feature of GATED_FEATURES) {
    it(`${feature}: refused without it (message ${gateRow(feature).message}, notice), accepted with it`, async () => {
      const { attempt } = ATTEMPTS[feature];
      const without = PLAN_WITHOUT[feature];
      try {
        setPlan(without);
        const refused = refusalOf(await attempt());
        assert.ok(refused, `${feature} was accepted on ${JSON.stringify(without)}`);
        assert.equal(refused.key, gateRow(feature).message);
        assert.equal(refused.values?.feature, feature);
        // The demo account is the online edition (flag 1): the notice points to the upgrade page (shell §6).
        assert.equal(refused.values?.notice, 'upgrade');
        app.db.prepare('UPDATE members SET flag = 2 WHERE id = ?').run(DEMO_MEMBER_ID);
        assert.equal(refusalOf(await attempt())?.values?.notice, 'work-order');
        app.db.prepare('UPDATE members SET flag = 1 WHERE id = ?').run(DEMO_MEMBER_ID);

        setPlan({ level: 'ultimate' });
        const accepted = await attempt();
        assert.equal(refusalOf(accepted), null, JSON.stringify(accepted));
      } finally {
        app.db.prepare('UPDATE members SET flag = 1 WHERE id = ?').run(DEMO_MEMBER_ID);
        setPlan({ level: 'business' });
      }
    });
  }
});
