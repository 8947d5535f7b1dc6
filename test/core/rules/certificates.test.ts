import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, it } from 'node:test';
import * as certificates from '../../../core/rules/certificates.js';

/** A real self-signed P-256 certificate (made once with openssl; only its PEM syntax matters here). */
const CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBgjCCASegAwIBAgIUL02E5q5RGlWRXkUynXVp4AWzREowCgYIKoZIzj0EAwIw
FjEUMBIGA1UEAwwLZXhhbXBsZS5jb20wHhcNMjYxMTIyMDAwMzA5WhcNMzYxMTE5
MDAwMzA5WjAWMRQwEgYDVQQDDAtleGFtcGxlLmNvbTBZMBMGByqGSM49AgEGCCqG
SM49AwEHA0IABAU5HEE/W6bLrb4Ba2oEjwvGrByNW7ZdQ61u9aPeFruhyWZvFO0V
Rpt3gWIzqO0D5WNu4VN1suzWCj1rU8+MNzKjUzBRMB0GA1UdDgQWBBREaWTpfOk1
WQkXbCjvraedoyHhtzAfBgNVHSMEGDAWgBREaWTpfOk1WQkXbCjvraedoyHhtzAP
BgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0kAMEYCIQCM+MO1NeyAxo0ZzolA
Pwld52ako8lLN5YqQ0djMUlhZwIhALVYeV36EkmwmRaYkvkoG2uNX3sfxRwSaH5n
eB129Lu8
-----END CERTIFICATE-----
`;

/** Keys made at test time with node:crypto, in every PEM form the upload can meet. */
function keys() {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    pkcs8: rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    pkcs1: rsa.privateKey.export({ type: 'pkcs1', format: 'pem' }) as string,
    sec1: ec.privateKey.export({ type: 'sec1', format: 'pem' }) as string,
    encryptedPkcs8: rsa.privateKey.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'secret' }) as string,
    encryptedPkcs1: rsa.privateKey.export({ type: 'pkcs1', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'secret' }) as string,
    publicKey: rsa.publicKey.export({ type: 'spki', format: 'pem' }) as string,
  };
}

describe('rules §5 Certificates', () => {
  const pem = keys();
  it('rules §5: name 4-50 characters', () => {
    assert.deepEqual(certificates.CERTIFICATE_NAME_LENGTH, { min: 4, max: 50 });
    assert.deepEqual(certificates.validateCertificateName(''), { key: 'common.required' });
    assert.deepEqual(certificates.validateCertificateName('abc'), { key: 'common.length-range', values: { min: 4, max: 50 } });
    assert.equal(certificates.validateCertificateName('abcd'), null);
    assert.equal(certificates.validateCertificateName('证'.repeat(50)), null);
    assert.deepEqual(certificates.validateCertificateName('a'.repeat(51)), { key: 'common.length-range', values: { min: 4, max: 50 } });
  });
  it('rules §5: PEM only for the certificate (a chain of CERTIFICATE blocks, CRLF allowed)', () => {
    assert.equal(certificates.validateCertificatePem(CERTIFICATE), null);
    assert.equal(certificates.validateCertificatePem(`${CERTIFICATE}\n${CERTIFICATE}`), null);
    assert.equal(certificates.validateCertificatePem(CERTIFICATE.replace(/\n/g, '\r\n')), null);
    assert.deepEqual(certificates.validateCertificatePem(''), { key: 'certificates.certificate-required' });
    const notPem = [
      'MIIBgjCCASegAwIBAgIU',
      CERTIFICATE.replace('-----END CERTIFICATE-----', ''),
      CERTIFICATE.replace('END CERTIFICATE', 'END PRIVATE KEY'),
      CERTIFICATE.replace('MIIBgjCC', 'MIIB*jCC'),
      `garbage\n${CERTIFICATE}`,
      pem.pkcs8,
      '-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----',
    ];
    for (const text of notPem) assert.deepEqual(certificates.validateCertificatePem(text), { key: 'certificates.pem-only' }, text.slice(0, 40));
  });
  it('rules §5: the private key is PEM and without a password (PKCS#8 and legacy encrypted forms refused)', () => {
    for (const ok of [pem.pkcs8, pem.pkcs1, pem.sec1]) assert.equal(certificates.validatePrivateKeyPem(ok), null, ok.split('\n')[0]);
    assert.deepEqual(certificates.validatePrivateKeyPem(pem.encryptedPkcs8), { key: 'certificates.key-encrypted' });
    assert.deepEqual(certificates.validatePrivateKeyPem(pem.encryptedPkcs1), { key: 'certificates.key-encrypted' });
    assert.deepEqual(certificates.validatePrivateKeyPem(pem.publicKey), { key: 'certificates.key-pem-only' });
    assert.deepEqual(certificates.validatePrivateKeyPem(CERTIFICATE), { key: 'certificates.key-pem-only' });
    assert.deepEqual(certificates.validatePrivateKeyPem(`${pem.pkcs8}${pem.pkcs8}`), { key: 'certificates.key-pem-only' });
    assert.deepEqual(certificates.validatePrivateKeyPem(' '), { key: 'certificates.key-required' });
  });
  it('rules §5: the upload form answers field issues; a certificate must be selected', () => {
    assert.deepEqual(certificates.validateCertificateUpload({ name: 'shop cert', certificate: CERTIFICATE, privateKey: pem.sec1 }), []);
    assert.deepEqual(certificates.validateCertificateUpload({ name: 'x', certificate: 'x', privateKey: pem.encryptedPkcs8 }), [
      { field: 'name', key: 'common.length-range', values: { min: 4, max: 50 } },
      { field: 'certificate', key: 'certificates.pem-only' },
      { field: 'privateKey', key: 'certificates.key-encrypted' },
    ]);
    assert.deepEqual(certificates.validateCertificateSelected(undefined), { key: 'certificates.select-required' });
    assert.equal(certificates.validateCertificateSelected(12), null);
  });
  it('rules §5 / §9: batch apply at most 1000 domains', () => {
    assert.equal(certificates.CERTIFICATE_BATCH_APPLY_MAX, 1000);
    const list = (count: number) => Array.from({ length: count }, (_, i) => `d${i}.example.com`);
    assert.equal(certificates.validateCertificateBatchApply(list(1000)).issue, null);
    assert.deepEqual(certificates.validateCertificateBatchApply(list(1001)).issue, { key: 'certificates.batch-apply-limit', values: { max: 1000, count: 1001 } });
    assert.equal(certificates.validateCertificateBatchApply('*.example.com').summary.valid, 1);
  });
  it('rules §5 / §9: free certificate quota 50 per registered domain per week, 5 duplicates; valid 3 months, two issuers', () => {
    assert.equal(certificates.FREE_CERTIFICATE_VALIDITY_MONTHS, 3);
    assert.equal(certificates.FREE_CERTIFICATE_ISSUER_COUNT, 2);
    assert.equal(certificates.validateFreeCertificateQuota({ issuedThisWeek: 49, duplicates: 4 }), null);
    assert.deepEqual(certificates.validateFreeCertificateQuota({ issuedThisWeek: 50, duplicates: 0 }), { key: 'certificates.weekly-quota', values: { max: 50 } });
    assert.deepEqual(certificates.validateFreeCertificateQuota({ issuedThisWeek: 0, duplicates: 5 }), { key: 'certificates.duplicate-quota', values: { max: 5 } });
  });
});
