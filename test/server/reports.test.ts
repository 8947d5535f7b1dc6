/**
 * The dashboard and traffic reports on the reference server (issue 25; rules §6 per-object grants, rules §9 date
 * ranges and "Log time UTC+8"). Lines are appended to the real (in-memory DuckDB) store; every expected figure is
 * counted here from the same lines, in plain JavaScript, and compared with what the API answers.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type { ModuleAccess, ObjectScope, PermissionModule } from '../../core/api/endpoints/platform.js';
import type { DashboardSummary, TrafficReport } from '../../core/api/endpoints/reports.js';
import type { LogRow } from '../../core/logs/fields.js';
import { bindGroupObjects, createChildAccount, createPermissionGroup } from '../../demo/server/features/account/store.js';
import { openLogStore, type LogSearch, type LogStore } from '../../demo/server/features/logs/store/index.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { hashPasswordSync } from '../../demo/server/platform/security/passwords.js';
import { logLine } from '../helpers/log-lines.js';
import { addSecondTenant, call, expectOk, signInChild, signInParent, startServer, type TestClock } from './helpers.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Beijing midnight of an instant, computed apart from the server's code: shift to UTC+8, cut the day, shift back. */
const beijingMidnight = (ts: number) => {
  const shifted = new Date(ts + 8 * HOUR);
  return Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()) - 8 * HOUR;
};

describe('dashboard and traffic reports (issue 25; rules §6, §9)', () => {
  let app: FastifyInstance;
  let clock: TestClock;
  let parent: string;
  let now: number;
  const ids: Record<string, number> = {};
  const rows: LogRow[] = [];
  let made = 0;

  /** A sub-account of the demo account whose group holds exactly `grants`. */
  async function child(grants: [PermissionModule, ModuleAccess, number[] | 'all'][]): Promise<string> {
    made++;
    const groupId = createPermissionGroup(
      app.db,
      {
        memberId: DEMO_MEMBER_ID,
        name: `reports-${made}`,
        grants: grants.map(([module, access, objects]) => ({ module, access, object_scope: (objects === 'all' ? 'all' : 'specified') as ObjectScope, auto_bind_new: false })),
      },
      app.now(),
    );
    for (const [module, , objects] of grants) {
      if (objects !== 'all') bindGroupObjects(app.db, { memberId: DEMO_MEMBER_ID, groupId, module, kind: 'specified', objectIds: objects });
    }
    const userName = `reports-child-${made}`;
    createChildAccount(app.db, { memberId: DEMO_MEMBER_ID, userName, passwordHash: hashPasswordSync('Reports#Grant1'), groupId }, app.now());
    return (await signInChild(app, DEMO_MEMBER_ID, userName, 'Reports#Grant1')).token;
  }

  const report = (token: string, query: Record<string, string | number>) => expectOk<TrafficReport>(app, 'GET', 'V4/report.traffic.get', { token, query });
  const iso = (ms: number) => new Date(ms).toISOString();
  const accessOf = (predicate: (row: LogRow) => boolean) => rows.filter((row) => row.log_type === 'access' && row.member_id === DEMO_MEMBER_ID && predicate(row));

  before(async () => {
    ({ app, clock } = await startServer({ seedLanguage: 'en_US' }));
    // 2026-03-02 04:00 in Beijing: "today" began four hours ago, at 2026-03-01 16:00 UTC.
    clock.advance(20 * HOUR);
    now = clock.now();
    parent = (await signInParent(app)).token;
    for (const row of app.db.prepare('SELECT id, domain FROM domains WHERE member_id = ?').all(DEMO_MEMBER_ID) as { id: number; domain: string }[]) {
      ids[row.domain] = row.id;
    }
    const names = ['www.example.com', 'api.example.com', 'shop.example.com'];
    const uris = ['/', '/index.html', '/api/v1/items', '/img/logo.png'];
    const statuses = [200, 200, 200, 304, 404, 502];
    // Two days of lines, one every 7 minutes, ending a minute ago: they cross two Beijing midnights.
    for (let index = 0, ts = now - 2 * DAY; ts < now; index++, ts += 7 * MINUTE) {
      const domain = names[index % 3]!;
      rows.push(
        logLine({
          ts,
          member_id: DEMO_MEMBER_ID,
          domain_id: ids[domain]!,
          domain,
          request_id: index.toString(16).padStart(32, '0'),
          client_ip: `203.0.113.${index % 5}`,
          country: index % 4 === 0 ? 'US' : 'CN',
          province: index % 4 === 0 ? '' : index % 2 === 0 ? 'CN-GD' : 'CN-BJ',
          uri: uris[index % 4]!,
          status: statuses[index % 6]!,
          bytes_sent: 1000 + index,
          cache_status: index % 3 === 0 ? 'hit' : 'miss',
          referer: index % 2 === 0 ? 'https://search.example/' : '',
        }),
      );
    }
    // Right at today's Beijing midnight, and one millisecond before it.
    const midnight = beijingMidnight(now);
    for (const ts of [midnight - 1, midnight]) {
      rows.push(logLine({ ts, member_id: DEMO_MEMBER_ID, domain_id: ids['www.example.com']!, domain: 'www.example.com', request_id: ts.toString(16).padStart(32, '0'), bytes_sent: 5 }));
    }
    // WAF lines today: two stopped the request, one only logged it.
    for (const [offset, action] of [[10, 'block'], [20, 'ban'], [30, 'log']] as const) {
      rows.push(logLine({ ts: now - offset * MINUTE, log_type: 'waf', member_id: DEMO_MEMBER_ID, domain_id: ids['api.example.com']!, domain: 'api.example.com', status: 403, rule_id: 9, action, attack_type: 'sqli' }));
    }
    const other = addSecondTenant(app);
    rows.push(logLine({ ts: now - MINUTE, member_id: other.memberId, domain_id: other.domainIds[0]!, domain: 'private.other.example', bytes_sent: 999_999 }));
    await app.logStore.append(rows);
  });
  after(() => app.close());

  it("rules §9 log time: the dashboard counts today's Beijing day, from 00:00 UTC+8", async () => {
    const summary = await expectOk<DashboardSummary>(app, 'GET', 'V4/report.dashboard.summary', { token: parent });
    const midnight = beijingMidnight(now);
    assert.equal(summary.from, iso(midnight));
    const today = accessOf((row) => row.ts >= midnight && row.ts <= now);
    assert.equal(summary.totals.requests, today.length);
    assert.equal(summary.totals.bytes, today.reduce((sum, row) => sum + row.bytes_sent, 0));
    assert.equal(summary.totals.hit_ratio, today.filter((row) => row.cache_status === 'hit').length / today.length);
    assert.equal(summary.attacks_blocked, 2, 'block and ban stop a request; log does not');
    // The status-code mix and the top domains come from the same lines.
    assert.equal(summary.status_mix['5xx'], today.filter((row) => row.status >= 500).length);
    assert.equal(summary.status_mix['3xx'], today.filter((row) => row.status >= 300 && row.status < 400).length);
    const www = today.filter((row) => row.domain === 'www.example.com').length;
    const top = summary.top_domains.find((row) => row.key === 'www.example.com')!;
    assert.deepEqual([top.requests, top.domain_id], [www, ids['www.example.com']]);
    assert.ok(summary.top_domains.every((row, index, list) => index === 0 || list[index - 1]!.requests >= row.requests));
    // Hourly series: every hour of today, summing to the total.
    assert.equal(summary.series.length, Math.ceil((now + 1 - midnight) / HOUR));
    assert.equal(summary.series.reduce((sum, point) => sum + point.requests, 0), today.length);
    // The peak is the busiest five minutes' average bandwidth.
    const perFive = new Map<number, number>();
    for (const row of today) perFive.set(Math.floor(row.ts / (5 * MINUTE)), (perFive.get(Math.floor(row.ts / (5 * MINUTE))) ?? 0) + row.bytes_sent);
    assert.equal(summary.totals.peak_bps, (Math.max(...perFive.values()) * 8) / 300);
  });

  it('dashboard alerts: certificates expiring within 30 days, websites not serving, bans in force', async () => {
    const summary = await expectOk<DashboardSummary>(app, 'GET', 'V4/report.dashboard.summary', { token: parent });
    const expiring = app.db
      .prepare('SELECT id FROM certificates WHERE member_id = ? AND not_after IS NOT NULL AND not_after <= ? ORDER BY not_after, id')
      .all(DEMO_MEMBER_ID, now + 30 * DAY) as { id: number }[];
    assert.ok(expiring.length > 0, 'the demo seed has a certificate expiring within the month');
    assert.deepEqual(summary.alerts.certificates_expiring.map((row) => row.id), expiring.map((row) => row.id));
    const idle = app.db.prepare("SELECT domain FROM domains WHERE member_id = ? AND status <> 'serving' ORDER BY domain").all(DEMO_MEMBER_ID) as { domain: string }[];
    assert.deepEqual(summary.alerts.domains_not_serving.map((row) => row.domain), idle.map((row) => row.domain).slice(0, 20));
    const bans = app.db.prepare("SELECT count(*) AS n FROM ban_records WHERE member_id = ? AND status = 'banned' AND expires_at > ?").get(DEMO_MEMBER_ID, now) as { n: number };
    assert.equal(summary.active_bans, bans.n);
  });

  it('rules §9: day buckets start at Beijing midnight and hold exactly that day', async () => {
    const from = now - 2 * DAY;
    const answer = await report(parent, { type: 'wide-flow-range', from: iso(from), to: iso(now), granularity: '1d' });
    const expected = new Map<number, number>();
    for (const row of accessOf((line) => line.ts >= from && line.ts <= now)) expected.set(beijingMidnight(row.ts), (expected.get(beijingMidnight(row.ts)) ?? 0) + 1);
    assert.deepEqual(
      answer.series.map((point) => [point.bucket, point.requests]),
      [...expected.entries()].sort((a, b) => a[0] - b[0]).map(([at, count]) => [iso(at), count]),
    );
    assert.ok(answer.series.every((point) => new Date(point.bucket).getUTCHours() === 16), 'a Beijing day starts at 16:00 UTC');
  });

  it('bandwidth series: every bucket of the range, empty ones as zero, bits per second over the bucket', async () => {
    const from = now - 3 * HOUR;
    const answer = await report(parent, { type: 'wide-flow-range', from: iso(from), to: iso(now), granularity: '5m' });
    const lines = accessOf((row) => row.ts >= from && row.ts <= now);
    assert.equal(answer.series.length, 37, 'three hours of five-minute buckets, plus the one now falls in');
    assert.equal(answer.series.reduce((sum, point) => sum + point.requests, 0), lines.length);
    assert.ok(answer.series.some((point) => point.requests === 0), 'lines come every 7 minutes, so some buckets are empty');
    for (const point of answer.series) assert.equal(point.bps, (point.bytes * 8) / 300);
    assert.equal(answer.totals.requests, lines.length);
    const domains = answer.tables.domains!;
    assert.equal(domains[0]!.bytes, Math.max(...['www.example.com', 'api.example.com', 'shop.example.com'].map((name) => lines.filter((row) => row.domain === name).reduce((sum, row) => sum + row.bytes_sent, 0))));
  });

  it('access analysis: PV and UV, top URLs, referers and the regions of the maps', async () => {
    const from = now - DAY;
    const answer = await report(parent, { type: 'access-analysis', from: iso(from), to: iso(now), granularity: '1h', top: 3 });
    const lines = accessOf((row) => row.ts >= from && row.ts <= now);
    assert.equal(answer.totals.requests, lines.length);
    assert.equal(answer.totals.visitors, new Set(lines.map((row) => row.client_ip)).size);
    const urls = answer.tables.urls!;
    assert.equal(urls.length, 3, 'top=3');
    for (const row of urls) assert.equal(row.requests, lines.filter((line) => line.uri === row.key).length);
    const provinces = answer.tables.provinces!;
    assert.deepEqual(provinces.map((row) => row.key).sort(), ['CN-BJ', 'CN-GD'], 'clients outside China are not a province');
    assert.equal(answer.tables.countries!.find((row) => row.key === 'US')!.requests, lines.filter((row) => row.country === 'US').length);
    assert.equal(answer.tables.referers!.find((row) => row.key === '')!.requests, lines.filter((row) => row.referer === '').length);
  });

  it('status code analysis: classes per bucket and the codes', async () => {
    const from = now - 6 * HOUR;
    const answer = await report(parent, { type: 'status-code-analysis', from: iso(from), to: iso(now), granularity: '1h' });
    const lines = accessOf((row) => row.ts >= from && row.ts <= now);
    assert.equal(answer.status_series.length, answer.series.length);
    assert.equal(answer.status_series.reduce((sum, point) => sum + point.counts['4xx'], 0), lines.filter((row) => row.status === 404).length);
    assert.deepEqual(answer.tables.codes!.map((row) => row.key).sort(), ['200', '304', '404', '502']);
  });

  it('hotspots and request distribution: top URLs by requests and bytes, top IPs, methods and cache', async () => {
    const from = now - DAY;
    const hot = await report(parent, { type: 'hotspot-analysis', from: iso(from), to: iso(now), granularity: '1h' });
    const lines = accessOf((row) => row.ts >= from && row.ts <= now);
    assert.equal(hot.tables.ips![0]!.requests, Math.max(...[0, 1, 2, 3, 4].map((n) => lines.filter((row) => row.client_ip === `203.0.113.${n}`).length)));
    assert.ok(hot.tables.urls_by_bytes!.every((row, index, list) => index === 0 || list[index - 1]!.bytes >= row.bytes));
    const spread = await report(parent, { type: 'distribution-request', from: iso(from), to: iso(now), granularity: '1h' });
    assert.equal(spread.tables.cache!.find((row) => row.key === 'hit')!.requests, lines.filter((row) => row.cache_status === 'hit').length);
    assert.equal(spread.tables.methods!.reduce((sum, row) => sum + row.requests, 0), lines.length);
  });

  it('previous-period overlay: one call answers the period before, bucket for bucket, shifted by whole buckets', async () => {
    const from = now - 3 * HOUR;
    const answer = await report(parent, { type: 'wide-flow-range', from: iso(from), to: iso(now), granularity: '5m', compare: 'previous' });
    const previous = answer.previous_series!;
    assert.equal(previous.length, answer.series.length);
    // The range (3 h plus the inclusive end) rounded up to whole 5-minute buckets.
    const shift = Math.ceil((now + 1 - from) / (5 * MINUTE)) * 5 * MINUTE;
    previous.forEach((point, index) => assert.equal(Date.parse(answer.series[index]!.bucket) - Date.parse(point.bucket), shift));
    const earlier = accessOf((row) => row.ts >= from - shift && row.ts <= now - shift);
    assert.equal(previous.reduce((sum, point) => sum + point.requests, 0), earlier.length);
    assert.equal((await report(parent, { type: 'wide-flow-range', from: iso(from), to: iso(now), granularity: '5m' })).previous_series, null);
    const wrong = await call(app, 'GET', 'V4/report.traffic.get', { token: parent, query: { type: 'wide-flow-range', from: iso(from), to: iso(now), granularity: '5m', compare: 'last-year' } });
    assert.equal(wrong.code, VALIDATION_FAILED_CODE);
  });

  it('several websites: the report counts exactly the websites chosen', async () => {
    const from = now - DAY;
    const chosen = [ids['www.example.com']!, ids['shop.example.com']!];
    const answer = await report(parent, { type: 'distribution-request', from: iso(from), to: iso(now), granularity: '1h', domain_ids: chosen.join(',') });
    assert.equal(answer.totals.requests, accessOf((row) => row.ts >= from && row.ts <= now && chosen.includes(row.domain_id)).length);
    assert.deepEqual(answer.tables.domains!.map((row) => row.domain_id).sort(), [...chosen].sort());
  });

  it('rules §6: a sub-account granted one website sees only its traffic, and cannot name another', async () => {
    const www = ids['www.example.com']!;
    const token = await child([['reports', 'read', [www]]]);
    const summary = await expectOk<DashboardSummary>(app, 'GET', 'V4/report.dashboard.summary', { token });
    const midnight = beijingMidnight(now);
    assert.equal(summary.totals.requests, accessOf((row) => row.ts >= midnight && row.domain_id === www).length);
    assert.deepEqual(summary.top_domains.map((row) => row.key), ['www.example.com']);
    assert.equal(summary.attacks_blocked, 0, 'the WAF lines are on another website');
    assert.ok(summary.alerts.domains_not_serving.every((row) => row.id === www));
    const from = now - DAY;
    const answer = await report(token, { type: 'distribution-request', from: iso(from), to: iso(now), granularity: '1h' });
    assert.deepEqual(answer.tables.domains!.map((row) => row.key), ['www.example.com']);
    assert.equal(answer.totals.requests, accessOf((row) => row.ts >= from && row.ts <= now && row.domain_id === www).length);
    const named = await call(app, 'GET', 'V4/report.traffic.get', {
      token,
      query: { type: 'hotspot-analysis', from: iso(from), to: iso(now), granularity: '1h', domain_ids: String(ids['api.example.com']) },
    });
    assert.equal(named.code, PERMISSION_DENIED_CODE);
    const websites = await expectOk<{ websites: { id: number }[] }>(app, 'GET', 'V4/report.website.list', { token });
    assert.deepEqual(websites.websites.map((website) => website.id), [www]);
    // The logs grant alone does not open the reports.
    const logsOnly = await child([['logs', 'read', 'all']]);
    assert.equal((await call(app, 'GET', 'V4/report.dashboard.summary', { token: logsOnly })).code, PERMISSION_DENIED_CODE);
  });

  it("another account's lines are never counted", async () => {
    const answer = await report(parent, { type: 'wide-flow-range', from: iso(now - HOUR), to: iso(now), granularity: '1m' });
    assert.ok(answer.series.every((point) => point.bytes < 999_999));
    assert.equal(answer.totals.requests, accessOf((row) => row.ts >= now - HOUR && row.ts <= now).length);
  });

  it('rules §9: ranges reach 30 days, fine granularities shorter ones; top-N and type are checked', async () => {
    const refused = async (query: Record<string, string | number>, field: string, key: string) => {
      const answer = await call(app, 'GET', 'V4/report.traffic.get', { token: parent, query });
      assert.equal(answer.code, VALIDATION_FAILED_CODE, JSON.stringify(query));
      const issue = (answer.data as { errors: { field: string; key: string }[] }).errors[0]!;
      assert.deepEqual([issue.field, issue.key], [field, key]);
    };
    const base = { type: 'wide-flow-range', to: iso(now) };
    // One limit for every report (core/rules/reports.ts): 30 days, plus the custom end input's whole minute.
    await refused({ ...base, from: iso(now - 30 * DAY - 60_000 - 1), granularity: '1d' }, 'from', 'reports.range-too-long');
    await report(parent, { ...base, from: iso(now - 30 * DAY), granularity: '1d' });
    await report(parent, { ...base, from: iso(now - 30 * DAY - 60_000), granularity: '1d' });
    await refused({ ...base, from: iso(now - DAY - 1), granularity: '1m' }, 'granularity', 'reports.granularity-too-fine');
    await refused({ ...base, from: iso(now - 8 * DAY), granularity: '5m' }, 'granularity', 'reports.granularity-too-fine');
    await refused({ ...base, from: iso(now + 1), granularity: '1h' }, 'from', 'reports.range-order');
    await refused({ ...base, from: iso(now - HOUR), granularity: '2m' }, 'granularity', 'common.format-error');
    await refused({ ...base, from: iso(now - HOUR), granularity: '1h', top: 101 }, 'top', 'common.integer-range');
    await refused({ ...base, from: iso(now - HOUR), granularity: '1h', top: 0 }, 'top', 'common.integer-range');
    await refused({ ...base, type: 'waf', from: iso(now - HOUR), granularity: '1h' }, 'type', 'common.format-error');
    await refused({ ...base, from: 'yesterday', granularity: '1h' }, 'from', 'logs.range-required');
  });
});

/** The store methods the reports added (totals, five-minute buckets), on every engine the log store contract runs. */
function storeContract(engine: string, open: () => Promise<LogStore>): void {
  describe(`log store reports contract: ${engine}`, () => {
    let store: LogStore;
    // 2026-11-20 00:00 UTC = 08:00 Beijing.
    const T0 = Date.UTC(2026, 10, 20);
    const scope = (overrides: Partial<LogSearch> = {}): LogSearch => ({ memberId: 7, logType: 'access', from: T0, to: T0 + DAY, domainIds: [1, 2], where: null, ...overrides });
    before(async () => {
      store = await open();
      await store.append([
        logLine({ ts: T0, uri: '/a', bytes_sent: 100, client_ip: '10.0.0.1', cache_status: 'hit' }),
        logLine({ ts: T0 + 4 * MINUTE, uri: '/a', bytes_sent: 100, client_ip: '10.0.0.2', status: 404, cache_status: 'miss' }),
        logLine({ ts: T0 + 5 * MINUTE, uri: '/b', bytes_sent: 5000, client_ip: '10.0.0.1', domain_id: 2, domain: 'api.example.com', cache_status: 'miss' }),
        logLine({ ts: T0 + 6 * MINUTE, uri: '/c', bytes_sent: 10, client_ip: '10.0.0.3', domain_id: 3, domain: 'hidden.example.com' }),
        logLine({ ts: T0 + 7 * MINUTE, uri: '/a', bytes_sent: 1, member_id: 8 }),
      ]);
    });
    after(async () => store.close());

    it('sums over the range per field, ranked by requests or bytes, limited; one row without a field', async () => {
      assert.deepEqual(await store.totals(scope(), 'uri', 'requests', 10), [
        { group: '/a', requests: 2, bytes: 200, errors: 1, hits: 1, visitors: 2 },
        { group: '/b', requests: 1, bytes: 5000, errors: 0, hits: 0, visitors: 1 },
      ]);
      assert.deepEqual((await store.totals(scope(), 'uri', 'bytes', 1)).map((row) => row.group), ['/b']);
      assert.deepEqual(await store.totals(scope(), null, 'requests', 1), [{ group: '', requests: 3, bytes: 5200, errors: 1, hits: 1, visitors: 2 }]);
      assert.deepEqual(await store.totals(scope({ domainIds: [] }), null, 'requests', 1), []);
      assert.deepEqual((await store.totals(scope({ where: { op: 'compare', field: 'status', operator: '>=', value: 400 } }), 'status', 'requests', 5)).map((row) => row.group), ['404']);
    });

    it('buckets by five minutes', async () => {
      const rows = await store.aggregate({ ...scope(), bucket: 'five-minutes' });
      assert.deepEqual(rows.map((row) => [row.bucket, row.requests, row.visitors]), [[T0, 2, 2], [T0 + 5 * MINUTE, 1, 1]]);
    });
  });
}

storeContract('DuckDB', () => openLogStore({ engine: 'duckdb' }));
storeContract('SQLite', () => openLogStore({ engine: 'sqlite' }));
if (process.env.CLICKHOUSE_URL) {
  storeContract('ClickHouse', () => openLogStore({ engine: 'clickhouse', url: process.env.CLICKHOUSE_URL }));
} else {
  describe('log store reports contract: ClickHouse', () => {
    it('runs against a ClickHouse server when CLICKHOUSE_URL is set', { skip: 'CLICKHOUSE_URL is not set: SKIPPED' }, () => {});
  });
}
