/**
 * The origin tab's settings groups (rules §3 "Origin", "Conditional origin", "Origin health"; rules §5 "Origin and
 * performance"; rules §9 "Origin timeout", "Origin health"): the value each group holds, its defaults and its
 * validation, shared by the browser forms and the reference server.
 *
 * Group names the spec gives (shell §3 "Domain settings groups") are used as they are: `back_source_host`, `slice`.
 * Groups the spec describes without naming (origins, conditional origins, timeouts, health) get names in the same
 * snake-case style: `origin`, `conditional_origin`, `origin_advanced`, `origin_health`.
 */
import { LOAD_BALANCING_MODES, ORIGIN_PROTOCOLS, type LoadBalancing, type OriginLine, type OriginProtocol, type SwitchValue } from '../api/endpoints/websites.js';
import { parseInteger, validateIntegerRange, type Bounds } from '../rules/common.js';
import { isDomain } from '../rules/domain.js';
import { isIp } from '../rules/ip.js';
import {
  DEFAULT_HTTP_PORTS,
  DEFAULT_HTTPS_PORTS,
  HEALTH_BLOCK_DEFAULT,
  HEALTH_BLOCK_RANGE,
  HEALTH_FAILURE_THRESHOLD_DEFAULT,
  HEALTH_FAILURE_THRESHOLD_RANGE,
  HEALTH_INTERVAL_DEFAULT,
  ORIGIN_TIMEOUT_DEFAULT,
  STATED_NUMERIC_RANGES,
  validateOriginTimeout,
  validatePort,
  validateStartsWithSlash,
} from '../rules/origin.js';
import { issue, onField, type FieldIssue, type RuleIssue } from '../rules/types.js';
import { MATCH_TYPES, validateMatchConditions, validateRuleRemark, type MatchConditionInput, type MatchType } from '../rules/waf.js';
import { ORIGIN_WEIGHT_DEFAULT, validateWebsiteOrigins } from '../rules/websites.js';

/** Shell §3 "protocol 0 HTTP, 1 HTTPS": the protocol the edge listens with for this origin entry. */
export type ListenProtocol = 0 | 1;

/** One origin (rules §3 "Origin"). */
export interface OriginEntry {
  /** IPv4, IPv6 or a domain. */
  address: string;
  /** Origin port, 1-65535. */
  port: number;
  /** Protocol type of the entry: the edge's listening protocol (shell §3 protocol 0 HTTP / 1 HTTPS). */
  protocol: ListenProtocol;
  /** The edge port this origin serves, 1-65535 (non-standard ports are plan-gated, rules §6). */
  listen_port: number;
  line: OriginLine;
  /** 1-100, default 10 (core/rules/websites.ts ORIGIN_WEIGHT_RANGE). */
  weight: number;
  /** Lower is tried first within a line; 1-100. */
  priority: number;
}

/** `origin`: the origins and how the edge fetches from them. */
export interface OriginGroup {
  origins: OriginEntry[];
  /** Shell §3 origin protocol: 0 HTTP, 1 HTTPS, 2 follow the visitor's protocol. */
  origin_protocol: OriginProtocol;
  /** Shell §3 balancing: 1 round-robin, 0 IP hash, 2 sticky cookie. */
  load_balancing: LoadBalancing;
}

/** `back_source_host`: the Host header and SNI sent to the origin (shell §3 "origin host default/diy"). */
export interface BackSourceHostGroup {
  mode: 'default' | 'diy';
  /** The custom host when `mode` is `diy`; '' otherwise. */
  host: string;
  sni: { status: SwitchValue; name: string };
}

/** One conditional origin (rules §3 "Conditional origin"). */
export interface ConditionalOriginRule {
  /** Absent on a new rule. */
  id?: number;
  /** Built with the shared condition builder; all must hold. */
  conditions: MatchConditionInput[];
  /** Where matching requests go. */
  origins: Array<Pick<OriginEntry, 'address' | 'port' | 'weight'>>;
  description: string;
  /** 1 is checked first. */
  priority: number;
  status: SwitchValue;
}

/** `conditional_origin`: requests that match go to other origins. */
export interface ConditionalOriginGroup {
  rules: ConditionalOriginRule[];
}

/** `origin_advanced`: the setting items "origin timeout", "keep-alive" and "follow 301/302" (shell §3). */
export interface OriginAdvancedGroup {
  /** Seconds, 1-300, default 30 (rules §5, stricter reading; rules §9). */
  timeout: number;
  keepalive: { status: SwitchValue; /** Idle seconds a kept connection lives, 1-3600. */ idle_seconds: number };
  /** Follow the origin's 301/302 instead of passing them on. */
  follow_redirect: SwitchValue;
}

/** `slice`: range requests to the origin (shell §3 "range"). */
export interface SliceGroup {
  status: SwitchValue;
}

/**
 * The addresses the edge fetches from the origin with (shell §3 setting item "origin protection", group
 * `source_site_protect`): with origin protection on, the origin's firewall admits only these and refuses everyone
 * else, so attackers who learn the origin's address cannot reach it around the edge. The reference server answers
 * the documentation prefixes of RFC 5737 and RFC 3849: a real provider answers its own pool.
 */
export const ORIGIN_PULL_RANGES: readonly string[] = ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24', '2001:db8:ec::/48'];

/** `source_site_protect`: origin protection; `ranges` is answered by the server (read-only, never stored). */
export interface SourceSiteProtectGroup {
  status: SwitchValue;
  ranges?: string[];
}

/** The health of one origin as the reference server's health checker last saw it (rules §4 "Origin health"). */
export type OriginHealthState = 'healthy' | 'unhealthy' | 'blocked' | 'unchecked';

/** `origin_health`: passive health, active probe, and (read-only) each origin's state. */
export interface OriginHealthGroup {
  health: {
    status: SwitchValue;
    /** 1-300, default 30. */
    failure_threshold: number;
    /** Seconds, default 10. */
    interval: number;
    /** Seconds an origin stays blocked, 0-300, default 30. */
    block_seconds: number;
  };
  probe: {
    status: SwitchValue;
    protocol: 'http' | 'https' | 'tcp';
    method: 'GET' | 'HEAD';
    /** Starts with `/`. */
    path: string;
    /** Seconds between probes. */
    frequency: number;
    /** Consecutive failures before an origin is unavailable. */
    unavailable_count: number;
    /** Consecutive successes before it is available again. */
    available_count: number;
    /** Seconds. */
    connect_timeout: number;
  };
  /** Read-only: answered by the server, ignored on save. */
  states?: Array<{ address: string; port: number; state: OriginHealthState; /** ISO 8601 or null. */ since: string | null; reason: string }>;
}

// ── Defaults and validation (shared by the origin tab's forms and the reference server) ─────────────────────────

/**
 * A value as a form may hold it before it is saved: numbers typed into a field stay text until they parse, so
 * nothing typed is lost and the browser and the server give the same message for the same text.
 */
export type Typed<T> = T extends number ? number | string : T extends readonly (infer E)[] ? ReadonlyArray<Typed<E>> : T extends object ? { [K in keyof T]: Typed<T[K]> } : T;

/** Listening protocols (shell §3 "protocol 0 HTTP, 1 HTTPS"). */
export const LISTEN_PROTOCOLS: readonly ListenProtocol[] = [0, 1];
/** Origin priority: 1 is tried first within a line (rules §3 "priority"; the spec gives no range, so 1-100 like the weight). */
export const ORIGIN_PRIORITY_RANGE: Bounds = { min: 1, max: 100 };
/** The priority of a new origin. */
export const ORIGIN_PRIORITY_DEFAULT = 1;
/**
 * Standard listening ports per protocol (rules §9 "Default ports 80, 8080, 443, 8443"); any other listening port is a
 * non-standard port and needs an exclusive IP network or a dedicated resource package (rules §6).
 */
export const STANDARD_LISTEN_PORTS: Readonly<Record<ListenProtocol, readonly number[]>> = { 0: DEFAULT_HTTP_PORTS, 1: DEFAULT_HTTPS_PORTS };
/** Keep-alive idle time in seconds: the spec's stated range 1-3600 (rules §5 "Other numeric ranges"). */
export const KEEPALIVE_IDLE_RANGE: Bounds = STATED_NUMERIC_RANGES[0]!;
/** Default keep-alive idle time. */
export const KEEPALIVE_IDLE_DEFAULT = 60;
/** Detection interval in seconds: the spec gives only the default 10 s; at most an hour (the stated 1-3600). */
export const HEALTH_INTERVAL_RANGE: Bounds = STATED_NUMERIC_RANGES[0]!;
/** Probe frequency in seconds (the stated 1-3600). */
export const PROBE_FREQUENCY_RANGE: Bounds = STATED_NUMERIC_RANGES[0]!;
/** Consecutive probe results before an origin changes state (the stated 1-60). */
export const PROBE_COUNT_RANGE: Bounds = STATED_NUMERIC_RANGES[1]!;
/** Probe connection timeout in seconds (the stated 1-60). */
export const PROBE_TIMEOUT_RANGE: Bounds = STATED_NUMERIC_RANGES[1]!;
/** Probe protocols and methods (rules §3 "Origin probe: protocol, method"). */
export const PROBE_PROTOCOLS = ['http', 'https', 'tcp'] as const;
export const PROBE_METHODS = ['HEAD', 'GET'] as const;
/**
 * Conditional origin rules per domain. The spec gives no number; 200 is the limit of the other per-domain rule list
 * (rules §5 cache entries), so a post cannot grow a domain's configuration without bound.
 */
export const CONDITIONAL_ORIGIN_RULES_MAX = 200;
/** Origins one conditional rule sends to (the same bound as the priority range). */
export const CONDITIONAL_ORIGIN_TARGETS_MAX = 20;
/**
 * Match types a conditional origin may test: what the request asks for and who asks. Rates, fingerprints, behaviour
 * and the origin's status code are WAF matters (the origin is not chosen yet when they would be known).
 */
export const CONDITIONAL_ORIGIN_CONDITION_TYPES: readonly MatchType[] = MATCH_TYPES.filter(
  (type) => !['ip-rate', 'url-rate', 'status-code', 'ip-behaviour', 'ja3', 'ja3n', 'ja4', 'ja4h'].includes(type),
);

/** The standard listening port of a protocol (80 or 443). */
export function standardListenPort(protocol: ListenProtocol): number {
  return STANDARD_LISTEN_PORTS[protocol][0]!;
}

/** Whether a listening port is standard for its protocol (rules §9 default ports). */
export function isStandardListenPort(protocol: ListenProtocol, port: number): boolean {
  return STANDARD_LISTEN_PORTS[protocol]?.includes(port) ?? false;
}

/** A new origin entry: primary line, HTTP on 80 to port 80, the default weight and priority. */
export function newOriginEntry(line: OriginLine = 'primary'): OriginEntry {
  return { address: '', port: DEFAULT_HTTP_PORTS[0]!, protocol: 0, listen_port: standardListenPort(0), line, weight: ORIGIN_WEIGHT_DEFAULT, priority: ORIGIN_PRIORITY_DEFAULT };
}

/** Every group's value on a domain that never saved it. */
export const ORIGIN_DEFAULTS = {
  origin: (): OriginGroup => ({ origins: [], origin_protocol: 0, load_balancing: 1 }),
  back_source_host: (): BackSourceHostGroup => ({ mode: 'default', host: '', sni: { status: 'off', name: '' } }),
  conditional_origin: (): ConditionalOriginGroup => ({ rules: [] }),
  origin_advanced: (): OriginAdvancedGroup => ({
    timeout: ORIGIN_TIMEOUT_DEFAULT,
    keepalive: { status: 'on', idle_seconds: KEEPALIVE_IDLE_DEFAULT },
    follow_redirect: 'off',
  }),
  slice: (): SliceGroup => ({ status: 'off' }),
  source_site_protect: (): SourceSiteProtectGroup => ({ status: 'off' }),
  origin_health: (): OriginHealthGroup => ({
    health: { status: 'off', failure_threshold: HEALTH_FAILURE_THRESHOLD_DEFAULT, interval: HEALTH_INTERVAL_DEFAULT, block_seconds: HEALTH_BLOCK_DEFAULT },
    probe: { status: 'off', protocol: 'http', method: 'HEAD', path: '/', frequency: 30, unavailable_count: 3, available_count: 2, connect_timeout: 5 },
  }),
} as const;

/** A new conditional origin rule (its priority after the last one). */
export function newConditionalRule(existing: readonly Pick<ConditionalOriginRule, 'priority'>[]): ConditionalOriginRule {
  const last = existing.reduce((max, rule) => Math.max(max, parseInteger(rule.priority) ?? 0), 0);
  return { conditions: [], origins: [{ address: '', port: DEFAULT_HTTP_PORTS[0]!, weight: ORIGIN_WEIGHT_DEFAULT }], description: '', priority: Math.min(last + 1, ORIGIN_PRIORITY_RANGE.max), status: 'on' };
}

function oneOf<T>(options: readonly T[], value: unknown): RuleIssue | null {
  return options.includes(value as T) ? null : issue('origin-tab.choice-invalid');
}

function switchIssue(value: unknown): RuleIssue | null {
  return value === 'on' || value === 'off' ? null : issue('websites.switch-value');
}

function rangeIssue(value: unknown, bounds: Bounds): RuleIssue | null {
  return validateIntegerRange(typeof value === 'number' || typeof value === 'string' ? value : null, bounds);
}

function list<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A host name sent to the origin (origin host, SNI): a domain or an IP address. */
export function validateOriginHost(value: string | null | undefined): RuleIssue | null {
  const host = (value ?? '').trim();
  if (host.length === 0) return issue('common.required');
  return isDomain(host) || isIp(host) ? null : issue('origin-tab.host-format');
}

/**
 * `origin` (rules §3 "Origin", rules §5 Origin and performance): at least one primary line; each address IPv4, IPv6
 * or a domain; ports and listening ports 1-65535; weight 1-100; priority 1-100; no address and port twice; and,
 * reading "a duplicate port is refused" for listening ports too, one listening port serves one protocol only
 * (rules §8 "Port already exists"). Fields: `origins`, `origins.<i>.<field>`, `origin_protocol`, `load_balancing`.
 */
export function validateOriginGroup(value: Typed<OriginGroup>): FieldIssue[] {
  const origins = list<Typed<OriginEntry>>(value?.origins).map((origin) => ({ ...origin, address: text(origin?.address) }));
  const issues = validateWebsiteOrigins(origins.map((origin) => ({ address: origin.address, port: origin.port, line: origin.line, weight: origin.weight })));
  const protocolOfPort = new Map<number, unknown>();
  origins.forEach((origin, index) => {
    const field = `origins.${index}`;
    issues.push(...onField(`${field}.line`, oneOf(['primary', 'backup'], origin.line)));
    issues.push(...onField(`${field}.protocol`, oneOf(LISTEN_PROTOCOLS, origin.protocol)));
    const listen = validatePort(origin.listen_port);
    issues.push(...onField(`${field}.listen_port`, listen));
    issues.push(...onField(`${field}.priority`, rangeIssue(origin.priority, ORIGIN_PRIORITY_RANGE)));
    const port = parseInteger(origin.listen_port);
    if (listen === null && port !== null) {
      if (protocolOfPort.has(port) && protocolOfPort.get(port) !== origin.protocol) issues.push(...onField(`${field}.listen_port`, issue('origin.port-exists')));
      else protocolOfPort.set(port, origin.protocol);
    }
  });
  issues.push(...onField('origin_protocol', oneOf(ORIGIN_PROTOCOLS, value?.origin_protocol)));
  issues.push(...onField('load_balancing', oneOf(LOAD_BALANCING_MODES, value?.load_balancing)));
  return issues;
}

/** Indexes of origins whose listening port is non-standard for their protocol (plan-gated, rules §6). */
export function nonStandardPortIndexes(value: Typed<OriginGroup>): number[] {
  return list<Typed<OriginEntry>>(value?.origins).flatMap((origin, index) => {
    const port = parseInteger(origin.listen_port);
    return port !== null && (origin.protocol === 0 || origin.protocol === 1) && !isStandardListenPort(origin.protocol, port) ? [index] : [];
  });
}

/** `back_source_host` (shell §3 "origin host default/diy", SNI): a custom host and an SNI name are domains or IPs. */
export function validateBackSourceHost(value: Typed<BackSourceHostGroup>): FieldIssue[] {
  const issues = onField('mode', oneOf(['default', 'diy'], value?.mode));
  if (value?.mode === 'diy') issues.push(...onField('host', validateOriginHost(text(value.host))));
  const sni = value?.sni;
  issues.push(...onField('sni.status', switchIssue(sni?.status)));
  if (sni?.status === 'on') issues.push(...onField('sni.name', validateOriginHost(text(sni.name))));
  return issues;
}

/**
 * `conditional_origin` (rules §3 "Conditional origin": conditions, origin, description, priority, status): the
 * conditions follow rules §5 Match rules (at most 5 by AND, OR lists, IP/region exclusive…) over
 * {@link CONDITIONAL_ORIGIN_CONDITION_TYPES}; each rule sends to 1-20 valid origins; the description is a rule remark
 * (at most 255 bytes, rules §5); priorities are 1-100 and distinct, so the order is never ambiguous.
 */
export function validateConditionalOrigin(value: Typed<ConditionalOriginGroup>, siteDomain?: string): FieldIssue[] {
  const rules = list<Typed<ConditionalOriginRule>>(value?.rules);
  if (rules.length > CONDITIONAL_ORIGIN_RULES_MAX) return onField('rules', issue('origin-tab.rules-limit', { max: CONDITIONAL_ORIGIN_RULES_MAX }));
  const issues: FieldIssue[] = [];
  const priorities = new Set<number>();
  rules.forEach((rule, index) => {
    const field = `rules.${index}`;
    issues.push(...ruleIssues(rule, siteDomain).map((found) => ({ ...found, field: `${field}.${found.field}` })));
    const priority = parseInteger(rule?.priority);
    if (priority !== null && priorities.has(priority)) issues.push(...onField(`${field}.priority`, issue('origin-tab.priority-exists')));
    if (priority !== null) priorities.add(priority);
  });
  return issues;
}

/** One conditional origin rule; fields relative to the rule (`conditions…`, `origins…`, `priority`…). */
export function ruleIssues(rule: Typed<ConditionalOriginRule>, siteDomain?: string): FieldIssue[] {
  const conditions = list<MatchConditionInput>(rule?.conditions);
  const issues: FieldIssue[] = [];
  conditions.forEach((condition, index) => {
    if (!CONDITIONAL_ORIGIN_CONDITION_TYPES.includes(condition?.type)) issues.push(...onField(`conditions.${index}.type`, issue('origin-tab.condition-type-unavailable')));
  });
  if (issues.length === 0) issues.push(...validateMatchConditions(conditions, siteDomain));
  const origins = list<Typed<ConditionalOriginRule['origins'][number]>>(rule?.origins);
  if (origins.length === 0) issues.push(...onField('origins', issue('origin-tab.rule-origin-required')));
  else if (origins.length > CONDITIONAL_ORIGIN_TARGETS_MAX) issues.push(...onField('origins', issue('origin-tab.targets-limit', { max: CONDITIONAL_ORIGIN_TARGETS_MAX })));
  else {
    // The same origin rules as the site's origins (address, port, weight, no pair twice); a rule has no lines.
    const found = validateWebsiteOrigins(origins.map((origin) => ({ address: text(origin?.address), port: origin?.port, weight: origin?.weight, line: 'primary' as const })));
    issues.push(...found.filter((entry) => entry.field !== 'origins'));
  }
  issues.push(...onField('description', typeof rule?.description === 'string' ? validateRuleRemark(rule.description) : issue('common.required')));
  issues.push(...onField('priority', rangeIssue(rule?.priority, ORIGIN_PRIORITY_RANGE)));
  issues.push(...onField('status', switchIssue(rule?.status)));
  return issues;
}

/** `origin_advanced` (shell §3 setting items; rules §5, §9): timeout 1-300, keep-alive idle 1-3600, switches. */
export function validateOriginAdvanced(value: Typed<OriginAdvancedGroup>): FieldIssue[] {
  return [
    ...onField('timeout', validateOriginTimeout(typeof value?.timeout === 'number' || typeof value?.timeout === 'string' ? value.timeout : null)),
    ...onField('keepalive.status', switchIssue(value?.keepalive?.status)),
    ...onField('keepalive.idle_seconds', rangeIssue(value?.keepalive?.idle_seconds, KEEPALIVE_IDLE_RANGE)),
    ...onField('follow_redirect', switchIssue(value?.follow_redirect)),
  ];
}

/** `slice` (shell §3 "range"). */
export function validateSlice(value: Typed<SliceGroup>): FieldIssue[] {
  return onField('status', switchIssue(value?.status));
}

/** `source_site_protect` (shell §3 "origin protection"): only the switch is set; the ranges are the server's. */
export function validateSourceSiteProtect(value: Typed<SourceSiteProtectGroup>): FieldIssue[] {
  return onField('status', switchIssue(value?.status));
}

/**
 * `origin_health` (rules §3 "Origin health and probe", rules §5, §9): failure threshold 1-300 (default 30), detection
 * interval 1-3600 s (default 10; the spec gives only the default), block 0-300 s (default 30); the probe's protocol
 * and method from the lists, its path starting with / (not for a TCP probe, which has none), frequency 1-3600 s,
 * unavailable and available counts 1-60, connection timeout 1-60 s and shorter than the frequency.
 */
export function validateOriginHealth(value: Typed<OriginHealthGroup>): FieldIssue[] {
  const health = value?.health;
  const probe = value?.probe;
  const issues = [
    ...onField('health.status', switchIssue(health?.status)),
    ...onField('health.failure_threshold', rangeIssue(health?.failure_threshold, HEALTH_FAILURE_THRESHOLD_RANGE)),
    ...onField('health.interval', rangeIssue(health?.interval, HEALTH_INTERVAL_RANGE)),
    ...onField('health.block_seconds', rangeIssue(health?.block_seconds, HEALTH_BLOCK_RANGE)),
    ...onField('probe.status', switchIssue(probe?.status)),
    ...onField('probe.protocol', oneOf(PROBE_PROTOCOLS, probe?.protocol)),
    ...onField('probe.method', oneOf(PROBE_METHODS, probe?.method)),
    ...onField('probe.path', probe?.protocol === 'tcp' ? null : validateStartsWithSlash(text(probe?.path))),
    ...onField('probe.frequency', rangeIssue(probe?.frequency, PROBE_FREQUENCY_RANGE)),
    ...onField('probe.unavailable_count', rangeIssue(probe?.unavailable_count, PROBE_COUNT_RANGE)),
    ...onField('probe.available_count', rangeIssue(probe?.available_count, PROBE_COUNT_RANGE)),
  ];
  const timeout = rangeIssue(probe?.connect_timeout, PROBE_TIMEOUT_RANGE);
  const frequency = parseInteger(probe?.frequency ?? null);
  const seconds = parseInteger(probe?.connect_timeout ?? null);
  issues.push(
    ...onField('probe.connect_timeout', timeout ?? (frequency !== null && seconds !== null && seconds > frequency ? issue('origin-tab.probe-timeout-frequency') : null)),
  );
  return issues;
}

/** The validator of each origin tab group, by name (the server's parse and the forms both call these). */
export const ORIGIN_VALIDATORS = {
  origin: validateOriginGroup,
  back_source_host: validateBackSourceHost,
  conditional_origin: validateConditionalOrigin,
  origin_advanced: validateOriginAdvanced,
  slice: validateSlice,
  source_site_protect: validateSourceSiteProtect,
  origin_health: validateOriginHealth,
} as const;
