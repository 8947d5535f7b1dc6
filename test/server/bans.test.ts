/**
 * Ban routes of the reference server: rules §3 ban records, rules §4 states and the 180-day retention (with the
 * injectable clock), rules §5 batch unlock (chunks, idempotency per key and per address), shell §4 the ban gate,
 * rules §6 sub-account scoping, and the operation log.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type { BanBatchUnbanAnswer, BanOverview, BanRecord } from '../../core/api/endpoints/bans.js';
import type { ListAnswer, OperationLogEntry } from '../../core/api/endpoints/platform.js';
import { sweepBanRetention } from '../../demo/server/features/bans/retention.js';
import { DEMO_BAN_COUNT, insertBans, type BanSeed } from '../../demo/server/features/bans/seed.js';
import { DEMO_MEMBER_ID, DEMO_VIEWER_PASSWORD, DEMO_VIEWER_USER_NAME } from '../../demo/server/platform/demo-accounts.js';
import { addSecondTenant, call, expectOk, signInChild, signInParent, startServer, type TestClock } from './helpers.js';

const DAY = 86_400_000;
let app: FastifyInstance;
let clock: TestClock;
let parent: string;
let child: string;
let domains: { id: number; domain: string }[];

before(async () => {
  ({ app, clock } = await startServer());
  parent = (await signInParent(app)).token;
  child = (await signInChild(app)).token;
  domains = app.db.prepare('SELECT id, domain FROM domains WHERE member_id = ? ORDER BY id').all(DEMO_MEMBER_ID) as typeof domains;
});
after(async () => app.close());

const records = (query: Record<string, string | number> = {}, token = parent, server = app) =>
  expectOk<ListAnswer<BanRecord>>(server, 'GET', 'V4/ban.record.list', { token, query: { per_page: 100, ...query } });

/** Bans on a fresh domain of the demo account, so each test counts only its own. */
function freshDomain(name: string, bans: Array<Omit<BanSeed, 'domainId'>>, server = app, at = clock.now()): number {
  const id = Number(server.db.prepare('INSERT INTO domains (member_id, domain, created_at) VALUES (?, ?, ?)').run(DEMO_MEMBER_ID, name, at).lastInsertRowid);
  insertBans(server.db, DEMO_MEMBER_ID, bans.map((ban) => ({ ...ban, domainId: id })), at);
  return id;
}

const ban = (ip: string, bannedAgoMs: number, duration = 3600, extra: Partial<BanSeed> = {}): Omit<BanSeed, 'domainId'> => ({
  ip,
  duration,
  reason: 'waf-rule',
  ruleId: '42',
  bannedAt: clock.now() - bannedAgoMs,
  ...extra,
});

describe('rules §3 ban records and rules §4 states', () => {
  it('the demo seed holds the demo bans with every field, newest first', async () => {
    const page = await records();
    assert.equal(page.total, DEMO_BAN_COUNT);
    const first = page.list[0]!;
    assert.deepEqual(Object.keys(first).sort(), ['banned_at', 'domain', 'domain_id', 'duration', 'editable', 'id', 'ip', 'reason', 'released_at', 'rule_id', 'status'].sort());
    const times = page.list.map((row) => Date.parse(row.banned_at));
    assert.deepEqual(times, [...times].sort((a, b) => b - a));
    const statuses = new Set(page.list.map((row) => row.status));
    assert.ok(statuses.has('banned') && statuses.has('auto_unbanned'), [...statuses].join());
  });

  it('rules §4: a ban whose duration ran out becomes auto-unbanned, released at its expiry', async () => {
    const domainId = freshDomain('expiry.example.com', [ban('192.0.2.1', 10 * 60_000, 1200)]);
    const before = (await records({ domain_id: domainId })).list[0]!;
    assert.deepEqual([before.status, before.released_at], ['banned', null]);
    clock.advance(11 * 60_000);
    const after = (await records({ domain_id: domainId })).list[0]!;
    assert.equal(after.status, 'auto_unbanned');
    assert.equal(Date.parse(after.released_at!), Date.parse(after.banned_at) + 1200_000);
  });

  it('filters: IP (address, CIDR block or part), domain, status, time range', async () => {
    const domainId = freshDomain('filters.example.com', [
      ban('10.1.2.3', 60_000),
      ban('10.1.9.9', 2 * DAY, 7 * 86_400),
      ban('2001:DB8::7', 3 * 60_000),
      ban('10.2.0.1', 30 * 60_000, 60),
    ]);
    const ips = async (query: Record<string, string | number>) => (await records({ domain_id: domainId, ...query })).list.map((row) => row.ip).sort();
    assert.deepEqual(await ips({ ip: '10.1.2.3' }), ['10.1.2.3']);
    assert.deepEqual(await ips({ ip: '10.1.0.0/16' }), ['10.1.2.3', '10.1.9.9']);
    assert.deepEqual(await ips({ ip: '2001:db8:0:0::7' }), ['2001:db8::7'], 'stored and matched canonically');
    assert.deepEqual(await ips({ ip: '10.2' }), ['10.2.0.1']);
    assert.deepEqual(await ips({ status: 'auto_unbanned' }), ['10.2.0.1']);
    const now = clock.now();
    assert.deepEqual(await ips({ start_time: new Date(now - 3_600_000).toISOString(), end_time: new Date(now).toISOString() }), ['10.1.2.3', '10.2.0.1', '2001:db8::7']);
    const bad = await call(app, 'GET', 'V4/ban.record.list', { token: parent, query: { status: 'gone', start_time: 'yesterday' } });
    assert.equal(bad.code, VALIDATION_FAILED_CODE);
    assert.deepEqual((bad.data as { errors: { field: string }[] }).errors.map((issue) => issue.field), ['status', 'start_time']);
  });

  it('overview: counts by state and the most banned addresses and domains', async () => {
    const domainId = freshDomain('overview.example.com', [
      ban('198.18.0.1', 60_000),
      ban('198.18.0.1', 2 * DAY, 60),
      ban('198.18.0.1', 3 * DAY, 60),
      ban('198.18.0.2', 60_000, 3600, { unbannedAt: clock.now() - 1000 }),
    ]);
    const overview = await expectOk<BanOverview>(app, 'GET', 'V4/ban.overview', { token: parent, query: { domain_id: domainId } });
    assert.deepEqual(overview.counts, { banned: 1, auto_unbanned: 2, manual_unbanned: 1 });
    assert.deepEqual(overview.top_ips, [{ key: '198.18.0.1', count: 3 }, { key: '198.18.0.2', count: 1 }]);
    assert.deepEqual(overview.top_domains, [{ key: 'overview.example.com', domain_id: domainId, count: 4 }]);
    const all = await expectOk<BanOverview>(app, 'GET', 'V4/ban.overview', { token: parent });
    assert.ok(all.top_ips.length <= 10 && all.top_domains.length <= 10);
  });
});

describe('rules §4 / §9: records of unbanned IPs are kept 180 days', () => {
  // A server of its own: moving its clock by months expires every session.
  let server: FastifyInstance;
  let serverClock: TestClock;
  before(async () => {
    ({ app: server, clock: serverClock } = await startServer());
  });
  after(async () => server.close());

  it('the sweep deletes records released more than 180 days ago and keeps the rest (injectable clock)', async () => {
    const at = serverClock.now();
    const aged = (ip: string, agoMs: number, duration: number) => ({ ...ban(ip, 0, duration), bannedAt: at - agoMs });
    const domainId = freshDomain(
      'retention.example.com',
      [aged('192.0.2.10', 181 * DAY, 60), aged('192.0.2.11', 179 * DAY, 60), aged('192.0.2.12', 200 * DAY, 400 * 86_400)],
      server,
      at,
    );
    const ips = async () => {
      const token = (await signInParent(server)).token;
      return (await records({ domain_id: domainId }, token, server)).list.map((row) => `${row.ip} ${row.status}`).sort();
    };
    const stored = () => (server.db.prepare('SELECT COUNT(*) AS n FROM ban_records WHERE domain_id = ?').get(domainId) as { n: number }).n;
    // Hidden at once, even before the sweep runs.
    assert.deepEqual(await ips(), ['192.0.2.11 auto_unbanned', '192.0.2.12 banned']);
    assert.equal(stored(), 3);
    await sweepBanRetention(server, 1);
    assert.equal(stored(), 2);
    serverClock.advance(2 * DAY);
    await sweepBanRetention(server);
    assert.deepEqual(await ips(), ['192.0.2.12 banned'], 'released 181 days ago now');
    serverClock.advance(200 * DAY);
    await sweepBanRetention(server);
    assert.deepEqual(await ips(), ['192.0.2.12 auto_unbanned'], 'still within 180 days of its own release');
  });
});

describe('rules §2 immediate unlock', () => {
  it('unbans records still in force, once; logs each', async () => {
    const domainId = freshDomain('unban.example.com', [ban('192.0.2.20', 60_000), ban('192.0.2.21', 2 * DAY, 60)]);
    const rows = (await records({ domain_id: domainId })).list;
    const ids = rows.map((row) => row.id);
    assert.deepEqual(await expectOk(app, 'POST', 'V4/ban.record.unban', { token: parent, body: { ids } }), { unbanned: 1 });
    assert.deepEqual(await expectOk(app, 'POST', 'V4/ban.record.unban', { token: parent, body: { ids } }), { unbanned: 0 });
    const statuses = (await records({ domain_id: domainId })).list.map((row) => row.status).sort();
    assert.deepEqual(statuses, ['auto_unbanned', 'manual_unbanned']);
    const log = await expectOk<ListAnswer<OperationLogEntry>>(app, 'GET', 'V4/oplog.list', { token: parent, query: { area: 'ban', action: 'unban' } });
    assert.equal(log.list[0]!.object_label, '192.0.2.20 · unban.example.com');
    const missing = await call(app, 'POST', 'V4/ban.record.unban', { token: parent, body: { ids: [999_999] } });
    assert.equal(missing.code, NOT_FOUND_CODE);
  });
});

describe('rules §5 batch unlock: chunks, domain required, idempotent per key and per address', () => {
  const chunk = (body: unknown, idempotencyKey?: string) => call<BanBatchUnbanAnswer>(app, 'POST', 'V4/ban.batch.unban', { token: parent, body, idempotencyKey });

  it('unbans addresses and CIDR blocks on one domain; names the entries with no ban in force', async () => {
    const domainId = freshDomain('batch.example.com', [ban('10.9.0.1', 60_000), ban('10.9.0.2', 60_000), ban('2001:db8::9', 60_000), ban('10.9.1.1', 60_000)]);
    const other = freshDomain('other.example.com', [ban('10.9.0.1', 60_000)]);
    const answer = await chunk({ domain_id: domainId, entries: ['10.9.0.0/24', '2001:DB8:0::9', '192.0.2.99'] });
    assert.deepEqual(answer.data, { unbanned_entries: 2, not_banned: ['192.0.2.99'], released_records: 3 });
    assert.deepEqual((await records({ domain_id: domainId, status: 'banned' })).list.map((row) => row.ip), ['10.9.1.1']);
    assert.equal((await records({ domain_id: other, status: 'banned' })).total, 1, 'other domains keep their bans');
  });

  it('the same chunk sent again with its key replays the first answer; with a new key it releases nothing more', async () => {
    const domainId = freshDomain('replay.example.com', [ban('10.8.0.1', 60_000), ban('10.8.0.2', 60_000)]);
    const body = { domain_id: domainId, entries: ['10.8.0.1', '10.8.0.2'] };
    const first = await chunk(body, 'chunk-key-1');
    const again = await chunk(body, 'chunk-key-1');
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.data, first.data);
    assert.deepEqual((await chunk(body, 'chunk-key-2')).data, { unbanned_entries: 0, not_banned: ['10.8.0.1', '10.8.0.2'], released_records: 0 });
    const logs = await expectOk<ListAnswer<OperationLogEntry>>(app, 'GET', 'V4/oplog.list', { token: parent, query: { area: 'ban', object_id: domainId } });
    assert.equal(logs.total, 1, 'one log entry: nothing was unbanned twice');
    assert.deepEqual((logs.list[0]!.after as { ips: string[] }).ips, ['10.8.0.1', '10.8.0.2']);
  });

  it('refuses a missing domain, bad entries and chunks over 1000 entries', async () => {
    const issues = async (body: unknown) => {
      const answer = await chunk(body);
      assert.equal(answer.code, VALIDATION_FAILED_CODE, answer.raw);
      return (answer.data as unknown as { errors: unknown[] }).errors;
    };
    assert.deepEqual(await issues({ entries: ['1.2.3.4'] }), [{ field: 'domain_id', key: 'bans.domain-required' }]);
    assert.deepEqual(await issues({ domain_id: domains[0]!.id, entries: ['1.2.3.4', 'example.com'] }), [{ field: 'entries.1', key: 'ip.incorrect-ip-or-cidr' }]);
    assert.deepEqual(await issues({ domain_id: domains[0]!.id, entries: [] }), [{ field: 'entries', key: 'batch.empty' }]);
    const many = Array.from({ length: 1001 }, (_, index) => `10.0.${index >> 8}.${index & 255}`);
    assert.deepEqual(await issues({ domain_id: domains[0]!.id, entries: many }), [{ field: 'entries', key: 'batch.beyond-limit', values: { max: 1000, count: 1001 } }]);
    assert.equal((await chunk({ domain_id: 999_999, entries: ['1.2.3.4'] })).code, NOT_FOUND_CODE);
  });
});

describe('shell §4 the ban gate and rules §6 sub-accounts', () => {
  it('every ban route answers PERMISSION_DENIED while ban management is off', async () => {
    app.db.prepare("UPDATE member_console_info SET ban_status = 'off' WHERE member_id = ?").run(DEMO_MEMBER_ID);
    try {
      for (const [method, path, body] of [
        ['GET', 'V4/ban.record.list', undefined],
        ['GET', 'V4/ban.overview', undefined],
        ['POST', 'V4/ban.record.unban', { ids: [1] }],
        ['POST', 'V4/ban.batch.unban', { domain_id: domains[0]!.id, entries: ['1.2.3.4'] }],
      ] as const) {
        const answer = await call(app, method, path, { token: parent, body });
        assert.equal(answer.code, PERMISSION_DENIED_CODE, path);
        assert.equal(answer.message, 'Ban management is not enabled for this account');
      }
      await expectOk(app, 'GET', 'V4/ip.list.list', { token: parent });
    } finally {
      app.db.prepare("UPDATE member_console_info SET ban_status = 'on' WHERE member_id = ?").run(DEMO_MEMBER_ID);
    }
  });

  it('a sub-account sees and unbans only on the domains its group manages', async () => {
    const granted = domains[0]!.id;
    const hidden = domains[3]!.id;
    const seen = new Set((await records({ per_page: 1000 }, child)).list.map((row) => row.domain_id));
    assert.ok([...seen].every((id) => id === domains[0]!.id || id === domains[1]!.id), [...seen].join());
    insertBans(app.db, DEMO_MEMBER_ID, [{ ...ban('192.0.2.77', 1000), domainId: hidden }, { ...ban('192.0.2.77', 1000), domainId: granted }], clock.now());
    const refused = await call(app, 'POST', 'V4/ban.batch.unban', { token: child, body: { domain_id: hidden, entries: ['192.0.2.77'] } });
    assert.equal(refused.code, NOT_FOUND_CODE);
    const done = await expectOk<BanBatchUnbanAnswer>(app, 'POST', 'V4/ban.batch.unban', { token: child, body: { domain_id: granted, entries: ['192.0.2.77'] } });
    assert.equal(done.released_records, 1);
    const hiddenRecord = (await records({ domain_id: hidden, ip: '192.0.2.77' })).list[0]!;
    assert.equal((await call(app, 'POST', 'V4/ban.record.unban', { token: child, body: { ids: [hiddenRecord.id] } })).code, NOT_FOUND_CODE);
  });

  it('rules §6; issue 19: each record says whether the caller may unban it (editable): parent, demo child, viewer', async () => {
    const all = (await records({ per_page: 1000 })).list;
    assert.ok(all.length > 0 && all.every((row) => row.editable === true));
    // The demo child's group manages the websites it is granted: it may unban every record it sees.
    const mine = (await records({ per_page: 1000 }, child)).list;
    assert.ok(mine.length > 0 && mine.every((row) => row.editable === true));
    const viewer = (await signInChild(app, DEMO_MEMBER_ID, DEMO_VIEWER_USER_NAME, DEMO_VIEWER_PASSWORD)).token;
    const seen = (await records({ per_page: 1000 }, viewer)).list;
    assert.ok(seen.length > 0, 'the viewer reads the bans of www.example.com');
    assert.ok(seen.every((row) => row.editable === false && row.domain === 'www.example.com'));
    const refused = await call(app, 'POST', 'V4/ban.record.unban', { token: viewer, body: { ids: [seen[0]!.id] } });
    assert.equal(refused.code, PERMISSION_DENIED_CODE);
  });

  it('another account never sees or unbans these bans', async () => {
    const other = addSecondTenant(app);
    const token = (await signInParent(app, other.email, other.password)).token;
    app.db.prepare("INSERT OR REPLACE INTO member_console_info (member_id, ban_status) VALUES (?, 'on')").run(other.memberId);
    assert.equal((await expectOk<ListAnswer<BanRecord>>(app, 'GET', 'V4/ban.record.list', { token })).total, 0);
    const answer = await call(app, 'POST', 'V4/ban.batch.unban', { token, body: { domain_id: domains[0]!.id, entries: ['0.0.0.0/0'] } });
    assert.equal(answer.code, NOT_FOUND_CODE);
  });
});
