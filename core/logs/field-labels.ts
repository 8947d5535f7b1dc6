/**
 * The message key of each log field's label in the `log-fields` namespace (core/i18n/locales/<language>/log-fields.json):
 * the retrieval table, the detail drawer, the template editor and the header row of a downloaded file all name a
 * field the same way. Spelled out so every key is a literal the catalogue checks can find (keys are kebab-case, field
 * names are snake_case). The namespace also names the log types, which both log elements offer, so the retrieval's
 * tabs and the download forms say the same words.
 */
import type { LogType } from './fields.js';
import type { LogFieldName } from './predicate.js';

export const LOG_FIELD_LABEL_KEYS: Record<LogFieldName, string> = {
  ts: 'ts',
  domain: 'domain',
  domain_id: 'domain-id',
  client_ip: 'client-ip',
  country: 'country',
  province: 'province',
  method: 'method',
  scheme: 'scheme',
  uri: 'uri',
  query: 'query',
  status: 'status',
  bytes_sent: 'bytes-sent',
  response_ms: 'response-ms',
  cache_status: 'cache-status',
  origin: 'origin',
  user_agent: 'user-agent',
  referer: 'referer',
  ja3: 'ja3',
  ja4: 'ja4',
  request_id: 'request-id',
  rule_id: 'rule-id',
  rule_set_id: 'rule-set-id',
  action: 'action',
  attack_type: 'attack-type',
};

/** The message key of each log type's name in the `log-fields` namespace (rules §2: access, WAF, CC, granular access control). */
export const LOG_TYPE_LABEL_KEYS: Record<LogType, string> = {
  access: 'type.access',
  waf: 'type.waf',
  cc: 'type.cc',
  acl: 'type.acl',
};
