/**
 * The `editable` flag of certificates, cache settings and WAF rule sets as the parent, the demo child (group
 * "Operations": domain specified + manage, certificate in-group read) and the viewer (group "Viewers": read only)
 * see them (rules §6; issue 19 "each element knows the caller's grant for each object, from the API"). The flag must
 * be the answer of the rule the write routes refuse with: where it says false, the write is refused.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { PERMISSION_DENIED_CODE } from '../../core/api/catalogue.js';
import type { CertificateDetail, CertificateListAnswer } from '../../core/api/endpoints/certificates.js';
import type { DomainSettingsGroups } from '../../core/api/endpoints/domain-settings.js';
import type { ListAnswer } from '../../core/api/endpoints/platform.js';
import type { RuleSetInfo } from '../../core/api/endpoints/waf.js';
import { DEMO_MEMBER_ID, DEMO_VIEWER_PASSWORD, DEMO_VIEWER_USER_NAME, DEMO_VIEWER_WEBSITE } from '../../demo/server/platform/demo-accounts.js';
import { call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

let app: FastifyInstance;
const tokens = { parent: '', child: '', viewer: '' };
const ids: Record<string, number> = {};

before(async () => {
  ({ app } = await startServer());
  tokens.parent = (await signInParent(app)).token;
  tokens.child = (await signInChild(app)).token;
  tokens.viewer = (await signInChild(app, DEMO_MEMBER_ID, DEMO_VIEWER_USER_NAME, DEMO_VIEWER_PASSWORD)).token;
  for (const row of app.db.prepare('SELECT id, domain FROM domains').all() as { id: number; domain: string }[]) ids[row.domain] = row.id;
});
after(async () => app.close());

type Caller = keyof typeof tokens;

async function certificates(caller: Caller) {
  return (await expectOk<CertificateListAnswer>(app, 'GET', 'V4/certificate.list', { token: tokens[caller], query: { per_page: 100 } })).list;
}

describe('rules §6; issue 19: certificates carry editable', () => {
  it('the parent may change every certificate', async () => {
    const list = await certificates('parent');
    assert.ok(list.length > 0);
    assert.ok(list.every((row) => row.editable === true));
    const detail = await expectOk<CertificateDetail>(app, 'GET', 'V4/certificate.detail', { token: tokens.parent, query: { id: list[0]!.id } });
    assert.equal(detail.editable, true);
  });

  it('the demo child and the viewer read certificates only: every row is view-only and every change is refused', async () => {
    for (const caller of ['child', 'viewer'] as const) {
      const list = await certificates(caller);
      assert.ok(list.length > 0, `${caller} sees certificates`);
      assert.ok(list.every((row) => row.editable === false), `${caller}: all view-only`);
      const row = list[0]!;
      const detail = await expectOk<CertificateDetail>(app, 'GET', 'V4/certificate.detail', { token: tokens[caller], query: { id: row.id } });
      assert.equal(detail.editable, false);
      const token = tokens[caller];
      assert.equal((await call(app, 'POST', 'V4/certificate.update', { token, body: { id: row.id, name: 'renamed' } })).code, PERMISSION_DENIED_CODE);
      assert.equal((await call(app, 'POST', 'V4/certificate.delete', { token, body: { id: row.id } })).code, PERMISSION_DENIED_CODE);
      const bind = await call(app, 'POST', 'V4/certificate.bind', { token, body: { certificate_id: row.id, domain_ids: [ids[DEMO_VIEWER_WEBSITE]!] } });
      assert.equal(bind.code, PERMISSION_DENIED_CODE, 'rules §6 unauthorized certificates cannot be linked');
    }
  });

  it('the viewer sees only the certificates bound to its website', async () => {
    const list = await certificates('viewer');
    for (const row of list) assert.ok(row.bound_domains.some((domain) => domain.domain === DEMO_VIEWER_WEBSITE), row.name);
  });
});

describe('rules §6; issue 19: cache settings carry editable', () => {
  const cacheOf = async (caller: Caller, domain: string) =>
    (
      await expectOk<DomainSettingsGroups>(app, 'GET', 'V4/web.domain.set.get', {
        token: tokens[caller],
        query: { domain_id: ids[domain]!, group: 'cdn_advance_cache' },
      })
    ).cdn_advance_cache;

  it('editable for the parent and the child that manages the website, not for the viewer, whose save is refused', async () => {
    assert.equal((await cacheOf('parent', DEMO_VIEWER_WEBSITE)).editable, true);
    assert.equal((await cacheOf('child', DEMO_VIEWER_WEBSITE)).editable, true);
    const viewed = await cacheOf('viewer', DEMO_VIEWER_WEBSITE);
    assert.equal(viewed.editable, false);
    assert.equal(viewed.domain, DEMO_VIEWER_WEBSITE, 'the settings name their website (the page title)');
    const refused = await call(app, 'PUT', 'V4/web.domain.set.save', {
      token: tokens.viewer,
      body: { domain_id: ids[DEMO_VIEWER_WEBSITE], group: { cdn_advance_cache: { revision: viewed.revision, rules: [] } } },
    });
    assert.equal(refused.code, PERMISSION_DENIED_CODE);
  });
});

describe('rules §6; issue 19: WAF rule sets carry editable', () => {
  const sets = async (caller: Caller) =>
    (await expectOk<ListAnswer<RuleSetInfo>>(app, 'GET', 'V4/waf.ruleset.list', { token: tokens[caller], query: { per_page: 100 } })).list;

  it('the viewer sees rule sets but may change none, and a change is refused', async () => {
    const list = await sets('viewer');
    assert.ok(list.length > 0);
    assert.ok(list.every((set) => set.editable === false));
    const own = list.find((set) => set.attribution === 'custom');
    if (own) {
      const refused = await call(app, 'POST', 'V4/waf.ruleset.update', { token: tokens.viewer, body: { id: own.id, name: 'renamed', remark: '' } });
      assert.notEqual(refused.code, 1);
    }
  });

  it('the parent may change its own sets; the child those its websites alone quote', async () => {
    assert.ok((await sets('parent')).some((set) => set.attribution === 'custom' && set.editable));
    assert.ok((await sets('child')).some((set) => set.editable));
  });
});
