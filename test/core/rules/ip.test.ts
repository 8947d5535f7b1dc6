import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  canonicalIp,
  canonicalIpOrCidr,
  ipIdentity,
  ipVersion,
  isCidr,
  isIp,
  isIpOrCidr,
  misalignedCidrNetwork,
  isIPv4,
  isIPv6,
  parseCidr,
  parseIPv4,
  parseIPv6,
  validateIp,
  validateIpOrCidr,
} from '../../../core/rules/ip.js';

/** Node's answer without zone ids, which our parser refuses on purpose. */
const nodeVersion = (value: string): number => (value.includes('%') ? 0 : net.isIP(value));

/** Near-miss IP text: right pieces, sometimes wrong counts, leading zeros, stray characters. */
const hexGroup = fc.oneof(
  { arbitrary: fc.stringMatching(/^[0-9a-fA-F]{1,4}$/), weight: 12 },
  { arbitrary: fc.constant(''), weight: 2 },
  { arbitrary: fc.stringMatching(/^[0-9a-fA-F]{5}$/), weight: 1 },
);
const octet = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 255 }).map(String), weight: 10 },
  { arbitrary: fc.constantFrom('00', '01', '010', '256', '300', ''), weight: 2 },
);
const ipv4ish = fc
  .array(octet, { minLength: 3, maxLength: 5 })
  .chain((parts) => fc.constantFrom('.', '.', '.', ':').map((separator) => parts.join(separator)));
const ipv6ish = fc
  .tuple(
    fc.array(hexGroup, { minLength: 1, maxLength: 9 }),
    fc.option(fc.tuple(octet, octet, octet, octet).map((o) => o.join('.')), { freq: 3 }),
    fc.oneof({ arbitrary: fc.constant(''), weight: 10 }, { arbitrary: fc.constantFrom('%eth0', ' ', '/64', 'g', ':'), weight: 1 }),
  )
  .map(([groups, tail, suffix]) => groups.join(':') + (tail === null ? '' : `:${tail}`) + suffix);
const ipish = fc.oneof(ipv4ish, ipv6ish, fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF:.%/ ') , maxLength: 45 }));

describe('rules §5 Bans, IP lists: IPv4 parsing', () => {
  it('accepts dotted decimal 0-255 in four parts', () => {
    for (const ok of ['0.0.0.0', '1.2.3.4', '255.255.255.255', '10.0.0.1', '192.168.100.200']) assert.equal(isIPv4(ok), true, ok);
  });
  it('refuses leading zeros (as Node does), out-of-range parts, wrong part counts and stray characters', () => {
    for (const bad of ['01.2.3.4', '1.2.3.04', '00.0.0.0', '256.1.1.1', '1.2.3', '1.2.3.4.5', '1..2.3', '.1.2.3', '1.2.3.', ' 1.2.3.4', '1.2.3.4 ', '1.2.3.-4', '1.2.3.a', '', '1.2.3.4/32']) {
      assert.equal(isIPv4(bad), false, bad);
      assert.equal(net.isIPv4(bad), false, `node agrees on ${bad}`);
    }
  });
  it('gives the address as a 32-bit number', () => {
    assert.equal(parseIPv4('1.2.3.4'), 0x01020304);
    assert.equal(parseIPv4('255.255.255.255'), 0xffffffff);
    assert.equal(parseIPv4('1.2.3'), null);
  });
});

describe('rules §5 Bans, IP lists: IPv6 parsing', () => {
  it('accepts full, compressed and IPv4-tailed forms', () => {
    for (const ok of ['::', '::1', '1::', '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7::', '::2:3:4:5:6:7:8', '2001:DB8::1', '::ffff:1.2.3.4', '64:ff9b::192.0.2.1', '1:2:3:4:5:6:1.2.3.4', '1:2:3:4:5::1.2.3.4', '0000:0000::']) {
      assert.equal(isIPv6(ok), true, ok);
    }
  });
  it('refuses zone ids (deliberately, unlike Node), bad compression and bad groups', () => {
    assert.equal(isIPv6('fe80::1%eth0'), false);
    assert.equal(net.isIPv6('fe80::1%eth0'), true, 'Node accepts zones; we do not');
    for (const bad of [':::', '1:::2', '1::2::3', ':1::', '1::2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7', '12345::', 'g::', '1:2:3:4:5:6::1.2.3.4', '::1.2.3', '::01.2.3.4', '::1.2.3.4:5', '1:', ':', '']) {
      assert.equal(isIPv6(bad), false, bad);
    }
  });
  it('gives the eight groups', () => {
    assert.deepEqual(parseIPv6('2001:db8::1'), [0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]);
    assert.deepEqual(parseIPv6('::ffff:1.2.3.4'), [0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    assert.equal(parseIPv6('1.2.3.4'), null);
  });
});

describe('rules §5 Bans, IP lists: CIDR', () => {
  it('accepts prefixes 0-32 and 0-128 and canonicalises the address', () => {
    assert.deepEqual(parseCidr('10.0.0.0/8'), { version: 4, address: '10.0.0.0', prefix: 8 });
    assert.deepEqual(parseCidr('2001:DB8:0::/32'), { version: 6, address: '2001:db8::', prefix: 32 });
    for (const ok of ['0.0.0.0/0', '1.2.3.4/32', '::/0', '::/128', '10.1.2.3/8']) assert.equal(isCidr(ok), true, ok);
  });
  it('refuses bad prefixes: out of range, leading zeros, empty, signs, spaces', () => {
    for (const bad of ['1.2.3.4/33', '::/129', '1.2.3.4/024', '1.2.3.4/', '/24', '1.2.3.4/-1', '1.2.3.4/ 8', '1.2.3.4/8/8', '1.2.3/8', 'fe80::1%eth0/64']) {
      assert.equal(isCidr(bad), false, bad);
      assert.equal(parseCidr(bad), null, bad);
    }
  });
  it('rules §5 (issue 18): a block with host bits set is refused with its network form, the stricter reading', () => {
    assert.deepEqual(validateIpOrCidr('10.1.2.3/8'), { key: 'ip.cidr-not-network', values: { network: '10.0.0.0/8' } });
    assert.deepEqual(validateIpOrCidr(' 192.168.1.77/24 '), { key: 'ip.cidr-not-network', values: { network: '192.168.1.0/24' } });
    assert.deepEqual(validateIpOrCidr('255.255.255.255/0'), { key: 'ip.cidr-not-network', values: { network: '0.0.0.0/0' } });
    assert.deepEqual(validateIpOrCidr('2001:DB8::1/32'), { key: 'ip.cidr-not-network', values: { network: '2001:db8::/32' } });
    assert.deepEqual(validateIpOrCidr('2001:db8:0:0:8000::/64'), { key: 'ip.cidr-not-network', values: { network: '2001:db8::/64' } });
    assert.equal(validateIpOrCidr('2001:db8:0:0:8000::/65'), null);
    for (const ok of ['10.0.0.0/8', '1.2.3.4/32', '0.0.0.0/0', '2001:db8::/32', '2001:DB8:0::/32', '::1/128', '::/0', '10.1.2.3']) {
      assert.equal(validateIpOrCidr(ok), null, ok);
      assert.equal(misalignedCidrNetwork(ok), null, ok);
    }
    assert.equal(misalignedCidrNetwork('not/8'), null);
  });
  it('isIpOrCidr takes addresses and blocks of both families, nothing else', () => {
    for (const ok of ['1.2.3.4', '1.2.3.0/24', '::1', '2001:db8::/32']) assert.equal(isIpOrCidr(ok), true, ok);
    for (const bad of ['example.com', '1.2.3.4/33', '::/200', '1.2.3.4:80', '']) assert.equal(isIpOrCidr(bad), false, bad);
  });
  it('canonicalIpOrCidr gives one spelling per block', () => {
    assert.equal(canonicalIpOrCidr('2001:DB8:0:0::/32'), '2001:db8::/32');
    assert.equal(canonicalIpOrCidr('1.2.3.0/24'), '1.2.3.0/24');
    assert.equal(canonicalIpOrCidr('nope/1'), null);
  });
});

describe('rules §5 Bans, IP lists: canonical IPv6 text (RFC 5952)', () => {
  it('lower case, no leading zeros, longest zero run compressed (first on a tie), single zero group kept', () => {
    assert.equal(canonicalIp('2001:0DB8:0000:0000:0000:0000:0000:0001'), '2001:db8::1');
    assert.equal(canonicalIp('1:0:0:1:0:0:0:1'), '1:0:0:1::1');
    assert.equal(canonicalIp('1:0:0:1:0:0:1:1'), '1::1:0:0:1:1');
    assert.equal(canonicalIp('1:2:3:4:5:6:7:0'), '1:2:3:4:5:6:7:0');
    assert.equal(canonicalIp('0:0:0:0:0:0:0:0'), '::');
    assert.equal(canonicalIp('::ffff:0102:0304'), '::ffff:1.2.3.4');
    assert.equal(canonicalIp('1.2.3.4'), '1.2.3.4');
    assert.equal(canonicalIp('junk'), null);
  });
});

describe('rules §5 Bans, IP lists: duplicate keys (ipIdentity)', () => {
  it('is equal across spellings of one address or block, null for anything else', () => {
    assert.equal(ipIdentity('2001:DB8::1'), ipIdentity('2001:db8:0:0:0:0:0:1'));
    assert.equal(ipIdentity('2001:DB8::/32'), ipIdentity('2001:db8:0::/32'));
    assert.notEqual(ipIdentity('2001:db8::/32'), ipIdentity('2001:db8::/33'));
    assert.equal(ipIdentity('1.2.3.4'), '1.2.3.4');
    assert.equal(ipIdentity('1.2.3.0/24'), '1.2.3.0/24');
    for (const bad of ['x', '1.2.3.4/33', '::/129', '::1/', 'fe80::1%eth0']) assert.equal(ipIdentity(bad), null, bad);
  });
  it('property: same key exactly when the canonical forms are equal', () => {
    const address = fc.oneof(fc.ipV4(), fc.ipV6());
    fc.assert(
      fc.property(address, address, (a, b) => {
        assert.equal(ipIdentity(a), ipIdentity(canonicalIp(a)!));
        assert.equal(ipIdentity(a) === ipIdentity(b), canonicalIp(a) === canonicalIp(b));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('rules §8 "Incorrect IP address": the IP rules', () => {
  it('validateIp: required, then an address', () => {
    assert.deepEqual(validateIp(''), { key: 'ip.required' });
    assert.deepEqual(validateIp('1.2.3'), { key: 'ip.incorrect' });
    assert.equal(validateIp(' 1.2.3.4 '), null);
  });
  it('validateIpOrCidr: required, then an address or block', () => {
    assert.deepEqual(validateIpOrCidr(null), { key: 'ip.required' });
    assert.deepEqual(validateIpOrCidr('1.2.3.4/40'), { key: 'ip.incorrect-ip-or-cidr' });
    assert.equal(validateIpOrCidr('::/0'), null);
  });
});

describe('rules §5 Bans, IP lists: property tests against Node net.isIP', () => {
  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (value) => {
        ipVersion(value);
        isIpOrCidr(value);
        canonicalIp(value);
        canonicalIpOrCidr(value);
        parseCidr(value);
      }),
      { numRuns: 5000 },
    );
  });
  it('agrees with net.isIP on random strings (zone ids aside)', () => {
    fc.assert(fc.property(fc.string({ maxLength: 45 }), (value) => ipVersion(value) === nodeVersion(value)), { numRuns: 5000 });
  });
  it('agrees with net.isIP, isIPv4 and isIPv6 on near-miss IP-like strings', () => {
    fc.assert(
      fc.property(ipish, (value) => {
        assert.equal(ipVersion(value), nodeVersion(value), value);
        assert.equal(isIPv4(value), net.isIPv4(value), value);
        assert.equal(isIPv6(value), !value.includes('%') && net.isIPv6(value), value);
        assert.equal(isIp(value), nodeVersion(value) !== 0, value);
      }),
      { numRuns: 20000 },
    );
  });
  it('agrees with Node on real addresses, and canonical forms round-trip to the same address', () => {
    const address = fc.oneof(fc.ipV4(), fc.ipV6(), fc.ipV4Extended());
    fc.assert(
      fc.property(address, (value) => {
        assert.equal(ipVersion(value), nodeVersion(value), value);
        const canonical = canonicalIp(value);
        if (canonical === null) return;
        assert.equal(canonicalIp(canonical), canonical, 'idempotent');
        assert.equal(net.isIP(canonical), ipVersion(value), 'Node accepts the canonical form');
        if (ipVersion(value) === 6) assert.deepEqual(parseIPv6(canonical), parseIPv6(value), 'same address');
        else assert.equal(parseIPv4(canonical), parseIPv4(value));
      }),
      { numRuns: 10000 },
    );
  });
  it('canonical text of any parsed IPv6 group list round-trips', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }), (groups) => {
        const text = groups.map((group) => group.toString(16)).join(':');
        const canonical = canonicalIp(text)!;
        assert.deepEqual(parseIPv6(canonical), groups);
        assert.equal(canonicalIp(canonical), canonical);
      }),
      { numRuns: 5000 },
    );
  });
});
