/**
 * Demo bans and IP lists of the demo account: 360 ban records over the last 30 days on its domains (a few addresses
 * banned again and again, so the overview has a top list; bans still in force, released automatically, and some
 * unbanned by hand), with the rule IDs of the demo WAF rules that ban; and two IP lists, office networks and known
 * scanners. {@link insertBans} is also what end-to-end tests use to lay out their own bans.
 */
import { keyRange, storedEntry } from './ip-keys.js';
import { DEMO_MEMBER_ID } from '../../platform/demo-accounts.js';
import type { Db } from '../../platform/database.js';
import { seedWording, type SeedModule } from '../../platform/seed-module.js';
import type { BanReason, BanStatus } from '../../../../core/api/endpoints/bans.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A ban to insert; the status follows from the times unless `unbannedAt` releases it by hand. */
export interface BanSeed {
  domainId: number;
  ip: string;
  /** Seconds. */
  duration: number;
  reason: BanReason;
  ruleId: string;
  bannedAt: number;
  /** When set (and before the ban ran out), the ban was released by hand at that time. */
  unbannedAt?: number;
}

/** Inserts bans of one account as of `now`: in force, released automatically at expiry, or released by hand. */
export function insertBans(db: Db, memberId: number, bans: readonly BanSeed[], now: number): void {
  const insert = db.prepare(
    `INSERT INTO ban_records (member_id, domain_id, ip, ip_key, duration, reason, rule_id, status, banned_at, expires_at, released_at)
     VALUES (@member_id, @domain_id, @ip, @ip_key, @duration, @reason, @rule_id, @status, @banned_at, @expires_at, @released_at)`,
  );
  for (const ban of bans) {
    const ip = storedEntry(ban.ip)!;
    const expiresAt = ban.bannedAt + ban.duration * 1000;
    const manual = ban.unbannedAt !== undefined && ban.unbannedAt < Math.min(expiresAt, now);
    const status: BanStatus = manual ? 'manual_unbanned' : expiresAt <= now ? 'auto_unbanned' : 'banned';
    insert.run({
      member_id: memberId,
      domain_id: ban.domainId,
      ip,
      ip_key: keyRange(ip)!.low,
      duration: ban.duration,
      reason: ban.reason,
      rule_id: ban.ruleId,
      status,
      banned_at: ban.bannedAt,
      expires_at: expiresAt,
      released_at: manual ? ban.unbannedAt! : status === 'auto_unbanned' ? expiresAt : null,
    });
  }
}

/** A small deterministic generator (mulberry32), so every demo database holds the same bans. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DURATIONS = [600, 1800, 3600, 21_600, 86_400, 604_800] as const;
const REASONS: readonly BanReason[] = ['waf-rule', 'waf-rule', 'cc-rate', 'cc-rate', 'bot', 'ip-behaviour', 'scanner'];
/** Addresses that come back: the top of the overview's "most banned" list. */
const REPEAT_OFFENDERS = ['203.0.113.7', '198.51.100.23', '2001:db8:ad::15', '192.0.2.44', '203.0.113.250'];
/** How many demo bans. */
export const DEMO_BAN_COUNT = 360;

/** The IP lists' names and remarks, by list. */
export const DEMO_IP_LIST_TEXT = seedWording({
  zh_CN: {
    office: { name: '办公网络', remark: '总部和分支机构的出口地址' },
    scanners: { name: '已知扫描器', remark: '探测过漏洞的地址' },
  },
  en_US: {
    office: { name: 'Office networks', remark: 'Head office and branch egress addresses' },
    scanners: { name: 'Known scanners', remark: 'Addresses seen probing for vulnerabilities' },
  },
});

/** The demo IP lists, in creation order; their words are in {@link DEMO_IP_LIST_TEXT}. */
export const DEMO_IP_LISTS = [
  {
    key: 'office',
    entries: ['198.51.100.0/26', '198.51.100.128/27', '203.0.113.0/28', '2001:db8:100::/48', '192.0.2.10', '192.0.2.11'],
  },
  {
    key: 'scanners',
    entries: Array.from({ length: 48 }, (_, index) => (index % 6 === 5 ? `2001:db8:5ca::${(index + 1).toString(16)}` : `45.${33 + (index % 4)}.${(index * 37) % 256}.${(index * 91) % 254 + 1}`)),
  },
] as const;

/** Seeds the demo bans and IP lists. */
export const bansSeed: SeedModule = {
  name: 'bans',
  run({ db, now, language }) {
    const domains = db.prepare('SELECT id FROM domains WHERE member_id = ? ORDER BY id').all(DEMO_MEMBER_ID) as { id: number }[];
    if (domains.length === 0) return;
    const banRules = (
      db.prepare(`SELECT code FROM waf_rules WHERE member_id = ? AND json_extract(action, '$.type') = 'ban' AND code IS NOT NULL ORDER BY id`).all(DEMO_MEMBER_ID) as {
        code: string;
      }[]
    ).map((row) => row.code);
    const next = random(20_260_301);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const bans: BanSeed[] = [];
    for (let index = 0; index < DEMO_BAN_COUNT; index++) {
      const reason = pick(REASONS);
      // Recent bans are more frequent, as an attack wave is going on; the oldest are four weeks back.
      const bannedAt = now - Math.floor(next() ** 2 * 28 * DAY_MS) - MINUTE_MS;
      const ip =
        next() < 0.2
          ? pick(REPEAT_OFFENDERS)
          : next() < 0.85
            ? `${pick([45, 103, 185, 203, 91])}.${Math.floor(next() * 256)}.${Math.floor(next() * 256)}.${1 + Math.floor(next() * 254)}`
            : `2001:db8:${Math.floor(next() * 0xffff).toString(16)}::${Math.floor(next() * 0xffff).toString(16)}`;
      const duration = pick(DURATIONS);
      bans.push({
        domainId: pick(domains).id,
        ip,
        duration,
        reason,
        ruleId: reason === 'waf-rule' && banRules.length > 0 ? pick(banRules) : reason === 'cc-rate' ? `CC-${1000 + Math.floor(next() * 20)}` : '',
        bannedAt,
        unbannedAt: next() < 0.15 ? bannedAt + Math.floor(next() * duration * 1000) : undefined,
      });
    }
    insertBans(db, DEMO_MEMBER_ID, bans, now);

    const list = db.prepare('INSERT INTO ip_lists (member_id, name, remark, entry_count, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)');
    const entry = db.prepare('INSERT OR IGNORE INTO ip_list_entries (member_id, list_id, entry, low_key, high_key, created_at) VALUES (?, ?, ?, ?, ?, ?)');
    DEMO_IP_LISTS.forEach((demo, index) => {
      const createdAt = now - (20 - index * 7) * DAY_MS;
      const { name, remark } = DEMO_IP_LIST_TEXT[language][demo.key];
      const id = Number(list.run(DEMO_MEMBER_ID, name, remark, 0, createdAt, createdAt).lastInsertRowid);
      let count = 0;
      for (const text of demo.entries) {
        const stored = storedEntry(text)!;
        const range = keyRange(stored)!;
        count += entry.run(DEMO_MEMBER_ID, id, stored, range.low, range.high, createdAt).changes;
      }
      db.prepare('UPDATE ip_lists SET entry_count = ? WHERE id = ?').run(count, id);
    });
  },
};
