/**
 * The edge traffic simulator (DESIGN §4 "Traffic and logs"; issue 24): requests to every served website, evaluated
 * with the configured rules (see engine.ts), written to the log store as access, WAF, CC and access-control lines;
 * its ban decisions go to the ban manager and its cache fills to the edge cache.
 *
 * Live: {@link startSimulator} ticks once a second on the server's clock (`npm start`, `EC_SIMULATOR_RATE`). History:
 * {@link backfillLogs} generates days of traffic in bulk, without timers (`npm run logs:backfill`). The same seed,
 * configuration and start time give the same lines.
 */
import type { FastifyInstance } from 'fastify';
import type { LogRow } from '../../../../../core/logs/fields.js';
import type { TcpFlow } from '../../../../../core/logs/tcp-flows.js';
import type { Db } from '../../../platform/database.js';
import { insertBans } from '../../bans/index.js';
import { noticeTraffic } from '../../messages/index.js';
import { cacheUrl } from '../../cache-tasks/index.js';
import type { LogStore } from '../store/log-store.js';
import { loadEdgeConfig, type EdgeConfig } from './config.js';
import { TrafficEngine, type FloodSpec, type Generated } from './engine.js';
import { FlowEngine, loadFlowRules, type FlowRule, type TcpFloodSpec } from './tcp-edge.js';

export { CC_BAN_SECONDS, CC_IP_RULE_ID, CC_URL_RULE_ID, ccBanRuleId, LOG_ACTION_OF, type FloodSpec } from './engine.js';
export { siteModel } from './paths.js';
export { simulateTcpFlows } from './tcp-edge.js';

/** Default rate of `npm start` (EC_SIMULATOR_RATE), requests per second over every served website. */
export const DEFAULT_SIMULATOR_RATE = 20;
/** Default share of attack requests. */
export const DEFAULT_ATTACK_SHARE = 0.05;
/** Default seed. */
export const DEFAULT_SIMULATOR_SEED = 20_261_126;

/** How to run the simulator. */
export interface SimulatorOptions {
  db: Db;
  store: LogStore;
  /** The server's clock. */
  now: () => number;
  /** Requests per second over every served website of every account. */
  rate: number;
  seed: number;
  /** Share of attack requests, 0-1 (default {@link DEFAULT_ATTACK_SHARE}). */
  attackShare?: number;
  /** Tick period (default 1 s). */
  tickMs?: number;
  /** Time one tick may spend serving requests (default 250 ms); the rest of a late tick is dropped. */
  budgetMs?: number;
  /** How long a configuration read is used (default 2 s of the server's clock). */
  configTtlMs?: number;
  /** Told about a tick that failed (the next tick goes on). */
  onError?: (error: unknown) => void;
  /** Told what each tick decided (bans, attack lines) after it is stored: the message center's notifications. */
  onDecisions?: (generated: Generated) => void;
}

/** What one tick did. */
export interface TickResult {
  requests: number;
  rows: number;
  /** Requests dropped because the tick ran out of time. */
  skipped: number;
  /** Layer-4 flows written. */
  flows: number;
}

/** A running simulator. */
export interface Simulator {
  /** Generates and stores the traffic since the last tick, up to `at` (tests call it; the timer does otherwise). */
  tickOnce(at: number): Promise<TickResult>;
  /** Starts a CC flood: one address hammering one URL (demo and tests). */
  flood(spec: FloodSpec): void;
  /** Starts a connection flood on a layer-4 rule (demo and tests). */
  tcpFlood(spec: TcpFloodSpec): void;
  stop(): Promise<void>;
}

/** Writes what a stretch of traffic decided besides its lines: bans to the ban manager, cache fills to the edge. */
function persistDecisions(db: Db, generated: Generated, now: number, cacheFills: boolean): void {
  if (generated.bans.size === 0 && (!cacheFills || generated.cached.length === 0)) return;
  db.transaction(() => {
    for (const [memberId, bans] of generated.bans) insertBans(db, memberId, bans, now);
    if (cacheFills) for (const fill of generated.cached) cacheUrl(db, fill.memberId, fill.domainId, fill.url, fill.at);
  })();
}

/** Starts the simulator: a tick a second (unref'd: it never keeps the process alive). */
export function startSimulator(options: SimulatorOptions): Simulator {
  const tickMs = options.tickMs ?? 1000;
  const budgetMs = options.budgetMs ?? 250;
  const ttl = options.configTtlMs ?? 2000;
  const engine = new TrafficEngine({ seed: options.seed, rate: options.rate, attackShare: options.attackShare ?? DEFAULT_ATTACK_SHARE });
  const flowEngine = new FlowEngine({ seed: options.seed, rate: options.rate, attackShare: options.attackShare ?? DEFAULT_ATTACK_SHARE });
  let config: EdgeConfig | null = null;
  let flowRules: FlowRule[] = [];
  let loadedAt = 0;
  let last: number | null = null;
  let running: Promise<TickResult> | null = null;
  let stopped = false;

  async function tick(at: number): Promise<TickResult> {
    // After a pause (a suspended laptop, a blocked event loop) the simulator catches up at most ten ticks, so one tick
    // never has hours of traffic to make.
    const from = Math.max(last ?? at - tickMs, at - 10 * tickMs);
    if (at <= from) return { requests: 0, rows: 0, skipped: 0, flows: 0 };
    if (!config || at - loadedAt >= ttl || at < loadedAt) {
      config = loadEdgeConfig(options.db, at);
      flowRules = loadFlowRules(options.db, at);
      loadedAt = at;
    }
    last = at;
    const generated = engine.run(config, from, at, performance.now() + budgetMs);
    const flows = flowEngine.run(flowRules, from, at);
    persistDecisions(options.db, generated, options.now(), true);
    options.onDecisions?.(generated);
    if (generated.rows.length > 0) await options.store.append(generated.rows);
    if (flows.length > 0) await options.store.appendTcpFlows(flows);
    return { requests: generated.requests, rows: generated.rows.length, skipped: generated.skipped, flows: flows.length };
  }

  const tickOnce = async (at: number): Promise<TickResult> => {
    // Ticks never overlap: the state (rate windows, the edge cache) moves forward one stretch at a time.
    while (running) await running.catch(() => undefined);
    running = tick(at);
    try {
      return await running;
    } finally {
      running = null;
    }
  };

  const timer = setInterval(() => {
    if (stopped || running) return;
    tickOnce(options.now()).catch((error: unknown) => options.onError?.(error));
  }, tickMs);
  timer.unref();

  return {
    tickOnce,
    flood(spec) {
      engine.flood(spec, last ?? options.now());
    },
    tcpFlood(spec) {
      flowEngine.flood(spec, last ?? options.now());
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

/** The server's simulator setting; `store` defaults to the server's log store. */
export interface SimulatorSetting {
  rate: number;
  seed: number;
  attackShare?: number;
  store?: LogStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The running traffic simulator, null when it is off. */
    simulator: Simulator | null;
  }
}

/** Runs the simulator with the server: started when it is ready, stopped before it closes its stores. */
export function attachSimulator(app: FastifyInstance, setting: SimulatorSetting | false): void {
  app.decorate('simulator', null);
  if (!setting || !(setting.rate > 0)) return;
  app.addHook('onReady', async () => {
    const store = setting.store ?? app.logStore;
    app.simulator = startSimulator({
      db: app.db,
      store,
      now: app.now,
      rate: setting.rate,
      seed: setting.seed,
      attackShare: setting.attackShare,
      onError: (error) => app.log.error({ err: error }, 'traffic simulator: a tick failed'),
      onDecisions: (generated) => noticeTraffic(app, generated),
    });
  });
  app.addHook('preClose', async () => {
    await app.simulator?.stop();
    app.simulator = null;
  });
}

/** How to backfill. */
export interface BackfillOptions {
  db: Db;
  store: LogStore;
  /** The end of the history (now). */
  now: number;
  days: number;
  rate: number;
  seed: number;
  attackShare?: number;
  /** Lines per append (default 50,000). */
  batch?: number;
  /** Told after each append. */
  onProgress?: (written: number, upTo: number) => void;
}

/** What a backfill wrote. */
export interface BackfillResult {
  requests: number;
  rows: number;
  /** Layer-4 flows written. */
  flows: number;
  bans: number;
  ms: number;
}

/**
 * Writes `days` of history ending at `now`, as fast as the engine goes: simulated minute by minute, appended in large
 * batches. The history starts with no bans and an empty edge cache (what is in force today says nothing about last
 * week); bans it decides are written to the ban manager (released by now, most of them), cache fills are not
 * written (the edge cache holds today's copies).
 */
export async function backfillLogs(options: BackfillOptions): Promise<BackfillResult> {
  const started = performance.now();
  const engine = new TrafficEngine({ seed: options.seed, rate: options.rate, attackShare: options.attackShare ?? DEFAULT_ATTACK_SHARE });
  const config: EdgeConfig = { ...loadEdgeConfig(options.db, options.now), bans: new Map(), edge: new Map() };
  const flowEngine = new FlowEngine({ seed: options.seed, rate: options.rate, attackShare: options.attackShare ?? DEFAULT_ATTACK_SHARE });
  const flowRules = loadFlowRules(options.db, options.now);
  let flows: TcpFlow[] = [];
  const batch = options.batch ?? 50_000;
  const step = 60_000;
  let buffer: LogRow[] = [];
  const result: BackfillResult = { requests: 0, rows: 0, flows: 0, bans: 0, ms: 0 };
  const flush = async (upTo: number) => {
    if (flows.length > 0) await options.store.appendTcpFlows(flows);
    result.flows += flows.length;
    flows = [];
    if (buffer.length === 0) return;
    await options.store.append(buffer);
    result.rows += buffer.length;
    buffer = [];
    options.onProgress?.(result.rows, upTo);
  };
  for (let from = options.now - options.days * 86_400_000; from < options.now; from += step) {
    const to = Math.min(options.now, from + step);
    const generated = engine.run(config, from, to);
    result.requests += generated.requests;
    for (const bans of generated.bans.values()) result.bans += bans.length;
    persistDecisions(options.db, generated, options.now, false);
    for (const row of generated.rows) buffer.push(row);
    for (const flow of flowEngine.run(flowRules, from, to)) flows.push(flow);
    if (buffer.length + flows.length >= batch) await flush(to);
  }
  await flush(options.now);
  result.ms = performance.now() - started;
  return result;
}
