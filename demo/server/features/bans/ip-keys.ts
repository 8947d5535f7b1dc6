/**
 * Sortable keys of addresses and blocks, so SQLite finds "bans inside a block" and "list blocks containing an
 * address" with an index range scan: the family digit and the address as fixed-width lower-case hex (`4` + 8 digits,
 * `6` + 32 digits). Text order is then address order within a family, and the families never interleave. An
 * IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) stays in the IPv6 family, as the parser reads it.
 */
import { canonicalIp, canonicalIpOrCidr, parseCidr, parseIPv4, parseIPv6 } from '../../../../core/rules/ip.js';

/** The range of keys an address or block covers, both ends included. */
export interface KeyRange {
  low: string;
  high: string;
}

const WIDTH = { 4: 32, 6: 128 } as const;

function keyOf(version: 4 | 6, value: bigint): string {
  return `${version}${value.toString(16).padStart(WIDTH[version] / 4, '0')}`;
}

function addressValue(text: string): { version: 4 | 6; value: bigint } | null {
  const v4 = parseIPv4(text);
  if (v4 !== null) return { version: 4, value: BigInt(v4) };
  const groups = parseIPv6(text);
  if (groups === null) return null;
  return { version: 6, value: groups.reduce((sum, group) => (sum << 16n) | BigInt(group), 0n) };
}

/** The key of an address, or null when the text is not one. */
export function ipKey(text: string): string | null {
  const parsed = addressValue(text);
  return parsed === null ? null : keyOf(parsed.version, parsed.value);
}

/** The keys an address (one key) or a CIDR block (its first to last address) covers; null for anything else. */
export function keyRange(text: string): KeyRange | null {
  const cidr = parseCidr(text);
  if (cidr === null) {
    const key = ipKey(text);
    return key === null ? null : { low: key, high: key };
  }
  const parsed = addressValue(cidr.address)!;
  const hostBits = BigInt(WIDTH[cidr.version] - cidr.prefix);
  const size = 1n << hostBits;
  const low = (parsed.value >> hostBits) << hostBits;
  return { low: keyOf(cidr.version, low), high: keyOf(cidr.version, low + size - 1n) };
}

/** The canonical text an address or block is stored under (RFC 5952 for IPv6), or null. */
export function storedEntry(text: string): string | null {
  return text.includes('/') ? canonicalIpOrCidr(text) : canonicalIp(text);
}
