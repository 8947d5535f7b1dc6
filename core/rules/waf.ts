/**
 * Match rules and WAF (rules §5 Match rules and WAF; rules §9 "Conditions per rule AND 5, OR 20", "Visitor auth
 * tolerance 1 hour", "Replay window options").
 */
import { validateBatch, type BatchResult } from './batch.js';
import { charLength, isBlank, parseInteger, utf8ByteLength, validateIntegerRange, type Bounds } from './common.js';
import { isDomain, isWildcardDomain } from './domain.js';
import { validateIpOrCidr } from './ip.js';
import {
  FINGERPRINT_FORMATS,
  isMatchOperator,
  isValuelessOperator,
  LIST_OPERATORS,
  matchTypeSpec,
  maxRowsOf,
  parseTimeRange,
  type MatchOperator,
} from './match-catalogue.js';
import { splitMultiValue } from './multi-value.js';
import { validateHeaderName, validateMatchContent, validatePort, validateRequestWindow } from './origin.js';
import { validatePcre } from './pcre.js';
import { issue, onField, type FieldIssue, type RuleIssue } from './types.js';
import { validateWafAction, type WafActionInput } from './waf-actions.js';

/** Conditions per rule, combined by AND (rules §5 Match rules, rules §9: 5). */
export const MATCH_CONDITIONS_MAX = 5;
/** Rows of one condition's OR list (rules §5 Match rules, rules §9: 20). */
export const MATCH_OR_ROWS_MAX = 20;
/** Rule set name length (rules §5 Match rules and WAF: at most 32). */
export const RULE_SET_NAME_MAX_LENGTH = 32;
/** Rule set description length (rules §5 Match rules and WAF: at most 64). */
export const RULE_SET_DESCRIPTION_MAX_LENGTH = 64;
/** Rule remark length in UTF-8 bytes (rules §5 Match rules and WAF: at most 255 bytes). */
export const RULE_REMARK_MAX_BYTES = 255;
/** CSRF, replay-protection and exception path length (rules §5 Match rules and WAF: at most 128). */
export const PROTECTED_PATH_MAX_LENGTH = 128;
/** How far a visitor-authentication timestamp may be from now, in seconds (rules §5, rules §9: 1 hour). */
export const VISITOR_AUTH_TOLERANCE_SECONDS = 3600;
/** Replay protection window options in minutes (rules §9 "Replay window options 5, 10, 15 minutes"). */
export const REPLAY_WINDOW_MINUTES: readonly number[] = [5, 10, 15];
/**
 * First day with JA3/JA3N/JA4/JA4H fingerprint data (rules §5 Match rules). The spec also reads 2019-12-19; this takes
 * the stricter 2024-12-19, the later date, so the console never offers a range that may hold no data.
 */
export const FINGERPRINT_DATA_START = '2024-12-19';
/** The fingerprint start as a timestamp: midnight Beijing time (log times are UTC+8, rules §9). */
export const FINGERPRINT_DATA_START_MS = Date.UTC(2024, 11, 18, 16, 0, 0);

/**
 * Match types (rules §5 Match rules and WAF). The spec's list, plus `ip` (its "IP match") and `url` (the path that
 * the per-URL rate and the CSRF paths imply).
 */
export const MATCH_TYPES = [
  'ip',
  'url',
  'domain',
  'request-parameter',
  'ja3',
  'ja3n',
  'ja4',
  'ja4h',
  'region',
  'query-string',
  'header',
  'time',
  'method',
  'device-type',
  'ip-type',
  'suffix',
  'ip-rate',
  'url-rate',
  'status-code',
  'referer-domain',
  'protocol',
  'server-port',
  'ip-behaviour',
  'condition-rule',
] as const;
/** A match type. */
export type MatchType = (typeof MATCH_TYPES)[number];
/** Fingerprint match types, whose data starts at {@link FINGERPRINT_DATA_START}. */
export const FINGERPRINT_MATCH_TYPES: readonly MatchType[] = ['ja3', 'ja3n', 'ja4', 'ja4h'];
/** Operators whose targets are PCRE regular expressions (rules §5: "Regular expressions are PCRE"). */
export const REGEX_OPERATORS: readonly string[] = ['regex', 'not-regex'];

/**
 * One condition: a match type, an operator and its targets (the OR rows, or one '|'-joined string). String targets
 * compare case-insensitively (rules §5 "String matching is case-insensitive"); the matcher applies that, this module
 * only checks what may be written.
 */
export interface MatchConditionInput {
  /** What the condition looks at. */
  type: MatchType;
  /** How it compares, e.g. `equals`, `contains`, `regex` (see `MATCH_TYPE_SPECS` for each type's operators). */
  operator: string;
  /** Targets: rows of the OR list, or the '|'-joined string the multi-value input produces. */
  value: string | readonly string[];
  /** The header or request parameter name, for the named types. */
  name?: string | null;
  /** The rate window in seconds, 1-20, for the rate types (rules §5 Origin and performance "Request frequency window"). */
  window?: number | string | null;
  /**
   * The IP list an `in-list`/`not-in-list` IP condition references, by id. Whether the list exists is checked where
   * the lists are stored (the server); here only that one is chosen.
   */
  ip_list_id?: number | null;
  /**
   * A `condition-rule` condition's referenced rule, expanded by the server that stores condition rules: its conditions
   * (ANDed), or `null` when the rule is suspended (rules §4 "a suspended rule has no effect": it never matches).
   * Absent when not expanded (the browser alone): the matcher then answers `unknown`. Never written by a form.
   */
  expanded?: readonly MatchConditionInput[] | null;
}

/**
 * Rules in one rule set: the console fetches a set's rules in one page of 1000 (shell §9 "Firewall policy fetch by
 * mainid per_page 1000"), so a set holds at most that many.
 */
export const RULES_PER_SET_MAX = 1000;
/** Requests counted by a rate condition: the spec gives no bound, so 1-100000 per window. */
export const RATE_COUNT_RANGE: Bounds = { min: 1, max: 100_000 };
/** WAF rule statuses (rules §4 "WAF rule status: enabled, observation, closed"). */
export const WAF_RULE_STATUSES = ['enabled', 'observation', 'closed'] as const;
/** A WAF rule status. */
export type WafRuleStatus = (typeof WAF_RULE_STATUSES)[number];

/**
 * Custom rule sets an account may hold, by package (rules §5 "The number of rule sets has a maximum"; the spec gives
 * no number, so these grow with the package). Built-in sets and the default set do not count.
 */
export const RULE_SETS_MAX_BY_PLAN: Readonly<Record<string, number>> = {
  trial: 5,
  business: 10,
  commercial: 20,
  flagship: 50,
  ultimate: 100,
};

/**
 * One target of a condition, checked for the condition's type and operator: a regular expression is PCRE; an IP
 * target is an address or CIDR; a server port 1-65535; a source status code 100-599; a method one of the HTTP methods
 * (letters); a domain or referer domain a domain name (wildcards allowed); free text 1-1000 characters without Chinese
 * (rules §5 "matching content 1-1000 characters, no Chinese": the stricter reading applies it to every text target,
 * so a Chinese path is written percent-encoded, as the edge sees it); a suffix letters and digits; a fingerprint the
 * format of its type; a region a region key; a time range `start~end` in order; a rate count 1-100000.
 */
export function validateMatchTarget(type: MatchType, operator: string, target: string): RuleIssue | null {
  if (REGEX_OPERATORS.includes(operator)) return validatePcre(target);
  const text = target.trim();
  if (text.length === 0) return issue('common.required');
  switch (type) {
    case 'ip':
      return validateIpOrCidr(text);
    case 'server-port':
      return validatePort(text);
    case 'status-code': {
      const code = parseInteger(text);
      return code !== null && code >= 100 && code <= 599 ? null : issue('waf.status-code-format');
    }
    case 'method':
      return /^[A-Za-z]+$/.test(text) ? null : issue('common.format-error');
    case 'domain':
    case 'referer-domain':
      return isDomain(text, { wildcard: true }) ? null : issue('domain.format-error');
    case 'url':
    case 'query-string':
    case 'header':
    case 'request-parameter':
      return validateMatchContent(text);
    case 'suffix':
      return /^[A-Za-z0-9]{1,16}$/.test(text) ? null : issue('waf.suffix-format');
    case 'ja3':
    case 'ja3n':
    case 'ja4':
    case 'ja4h':
      return FINGERPRINT_FORMATS[type].test(text) ? null : issue('waf.fingerprint-format', { name: type.toUpperCase() });
    case 'region':
      return /^[A-Z]{2,8}(-[A-Z0-9]{1,3})?$/.test(text) ? null : issue('waf.region-unknown', { name: text });
    case 'time': {
      const range = parseTimeRange(text);
      if (range === null) return issue('waf.time-range-format');
      return range.end > range.start ? null : issue('waf.time-range-order');
    }
    case 'ip-rate':
    case 'url-rate':
      return validateIntegerRange(text, RATE_COUNT_RANGE, 'waf.rate-count-range');
    case 'condition-rule':
      return validateConditionRuleReference(text);
    case 'device-type':
    case 'ip-type':
    case 'ip-behaviour':
    case 'protocol': {
      const options = matchTypeSpec(type).options ?? [];
      return options.includes(text.toLowerCase()) ? null : issue('waf.option-invalid');
    }
    default:
      return null;
  }
}

/** A request parameter name: 1-100 visible ASCII characters other than the separators `&`, `=` and `#`. */
export function validateParameterName(value: string | null | undefined): RuleIssue | null {
  const text = (value ?? '').trim();
  if (text.length === 0) return issue('common.required');
  if (text.length > 100) return issue('common.too-long', { max: 100 });
  return /^[\x21-\x7e]+$/.test(text) && !/[&=#]/.test(text) ? null : issue('waf.parameter-name-format');
}

/**
 * The parts of a condition besides its targets: the operator is one its type offers; the named types have a valid
 * name; the rate types a window of 1-20 s; a list operator a chosen IP list. Issues are on `<field>.operator`,
 * `<field>.name`, `<field>.window` and `<field>.ip_list_id`.
 */
export function validateConditionShape(condition: MatchConditionInput, field: string): FieldIssue[] {
  if (!(MATCH_TYPES as readonly string[]).includes(condition.type)) return onField(`${field}.type`, issue('waf.match-type-invalid'));
  const spec = matchTypeSpec(condition.type);
  if (!isMatchOperator(condition.operator) || !spec.operators.includes(condition.operator as MatchOperator)) {
    return onField(`${field}.operator`, issue('waf.operator-invalid'));
  }
  const issues: FieldIssue[] = [];
  if (spec.named) {
    const name = condition.type === 'header' ? validateHeaderName(condition.name) : validateParameterName(condition.name);
    issues.push(...onField(`${field}.name`, name));
  }
  if (spec.windowed) {
    const window = condition.window === undefined || condition.window === null ? '' : condition.window;
    issues.push(...onField(`${field}.window`, validateRequestWindow(window)));
  }
  if ((LIST_OPERATORS as readonly string[]).includes(condition.operator)) {
    const id = condition.ip_list_id;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) issues.push(...onField(`${field}.ip_list_id`, issue('waf.ip-list-required')));
  }
  return issues;
}

/** The targets of a condition: the '|'-joined form split, separators stripped, empty rows dropped. */
export function conditionTargets(value: string | readonly string[]): string[] {
  return typeof value === 'string' ? splitMultiValue(value) : value.flatMap((row) => splitMultiValue(row));
}

/**
 * The conditions of one rule (rules §5 Match rules and WAF): at least one ("Add at least one rule"), at most 5
 * combined by AND, each with 1-20 OR rows (a rate has one threshold), each row valid for its type; the operator one
 * its type offers, with the name, window or IP list it needs; IP and region match are mutually exclusive; the source
 * status code condition comes last; the domain match type only on a wildcard domain. `siteDomain` is the domain the
 * rule protects, when there is one. Issues are on `conditions` and `conditions.<i>[.value|.name|.window|…]`.
 */
export function validateMatchConditions(conditions: readonly MatchConditionInput[], siteDomain?: string): FieldIssue[] {
  if (conditions.length === 0) return onField('conditions', issue('common.rule-required'));
  if (conditions.length > MATCH_CONDITIONS_MAX) {
    return onField('conditions', issue('waf.too-many-conditions', { max: MATCH_CONDITIONS_MAX }));
  }
  const issues: FieldIssue[] = [];
  const types = conditions.map((condition) => condition.type);
  if (types.includes('ip') && types.includes('region')) issues.push(...onField('conditions', issue('waf.ip-region-exclusive')));
  conditions.forEach((condition, index) => {
    const field = `conditions.${index}`;
    const shape = validateConditionShape(condition, field);
    issues.push(...shape);
    if (shape.some((found) => found.field === `${field}.type` || found.field === `${field}.operator`)) return;
    if (condition.type === 'status-code' && index !== conditions.length - 1) {
      issues.push(...onField(field, issue('waf.status-code-last')));
    }
    if (condition.type === 'domain' && !(siteDomain !== undefined && isWildcardDomain(siteDomain.trim()))) {
      issues.push(...onField(field, issue('waf.domain-match-wildcard-only')));
    }
    if (isValuelessOperator(condition.operator)) return;
    const targets = conditionTargets(condition.value);
    const maxRows = Math.min(MATCH_OR_ROWS_MAX, maxRowsOf(condition.type));
    if (targets.length === 0) {
      issues.push(...onField(`${field}.value`, issue('common.required')));
    } else if (targets.length > maxRows) {
      issues.push(...onField(`${field}.value`, issue('waf.too-many-or-rows', { max: maxRows })));
    } else {
      for (const target of targets) {
        const found = validateMatchTarget(condition.type, condition.operator, target);
        if (found !== null) {
          issues.push(...onField(`${field}.value`, found));
          break;
        }
      }
    }
  });
  return issues;
}

/**
 * A query over fingerprint conditions may not start before the data does (rules §5 Match rules: fingerprint data
 * exists only from {@link FINGERPRINT_DATA_START}). `startMs` is the range start as a timestamp.
 */
export function validateFingerprintRangeStart(startMs: number): RuleIssue | null {
  return startMs < FINGERPRINT_DATA_START_MS ? issue('waf.fingerprint-date', { date: FINGERPRINT_DATA_START }) : null;
}

/** Rule set name: required, at most 32 characters (rules §5 Match rules and WAF). */
export function validateRuleSetName(value: string | null | undefined): RuleIssue | null {
  if (isBlank(value)) return issue('common.required');
  return charLength(value!.trim()) > RULE_SET_NAME_MAX_LENGTH ? issue('common.too-long', { max: RULE_SET_NAME_MAX_LENGTH }) : null;
}

/** Rule set description: optional, at most 64 characters (rules §5 Match rules and WAF). */
export function validateRuleSetDescription(value: string | null | undefined): RuleIssue | null {
  if (isBlank(value)) return null;
  return charLength(value!.trim()) > RULE_SET_DESCRIPTION_MAX_LENGTH
    ? issue('common.too-long', { max: RULE_SET_DESCRIPTION_MAX_LENGTH })
    : null;
}

/** Rule remark: at most 255 UTF-8 bytes, so at most 85 Chinese characters (rules §5, rules §8 "remark too long"). */
export function validateRuleRemark(value: string | null | undefined): RuleIssue | null {
  if (value === null || value === undefined) return null;
  return utf8ByteLength(value) > RULE_REMARK_MAX_BYTES ? issue('waf.remark-too-long', { max: RULE_REMARK_MAX_BYTES }) : null;
}

/** Where a rule set comes from (rules §3). */
export type RuleSetAttribution = 'built-in' | 'custom' | 'default';

/** Rule sets that are bound to a domain or are the default cannot be deleted (rules §5 Match rules and WAF). */
export function validateRuleSetDeletable(ruleSet: { attribution: RuleSetAttribution; boundDomains: number }): RuleIssue | null {
  if (ruleSet.attribution === 'default') return issue('waf.rule-set-default-undeletable');
  if (ruleSet.attribution === 'built-in') return issue('waf.rule-set-built-in-undeletable');
  return ruleSet.boundDomains > 0 ? issue('waf.rule-set-bound-undeletable', { count: ruleSet.boundDomains }) : null;
}

/**
 * Whether one more rule set fits (rules §5: "The number of rule sets has a maximum", rules §8 "The number of rule sets
 * has reached the maximum"). The spec does not give the number, so the plan's maximum is passed in.
 */
export function validateRuleSetCount(existing: number, max: number): RuleIssue | null {
  return existing >= max ? issue('waf.rule-sets-limit', { max }) : null;
}

/** The rule-set form. */
export interface RuleSetInput {
  /** Name, at most 32. */
  name: string;
  /** Description, at most 64. */
  description?: string;
}

/** Checks the rule-set form; issues name the fields of {@link RuleSetInput}. */
export function validateRuleSet(input: RuleSetInput): FieldIssue[] {
  return [...onField('name', validateRuleSetName(input.name)), ...onField('description', validateRuleSetDescription(input.description))];
}

/** A WAF rule as the rule form edits it. */
export interface WafRuleInput {
  /** Conditions combined by AND. */
  conditions: readonly MatchConditionInput[];
  /** Remark, at most 255 bytes. */
  remark?: string;
}

/** Checks a rule: its conditions and remark (rules §5 Match rules and WAF). */
export function validateWafRule(rule: WafRuleInput, siteDomain?: string): FieldIssue[] {
  return [...validateMatchConditions(rule.conditions, siteDomain), ...onField('remark', validateRuleRemark(rule.remark))];
}

/** A WAF rule as the rule form saves it: conditions, remark, disposal action and status. */
export interface WafRuleFormInput extends WafRuleInput {
  /** What the rule does when it matches (rules §4). */
  action: WafActionInput;
  /** Enabled, observation or closed (rules §4). */
  status: string;
}

/** Checks the whole rule form: {@link validateWafRule}, the action and its parameters, and the status. */
export function validateWafRuleForm(rule: WafRuleFormInput, siteDomain?: string): FieldIssue[] {
  const status = (WAF_RULE_STATUSES as readonly string[]).includes(rule.status) ? null : issue('waf.rule-status-invalid');
  return [...validateWafRule(rule, siteDomain), ...validateWafAction(rule.action), ...onField('status', status)];
}

/** One CSRF, replay-protection or exception path: starts with `/`, at most 128 characters (rules §5). */
export function validateProtectedPath(value: string | null | undefined): RuleIssue | null {
  const text = (value ?? '').trim();
  if (text.length === 0) return issue('common.required');
  if (!text.startsWith('/')) return issue('common.start-with-slash');
  return charLength(text) > PROTECTED_PATH_MAX_LENGTH ? issue('common.too-long', { max: PROTECTED_PATH_MAX_LENGTH }) : null;
}

/** Paths typed one per line (rules §5: "one per line"); repeats are marked. */
export function validateProtectedPaths(text: string): BatchResult {
  return validateBatch(text, { rule: validateProtectedPath });
}

/**
 * A visitor-authentication timestamp: Unix seconds within one hour of now (rules §5, rules §8 "Illegal or invalid
 * timestamp (difference over one hour)").
 */
export function validateVisitorTimestamp(value: string | number | null | undefined, nowMs: number): RuleIssue | null {
  const text = typeof value === 'number' ? String(value) : (value ?? '').trim();
  if (!/^[0-9]{1,12}$/.test(text)) return issue('waf.timestamp-invalid');
  return Math.abs(Number(text) - nowMs / 1000) > VISITOR_AUTH_TOLERANCE_SECONDS ? issue('waf.timestamp-invalid') : null;
}

/** The parts of a visitor-authentication token. */
export interface VisitorToken {
  /** Unix seconds. */
  timestamp: number;
  /** The random string. */
  nonce: string;
  /** The MD5 digest, 32 hex digits, lower case. */
  md5: string;
}

/**
 * Splits a token `timestamp|nonce|md5` (rules §5: "timestamp, nonce and MD5 joined by a pipe"); `null` when it does
 * not have that shape: three parts, digits, a non-empty nonce of visible ASCII without a pipe, 32 hex digits.
 */
export function parseVisitorToken(token: string): VisitorToken | null {
  const parts = token.trim().split('|');
  if (parts.length !== 3) return null;
  const [timestamp, nonce, md5] = parts as [string, string, string];
  if (!/^[0-9]{1,12}$/.test(timestamp) || !/^[\x21-\x7e]+$/.test(nonce) || !/^[0-9a-fA-F]{32}$/.test(md5)) return null;
  return { timestamp: Number(timestamp), nonce, md5: md5.toLowerCase() };
}

/** A visitor-authentication token: the format, then its timestamp within one hour of now (rules §5). */
export function validateVisitorToken(token: string | null | undefined, nowMs: number): RuleIssue | null {
  if (isBlank(token)) return issue('common.required');
  const parsed = parseVisitorToken(token!);
  if (parsed === null) return issue('waf.token-format');
  return validateVisitorTimestamp(parsed.timestamp, nowMs);
}

/** Replay protection window: one of 5, 10, 15 minutes (rules §9). */
export function validateReplayWindow(minutes: string | number | null | undefined): RuleIssue | null {
  const parsed = parseInteger(minutes);
  return parsed !== null && REPLAY_WINDOW_MINUTES.includes(parsed)
    ? null
    : issue('waf.replay-window-option', { options: REPLAY_WINDOW_MINUTES.join(', ') });
}

/**
 * A `condition-rule` target: the id of one of the account's condition rules (rules §3 "Condition rule"). Whether it
 * exists, is the caller's and may be read is checked where the rules are stored (the server); here only its shape.
 */
export function validateConditionRuleReference(target: string): RuleIssue | null {
  return /^[1-9][0-9]{0,15}$/.test(target.trim()) ? null : issue('conditions.rule-reference-required');
}
