/**
 * The simulated edge: turns a stretch of time into requests (visitors by a Zipf-like popularity, attack traffic at
 * the configured share, CC floods as bursts) and serves each one the way the configured edge would. Every request
 * goes through the real configuration: the bans in force, the WAF rule sets through the isomorphic matcher
 * (`evaluateRuleSet`, the code the rule tester runs), the CC engine's rate windows, the cache rules through
 * `evaluateCache` and the purge/prefetch edge cache, and the origin settings. What comes out is log lines.
 *
 * The rules are evaluated in-process, on the server's event loop, not in the evaluator's worker threads: a
 * catastrophic pattern cannot be saved (issue 18 refuses nested unbounded repetition at save, and the matcher here
 * runs without `allowNestedQuantifiers`, so such a pattern stays undecided instead of running), and each tick has a
 * time budget: past it, the rest of the tick's requests are dropped (and counted), so the server never stalls.
 */
import type { WafActionInput, WafActionType } from '../../../../../core/rules/waf-actions.js';
import { BUILT_IN_CACHE_RULES } from '../../../../../core/rules/cache.js';
import { formatBeijingTime } from '../../../../../core/rules/match-catalogue.js';
import type { AttackType, CacheStatus, LogAction, LogRow, LogType } from '../../../../../core/logs/fields.js';
import { evaluateCache } from '../../../../../core/match/cache.js';
import { evaluateRuleSet, viewRequest, type MatchContext, type RuleSetEvaluation, type SampleHeader, type SampleRequest } from '../../../../../core/match/index.js';
import type { MatchType } from '../../../../../core/rules/waf.js';
import type { WebsiteOrigin } from '../../../../../core/api/endpoints/websites.js';
import { regionData } from '../../account/index.js';
import type { BanSeed } from '../../bans/index.js';
import { attackerPopulation, CLIENT_FAMILIES, visitorPopulation, type Client } from './clients.js';
import type { EdgeConfig, RuleMeta, SetConfig, SiteConfig } from './config.js';
import { attackRequest, methodFor, ORIGIN_CACHE_CONTROL, siteModel, type PathKind } from './paths.js';
import { createRandom, hash32, WeightedChoice, zipfWeights, type Random } from './random.js';

/** The CC engine's window: rates are requests per second over the last 10 s. */
export const CC_WINDOW_MS = 10_000;
/**
 * Basic CC protection (the platform's, applied to every served website): one address asking one URL more than
 * {@link CC_URL_CHALLENGE_RATE} times a second is challenged, more than {@link CC_URL_BAN_RATE} times banned; more
 * than {@link CC_IP_BAN_RATE} requests a second to a site, whatever the URLs, is banned too.
 */
export const CC_URL_CHALLENGE_RATE = 5;
export const CC_URL_BAN_RATE = 10;
export const CC_IP_BAN_RATE = 30;
/** The CC engine's rule IDs in the CC log (per URL, per address); ban records name them `CC-<id>`. */
export const CC_URL_RULE_ID = 1001;
export const CC_IP_RULE_ID = 1002;
/** How long the CC engine bans, in seconds. */
export const CC_BAN_SECONDS = 600;

/** The ban record's rule ID of a CC decision (the demo seed's `CC-<n>` form). */
export function ccBanRuleId(ruleId: number): string {
  return `CC-${ruleId}`;
}

/** A disposal action as the log names it. */
export const LOG_ACTION_OF: Record<WafActionType, LogAction> = {
  release: 'allow',
  observe: 'log',
  block: 'block',
  ban: 'ban',
  'verify-cookie': 'js-challenge',
  'verify-js': 'js-challenge',
  'verify-intelligent': 'captcha',
  'verify-captcha': 'captcha',
  whitelist: 'allow',
  honeypot: 'block',
  redirect: 'block',
  'next-rule-set': 'allow',
  'basic-cc': 'log',
  'vulnerability-protection': 'log',
};

/** What the edge answers for a terminating action, when it answers itself. */
function actionStatus(type: WafActionType): number | null {
  if (type === 'block' || type === 'ban') return 403;
  if (type === 'honeypot') return 302;
  if (type === 'redirect') return 301;
  // A challenge page is a 200 the client has to solve before its request goes on.
  if (type.startsWith('verify-')) return 200;
  return null;
}

/** A request about to be served. */
interface Pending {
  ts: number;
  site: SiteConfig;
  client: Client;
  method: string;
  path: string;
  query: string;
  kind: PathKind | 'probe';
  size: number;
  attack: AttackType | '';
  userAgent: string;
  contentType: string;
  referer: string;
  scheme: string;
}

/** A flood: one address hammering one URL of one site. */
export interface FloodSpec {
  domainId: number;
  /** Default: an attacker of the population. */
  ip?: string;
  path: string;
  perSecond: number;
  /** When it starts (default: the start of the next tick) and how long it lasts. */
  from?: number;
  seconds: number;
}

interface Flood {
  domainId: number;
  client: Client;
  path: string;
  perSecond: number;
  from: number;
  until: number;
}

interface RateCounter {
  /** Start of the current window. */
  start: number;
  current: number;
  previous: number;
}

/** What a stretch of generated traffic produced. */
export interface Generated {
  rows: LogRow[];
  requests: number;
  /** Requests dropped because the tick's time budget ran out. */
  skipped: number;
  /** Bans decided, per account. */
  bans: Map<number, BanSeed[]>;
  /** URLs the edge cached, to write back to the edge cache. */
  cached: { memberId: number; domainId: number; url: string; at: number }[];
}

/** The engine's settings. */
export interface EngineOptions {
  seed: number;
  /** Requests per second over every served website. */
  rate: number;
  /** Share of requests that are attacks (0-1); CC floods come on top, as bursts, in proportion to it. */
  attackShare: number;
}

const VISITORS = 4000;
const ATTACKERS = 400;
const ATTACK_KINDS = ['scanner', 'sqli', 'xss', 'path-traversal', 'rce', 'bad-bot'] as const;
const ATTACK_KIND_CHOICE = new WeightedChoice([35, 15, 12, 8, 8, 22]);
const SEARCH_REFERERS = ['https://www.baidu.com/', 'https://www.google.com/', 'https://cn.bing.com/', 'https://www.sogou.com/'];
const REGIONS = regionData('en_US').ipRegions;

/** The edge: state that lives from one tick to the next (rate windows, floods, load-balancing turns). */
export class TrafficEngine {
  private readonly visitors: Client[];
  private readonly visitorChoice: WeightedChoice;
  private readonly attackers: Client[];
  private readonly attackerChoice: WeightedChoice;
  private readonly rates = new Map<string, RateCounter>();
  private floods: Flood[] = [];
  private readonly turns = new Map<number, number[]>();
  private carry = 0;
  private cacheMemo = new Map<string, { cached: boolean; seconds: number; key: string }>();
  private memoConfig: EdgeConfig | null = null;
  private readonly verdicts = new WeakMap<SetConfig, { fields: { type: MatchType; name: string | null | undefined }[]; memo: Map<string, RuleSetEvaluation> | null }>();
  private minute = -1;
  private minuteText = '';

  constructor(private readonly options: EngineOptions) {
    this.visitors = visitorPopulation(options.seed, REGIONS, VISITORS);
    this.visitorChoice = new WeightedChoice(zipfWeights(VISITORS, 0.8));
    this.attackers = attackerPopulation(options.seed, REGIONS, ATTACKERS);
    this.attackerChoice = new WeightedChoice(zipfWeights(ATTACKERS, 1.1));
  }

  /** Starts a flood (the demo and tests; random floods start on their own at the attack share). */
  flood(spec: FloodSpec, at: number, random = createRandom(hash32(this.options.seed, 'flood', at))): void {
    const attacker = this.attackers[this.attackerChoice.draw(random)]!;
    const client = spec.ip ? { ...attacker, ip: spec.ip } : attacker;
    const from = spec.from ?? at;
    this.floods.push({ domainId: spec.domainId, client, path: spec.path, perSecond: spec.perSecond, from, until: from + spec.seconds * 1000 });
  }

  /**
   * The traffic of (from, to]: generated, then served in time order, until `deadline` (a `performance.now()` value)
   * passes.
   */
  run(config: EdgeConfig, from: number, to: number, deadline = Number.POSITIVE_INFINITY): Generated {
    if (config !== this.memoConfig) {
      // Cache verdicts depend on the rules: a new configuration starts a new memo.
      this.cacheMemo = new Map();
      this.memoConfig = config;
    }
    const out: Generated = { rows: [], requests: 0, skipped: 0, bans: new Map(), cached: [] };
    if (config.sites.length === 0 || to <= from) return out;
    const random = createRandom(hash32(this.options.seed, from, to));
    const pending = this.generate(config, from, to, random);
    const context: MatchContext = { regions: REGIONS, ipListEntries: (id) => config.ipLists.get(id) };
    for (let index = 0; index < pending.length; index++) {
      if ((index & 63) === 0 && performance.now() > deadline) {
        out.skipped = pending.length - index;
        break;
      }
      this.serve(config, pending[index]!, random, context, out);
      out.requests++;
    }
    this.pruneRates(to);
    return out;
  }

  private generate(config: EdgeConfig, from: number, to: number, random: Random): Pending[] {
    const { rate, attackShare } = this.options;
    const sites = config.sites;
    const siteChoice = new WeightedChoice(sites.map((site) => 0.5 + (hash32('weight', site.domain) % 1000) / 500));
    const exact = (rate * (to - from)) / 1000 + this.carry;
    const count = Math.floor(exact);
    this.carry = exact - count;
    const pending: Pending[] = [];
    for (let i = 0; i < count; i++) {
      const ts = from + 1 + Math.floor(random.next() * (to - from));
      const site = sites[siteChoice.draw(random)]!;
      pending.push(random.chance(attackShare) ? this.attack(site, ts, random) : this.visit(site, ts, random));
    }
    // Random floods: about one every 30 s of traffic per unit of attack share (one every 10 minutes at 5 %).
    if (attackShare > 0 && random.chance(Math.min(1, (attackShare * (to - from)) / 30_000))) {
      const site = sites[siteChoice.draw(random)]!;
      const model = siteModel(site.domain);
      const path = random.chance(0.3) ? '/login' : model.paths[model.choice.draw(random)]!.path;
      this.flood({ domainId: site.id, path, perSecond: random.between(15, 45), seconds: random.between(15, 60), from: from + random.int(to - from) }, to, random);
    }
    const byId = new Map(sites.map((site) => [site.id, site]));
    for (const flood of this.floods) {
      const site = byId.get(flood.domainId);
      const start = Math.max(from, flood.from);
      const end = Math.min(to, flood.until);
      if (!site || end <= start) continue;
      const hits = Math.round((flood.perSecond * (end - start)) / 1000);
      for (let i = 0; i < hits; i++) {
        const ts = start + 1 + Math.floor(((i + random.next()) * (end - start - 1)) / hits);
        pending.push({
          ts,
          site,
          client: flood.client,
          method: 'GET',
          path: flood.path,
          query: '',
          kind: 'page',
          size: 20_000,
          attack: 'cc-flood',
          userAgent: flood.client.userAgent,
          contentType: '',
          referer: '',
          scheme: site.https ? 'https' : 'http',
        });
      }
    }
    this.floods = this.floods.filter((flood) => flood.until > to);
    // Stable order by time; equal times keep generation order, so the result does not depend on the sort.
    return pending.map((entry, order) => ({ entry, order })).sort((a, b) => a.entry.ts - b.entry.ts || a.order - b.order).map(({ entry }) => entry);
  }

  private visit(site: SiteConfig, ts: number, random: Random): Pending {
    const model = siteModel(site.domain);
    // Each site has its own most loyal visitors: the population is rotated by the site.
    const offset = hash32('visitors-of', site.domain) % VISITORS;
    const client = this.visitors[(this.visitorChoice.draw(random) + offset) % VISITORS]!;
    const path = model.paths[model.choice.draw(random)]!;
    const family = CLIENT_FAMILIES[client.family]!;
    const browser = family.kind === 'browser' || family.kind === 'app';
    const referer = !browser
      ? ''
      : path.kind === 'page'
        ? random.chance(0.3)
          ? random.pick(SEARCH_REFERERS)
          : random.chance(0.5)
            ? `https://${site.domain}/`
            : ''
        : `https://${site.domain}/`;
    return {
      ts,
      site,
      client,
      method: methodFor(path, random),
      path: path.path,
      query: random.pick(path.queries),
      kind: path.kind,
      size: path.bytes,
      attack: '',
      userAgent: client.userAgent,
      contentType: '',
      referer,
      scheme: site.https && random.chance(0.93) ? 'https' : 'http',
    };
  }

  private attack(site: SiteConfig, ts: number, random: Random): Pending {
    const model = siteModel(site.domain);
    const client = this.attackers[this.attackerChoice.draw(random)]!;
    const kind = ATTACK_KINDS[ATTACK_KIND_CHOICE.draw(random)]!;
    const scheme = site.https ? 'https' : 'http';
    if (kind === 'bad-bot') {
      const path = model.paths[random.int(model.paths.length)]!;
      return { ts, site, client, method: 'GET', path: path.path, query: random.pick(path.queries), kind: path.kind, size: path.bytes, attack: 'bad-bot', userAgent: client.userAgent, contentType: '', referer: '', scheme };
    }
    const probe = attackRequest(kind, model, random);
    return {
      ts,
      site,
      client,
      method: probe.method,
      path: probe.path,
      query: probe.query,
      kind: 'probe',
      size: 0,
      attack: probe.attack,
      userAgent: probe.userAgent ?? client.userAgent,
      contentType: probe.contentType ?? '',
      referer: '',
      scheme,
    };
  }

  /** Requests per second over the window, counting this one. */
  private count(key: string, ts: number): number {
    let counter = this.rates.get(key);
    if (!counter) {
      counter = { start: ts, current: 0, previous: 0 };
      this.rates.set(key, counter);
    }
    if (ts - counter.start >= CC_WINDOW_MS) {
      const windows = Math.floor((ts - counter.start) / CC_WINDOW_MS);
      counter.previous = windows === 1 ? counter.current : 0;
      counter.current = 0;
      counter.start += windows * CC_WINDOW_MS;
    }
    counter.current++;
    // Sliding window: the previous window counts for the part of it still inside the last 10 s.
    const overlap = 1 - (ts - counter.start) / CC_WINDOW_MS;
    return (counter.previous * overlap + counter.current) / (CC_WINDOW_MS / 1000);
  }

  /** The request's time as the time condition reads it; one string per minute, not one per request. */
  private beijingMinute(ts: number): string {
    const minute = Math.floor(ts / 60_000);
    if (minute !== this.minute) {
      this.minute = minute;
      this.minuteText = formatBeijingTime(ts);
    }
    return this.minuteText;
  }

  private pruneRates(now: number): void {
    if (this.rates.size < 5_000) return;
    for (const [key, counter] of this.rates) if (now - counter.start >= 2 * CC_WINDOW_MS) this.rates.delete(key);
  }

  private serve(config: EdgeConfig, request: Pending, random: Random, context: MatchContext, out: Generated): void {
    const { site, client, ts } = request;
    const family = CLIENT_FAMILIES[client.family]!;
    const ipRate = this.count(`${site.id}|${client.ip}`, ts);
    const urlRate = this.count(`${site.id}|${client.ip}|${request.path}`, ts);
    const requestId = random.hex(32);
    const url = request.query ? `${request.path}?${request.query}` : request.path;
    const known = request.kind !== 'probe';
    // What the origin would answer: probes mostly ask for what is not there.
    const originStatus = !known ? (random.chance(0.85) ? 404 : 200) : random.chance(0.003) ? random.pick([500, 502, 504]) : request.method === 'POST' && request.path === '/login' ? random.pick([302, 302, 401]) : 200;
    const base: LogRow = {
      ts,
      log_type: 'access',
      member_id: site.memberId,
      domain_id: site.id,
      domain: site.domain,
      request_id: requestId,
      client_ip: client.ip,
      country: client.place.country,
      province: client.place.province,
      method: request.method,
      scheme: request.scheme,
      uri: request.path,
      query: request.query,
      status: 0,
      bytes_sent: 0,
      response_ms: 0,
      user_agent: request.userAgent,
      referer: request.referer,
      ja3: family.ja3,
      ja4: family.ja4,
      cache_status: 'bypass',
      origin: '',
      rule_id: 0,
      rule_set_id: 0,
      action: '',
      attack_type: '',
    };
    const answer = (status: number, bytes: number): void => {
      base.status = status;
      base.bytes_sent = bytes;
      base.response_ms = random.between(0, 3);
    };
    const security: LogRow[] = [];

    if ((config.bans.get(`${site.id}|${client.ip}`) ?? 0) > ts) {
      // A banned address is turned away before any rule runs.
      answer(403, 548);
      out.rows.push(base);
      return;
    }

    const headers: SampleHeader[] = [{ name: 'User-Agent', value: request.userAgent }];
    if (request.referer) headers.push({ name: 'Referer', value: request.referer });
    if (request.contentType) headers.push({ name: 'Content-Type', value: request.contentType });
    if (family.kind === 'browser' || family.kind === 'app') headers.push({ name: 'Accept-Language', value: client.place.country === 'CN' ? 'zh-CN,zh;q=0.9' : 'en-US,en;q=0.9' });
    const sample: SampleRequest = {
      method: request.method,
      url,
      host: site.domain,
      protocol: request.scheme,
      server_port: request.scheme === 'https' ? 443 : 80,
      headers,
      client_ip: client.ip,
      region: client.place.region,
      ja3: family.ja3,
      ja3n: family.ja3,
      ja4: family.ja4,
      ja4h: family.ja4h,
      time: this.beijingMinute(ts),
      device_type: family.device,
      ip_types: client.ipTypes,
      ip_behaviours: family.kind === 'scanner' ? ['scanner'] : family.kind === 'bad-bot' ? ['malicious-crawler'] : [],
      ip_rate: ipRate,
      url_rate: urlRate,
      status_code: originStatus,
    };

    const verdict = this.applyRules(site.sets, sample, context);
    for (const hit of verdict.hits) {
      const type: LogType = hit.set.attribution === 'custom' ? 'acl' : 'waf';
      security.push({
        ...base,
        log_type: type,
        rule_id: hit.meta.ruleId,
        rule_set_id: hit.set.id,
        action: hit.observing ? 'log' : LOG_ACTION_OF[hit.action.type],
        // A built-in rule names its attack class; otherwise the request's own. Access control also acts on harmless
        // requests (a region rule, a method rule), which are no attack.
        attack_type: hit.meta.attack || request.attack || (type === 'waf' ? 'other' : ''),
      });
    }
    const final = verdict.final;
    let edgeStatus: number | null = null;
    if (final) {
      edgeStatus = actionStatus(final.action.type);
      if (final.action.type === 'ban') {
        const seconds = Number(final.action.duration) > 0 ? Number(final.action.duration) : CC_BAN_SECONDS;
        this.ban(config, out, site, client.ip, ts, { reason: 'waf-rule', ruleId: final.meta.code, duration: seconds });
      }
    }
    const released = final !== null && (final.action.type === 'release' || final.action.type === 'whitelist');
    if (edgeStatus === null && !released) {
      // Basic CC protection: after the rules, for what they let through.
      const overIp = ipRate > CC_IP_BAN_RATE;
      if (urlRate > CC_URL_BAN_RATE || overIp) {
        const ruleId = overIp && urlRate <= CC_URL_BAN_RATE ? CC_IP_RULE_ID : CC_URL_RULE_ID;
        this.ban(config, out, site, client.ip, ts, { reason: 'cc-rate', ruleId: ccBanRuleId(ruleId), duration: CC_BAN_SECONDS });
        security.push({ ...base, log_type: 'cc', rule_id: ruleId, action: 'ban', attack_type: 'cc-flood' });
        edgeStatus = 403;
      } else if (urlRate > CC_URL_CHALLENGE_RATE) {
        security.push({ ...base, log_type: 'cc', rule_id: CC_URL_RULE_ID, action: 'js-challenge', attack_type: 'cc-flood' });
        edgeStatus = 200;
      }
    }

    if (edgeStatus !== null) {
      answer(edgeStatus, edgeStatus === 200 ? random.between(2_800, 3_600) : edgeStatus === 403 ? 548 : 162);
    } else if (request.scheme === 'http' && site.https && known) {
      // HTTPS sites send plain HTTP visitors over.
      answer(301, 162);
    } else {
      this.fromEdgeOrOrigin(config, request, base, originStatus, random, out);
    }
    out.rows.push(base);
    for (const row of security) {
      row.status = base.status;
      row.bytes_sent = base.bytes_sent;
      row.response_ms = base.response_ms;
      row.cache_status = base.cache_status;
      row.origin = base.origin;
      out.rows.push(row);
    }
  }

  /**
   * How a set's evaluations are remembered. The matcher reads a request only through `viewRequest(...).observe(type,
   * name)` (conditions.ts), so two requests showing the same observed values for every condition of a set get the
   * same evaluation: it is kept by those values (the popular URLs of a site are asked for all the time). Sets with a
   * rate condition are never remembered, since rates change with every request.
   */
  private memoOf(set: SetConfig) {
    let entry = this.verdicts.get(set);
    if (!entry) {
      const seen = new Map<string, { type: MatchType; name: string | null | undefined }>();
      for (const rule of set.rules) for (const condition of rule.conditions) seen.set(`${condition.type}\u0000${condition.name ?? ''}`, { type: condition.type, name: condition.name });
      const fields = [...seen.values()];
      entry = { fields, memo: fields.some((field) => field.type === 'ip-rate' || field.type === 'url-rate') ? null : new Map() };
      this.verdicts.set(set, entry);
    }
    return entry;
  }

  /** The sets in order; a rule that stops matching ends it, `next-set` skips to the next set. */
  private applyRules(sets: readonly SetConfig[], sample: SampleRequest, context: MatchContext) {
    const hits: { set: SetConfig; meta: RuleMeta; action: WafActionInput; observing: boolean }[] = [];
    let final: (typeof hits)[number] | null = null;
    let view: ReturnType<typeof viewRequest> | null = null;
    for (const set of sets) {
      if (set.rules.length === 0) continue;
      const { fields, memo } = this.memoOf(set);
      let evaluation: RuleSetEvaluation | undefined;
      let key = '';
      if (memo) {
        view ??= viewRequest(sample);
        for (const field of fields) {
          const observed = view.observe(field.type, field.name);
          key += 'missing' in observed ? '\u0001\u0000' : `${observed.values.join('\u0002')}\u0000`;
        }
        evaluation = memo.get(key);
      }
      if (!evaluation) {
        evaluation = evaluateRuleSet(set.rules, sample, context);
        if (memo) {
          if (memo.size >= 20_000) memo.clear();
          memo.set(key, evaluation);
        }
      }
      for (const result of evaluation.rules) {
        // An undecided rule (a pattern this runtime cannot run) is taken as not matching: the edge would not guess.
        if (result.outcome !== 'match' || result.reach === 'no') continue;
        const rule = set.rules[result.index]!;
        const hit = { set, meta: set.meta[result.index]!, action: rule.action, observing: rule.status === 'observation' };
        hits.push(hit);
        if (result.flow === 'continue') continue;
        if (result.flow === 'stop') final = hit;
        break;
      }
      if (final) break;
    }
    return { hits, final };
  }

  private ban(config: EdgeConfig, out: Generated, site: SiteConfig, ip: string, ts: number, ban: Pick<BanSeed, 'reason' | 'ruleId' | 'duration'>): void {
    const key = `${site.id}|${ip}`;
    if ((config.bans.get(key) ?? 0) > ts) return;
    config.bans.set(key, ts + ban.duration * 1000);
    const list = out.bans.get(site.memberId) ?? [];
    list.push({ domainId: site.id, ip, bannedAt: ts, ...ban });
    out.bans.set(site.memberId, list);
  }

  private fromEdgeOrOrigin(config: EdgeConfig, request: Pending, row: LogRow, originStatus: number, random: Random, out: Generated): void {
    const { site } = request;
    let cache: CacheStatus = 'bypass';
    if (request.method === 'GET' || request.method === 'HEAD') {
      const verdict = this.cacheVerdict(site, request, originStatus);
      if (verdict.cached) {
        const key = `${site.memberId}|${request.scheme}://${verdict.key}`;
        const at = config.edge.get(key);
        if (at !== undefined && at <= request.ts && request.ts - at < verdict.seconds * 1000) {
          cache = 'hit';
        } else {
          cache = 'miss';
          config.edge.set(key, request.ts);
          out.cached.push({ memberId: site.memberId, domainId: site.id, url: `${request.scheme}://${verdict.key}`, at: request.ts });
        }
      }
    }
    row.cache_status = cache;
    const body = request.method === 'HEAD' ? 0 : Math.round(request.size * (0.9 + random.next() * 0.2));
    if (cache === 'hit') {
      // Browsers revalidate some assets they hold: the edge answers 304 with no body.
      const revalidated = request.kind !== 'page' && request.kind !== 'api' && random.chance(0.05);
      row.status = revalidated ? 304 : 200;
      row.bytes_sent = revalidated ? 0 : body;
      row.response_ms = 1 + random.int(12) + Math.round(body / 2_000_000);
      return;
    }
    const origin = this.pickOrigin(site, request.client.ip, random);
    if (!origin) {
      row.status = 502;
      row.bytes_sent = 552;
      row.response_ms = 3_000 + random.int(2_000);
      return;
    }
    row.origin = origin;
    row.status = originStatus;
    row.bytes_sent = originStatus === 200 ? body : originStatus === 404 ? 1_245 : originStatus >= 500 ? 552 : 180;
    const latency = 15 + (hash32('latency', site.domain) % 90);
    row.response_ms = latency + random.int(latency) + Math.round(row.bytes_sent / 400_000) + (originStatus >= 500 ? 1_000 + random.int(4_000) : 0);
  }

  private cacheVerdict(site: SiteConfig, request: Pending, status: number): { cached: boolean; seconds: number; key: string } {
    const family = CLIENT_FAMILIES[request.client.family]!;
    const memo = `${site.id}|${request.method}|${request.path}?${request.query}|${status}|${family.device}|${request.kind}`;
    const known = this.cacheMemo.get(memo);
    if (known) return known;
    const evaluation = evaluateCache(
      BUILT_IN_CACHE_RULES,
      site.cacheRules,
      {
        url: `${request.scheme}://${site.domain}${request.path}${request.query ? `?${request.query}` : ''}`,
        method: request.method,
        headers: [{ name: 'User-Agent', value: request.userAgent }],
        device_type: family.device,
        status,
        cache_control: request.kind === 'probe' ? undefined : ORIGIN_CACHE_CONTROL[request.kind],
      },
      { domain: site.domain, browserCache: site.browserCache },
    );
    const verdict = evaluation?.edge.cached && evaluation.key ? { cached: true, seconds: evaluation.edge.seconds, key: evaluation.key.text } : { cached: false, seconds: 0, key: '' };
    if (this.cacheMemo.size > 50_000) this.cacheMemo.clear();
    this.cacheMemo.set(memo, verdict);
    return verdict;
  }

  /**
   * The origin of a miss, by the site's load balancing: weighted round-robin, IP hash, or sticky cookie (a visitor
   * keeps its origin: modelled as a hash of the visitor). Primaries first; a backup only serves when the chosen
   * primary fails (about 1 request in 500 here) or there is no primary.
   */
  private pickOrigin(site: SiteConfig, ip: string, random: Random): string | null {
    const primaryFails = site.primary.length > 0 && random.chance(0.002);
    const pool = site.primary.length > 0 && !(primaryFails && site.backup.length > 0) ? site.primary : site.backup;
    if (pool.length === 0) return null;
    let chosen: WebsiteOrigin;
    if (site.loadBalancing === 1) {
      chosen = pool[this.roundRobin(site.id * 2 + (pool === site.primary ? 0 : 1), pool)]!;
    } else {
      const total = pool.reduce((sum, origin) => sum + Math.max(1, origin.weight), 0);
      let point = hash32(site.loadBalancing === 0 ? 'ip-hash' : 'cookie', ip) % total;
      chosen = pool[pool.length - 1]!;
      for (const origin of pool) {
        point -= Math.max(1, origin.weight);
        if (point < 0) {
          chosen = origin;
          break;
        }
      }
    }
    return chosen.address.includes(':') ? `[${chosen.address}]:${chosen.port}` : `${chosen.address}:${chosen.port}`;
  }

  /** Smooth weighted round-robin (each origin's share follows its weight, without bursts to one origin). */
  private roundRobin(key: number, pool: readonly WebsiteOrigin[]): number {
    let current = this.turns.get(key);
    if (!current || current.length !== pool.length) {
      current = pool.map(() => 0);
      this.turns.set(key, current);
    }
    const total = pool.reduce((sum, origin) => sum + Math.max(1, origin.weight), 0);
    let best = 0;
    pool.forEach((origin, index) => {
      current![index]! += Math.max(1, origin.weight);
      if (current![index]! > current![best]!) best = index;
    });
    current[best]! -= total;
    return best;
  }
}
