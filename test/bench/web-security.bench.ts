// The web security strategy page as a user opens it (issue 22 "npm run bench: policy page time to interactive with
// 1000 bound domains"): Debian's Chromium against the reference server serving the production build, the demo
// account with a security template bound to 1000 domains, each visit in a fresh context (empty cache). Prints the
// median from navigation start to the first card and to the cards' switches being usable, and, on the server, the
// time of a cloud WAF save on that template (it rewrites the 1000 domains' materialised WAF bindings in its
// transaction) and of the global policy view with its first page of domains.
// Run alone: `npm run bench web-security`.
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { buildServer } from '../../demo/server/app.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { median, ms, signedInContext, visit, VIEWPORT, type Visit } from '../helpers/bench-browser.js';
import { builtDist } from '../helpers/built-dist.js';
import { launchChromium } from '../helpers/e2e.js';

const RUNS = 5;
const BOUND = 1000;

export async function run(): Promise<void> {
  const { distDir, cleanup } = builtDist('elements/web-security.js');
  const app = await buildServer({ dbPath: ':memory:', distDir });
  const browser = await launchChromium();
  try {
    await app.ready();
    const now = app.now();
    const template = app.db.prepare("SELECT t.id, t.name, b.id AS business FROM security_templates t JOIN security_businesses b ON b.template_id = t.id WHERE t.member_id = ? ORDER BY t.id LIMIT 1").get(DEMO_MEMBER_ID) as { id: number; name: string; business: number };
    const addDomain = app.db.prepare("INSERT INTO domains (member_id, domain, created_at, status, updated_at) VALUES (?, ?, ?, 'serving', ?)");
    const bind = app.db.prepare("INSERT INTO security_methods (member_id, domain_id, source, template_id, bound_at) VALUES (?, ?, 'template', ?, ?)");
    app.db.transaction(() => {
      for (let index = 0; index < BOUND; index++) {
        const id = Number(addDomain.run(DEMO_MEMBER_ID, `bench${index}.example.com`, now, now).lastInsertRowid);
        bind.run(DEMO_MEMBER_ID, id, template.id, now);
      }
    })();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const strategy = `${url}/console/cloud-speed/safety-protection/web-security/template-strategy-manage/${template.business}/${encodeURIComponent(template.name)}`;
    const global = `${url}/console/cloud-speed/safety-protection/web-security/global-domain-config`;
    const conditions = { card: ['ec-web-security', '[part="card"]'], interactive: ['ec-web-security', '[part="card"] input[role="switch"]:not([disabled])'] } as const;
    const strategyVisits: Visit[] = [];
    let token = '';
    const globalVisits: Visit[] = [];
    for (let index = 0; index < RUNS; index++) {
      const first = await signedInContext(browser, url);
      strategyVisits.push(await visit(first, strategy, conditions));
      await first.close();
      const second = await signedInContext(browser, url);
      globalVisits.push(await visit(second, global, { ...conditions, domains: ['ec-web-security', '[part="domains"] tbody tr'] }));
      // The session the browser signed in with (the sign-in page keeps its token in local storage): one more sign-in
      // would meet the sign-in rate limit.
      token = (await second.storageState()).origins.flatMap((origin) => origin.localStorage).find((item) => item.name === 'x-token')!.value;
      await second.close();
    }
    // The server side: a cloud WAF save on the template (materialising 1000 domains' bindings), the global view's list.
    const headers = { 'x-token': token, 'content-type': 'application/json' };
    const sets = app.db.prepare("SELECT id FROM waf_rule_sets WHERE member_id = ? AND attribution = 'custom' ORDER BY id LIMIT 2").all(DEMO_MEMBER_ID) as { id: number }[];
    const saves: number[] = [];
    for (let index = 0; index < RUNS; index++) {
      const read = JSON.parse((await app.inject({ method: 'GET', url: `/api/v5/security/security_protection/waf/rules?business_id=${template.business}`, headers })).body) as {
        data: { cards: { cloud_waf: { revision: number; value: Record<string, unknown> } } };
      };
      const card = read.data.cards.cloud_waf;
      const started = performance.now();
      const answer = await app.inject({
        method: 'PUT',
        url: '/api/v5/security/security_protection/waf/rules',
        headers: { ...headers, 'idempotency-key': `bench-${index}` },
        payload: { business_id: template.business, cloud_waf: { revision: card.revision, value: { ...card.value, enabled: true, rule_set_ids: index % 2 === 0 ? sets.map((set) => set.id) : [] } } },
      });
      saves.push(performance.now() - started);
      if (answer.statusCode !== 200) throw new Error(answer.body);
    }
    const bindings = (app.db.prepare('SELECT COUNT(*) AS n FROM waf_rule_set_domains WHERE member_id = ?').get(DEMO_MEMBER_ID) as { n: number }).n;

    const at = (visits: Visit[], name: string) => median(visits.map((one) => one.ms[name]!));
    console.log(`Chromium, ${RUNS} runs, median, empty cache; viewport ${VIEWPORT.width}x${VIEWPORT.height}; a template bound to ${BOUND} domains; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`);
    console.log(`  template strategy page: first card ${ms(at(strategyVisits, 'card'))}, switches usable ${ms(at(strategyVisits, 'interactive'))}`);
    console.log(`  global policy page:     switches usable ${ms(at(globalVisits, 'interactive'))}, first domains ${ms(at(globalVisits, 'domains'))}`);
    console.log(`  server: cloud WAF save on the template (rewrites ${BOUND} domains' bindings) ${ms(median(saves))}; ${bindings} bindings after the last save`);
  } finally {
    await browser.close();
    await app.close();
    cleanup();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
