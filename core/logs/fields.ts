/**
 * The edge logs (rules §2 "Log retrieval": WAF, CC, granular access control, access logs): their types, the fields a
 * log line has, and which fields each type can be searched by. One catalogue shared by the browser (filters,
 * autocomplete of the advanced search, the detail drawer, download templates) and the server (the expression compiler,
 * the stores, the simulator), so a field the console offers is always one the server can answer.
 *
 * Times are stored as milliseconds since the epoch, UTC, and shown in UTC+8 (rules §9 "Log time").
 */

/** The four log types of rules §2, in tab order. */
export const LOG_TYPES = ['access', 'waf', 'cc', 'acl'] as const;
/** access: every request; waf: requests a built-in or default WAF rule acted on; cc: CC (rate) decisions;
 * acl: requests a custom rule set (granular access control) acted on. */
export type LogType = (typeof LOG_TYPES)[number];

export function isLogType(value: unknown): value is LogType {
  return typeof value === 'string' && (LOG_TYPES as readonly string[]).includes(value);
}

/** Edge cache outcome of a request. */
export const CACHE_STATUSES = ['hit', 'miss', 'bypass'] as const;
export type CacheStatus = (typeof CACHE_STATUSES)[number];

/**
 * What a security rule did with the request. `log` only records; `block` answers 403; `captcha` and `js-challenge`
 * challenge the client; `ban` blocks and bans the client IP (it then appears in the ban manager).
 */
export const LOG_ACTIONS = ['allow', 'log', 'block', 'captcha', 'js-challenge', 'ban'] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];

/** Attack classes the simulator's attack traffic and the WAF log name. */
export const ATTACK_TYPES = ['sqli', 'xss', 'scanner', 'path-traversal', 'rce', 'cc-flood', 'bad-bot', 'other'] as const;
export type AttackType = (typeof ATTACK_TYPES)[number];

/** One log line. Security types fill the rule fields; an access line has `rule_id` 0 and `action` ''. */
export interface LogRow {
  /** When the edge received the request, ms since the epoch (UTC). */
  ts: number;
  log_type: LogType;
  /** The account the domain belongs to: every query is confined to one. */
  member_id: number;
  /** The website (domain) id, and its name. */
  domain_id: number;
  domain: string;
  /** A 32-hex request id, the same on the access line and the security line of one request. */
  request_id: string;
  client_ip: string;
  /** ISO country code (`CN`, `US`) from the region data. */
  country: string;
  /** Province code of the region data (`CN-GD`) for Chinese clients, '' elsewhere. */
  province: string;
  method: string;
  /** `http` or `https`. */
  scheme: string;
  /** The path, without the query. */
  uri: string;
  /** The query string without `?`, '' when none. */
  query: string;
  status: number;
  bytes_sent: number;
  /** Edge response time in ms. */
  response_ms: number;
  user_agent: string;
  referer: string;
  ja3: string;
  ja4: string;
  cache_status: CacheStatus;
  /** The origin address that served a miss, '' when the edge answered. */
  origin: string;
  /** The rule that acted (0 for none), its rule set (0 for none, and for CC decisions). */
  rule_id: number;
  rule_set_id: number;
  /** '' on access lines. */
  action: LogAction | '';
  /** '' when not an attack. */
  attack_type: AttackType | '';
}

/** How a field's values are compared. */
export type LogFieldKind = 'text' | 'number' | 'ip' | 'time' | 'enum';

/** A searchable field of the catalogue. */
export interface LogFieldSpec {
  name: keyof LogRow;
  kind: LogFieldKind;
  /** The closed list of values of an enum field (autocomplete offers them; anything else is an error). */
  values?: readonly string[];
  /** The log types that have the field (all when absent). */
  types?: readonly LogType[];
  /** Column width hint for tables and downloads, in characters. */
  width: number;
}

const SECURITY_TYPES: readonly LogType[] = ['waf', 'cc', 'acl'];

/**
 * Every field a log query may name, in the order tables and download templates show them. `member_id` and
 * `log_type` are not here: the account comes from the session and the type from the tab, never from the user.
 */
export const LOG_FIELDS: readonly LogFieldSpec[] = [
  { name: 'ts', kind: 'time', width: 19 },
  { name: 'domain', kind: 'text', width: 24 },
  { name: 'client_ip', kind: 'ip', width: 16 },
  { name: 'country', kind: 'text', width: 4 },
  { name: 'province', kind: 'text', width: 6 },
  { name: 'method', kind: 'enum', values: ['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH'], width: 7 },
  { name: 'scheme', kind: 'enum', values: ['http', 'https'], width: 5 },
  { name: 'uri', kind: 'text', width: 40 },
  { name: 'query', kind: 'text', width: 30 },
  { name: 'status', kind: 'number', width: 4 },
  { name: 'bytes_sent', kind: 'number', width: 8 },
  { name: 'response_ms', kind: 'number', width: 6 },
  { name: 'cache_status', kind: 'enum', values: CACHE_STATUSES, types: ['access'], width: 6 },
  { name: 'origin', kind: 'text', types: ['access'], width: 20 },
  { name: 'user_agent', kind: 'text', width: 40 },
  { name: 'referer', kind: 'text', width: 30 },
  { name: 'ja3', kind: 'text', width: 32 },
  { name: 'ja4', kind: 'text', width: 36 },
  { name: 'request_id', kind: 'text', width: 32 },
  { name: 'rule_id', kind: 'number', types: SECURITY_TYPES, width: 8 },
  { name: 'rule_set_id', kind: 'number', types: ['waf', 'acl'], width: 8 },
  { name: 'action', kind: 'enum', values: LOG_ACTIONS, types: SECURITY_TYPES, width: 8 },
  { name: 'attack_type', kind: 'enum', values: ATTACK_TYPES, types: SECURITY_TYPES, width: 10 },
];

/** The fields of one log type, in catalogue order. */
export function logFieldsOf(type: LogType): LogFieldSpec[] {
  return LOG_FIELDS.filter((field) => !field.types || field.types.includes(type));
}

/** The catalogue entry of a field name, if the type has it. */
export function logField(type: LogType, name: string): LogFieldSpec | undefined {
  return logFieldsOf(type).find((field) => field.name === name);
}

/** Every column of the stored row, in storage order (the stores create their tables from it). */
export const LOG_COLUMNS: readonly (keyof LogRow)[] = [
  'ts',
  'log_type',
  'member_id',
  'domain_id',
  'domain',
  'request_id',
  'client_ip',
  'country',
  'province',
  'method',
  'scheme',
  'uri',
  'query',
  'status',
  'bytes_sent',
  'response_ms',
  'user_agent',
  'referer',
  'ja3',
  'ja4',
  'cache_status',
  'origin',
  'rule_id',
  'rule_set_id',
  'action',
  'attack_type',
];
