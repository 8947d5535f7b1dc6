/**
 * Client addresses as two sortable 64-bit integers, so every store answers "client_ip in 10.0.0.0/8" or
 * "in 2001:db8::/32" with plain integer range conditions (issue 24: IP/CIDR filters) instead of parsing text per row.
 *
 * The 128-bit address (an IPv4 address mapped into ::ffff:0:0/96, so IPv4 and IPv6 share one space and `1.2.3.4`
 * equals `::ffff:1.2.3.4`) is split into its high and low 64 bits. DuckDB, ClickHouse and SQLite all have a signed
 * 64-bit integer but not all an unsigned one, so each half is stored with its sign bit flipped (`u - 2^63`): signed
 * order of the stored values is then the unsigned order of the halves, and a block is one range in each engine.
 */
import { parseCidr, parseIPv4, parseIPv6 } from '../../../../../core/rules/ip.js';

/** An address as stored: both halves with the sign bit flipped. */
export interface IpHalves {
  hi: bigint;
  lo: bigint;
}

/**
 * The stored ranges a block covers. Prefixes up to 64 bits constrain the high half only (`lo` is null: any low half);
 * longer prefixes fix the high half (`hi[0] === hi[1]`) and constrain the low half.
 */
export interface IpBlockRange {
  hi: readonly [bigint, bigint];
  lo: readonly [bigint, bigint] | null;
}

const SIGN = 1n << 63n;
const MASK64 = (1n << 64n) - 1n;
/** High half of every IPv4-mapped address (all zero bits), flipped. */
const V4_HI = -SIGN;
/** Low half of ::ffff:0.0.0.0, flipped: an IPv4 address only adds its 32 bits to it. */
const V4_LO_BASE = 0xffff_0000_0000n - SIGN;

function flip(unsigned: bigint): bigint {
  return unsigned - SIGN;
}

/** The address as a 128-bit unsigned value, or null when the text is not an IPv4 or IPv6 address. */
function addressValue(text: string): { value: bigint; bits: 32 | 128 } | null {
  const v4 = parseIPv4(text);
  if (v4 !== null) return { value: 0xffff_0000_0000n | BigInt(v4), bits: 32 };
  const groups = parseIPv6(text);
  if (groups === null) return null;
  let value = 0n;
  for (const group of groups) value = (value << 16n) | BigInt(group);
  return { value, bits: 128 };
}

/** The stored halves of an address, or null when the text is not one (such lines match no IP condition). */
export function ipHalves(text: string): IpHalves | null {
  // The ingest path: one BigInt addition for the IPv4 addresses that make up most traffic.
  const v4 = parseIPv4(text);
  if (v4 !== null) return { hi: V4_HI, lo: V4_LO_BASE + BigInt(v4) };
  const parsed = addressValue(text);
  if (parsed === null) return null;
  return { hi: flip(parsed.value >> 64n), lo: flip(parsed.value & MASK64) };
}

/**
 * The stored range of a CIDR block (`10.0.0.0/8`, `2001:db8::/32`) or of one address (a /32 or /128 block); null when
 * the text is neither. Host bits set after the prefix are ignored, as a matcher applies a block by its prefix.
 */
export function ipBlockRange(text: string): IpBlockRange | null {
  const cidr = parseCidr(text);
  const parsed = addressValue(cidr ? cidr.address : text);
  if (parsed === null) return null;
  // An IPv4 prefix counts from bit 96 of the mapped address.
  const prefix = cidr ? cidr.prefix + (parsed.bits === 32 ? 96 : 0) : 128;
  const hostBits = BigInt(128 - prefix);
  const first = (parsed.value >> hostBits) << hostBits;
  const last = first | ((1n << hostBits) - 1n);
  const hi = [flip(first >> 64n), flip(last >> 64n)] as const;
  if (prefix <= 64) return { hi, lo: null };
  return { hi, lo: [flip(first & MASK64), flip(last & MASK64)] };
}
