/**
 * Rules §3, §5 and §9 Certificates: names a certificate covers (wildcards), the registered domain the quota counts,
 * expiry states, the free certificate application form, and the X.509 inspection of an upload (key match, encrypted
 * keys, non-PEM, expiry, chain order) on certificates made at test time.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  certificateCovers,
  certificateExpiryState,
  certificateNameSet,
  FREE_CERTIFICATE_ISSUERS,
  registeredDomain,
  validateFreeCertificateApplication,
} from '../../../core/rules/certificates.js';
import { inspectCertificateUpload, splitChainPem } from '../../../core/x509/inspect.js';
import { domainBatch, encryptLegacy, encryptPkcs8, GARBAGE, makeAuthority, makeKey, makeLeaf } from '../../helpers/certificate-fixtures.js';

const DAY_MS = 86_400_000;

describe('rules §5 Certificates: coverage, registered domains, expiry states', () => {
  it('a wildcard covers exactly one label; names compare without case or trailing dot', () => {
    const names = ['example.com', '*.example.com'];
    assert.equal(certificateCovers(names, 'www.example.com'), true);
    assert.equal(certificateCovers(names, 'WWW.Example.com.'), true);
    assert.equal(certificateCovers(names, 'example.com'), true);
    assert.equal(certificateCovers(names, 'a.b.example.com'), false);
    assert.equal(certificateCovers(['*.example.com'], 'example.com'), false);
    assert.equal(certificateCovers(['www.example.com'], '*.example.com'), false);
    assert.equal(certificateCovers(['*.example.com'], '*.example.com'), true);
    assert.equal(certificateCovers(names, ''), false);
  });

  it('rules §5 quota counts per registered domain (two-label public suffixes kept whole)', () => {
    assert.equal(registeredDomain('*.shop.example.com'), 'example.com');
    assert.equal(registeredDomain('a.b.example.com.cn'), 'example.com.cn');
    assert.equal(registeredDomain('www.example.co.uk'), 'example.co.uk');
    assert.equal(registeredDomain('example.org'), 'example.org');
    assert.equal(certificateNameSet(['B.example.com', 'a.example.com', 'b.example.com.']), 'a.example.com,b.example.com');
  });

  it('rules §3 expiry states: expired, expiring soon (30 days), unexpired', () => {
    const now = Date.UTC(2026, 0, 1);
    assert.equal(certificateExpiryState(now, now), 'expired');
    assert.equal(certificateExpiryState(now + 30 * DAY_MS, now), 'expiring');
    assert.equal(certificateExpiryState(now + 31 * DAY_MS, now), 'unexpired');
  });

  it('rules §5/§9 free application: one of two issuers, 1-1000 domains, wildcards allowed, no duplicates', () => {
    assert.equal(FREE_CERTIFICATE_ISSUERS.length, 2);
    assert.deepEqual(validateFreeCertificateApplication({ issuer: 'demo-trust-g1', domains: ['*.example.com', 'www.example.com'] }), []);
    assert.deepEqual(validateFreeCertificateApplication({ issuer: '', domains: [] }), [
      { field: 'issuer', key: 'certificates.issuer-required' },
      { field: 'domains', key: 'certificates.domains-required' },
    ]);
    const tooMany = validateFreeCertificateApplication({ issuer: 'demo-trust-g1', domains: domainBatch(1001) });
    assert.deepEqual(tooMany, [{ field: 'domains', key: 'certificates.batch-apply-limit', values: { max: 1000, count: 1001 } }]);
    assert.deepEqual(validateFreeCertificateApplication({ issuer: 'demo-trust-g1', domains: domainBatch(1000) }), []);
    const lines = validateFreeCertificateApplication({ issuer: 'demo-secure-g2', domains: 'a.example.com\nnot a domain\nA.example.com' });
    assert.deepEqual(lines.map((found) => [found.key, found.values?.line]), [
      ['domain.format-error', 2],
      ['batch.duplicate', 3],
    ]);
  });
});

describe('rules §5 Certificates: inspecting an upload with pkijs and WebCrypto', () => {
  it('reads subject, names, issuer, validity and key type, and orders the chain leaf first', async () => {
    const authority = await makeAuthority('Inspect CA');
    const pair = await makeLeaf(authority, ['www.inspect.test', '*.inspect.test'], { keyKind: 'rsa', order: 'issuer-first' });
    const result = await inspectCertificateUpload({ certificate: pair.certificate, privateKey: pair.privateKey });
    assert.deepEqual(result.issues, []);
    assert.deepEqual(result.warnings, []);
    assert.equal(result.summary?.subject, 'www.inspect.test');
    assert.deepEqual(result.summary?.names, ['www.inspect.test', '*.inspect.test']);
    assert.equal(result.summary?.issuer, 'Inspect CA');
    assert.equal(result.summary?.key_type, 'RSA 2048');
    assert.equal(result.summary?.chain_length, 2);
    assert.deepEqual(splitChainPem(result.orderedChainPem!), { leaf: pair.leaf, issuers: authority.pem });
  });

  it('refuses a key of another certificate, encrypted keys (PKCS#8 and Proc-Type) and non-PEM text', async () => {
    const authority = await makeAuthority();
    const pair = await makeLeaf(authority, ['k.inspect.test']);
    const other = await makeKey('ec');
    const keyIssue = async (privateKey: string) =>
      (await inspectCertificateUpload({ certificate: pair.certificate, privateKey })).issues.map((found) => `${found.field}:${found.key}`);
    assert.deepEqual(await keyIssue(other.pem), ['privateKey:certificates.key-mismatch']);
    assert.deepEqual(await keyIssue(await encryptPkcs8(pair.key, 'pw')), ['privateKey:certificates.key-encrypted']);
    assert.deepEqual(await keyIssue(await encryptLegacy(pair.key, 'pw')), ['privateKey:certificates.key-encrypted']);
    assert.deepEqual(await keyIssue(GARBAGE), ['privateKey:certificates.key-pem-only']);
    const garbage = await inspectCertificateUpload({ certificate: GARBAGE, privateKey: pair.privateKey });
    assert.deepEqual(garbage.issues, [{ field: 'certificate', key: 'certificates.pem-only' }]);
    const notX509 = await inspectCertificateUpload({ certificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----', privateKey: pair.privateKey });
    assert.deepEqual(notX509.issues, [{ field: 'certificate', key: 'certificates.certificate-unreadable' }]);
  });

  it('an expired certificate is refused (stricter reading); not yet valid and expiring soon only warn', async () => {
    const authority = await makeAuthority();
    const expired = await makeLeaf(authority, ['old.inspect.test'], { validFromDays: -100, validToDays: -1 });
    const refused = await inspectCertificateUpload({ certificate: expired.certificate, privateKey: expired.privateKey });
    assert.deepEqual(refused.issues.map((found) => found.key), ['certificates.expired']);
    assert.equal(refused.orderedChainPem, null);
    const soon = await makeLeaf(authority, ['soon.inspect.test'], { validToDays: 10 });
    const warned = await inspectCertificateUpload({ certificate: soon.certificate, privateKey: soon.privateKey });
    assert.deepEqual(warned.issues, []);
    assert.deepEqual(warned.warnings.map((found) => found.key), ['certificates.expiring-soon']);
    const future = await makeLeaf(authority, ['later.inspect.test'], { validFromDays: 5 });
    const later = await inspectCertificateUpload({ certificate: future.certificate, privateKey: future.privateKey });
    assert.deepEqual(later.warnings.map((found) => found.key), ['certificates.not-yet-valid']);
  });

  it('a certificate unrelated to the chain is refused', async () => {
    const [first, second] = [await makeAuthority('First CA'), await makeAuthority('Second CA')];
    const pair = await makeLeaf(first, ['chain.inspect.test']);
    const result = await inspectCertificateUpload({ certificate: pair.certificate + second.pem, privateKey: pair.privateKey });
    assert.deepEqual(result.issues, [{ field: 'certificate', key: 'certificates.chain-unrelated' }]);
  });
});
