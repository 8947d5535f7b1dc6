/**
 * The simulator's layer-4 edge (issue 28): connections to every forwarding rule of a live TCP package, decided the
 * way the edge decides them (core/logs/tcp-flows.ts verdicts) from the rule's access control, a connection-rate
 * limit and its origins' health, and written to the log store as flows. The traffic simulator (./index.ts) runs it
 * on the same ticks as the HTTP edge with the same seed, so `npm start`, the backfill and the tests see TCP reports
 * fill like HTTP ones. It reads the layer-4 tables the way the HTTP edge reads the WAF's (./config.ts): as data.
 */
import { TCP_CC_CONNECTIONS_PER_10S, TCP_FLOW_MAX_MS, type TcpFlow, type TcpVerdict } from '../../../../../core/logs/tcp-flows.js';
import type { Db } from '../../../platform/database.js';
import { regionData } from '../../account/index.js';
import { attackerPopulation, visitorPopulation, type Client } from './clients.js';
import { createRandom, hash32, WeightedChoice, zipfWeights, type Random } from './random.js';
import { ipBlockRange, ipHalves } from '../store/ip-range.js';

/** A rule as the simulated edge runs it. */
export interface FlowRule {
  id: number;
  memberId: number;
  protocol: 'tcp' | 'udp';
  port: number;
  sourcePort: number;
  lbMode: string;
  /** Origin addresses the health checker has not marked down or unresolved, in the rule's order. */
  upOrigins: string[];
  allow: IpBlock[];
  deny: IpBlock[];
  denyRegions: ReadonlySet<string>;
}

type IpBlock = NonNullable<ReturnType<typeof ipBlockRange>>;

function blocksOf(json: string): IpBlock[] {
  return (JSON.parse(json) as string[]).map((entry) => ipBlockRange(entry)).filter((block): block is IpBlock => block !== null);
}

function inBlocks(ip: string, blocks: readonly IpBlock[]): boolean {
  if (blocks.length === 0) return false;
  const halves = ipHalves(ip);
  if (!halves) return false;
  return blocks.some((block) => {
    if (halves.hi < block.hi[0] || halves.hi > block.hi[1]) return false;
    if (block.lo === null) return true;
    return halves.lo >= block.lo[0] && halves.lo <= block.lo[1];
  });
}

/** The rules of live packages, with their access control and the origins that are up (a few queries per load). */
export function loadFlowRules(db: Db, now: number): FlowRule[] {
  const rows = db
    .prepare(
      `SELECT r.id, r.member_id, r.protocol, r.rule_port, r.source_port, r.lb_mode, r.source_ips, r.allow_ips, r.deny_ips, r.deny_regions
       FROM layer4_rules r JOIN tcp_packages p ON p.id = r.package_id
       WHERE p.active = 1 AND p.expire_at > ? ORDER BY r.id`,
    )
    .all(now) as {
    id: number;
    member_id: number;
    protocol: 'tcp' | 'udp';
    rule_port: number;
    source_port: number;
    lb_mode: string;
    source_ips: string;
    allow_ips: string;
    deny_ips: string;
    deny_regions: string;
  }[];
  const unhealthy = new Set(
    (db.prepare(`SELECT rule_id, address FROM layer4_origin_health WHERE health <> 'up'`).all() as { rule_id: number; address: string }[]).map(
      (row) => `${row.rule_id} ${row.address}`,
    ),
  );
  return rows.map((row) => ({
    id: row.id,
    memberId: row.member_id,
    protocol: row.protocol,
    port: row.rule_port,
    sourcePort: row.source_port,
    lbMode: row.lb_mode,
    upOrigins: (JSON.parse(row.source_ips) as string[]).filter((address) => !unhealthy.has(`${row.id} ${address}`)),
    allow: blocksOf(row.allow_ips),
    deny: blocksOf(row.deny_ips),
    denyRegions: new Set(JSON.parse(row.deny_regions) as string[]),
  }));
}

/** A connection flood on one rule (the demo and tests; random floods start on their own). */
export interface TcpFloodSpec {
  ruleId: number;
  /** The attacking address; one of the attacker population when absent. */
  ip?: string;
  perSecond: number;
  seconds: number;
  from?: number;
}

interface Flood {
  ruleId: number;
  client: Client;
  perSecond: number;
  from: number;
  until: number;
}

/** New connections per second for each unit of the HTTP simulator's rate. */
const CONNECTIONS_PER_REQUEST = 0.5;
const VISITORS = 1500;
const ATTACKERS = 200;
const CC_WINDOW_MS = 10_000;
const REGIONS = regionData('en_US').ipRegions;

/** The layer-4 edge: state kept from one tick to the next (connection-rate windows, floods, balancing turns). */
export class FlowEngine {
  private readonly visitors: Client[];
  private readonly visitorChoice: WeightedChoice;
  private readonly attackers: Client[];
  private carry = 0;
  private floods: Flood[] = [];
  private readonly windows = new Map<string, number[]>();
  private readonly turns = new Map<number, number>();

  constructor(private readonly options: { seed: number; rate: number; attackShare: number }) {
    this.visitors = visitorPopulation(hash32(options.seed, 'tcp'), REGIONS, VISITORS);
    this.visitorChoice = new WeightedChoice(zipfWeights(VISITORS, 0.9));
    this.attackers = attackerPopulation(hash32(options.seed, 'tcp'), REGIONS, ATTACKERS);
  }

  flood(spec: TcpFloodSpec, at: number, random: Random = createRandom(hash32(this.options.seed, 'tcp-flood', at))): void {
    const attacker = this.attackers[random.int(this.attackers.length)]!;
    const from = spec.from ?? at;
    this.floods.push({ ruleId: spec.ruleId, client: spec.ip ? { ...attacker, ip: spec.ip } : attacker, perSecond: spec.perSecond, from, until: from + spec.seconds * 1000 });
  }

  /** The flows opened in (from, to], in time order. */
  run(rules: readonly FlowRule[], from: number, to: number): TcpFlow[] {
    if (rules.length === 0 || to <= from) return [];
    const random = createRandom(hash32(this.options.seed, 'tcp', from, to));
    const ruleChoice = new WeightedChoice(zipfWeights(rules.length, 0.7));
    const exact = (this.options.rate * CONNECTIONS_PER_REQUEST * (to - from)) / 1000 + this.carry;
    const count = Math.floor(exact);
    this.carry = exact - count;
    const opened: { ts: number; rule: FlowRule; client: Client }[] = [];
    for (let i = 0; i < count; i++) {
      const attacker = random.chance(this.options.attackShare / 2);
      const client = attacker ? this.attackers[random.int(this.attackers.length)]! : this.visitors[this.visitorChoice.draw(random)]!;
      opened.push({ ts: from + 1 + random.int(to - from), rule: rules[ruleChoice.draw(random)]!, client });
    }
    // Random floods: about one every five minutes of traffic at a 5 % attack share.
    if (random.chance(Math.min(1, (this.options.attackShare * (to - from)) / 15_000))) {
      this.flood({ ruleId: rules[ruleChoice.draw(random)]!.id, perSecond: random.between(8, 20), seconds: random.between(20, 90), from: from + random.int(to - from) }, to, random);
    }
    const byId = new Map(rules.map((rule) => [rule.id, rule]));
    for (const flood of this.floods) {
      const rule = byId.get(flood.ruleId);
      const start = Math.max(from, flood.from);
      const end = Math.min(to, flood.until);
      if (!rule || end <= start) continue;
      const connections = Math.round((flood.perSecond * (end - start)) / 1000);
      for (let i = 0; i < connections; i++) opened.push({ ts: start + 1 + random.int(end - start), rule, client: flood.client });
    }
    this.floods = this.floods.filter((flood) => flood.until > to);
    opened.sort((a, b) => a.ts - b.ts);
    const flows = opened.map(({ ts, rule, client }) => this.decide(rule, client, ts, random));
    this.pruneWindows(to);
    return flows;
  }

  private decide(rule: FlowRule, client: Client, ts: number, random: Random): TcpFlow {
    const verdict = this.verdict(rule, client, ts);
    const base = {
      ts,
      member_id: rule.memberId,
      rule_id: rule.id,
      protocol: rule.protocol,
      port: rule.port,
      client_ip: client.ip,
      country: client.place.country,
      province: client.place.province,
    };
    if (verdict !== 'forwarded') {
      // A refused connection ends where it starts; the client's SYN (or first datagram) is all that was seen.
      return { ...base, end_ts: ts, origin: '', bytes_in: verdict === 'origin-failure' ? 0 : 60, bytes_out: 0, verdict };
    }
    const seconds = random.chance(0.7) ? random.between(1, 30) : random.chance(0.85) ? random.between(30, 300) : random.between(300, TCP_FLOW_MAX_MS / 1000);
    return {
      ...base,
      end_ts: ts + seconds * 1000,
      origin: `${this.origin(rule, client)}:${rule.sourcePort}`,
      bytes_in: 400 + seconds * random.between(50, 2_000),
      bytes_out: 2_000 + seconds * random.between(500, 40_000),
      verdict,
    };
  }

  /** The edge's order: allow list (exempt from everything else), deny list, denied regions, connection rate, origins. */
  private verdict(rule: FlowRule, client: Client, ts: number): TcpVerdict {
    const allowed = inBlocks(client.ip, rule.allow);
    if (!allowed) {
      if (inBlocks(client.ip, rule.deny)) return 'acl-deny';
      if (rule.denyRegions.has(client.place.country) || (client.place.province && rule.denyRegions.has(client.place.province))) return 'region-deny';
      if (this.overRate(rule.id, client.ip, ts)) return 'cc-drop';
    }
    return rule.upOrigins.length === 0 ? 'origin-failure' : 'forwarded';
  }

  private overRate(ruleId: number, ip: string, ts: number): boolean {
    const key = `${ruleId} ${ip}`;
    const window = this.windows.get(key) ?? [];
    while (window.length > 0 && window[0]! <= ts - CC_WINDOW_MS) window.shift();
    window.push(ts);
    this.windows.set(key, window);
    return window.length > TCP_CC_CONNECTIONS_PER_10S;
  }

  private origin(rule: FlowRule, client: Client): string {
    if (rule.lbMode === 'ip-hash') return rule.upOrigins[hash32(client.ip) % rule.upOrigins.length]!;
    const turn = this.turns.get(rule.id) ?? 0;
    this.turns.set(rule.id, turn + 1);
    return rule.upOrigins[turn % rule.upOrigins.length]!;
  }

  private pruneWindows(now: number): void {
    for (const [key, window] of this.windows) if (window[window.length - 1]! <= now - CC_WINDOW_MS) this.windows.delete(key);
  }
}

/**
 * Writes the layer-4 traffic of (from, to] at once, without timers: the live simulator's decisions over a stretch of
 * history (tests, and a report that should show a day at once). Answers how many flows were written.
 */
export async function simulateTcpFlows(
  app: { db: Db; logStore: { appendTcpFlows(flows: readonly TcpFlow[]): Promise<void> } },
  options: { from: number; to: number; rate: number; seed: number; attackShare?: number },
): Promise<number> {
  const engine = new FlowEngine({ seed: options.seed, rate: options.rate, attackShare: options.attackShare ?? 0.05 });
  const rules = loadFlowRules(app.db, options.to);
  let written = 0;
  for (let from = options.from; from < options.to; from += 60_000) {
    const flows = engine.run(rules, from, Math.min(options.to, from + 60_000));
    await app.logStore.appendTcpFlows(flows);
    written += flows.length;
  }
  return written;
}
