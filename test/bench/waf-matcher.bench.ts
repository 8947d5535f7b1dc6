// The WAF matcher (issue 7, core/match): a sample request against a full rule set of 1000 rules (shell §9 fetches a
// set's rules 1000 per page, so a set holds at most that many), the unreachable-rule analysis the editor re-runs on
// every change of the working copy, PCRE translation, and the server's evaluation endpoint (a worker round trip).
// Run with `npm run bench` or directly: `node --import tsx test/bench/waf-matcher.bench.ts`.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { evaluateRuleSet, findUnreachableRules, translatePcre, type MatchRule, type SampleRequest } from '../../core/match/index.js';
import type { MatchConditionInput } from '../../core/rules/waf.js';
import { regionData } from '../../demo/server/features/account/regions.js';
import { createEvaluator } from '../../demo/server/features/waf/evaluator.js';

const RULES = 1000;
const RUNS = 30;
const WARM_UP = 3;

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

async function measure(label: string, action: () => unknown): Promise<void> {
  for (let i = 0; i < WARM_UP; i++) await action();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await action();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  console.log(`  ${label.padEnd(58)} median ${percentile(samples, 0.5).toFixed(2).padStart(8)} ms   p95 ${percentile(samples, 0.95).toFixed(2).padStart(8)} ms`);
}

/** A realistic mix: paths, headers, IP blocks, regions, methods, rates and PCRE patterns, none matching everything. */
function ruleSet(): MatchRule[] {
  const shapes: Array<(i: number) => MatchConditionInput[]> = [
    (i) => [{ type: 'url', operator: 'prefix', value: `/app${i}/|/v${i}/` }],
    (i) => [{ type: 'header', operator: 'contains', name: 'User-Agent', value: `bot${i}|crawler${i}` }],
    (i) => [{ type: 'ip', operator: 'equals', value: `10.${i % 256}.0.0/16|2001:db8:${i.toString(16)}::/48` }],
    (i) => [{ type: 'region', operator: 'equals', value: i % 2 ? 'US' : 'CN-GD' }, { type: 'url', operator: 'suffix', value: `.p${i}` }],
    (i) => [{ type: 'method', operator: 'equals', value: 'PUT|DELETE' }, { type: 'url', operator: 'contains', value: `item${i}` }],
    (i) => [{ type: 'query-string', operator: 'regex', value: `(?:id|ref)=${i}\\d+&?|union\\s+select\\s+${i}` }],
    (i) => [{ type: 'ip-rate', operator: 'greater-than', value: String(100 + i), window: '10' }],
    (i) => [{ type: 'url', operator: 'regex', value: `^/files/${i}/[^/]+\\.(?:php|jsp)$` }],
  ];
  return Array.from({ length: RULES }, (_, i) => ({
    conditions: shapes[i % shapes.length]!(i),
    action: { type: i % 5 === 0 ? 'observe' : 'block' },
    status: 'enabled',
  }));
}

const sample: SampleRequest = {
  method: 'GET',
  url: '/shop/checkout?id=42&ref=mail',
  client_ip: '203.0.113.7',
  headers: [
    { name: 'User-Agent', value: 'Mozilla/5.0 (X11; Linux x86_64)' },
    { name: 'Referer', value: 'https://www.example.com/cart' },
  ],
  region: 'CN-SH',
  ip_rate: 3,
  url_rate: 1,
};

/** Prints the figures. */
export async function run(): Promise<void> {
  const rules = ruleSet();
  const regions = regionData('en_US').ipRegions;
  console.log(`WAF matcher, ${RULES} rules, ${RUNS} runs after ${WARM_UP} warm-up (Node ${process.version}):`);
  const result = evaluateRuleSet(rules, sample, { regions });
  if (result.firstFiring !== null) throw new Error('the sample should pass the whole set, so every rule is evaluated');
  await measure('evaluateRuleSet: sample against 1000 rules (all evaluated)', () => evaluateRuleSet(rules, sample, { regions }));
  await measure('findUnreachableRules: 1000 rules (pairwise cover check)', () => findUnreachableRules(rules, { regions }));
  await measure('translatePcre: 1000 distinct patterns (uncached)', () => {
    for (let i = 0; i < 1000; i++) translatePcre(`^/bench/${performance.now()}/${i}/(?:a|b)+\\d{2,4}[[:alpha:]]*$`);
  });
  const evaluator = createEvaluator();
  try {
    await measure('server evaluation: worker round trip, 1000 rules', async () => {
      const outcome = await evaluator.evaluate(1, rules, sample);
      if (!outcome.ok) throw new Error(`evaluation failed: ${outcome.reason}`);
    });
  } finally {
    await evaluator.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
