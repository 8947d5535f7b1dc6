/**
 * Catalogue keys (namespace `log-retrieval`) of the log types, fields, actions, ranges and auto refresh choices the
 * element names. Keys are written out rather than built from the values, so the catalogue test and a key search find
 * every one.
 */
import type { LogAction, LogRow, LogType } from '../../core/logs/fields.js';

/** The tabs (rules §2: access, WAF, CC, granular access control). */
export const LOG_TYPE_KEYS: Record<LogType, string> = {
  access: 'type.access',
  waf: 'type.waf',
  cc: 'type.cc',
  acl: 'type.acl',
};

/** Every field of the catalogue (core/logs/fields.ts), as the table headers and the detail drawer name them. */
export const FIELD_KEYS: Record<Exclude<keyof LogRow, 'member_id' | 'log_type' | 'domain_id'>, string> = {
  ts: 'field.ts',
  domain: 'field.domain',
  request_id: 'field.request-id',
  client_ip: 'field.client-ip',
  country: 'field.country',
  province: 'field.province',
  method: 'field.method',
  scheme: 'field.scheme',
  uri: 'field.uri',
  query: 'field.query',
  status: 'field.status',
  bytes_sent: 'field.bytes-sent',
  response_ms: 'field.response-ms',
  user_agent: 'field.user-agent',
  referer: 'field.referer',
  ja3: 'field.ja3',
  ja4: 'field.ja4',
  cache_status: 'field.cache-status',
  origin: 'field.origin',
  rule_id: 'field.rule-id',
  rule_set_id: 'field.rule-set-id',
  action: 'field.action',
  attack_type: 'field.attack-type',
};

/** What a security rule did (core/logs/fields.ts LOG_ACTIONS). */
export const ACTION_KEYS: Record<LogAction, string> = {
  allow: 'log-action.allow',
  log: 'log-action.log',
  block: 'log-action.block',
  captcha: 'log-action.captcha',
  'js-challenge': 'log-action.js-challenge',
  ban: 'log-action.ban',
};

/** Auto refresh choices (shell §9: off, 30 s, 1, 5, 10, 15 min), by seconds. */
export const REFRESH_KEYS: Record<number, string> = {
  0: 'refresh.off',
  30: 'refresh.30s',
  60: 'refresh.1m',
  300: 'refresh.5m',
  600: 'refresh.10m',
  900: 'refresh.15m',
};
