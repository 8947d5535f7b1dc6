/**
 * Demo DNS zones of the demo parent (rules §3 DNS): two domain groups, five domains covering every hosting/access
 * status and both statuses, records of every type, a month of daily resolution query counts for the statistics page
 * and one finished batch job. Two of the domains are bound to the "Operations" group, so the demo child (whose domain
 * grant is limited to specified objects) sees those two and the parent sees all five.
 */
import type { DnsAccessStatus } from '../../../../core/api/endpoints/dns.js';
import type { DnsStatus } from '../../../../core/rules/dns.js';
import { demoGroupId, DEMO_MEMBER_ID, DEMO_PARENT_EMAIL } from '../../platform/demo-accounts.js';
import { seedWording, type SeedModule } from '../../platform/seed-module.js';

/** The zones' group names and remarks and the records' remarks, by key. */
const TEXT = seedWording({
  zh_CN: {
    groups: {
      production: { name: '生产环境', remark: '面向客户的域名' },
      staging: { name: '测试环境', remark: '测试和停用的域名' },
    },
    remarks: { telecom: '中国电信边缘节点', campaign: '活动短链接', paused: '暂停到下次发布' },
  },
  en_US: {
    groups: {
      production: { name: 'Production', remark: 'Customer-facing zones' },
      staging: { name: 'Staging', remark: 'Test and retired zones' },
    },
    remarks: { telecom: 'China Telecom edge', campaign: 'Campaign short link', paused: 'Paused until the next release' },
  },
});
type GroupKey = keyof (typeof TEXT)['zh_CN']['groups'];
type RemarkKey = keyof (typeof TEXT)['zh_CN']['remarks'];

/** A seeded record: host, type, value, and optional priority, line, TTL, status, remark (a key of the wording). */
type SeedRecord = [host: string, type: string, value: string, extra?: { priority?: number; line?: string; ttl?: number; status?: DnsStatus; remark?: RemarkKey }];

interface SeedDomain {
  domain: string;
  access: DnsAccessStatus;
  status: DnsStatus;
  group: GroupKey | null;
  /** Bound to the demo child's permission group. */
  child: boolean;
  /** Typical resolution queries per day. */
  dailyQueries: number;
  records: SeedRecord[];
}

/** The demo zones. */
export const DEMO_DNS_DOMAINS: readonly SeedDomain[] = [
  {
    domain: 'example.com',
    access: 'connected',
    status: 'normal',
    group: 'production',
    child: true,
    dailyQueries: 184_000,
    records: [
      ['@', 'A', '203.0.113.10'],
      ['@', 'A', '203.0.113.20', { line: 'telecom', remark: 'telecom' }],
      ['@', 'AAAA', '2001:db8::10'],
      ['www', 'CNAME', 'example.com.'],
      ['@', 'MX', 'mx1.example.com', { priority: 5 }],
      ['@', 'MX', 'mx2.example.com', { priority: 10 }],
      ['mx1', 'A', '203.0.113.25'],
      ['mx2', 'A', '203.0.113.26'],
      ['@', 'TXT', 'v=spf1 include:_spf.example.com ~all', { ttl: 3600 }],
      ['_dmarc', 'TXT', 'v=DMARC1; p=quarantine; rua=mailto:dmarc@example.com'],
      ['@', 'NS', 'ns1.example-dns.net', { ttl: 3600 }],
      ['@', 'NS', 'ns2.example-dns.net', { ttl: 3600 }],
      ['_sip._tcp', 'SRV', '10 5 5060 sip.example.com'],
      ['go', 'XURL', 'https://www.example.com/campaign', { remark: 'campaign' }],
      ['app', 'YURL', 'https://app.example.net/'],
      ['staging', 'A', '198.51.100.7', { status: 'disabled', ttl: 60, remark: 'paused' }],
    ],
  },
  {
    domain: 'example.net',
    access: 'connected',
    status: 'normal',
    group: 'production',
    child: false,
    dailyQueries: 52_000,
    records: [
      ['@', 'A', '198.51.100.40'],
      ['www', 'A', '198.51.100.40'],
      ['app', 'A', '198.51.100.41', { line: 'overseas' }],
      ['@', 'MX', 'mail.example.net', { priority: 5 }],
      ['mail', 'A', '198.51.100.45'],
    ],
  },
  {
    domain: 'example.org',
    access: 'not_connected',
    status: 'normal',
    group: 'staging',
    child: true,
    dailyQueries: 3_400,
    records: [
      ['@', 'A', '192.0.2.80'],
      ['www', 'CNAME', 'example.org.'],
      ['docs', 'CNAME', 'docs-host.example.net.'],
    ],
  },
  {
    domain: 'example-shop.cn',
    access: 'dns_not_detected',
    status: 'normal',
    group: null,
    child: false,
    dailyQueries: 0,
    records: [['@', 'A', '192.0.2.120']],
  },
  {
    domain: 'legacy-brand.com',
    access: 'specified_dns_not_used',
    status: 'disabled',
    group: 'staging',
    child: false,
    dailyQueries: 120,
    records: [['www', 'A', '192.0.2.200', { status: 'disabled' }]],
  },
];

const DAY_MS = 86_400_000;
const UTC8_MS = 8 * 3_600_000;
const SEEDED_DAYS = 30;

/** A repeatable pseudo-random factor in [0.85, 1.15) for a domain and day, so every demo database looks alike. */
function variation(domain: string, day: number): number {
  let hash = day * 2_654_435_761;
  for (let i = 0; i < domain.length; i++) hash = Math.imul(hash ^ domain.charCodeAt(i), 16_777_619);
  return 0.85 + ((hash >>> 0) % 3000) / 10_000;
}

/** Seeds the DNS demo data. */
export const dnsSeed: SeedModule = {
  name: 'dns',
  run({ db, now, language }) {
    const text = TEXT[language];
    const groups = new Map<GroupKey, number>();
    const insertGroup = db.prepare('INSERT INTO dns_groups (member_id, name, remark, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');
    for (const key of ['production', 'staging'] as const) {
      const { name, remark } = text.groups[key];
      groups.set(key, Number(insertGroup.run(DEMO_MEMBER_ID, name, remark, now, now).lastInsertRowid));
    }
    const childGroupId = demoGroupId(db);
    const insertDomain = db.prepare(
      `INSERT INTO dns_domains (member_id, domain, status, access_status, dns_group_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    // The demo group's in-group DNS zones (its `dns` grant, account seed).
    const bindToChild = db.prepare(
      "INSERT OR IGNORE INTO permission_objects (member_id, group_id, module, kind, object_id) VALUES (?, ?, 'dns', 'group', ?)",
    );
    const insertRecord = db.prepare(
      `INSERT INTO dns_records (member_id, domain_id, host, type, line, value, priority, ttl, remark, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertStats = db.prepare('INSERT INTO dns_query_stats (member_id, domain_id, day, queries) VALUES (?, ?, ?, ?)');
    const domainIds = new Map<string, number>();
    for (const zone of DEMO_DNS_DOMAINS) {
      const domainId = Number(
        insertDomain.run(
          DEMO_MEMBER_ID,
          zone.domain,
          zone.status,
          zone.access,
          zone.group ? (groups.get(zone.group) ?? null) : null,
          now,
          now,
        ).lastInsertRowid,
      );
      if (zone.child && childGroupId !== undefined) bindToChild.run(DEMO_MEMBER_ID, childGroupId, domainId);
      domainIds.set(zone.domain, domainId);
      for (const [host, type, value, extra = {}] of zone.records) {
        insertRecord.run(
          DEMO_MEMBER_ID,
          domainId,
          host,
          type,
          extra.line ?? 'any',
          value,
          type === 'MX' ? (extra.priority ?? 5) : null,
          extra.ttl ?? 600,
          extra.remark ? text.remarks[extra.remark] : '',
          extra.status ?? 'normal',
          now,
          now,
        );
      }
      if (zone.dailyQueries === 0) continue;
      for (let back = 0; back < SEEDED_DAYS; back++) {
        const day = new Date(now + UTC8_MS - back * DAY_MS).toISOString().slice(0, 10);
        insertStats.run(DEMO_MEMBER_ID, domainId, day, Math.round(zone.dailyQueries * variation(zone.domain, back)));
      }
    }

    // One finished batch job, so the job list and its details have something to show on a fresh database.
    const owner = db.prepare('SELECT id FROM users WHERE member_id = ? AND account_type = 1').get(DEMO_MEMBER_ID) as { id: number };
    const finishedAt = now - 3_600_000;
    const jobId = Number(
      db
        .prepare(
          `INSERT INTO jobs (member_id, user_id, operator, type, state, progress, params, result, created_at, updated_at, started_at, finished_at)
           VALUES (?, ?, ?, 'dns.batch-add-records', 'complete', 100, 'null', ?, ?, ?, ?, ?)`,
        )
        .run(DEMO_MEMBER_ID, owner.id, DEMO_PARENT_EMAIL, JSON.stringify({ succeeded: 2, skipped: 1, failed: 0 }), finishedAt - 60_000, finishedAt, finishedAt - 60_000, finishedAt)
        .lastInsertRowid,
    );
    const insertItem = db.prepare(
      `INSERT INTO dns_job_items (member_id, job_id, seq, domain, host, type, line, value, priority, ttl, result, reason)
       VALUES (?, ?, ?, ?, ?, ?, 'any', ?, ?, 600, ?, ?)`,
    );
    insertItem.run(DEMO_MEMBER_ID, jobId, 0, 'example.net', 'www', 'A', '198.51.100.40', null, 'success', '');
    insertItem.run(DEMO_MEMBER_ID, jobId, 1, 'example.net', 'mail', 'A', '198.51.100.45', null, 'success', '');
    insertItem.run(DEMO_MEMBER_ID, jobId, 2, 'example.net', 'www', 'A', '198.51.100.40', null, 'skipped', 'dns-record-exists');
  },
};
