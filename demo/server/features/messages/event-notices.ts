/**
 * Notifications from events other areas report with one call (issue 27): the traffic simulator's bans and attack
 * spikes (throttled, so a flood gives one message per window, not a thousand), and a sub-account signing in from a
 * region it has not signed in from before.
 */
import type { FastifyRequest } from 'fastify';
import { CHILD_ACCOUNT_TYPE } from '../../../../core/api/endpoints/auth.js';
import type { LogRow } from '../../../../core/logs/fields.js';
import { isoTime } from '../../platform/database.js';
import { notifyLater, type NotifyApp } from './notify.js';
import { regionOfAddress } from '../user-center/index.js';

/** One ban notice per account per window; the ban manager lists the rest. */
export const BAN_NOTICE_WINDOW_MS = 10 * 60_000;
/** One attack-spike notice per website per window. */
export const ATTACK_NOTICE_WINDOW_MS = 30 * 60_000;
/** Attack requests of one website within one simulator tick that make a spike. */
export const ATTACK_SPIKE_MIN = 50;

/** What a stretch of simulated traffic decided (features/logs/simulator Generated). */
export interface TrafficDecisions {
  rows: readonly Pick<LogRow, 'member_id' | 'domain_id' | 'domain' | 'attack_type' | 'log_type'>[];
  bans: ReadonlyMap<number, readonly { domainId: number; ip: string }[]>;
}

/** Notifies the bans and attack spikes of a simulator tick. */
export function noticeTraffic(app: NotifyApp, decisions: TrafficDecisions): void {
  const minutes = (ms: number) => Math.round(ms / 60_000);
  for (const [memberId, bans] of decisions.bans) {
    const first = bans[0];
    if (!first) continue;
    const domain = (app.db.prepare('SELECT domain FROM domains WHERE id = ? AND member_id = ?').get(first.domainId, memberId) as { domain: string } | undefined)?.domain ?? '';
    notifyLater(app, memberId, {
      kind: 'ip-banned',
      values: { domain, ip: first.ip, count: bans.length, minutes: minutes(BAN_NOTICE_WINDOW_MS) },
      throttle: { key: 'ip-banned', ms: BAN_NOTICE_WINDOW_MS },
    });
  }
  const attacks = new Map<number, { memberId: number; domain: string; count: number }>();
  for (const row of decisions.rows) {
    // A request has an access line and a security line; the security line alone counts the attack.
    if (row.attack_type === '' || row.log_type === 'access') continue;
    const entry = attacks.get(row.domain_id) ?? { memberId: row.member_id, domain: row.domain, count: 0 };
    entry.count += 1;
    attacks.set(row.domain_id, entry);
  }
  for (const [domainId, attack] of attacks) {
    if (attack.count < ATTACK_SPIKE_MIN) continue;
    notifyLater(app, attack.memberId, {
      kind: 'attack-spike',
      values: { domain: attack.domain, count: attack.count, minutes: minutes(ATTACK_NOTICE_WINDOW_MS) },
      throttle: { key: `attack-spike:${domainId}`, ms: ATTACK_NOTICE_WINDOW_MS },
    });
  }
}

/**
 * The region an address signs in from: its country by the sign-in policy's address table (the user center's login
 * whitelist reads the same one), or, for an address the table does not know, its network: the /16 of an IPv4
 * address, the /32 of an IPv6 one (a provider's allocation), and "local network" for loopback and private addresses.
 */
export function signInRegion(ip: string): string {
  const country = regionOfAddress(ip);
  if (country) return country;
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.\d+\.\d+$/.exec(ip);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    if (a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'LAN';
    return `${a}.${b}.0.0/16`;
  }
  const lower = ip.toLowerCase();
  if (lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80')) return 'LAN';
  const groups = lower.split(':');
  return `${groups[0] ?? ''}:${groups[1] ?? ''}::/32`;
}

/**
 * Called on the sign-in success path before the sign-in is recorded: tells the account owner when a sub-account signs
 * in from a region it never signed in from. The first sign-in of a sub-account only records its region.
 */
export function noticeSignIn(request: FastifyRequest, user: { id: number; member_id: number; account_type: number; user_name: string }): void {
  if (user.account_type !== CHILD_ACCOUNT_TYPE) return;
  const app = request.server;
  const region = signInRegion(request.ip);
  const now = app.now();
  const seen = app.db
    .prepare('INSERT OR IGNORE INTO message_event_marks (member_id, mark, at) VALUES (?, ?, ?)')
    .run(user.member_id, `sign-in-region:${user.id}:${region}`, now);
  if (seen.changes === 0) return;
  const before = app.db.prepare('SELECT last_login_at FROM users WHERE id = ?').get(user.id) as { last_login_at: number | null } | undefined;
  if (!before || before.last_login_at === null) return;
  notifyLater(app, user.member_id, {
    kind: 'sign-in-new-region',
    values: { user: user.user_name, region: region === 'LAN' ? '—' : region, ip: request.ip, time: isoTime(now) },
  });
}

/** Tells the account that websites were suspended (their visitors now receive 503). */
export function noticeDomainsSuspended(request: FastifyRequest, memberId: number, domains: readonly { id: number; domain: string }[]): void {
  for (const site of domains) {
    notifyLater(request.server, memberId, { kind: 'domain-suspended', values: { domain: site.domain }, once: `domain-suspended:${site.id}:${request.server.now()}` });
  }
}
