/**
 * The HTTPS and URI rewrite tabs' groups on the reference server (issue 20): `https` (rules §3 HTTPS settings, rules
 * §5 jump port, rules §6 "Unauthorized certificates cannot be linked" and plan gating, rules §9 HSTS persists one
 * month), `upstream_uri_change` (rules §5 URI rewrite) and `upstream_redirect` (rules §5 Redirect), posted directly
 * to `V4/web.domain.set.save` so a request that skips the form gets the form's messages.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE, type FieldIssue } from '../../core/api/catalogue.js';
import type { WebsiteInfo } from '../../core/api/endpoints/websites.js';
import type { SettingsGroupState } from '../../core/settings/catalogue.js';
import { defaultHttps, type HttpsGroup, type UpstreamRedirectGroup, type UpstreamUriChangeGroup } from '../../core/settings/https.js';
import { bindGroupObjects, createChildAccount, createPermissionGroup } from '../../demo/server/features/account/store.js';
import { DEMO_MEMBER_ID, DEMO_VIEWER_PASSWORD, DEMO_VIEWER_USER_NAME } from '../../demo/server/platform/demo-accounts.js';
import { hashPasswordSync } from '../../demo/server/platform/security/passwords.js';
import { addSecondTenant, call, expectOk, signInChild, signInParent, startServer, type TestClock } from './helpers.js';

type Groups = {
  https: SettingsGroupState<HttpsGroup>;
  upstream_uri_change: SettingsGroupState<UpstreamUriChangeGroup>;
  upstream_redirect: SettingsGroupState<UpstreamRedirectGroup>;
};

describe('domain settings: HTTPS, URI rewrite and redirects (rules §3, §5, §6, §9)', () => {
  let app: FastifyInstance;
  let clock: TestClock;
  let token: string;
  const site: Record<string, number> = {};
  const certificate: Record<string, number> = {};

  const read = async (domainId: number, who = token) =>
    expectOk<Groups>(app, 'GET', 'V4/web.domain.set.get', { token: who, query: { domain_id: domainId, group: 'https,upstream_uri_change,upstream_redirect' } });
  const save = async (domainId: number, group: Partial<{ [K in keyof Groups]: Groups[K]['value'] }>, who = token) => {
    const current = await read(domainId, who);
    const body: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(group)) body[name] = { revision: current[name as keyof Groups].revision, value };
    return call<{ errors: FieldIssue[] } & Partial<Groups>>(app, 'PUT', 'V4/web.domain.set.save', { token: who, body: { domain_id: domainId, group: body } });
  };
  /** The issues of a refused save, as `field key` lines. */
  const refused = async (domainId: number, group: Parameters<typeof save>[1], who = token) => {
    const answer = await save(domainId, group, who);
    assert.equal(answer.code, VALIDATION_FAILED_CODE, answer.raw);
    return answer.data.errors.map((entry) => `${entry.field} ${entry.key}`);
  };
  const https = (fields: Partial<HttpsGroup>): HttpsGroup => ({ ...defaultHttps(), ...fields });

  before(async () => {
    ({ app, clock } = await startServer({ seedLanguage: 'en_US' }));
    token = (await signInParent(app)).token;
    for (const row of app.db.prepare('SELECT id, domain FROM domains WHERE member_id = ?').all(DEMO_MEMBER_ID) as { id: number; domain: string }[]) site[row.domain] = row.id;
    for (const row of app.db.prepare('SELECT id, name FROM certificates WHERE member_id = ?').all(DEMO_MEMBER_ID) as { id: number; name: string }[]) {
      certificate[row.name] = row.id;
    }
  });
  after(() => app.close());

  it('reads the defaults of a domain that never saved, and the list columns of one that has HTTPS (one source of truth)', async () => {
    const fresh = await read(site['m.example.com']!);
    assert.deepEqual(fresh.https.value, defaultHttps());
    assert.equal(fresh.https.value.jump_port, 443, 'rules §5/§9 default jump port 443');
    assert.deepEqual(fresh.upstream_uri_change.value, { status: 'off', rules: [] });
    assert.deepEqual(fresh.upstream_redirect.value, { status: 'off', rules: [] });
    const served = await read(site['www.example.com']!);
    assert.equal(served.https.value.status, 'on');
    assert.equal(served.https.value.certificate_id, certificate['example.com wildcard']);
    assert.equal(served.https.value.certificate_name, 'example.com wildcard');
    assert.equal(served.https.editable, true);
    assert.equal(served.https.locked_by, null);
  });

  it('rules §3/§5: every field of https is checked with the shared messages', async () => {
    const id = site['m.example.com']!;
    assert.deepEqual(await refused(id, { https: https({ status: 'on', certificate_id: null }) }), ['https.certificate_id certificates.select-required']);
    assert.deepEqual(await refused(id, { https: https({ redirect: 'all' }) }), ['https.redirect https-tab.needs-https']);
    const bound = certificate['example.com wildcard']!;
    for (const port of [0, 65536, 1.5]) {
      assert.deepEqual(await refused(id, { https: https({ status: 'on', certificate_id: bound, redirect: 'all', jump_port: port }) }), ['https.jump_port origin.port-error'], `port ${port}`);
    }
    assert.deepEqual(await refused(id, { https: https({ hsts: { status: 'on', max_age: 10, include_subdomains: false } }) }), [
      'https.hsts.status https-tab.needs-https',
      'https.hsts.max_age https-tab.hsts-max-age-range',
    ]);
    assert.deepEqual(await refused(id, { https: { ...https({}), min_tls: 'TLSv0.9' as HttpsGroup['min_tls'] } }), ['https.min_tls common.format-error']);
    assert.deepEqual(await refused(id, { https: https({ ciphers: 'custom', custom_ciphers: '' }) }), ['https.custom_ciphers common.required']);
    assert.deepEqual(await refused(id, { https: https({ ciphers: 'custom', custom_ciphers: 'ECDHE-RSA-AES128-GCM-SHA256;rm -rf' }) }), ['https.custom_ciphers https-tab.cipher-format']);
    assert.deepEqual(await refused(id, { https: { ...https({}), status: 'yes' as 'on', jump_port: 'x' as unknown as number } }), [
      'https.status common.format-error',
      'https.jump_port common.format-error',
    ]);
  });

  it('rules §6: a certificate of another account, not granted, not covering the domain or not issued is refused', async () => {
    const id = site['m.example.com']!;
    const on = (certificateId: number) => ({ https: https({ status: 'on', certificate_id: certificateId }) });
    assert.deepEqual(await refused(id, on(certificate['api.example.com']!)), ['https.certificate_id certificates.not-covered']);
    assert.deepEqual(await refused(id, on(certificate['cdn.example.io']!)), ['https.certificate_id https-tab.certificate-not-issued']);
    assert.deepEqual(await refused(id, on(certificate['static.example.net 2025']!)), ['https.certificate_id https-tab.certificate-expired']);
    // Another account's certificate is not even visible: the same refusal as an unauthorized one, naming nothing of it.
    const other = addSecondTenant(app);
    const foreign = Number(
      app.db
        .prepare(
          `INSERT INTO certificates (member_id, name, source, apply_status, domains, issuer, not_before, not_after, chain_pem, created_by, created_at, updated_at)
           SELECT ?, 'foreign wildcard', source, apply_status, domains, issuer, not_before, not_after, chain_pem, 1, created_at, updated_at FROM certificates WHERE id = ?`,
        )
        .run(other.memberId, certificate['example.com wildcard']).lastInsertRowid,
    );
    assert.deepEqual(await refused(id, on(foreign)), ['https.certificate_id https-tab.certificate-unauthorized']);

    // A sub-account managing m.example.com and only the api certificate: the wildcard is not granted to it.
    const groupId = createPermissionGroup(
      app.db,
      {
        memberId: DEMO_MEMBER_ID,
        name: 'm only',
        grants: [
          { module: 'domain', object_scope: 'specified', access: 'manage', auto_bind_new: false },
          { module: 'certificate', object_scope: 'specified', access: 'manage', auto_bind_new: false },
        ],
      },
      app.now(),
    );
    bindGroupObjects(app.db, { memberId: DEMO_MEMBER_ID, groupId, module: 'domain', kind: 'specified', objectIds: [id] });
    bindGroupObjects(app.db, { memberId: DEMO_MEMBER_ID, groupId, module: 'certificate', kind: 'specified', objectIds: [certificate['api.example.com']!] });
    createChildAccount(app.db, { memberId: DEMO_MEMBER_ID, userName: 'm-only', passwordHash: hashPasswordSync('MOnly#2026x'), groupId }, app.now());
    const child = (await signInChild(app, DEMO_MEMBER_ID, 'm-only', 'MOnly#2026x')).token;
    assert.deepEqual(await refused(id, on(certificate['example.com wildcard']!), child), ['https.certificate_id https-tab.certificate-unauthorized']);
    // Granted but bound to websites the child does not manage (the rule of V4/certificate.bind): refused too.
    bindGroupObjects(app.db, { memberId: DEMO_MEMBER_ID, groupId, module: 'certificate', kind: 'specified', objectIds: [certificate['example.com wildcard']!] });
    assert.deepEqual(await refused(id, on(certificate['example.com wildcard']!), child), ['https.certificate_id https-tab.certificate-unauthorized']);
    assert.equal((await read(id)).https.value.certificate_id, null, 'nothing was bound');
  });

  it('binds a covering certificate, turns HTTPS on with a redirect, and the domain list and certificate area see it', async () => {
    const id = site['m.example.com']!;
    const wildcard = certificate['example.com wildcard']!;
    const answer = await save(id, { https: https({ status: 'on', certificate_id: wildcard, redirect: 'all', jump_port: 8443, http2: 'on', ocsp: 'on', min_tls: 'TLSv1.3', ciphers: 'strong' }) });
    assert.equal(answer.code, 1, answer.raw);
    const stored = (await read(id)).https;
    assert.equal(stored.revision, 1);
    assert.deepEqual({ ...stored.value }, { ...https({ status: 'on', certificate_id: wildcard, redirect: 'all', jump_port: 8443, ocsp: 'on', min_tls: 'TLSv1.3', ciphers: 'strong' }), certificate_name: 'example.com wildcard' });
    const listed = await expectOk<WebsiteInfo>(app, 'GET', 'V4/cloudsafe.hwws.website.get', { token, query: { id } });
    assert.equal(listed.https, true);
    assert.equal(listed.certificate_name, 'example.com wildcard');
    const binding = app.db.prepare('SELECT certificate_id FROM certificate_bindings WHERE domain_id = ?').get(id) as { certificate_id: number };
    assert.equal(binding.certificate_id, wildcard);
    const log = app.db.prepare("SELECT object_label FROM operation_log WHERE member_id = ? AND object_label LIKE 'm.example.com · https'").all(DEMO_MEMBER_ID);
    assert.equal(log.length, 1, 'one operation-log entry for the group');
    // Saving the same value again is a no-op: no new revision.
    assert.equal((await save(id, { https: stored.value })).code, 1);
    assert.equal((await read(id)).https.revision, 1);

    // Unbinding from the console removes the binding and the list's columns.
    assert.equal((await save(id, { https: https({ status: 'off', certificate_id: null }) })).code, 1);
    const unbound = await expectOk<WebsiteInfo>(app, 'GET', 'V4/cloudsafe.hwws.website.get', { token, query: { id } });
    assert.equal(unbound.https, false);
    assert.equal(unbound.certificate_name, '');
    assert.equal((app.db.prepare('SELECT COUNT(*) AS n FROM certificate_bindings WHERE domain_id = ?').get(id) as { n: number }).n, 0);
  });

  it('rules §9: turning HSTS off records when, read-only, so the form can say it persists one month', async () => {
    const id = site['www.example.com']!;
    const current = (await read(id)).https.value;
    assert.equal((await save(id, { https: { ...current, hsts: { status: 'on', max_age: 31_536_000, include_subdomains: true } } })).code, 1);
    assert.equal((await read(id)).https.value.hsts_disabled_at, null);
    clock.advance(60_000);
    const on = (await read(id)).https.value;
    // A posted hsts_disabled_at is ignored: the server alone records it.
    assert.equal((await save(id, { https: { ...on, hsts: { ...on.hsts, status: 'off' }, hsts_disabled_at: '2000-01-01T00:00:00.000Z' } })).code, 1);
    const off = (await read(id)).https.value;
    assert.equal(off.hsts_disabled_at, new Date(app.now()).toISOString());
    clock.advance(60_000);
    assert.equal((await save(id, { https: { ...off, http2: 'off' } })).code, 1);
    assert.equal((await read(id)).https.value.hsts_disabled_at, off.hsts_disabled_at, 'kept until HSTS is on again');
  });

  it('rules §6: without the plan action the https group is locked and refused', async () => {
    const id = site['m.example.com']!;
    const plans = app.db.prepare('SELECT id, actions FROM plans WHERE member_id = ?').all(DEMO_MEMBER_ID) as { id: number; actions: string }[];
    const update = app.db.prepare('UPDATE plans SET actions = ? WHERE id = ?');
    for (const plan of plans) update.run(JSON.stringify((JSON.parse(plan.actions) as string[]).filter((action) => action !== 'https')), plan.id);
    try {
      const groups = await read(id);
      assert.equal(groups.https.locked_by, 'https');
      assert.equal(groups.https.editable, false);
      assert.equal(groups.upstream_uri_change.locked_by, null, 'rewrite is not plan-gated');
      assert.deepEqual(await refused(id, { https: https({}) }), ['https websites.https-not-in-plan']);
    } finally {
      for (const plan of plans) update.run(plan.actions, plan.id);
    }
  });

  it('rules §6: a sub-account with a read grant sees the groups view-only and cannot save them', async () => {
    const viewer = (await signInChild(app, DEMO_MEMBER_ID, DEMO_VIEWER_USER_NAME, DEMO_VIEWER_PASSWORD)).token;
    const id = site['www.example.com']!;
    const groups = await read(id, viewer);
    assert.equal(groups.https.editable, false);
    assert.equal(groups.upstream_uri_change.editable, false);
    assert.equal(groups.https.value.certificate_name, 'example.com wildcard');
    const answer = await save(id, { upstream_uri_change: { status: 'off', rules: [] } }, viewer);
    assert.equal(answer.code, PERMISSION_DENIED_CODE, answer.raw);
    // Another website is not the viewer's at all.
    const other = await call(app, 'GET', 'V4/web.domain.set.get', { token: viewer, query: { domain_id: site['m.example.com']!, group: 'https' } });
    assert.notEqual(other.code, 1);
  });

  it('rules §5 URI rewrite: at least one rule, starts with /, not / alone, path replacement ends with /, priorities', async () => {
    const id = site['api.example.com']!;
    const rule = (method: UpstreamUriChangeGroup['rules'][number]['method'], source: string, target: string, priority = 1) => ({ method, source, target, priority });
    assert.deepEqual(await refused(id, { upstream_uri_change: { status: 'on', rules: [] } }), ['upstream_uri_change.rules common.rule-required']);
    assert.deepEqual(
      await refused(id, {
        upstream_uri_change: {
          status: 'on',
          rules: [rule('prefix', 'old', '/new'), rule('exact', '/a', '/', 2), rule('path-replacement', '/img', '/pictures', 3), rule('prefix', '/x', '', 4)],
        },
      }),
      [
        'upstream_uri_change.rules.0.source common.start-with-slash',
        'upstream_uri_change.rules.1.target origin.rewrite-root-forbidden',
        'upstream_uri_change.rules.2.source origin.rewrite-end-with-slash',
        'upstream_uri_change.rules.2.target origin.rewrite-end-with-slash',
        'upstream_uri_change.rules.3.target common.required',
      ],
    );
    assert.deepEqual(await refused(id, { upstream_uri_change: { status: 'on', rules: [rule('prefix', '/a', '/b'), rule('prefix', '/a', '/c', 2)] } }), [
      'upstream_uri_change.rules.1.source https-tab.rule-duplicate',
    ]);
    assert.deepEqual(await refused(id, { upstream_uri_change: { status: 'on', rules: [{ ...rule('prefix', '/a', '/b'), method: 'regex' as 'prefix' }] } }), [
      'upstream_uri_change.rules.0.method common.format-error',
    ]);
    const many = Array.from({ length: 101 }, (_, index) => rule('exact', `/p${index}`, '/q', index + 1));
    assert.deepEqual(await refused(id, { upstream_uri_change: { status: 'on', rules: many } }), ['upstream_uri_change.rules https-tab.rules-limit']);
    // The priority orders the rules; they are stored renumbered 1..n.
    const answer = await save(id, { upstream_uri_change: { status: 'on', rules: [rule('exact', '/late', '/b', 20), rule('path-replacement', '/img/', '/pictures/', 5)] } });
    assert.equal(answer.code, 1, answer.raw);
    assert.deepEqual((await read(id)).upstream_uri_change.value.rules, [rule('path-replacement', '/img/', '/pictures/', 1), rule('exact', '/late', '/b', 2)]);
  });

  it('rules §5 Redirect: port 0-65535, path starts with /, target http(s), implicit forwarding not to HTTP with HTTPS on', async () => {
    const served = site['www.example.com']!;
    const plain = site['api.example.com']!;
    const redirect = (fields: Partial<UpstreamRedirectGroup['rules'][number]>) => ({ source_port: 80, source_path: '/', target: 'https://example.com/', kind: 301 as const, ...fields });
    assert.deepEqual(await refused(plain, { upstream_redirect: { status: 'on', rules: [] } }), ['upstream_redirect.rules common.rule-required']);
    assert.deepEqual(
      await refused(plain, {
        upstream_redirect: {
          status: 'on',
          rules: [redirect({ source_port: 65536 }), redirect({ source_port: 81, source_path: 'x' }), redirect({ source_port: 82, target: 'ftp://example.com' }), redirect({ source_port: 83, target: '' })],
        },
      }),
      [
        'upstream_redirect.rules.0.source_port origin.port-error',
        'upstream_redirect.rules.1.source_path common.start-with-slash',
        'upstream_redirect.rules.2.target url.scheme',
        'upstream_redirect.rules.3.target common.required',
      ],
    );
    assert.deepEqual(await refused(plain, { upstream_redirect: { status: 'on', rules: [redirect({}), redirect({ target: 'https://b.example.com/' })] } }), [
      'upstream_redirect.rules.1.source_path https-tab.rule-duplicate',
    ]);
    // Port 0 is a valid redirect port (rules §5: 0-65535).
    const implicitHttp = redirect({ source_port: 0, kind: 'implicit', target: 'http://origin.example.com/' });
    assert.deepEqual(await refused(served, { upstream_redirect: { status: 'on', rules: [implicitHttp] } }), ['upstream_redirect.rules.0.target origin.implicit-forward-https']);
    assert.equal((await save(served, { upstream_redirect: { status: 'on', rules: [{ ...implicitHttp, target: 'https://origin.example.com/' }] } })).code, 1);
    // Without HTTPS the same implicit rule to HTTP is allowed; turning HTTPS on then is refused until it is fixed.
    assert.equal((await save(plain, { upstream_redirect: { status: 'on', rules: [implicitHttp] } })).code, 1);
    const current = (await read(plain)).https.value;
    assert.deepEqual(await refused(plain, { https: { ...current, status: 'on', certificate_id: certificate['api.example.com']! } }), ['https.status origin.implicit-forward-https']);
  });
});
