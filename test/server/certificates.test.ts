/**
 * Certificate routes of the reference server (rules §3-§6, §8, §9 certificates), with certificates and keys made at
 * test time by test/helpers/certificate-fixtures.ts.
 */
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CONFLICT_CODE, PERMISSION_DENIED_CODE, REJECT_WITH_DATA_CODE, VALIDATION_FAILED_CODE, type FieldIssue } from '../../core/api/catalogue.js';
import type {
  CertificateBindAnswer,
  CertificateBindFailedData,
  CertificateBinding,
  CertificateDetail,
  CertificateDownloadAnswer,
  CertificateInfo,
  CertificateListAnswer,
  FreeCertificateApplyAnswer,
} from '../../core/api/endpoints/certificates.js';
import type { ListAnswer, OperationLogEntry } from '../../core/api/endpoints/platform.js';
import { buildServer } from '../../demo/server/app.js';
import { createVault } from '../../demo/server/features/certificates/vault.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import {
  domainBatch,
  encryptLegacy,
  encryptPkcs8,
  GARBAGE,
  makeAuthority,
  makeKey,
  makeLeaf,
  type FixtureAuthority,
} from '../helpers/certificate-fixtures.js';
import { DEMO_DOMAINS } from '../../demo/server/features/websites/domains-seed.js';
import { call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

const DAY_MS = 86_400_000;

/** Fixtures are made with the real clock, so the server runs on it too (moved forward by `offset`). */
async function startRealClockServer(dbPath = ':memory:') {
  const clock = { offset: 0 };
  // The English seed: these tests find the demo certificates by their English names.
  const app = await buildServer({ dbPath, now: () => Date.now() + clock.offset, seedLanguage: 'en_US' });
  await app.ready();
  return { app, clock };
}

function fieldKeys(answer: { data: unknown }): string[] {
  return ((answer.data as { errors?: FieldIssue[] } | null)?.errors ?? []).map((found) => `${found.field}:${found.key}`);
}

describe('certificates: list, detail and upload (rules §3, §5 Certificates)', () => {
  let app: FastifyInstance;
  let token: string;
  let authority: FixtureAuthority;

  before(async () => {
    ({ app } = await startRealClockServer());
    token = (await signInParent(app)).token;
    authority = await makeAuthority();
  });
  after(() => app.close());

  it('lists the seeded certificates with counts by expiry state, bound domains and no private key', async () => {
    const answer = await call<CertificateListAnswer>(app, 'GET', 'V4/certificate.list', { token, query: { sort: 'due_asc' } });
    assert.equal(answer.code, 1);
    assert.deepEqual(answer.data.counts, { expired: 1, expiring: 1, unexpired: 2 });
    assert.ok(!answer.raw.includes('PRIVATE KEY') && !answer.raw.includes('v1:'), 'no key material in the list');
    const due = answer.data.list.filter((row) => row.not_after).map((row) => row.not_after!);
    assert.deepEqual(due, [...due].sort(), 'sorted by due date');
    const wildcard = answer.data.list.find((row) => row.name === 'example.com wildcard')!;
    assert.equal(wildcard.business_status, 'bound');
    assert.deepEqual(wildcard.bound_domains.map((domain) => domain.domain), ['shop.example.com', 'www.example.com']);
    const failed = answer.data.list.find((row) => row.apply_status === 'review_failed')!;
    assert.equal(failed.review_reason, 'domain-not-verified');
    const expiring = await expectOk<CertificateListAnswer>(app, 'GET', 'V4/certificate.list', { token, query: { expiry_state: 'expiring' } });
    assert.deepEqual(expiring.list.map((row) => row.name), ['blog.example.org']);
    const search = await expectOk<CertificateListAnswer>(app, 'GET', 'V4/certificate.list', { token, query: { keyword: 'STATIC' } });
    assert.deepEqual(search.list.map((row) => row.name), ['static.example.net 2025']);
  });

  it('detail parses the stored chain (leaf first) and never carries the key', async () => {
    const list = await expectOk<CertificateListAnswer>(app, 'GET', 'V4/certificate.list', { token, query: { keyword: 'wildcard' } });
    const answer = await call<CertificateDetail>(app, 'GET', 'V4/certificate.detail', { token, query: { id: list.list[0]!.id } });
    assert.equal(answer.code, 1);
    assert.deepEqual(answer.data.summary?.names, ['example.com', '*.example.com']);
    assert.equal(answer.data.summary?.issuer, 'Demo Secure CA G2');
    assert.equal(answer.data.summary?.chain_length, 2);
    assert.ok(!answer.raw.includes('PRIVATE KEY'));
  });

  it('upload orders the chain leaf first, seals the key at rest and logs no key', async () => {
    const pair = await makeLeaf(authority, ['upload.fixture.test', '*.upload.fixture.test'], { keyKind: 'rsa', order: 'issuer-first' });
    const info = await expectOk<CertificateInfo>(app, 'POST', 'V4/certificate.upload', {
      token,
      body: { name: 'Fixture upload', certificate: pair.certificate, private_key: pair.privateKey },
    });
    assert.equal(info.apply_status, 'uploaded');
    assert.equal(info.key_type, 'RSA 2048');
    assert.deepEqual(info.domains, ['upload.fixture.test', '*.upload.fixture.test']);
    const detail = await expectOk<CertificateDetail>(app, 'GET', 'V4/certificate.detail', { token, query: { id: info.id } });
    assert.ok(detail.chain_pem!.startsWith(pair.leaf), 'the leaf comes first');
    const row = app.db.prepare('SELECT * FROM certificates WHERE id = ?').get(info.id) as Record<string, string>;
    assert.ok(row.private_key_sealed.startsWith('v1:'));
    assert.ok(!JSON.stringify(row).includes('PRIVATE KEY'), 'the database holds no plaintext key');
    const log = await expectOk<ListAnswer<OperationLogEntry>>(app, 'GET', 'V4/oplog.list', { token, query: { area: 'certificate' } });
    assert.ok(log.list.some((entry) => entry.action === 'upload' && entry.object_id === String(info.id)));
    assert.ok(!JSON.stringify(log).includes('PRIVATE KEY'));
  });

  it('refuses a mismatched key, encrypted keys, non-PEM input, an expired certificate and a short name', async () => {
    const pair = await makeLeaf(authority, ['refuse.fixture.test']);
    const other = await makeKey('ec');
    const expired = await makeLeaf(authority, ['old.fixture.test'], { validFromDays: -400, validToDays: -5 });
    const cases: Array<[string, Record<string, string>, string]> = [
      ['mismatch', { name: 'Mismatch', certificate: pair.certificate, private_key: other.pem }, 'privateKey:certificates.key-mismatch'],
      ['pkcs8 encrypted', { name: 'Encrypted', certificate: pair.certificate, private_key: await encryptPkcs8(pair.key, 'secret') }, 'privateKey:certificates.key-encrypted'],
      ['legacy encrypted', { name: 'Legacy', certificate: pair.certificate, private_key: await encryptLegacy(pair.key, 'secret') }, 'privateKey:certificates.key-encrypted'],
      ['garbage certificate', { name: 'Garbage', certificate: GARBAGE, private_key: pair.privateKey }, 'certificate:certificates.pem-only'],
      ['garbage key', { name: 'Garbage', certificate: pair.certificate, private_key: GARBAGE }, 'privateKey:certificates.key-pem-only'],
      ['expired', { name: 'Expired', certificate: expired.certificate, private_key: expired.privateKey }, 'certificate:certificates.expired'],
      ['short name', { name: 'abc', certificate: pair.certificate, private_key: pair.privateKey }, 'name:common.length-range'],
    ];
    for (const [label, body, expected] of cases) {
      const answer = await call(app, 'POST', 'V4/certificate.upload', { token, body });
      assert.equal(answer.code, VALIDATION_FAILED_CODE, label);
      assert.ok(fieldKeys(answer).includes(expected), `${label}: ${fieldKeys(answer).join(', ')}`);
    }
  });

  it('downloads the chain freely and the private key only with the confirmation flag', async () => {
    const pair = await makeLeaf(authority, ['download.fixture.test']);
    const info = await expectOk<CertificateInfo>(app, 'POST', 'V4/certificate.upload', {
      token,
      body: { name: 'Download me', certificate: pair.certificate, private_key: pair.privateKey },
    });
    const plain = await expectOk<CertificateDownloadAnswer>(app, 'POST', 'V4/certificate.download', { token, body: { id: info.id } });
    assert.equal(plain.private_key, undefined);
    assert.equal(plain.certificate, pair.leaf);
    assert.equal(plain.chain, authority.pem);
    const unconfirmed = await call(app, 'POST', 'V4/certificate.download', { token, body: { id: info.id, include_private_key: true } });
    assert.equal(unconfirmed.code, VALIDATION_FAILED_CODE);
    assert.deepEqual(fieldKeys(unconfirmed), ['confirm_private_key:certificates.key-download-confirm']);
    const confirmed = await expectOk<CertificateDownloadAnswer>(app, 'POST', 'V4/certificate.download', {
      token,
      body: { id: info.id, include_private_key: true, confirm_private_key: true },
    });
    assert.equal(confirmed.private_key, pair.privateKey.trim() + '\n');
    const log = await expectOk<ListAnswer<OperationLogEntry>>(app, 'GET', 'V4/oplog.list', { token, query: { area: 'certificate', action: 'download-key' } });
    assert.equal(log.total, 1);
  });
});

describe('certificates: binding (rules §6 unauthorized certificates, §8 Certificate binding failed)', () => {
  let app: FastifyInstance;
  let token: string;
  let authority: FixtureAuthority;
  const domainId = (domain: string) => (app.db.prepare('SELECT id FROM domains WHERE member_id = ? AND domain = ?').get(DEMO_MEMBER_ID, domain) as { id: number }).id;

  before(async () => {
    ({ app } = await startRealClockServer());
    token = (await signInParent(app)).token;
    authority = await makeAuthority();
  });
  after(() => app.close());

  async function upload(names: string[], name: string, options: { validToDays?: number } = {}): Promise<CertificateInfo> {
    const pair = await makeLeaf(authority, names, options);
    return expectOk<CertificateInfo>(app, 'POST', 'V4/certificate.upload', { token, body: { name, certificate: pair.certificate, private_key: pair.privateKey } });
  }

  it('binds with a non-blocking warning when the certificate does not cover the domain; shows on both sides; delete waits for unbind', async () => {
    const info = await upload(['*.example.net'], 'Wildcard net');
    const staticId = domainId('static.example.net');
    const mId = domainId('m.example.com');
    const answer = await expectOk<CertificateBindAnswer>(app, 'POST', 'V4/certificate.bind', {
      token,
      body: { certificate_id: info.id, domain_ids: [staticId, mId] },
    });
    assert.deepEqual(answer.bound.map((domain) => domain.domain).sort(), ['m.example.com', 'static.example.net']);
    assert.deepEqual(answer.warnings, [{ field: 'domain_ids', key: 'certificates.not-covered', values: { domain: 'm.example.com' } }]);
    const byDomain = await expectOk<ListAnswer<CertificateBinding>>(app, 'GET', 'V4/certificate.binding.list', { token, query: { domain_id: staticId } });
    assert.deepEqual(byDomain.list.map((binding) => [binding.certificate_name, binding.covered]), [['Wildcard net', true]]);
    const detail = await expectOk<CertificateDetail>(app, 'GET', 'V4/certificate.detail', { token, query: { id: info.id } });
    assert.equal(detail.business_status, 'bound');
    assert.equal(detail.bound_count, 2);

    const refused = await call(app, 'POST', 'V4/certificate.delete', { token, body: { id: info.id } });
    assert.equal(refused.code, CONFLICT_CODE);
    assert.match(refused.message, /unbind it before deleting/);
    await expectOk(app, 'POST', 'V4/certificate.unbind', { token, body: { certificate_id: info.id, domain_ids: [staticId, mId] } });
    await expectOk(app, 'POST', 'V4/certificate.delete', { token, body: { id: info.id } });
  });

  it('refuses the whole binding with "Certificate binding failed" and the reasons (already bound, expired, unknown domain)', async () => {
    const info = await upload(['www.example.com'], 'Second www');
    const answer = await call<CertificateBindFailedData>(app, 'POST', 'V4/certificate.bind', {
      token,
      body: { certificate_id: info.id, domain_ids: [domainId('www.example.com'), 999_999] },
    });
    assert.equal(answer.code, REJECT_WITH_DATA_CODE);
    assert.equal(answer.message, 'Certificate binding failed');
    assert.deepEqual(answer.data.failures.map((failure) => failure.reason).sort(), ['already-bound', 'domain-not-found']);
    const list = await expectOk<CertificateListAnswer>(app, 'GET', 'V4/certificate.list', { token, query: { expiry_state: 'expired' } });
    const expired = await call<CertificateBindFailedData>(app, 'POST', 'V4/certificate.bind', {
      token,
      body: { certificate_id: list.list[0]!.id, domain_ids: [domainId('m.example.com')] },
    });
    assert.equal(expired.code, REJECT_WITH_DATA_CODE);
    assert.equal(expired.data.reason, 'certificate-expired');
  });

  it('a child sees only certificates its group grants and cannot link them (rules §6)', async () => {
    const child = (await signInChild(app)).token;
    const list = await expectOk<CertificateListAnswer>(app, 'GET', 'V4/certificate.list', { token: child });
    assert.deepEqual(list.list.map((row) => row.name), ['example.com wildcard']);
    const answer = await call(app, 'POST', 'V4/certificate.bind', {
      token: child,
      body: { certificate_id: list.list[0]!.id, domain_ids: [domainId('www.example.com')] },
      lang: 'en_US',
    });
    assert.equal(answer.code, PERMISSION_DENIED_CODE);
    assert.equal(answer.message, 'Unauthorized certificates cannot be linked');
    const pair = await makeLeaf(authority, ['child.fixture.test']);
    const upload = await call(app, 'POST', 'V4/certificate.upload', { token: child, body: { name: 'Child upload', certificate: pair.certificate, private_key: pair.privateKey } });
    assert.equal(upload.code, PERMISSION_DENIED_CODE);
  });
});

describe('certificates: free certificates (rules §5, §9: 3 months, auto-renew, two issuers, 1000 per batch, quota)', () => {
  let app: FastifyInstance;
  let clock: { offset: number };
  let token: string;

  before(async () => {
    ({ app, clock } = await startRealClockServer());
    token = (await signInParent(app)).token;
  });
  after(() => app.close());

  it('issues through the job runner: applying -> issued (real 3-month certificate) or review failed with a reason', async () => {
    const answer = await expectOk<FreeCertificateApplyAnswer>(app, 'POST', 'V4/certificate.free.apply', {
      token,
      body: { issuer: 'demo-trust-g1', domains: ['img.www.example.com', 'unknown.fixture.test'] },
    });
    assert.equal(answer.job.type, 'certificate.issue');
    const job = await app.jobs.waitFor(answer.job.id);
    assert.equal(job.state, 'complete');
    assert.deepEqual(job.result, { issued: 1, review_failed: 1 });
    const [issuedId, failedId] = answer.certificate_ids as [number, number];
    const issued = await expectOk<CertificateDetail>(app, 'GET', 'V4/certificate.detail', { token, query: { id: issuedId } });
    assert.equal(issued.apply_status, 'issued');
    assert.equal(issued.auto_renew, true);
    assert.equal(issued.summary?.issuer, 'Demo Trust CA G1');
    const months = (Date.parse(issued.not_after!) - Date.parse(issued.not_before!)) / DAY_MS;
    assert.ok(months >= 89 && months <= 92, `about three months: ${months} days`);
    const [leaf, ca] = issued.chain_pem!.split(/(?<=-----END CERTIFICATE-----\n)/);
    assert.ok(new X509Certificate(leaf!).checkIssued(new X509Certificate(ca!)), 'signed by the demo issuer');
    assert.ok(new X509Certificate(leaf!).verify(new X509Certificate(ca!).publicKey));
    const failed = await expectOk<CertificateDetail>(app, 'GET', 'V4/certificate.detail', { token, query: { id: failedId } });
    assert.equal(failed.apply_status, 'review_failed');
    assert.equal(failed.review_reason, 'domain-not-verified');
  });

  it('refuses 1001 domains in one batch and an unknown issuer', async () => {
    const answer = await call(app, 'POST', 'V4/certificate.free.apply', { token, body: { issuer: 'nobody', domains: domainBatch(1001) } });
    assert.equal(answer.code, VALIDATION_FAILED_CODE);
    assert.ok(fieldKeys(answer).includes('domains:certificates.batch-apply-limit'));
    assert.ok(fieldKeys(answer).includes('issuer:certificates.issuer-unknown'));
  });

  it('enforces 50 per registered domain per week and 5 duplicates with clear messages', async () => {
    await expectOk(app, 'POST', 'V4/certificate.free.apply', { token, body: { issuer: 'demo-secure-g2', domains: domainBatch(49, 'www.example.com') } });
    const over = await call<{ errors: FieldIssue[] }>(app, 'POST', 'V4/certificate.free.apply', {
      token,
      body: { issuer: 'demo-secure-g2', domains: ['a.shop.example.com', 'b.shop.example.com'] },
    });
    assert.equal(over.code, VALIDATION_FAILED_CODE);
    assert.deepEqual(over.data.errors, [{ field: 'domains', key: 'certificates.weekly-quota-domain', values: { domain: 'example.com', max: 50 } }]);
    for (let round = 0; round < 5; round++) {
      await expectOk(app, 'POST', 'V4/certificate.free.apply', { token, body: { issuer: 'demo-secure-g2', domains: ['dup.blog.example.org'] } });
    }
    const duplicate = await call<{ errors: FieldIssue[] }>(app, 'POST', 'V4/certificate.free.apply', {
      token,
      body: { issuer: 'demo-secure-g2', domains: ['dup.blog.example.org'] },
    });
    assert.deepEqual(duplicate.data.errors, [{ field: 'domains', key: 'certificates.duplicate-quota-domain', values: { domain: 'dup.blog.example.org', max: 5 } }]);
    // A week later the weekly quota is free again.
    clock.offset = 8 * DAY_MS;
    const later = (await signInParent(app)).token;
    await expectOk(app, 'POST', 'V4/certificate.free.apply', { token: later, body: { issuer: 'demo-secure-g2', domains: ['c.shop.example.com'] } });
    clock.offset = 0;
  });

  it('renews an auto-renewing certificate in place when it enters the expiring window; the toggle is logged', async () => {
    // The quota test moved the clock a week on, which cleared the old session.
    token = (await signInParent(app)).token;
    const answer = await expectOk<FreeCertificateApplyAnswer>(app, 'POST', 'V4/certificate.free.apply', {
      token,
      body: { issuer: 'demo-secure-g2', domains: ['renew.blog.example.org'] },
    });
    await app.jobs.waitFor(answer.job.id);
    const id = answer.certificate_ids[0]!;
    const before = await expectOk<CertificateDetail>(app, 'GET', 'V4/certificate.detail', { token, query: { id } });
    clock.offset = 70 * DAY_MS;
    token = (await signInParent(app)).token;
    await expectOk(app, 'GET', 'V4/certificate.list', { token });
    const job = (app.db.prepare("SELECT id FROM jobs WHERE operator = 'auto-renewal' ORDER BY id DESC").get() as { id: number }).id;
    await app.jobs.waitFor(job);
    const renewed = await expectOk<CertificateDetail>(app, 'GET', 'V4/certificate.detail', { token, query: { id } });
    assert.ok(Date.parse(renewed.not_after!) > Date.parse(before.not_after!) + 60 * DAY_MS);
    assert.notEqual(renewed.summary?.serial, before.summary?.serial);
    const off = await expectOk<CertificateInfo>(app, 'POST', 'V4/certificate.auto_renew.set', { token, body: { id, auto_renew: false } });
    assert.equal(off.auto_renew, false);
    const uploads = await expectOk<CertificateListAnswer>(app, 'GET', 'V4/certificate.list', { token, query: { keyword: 'wildcard' } });
    const refused = await call(app, 'POST', 'V4/certificate.auto_renew.set', { token, body: { id: uploads.list[0]!.id, auto_renew: true } });
    assert.equal(refused.code, CONFLICT_CODE);
  });
});

describe('certificates: the sealing key lives beside the database, never in it', () => {
  it('generates the key once in <db>.certificate-vault.json (mode 0600), keeps keys readable after a restart', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'ec-cert-vault-'));
    const dbPath = join(folder, 'console.db');
    try {
      let { app } = await startRealClockServer(dbPath);
      const token = (await signInParent(app)).token;
      const vaultPath = `${dbPath}.certificate-vault.json`;
      assert.ok(existsSync(vaultPath));
      assert.equal(statSync(vaultPath).mode & 0o777, 0o600);
      const secret = (JSON.parse(readFileSync(vaultPath, 'utf8')) as { secret: string }).secret;
      const list = await expectOk<CertificateListAnswer>(app, 'GET', 'V4/certificate.list', { token, query: { keyword: 'api.example.com' } });
      const first = await expectOk<CertificateDownloadAnswer>(app, 'POST', 'V4/certificate.download', {
        token,
        body: { id: list.list[0]!.id, include_private_key: true, confirm_private_key: true },
      });
      await app.close();
      assert.ok(!readFileSync(dbPath).includes(secret), 'the database file does not contain the secret');
      ({ app } = await startRealClockServer(dbPath));
      const again = await expectOk<CertificateDownloadAnswer>(app, 'POST', 'V4/certificate.download', {
        token: (await signInParent(app)).token,
        body: { id: list.list[0]!.id, include_private_key: true, confirm_private_key: true },
      });
      assert.equal(again.private_key, first.private_key);
      await app.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('takes the key from CERT_KEY_SECRET when set; sealed text cannot be opened for another account', async () => {
    const { app } = await startRealClockServer();
    const vault = createVault(app.db, { CERT_KEY_SECRET: 'a long demo secret for the tests' });
    assert.equal(vault.keySource, 'env');
    const sealed = vault.seal('-----BEGIN PRIVATE KEY-----', 'certificate-key:1');
    assert.equal(vault.open(sealed, 'certificate-key:1'), '-----BEGIN PRIVATE KEY-----');
    assert.throws(() => vault.open(sealed, 'certificate-key:2'));
    await app.close();
  });
});

describe('free certificates are applied for per object (rules §6; security finding: a child could obtain the key of a domain outside its grant)', () => {
  let app: FastifyInstance;
  before(async () => {
    // These tests read the English seed's wording (seed-language.test.ts holds both seeds).
    ({ app } = await startServer({ seedLanguage: 'en_US' }));
    // The demo group manages its first two websites; let it manage certificates too, as a group that may apply.
    app.db.prepare("UPDATE permission_grants SET access = 'manage' WHERE module = 'certificate'").run();
  });
  after(() => app.close());

  it('a child may apply only for websites its group manages; a domain outside the grant is refused and nothing is issued', async () => {
    const child = (await signInChild(app)).token;
    const [granted, , outside] = DEMO_DOMAINS;
    const before = (app.db.prepare('SELECT COUNT(*) AS n FROM certificates').get() as { n: number }).n;
    const refused = await call<{ errors: { field: string; key: string; values: { domain: string } }[] }>(app, 'POST', 'V4/certificate.free.apply', {
      token: child,
      body: { issuer: 'demo-trust-g1', domains: [outside] },
    });
    assert.equal(refused.code, VALIDATION_FAILED_CODE);
    assert.deepEqual(refused.data.errors.map((issue) => [issue.key, issue.values.domain]), [['certificates.domain-not-granted', outside]]);
    assert.equal((app.db.prepare('SELECT COUNT(*) AS n FROM certificates').get() as { n: number }).n, before);
    const parent = (await signInParent(app)).token;
    const mixed = await call(app, 'POST', 'V4/certificate.free.apply', { token: child, body: { issuer: 'demo-trust-g1', domains: [granted, outside] } });
    assert.equal(mixed.code, VALIDATION_FAILED_CODE, 'one name outside the grant refuses the application');
    await expectOk(app, 'POST', 'V4/certificate.free.apply', { token: child, body: { issuer: 'demo-trust-g1', domains: [granted] } });
    await expectOk(app, 'POST', 'V4/certificate.free.apply', { token: parent, body: { issuer: 'demo-trust-g1', domains: [outside] } });
  });
});
