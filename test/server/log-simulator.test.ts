/**
 * The edge traffic simulator (issue 24; DESIGN §4 "Traffic and logs"): seeded and deterministic, and every verdict
 * comes from the configuration — WAF rules through the matcher (rules §2 log types WAF, CC, granular access control,
 * access), CC decisions and their bans in the ban manager (rules §3 ban record), the purge/prefetch edge cache, and
 * each line belongs to the account owning its domain.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { BanRecord } from '../../core/api/endpoints/bans.js';
import type { ListAnswer } from '../../core/api/endpoints/platform.js';
import type { FirewallPolicy, RuleSetInfo } from '../../core/api/endpoints/waf.js';
import type { LogRow, LogType } from '../../core/logs/fields.js';
import { LOG_COLUMNS } from '../../core/logs/fields.js';
import { edgeOutcome } from '../../demo/server/features/cache-tasks/index.js';
import {
  backfillLogs,
  CC_URL_RULE_ID,
  ccBanRuleId,
  siteModel,
  startSimulator,
  type Simulator,
} from '../../demo/server/features/logs/simulator/index.js';
import { addressIn } from '../../demo/server/features/logs/simulator/clients.js';
import { createRandom } from '../../demo/server/features/logs/simulator/random.js';
import type { LogStore } from '../../demo/server/features/logs/store/log-store.js';
import type { TcpFlow } from '../../core/logs/tcp-flows.js';
import { readConfig } from '../../demo/server/platform/config.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { IPV4_BLOCKS, IPV6_FIRST_GROUP, regionOfAddress } from '../../demo/server/platform/geo.js';
import { addSecondTenant, expectOk, signInParent, startServer, TEST_START } from './helpers.js';

/** A log store that only collects what is appended (the simulator needs nothing else). */
function collectingStore(): LogStore & { rows: LogRow[]; flows: TcpFlow[] } {
  const rows: LogRow[] = [];
  const flows: TcpFlow[] = [];
  const unused = () => Promise.reject(new Error('not used by the simulator'));
  return {
    engine: 'duckdb',
    rows,
    flows,
    async append(batch) {
      rows.push(...batch);
    },
    async appendTcpFlows(batch) {
      flows.push(...batch);
    },
    tcpSeries: unused,
    tcpTop: unused,
    pruneTcpFlows: unused,
    search: unused,
    topValues: unused,
    aggregate: unused,
    scan: unused,
    prune: unused,
    async count() {
      const counts: Record<LogType, number> = { access: 0, waf: 0, cc: 0, acl: 0 };
      for (const row of rows) counts[row.log_type]++;
      return counts;
    },
    async close() {},
    totals: unused,
    groupTotals: unused,
    topPerGroup: unused,
    conditionCounts: unused,
    topGroups: unused,
  };
}

async function runTicks(simulator: Simulator, from: number, seconds: number): Promise<void> {
  for (let second = 1; second <= seconds; second++) await simulator.tickOnce(from + second * 1000);
}

function domainId(app: FastifyInstance, domain: string): number {
  return (app.db.prepare('SELECT id FROM domains WHERE domain = ?').get(domain) as { id: number }).id;
}

describe('issue 24: the simulator is deterministic with a seed', () => {
  it('the same seed, configuration and start time give the same lines; another seed gives others', async () => {
    const runs: LogRow[][] = [];
    for (const seed of [7, 7, 8]) {
      const { app } = await startServer({ seedLanguage: 'en_US' });
      const store = collectingStore();
      // No time budget: on a loaded machine a late tick would drop requests, and the comparison would be of timing.
      const simulator = startSimulator({ db: app.db, store, now: app.now, rate: 300, seed, attackShare: 0.2, budgetMs: Number.POSITIVE_INFINITY });
      await runTicks(simulator, TEST_START, 5);
      await simulator.stop();
      await app.close();
      runs.push(store.rows);
    }
    assert.ok(runs[0]!.length > 1400, `${runs[0]!.length} lines`);
    assert.deepEqual(runs[1], runs[0]);
    assert.notDeepEqual(runs[2], runs[0]);
    for (const row of runs[0]!) assert.deepEqual(Object.keys(row).sort(), [...LOG_COLUMNS].sort());
  });
});

describe('issue 24: every request is evaluated by the configured rules', () => {
  let app: FastifyInstance;
  let token: string;
  let store: ReturnType<typeof collectingStore>;
  let simulator: Simulator;
  let adminRule: FirewallPolicy;
  let adminSet: RuleSetInfo;

  before(async () => {
    ({ app } = await startServer({ seedLanguage: 'en_US' }));
    token = (await signInParent(app)).token;
    adminSet = await expectOk<RuleSetInfo>(app, 'POST', 'V4/waf.ruleset.create', { token, body: { name: 'Admin lockdown', description: '' } });
    await expectOk(app, 'POST', 'V4/waf.ruleset.quote', { token, body: { id: adminSet.id, domain_ids: [domainId(app, 'www.example.com'), domainId(app, 'shop.example.com')] } });
    adminRule = await expectOk<FirewallPolicy>(app, 'POST', 'V4/firewall.policy.save', {
      token,
      body: { main_id: adminSet.id, status: 'enabled', remark: '', action: { type: 'block' }, rules: [{ rule_type: 'url', data: { operator: 'prefix', value: '/admin' } }] },
    });
    store = collectingStore();
    simulator = startSimulator({ db: app.db, store, now: app.now, rate: 400, seed: 11, attackShare: 0.5, budgetMs: Number.POSITIVE_INFINITY });
    await runTicks(simulator, TEST_START, 15);
  });
  after(async () => {
    await simulator.stop();
    await app.close();
  });

  const accessOf = (row: LogRow) => store.rows.find((line) => line.log_type === 'access' && line.request_id === row.request_id)!;

  it('a custom rule blocking /admin gives access-control lines with its rule id, and 403 access lines with the same request id', () => {
    const acl = store.rows.filter((row) => row.log_type === 'acl' && row.rule_id === Number(adminRule.code));
    assert.ok(acl.length > 0, 'no access-control line for the /admin rule');
    for (const row of acl) {
      assert.match(row.uri, /^\/admin/);
      assert.equal(row.rule_set_id, adminSet.id);
      assert.equal(row.action, 'block');
      assert.equal(row.status, 403);
      assert.equal(accessOf(row).status, 403);
      assert.equal(accessOf(row).rule_id, 0);
    }
    // Every /admin request that reached the rules was blocked by it (a banned address is turned away before them).
    const admin = store.rows.filter((row) => row.log_type === 'access' && row.uri.startsWith('/admin'));
    assert.ok(admin.every((row) => row.status === 403), JSON.stringify(admin.filter((row) => row.status !== 403).slice(0, 2)));
  });

  it('built-in rules (the web-common set quoted by www.example.com) give WAF lines with the built-in rule ids', () => {
    const waf = store.rows.filter((row) => row.log_type === 'waf');
    assert.ok(waf.length > 0);
    const ids = new Set(waf.map((row) => row.rule_id));
    assert.ok(ids.has(910001) || ids.has(910002), [...ids].join(','));
    for (const row of waf) {
      assert.equal(row.domain, 'www.example.com', 'only www.example.com quotes a built-in set');
      if (row.rule_id === 910001) assert.equal(row.attack_type, 'sqli');
      if (row.action === 'block') assert.equal(accessOf(row).status, 403);
    }
    // The scanner rule is in observation: it logs and lets the request go on.
    for (const row of waf.filter((line) => line.rule_id === 910005)) assert.equal(row.action, 'log');
  });

  it('a CC flood gives CC lines, challenges then a ban, and the ban is in the ban manager', async () => {
    const shop = domainId(app, 'shop.example.com');
    const ip = '203.0.113.99';
    const start = TEST_START + 15_000;
    simulator.flood({ domainId: shop, ip, path: '/products', perSecond: 40, seconds: 8, from: start });
    await runTicks(simulator, start, 10);
    const cc = store.rows.filter((row) => row.log_type === 'cc' && row.client_ip === ip);
    assert.ok(cc.some((row) => row.action === 'js-challenge'), 'challenged first');
    const banned = cc.filter((row) => row.action === 'ban');
    assert.equal(banned.length, 1, 'banned once');
    assert.equal(banned[0]!.rule_id, CC_URL_RULE_ID);
    assert.equal(banned[0]!.attack_type, 'cc-flood');
    assert.equal(accessOf(banned[0]!).status, 403);
    // After the ban, the address is turned away at the edge.
    const later = store.rows.filter((row) => row.log_type === 'access' && row.client_ip === ip && row.ts > banned[0]!.ts);
    assert.ok(later.length > 100 && later.every((row) => row.status === 403));
    const bans = await expectOk<ListAnswer<BanRecord>>(app, 'GET', 'V4/ban.record.list', { token, query: { per_page: 100, ip } });
    const ban = bans.list.find((record) => record.ip === ip);
    assert.ok(ban, JSON.stringify(bans.list));
    assert.equal(ban.domain_id, shop);
    assert.equal(ban.reason, 'cc-rate');
    assert.equal(ban.rule_id, ccBanRuleId(CC_URL_RULE_ID));
    assert.equal(ban.status, 'banned');
  });
});

describe('issue 24: cache hits and misses follow the purge/prefetch edge cache', () => {
  let app: FastifyInstance;
  let token: string;

  before(async () => {
    ({ app } = await startServer({ seedLanguage: 'en_US' }));
    token = (await signInParent(app)).token;
  });
  after(async () => app.close());

  it('a prefetched URL is a hit from the first request; once purged, the next request is a miss, then hits again', async () => {
    const asset = siteModel('www.example.com').paths.find(
      (path) => path.kind === 'script' && edgeOutcome('prefetch', `https://www.example.com${path.path}`, 1).ok && edgeOutcome('purge-url', `https://www.example.com${path.path}`, 1).ok,
    )!;
    const url = `https://www.example.com${asset.path}`;
    const prefetch = await expectOk<{ job: { id: number } }>(app, 'POST', 'V4/cache.prefetch.create', { token, body: { urls: [url] } });
    await app.jobs.waitFor(prefetch.job.id);

    const store = collectingStore();
    const simulator = startSimulator({ db: app.db, store, now: app.now, rate: 300, seed: 5, attackShare: 0, budgetMs: Number.POSITIVE_INFINITY });
    const served = (from: number) => store.rows.filter((row) => row.log_type === 'access' && row.uri === asset.path && row.scheme === 'https' && row.ts > from);
    await runTicks(simulator, TEST_START, 4);
    assert.ok(served(0).length > 0, 'the asset is popular enough to be asked for');
    assert.equal(served(0)[0]!.cache_status, 'hit');

    const purge = await expectOk<{ job: { id: number } }>(app, 'POST', 'V4/cache.purge.create', { token, body: { kind: 'url', urls: [url] } });
    await app.jobs.waitFor(purge.job.id);
    const purgedAt = TEST_START + 4_000;
    await runTicks(simulator, purgedAt, 4);
    const after = served(purgedAt);
    assert.ok(after.length > 1);
    assert.equal(after[0]!.cache_status, 'miss');
    assert.ok(after[0]!.origin !== '', 'a miss names its origin');
    assert.equal(after[after.length - 1]!.cache_status, 'hit');
    await simulator.stop();
  });
});

describe('issue 24: lines belong to the account owning the domain', () => {
  it('each line carries its domain owner’s member_id, for every account with served websites', async () => {
    const { app } = await startServer({ seedLanguage: 'en_US' });
    const other = addSecondTenant(app);
    app.db.prepare(`UPDATE domains SET status = 'serving' WHERE member_id = ?`).run(other.memberId);
    const store = collectingStore();
    const simulator = startSimulator({ db: app.db, store, now: app.now, rate: 300, seed: 3, attackShare: 0.1, budgetMs: Number.POSITIVE_INFINITY });
    await runTicks(simulator, TEST_START, 3);
    await simulator.stop();
    const owners = new Map((app.db.prepare('SELECT id, member_id FROM domains').all() as { id: number; member_id: number }[]).map((row) => [row.id, row.member_id]));
    for (const row of store.rows) assert.equal(row.member_id, owners.get(row.domain_id), `${row.domain} line of ${row.member_id}`);
    const members = new Set(store.rows.map((row) => row.member_id));
    assert.deepEqual([...members].sort(), [DEMO_MEMBER_ID, other.memberId].sort());
    await app.close();
  });
});

describe('issue 24: the simulator runs with the server only when asked, and backfills history', () => {
  it('buildServer starts it on ready when given a rate, and never by default', async () => {
    const off = await startServer();
    assert.equal(off.app.simulator, null);
    await off.app.close();
    const store = collectingStore();
    const { app } = await startServer({ simulator: { rate: 100, seed: 1, store } });
    assert.ok(app.simulator);
    const result = await app.simulator.tickOnce(TEST_START + 2_000);
    assert.ok(result.requests >= 100 && result.rows === store.rows.length);
    await app.close();
    assert.equal(app.simulator, null);
  });

  it('into the server’s own log store (DuckDB in memory): the lines are there to search', async () => {
    const { app } = await startServer({ seedLanguage: 'en_US', simulator: { rate: 200, seed: 4, attackShare: 0.5 } });
    await runTicks(app.simulator!, TEST_START, 5);
    const scope = { memberId: DEMO_MEMBER_ID, from: TEST_START, to: TEST_START + 10_000, domainIds: [domainId(app, 'www.example.com')], where: null };
    const access = await app.logStore.search({ ...scope, logType: 'access' }, 10);
    const waf = await app.logStore.search({ ...scope, logType: 'waf' }, 500);
    assert.ok(access.total > 300, `${access.total} access lines`);
    assert.ok(waf.total > 0 && waf.rows.every((row) => row.rule_id >= 910_001 && row.domain === 'www.example.com'));
    await app.close();
  });

  it('a tick keeps to its time budget: past it, the rest of the tick is dropped and counted', async () => {
    const { app } = await startServer();
    const simulator = startSimulator({ db: app.db, store: collectingStore(), now: app.now, rate: 5_000, seed: 1, budgetMs: 0 });
    const late = await simulator.tickOnce(TEST_START + 1_000);
    assert.equal(late.requests, 0);
    assert.ok(late.skipped >= 5_000);
    await simulator.stop();
    await app.close();
  });

  it('npm start runs it at EC_SIMULATOR_RATE (default 20 requests/s; 0 turns it off)', () => {
    assert.equal(readConfig({}).simulatorRate, 20);
    assert.equal(readConfig({ EC_SIMULATOR_RATE: '0' }).simulatorRate, 0);
    assert.equal(readConfig({ EC_SIMULATOR_RATE: '150', EC_SIMULATOR_SEED: '42' }).simulatorSeed, 42);
    assert.throws(() => readConfig({ EC_SIMULATOR_RATE: 'fast' }), /EC_SIMULATOR_RATE/);
  });

  it('backfill writes days of history in batches, inside the time range', async () => {
    const { app } = await startServer();
    const store = collectingStore();
    const end = TEST_START;
    const result = await backfillLogs({ db: app.db, store, now: end, days: 0.005, rate: 20, seed: 9, attackShare: 0, batch: 5_000 });
    assert.equal(result.requests, Math.round(0.005 * 86_400 * 20));
    assert.equal(result.rows, store.rows.length);
    assert.ok(store.rows.every((row) => row.ts > end - 0.005 * 86_400_000 && row.ts <= end));
    await app.close();
  });
});

describe('one address table: a simulated visitor is placed where a lookup places it', () => {
  it('every address drawn for a listed country (and a mainland province) looks up to that country', () => {
    const random = createRandom(7);
    for (const country of [...Object.keys(IPV4_BLOCKS), 'CN-GD', 'CN-BJ']) {
      const mainland = country.startsWith('CN-');
      const place = { country: mainland ? 'CN' : country, province: mainland ? country : '', region: country };
      for (let draw = 0; draw < 300; draw++) {
        const ip = addressIn(place, random, country in IPV6_FIRST_GROUP ? 0.2 : 0);
        assert.equal(regionOfAddress(ip), place.country, `${ip} drawn for ${country}`);
      }
    }
  });
});
