/**
 * The user center's account security (rules §5 Accounts and groups "Verification code required where used"; rules §6
 * "Account-level login whitelist by IP or region; secondary email verification at login"; rules §8 "Verification code
 * sent, can be resent after a countdown", "The mailbox is not verified"). The spec names no list size: the value below
 * is this console's choice. The code rules live in ./verification-code.ts.
 */
import { validateIpOrCidr, canonicalIpOrCidr } from './ip.js';
import { issue, onField, type FieldIssue } from './types.js';

export * from './verification-code.js';

/** Entries of each login whitelist (addresses, regions). */
export const LOGIN_WHITELIST_MAX = 50;

/** The login whitelist as the safety settings send it. */
export interface LoginWhitelistInput {
  /** IPv4/IPv6 addresses and CIDR blocks. */
  ips: readonly string[];
  /** Keys of the region tree (shell §3 ipRegions: a region code, CNPR/CNHMT, a country or a province). */
  regions: readonly string[];
}

/**
 * Checks the whitelist; issues name `ips.<index>`, `regions.<index>`, or the list itself for its size. `knownRegion`
 * answers whether a key is in the region tree (the browser's and the server's copies of shell §3 region data).
 */
export function validateLoginWhitelist(input: LoginWhitelistInput, knownRegion: (key: string) => boolean): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const [field, list] of [['ips', input.ips], ['regions', input.regions]] as const) {
    if (list.length > LOGIN_WHITELIST_MAX) issues.push(...onField(field, issue('user-center.whitelist-too-many', { max: LOGIN_WHITELIST_MAX })));
  }
  const seen = new Set<string>();
  input.ips.forEach((entry, index) => {
    const found = validateIpOrCidr(entry);
    if (found) return issues.push(...onField(`ips.${index}`, found));
    const canonical = canonicalIpOrCidr(entry.trim()) ?? entry.trim();
    if (seen.has(canonical)) issues.push(...onField(`ips.${index}`, issue('user-center.whitelist-duplicate')));
    seen.add(canonical);
    return undefined;
  });
  const regions = new Set<string>();
  input.regions.forEach((key, index) => {
    if (!knownRegion(key)) issues.push(...onField(`regions.${index}`, issue('user-center.region-unknown')));
    else if (regions.has(key)) issues.push(...onField(`regions.${index}`, issue('user-center.whitelist-duplicate')));
    regions.add(key);
  });
  return issues;
}
