import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { randomNonce, verifyVisitorToken, visitorToken } from '../../../core/security/visitor-token.js';

const KEY = 'k3y-秘密';
const NOW = 1_790_000_000;

describe('visitor token (rules §5 "timestamp, nonce and MD5 joined by a pipe"; rules §9 tolerance 1 hour)', () => {
  it('is timestamp|nonce|md5 with the MD5 over `timestamp|nonce|key`', () => {
    const token = visitorToken(KEY, NOW, 'abc123');
    assert.equal(token, `${NOW}|abc123|${createHash('md5').update(`${NOW}|abc123|${KEY}`, 'utf8').digest('hex')}`);
  });

  it('a fresh token verifies', () => {
    const nonce = randomNonce();
    assert.match(nonce, /^[A-Za-z0-9]{16}$/);
    assert.deepEqual(verifyVisitorToken(KEY, visitorToken(KEY, NOW, nonce), NOW + 10), { verdict: 'ok', timestamp: NOW, skew: 10 });
  });

  it('another key, or a changed field, is a wrong signature', () => {
    assert.equal(verifyVisitorToken('other', visitorToken(KEY, NOW, 'n1'), NOW).verdict, 'bad-signature');
    const [, nonce, digest] = visitorToken(KEY, NOW, 'n1').split('|');
    assert.equal(verifyVisitorToken(KEY, `${NOW + 1}|${nonce}|${digest}`, NOW).verdict, 'bad-signature');
    assert.equal(verifyVisitorToken(KEY, `${NOW}|n2|${digest}`, NOW).verdict, 'bad-signature');
  });

  it('rules §8 "Illegal or invalid timestamp (difference over one hour)": stale either way past 3600 s, not at it', () => {
    const token = visitorToken(KEY, NOW, 'n1');
    assert.equal(verifyVisitorToken(KEY, token, NOW + 3600).verdict, 'ok');
    assert.equal(verifyVisitorToken(KEY, token, NOW - 3600).verdict, 'ok');
    assert.equal(verifyVisitorToken(KEY, token, NOW + 3601).verdict, 'stale');
    assert.equal(verifyVisitorToken(KEY, token, NOW - 3601).verdict, 'stale');
  });

  it('upper-case digests are accepted; anything else not of the form is malformed', () => {
    const [ts, nonce, digest] = visitorToken(KEY, NOW, 'n1').split('|');
    assert.equal(verifyVisitorToken(KEY, `${ts}|${nonce}|${digest!.toUpperCase()}`, NOW).verdict, 'ok');
    for (const bad of ['', 'abc', `${ts}|${nonce}`, `${ts}|${nonce}|${digest}|x`, `x${ts}|${nonce}|${digest}`, `${ts}||${digest}`, `${ts}|${nonce}|${digest!.slice(1)}`, `-1|${nonce}|${digest}`]) {
      assert.equal(verifyVisitorToken(KEY, bad, NOW).verdict, 'malformed', bad);
    }
  });
});
