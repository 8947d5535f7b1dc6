/**
 * IPv4, IPv6 and CIDR parsing fast enough for batch files of 200,000 lines (rules §5 Bans, IP lists: batch unlock
 * and IP lists take IPv4, IPv6 or CIDR).
 *
 * Every function makes one pass over the string's char codes, with no regular expression and no allocation on the
 * validation path, so a line costs about as much as reading it. The accepted syntax is exactly the one Node's
 * `net.isIPv4`/`net.isIPv6` accept except for zone ids (the property tests compare the two on random input):
 *
 * - IPv4 is dotted decimal with exactly four parts of 0-255 and **no leading zeros** (`01.2.3.4` is refused, as Node
 *   refuses it), because some systems read a leading zero as octal and the same text would then mean another address.
 * - IPv6 accepts `::` compression (standing for at least one group), one to four hex digits per group in either case,
 *   and an embedded IPv4 tail in the last 32 bits (`::ffff:1.2.3.4`, `64:ff9b::192.0.2.1`).
 * - IPv6 **zone ids** (`fe80::1%eth0`) are refused, unlike Node: a zone names an interface of one machine, so it has
 *   no meaning in a ban or a list applied on the provider's edge.
 */
import { issue, type RuleIssue } from './types.js';

const COLON = 58;
const DOT = 46;
const SLASH = 47;

/** Groups of the address being parsed for output: every caller scans and formats before it returns, so one buffer serves all. */
const groupBuffer = new Uint16Array(8);

/** Parses `s[start, end)` as IPv4; the address as an unsigned 32-bit number, or -1. */
function scanIPv4(s: string, start: number, end: number): number {
  let value = 0;
  let octet = 0;
  let digits = 0;
  let dots = 0;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (digits === 1 && octet === 0) return -1;
      octet = octet * 10 + (c - 48);
      if (octet > 255) return -1;
      digits++;
    } else if (c === DOT) {
      if (digits === 0 || dots === 3) return -1;
      value = value * 256 + octet;
      octet = 0;
      digits = 0;
      dots++;
    } else {
      return -1;
    }
  }
  if (dots !== 3 || digits === 0) return -1;
  return value * 256 + octet;
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

/** Parses `s[start, end)` as IPv6 into eight 16-bit groups; false when it is not an IPv6 address. */
function scanIPv6(s: string, start: number, end: number, out: Uint16Array): boolean {
  if (end - start < 2) return false;
  let groups = 0;
  let compressAt = -1;
  let i = start;
  if (s.charCodeAt(i) === COLON) {
    if (s.charCodeAt(i + 1) !== COLON) return false;
    compressAt = 0;
    i += 2;
  }
  while (i < end) {
    if (groups === 8) return false;
    const groupStart = i;
    let value = 0;
    let digits = 0;
    while (i < end) {
      const hex = hexValue(s.charCodeAt(i));
      if (hex < 0) break;
      if (digits === 4) return false;
      value = value * 16 + hex;
      digits++;
      i++;
    }
    if (i < end && s.charCodeAt(i) === DOT) {
      // The embedded IPv4 tail takes the last two groups and must end the address.
      if (groups > 6) return false;
      const v4 = scanIPv4(s, groupStart, end);
      if (v4 < 0) return false;
      out[groups++] = Math.floor(v4 / 65536);
      out[groups++] = v4 % 65536;
      i = end;
      break;
    }
    if (digits === 0) return false;
    out[groups++] = value;
    if (i === end) break;
    // Anything but a colon here (a zone id's '%', a space, a slash) ends the match.
    if (s.charCodeAt(i) !== COLON) return false;
    i++;
    if (i === end) return false;
    if (s.charCodeAt(i) === COLON) {
      if (compressAt >= 0) return false;
      compressAt = groups;
      i++;
    }
  }
  if (compressAt < 0) return groups === 8;
  // '::' stands for at least one zero group.
  if (groups > 7) return false;
  const tail = groups - compressAt;
  for (let k = 1; k <= tail; k++) out[8 - k] = out[groups - k]!;
  for (let k = compressAt; k < 8 - tail; k++) out[k] = 0;
  return true;
}

/** Parses the decimal prefix length in `s[start, end)`: 0-`max`, no leading zeros; -1 when invalid. */
function scanPrefix(s: string, start: number, end: number, max: number): number {
  const length = end - start;
  if (length < 1 || length > 3) return -1;
  let value = 0;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
    if (i > start && value === 0) return -1;
    value = value * 10 + (c - 48);
  }
  return value <= max ? value : -1;
}

/**
 * Validation-only IPv4 scan of `s[start, end)` that also stops at a '/': the index where the address ended (`end` or
 * the slash), or -1. Kept apart from {@link scanIPv4} so the batch path computes no value it then throws away, and
 * unrolled part by part (one to three digits, then a dot), which measures about a fifth faster than a state loop.
 */
function matchIPv4(s: string, start: number, end: number): number {
  let i = start;
  for (let part = 0; part < 4; part++) {
    if (i >= end) return -1;
    let octet = s.charCodeAt(i) - 48;
    if (octet < 0 || octet > 9) return -1;
    i++;
    // A part that starts with 0 is just "0": leading zeros are refused.
    if (octet !== 0 && i < end) {
      let digit = s.charCodeAt(i) - 48;
      if (digit >= 0 && digit <= 9) {
        octet = octet * 10 + digit;
        i++;
        if (i < end) {
          digit = s.charCodeAt(i) - 48;
          if (digit >= 0 && digit <= 9) {
            octet = octet * 10 + digit;
            i++;
            if (octet > 255) return -1;
          }
        }
      }
    }
    if (part < 3) {
      if (i >= end || s.charCodeAt(i) !== DOT) return -1;
      i++;
    }
  }
  return i === end || s.charCodeAt(i) === SLASH ? i : -1;
}

/** 1 for the ASCII hex digits, 0 for every other code below 128. */
const IS_HEX = new Uint8Array(128);
for (const digit of '0123456789abcdefABCDEF') IS_HEX[digit.charCodeAt(0)] = 1;

/** Validation-only IPv6 scan of `s[start, end)`: the same grammar as {@link scanIPv6}, without filling groups. */
function matchIPv6(s: string, start: number, end: number): boolean {
  if (end - start < 2) return false;
  let groups = 0;
  let compressed = false;
  let i = start;
  if (s.charCodeAt(i) === COLON) {
    if (s.charCodeAt(i + 1) !== COLON) return false;
    compressed = true;
    i += 2;
    if (i === end) return true;
  }
  for (;;) {
    const groupStart = i;
    let c = 0;
    while (i < end && (c = s.charCodeAt(i)) < 128 && IS_HEX[c] === 1) i++;
    if (i < end && c === DOT) {
      // The embedded IPv4 tail takes two groups and ends the address.
      if (compressed ? groups + 2 > 7 : groups + 2 !== 8) return false;
      return matchIPv4(s, groupStart, end) === end;
    }
    const digits = i - groupStart;
    if (digits === 0 || digits > 4) return false;
    groups++;
    if (i === end) break;
    if (c !== COLON || groups === 8) return false;
    i++;
    if (i === end) return false;
    if (s.charCodeAt(i) === COLON) {
      if (compressed) return false;
      compressed = true;
      i++;
      if (i === end) break;
    }
  }
  return compressed ? groups <= 7 : groups === 8;
}

/** True for a dotted-decimal IPv4 address (no leading zeros). */
export function isIPv4(value: string): boolean {
  return matchIPv4(value, 0, value.length) === value.length;
}

/** True for an IPv6 address (compression and an IPv4 tail allowed, zone ids refused). */
export function isIPv6(value: string): boolean {
  return matchIPv6(value, 0, value.length);
}

/** 4 or 6 for an address of that family, 0 otherwise, like Node's `net.isIP` (without zone ids). */
export function ipVersion(value: string): 0 | 4 | 6 {
  if (matchIPv4(value, 0, value.length) === value.length) return 4;
  return matchIPv6(value, 0, value.length) ? 6 : 0;
}

/** True for an IPv4 or IPv6 address. */
export function isIp(value: string): boolean {
  return ipVersion(value) !== 0;
}

/** The IPv4 address as an unsigned 32-bit number (`1.2.3.4` -> 16909060), or `null`. */
export function parseIPv4(value: string): number | null {
  const parsed = scanIPv4(value, 0, value.length);
  return parsed < 0 ? null : parsed;
}

/** The IPv6 address as its eight 16-bit groups, or `null`. */
export function parseIPv6(value: string): number[] | null {
  const groups = new Uint16Array(8);
  return scanIPv6(value, 0, value.length, groups) ? Array.from(groups) : null;
}

/** A parsed CIDR block. */
export interface Cidr {
  /** Address family. */
  version: 4 | 6;
  /** The address part in canonical form (RFC 5952 for IPv6). */
  address: string;
  /** Prefix length: 0-32 for IPv4, 0-128 for IPv6. */
  prefix: number;
}

/**
 * Parses `address/prefix`, as written: host bits after the prefix may be set here (a matcher applies the block by its
 * prefix), while what a user enters is refused with its network form by {@link validateIpOrCidr}. The prefix is
 * decimal without leading zeros.
 */
export function parseCidr(value: string): Cidr | null {
  const slash = value.indexOf('/');
  if (slash < 0) return null;
  if (scanIPv4(value, 0, slash) >= 0) {
    const prefix = scanPrefix(value, slash + 1, value.length, 32);
    return prefix < 0 ? null : { version: 4, address: value.slice(0, slash), prefix };
  }
  if (!scanIPv6(value, 0, slash, groupBuffer)) return null;
  const prefix = scanPrefix(value, slash + 1, value.length, 128);
  return prefix < 0 ? null : { version: 6, address: formatIPv6(groupBuffer), prefix };
}

/** True for an IPv4 or IPv6 CIDR block. */
export function isCidr(value: string): boolean {
  const slash = value.indexOf('/');
  return slash >= 0 && isIpOrCidr(value);
}

/**
 * True for an IPv4 or IPv6 address or CIDR block: what batch unlock and IP lists accept (rules §5). IPv4 is tried
 * first: on an IPv6 line it fails within its first few characters (at a colon or a hex letter), so each line is
 * read about once.
 */
export function isIpOrCidr(value: string): boolean {
  const end = value.length;
  const stop = matchIPv4(value, 0, end);
  if (stop === end) return true;
  if (stop > 0) return scanPrefix(value, stop + 1, end, 32) >= 0;
  const slash = value.indexOf('/');
  if (slash < 0) return matchIPv6(value, 0, end);
  return matchIPv6(value, 0, slash) && scanPrefix(value, slash + 1, end, 128) >= 0;
}

/** Lower-case hex of each byte without leading zeros, and padded to two digits: a group is one or two lookups. */
const BYTE_HEX: readonly string[] = Array.from({ length: 256 }, (_, byte) => byte.toString(16));
const BYTE_HEX_PADDED: readonly string[] = BYTE_HEX.map((hex) => hex.padStart(2, '0'));

function hexGroup(group: number): string {
  const high = group >> 8;
  return high === 0 ? BYTE_HEX[group]! : BYTE_HEX[high]! + BYTE_HEX_PADDED[group & 255]!;
}

function formatIPv6(groups: Uint16Array): string {
  // RFC 5952 §5: an IPv4-mapped address keeps its dotted tail.
  if (groups[0] === 0 && groups[1] === 0 && groups[2] === 0 && groups[3] === 0 && groups[4] === 0 && groups[5] === 0xffff) {
    const high = groups[6]!;
    const low = groups[7]!;
    return `::ffff:${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  // RFC 5952 §4.2: compress the longest run of two or more zero groups, the first one on a tie.
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = (from: number, to: number): string => {
    let text = '';
    for (let k = from; k < to; k++) text += k === from ? hexGroup(groups[k]!) : `:${hexGroup(groups[k]!)}`;
    return text;
  };
  if (bestStart < 0) return hex(0, 8);
  return `${hex(0, bestStart)}::${hex(bestStart + bestLength, 8)}`;
}

/**
 * The canonical text of an address: IPv4 as it is (a valid IPv4 text has exactly one spelling, since leading zeros
 * are refused), IPv6 in RFC 5952 form (lower case, no leading zeros, the longest zero run compressed, IPv4-mapped
 * addresses with a dotted tail). `null` when the text is not an address. Used to find duplicates across spellings.
 */
export function canonicalIp(value: string): string | null {
  if (matchIPv4(value, 0, value.length) === value.length) return value;
  return scanIPv6(value, 0, value.length, groupBuffer) ? formatIPv6(groupBuffer) : null;
}

/** The canonical text of an address or a CIDR block (address canonical, prefix as parsed), or `null`. */
export function canonicalIpOrCidr(value: string): string | null {
  // A valid IPv4 address or block has exactly one spelling (no leading zeros anywhere), so it is its own canonical form.
  if (value.indexOf(':') < 0) return isIpOrCidr(value) ? value : null;
  const slash = value.indexOf('/');
  if (slash < 0) return canonicalIp(value);
  if (!scanIPv6(value, 0, slash, groupBuffer) || scanPrefix(value, slash + 1, value.length, 128) < 0) return null;
  return `${formatIPv6(groupBuffer)}${value.slice(slash)}`;
}

/**
 * A compact key that is equal for two spellings of the same address or block, for finding duplicates in large
 * batches (not for display: an IPv6 key holds the eight groups as UTF-16 code units). `null` when the text is neither.
 * Cheaper than {@link canonicalIpOrCidr}, which formats text, on 100,000-line files.
 */
export function ipIdentity(value: string): string | null {
  if (value.indexOf(':') < 0) return isIpOrCidr(value) ? value : null;
  const slash = value.indexOf('/');
  const end = slash < 0 ? value.length : slash;
  if (!scanIPv6(value, 0, end, groupBuffer)) return null;
  if (slash >= 0 && scanPrefix(value, slash + 1, value.length, 128) < 0) return null;
  const g = groupBuffer;
  const key = String.fromCharCode(g[0]!, g[1]!, g[2]!, g[3]!, g[4]!, g[5]!, g[6]!, g[7]!);
  return slash < 0 ? key : key + value.slice(slash);
}

/** An IP address field (rules §8 "Please fill in the IP address", "Incorrect IP address"). */
export function validateIp(value: string | null | undefined): RuleIssue | null {
  const text = (value ?? '').trim();
  if (text.length === 0) return issue('ip.required');
  return isIp(text) ? null : issue('ip.incorrect');
}

/** Dotted text of an unsigned 32-bit IPv4 address. */
function formatIPv4(value: number): string {
  return `${value >>> 24}.${(value >>> 16) & 255}.${(value >>> 8) & 255}.${value & 255}`;
}

/**
 * The network block a CIDR names when its address has bits set past the prefix (`10.1.2.3/8` names `10.0.0.0/8`,
 * `2001:db8::1/32` names `2001:db8::/32`), in canonical form; null for a block written as its network, for an address
 * and for text that is not a block. Costs one more scan of the line, and only for lines holding a `/`.
 */
export function misalignedCidrNetwork(value: string): string | null {
  const slash = value.indexOf('/');
  if (slash < 0) return null;
  const address = scanIPv4(value, 0, slash);
  if (address >= 0) {
    const prefix = scanPrefix(value, slash + 1, value.length, 32);
    if (prefix < 0) return null;
    // Shifts by 32 are no-ops in JavaScript, so /0 keeps no bits explicitly.
    const network = prefix === 0 ? 0 : ((address >>> (32 - prefix)) << (32 - prefix)) >>> 0;
    return network === address ? null : `${formatIPv4(network)}/${prefix}`;
  }
  if (!scanIPv6(value, 0, slash, groupBuffer)) return null;
  const prefix = scanPrefix(value, slash + 1, value.length, 128);
  if (prefix < 0) return null;
  let misaligned = false;
  for (let group = 0; group < 8; group++) {
    const kept = Math.min(16, Math.max(0, prefix - group * 16));
    const mask = kept === 0 ? 0 : (0xffff << (16 - kept)) & 0xffff;
    if ((groupBuffer[group]! & ~mask & 0xffff) !== 0) {
      misaligned = true;
      groupBuffer[group] = groupBuffer[group]! & mask;
    }
  }
  return misaligned ? `${formatIPv6(groupBuffer)}/${prefix}` : null;
}

/**
 * An IPv4, IPv6 or CIDR entry (rules §5 Bans, IP lists: batch unlock and IP lists). A block whose address has host
 * bits set (`10.1.2.3/8`) is refused with a message showing its network form (`10.0.0.0/8`) rather than silently
 * rewritten: rules §5 asks for "CIDR", and of the two readings (canonicalise or refuse) refusing is the stricter one,
 * since `10.1.2.3/8` is as likely a mistyped `/32` (one host) as the whole `/8`, and only the user knows which.
 */
export function validateIpOrCidr(value: string | null | undefined): RuleIssue | null {
  const text = (value ?? '').trim();
  if (text.length === 0) return issue('ip.required');
  if (!isIpOrCidr(text)) return issue('ip.incorrect-ip-or-cidr');
  const network = text.indexOf('/') < 0 ? null : misalignedCidrNetwork(text);
  return network === null ? null : issue('ip.cidr-not-network', { network });
}
