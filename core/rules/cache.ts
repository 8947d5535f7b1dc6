/**
 * Cache rules (rules §3 "Cache rule"; rules §5 Origin and performance "Cache"; rules §6 regular expressions for
 * business and flagship plans, built-in rules read-only, globally synchronized strategies view-only; rules §9 "Cache",
 * "Default cache"). The limits themselves (one year, 200 + 200 entries, name 64, the default policy) live in
 * `origin.ts` and are reused here; this module adds the shape of a rule, its options and the checks of a whole rule
 * and of a domain's list.
 */
import { parseInteger, type Bounds } from './common.js';
import { joinMultiValue, splitMultiValue } from './multi-value.js';
import {
  CACHE_RULES_MAX,
  CACHE_TIME_UNIT_SECONDS,
  NON_CACHE_RULES_MAX,
  validateCacheDuration,
  validateCacheRuleName,
  validateMatchContent,
  validateStartsWithSlash,
  type CacheTimeUnit,
} from './origin.js';
import { validatePcre } from './pcre.js';
import { issue, onField, type FieldIssue, type RuleIssue } from './types.js';
import {
  MATCH_OR_ROWS_MAX,
  REGEX_OPERATORS,
  validateMatchConditions,
  validateMatchTarget,
  validateParameterName,
  type MatchConditionInput,
  type MatchType,
} from './waf.js';

/** Time units of rules §3, shortest first. */
export const CACHE_TIME_UNITS = Object.keys(CACHE_TIME_UNIT_SECONDS) as CacheTimeUnit[];
/** Execution methods: cache what matches, or pass it through uncached. Each has its own limit (rules §5: 200 + 200). */
export const CACHE_ACTIONS = ['cache', 'no-cache'] as const;
/** An execution method. */
export type CacheAction = (typeof CACHE_ACTIONS)[number];
/**
 * Cache types (rules §3), each reading the matching content its own way: `extension` file extensions, `path`
 * directory prefixes, `exact` whole paths, `fuzzy` PCRE patterns over the path, `guest` the names of cookies that
 * mark a signed-in visitor (the rule applies to requests carrying none of them).
 */
export const CACHE_MATCH_TYPES = ['extension', 'path', 'exact', 'fuzzy', 'guest'] as const;
/** A cache type. */
export type CacheMatchType = (typeof CACHE_MATCH_TYPES)[number];
/**
 * Cache modes: `override` always uses the rule's edge TTL; `origin-first` uses the origin's Cache-Control when it
 * sends one and the rule's TTL otherwise; `follow-origin` behaves as the default rule of rules §9 does.
 */
export const CACHE_MODES = ['override', 'origin-first', 'follow-origin'] as const;
/** A cache mode. */
export type CacheMode = (typeof CACHE_MODES)[number];
/** Browser TTL: pass the origin's Cache-Control on, or send the rule's own max-age. */
export const BROWSER_CACHE_MODES = ['follow-origin', 'override'] as const;
/** A browser cache mode. */
export type BrowserCacheMode = (typeof BROWSER_CACHE_MODES)[number];
/** Query string handling in the cache key: keep all, ignore all, keep only the listed, ignore only the listed. */
export const QUERY_STRING_MODES = ['keep-all', 'ignore-all', 'keep', 'ignore'] as const;
/** A query string handling. */
export type QueryStringMode = (typeof QUERY_STRING_MODES)[number];
/** Cookie handling in the cache key: ignore cookies, or keep the listed ones. */
export const COOKIE_MODES = ['ignore', 'keep'] as const;
/** A cookie handling. */
export type CookieMode = (typeof COOKIE_MODES)[number];
/** Rule status (rules §4: enabled or suspended; a suspended rule has no effect). */
export const CACHE_RULE_STATUSES = ['enabled', 'suspended'] as const;
/** A rule status. */
export type CacheRuleStatus = (typeof CACHE_RULE_STATUSES)[number];
/** Request rules (rules §3): all requests, or a custom expression of match conditions. */
export const REQUEST_RULE_KINDS = ['all', 'custom'] as const;
/** A request rule kind. */
export type RequestRuleKind = (typeof REQUEST_RULE_KINDS)[number];
/**
 * Match types a custom request expression offers: what a cacheable request carries. Client IP, region, rates,
 * fingerprints and the source status code say who asks or what came back, not which object is cached, so the cache
 * rule editor leaves them out (the shared condition builder takes this list).
 */
export const CACHE_CONDITION_TYPES: readonly MatchType[] = [
  'url',
  'domain',
  'query-string',
  'request-parameter',
  'header',
  'method',
  'suffix',
  'referer-domain',
  'protocol',
  'server-port',
  'device-type',
];
/** Error status codes an error-cache row may name. */
export const ERROR_STATUS_RANGE: Bounds = { min: 400, max: 599 };
/** Longest cookie name accepted in matching content and the cache key. */
export const COOKIE_NAME_MAX_LENGTH = 64;

/** One row of error status code caching: responses with `code` are cached for `ttl` `unit`s. */
export interface ErrorCacheInput {
  code: number | string;
  ttl: number | string;
  unit: CacheTimeUnit;
}

/** A cache rule as the form edits it and the API carries it (every field of rules §3). */
export interface CacheRuleInput {
  /** At most 64 characters. */
  name: string;
  request_rule: RequestRuleKind;
  /** The custom expression (AND of conditions, rules §5); empty for all requests. */
  conditions: MatchConditionInput[];
  /** Execution method. */
  action: CacheAction;
  /** Cache type. */
  match_type: CacheMatchType;
  /** Matching content, `|`-joined. */
  match_content: string;
  /** Cache mode (cache rules only). */
  mode: CacheMode;
  /** Edge cache TTL, used by `override` and `origin-first`. */
  edge_ttl: number | string;
  edge_ttl_unit: CacheTimeUnit;
  browser_mode: BrowserCacheMode;
  /** Browser cache TTL, used by `override`. */
  browser_ttl: number | string;
  browser_ttl_unit: CacheTimeUnit;
  /** Error status code cache. */
  error_cache: ErrorCacheInput[];
  query_mode: QueryStringMode;
  /** Parameter names for `keep` and `ignore`, `|`-joined. */
  query_params: string;
  cookie_mode: CookieMode;
  /** Cookie names for `keep`, `|`-joined. */
  cookie_names: string;
  /** Matching content and the cache key ignore letter case. */
  ignore_case: boolean;
  /** The cache key sorts the query string by name. */
  sort_query: boolean;
  /** Cache sharing: another domain of the account whose cached copies this rule reads and fills; null when off. */
  share_domain_id: number | null;
  status: CacheRuleStatus;
}

/** What validation needs besides the rule. */
export interface CacheRuleContext {
  /** The plan allows regular expressions in cache rules (rules §6: business and flagship plans). */
  regexAllowed: boolean;
  /** The domain the rule belongs to, for the domain match type (only on wildcard domains, rules §5). */
  siteDomain?: string;
}

/** A new rule's values: all requests, cache files by extension for a day, browser follows the origin. */
export function newCacheRule(): CacheRuleInput {
  return {
    name: '',
    request_rule: 'all',
    conditions: [],
    action: 'cache',
    match_type: 'extension',
    match_content: '',
    mode: 'override',
    edge_ttl: 1,
    edge_ttl_unit: 'day',
    browser_mode: 'follow-origin',
    browser_ttl: 1,
    browser_ttl_unit: 'hour',
    error_cache: [],
    query_mode: 'keep-all',
    query_params: '',
    cookie_mode: 'ignore',
    cookie_names: '',
    ignore_case: false,
    sort_query: false,
    share_domain_id: null,
    status: 'enabled',
  };
}

/**
 * Drops what a rule's choices make meaningless, so a hidden field can neither block saving nor be stored: no
 * conditions for all requests; no edge TTL, mode or error rows for a no-cache rule; no edge TTL when following the
 * origin; no browser TTL when passing the origin's on; no names for modes that take none. Browser and server both
 * apply it before checking.
 */
export function normalizeCacheRule(rule: CacheRuleInput): CacheRuleInput {
  const defaults = newCacheRule();
  const caching = rule.action === 'cache';
  return {
    ...rule,
    name: rule.name.trim(),
    conditions: rule.request_rule === 'custom' ? rule.conditions : [],
    match_content: joinMultiValue(splitMultiValue(rule.match_content)),
    mode: caching ? rule.mode : defaults.mode,
    edge_ttl: caching && rule.mode !== 'follow-origin' ? rule.edge_ttl : defaults.edge_ttl,
    edge_ttl_unit: caching && rule.mode !== 'follow-origin' ? rule.edge_ttl_unit : defaults.edge_ttl_unit,
    browser_ttl: rule.browser_mode === 'override' ? rule.browser_ttl : defaults.browser_ttl,
    browser_ttl_unit: rule.browser_mode === 'override' ? rule.browser_ttl_unit : defaults.browser_ttl_unit,
    error_cache: caching ? rule.error_cache : [],
    query_params: rule.query_mode === 'keep' || rule.query_mode === 'ignore' ? joinMultiValue(splitMultiValue(rule.query_params)) : '',
    cookie_names: rule.cookie_mode === 'keep' ? joinMultiValue(splitMultiValue(rule.cookie_names)) : '',
    share_domain_id: caching ? rule.share_domain_id : null,
  };
}

/** True when the rule holds a regular expression: a fuzzy cache type or a regex operator in its expression. */
export function cacheRuleUsesRegex(rule: Pick<CacheRuleInput, 'match_type' | 'request_rule' | 'conditions'>): boolean {
  return rule.match_type === 'fuzzy' || (rule.request_rule === 'custom' && rule.conditions.some((condition) => REGEX_OPERATORS.includes(condition.operator)));
}

/** A cookie name: an HTTP token without the `|` separator, at most 64 characters. */
export function validateCookieName(value: string): RuleIssue | null {
  const text = value.trim();
  if (text.length === 0) return issue('common.required');
  return text.length <= COOKIE_NAME_MAX_LENGTH && /^[A-Za-z0-9!#$%&'*+\-.^_`~]+$/.test(text) ? null : issue('cache.cookie-name-format');
}

function oneOf<T extends string>(options: readonly T[], value: unknown): RuleIssue | null {
  return (options as readonly unknown[]).includes(value) ? null : issue('cache.option-invalid');
}

/** Checks `|`-joined entries: at least one, at most 20 (rules §5 "OR lists at most 20 rows"), each by `rule`. */
function validateEntries(value: string, rule: (entry: string) => RuleIssue | null): RuleIssue | null {
  const entries = splitMultiValue(value);
  if (entries.length === 0) return issue('common.required');
  if (entries.length > MATCH_OR_ROWS_MAX) return issue('cache.too-many-items', { max: MATCH_OR_ROWS_MAX });
  for (const entry of entries) {
    const found = rule(entry);
    if (found !== null) return found;
  }
  return null;
}

/** The check of one matching content entry for a cache type. */
export function validateMatchEntry(type: CacheMatchType, entry: string): RuleIssue | null {
  switch (type) {
    case 'extension':
      return validateMatchTarget('suffix', 'equals', entry.replace(/^\./, ''));
    case 'path':
    case 'exact':
      return validateStartsWithSlash(entry);
    case 'fuzzy':
      return validatePcre(entry);
    case 'guest':
      return validateCookieName(entry);
  }
}

/**
 * Matching content (rules §5 Origin and performance: 1-1000 characters, no Chinese; rules §6: a fuzzy pattern is a
 * regular expression, so only on plans that allow them), each `|`-separated entry valid for the cache type.
 */
export function validateCacheMatchContent(type: CacheMatchType, content: string, regexAllowed: boolean): RuleIssue | null {
  if (type === 'fuzzy' && !regexAllowed) return issue('cache.regex-plan');
  return validateMatchContent(content) ?? validateEntries(content, (entry) => validateMatchEntry(type, entry));
}

/** The error-cache rows: codes 400-599, each once, each duration at most a year. Issues on `error_cache.<i>.<field>`. */
export function validateErrorCache(rows: readonly ErrorCacheInput[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const seen = new Set<number>();
  rows.forEach((row, index) => {
    const code = parseInteger(row.code);
    if (code === null || code < ERROR_STATUS_RANGE.min || code > ERROR_STATUS_RANGE.max) {
      issues.push(...onField(`error_cache.${index}.code`, issue('cache.error-code-range', { ...ERROR_STATUS_RANGE })));
    } else if (seen.has(code)) {
      issues.push(...onField(`error_cache.${index}.code`, issue('cache.error-code-duplicate')));
    } else {
      seen.add(code);
    }
    issues.push(...onField(`error_cache.${index}.unit`, oneOf(CACHE_TIME_UNITS, row.unit)));
    if (CACHE_TIME_UNITS.includes(row.unit)) issues.push(...onField(`error_cache.${index}.ttl`, validateCacheDuration(row.ttl, row.unit)));
  });
  return issues;
}

/**
 * The custom request expression: the match rules of rules §5 (at most 5 conditions, OR lists, IP/region, status code
 * last, domain only on wildcard domains), only the match types of {@link CACHE_CONDITION_TYPES}, and regular
 * expression operators only where the plan allows them (rules §6).
 */
export function validateCacheConditions(conditions: readonly MatchConditionInput[], context: CacheRuleContext): FieldIssue[] {
  const issues: FieldIssue[] = [];
  conditions.forEach((condition, index) => {
    if (!CACHE_CONDITION_TYPES.includes(condition.type)) issues.push(...onField(`conditions.${index}.type`, issue('cache.condition-type-unavailable')));
    else if (!context.regexAllowed && REGEX_OPERATORS.includes(condition.operator)) {
      issues.push(...onField(`conditions.${index}.operator`, issue('cache.regex-plan')));
    }
  });
  if (issues.length > 0) return issues;
  return validateMatchConditions(conditions, context.siteDomain);
}

function durationIssues(field: string, value: number | string, unit: CacheTimeUnit): FieldIssue[] {
  const unitIssue = oneOf(CACHE_TIME_UNITS, unit);
  if (unitIssue) return onField(`${field}_unit`, unitIssue);
  return onField(field, validateCacheDuration(value, unit));
}

/**
 * One cache rule, normalized first (see {@link normalizeCacheRule}): every field of rules §3 with its rule. Issues
 * name the fields of {@link CacheRuleInput} (`name`, `match_content`, `conditions.<i>.value`, `error_cache.<i>.ttl`…).
 */
export function validateCacheRule(input: CacheRuleInput, context: CacheRuleContext): FieldIssue[] {
  const rule = normalizeCacheRule(input);
  const issues: FieldIssue[] = [
    ...onField('name', validateCacheRuleName(rule.name)),
    ...onField('request_rule', oneOf(REQUEST_RULE_KINDS, rule.request_rule)),
    ...onField('action', oneOf(CACHE_ACTIONS, rule.action)),
    ...onField('match_type', oneOf(CACHE_MATCH_TYPES, rule.match_type)),
    ...onField('mode', oneOf(CACHE_MODES, rule.mode)),
    ...onField('browser_mode', oneOf(BROWSER_CACHE_MODES, rule.browser_mode)),
    ...onField('query_mode', oneOf(QUERY_STRING_MODES, rule.query_mode)),
    ...onField('cookie_mode', oneOf(COOKIE_MODES, rule.cookie_mode)),
    ...onField('status', oneOf(CACHE_RULE_STATUSES, rule.status)),
  ];
  if (rule.request_rule === 'custom') issues.push(...validateCacheConditions(rule.conditions, context));
  if (CACHE_MATCH_TYPES.includes(rule.match_type)) {
    issues.push(...onField('match_content', validateCacheMatchContent(rule.match_type, rule.match_content, context.regexAllowed)));
  }
  if (rule.action === 'cache' && rule.mode !== 'follow-origin') issues.push(...durationIssues('edge_ttl', rule.edge_ttl, rule.edge_ttl_unit));
  if (rule.browser_mode === 'override') issues.push(...durationIssues('browser_ttl', rule.browser_ttl, rule.browser_ttl_unit));
  issues.push(...validateErrorCache(rule.error_cache));
  if (rule.query_mode === 'keep' || rule.query_mode === 'ignore') {
    issues.push(...onField('query_params', validateEntries(rule.query_params, validateParameterName)));
  }
  if (rule.cookie_mode === 'keep') issues.push(...onField('cookie_names', validateEntries(rule.cookie_names, validateCookieName)));
  if (rule.share_domain_id !== null && !(Number.isSafeInteger(rule.share_domain_id) && rule.share_domain_id > 0)) {
    issues.push(...onField('share_domain_id', issue('cache.share-domain-invalid')));
  }
  return issues;
}

/** Entries of each execution method in a list. */
export function countCacheRules(rules: readonly Pick<CacheRuleInput, 'action'>[]): Record<CacheAction, number> {
  return {
    cache: rules.filter((rule) => rule.action === 'cache').length,
    'no-cache': rules.filter((rule) => rule.action === 'no-cache').length,
  };
}

/** The most entries of an execution method (rules §5, rules §9: 200 cache and 200 non-cache). */
export function cacheRulesMax(action: CacheAction): number {
  return action === 'cache' ? CACHE_RULES_MAX : NON_CACHE_RULES_MAX;
}

/**
 * A domain's custom rules: at most 200 cache and 200 non-cache entries (rules §5, rules §8 "The number of cache
 * rules has reached the maximum"; built-in rules and the default rule do not count), each rule valid. Issues are on
 * `rules` and `rules.<i>.<field>`.
 */
export function validateCacheRuleList(rules: readonly CacheRuleInput[], context: CacheRuleContext): FieldIssue[] {
  const counts = countCacheRules(rules);
  const issues: FieldIssue[] = [];
  for (const action of CACHE_ACTIONS) {
    if (counts[action] > cacheRulesMax(action)) issues.push(...onField('rules', issue('origin.cache-rules-limit', { max: cacheRulesMax(action) })));
  }
  if (issues.length > 0) return issues;
  rules.forEach((rule, index) => {
    for (const found of validateCacheRule(rule, context)) issues.push({ ...found, field: `rules.${index}.${found.field}` });
  });
  return issues;
}

/** A built-in rule of the platform: shown read-only, matched before the domain's own rules (rules §6). */
export interface BuiltInCacheRule extends CacheRuleInput {
  /** Stable key; its name is translated by the console. */
  key: string;
}

/**
 * The platform's built-in rules. Dynamic pages are never cached: a page built per visitor would otherwise be served to
 * the next one.
 */
export const BUILT_IN_CACHE_RULES: readonly BuiltInCacheRule[] = [
  {
    ...newCacheRule(),
    key: 'dynamic-pages',
    name: 'Dynamic pages',
    action: 'no-cache',
    match_type: 'extension',
    match_content: 'php|jsp|jspx|asp|aspx|do|cgi',
    ignore_case: true,
  },
];
