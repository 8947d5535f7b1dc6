/**
 * Reads the cache groups of a `V4/web.domain.set.save` body into the shapes `core/rules/cache.ts` checks. Anything of
 * the wrong type becomes a value the rules refuse (an empty string, an unknown option), never a crash; the rules then
 * name the field with the same message key the editor shows.
 */
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import type { BrowserCacheSettings, CacheRuleSave, CdnAdvanceCacheSave } from '../../../../core/api/endpoints/domain-settings.js';
import { CACHE_RULES_MAX, NON_CACHE_RULES_MAX } from '../../../../core/rules/origin.js';
import { MATCH_CONDITIONS_MAX, type MatchConditionInput } from '../../../../core/rules/waf.js';
import type { CacheRuleInput, ErrorCacheInput } from '../../../../core/rules/cache.js';
import { issue, onField } from '../../../../core/rules/types.js';
import { positiveId } from '../../platform/http/readers.js';

/** Rules read from one body: the two limits, plus one so an oversized list is refused by the limit rule, not cut. */
const RULES_READ_MAX = CACHE_RULES_MAX + NON_CACHE_RULES_MAX + 1;
/** Error rows read per rule: one per error status code at most. */
const ERROR_ROWS_READ_MAX = 200;
/** Longest text field read; every rule on text is far below it. */
const TEXT_READ_MAX = 4000;

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, TEXT_READ_MAX) : '';
}

/** A number or numeric string as typed; anything else becomes '' (refused as not a whole number). */
function amount(value: unknown): number | string {
  return typeof value === 'number' || typeof value === 'string' ? value : '';
}

function readCondition(raw: unknown): MatchConditionInput {
  const source = record(raw);
  const condition: MatchConditionInput = {
    type: text(source.type) as MatchConditionInput['type'],
    operator: text(source.operator),
    value: typeof source.value === 'string' ? text(source.value) : Array.isArray(source.value) ? source.value.map(text) : '',
  };
  if (source.name !== undefined && source.name !== null) condition.name = text(source.name);
  if (source.window !== undefined && source.window !== null) condition.window = amount(source.window);
  return condition;
}

function readErrorRow(raw: unknown): ErrorCacheInput {
  const source = record(raw);
  return { code: amount(source.code), ttl: amount(source.ttl), unit: text(source.unit) as ErrorCacheInput['unit'] };
}

/** One rule of the list; `id` is kept only when it is a positive integer. */
export function readCacheRule(raw: unknown): CacheRuleSave {
  const source = record(raw);
  const conditions = Array.isArray(source.conditions) ? source.conditions.slice(0, MATCH_CONDITIONS_MAX + 1).map(readCondition) : [];
  const errors = Array.isArray(source.error_cache) ? source.error_cache.slice(0, ERROR_ROWS_READ_MAX).map(readErrorRow) : [];
  const shareId = source.share_domain_id === null || source.share_domain_id === undefined ? null : (positiveId(source.share_domain_id) ?? -1);
  const rule: CacheRuleInput = {
    name: text(source.name),
    request_rule: text(source.request_rule) as CacheRuleInput['request_rule'],
    conditions,
    action: text(source.action) as CacheRuleInput['action'],
    match_type: text(source.match_type) as CacheRuleInput['match_type'],
    match_content: text(source.match_content),
    mode: text(source.mode) as CacheRuleInput['mode'],
    edge_ttl: amount(source.edge_ttl),
    edge_ttl_unit: text(source.edge_ttl_unit) as CacheRuleInput['edge_ttl_unit'],
    browser_mode: text(source.browser_mode) as CacheRuleInput['browser_mode'],
    browser_ttl: amount(source.browser_ttl),
    browser_ttl_unit: text(source.browser_ttl_unit) as CacheRuleInput['browser_ttl_unit'],
    error_cache: errors,
    query_mode: text(source.query_mode) as CacheRuleInput['query_mode'],
    query_params: text(source.query_params),
    cookie_mode: text(source.cookie_mode) as CacheRuleInput['cookie_mode'],
    cookie_names: text(source.cookie_names),
    ignore_case: source.ignore_case === true,
    sort_query: source.sort_query === true,
    share_domain_id: shareId,
    status: text(source.status) as CacheRuleInput['status'],
  };
  const id = positiveId(source.id);
  return id === null ? rule : { ...rule, id };
}

/** The `cdn_advance_cache` group: its revision and rule list. Issues name `cdn_advance_cache.revision` and `.rules`. */
export function readCdnAdvanceCacheSave(raw: unknown): { value: CdnAdvanceCacheSave; issues: FieldIssue[] } {
  const source = record(raw);
  const issues: FieldIssue[] = [];
  const revision = typeof source.revision === 'number' && Number.isSafeInteger(source.revision) && source.revision >= 0 ? source.revision : null;
  if (revision === null) issues.push(...onField('cdn_advance_cache.revision', issue('common.non-negative-integer')));
  if (!Array.isArray(source.rules)) issues.push(...onField('cdn_advance_cache.rules', issue('common.required')));
  const rules = Array.isArray(source.rules) ? source.rules.slice(0, RULES_READ_MAX).map(readCacheRule) : [];
  return { value: { revision: revision ?? 0, rules }, issues };
}

/** The `browser_cache` group: `on` or `off`. */
export function readBrowserCacheSave(raw: unknown): { value: BrowserCacheSettings; issues: FieldIssue[] } {
  const status = record(raw).status;
  if (status === 'on' || status === 'off') return { value: { status }, issues: [] };
  return { value: { status: 'on' }, issues: onField('browser_cache.status', issue('cache.option-invalid')) };
}
