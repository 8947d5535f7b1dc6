/**
 * MD5 (RFC 1321), for the visitor authentication token (rules §5 "the token is timestamp, nonce and MD5 joined by a
 * pipe"). The browser's WebCrypto has no MD5 and the token tool of the visitor authentication card runs in the
 * browser, so the digest is computed here; the matcher (core/match/security-cards.ts) uses the same function, so
 * the tool and the trace can never disagree. MD5 is not a safe hash for new designs: it is here only because the
 * edge's token format names it.
 *
 * Strings are hashed as their UTF-8 bytes (what a client script hashing the same text would feed MD5).
 */

/** Per-round left rotations (RFC 1321 §3.4). */
const SHIFTS = [7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21];

/** T[i] = floor(2^32 × |sin(i + 1)|) (RFC 1321 §3.4), computed once rather than typed in. */
const SINES = Array.from({ length: 64 }, (_, index) => Math.floor(Math.abs(Math.sin(index + 1)) * 2 ** 32) >>> 0);

const encoder = new TextEncoder();

/** The MD5 digest of bytes, or of a string's UTF-8 bytes, as 32 lower-case hex digits. */
export function md5Hex(input: string | Uint8Array): string {
  const bytes = typeof input === 'string' ? encoder.encode(input) : input;
  // Padding (§3.1, §3.2): a 1 bit, zeros to 56 mod 64 bytes, then the bit length as a 64-bit little-endian number.
  const padded = new Uint8Array((((bytes.length + 8) >> 6) + 1) << 6);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  const bits = bytes.length * 8;
  view.setUint32(padded.length - 8, bits >>> 0, true);
  view.setUint32(padded.length - 4, Math.floor(bits / 2 ** 32), true);

  let a0 = 0x67452301;
  let b0 = 0xefcdab89;
  let c0 = 0x98badcfe;
  let d0 = 0x10325476;
  const words = new Uint32Array(16);
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let index = 0; index < 16; index++) words[index] = view.getUint32(offset + index * 4, true);
    let a = a0;
    let b = b0;
    let c = c0;
    let d = d0;
    for (let step = 0; step < 64; step++) {
      let f: number;
      let g: number;
      if (step < 16) {
        f = (b & c) | (~b & d);
        g = step;
      } else if (step < 32) {
        f = (d & b) | (~d & c);
        g = (5 * step + 1) & 15;
      } else if (step < 48) {
        f = b ^ c ^ d;
        g = (3 * step + 5) & 15;
      } else {
        f = c ^ (b | ~d);
        g = (7 * step) & 15;
      }
      const sum = (a + f + SINES[step]! + words[g]!) >>> 0;
      const shift = SHIFTS[step]!;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) >>> 0;
    }
    a0 = (a0 + a) >>> 0;
    b0 = (b0 + b) >>> 0;
    c0 = (c0 + c) >>> 0;
    d0 = (d0 + d) >>> 0;
  }
  // The digest is A, B, C, D as little-endian bytes (§3.5).
  let hex = '';
  for (const word of [a0, b0, c0, d0]) {
    for (let byte = 0; byte < 4; byte++) hex += ((word >>> (byte * 8)) & 0xff).toString(16).padStart(2, '0');
  }
  return hex;
}
