/**
 * The match catalogue (rules §5 Match rules and WAF): for every match type, the operators it offers, the kind of value
 * its targets are, and the fixed options of the types that choose from a list. Shared by the WAF rule editor and the
 * cache rule editor's custom request expressions (one condition builder reads this), by the matcher in `core/match`
 * and by the reference server's validation, so the three never disagree on what a condition can say.
 */
import type { MatchType } from './waf.js';

/**
 * Operators. Positive operators match when any OR row matches; the negated ones (`not-…`) match when no row does, so
 * "method not-equals GET|POST" reads "neither GET nor POST". `exists`/`not-exists` look only at presence and take no
 * targets; `in-list` references an IP list by id instead of typed targets; `greater-than` compares a rate;
 * `matches`/`not-matches` ask whether a referenced condition rule holds (the conditions match engine).
 */
export const MATCH_OPERATORS = [
  'equals',
  'not-equals',
  'contains',
  'not-contains',
  'prefix',
  'suffix',
  'regex',
  'not-regex',
  'exists',
  'not-exists',
  'in-list',
  'not-in-list',
  'in-range',
  'not-in-range',
  'greater-than',
  'matches',
  'not-matches',
] as const;
/** An operator. */
export type MatchOperator = (typeof MATCH_OPERATORS)[number];

/** Operators that negate the OR list: the condition holds when no row matches. */
export const NEGATED_OPERATORS: readonly MatchOperator[] = ['not-equals', 'not-contains', 'not-regex', 'not-exists', 'not-in-list', 'not-in-range', 'not-matches'];
/** Operators that take no typed targets. */
export const VALUELESS_OPERATORS: readonly MatchOperator[] = ['exists', 'not-exists', 'in-list', 'not-in-list'];
/** Operators that reference an IP list instead of typed targets. */
export const LIST_OPERATORS: readonly MatchOperator[] = ['in-list', 'not-in-list'];

/**
 * What a target is, which decides its editor and its check: free `text` (1-1000 characters, no Chinese), a `domain`
 * (wildcards allowed), an IP or CIDR, a region key of the IP region tree, a `time-range` (Beijing time), a `choice`
 * from fixed options, a file `suffix`, a `fingerprint` of the type's format, a `rate` count, a `status-code`, a `port`.
 */
export type MatchValueKind =
  | 'text'
  | 'domain'
  | 'ip'
  | 'region'
  | 'time-range'
  | 'choice'
  | 'suffix'
  | 'fingerprint'
  | 'rate'
  | 'status-code'
  | 'port'
  | 'condition-rule';

/** One match type's entry. */
export interface MatchTypeSpec {
  /** The match type. */
  type: MatchType;
  /** Operators offered, the default first. */
  operators: readonly MatchOperator[];
  /** What the targets are. */
  value: MatchValueKind;
  /** Needs a field name: the header name or the request parameter name. */
  named?: boolean;
  /** The fixed options of a `choice` type, in display order. */
  options?: readonly string[];
  /** Most OR rows; {@link MATCH_OR_ROWS_MAX_DEFAULT} when absent. A rate has one threshold. */
  maxRows?: number;
  /** Has a time window in seconds (the rate types, 1-20 s). */
  windowed?: boolean;
}

/** OR rows of one condition unless the type says less (rules §5, rules §9 "OR 20"). */
export const MATCH_OR_ROWS_MAX_DEFAULT = 20;

const TEXT_OPERATORS: readonly MatchOperator[] = ['equals', 'not-equals', 'contains', 'not-contains', 'prefix', 'suffix', 'regex', 'not-regex'];
const SET_OPERATORS: readonly MatchOperator[] = ['equals', 'not-equals'];

/** HTTP methods a method condition chooses from. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE', 'CONNECT'] as const;
/** Device types the edge tells apart from the User-Agent. */
export const DEVICE_TYPES = ['pc', 'mobile', 'tablet', 'other'] as const;
/** IP types of the edge's IP intelligence: data centre, proxy, dynamic dial-up, mobile base station. */
export const IP_TYPES = ['idc', 'proxy', 'dynamic-dial', 'base-station'] as const;
/** Request protocols (shell §3 option enums: 0 HTTP, 1 HTTPS). */
export const REQUEST_PROTOCOLS = ['http', 'https'] as const;
/** Verdicts of IP behaviour analysis (rules §2 "IP behaviour analysis" card). */
export const IP_BEHAVIOURS = ['scanner', 'brute-force', 'malicious-crawler', 'cc-attack', 'spam'] as const;

/** Every match type with its operators and value kind, in the order the builder offers them. */
export const MATCH_TYPE_SPECS: readonly MatchTypeSpec[] = [
  { type: 'ip', operators: ['equals', 'not-equals', 'in-list', 'not-in-list'], value: 'ip' },
  { type: 'region', operators: SET_OPERATORS, value: 'region' },
  { type: 'url', operators: TEXT_OPERATORS, value: 'text' },
  { type: 'domain', operators: ['equals', 'not-equals', 'regex', 'not-regex'], value: 'domain' },
  { type: 'query-string', operators: TEXT_OPERATORS, value: 'text' },
  { type: 'request-parameter', operators: [...TEXT_OPERATORS, 'exists', 'not-exists'], value: 'text', named: true },
  { type: 'header', operators: [...TEXT_OPERATORS, 'exists', 'not-exists'], value: 'text', named: true },
  { type: 'method', operators: SET_OPERATORS, value: 'choice', options: HTTP_METHODS },
  { type: 'suffix', operators: SET_OPERATORS, value: 'suffix' },
  { type: 'referer-domain', operators: ['equals', 'not-equals', 'regex', 'not-regex', 'exists', 'not-exists'], value: 'domain' },
  { type: 'protocol', operators: SET_OPERATORS, value: 'choice', options: REQUEST_PROTOCOLS },
  { type: 'server-port', operators: SET_OPERATORS, value: 'port' },
  { type: 'device-type', operators: SET_OPERATORS, value: 'choice', options: DEVICE_TYPES },
  { type: 'ip-type', operators: SET_OPERATORS, value: 'choice', options: IP_TYPES },
  { type: 'ip-behaviour', operators: SET_OPERATORS, value: 'choice', options: IP_BEHAVIOURS },
  { type: 'time', operators: ['in-range', 'not-in-range'], value: 'time-range' },
  { type: 'ja3', operators: SET_OPERATORS, value: 'fingerprint' },
  { type: 'ja3n', operators: SET_OPERATORS, value: 'fingerprint' },
  { type: 'ja4', operators: SET_OPERATORS, value: 'fingerprint' },
  { type: 'ja4h', operators: SET_OPERATORS, value: 'fingerprint' },
  { type: 'ip-rate', operators: ['greater-than'], value: 'rate', maxRows: 1, windowed: true },
  { type: 'url-rate', operators: ['greater-than'], value: 'rate', maxRows: 1, windowed: true },
  { type: 'status-code', operators: SET_OPERATORS, value: 'status-code' },
  // The conditions match engine (shell §4 condition_source): one referenced condition rule per condition, so a
  // reference names exactly one rule whose citations can be counted and whose deletion can be refused.
  { type: 'condition-rule', operators: ['matches', 'not-matches'], value: 'condition-rule', maxRows: 1 },
];

/** Match types offered only where the conditions match engine is on (shell §4 `condition_source`). */
export const ENGINE_MATCH_TYPES: readonly MatchType[] = ['condition-rule'];

const SPECS_BY_TYPE = new Map(MATCH_TYPE_SPECS.map((spec) => [spec.type, spec]));

/** The catalogue entry of a match type. */
export function matchTypeSpec(type: MatchType): MatchTypeSpec {
  const spec = SPECS_BY_TYPE.get(type);
  if (!spec) throw new Error(`Unknown match type ${type}`);
  return spec;
}

/** True for a known operator name. */
export function isMatchOperator(value: string): value is MatchOperator {
  return (MATCH_OPERATORS as readonly string[]).includes(value);
}

/** True when the operator negates its OR list. */
export function isNegatedOperator(operator: string): boolean {
  return (NEGATED_OPERATORS as readonly string[]).includes(operator);
}

/** True when the operator takes no typed targets. */
export function isValuelessOperator(operator: string): boolean {
  return (VALUELESS_OPERATORS as readonly string[]).includes(operator);
}

/** The most OR rows a type takes. */
export function maxRowsOf(type: MatchType): number {
  return matchTypeSpec(type).maxRows ?? MATCH_OR_ROWS_MAX_DEFAULT;
}

/** Formats of the TLS and HTTP fingerprints (JA3/JA3N: MD5; JA4/JA4H: the FoxIO formats, lower case). */
export const FINGERPRINT_FORMATS: Record<'ja3' | 'ja3n' | 'ja4' | 'ja4h', RegExp> = {
  ja3: /^[0-9a-f]{32}$/i,
  ja3n: /^[0-9a-f]{32}$/i,
  ja4: /^[tqd][0-9a-z]{2}[di][0-9]{2}[0-9]{2}[a-z0-9]{2}_[0-9a-f]{12}_[0-9a-f]{12}$/i,
  ja4h: /^[a-z]{2}[0-9]{2}[cn][rn][0-9]{2}[a-z0-9]{4}_[0-9a-f]{12}_[0-9a-f]{12}_[0-9a-f]{12}$/i,
};

/** Time-range targets are `YYYY-MM-DD HH:mm~YYYY-MM-DD HH:mm` in Beijing time (rules §9: log time UTC+8). */
export const TIME_RANGE_SEPARATOR = '~';
/** Beijing time's offset from UTC in milliseconds. */
export const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** Reads `YYYY-MM-DD HH:mm` (Beijing time) into a timestamp; `null` when it is not a real date and time. */
export function parseBeijingTime(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute);
  // Date.UTC rolls 31 February over into March: a real date reads back the same day.
  if (new Date(utc).getUTCDate() !== day) return null;
  return utc - BEIJING_OFFSET_MS;
}

/** Writes a timestamp as `YYYY-MM-DD HH:mm` in Beijing time. */
export function formatBeijingTime(ms: number): string {
  const date = new Date(ms + BEIJING_OFFSET_MS);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** A time-range target split into its two instants; `null` when either side does not parse. */
export function parseTimeRange(target: string): { start: number; end: number } | null {
  const parts = target.split(TIME_RANGE_SEPARATOR);
  if (parts.length !== 2) return null;
  const start = parseBeijingTime(parts[0]!);
  const end = parseBeijingTime(parts[1]!);
  return start === null || end === null ? null : { start, end };
}
