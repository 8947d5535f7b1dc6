/**
 * The bot reports on the reference server (issue 25; rules §6 "bot analytics needs ultimate/flagship or above",
 * per-object grants; shell §2 `Bot`, `Bot/KnowDetail/:id`, `Bot/UnknowDetail/:id`). Lines go into the real
 * (in-memory DuckDB) store; every expected figure is classified here line by line with core/logs/bots.ts
 * `classifyLine`, so the store predicates the server counts with are checked against the line rules.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE, type FieldIssue } from '../../core/api/catalogue.js';
import type { BotDetail, BotSummary } from '../../core/api/endpoints/bot-report.js';
import type { ModuleAccess, ObjectScope, PermissionModule } from '../../core/api/endpoints/platform.js';
import { BOT_RATE_PER_FIVE_MINUTES, classifyLine, knownBotOfAgent, signatureId, TOOL_JA3, type LineVerdict } from '../../core/logs/bots.js';
import type { LogRow } from '../../core/logs/fields.js';
import { bindGroupObjects, createChildAccount, createPermissionGroup } from '../../demo/server/features/account/store.js';
import { openLogStore } from '../../demo/server/features/logs/store/index.js';
import { changePlanLevel } from '../../demo/server/features/plans/seed.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { lookupAddress } from '../../demo/server/platform/reverse-dns.js';
import { hashPasswordSync } from '../../demo/server/platform/security/passwords.js';
import { logLine } from '../helpers/log-lines.js';
import { addSecondTenant, call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BAIDUSPIDER = 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const CHROME_JA3 = 'cd08e31494f9531f560d64c695473da9';
const RATE_IP = '198.51.100.7';

describe('bot reports (issue 25; rules §6 plan gating and grants)', () => {
  let app: FastifyInstance;
  let parent: string;
  let planId: number;
  let now: number;
  const ids: Record<string, number> = {};
  const rows: LogRow[] = [];
  let made = 0;

  const iso = (ms: number) => new Date(ms).toISOString();
  const range = () => ({ from: iso(now - 6 * HOUR), to: iso(now), granularity: '1h' });
  const summaryOf = (token: string, query: Record<string, string | number> = {}) => expectOk<BotSummary>(app, 'GET', 'V4/report.bot.summary', { token, query: { ...range(), ...query } });

  /** The lines of the demo account in the range, with their verdicts (the rate rule from the lines themselves). */
  function verdicts(domainIds?: number[]): { row: LogRow; verdict: LineVerdict }[] {
    const mine = rows.filter((row) => row.member_id === DEMO_MEMBER_ID && (!domainIds || domainIds.includes(row.domain_id)));
    const windows = new Map<string, number>();
    for (const row of mine) {
      const key = `${row.client_ip}|${Math.floor(row.ts / (5 * MINUTE))}`;
      windows.set(key, (windows.get(key) ?? 0) + 1);
    }
    const rate = new Set([...windows].filter(([, count]) => count > BOT_RATE_PER_FIVE_MINUTES).map(([key]) => key.split('|')[0]));
    return mine.map((row) => ({
      row,
      verdict: classifyLine({ userAgent: row.user_agent, ja3: row.ja3, lookup: knownBotOfAgent(row.user_agent) ? lookupAddress(row.client_ip) : null, rateExceeded: rate.has(row.client_ip) }),
    }));
  }

  async function child(grants: [PermissionModule, ModuleAccess, number[] | 'all'][]): Promise<string> {
    made++;
    const groupId = createPermissionGroup(
      app.db,
      {
        memberId: DEMO_MEMBER_ID,
        name: `bots-${made}`,
        grants: grants.map(([module, access, objects]) => ({ module, access, object_scope: (objects === 'all' ? 'all' : 'specified') as ObjectScope, auto_bind_new: false })),
      },
      app.now(),
    );
    for (const [module, , objects] of grants) {
      if (objects !== 'all') bindGroupObjects(app.db, { memberId: DEMO_MEMBER_ID, groupId, module, kind: 'specified', objectIds: objects });
    }
    const userName = `bots-child-${made}`;
    createChildAccount(app.db, { memberId: DEMO_MEMBER_ID, userName, passwordHash: hashPasswordSync('Bots#Grant1'), groupId }, app.now());
    return (await signInChild(app, DEMO_MEMBER_ID, userName, 'Bots#Grant1')).token;
  }

  before(async () => {
    let clock;
    ({ app, clock } = await startServer({ seedLanguage: 'en_US' }));
    clock.advance(20 * HOUR);
    now = clock.now();
    parent = (await signInParent(app)).token;
    planId = (app.db.prepare('SELECT id FROM plans WHERE member_id = ?').get(DEMO_MEMBER_ID) as { id: number }).id;
    for (const row of app.db.prepare('SELECT id, domain FROM domains WHERE member_id = ?').all(DEMO_MEMBER_ID) as { id: number; domain: string }[]) ids[row.domain] = row.id;
    let n = 0;
    const add = (domain: string, overrides: Partial<LogRow>) =>
      rows.push(logLine({ member_id: DEMO_MEMBER_ID, domain_id: ids[domain]!, domain, request_id: (++n).toString(16).padStart(32, '0'), ...overrides }));
    // Spread over the last five hours, one line a minute per kind, on two websites.
    for (let index = 0; index < 300; index++) {
      const ts = now - (index + 1) * MINUTE;
      const domain = index % 2 === 0 ? 'www.example.com' : 'api.example.com';
      add(domain, { ts, user_agent: index % 3 === 0 ? SAFARI : CHROME, client_ip: `203.0.113.${index % 40}`, ja3: CHROME_JA3, uri: '/', country: 'CN', province: 'CN-GD' });
      if (index % 4 === 0) add(index % 8 === 0 ? 'www.example.com' : 'api.example.com', { ts, user_agent: GOOGLEBOT, client_ip: `66.249.66.${1 + (index % 5)}`, uri: `/p/${index % 7}`, country: 'US', province: '' });
      if (index % 10 === 0) add('www.example.com', { ts, user_agent: GOOGLEBOT, client_ip: '203.0.113.250', ja3: TOOL_JA3[2]!, uri: '/wp-login.php', country: 'RU', province: '' });
      if (index % 6 === 0) add('api.example.com', { ts, user_agent: BAIDUSPIDER, client_ip: '220.181.108.5', uri: '/api/items', country: 'CN', province: 'CN-BJ' });
      if (index % 5 === 0) add('api.example.com', { ts, user_agent: 'curl/8.5.0', client_ip: '45.1.2.3', ja3: TOOL_JA3[0]!, country: 'DE', province: '' });
      if (index % 15 === 0) add('www.example.com', { ts, user_agent: 'sqlmap/1.8.4#stable (https://sqlmap.org)', client_ip: '45.1.2.4', ja3: TOOL_JA3[3]!, uri: '/?id=1', country: 'US', province: '' });
      if (index % 20 === 0) add('www.example.com', { ts, user_agent: '', client_ip: '45.1.2.5', country: 'BR', province: '' });
      if (index % 12 === 0) add('api.example.com', { ts, user_agent: CHROME, client_ip: '45.1.2.6', ja3: TOOL_JA3[1]!, country: 'SG', province: '' });
    }
    // One address past the rate rule in one five-minute window, with a browser's user agent.
    for (let index = 0; index <= BOT_RATE_PER_FIVE_MINUTES; index++) add('www.example.com', { ts: now - 2 * HOUR + index * 200, user_agent: CHROME, client_ip: RATE_IP, ja3: CHROME_JA3, country: 'HK', province: '' });
    const other = addSecondTenant(app);
    rows.push(logLine({ ts: now - MINUTE, member_id: other.memberId, domain_id: other.domainIds[0]!, domain: 'private.other.example', user_agent: 'curl/8.5.0', client_ip: '45.1.2.3' }));
    await app.logStore.append(rows);
  });
  after(() => app.close());

  it('rules §6: below flagship the reports are refused with the plan-gating message and its notice', async () => {
    for (const [path, extra] of [
      ['V4/report.bot.summary', {}],
      ['V4/report.bot.detail', { kind: 'known', id: 'googlebot' }],
    ] as const) {
      const answer = await call(app, 'GET', path, { token: parent, query: { ...range(), ...extra } });
      assert.equal(answer.code, VALIDATION_FAILED_CODE, answer.raw);
      const [issue] = (answer.data as { errors: FieldIssue[] }).errors;
      assert.equal(issue!.key, 'plans.bot-analytics');
      assert.equal(issue!.values?.feature, 'bot_analytics');
      assert.ok(issue!.values?.notice === 'upgrade' || issue!.values?.notice === 'work-order');
    }
    changePlanLevel(app.db, planId, 'flagship');
    await summaryOf(parent);
  });

  it('people, known bots and unknown bots add up to every request, as the line rules classify them', async () => {
    const summary = await summaryOf(parent);
    const all = verdicts();
    const count = (kind: LineVerdict['class']) => all.filter((entry) => entry.verdict.class === kind).length;
    assert.deepEqual(summary.totals, {
      requests: all.length,
      human: count('human'),
      known: count('known'),
      unknown: count('unknown'),
      spoofed: all.filter((entry) => entry.verdict.class === 'unknown' && entry.verdict.reasons.includes('spoofed')).length,
    });
    assert.ok(summary.totals.human > 0 && summary.totals.known > 0 && summary.totals.unknown > 0 && summary.totals.spoofed > 0);
    assert.equal(summary.series.length, 7, 'six hours of hourly buckets, plus the one now falls in');
    for (const key of ['human', 'known', 'unknown'] as const) assert.equal(summary.series.reduce((sum, point) => sum + point[key], 0), summary.totals[key], key);
  });

  it('known bots: verified requests and addresses, spoofed requests, and their categories', async () => {
    const summary = await summaryOf(parent);
    const all = verdicts();
    const google = summary.known_bots.find((row) => row.id === 'googlebot')!;
    const verified = all.filter((entry) => entry.verdict.class === 'known' && entry.verdict.bot.id === 'googlebot');
    assert.equal(google.requests, verified.length);
    assert.equal(google.addresses, new Set(verified.map((entry) => entry.row.client_ip)).size);
    assert.equal(google.spoofed, all.filter((entry) => entry.row.user_agent === GOOGLEBOT && entry.row.client_ip === '203.0.113.250').length);
    assert.equal(google.category, 'search-engine');
    assert.deepEqual(summary.known_bots.map((row) => row.id), ['googlebot', 'baiduspider'], 'most requests first');
    assert.deepEqual(summary.categories, [{ category: 'search-engine', requests: summary.totals.known }]);
  });

  it('unknown signatures by user agent and fingerprint, with their addresses, countries and reasons', async () => {
    const summary = await summaryOf(parent);
    const all = verdicts().filter((entry) => entry.verdict.class === 'unknown');
    const sqlmap = summary.unknown_agents.find((row) => row.value.startsWith('sqlmap/'))!;
    assert.equal(sqlmap.requests, all.filter((entry) => entry.row.user_agent === sqlmap.value).length);
    assert.deepEqual(sqlmap.top_addresses, ['45.1.2.4']);
    assert.deepEqual(sqlmap.top_countries, ['US']);
    assert.deepEqual(sqlmap.reasons, ['scanner'], 'its own user agent says enough');
    assert.equal(sqlmap.id, signatureId({ kind: 'ua', value: sqlmap.value }));
    const spoofer = summary.unknown_agents.find((row) => row.value === GOOGLEBOT)!;
    assert.deepEqual(spoofer.top_addresses, ['203.0.113.250']);
    assert.ok(spoofer.reasons.includes('spoofed'));
    const browserRate = summary.unknown_agents.find((row) => row.value === CHROME)!;
    assert.ok(browserRate.reasons.includes('rate') && browserRate.reasons.includes('tool-fingerprint'), browserRate.reasons.join());
    const curlStack = summary.unknown_fingerprints.find((row) => row.value === TOOL_JA3[0])!;
    assert.equal(curlStack.requests, all.filter((entry) => entry.row.ja3 === TOOL_JA3[0]).length);
    assert.ok(curlStack.reasons.includes('automation') && curlStack.reasons.includes('tool-fingerprint'));
    // Lines without a TLS fingerprint are no fingerprint signature (the e2e screenshots showed them as an empty row).
    assert.ok(summary.unknown_fingerprints.every((row) => row.value !== ''), summary.unknown_fingerprints.map((row) => row.value).join());
    assert.ok(summary.unknown_agents.every((row, index, list) => index === 0 || list[index - 1]!.requests >= row.requests));
    // The map counts bots only: Hong Kong is the rate address's, Germany curl's; no person was in Guangdong's bots.
    assert.equal(summary.countries.find((row) => row.key === 'HK')!.requests, BOT_RATE_PER_FIVE_MINUTES + 1);
    assert.deepEqual(summary.provinces.map((row) => row.key), ['CN-BJ']);
  });

  it('a known bot detail: verified requests over time, paths, addresses, and the addresses that spoofed it', async () => {
    const answer = await expectOk<BotDetail>(app, 'GET', 'V4/report.bot.detail', { token: parent, query: { ...range(), kind: 'known', id: 'googlebot' } });
    const all = verdicts();
    const verified = all.filter((entry) => entry.verdict.class === 'known' && entry.verdict.bot.id === 'googlebot');
    assert.equal(answer.bot?.name, 'Googlebot');
    assert.equal(answer.totals.requests, verified.length);
    assert.equal(answer.series.reduce((sum, point) => sum + point.requests, 0), verified.length);
    assert.equal(answer.totals.spoofed, answer.series.reduce((sum, point) => sum + point.spoofed, 0));
    assert.deepEqual(answer.spoofed_addresses.map((row) => row.key), ['203.0.113.250']);
    assert.deepEqual(answer.addresses.map((row) => row.key).sort(), ['66.249.66.1', '66.249.66.2', '66.249.66.3', '66.249.66.4', '66.249.66.5']);
    assert.ok(answer.paths.every((row) => row.key.startsWith('/p/')), 'the spoofer\'s /wp-login.php is not Googlebot\'s');
    assert.deepEqual(answer.countries.map((row) => row.key), ['US']);
  });

  it('an unknown signature detail, and ids that name nothing', async () => {
    const id = signatureId({ kind: 'ua', value: 'curl/8.5.0' });
    const answer = await expectOk<BotDetail>(app, 'GET', 'V4/report.bot.detail', { token: parent, query: { ...range(), kind: 'unknown', id } });
    assert.equal(answer.totals.requests, verdicts().filter((entry) => entry.row.user_agent === 'curl/8.5.0').length);
    assert.deepEqual(answer.signature?.reasons, ['automation']);
    assert.deepEqual(answer.addresses.map((row) => row.key), ['45.1.2.3'], "the other account's curl is not counted");
    for (const query of [
      { kind: 'known', id: 'no-such-bot' },
      { kind: 'unknown', id: 'ua-***' },
    ]) {
      assert.equal((await call(app, 'GET', 'V4/report.bot.detail', { token: parent, query: { ...range(), ...query } })).code, NOT_FOUND_CODE);
    }
    assert.equal((await call(app, 'GET', 'V4/report.bot.detail', { token: parent, query: { ...range(), kind: 'other', id } })).code, VALIDATION_FAILED_CODE);
    assert.equal((await call(app, 'GET', 'V4/report.bot.summary', { token: parent, query: { ...range(), granularity: '1m', from: iso(now - 3 * 24 * HOUR) } })).code, VALIDATION_FAILED_CODE);
  });

  it('every log store answers the same reports: the same lines in SQLite (the baseline engine) as in DuckDB', async () => {
    const sqlite = await openLogStore({ engine: 'sqlite' });
    const { app: twin, clock } = await startServer({ seedLanguage: 'en_US', logStore: sqlite });
    try {
      clock.advance(20 * HOUR);
      assert.equal(clock.now(), now);
      const twinPlan = (twin.db.prepare('SELECT id FROM plans WHERE member_id = ?').get(DEMO_MEMBER_ID) as { id: number }).id;
      changePlanLevel(twin.db, twinPlan, 'flagship');
      await twin.logStore.append(rows);
      const token = (await signInParent(twin)).token;
      const reads: [string, Record<string, string>][] = [
        ['V4/report.bot.summary', {}],
        ['V4/report.bot.detail', { kind: 'known', id: 'googlebot' }],
        ['V4/report.bot.detail', { kind: 'unknown', id: signatureId({ kind: 'ua', value: CHROME }) }],
        ['V4/report.bot.detail', { kind: 'unknown', id: signatureId({ kind: 'ja3', value: TOOL_JA3[0]! }) }],
      ];
      // Distinct addresses are exact in both engines (sql.ts distinctClients), so every answer is compared whole.
      for (const [path, extra] of reads) {
        const query = { ...range(), ...extra };
        const [fromSqlite, fromDuckDb] = [await expectOk(twin, 'GET', path, { token, query }), await expectOk(app, 'GET', path, { token: parent, query })];
        assert.deepEqual(fromSqlite, fromDuckDb, `${path} ${JSON.stringify(extra)}`);
      }
    } finally {
      await twin.close();
      await sqlite.close();
    }
  });

  it("rules §6 grants: a sub-account granted one website sees only that website's bots and is refused another", async () => {
    const token = await child([['reports', 'read', [ids['api.example.com']!]]]);
    const summary = await summaryOf(token);
    const api = verdicts([ids['api.example.com']!]);
    assert.equal(summary.totals.requests, api.length);
    assert.equal(summary.totals.known, api.filter((entry) => entry.verdict.class === 'known').length);
    assert.equal(summary.known_bots.find((row) => row.id === 'googlebot')!.spoofed, 0, 'the spoofer only visited www');
    assert.ok(!summary.unknown_agents.some((row) => row.value.startsWith('sqlmap/')), 'sqlmap only visited www');
    const denied = await call(app, 'GET', 'V4/report.bot.summary', { token, query: { ...range(), domain_ids: String(ids['www.example.com']) } });
    assert.equal(denied.code, PERMISSION_DENIED_CODE);
    const noReports = await child([['logs', 'read', 'all']]);
    assert.equal((await call(app, 'GET', 'V4/report.bot.summary', { token: noReports, query: range() })).code, PERMISSION_DENIED_CODE);
  });
});
