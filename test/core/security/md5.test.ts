import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { md5Hex } from '../../../core/security/md5.js';

describe('md5 (rules §5 visitor token digest, RFC 1321)', () => {
  it('RFC 1321 appendix A.5 test suite', () => {
    const suite: [string, string][] = [
      ['', 'd41d8cd98f00b204e9800998ecf8427e'],
      ['a', '0cc175b9c0f1b6a831c399e269772661'],
      ['abc', '900150983cd24fb0d6963f7d28e17f72'],
      ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
      ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
      ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
      ['12345678901234567890123456789012345678901234567890123456789012345678901234567890', '57edf4a22be3c955ac49da2e2107b67a'],
    ];
    for (const [input, digest] of suite) assert.equal(md5Hex(input), digest, JSON.stringify(input));
  });

  it('agrees with node:crypto on random bytes of every length around the block edges', () => {
    for (let length = 0; length < 300; length++) {
      const bytes = new Uint8Array(randomBytes(length));
      assert.equal(md5Hex(bytes), createHash('md5').update(bytes).digest('hex'), `length ${length}`);
    }
  });

  it('agrees with node:crypto on random multi-byte UTF-8 strings (hashed as UTF-8)', () => {
    const alphabet = ['a', 'Z', '9', '|', 'é', 'ß', '中', '文', '𝄞', '😀', ' ', '\n'];
    for (let round = 0; round < 200; round++) {
      const length = Math.floor(Math.random() * 90);
      const text = Array.from({ length }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
      assert.equal(md5Hex(text), createHash('md5').update(text, 'utf8').digest('hex'), JSON.stringify(text));
    }
  });
});
