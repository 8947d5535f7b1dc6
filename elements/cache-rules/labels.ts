/**
 * Texts of the cache rule list: the catalogue keys of every option (written out so the catalogue tests and a key
 * search find each one), a rule's TTL as configured ("30 days") and one-line summaries of its parts.
 */
import type { TFunction } from '../../core/i18n/i18n.js';
import type {
  BrowserCacheMode,
  BuiltInCacheRule,
  CacheAction,
  CacheMatchType,
  CacheMode,
  CacheRuleInput,
  CacheRuleStatus,
  CookieMode,
  QueryStringMode,
  RequestRuleKind,
} from '../../core/rules/cache.js';
import type { CacheTimeUnit } from '../../core/rules/origin.js';
import type { DEVICE_TYPES } from '../../core/rules/match-catalogue.js';
import { splitMultiValue } from '../../core/rules/multi-value.js';
import type { EdgeReason } from '../../core/match/cache.js';
import { describeConditions } from '../../core/ui/parts/condition-builder/preview.js';
import { fromConditionInput } from '../../core/ui/parts/condition-builder/model.js';

/** Execution methods. */
export const ACTION_KEYS: Record<CacheAction, string> = { cache: 'execution.cache', 'no-cache': 'execution.no-cache' };
/** Cache types. */
export const MATCH_TYPE_KEYS: Record<CacheMatchType, string> = {
  extension: 'match-type.extension',
  path: 'match-type.path',
  exact: 'match-type.exact',
  fuzzy: 'match-type.fuzzy',
  guest: 'match-type.guest',
};
/** What each cache type's matching content is, under the field. */
export const MATCH_HINT_KEYS: Record<CacheMatchType, string> = {
  extension: 'match-hint.extension',
  path: 'match-hint.path',
  exact: 'match-hint.exact',
  fuzzy: 'match-hint.fuzzy',
  guest: 'match-hint.guest',
};
/** Cache modes. */
export const MODE_KEYS: Record<CacheMode, string> = {
  override: 'mode.override',
  'origin-first': 'mode.origin-first',
  'follow-origin': 'mode.follow-origin',
};
/** Browser cache modes. */
export const BROWSER_MODE_KEYS: Record<BrowserCacheMode, string> = { 'follow-origin': 'browser-mode.follow-origin', override: 'browser-mode.override' };
/** Query string handling. */
export const QUERY_MODE_KEYS: Record<QueryStringMode, string> = {
  'keep-all': 'query-mode.keep-all',
  'ignore-all': 'query-mode.ignore-all',
  keep: 'query-mode.keep',
  ignore: 'query-mode.ignore',
};
/** Cookie handling. */
export const COOKIE_MODE_KEYS: Record<CookieMode, string> = { ignore: 'cookie-mode.ignore', keep: 'cookie-mode.keep' };
/** Rule statuses. */
export const STATUS_KEYS: Record<CacheRuleStatus, string> = { enabled: 'status.enabled', suspended: 'status.suspended' };
/** Request rule kinds. */
export const REQUEST_RULE_KEYS: Record<RequestRuleKind, string> = { all: 'request-rule.all', custom: 'request-rule.custom' };
/** Time unit names for the unit pickers. */
export const UNIT_NAME_KEYS: Record<CacheTimeUnit, string> = {
  second: 'unit-name.second',
  minute: 'unit-name.minute',
  hour: 'unit-name.hour',
  day: 'unit-name.day',
  month: 'unit-name.month',
  year: 'unit-name.year',
};
/** Device types the tester offers (the edge tells them apart from the User-Agent). */
export const DEVICE_KEYS: Record<(typeof DEVICE_TYPES)[number], string> = {
  pc: 'tester.device-pc',
  mobile: 'tester.device-mobile',
  tablet: 'tester.device-tablet',
  other: 'tester.device-other',
};
/** A count of a time unit, with plurals ("1 day", "30 days"). */
const UNIT_COUNT_KEYS: Record<CacheTimeUnit, string> = {
  second: 'unit-count.second',
  minute: 'unit-count.minute',
  hour: 'unit-count.hour',
  day: 'unit-count.day',
  month: 'unit-count.month',
  year: 'unit-count.year',
};
/** Why the edge keeps a response as long as it does, in the tester. */
export const EDGE_REASON_KEYS: Record<EdgeReason, string> = {
  'rule-ttl': 'tester.reason.rule-ttl',
  'origin-header': 'tester.reason.origin-header',
  heuristic: 'tester.reason.heuristic',
  'default-status': 'tester.reason.default-status',
  'error-row': 'tester.reason.error-row',
  'no-cache-rule': 'tester.reason.no-cache-rule',
  'origin-forbids': 'tester.reason.origin-forbids',
  'status-not-cached': 'tester.reason.status-not-cached',
  'ttl-zero': 'tester.reason.ttl-zero',
};

/** Names of the built-in rules by key; a key the console does not know shows the name the server sent. */
const BUILT_IN_NAME_KEYS: Readonly<Record<string, string>> = { 'dynamic-pages': 'built-in.dynamic-pages' };

/** A built-in rule's name in the UI language. */
export function builtInName(t: TFunction, rule: BuiltInCacheRule): string {
  return Object.hasOwn(BUILT_IN_NAME_KEYS, rule.key) ? t(BUILT_IN_NAME_KEYS[rule.key]!) : rule.name;
}

/** A TTL as configured: "30 days". */
export function ttlText(t: TFunction, value: number | string, unit: CacheTimeUnit): string {
  return t(UNIT_COUNT_KEYS[unit], { count: Number(value) });
}

/** The request rule in one line: "All requests", or the condition builder's preview of the expression. */
export function requestRuleText(t: TFunction, tBuilder: TFunction, rule: CacheRuleInput): string {
  if (rule.request_rule === 'all') return t(REQUEST_RULE_KEYS.all);
  return describeConditions(tBuilder, rule.conditions.map((condition) => fromConditionInput(condition, 'summary')));
}

/** The cache type and its content: "File extension: jpg, png". */
export function matchText(t: TFunction, rule: CacheRuleInput): string {
  return t('summary.match', { type: t(MATCH_TYPE_KEYS[rule.match_type]), content: splitMultiValue(rule.match_content).join(', ') });
}

/** The edge column: "Do not cache", or the mode and TTL. */
export function edgeText(t: TFunction, rule: CacheRuleInput): string {
  if (rule.action === 'no-cache') return t(ACTION_KEYS['no-cache']);
  if (rule.mode === 'follow-origin') return t(MODE_KEYS['follow-origin']);
  const ttl = ttlText(t, rule.edge_ttl, rule.edge_ttl_unit);
  return rule.mode === 'override' ? ttl : t('summary.origin-first', { ttl });
}

/** The browser column: the rule's max-age, or "Origin's Cache-Control". */
export function browserText(t: TFunction, rule: CacheRuleInput): string {
  return rule.browser_mode === 'override' ? ttlText(t, rule.browser_ttl, rule.browser_ttl_unit) : t(BROWSER_MODE_KEYS['follow-origin']);
}
