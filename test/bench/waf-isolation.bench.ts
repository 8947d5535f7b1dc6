// Rule tests of one account while another keeps testing a catastrophic pattern (issue 18): the quiet account's
// `V4/waf.ruleset.evaluate` latency, p50/p95, with nobody else testing, then while the other account sends one
// backtracking evaluation after another (each runs its whole time budget, then its worker is ended and restarted).
// The quiet tests are paced so they spread over several overruns and restarts of the other account's worker.
// For comparison, the same through a pool where both accounts share one lane, as every account shared one worker
// before. Run with `npm run bench -- waf-isolation` or directly: `node --import tsx test/bench/waf-isolation.bench.ts`.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { PolicyCondition } from '../../core/api/endpoints/waf.js';
import { fromPolicyConditions } from '../../core/api/endpoints/waf.js';
import type { MatchRule, SampleRequest } from '../../core/match/index.js';
import { createEvaluator, EVALUATION_TIMEOUT_MS } from '../../demo/server/features/waf/evaluator.js';
import { addSecondTenant, call, signInParent, startServer } from '../server/helpers.js';

const RUNS = 30;
const WARM_UP = 3;
/** Pause between two quiet tests, so the runs spread over several of the other account's overruns and restarts. */
const PACE_MS = 150;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

async function measure(label: string, action: () => Promise<void>, runs = RUNS): Promise<void> {
  for (let i = 0; i < WARM_UP; i++) await action();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await action();
    samples.push(performance.now() - started);
    await sleep(PACE_MS);
  }
  samples.sort((a, b) => a - b);
  console.log(`  ${label.padEnd(58)} p50 ${percentile(samples, 0.5).toFixed(1).padStart(8)} ms   p95 ${percentile(samples, 0.95).toFixed(1).padStart(8)} ms`);
}

/** Keeps sending `attack` back to back until stopped; counts the answers. */
function keepBusy(attack: () => Promise<void>): { stop: () => Promise<number> } {
  let running = true;
  let sent = 0;
  const loop = (async () => {
    while (running) {
      await attack();
      sent++;
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return sent;
    },
  };
}

const when = (rule_type: PolicyCondition['rule_type'], operator: string, value: string): PolicyCondition => ({ rule_type, data: { operator, value } });
// Adjacent repetitions pass the save-time analysis and take n^10 steps on a long run of "a" that fails at the end.
const catastrophicDrafts = [{ rules: [when('url', 'regex', '^/a*a*a*a*a*a*a*a*a*a*$')], action: { type: 'block' }, status: 'enabled' }];
const quietDrafts = [
  { rules: [when('url', 'prefix', '/api')], action: { type: 'block' }, status: 'enabled' },
  { rules: [when('url', 'regex', '^/login/?$'), when('method', 'equals', 'POST')], action: { type: 'verify-captcha' }, status: 'enabled' },
  { rules: [{ rule_type: 'header', data: { operator: 'contains', name: 'User-Agent', value: 'curl' } } satisfies PolicyCondition], action: { type: 'observe' }, status: 'enabled' },
];
const attackSample: SampleRequest = { method: 'GET', url: `/${'a'.repeat(60)}!`, client_ip: '203.0.113.9', headers: [], region: 'US' };
const quietSample: SampleRequest = { method: 'POST', url: '/login', client_ip: '198.51.100.7', headers: [{ name: 'User-Agent', value: 'curl/8.4' }], region: 'US' };

const toMatchRules = (drafts: typeof quietDrafts): MatchRule[] =>
  drafts.map((draft) => ({ conditions: fromPolicyConditions(draft.rules), action: draft.action as MatchRule['action'], status: 'enabled' }));

/** Prints the figures. */
export async function run(): Promise<void> {
  const { app } = await startServer();
  try {
    const attacker = (await signInParent(app)).token;
    const other = addSecondTenant(app);
    const quiet = (await signInParent(app, other.email, other.password)).token;
    const evaluate = async (token: string, rules: unknown, request: SampleRequest, expected: number) => {
      const answer = await call(app, 'POST', 'V4/waf.ruleset.evaluate', { token, body: { rules, request } });
      if ((answer.code === 1) !== (expected === 1)) throw new Error(`unexpected answer ${answer.code}: ${JSON.stringify(answer.data)}`);
    };
    const quietTest = () => evaluate(quiet, quietDrafts, quietSample, 1);

    console.log(`Rule tests of one account (3 draft rules, HTTP inject), ${RUNS} runs after ${WARM_UP} warm-up; budget ${EVALUATION_TIMEOUT_MS} ms:`);
    await measure('quiet: nobody else testing', quietTest);
    const attack = keepBusy(() => evaluate(attacker, catastrophicDrafts, attackSample, 0));
    await measure('another account testing a catastrophic pattern', quietTest);
    const overruns = await attack.stop();
    console.log(`  (the other account's overruns during the run: ${overruns})`);
  } finally {
    await app.close();
  }

  // The same accounts through one shared lane: what every account got before issue 18.
  const shared = createEvaluator();
  const perTenant = createEvaluator();
  try {
    const quietRules = toMatchRules(quietDrafts);
    const slowRules = toMatchRules(catastrophicDrafts);
    console.log('The evaluator pool alone (no HTTP), same workload:');
    // A shared lane makes each quiet test wait for an overrun: fewer runs keep the bench short.
    for (const [label, pool, attackerLane, runs] of [
      ['one lane per account', perTenant, 1, RUNS],
      ['one shared lane (before issue 18)', shared, 2, 8],
    ] as const) {
      const quietLane = 2;
      const attack = keepBusy(async () => void (await pool.evaluate(attackerLane, slowRules, attackSample)));
      await measure(`${label}: under attack`, async () => {
        const outcome = await pool.evaluate(quietLane, quietRules, quietSample);
        if (!outcome.ok) throw new Error(`the quiet evaluation failed: ${outcome.reason}`);
      }, runs);
      await attack.stop();
    }
  } finally {
    await Promise.all([shared.close(), perTenant.close()]);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
