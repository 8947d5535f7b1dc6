// The domain console (issue 20 "npm run bench"): a domain with 200 cache rules, 20 origins and 1000 WAF rules, all
// built through the reference server's real API on an in-memory database, then:
// 1. the request trace over that configuration (200 cache rules + every WAF rule the domain quotes), in node: the
//    median and p95 of N runs per request shape, and the first (cold) run, which compiles the patterns; and the trace
//    with every protection card enabled (issue 22), each card with a full list (paths, referer domains, regions) and a
//    request that passes them all, so every card is evaluated before the WAF and the rest;
// 2. the server's answers when the console opens the origin tab (`V4/Web.Domain.Info`, then `web.domain.set.get`
//    for the origin tab's groups), and the trace tab's reads (every group + the quoted WAF rules), over real HTTP;
// 3. time to interactive of the origin tab in headless Chromium against a built dist (skipped with a note when no
//    build or browser is at hand): navigation start to the tab shown with no loading state left.
// Figures only, no thresholds. Run alone: `npm run bench domain-console`.
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { buildServer } from '../../demo/server/app.js';
import { DEMO_MEMBER_ID, DEMO_PARENT_EMAIL, DEMO_PARENT_PASSWORD } from '../../demo/server/platform/demo-accounts.js';
import { createApiClient, type ApiClient } from '../../core/api/client.js';
import { getDomainContext, getDomainSettings, saveDomainSettings, type CacheRuleSave } from '../../core/api/endpoints/domain-settings.js';
import { createRuleSet, quoteRuleSet, savePolicy, type PolicyCondition } from '../../core/api/endpoints/waf.js';
import { newCacheRule } from '../../core/rules/cache.js';
import { groupsOfTab } from '../../core/settings/catalogue.js';
import type { OriginEntry } from '../../core/settings/origin.js';
import { traceRequest, type TraceRequest } from '../../core/settings/trace.js';
import { readConfiguration, withDrafts } from '../../elements/domain-console/tabs/trace/configuration.js';
import { allSecurityCardDefaults, SECURITY_CARD_NAMES, type SecurityCardValues } from '../../core/security/cards.js';
import { visitorToken } from '../../core/security/visitor-token.js';
import { regionData } from '../../demo/server/features/account/regions.js';

const CACHE_RULES = 200;
const ORIGINS = 20;
const WAF_RULES = 1000;
const TRACE_RUNS = 200;
const SERVER_RUNS = 30;
const BROWSER_RUNS = 5;
const WARM_UP = 5;
const DOMAIN = 'www.example.com';
const ORIGIN_TAB_GROUPS = groupsOfTab('origin');

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

function summary(label: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(58)} median ${percentile(sorted, 0.5).toFixed(2).padStart(7)} ms   p95 ${percentile(sorted, 0.95).toFixed(2).padStart(7)} ms   max ${sorted[sorted.length - 1]!.toFixed(2).padStart(7)} ms`,
  );
}

async function timed(runs: number, action: () => Promise<unknown> | unknown): Promise<number[]> {
  for (let index = 0; index < WARM_UP; index++) await action();
  const samples: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await action();
    samples.push(performance.now() - started);
  }
  return samples;
}

/** 200 cache rules of every cache type, a tenth with a custom request rule; none matches `/index.html`. */
function cacheRules(): CacheRuleSave[] {
  return Array.from({ length: CACHE_RULES }, (_, index): CacheRuleSave => {
    const base = { ...newCacheRule(), name: `Bench rule ${index + 1}`, edge_ttl: 1 + (index % 30), edge_ttl_unit: 'day' as const };
    const kind = index % 5;
    const rule =
      kind === 0
        ? { ...base, match_type: 'extension' as const, match_content: `ext${index}|bin${index}` }
        : kind === 1
          ? { ...base, match_type: 'path' as const, match_content: `/section-${index}/|/archive-${index}/` }
          : kind === 2
            ? { ...base, match_type: 'exact' as const, match_content: `/exact-${index}.html` }
            : kind === 3
              ? { ...base, match_type: 'fuzzy' as const, match_content: `^/gen-${index}/[0-9a-f]{8}/.+\\.js$` }
              : { ...base, action: 'no-cache' as const, match_type: 'path' as const, match_content: `/private-${index}/` };
    return index % 10 === 9
      ? { ...rule, request_rule: 'custom', conditions: [{ type: 'header', operator: 'contains', value: `bench-${index}`, name: 'X-Bench' }] }
      : rule;
  });
}

/** 20 origins: 10 on the primary line, 10 backups, weights 1-10. */
function origins(): OriginEntry[] {
  return Array.from({ length: ORIGINS }, (_, index) => ({
    address: `192.0.2.${index + 10}`,
    port: 80,
    protocol: 0,
    listen_port: 80,
    line: index < ORIGINS / 2 ? 'primary' : 'backup',
    weight: 1 + (index % 10),
    priority: 1,
  }));
}

/** Every card on, with lists of the sizes the editors allow in practice, and the request that passes them all. */
function everyCardEnabled(now: number): { cards: SecurityCardValues; request: TraceRequest } {
  const cards = allSecurityCardDefaults();
  for (const name of SECURITY_CARD_NAMES) cards[name].enabled = true;
  const paths = Array.from({ length: 50 }, (_, index) => `/area-${index}/section`);
  Object.assign(cards.csrf, { mode: 'block', paths, exception_paths: paths.slice(0, 10) });
  Object.assign(cards.replay_protection, { window_minutes: 5, action: 'block', paths: [...paths, '/index.html'], exception_paths: paths.slice(0, 10) });
  Object.assign(cards.visitor_authentication, { key: 'bench-key', header: 'X-Auth-Token', paths: ['/index.html'] });
  Object.assign(cards.referer_hotlink, { list_type: 'allow', domains: Array.from({ length: 100 }, (_, index) => `*.partner-${index}.example`), allow_empty: false });
  Object.assign(cards.region_block, { mode: 'block', regions: ['AFRICA', 'OCEANIA', 'CNHMT', 'RU', 'BR', 'IN'], schedule: { always: false, weekdays: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '23:59' } });
  const seconds = Math.floor(now / 1000);
  const request: TraceRequest = {
    url: `http://${DOMAIN}/index.html?timestamp=${seconds}&nonce=bench`,
    method: 'GET',
    headers: [
      { name: 'User-Agent', value: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0' },
      { name: 'Referer', value: 'https://www.partner-99.example/page' },
      { name: 'X-Auth-Token', value: visitorToken('bench-key', seconds, 'bench') },
    ],
    client_ip: '203.0.113.10',
    region: 'CN-GD',
  };
  return { cards, request };
}

/** 1000 WAF rules of several match types; only the last one matches the "attack" request of the trace. */
function wafConditions(index: number): PolicyCondition[] {
  const when = (rule_type: PolicyCondition['rule_type'], operator: string, value: string, extra: Partial<PolicyCondition['data']> = {}): PolicyCondition => ({
    rule_type,
    data: { operator, value, ...extra },
  });
  if (index === WAF_RULES - 1) return [when('url', 'prefix', '/wp-admin'), when('header', 'contains', 'sqlmap', { name: 'User-Agent' })];
  switch (index % 6) {
    case 0:
      return [when('url', 'prefix', `/blocked-${index}/`)];
    case 1:
      return [when('header', 'contains', `scanner-${index}|probe-${index}`, { name: 'User-Agent' })];
    case 2:
      return [when('url', 'regex', `^/api/v[0-9]+/item-${index}$`), when('method', 'equals', 'POST')];
    case 3:
      return [when('ip', 'equals', `10.${index % 250}.0.0/16`)];
    case 4:
      return [when('query-string', 'contains', `inject${index}`)];
    default:
      return [when('suffix', 'equals', `bak${index}`), when('url', 'contains', `/backup-${index}`)];
  }
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/sso/V4/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_PARENT_EMAIL, password: DEMO_PARENT_PASSWORD }),
  });
  const body = (await response.json()) as { status: { code: number }; data: { token: string } };
  if (body.status.code !== 1) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

/** Builds the domain's configuration through the API. */
async function build(client: ApiClient, domainId: number): Promise<void> {
  const current = await getDomainSettings(client, domainId, ['cdn_advance_cache', 'origin'] as const);
  await saveDomainSettings(client, { domain_id: domainId, group: { cdn_advance_cache: { revision: current.cdn_advance_cache.revision, rules: cacheRules() } } });
  try {
    await saveDomainSettings(client, {
      domain_id: domainId,
      group: { origin: { revision: current.origin.revision, value: { origins: origins(), origin_protocol: 0, load_balancing: 1 } } },
    });
  } catch (error) {
    console.log(`  (the 20 origins were refused by the origin group: ${error instanceof Error ? error.message : String(error)}; measured with what is stored)`);
  }
  const set = await createRuleSet(client, { name: 'Bench rules', description: `${WAF_RULES} rules` });
  // In order (priority is the order of creation), a few at a time.
  for (let start = 0; start < WAF_RULES; start += 10) {
    for (let index = start; index < Math.min(WAF_RULES, start + 10); index++) {
      await savePolicy(client, { main_id: set.id, rules: wafConditions(index), action: { type: index % 7 === 0 ? 'observe' : 'block' }, status: 'enabled', remark: '' });
    }
  }
  await quoteRuleSet(client, { id: set.id, domain_ids: [domainId] });
}

/** Before any page script: records when the console's tab is shown with nothing left loading. */
const WATCH_INTERACTIVE = `(() => {
  const tick = () => {
    const host = document.querySelector('ec-domain-console') ?? [...document.querySelectorAll('*')].map((element) => element.shadowRoot?.querySelector('ec-domain-console')).find(Boolean);
    const root = host?.shadowRoot;
    const summary = root?.querySelector('[part="summary"]');
    if (summary && summary.nextElementSibling && !root.querySelector('[part="loading-state"]')) {
      window.__benchInteractive = performance.now();
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

async function browserFigures(url: string, domainId: number): Promise<void> {
  let distNote = '';
  try {
    const { launchChromium } = await import('../helpers/e2e.js');
    const browser = await launchChromium();
    try {
      const signInContext = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
      const page = await signInContext.newPage();
      await page.goto(`${url}/console/login`);
      await page.locator('input[type="email"], input[name="email"]').first().fill(DEMO_PARENT_EMAIL);
      await page.locator('input[type="password"]').first().fill(DEMO_PARENT_PASSWORD);
      await page.locator('form button[type="submit"]').click();
      await page.locator('nav.ec-sidebar').waitFor({ timeout: 60_000 });
      const state = await signInContext.storageState();
      await signInContext.close();
      const cold: number[] = [];
      const warm: number[] = [];
      for (let run = 0; run < BROWSER_RUNS; run++) {
        const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 }, storageState: state });
        for (const into of [cold, warm]) {
          const tab = await context.newPage();
          await tab.addInitScript(WATCH_INTERACTIVE);
          await tab.goto(`${url}/console/cloud-speed/domain-management/source-station/${domainId}`);
          // Polled with evaluate (a DevTools call): waitForFunction compiles text in the page, which the CSP forbids.
          const deadline = Date.now() + 60_000;
          while (!(await tab.evaluate('window.__benchInteractive !== undefined'))) {
            if (Date.now() > deadline) throw new Error('the origin tab never became interactive');
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          into.push(Number(await tab.evaluate('window.__benchInteractive')));
          await tab.close();
        }
        await context.close();
      }
      summary('origin tab, time to interactive, empty cache (Chromium)', cold);
      summary('origin tab, time to interactive, warm cache (Chromium)', warm);
    } finally {
      await browser.close();
    }
  } catch (error) {
    distNote = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    console.log(`  time to interactive not measured: ${distNote}`);
  }
}

/** Prints the figures. */
export async function run(): Promise<void> {
  const { builtDist } = await import('../helpers/built-dist.js');
  let dist: { distDir: string; cleanup: () => void } | null = null;
  try {
    dist = builtDist('console.js');
  } catch (error) {
    console.log(`  no build for the browser figures: ${error instanceof Error ? error.message : String(error)}`);
  }
  const app = await buildServer({ dbPath: ':memory:', seedLanguage: 'en_US', ...(dist ? { distDir: dist.distDir } : {}) });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const token = await signIn(`${url}/api`);
    const client = createApiClient({ base: `${url}/api`, getToken: () => token, getLanguage: () => 'en_US', notify: () => undefined });
    const domainId = Number(
      (app.db.prepare('SELECT id FROM domains WHERE member_id = ? AND domain = ?').get(DEMO_MEMBER_ID, DOMAIN) as { id: number }).id,
    );
    const building = performance.now();
    await build(client, domainId);
    console.log(
      `${DOMAIN}: ${CACHE_RULES} cache rules, ${ORIGINS} origins, ${WAF_RULES} WAF rules built through the API in ${((performance.now() - building) / 1000).toFixed(1)} s; ` +
        `${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`,
    );

    // 1. The trace.
    const saved = await readConfiguration(client, domainId);
    const { configuration } = withDrafts(domainId, DOMAIN, saved, undefined);
    const wafTotal = configuration.waf.reduce((sum, set) => sum + set.rules.length, 0);
    console.log(`\nRequest trace (node, ${TRACE_RUNS} runs after ${WARM_UP} warm-up; ${configuration.cache?.rules.length ?? 0} cache rules, ${wafTotal} WAF rules in ${configuration.waf.length} sets):`);
    const requests: Array<[string, TraceRequest]> = [
      ['page: no WAF rule, default cache rule, origin', { url: `http://${DOMAIN}/index.html`, method: 'GET', headers: [{ name: 'User-Agent', value: 'Mozilla/5.0' }], client_ip: '203.0.113.10' }],
      ['asset: last cache rules, many headers', { url: `http://${DOMAIN}/gen-198/0123abcd/app.js?v=1`, method: 'GET', headers: Array.from({ length: 40 }, (_, index) => ({ name: `X-H${index}`, value: 'v'.repeat(100) })), client_ip: '203.0.113.10' }],
      ['attack: the last WAF rule blocks', { url: `http://${DOMAIN}/wp-admin/setup.php`, method: 'GET', headers: [{ name: 'User-Agent', value: 'sqlmap/1.7' }], client_ip: '203.0.113.10' }],
    ];
    for (const [label, request] of requests) {
      const first = performance.now();
      const result = traceRequest(configuration, request);
      const cold = performance.now() - first;
      if (!result.ok) throw new Error(`the trace refused ${label}: ${JSON.stringify(result.issues)}`);
      summary(`${label} (first run ${cold.toFixed(1)} ms)`, await timed(TRACE_RUNS, () => traceRequest(configuration, request)));
    }
    {
      const now = Date.now();
      const { cards, request } = everyCardEnabled(now);
      const withCards = { ...configuration, security: cards, regions: regionData('en_US').ipRegions, now };
      const result = traceRequest(withCards, request);
      if (!result.ok || result.outcome.kind !== 'origin') throw new Error(`the trace with every card enabled did not pass: ${JSON.stringify(result)}`);
      summary('trace with every card enabled (11 cards, then the 1000 WAF rules and the cache)', await timed(TRACE_RUNS, () => traceRequest(withCards, request)));
    }

    // 2. The server's answers.
    console.log(`\nReference server over HTTP (${SERVER_RUNS} runs after ${WARM_UP} warm-up):`);
    summary('GET V4/Web.Domain.Info', await timed(SERVER_RUNS, () => getDomainContext(client, domainId)));
    summary(`GET V4/web.domain.set.get (origin tab: ${ORIGIN_TAB_GROUPS.length} groups)`, await timed(SERVER_RUNS, () => getDomainSettings(client, domainId, ORIGIN_TAB_GROUPS)));
    summary('origin tab opening: Web.Domain.Info then set.get', await timed(SERVER_RUNS, async () => {
      await getDomainContext(client, domainId);
      await getDomainSettings(client, domainId, ORIGIN_TAB_GROUPS);
    }));
    summary(`GET V4/web.domain.set.get cdn_advance_cache (${CACHE_RULES} rules)`, await timed(SERVER_RUNS, () => getDomainSettings(client, domainId, ['cdn_advance_cache'] as const)));
    summary('trace tab reads: every group + the quoted WAF rules', await timed(SERVER_RUNS, () => readConfiguration(client, domainId)));

    // 3. The browser.
    console.log(`\nChromium (${BROWSER_RUNS} runs; build ${dist ? dist.distDir : 'none'}):`);
    if (dist) await browserFigures(url, domainId);
    else console.log('  skipped: no build');
  } finally {
    await app.close();
    dist?.cleanup();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
