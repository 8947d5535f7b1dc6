/**
 * Origin and performance (rules §5 Origin and performance; rules §9 "HTML page", "Cache", "Default cache", "Origin
 * timeout", "Origin health", "Upload size", "Default ports", "Ports per layer-4 rule"): origins and ports, URI
 * rewrite, timeouts, health checks, custom headers, the custom HTML page, cache limits, redirects and layer-4
 * forwarding.
 */
import { charLength, containsChinese, isBlank, parseInteger, validateIntegerRange, type Bounds } from './common.js';
import { isDomain } from './domain.js';
import { isIp } from './ip.js';
import { parseHttpUrl, validateHttpUrl } from './url.js';
import { issue, onField, type FieldIssue, type RuleIssue } from './types.js';

/** Origin and listening ports (rules §5 Origin and performance: 1-65535). */
export const PORT_RANGE: Bounds = { min: 1, max: 65535 };
/** Service ports, where the spec allows 0 (rules §5 Origin and performance: "service port 0-65535"). */
export const SERVICE_PORT_RANGE: Bounds = { min: 0, max: 65535 };
/** Default HTTP ports offered (rules §9 "Default ports 80, 8080, 443, 8443"). */
export const DEFAULT_HTTP_PORTS: readonly number[] = [80, 8080];
/** Default HTTPS ports offered (rules §9 "Default ports 80, 8080, 443, 8443"). */
export const DEFAULT_HTTPS_PORTS: readonly number[] = [443, 8443];
/**
 * Origin timeout in seconds. One place in the spec reads 0-300 (rules §5 Origin and performance); this takes the
 * stricter 1-300, since a zero timeout would fail every origin fetch.
 */
export const ORIGIN_TIMEOUT_RANGE: Bounds = { min: 1, max: 300 };
/** Default origin timeout in seconds (rules §5, rules §9 "Origin timeout: default 30 s, max 300"). */
export const ORIGIN_TIMEOUT_DEFAULT = 30;
/** Health check failure threshold (rules §5 Origin and performance: 1-300). */
export const HEALTH_FAILURE_THRESHOLD_RANGE: Bounds = { min: 1, max: 300 };
/** Default failure threshold (rules §5, rules §9 "Origin health: failure 30"). */
export const HEALTH_FAILURE_THRESHOLD_DEFAULT = 30;
/** Default detection interval in seconds (rules §5, rules §9 "interval 10 s"); the spec gives no range, only a default. */
export const HEALTH_INTERVAL_DEFAULT = 10;
/** Temporary block duration in seconds (rules §5 Origin and performance: 0-300). */
export const HEALTH_BLOCK_RANGE: Bounds = { min: 0, max: 300 };
/** Default block duration in seconds (rules §5, rules §9 "block 30 s"). */
export const HEALTH_BLOCK_DEFAULT = 30;
/** Upload (request body) size limit setting, in MB (rules §5 Origin and performance, rules §9: 10-500MB). */
export const UPLOAD_SIZE_MB_RANGE: Bounds = { min: 10, max: 500 };
/** Request frequency window in seconds (rules §5 Origin and performance: 1-20 s). */
export const REQUEST_WINDOW_RANGE: Bounds = { min: 1, max: 20 };
/**
 * The other numeric ranges the spec states without naming their fields (rules §5 Origin and performance: "1-3600,
 * 1-60, 1-24, 1-7"), for the forms that use them with {@link validateIntegerRange}.
 */
export const STATED_NUMERIC_RANGES: readonly Bounds[] = [
  { min: 1, max: 3600 },
  { min: 1, max: 60 },
  { min: 1, max: 24 },
  { min: 1, max: 7 },
];
/** Custom request header name length (rules §5 Origin and performance: 1-100). */
export const HEADER_NAME_LENGTH: Bounds = { min: 1, max: 100 };
/** Matching content length (rules §5 Origin and performance: 1-1000 characters). */
export const MATCH_CONTENT_LENGTH: Bounds = { min: 1, max: 1000 };
/** Custom response headers per site (rules §5 Origin and performance: only 8). */
export const CUSTOM_RESPONSE_HEADERS_MAX = 8;
/**
 * Largest custom HTML page in UTF-8 bytes (rules §5, rules §8 "Size limit exceeded (64K)", rules §9 "HTML page 64K").
 * 64K is read as 64,000 bytes, the stricter of 64,000 and 65,536 and the base-1000 unit the console shows sizes in.
 */
export const CUSTOM_PAGE_MAX_BYTES = 64_000;
/** Seconds per cache time unit (rules §3 cache rule: second to year); a month is 30 days, a year 365. */
export const CACHE_TIME_UNIT_SECONDS = {
  second: 1,
  minute: 60,
  hour: 3600,
  day: 86_400,
  month: 30 * 86_400,
  year: 365 * 86_400,
} as const;
/** A cache time unit. */
export type CacheTimeUnit = keyof typeof CACHE_TIME_UNIT_SECONDS;
/** Longest cache duration: one year (rules §5 Origin and performance, rules §9 "Cache: max one year"). */
export const CACHE_MAX_SECONDS = CACHE_TIME_UNIT_SECONDS.year;
/** Cache entries per site (rules §5, rules §9: 200 cache entries). */
export const CACHE_RULES_MAX = 200;
/** Non-cache entries per site (rules §5, rules §9: 200 non-cache entries). */
export const NON_CACHE_RULES_MAX = 200;
/** Cache rule name length (rules §5 Origin and performance: at most 64). */
export const CACHE_RULE_NAME_MAX_LENGTH = 64;
/**
 * The default cache behaviour (rules §9 "Default cache"): 200 and 206 for 2 hours, 404 for 10 s, other statuses not
 * cached; without an explicit lifetime, a Last-Modified heuristic of 10% of the age, clamped to 10-3600 s.
 */
export const DEFAULT_CACHE_POLICY = {
  statusSeconds: { 200: 7200, 206: 7200, 404: 10 } as Readonly<Record<number, number>>,
  heuristicFraction: 0.1,
  heuristicMinSeconds: 10,
  heuristicMaxSeconds: 3600,
} as const;
/** Redirect port (rules §5 Origin and performance: numeric 0-65535). */
export const REDIRECT_PORT_RANGE: Bounds = { min: 0, max: 65535 };
/** HTTP-to-HTTPS jump port (rules §5 Origin and performance: 1-65535). */
export const JUMP_PORT_RANGE: Bounds = { min: 1, max: 65535 };
/** Default redirect ports (rules §5: default 80 or 443; rules §9 "default redirect port 443"). */
export const REDIRECT_DEFAULT_PORTS = { http: 80, https: 443 } as const;
/** Forwarding ports submitted at once on a layer-4 rule (rules §5, rules §9: 100). */
export const L4_PORTS_MAX = 100;
/** The same limit for the application protection product (rules §5, rules §9: 1000). */
export const L4_PORTS_MAX_APPLICATION = 1000;

/** A port: whole number in the range (rules §8 "Port Error"). */
export function validatePort(value: string | number | null | undefined, range: Bounds = PORT_RANGE): RuleIssue | null {
  if (value === null || value === undefined || value === '') return issue('common.required');
  return validateIntegerRange(value, range, 'origin.port-error');
}

/** Indexes of ports that repeat an earlier one in the list (each repeat, not the first occurrence). */
export function duplicatePortIndexes(ports: readonly (string | number)[]): number[] {
  const seen = new Set<number>();
  const repeats: number[] = [];
  ports.forEach((port, index) => {
    const value = parseInteger(port);
    if (value === null) return;
    if (seen.has(value)) repeats.push(index);
    else seen.add(value);
  });
  return repeats;
}

/**
 * A site's listening ports: each valid, none repeated across protocols, since one port serves one protocol (rules §5:
 * "a duplicate port is refused", rules §8 "Port already exists"). Issues are on `ports.<index>`.
 */
export function validateListeningPorts(ports: readonly (string | number)[], range: Bounds = PORT_RANGE): FieldIssue[] {
  const issues: FieldIssue[] = [];
  ports.forEach((port, index) => issues.push(...onField(`ports.${index}`, validatePort(port, range))));
  for (const index of duplicatePortIndexes(ports)) issues.push(...onField(`ports.${index}`, issue('origin.port-exists')));
  return issues;
}

/** An origin address: IPv4, IPv6 or a domain (rules §5 Origin and performance). */
export function validateOriginAddress(value: string | null | undefined): RuleIssue | null {
  const text = (value ?? '').trim();
  if (text.length === 0) return issue('origin.address-required');
  return isIp(text) || isDomain(text) ? null : issue('origin.address-format');
}

/** An origin as the origin form edits it. */
export interface OriginInput {
  /** IPv4, IPv6 or domain. */
  address: string;
  /** Origin port. */
  port: number | string;
  /** Primary or backup line. */
  line: 'primary' | 'backup';
}

/**
 * The origins of a site (rules §5 Origin and performance): at least one primary line ("Must include a main line"),
 * each address and port valid, and no address-and-port pair twice. Issues are on `origins` and `origins.<i>.<field>`.
 */
export function validateOrigins(origins: readonly OriginInput[]): FieldIssue[] {
  const issues = [...onField('origins', origins.some((origin) => origin.line === 'primary') ? null : issue('origin.main-line-required'))];
  const seen = new Set<string>();
  origins.forEach((origin, index) => {
    const address = validateOriginAddress(origin.address);
    const port = validatePort(origin.port);
    issues.push(...onField(`origins.${index}.address`, address));
    issues.push(...onField(`origins.${index}.port`, port));
    if (address === null && port === null) {
      const key = `${origin.address.trim().toLowerCase()}|${parseInteger(origin.port)}`;
      if (seen.has(key)) issues.push(...onField(`origins.${index}.port`, issue('origin.port-exists')));
      seen.add(key);
    }
  });
  return issues;
}

/** Text that must start with `/` (rules §8 "Please start with /"). */
export function validateStartsWithSlash(value: string | null | undefined): RuleIssue | null {
  const text = (value ?? '').trim();
  if (text.length === 0) return issue('common.required');
  return text.startsWith('/') ? null : issue('common.start-with-slash');
}

/** URI rewrite matching methods (rules §3 URI rewrite). */
export type RewriteMethod = 'prefix' | 'exact' | 'path-replacement' | 'uri-overwrite';

/** A URI rewrite rule. */
export interface RewriteRuleInput {
  /** How the original URI matches. */
  method: RewriteMethod;
  /** The original URI. */
  source: string;
  /** The URI it becomes. */
  target: string;
}

/**
 * URI rewrite rules (rules §5 Origin and performance): at least one rule ("Add at least one rule"); both URIs start
 * with `/`; the rewrite URI may not be `/` alone; and, reading "some matching URIs must also end with /", path
 * replacement, which swaps one directory for another, needs both URIs to end with `/`. Issues are on
 * `rules` and `rules.<i>.<field>`.
 */
export function validateRewriteRules(rules: readonly RewriteRuleInput[]): FieldIssue[] {
  if (rules.length === 0) return onField('rules', issue('common.rule-required'));
  const issues: FieldIssue[] = [];
  rules.forEach((rule, index) => {
    let source = validateStartsWithSlash(rule.source);
    let target = validateStartsWithSlash(rule.target);
    if (target === null && rule.target.trim() === '/') target = issue('origin.rewrite-root-forbidden');
    if (rule.method === 'path-replacement') {
      if (source === null && !rule.source.trim().endsWith('/')) source = issue('origin.rewrite-end-with-slash');
      if (target === null && !rule.target.trim().endsWith('/')) target = issue('origin.rewrite-end-with-slash');
    }
    issues.push(...onField(`rules.${index}.source`, source), ...onField(`rules.${index}.target`, target));
  });
  return issues;
}

/** Origin timeout: 1-300 s (rules §5 Origin and performance, stricter reading). */
export function validateOriginTimeout(value: string | number | null | undefined): RuleIssue | null {
  return validateIntegerRange(value, ORIGIN_TIMEOUT_RANGE, 'origin.timeout-range');
}

/** The origin health settings. */
export interface HealthCheckInput {
  /** Failures before an origin is blocked, 1-300. */
  failureThreshold: number | string;
  /** Seconds between probes. */
  interval: number | string;
  /** Seconds an origin stays blocked, 0-300. */
  blockDuration: number | string;
  /** Probe path, starting with `/`. */
  path?: string;
}

/**
 * Origin health (rules §5 Origin and performance): failure threshold 1-300, detection interval a whole number of at
 * least 1 s (the spec gives only its default), block duration 0-300, probe path starting with `/`.
 */
export function validateHealthCheck(input: HealthCheckInput): FieldIssue[] {
  const interval = parseInteger(input.interval);
  return [
    ...onField('failureThreshold', validateIntegerRange(input.failureThreshold, HEALTH_FAILURE_THRESHOLD_RANGE)),
    ...onField('interval', interval !== null && interval >= 1 ? null : issue('common.positive-integer')),
    ...onField('blockDuration', validateIntegerRange(input.blockDuration, HEALTH_BLOCK_RANGE)),
    ...onField('path', input.path === undefined ? null : validateStartsWithSlash(input.path)),
  ];
}

/** Upload size setting: 10-500 MB (rules §5 Origin and performance). */
export function validateUploadSize(megabytes: string | number | null | undefined): RuleIssue | null {
  return validateIntegerRange(megabytes, UPLOAD_SIZE_MB_RANGE, 'origin.upload-size-range');
}

/** Request frequency window: 1-20 s (rules §5 Origin and performance; the WAF's rate conditions use it too). */
export function validateRequestWindow(seconds: string | number | null | undefined): RuleIssue | null {
  return validateIntegerRange(seconds, REQUEST_WINDOW_RANGE, 'origin.request-window-range');
}

/** Custom request header name: letters, digits, `-` and `_`, 1-100 characters (rules §5 Origin and performance). */
export function validateHeaderName(value: string | null | undefined): RuleIssue | null {
  const text = (value ?? '').trim();
  if (text.length === 0) return issue('common.required');
  if (text.length > HEADER_NAME_LENGTH.max) return issue('common.too-long', { max: HEADER_NAME_LENGTH.max });
  return /^[A-Za-z0-9_-]+$/.test(text) ? null : issue('origin.header-name-format');
}

/** Matching content: 1-1000 characters, no Chinese (rules §5 Origin and performance). */
export function validateMatchContent(value: string | null | undefined): RuleIssue | null {
  const text = (value ?? '').trim();
  if (text.length === 0) return issue('common.required');
  if (charLength(text) > MATCH_CONTENT_LENGTH.max) return issue('common.too-long', { max: MATCH_CONTENT_LENGTH.max });
  return containsChinese(text) ? issue('origin.no-chinese') : null;
}

/** Custom response headers: at most 8 (rules §5 Origin and performance). */
export function validateResponseHeaderCount(count: number): RuleIssue | null {
  return count > CUSTOM_RESPONSE_HEADERS_MAX ? issue('origin.response-headers-limit', { max: CUSTOM_RESPONSE_HEADERS_MAX }) : null;
}

/** A cache duration: a whole number of units, at most one year (rules §5 Origin and performance). */
export function validateCacheDuration(value: string | number | null | undefined, unit: CacheTimeUnit): RuleIssue | null {
  const parsed = parseInteger(value);
  if (parsed === null || parsed < 0) return issue('common.non-negative-integer');
  return parsed * CACHE_TIME_UNIT_SECONDS[unit] > CACHE_MAX_SECONDS ? issue('origin.cache-duration-max') : null;
}

/** Whether a new cache or non-cache entry fits: 200 of each (rules §5, rules §8 "The number of cache rules has reached the maximum"). */
export function validateCacheRuleCount(kind: 'cache' | 'non-cache', existing: number): RuleIssue | null {
  const max = kind === 'cache' ? CACHE_RULES_MAX : NON_CACHE_RULES_MAX;
  return existing >= max ? issue('origin.cache-rules-limit', { max }) : null;
}

/** Cache rule name: required, at most 64 characters (rules §5 Origin and performance). */
export function validateCacheRuleName(value: string | null | undefined): RuleIssue | null {
  if (isBlank(value)) return issue('common.required');
  return charLength(value!.trim()) > CACHE_RULE_NAME_MAX_LENGTH ? issue('common.too-long', { max: CACHE_RULE_NAME_MAX_LENGTH }) : null;
}

/** The default cache rule cannot be edited or deleted (rules §5 Origin and performance, rules §6). */
export function validateCacheRuleEditable(rule: { isDefault: boolean; builtIn?: boolean }): RuleIssue | null {
  return rule.isDefault || rule.builtIn ? issue('origin.default-cache-rule-readonly') : null;
}

/** Edge TTL in seconds of the default rule for a status code, or 0 when the status is not cached (rules §9). */
export function defaultCacheSeconds(status: number): number {
  return DEFAULT_CACHE_POLICY.statusSeconds[status] ?? 0;
}

/** Heuristic lifetime from Last-Modified: 10% of the age, clamped to 10-3600 s (rules §9 "Default cache"). */
export function lastModifiedHeuristicSeconds(ageSeconds: number): number {
  const { heuristicFraction, heuristicMinSeconds, heuristicMaxSeconds } = DEFAULT_CACHE_POLICY;
  const seconds = Math.floor(Math.max(0, ageSeconds) * heuristicFraction);
  return Math.min(heuristicMaxSeconds, Math.max(heuristicMinSeconds, seconds));
}

/** Redirect port: 0-65535 (rules §5 Origin and performance). */
export function validateRedirectPort(value: string | number | null | undefined): RuleIssue | null {
  return validatePort(value, REDIRECT_PORT_RANGE);
}

/** HTTP-to-HTTPS jump port: 1-65535 (rules §5 Origin and performance). */
export function validateJumpPort(value: string | number | null | undefined): RuleIssue | null {
  return validatePort(value, JUMP_PORT_RANGE);
}

/**
 * A redirect target (rules §5 Origin and performance): an http(s) URL; with implicit forwarding on a site that has
 * HTTPS on, the target must be https, since a browser would block a plain-HTTP frame inside an HTTPS page.
 */
export function validateRedirectTarget(value: string | null | undefined, context: { implicit: boolean; httpsEnabled: boolean }): RuleIssue | null {
  const found = validateHttpUrl(value);
  if (found !== null) return found;
  if (context.implicit && context.httpsEnabled && parseHttpUrl(value!.trim())?.scheme !== 'https') {
    return issue('origin.implicit-forward-https');
  }
  return null;
}

/** Forwarding ports submitted at once: at most 100, or 1000 for the application protection product (rules §5). */
export function validateL4PortCount(count: number, product: 'standard' | 'application' = 'standard'): RuleIssue | null {
  const max = product === 'application' ? L4_PORTS_MAX_APPLICATION : L4_PORTS_MAX;
  return count > max ? issue('origin.l4-too-many-ports', { max }) : null;
}

/** A layer-4 record as batch edit compares it. */
export interface L4RecordInput {
  /** Source (origin) port. */
  sourcePort: number | string;
  /** The package the record belongs to. */
  packageId: string | number;
  /** Source IPs. */
  sourceIps: readonly string[];
}

/** Batch edit needs the same source port, package and source IP array on every record (rules §5 Origin and performance). */
export function validateL4BatchEdit(records: readonly L4RecordInput[]): RuleIssue | null {
  if (records.length === 0) return issue('origin.l4-select-records');
  // The source IPs are compared as a set written in any order.
  const signature = (record: L4RecordInput): string =>
    `${String(record.sourcePort).trim()}|${String(record.packageId)}|${[...record.sourceIps].map((ip) => ip.trim()).sort().join(',')}`;
  const first = signature(records[0]!);
  return records.every((record) => signature(record) === first) ? null : issue('origin.l4-batch-mismatch');
}
