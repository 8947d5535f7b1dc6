/**
 * The conditional filters of log retrieval (rules §2 "conditional filter") as a {@link LogPredicate}: the form and
 * the advanced search narrow the same search, and the server checks both with this code before any query runs.
 * The domain filter is not a condition: it narrows the scope (the domains the caller may read), see the routes.
 */
import type { LogFilters } from '../api/endpoints/logs.js';
import { canonicalIp, parseCidr } from '../rules/ip.js';
import { onField, issue, type FieldIssue } from '../rules/types.js';
import { LOG_ACTIONS, logField, type LogType } from './fields.js';
import { allOf, type LogPredicate } from './predicate.js';

/** Filters as conditions, or the fields that are wrong (each with a `rules` key). */
export type FiltersOutcome = { ok: true; predicate: LogPredicate | null } | { ok: false; issues: FieldIssue[] };

const STATUS_CODE = /^[1-5]\d\d$/;
const STATUS_CLASS = /^([1-5])xx$/i;
const COUNTRY = /^[A-Z]{2}$/;
const PROVINCE = /^[A-Z]{2}-[A-Z0-9]{1,3}$/;

/** A status code (`404`) or class (`5xx`). */
function statusCondition(text: string): LogPredicate | null {
  if (STATUS_CODE.test(text)) return { op: 'compare', field: 'status', operator: '=', value: Number(text) };
  const cls = STATUS_CLASS.exec(text);
  if (!cls) return null;
  const low = Number(cls[1]) * 100;
  return { op: 'and', items: [
    { op: 'compare', field: 'status', operator: '>=', value: low },
    { op: 'compare', field: 'status', operator: '<', value: low + 100 },
  ] };
}

/** Reads the filters of one log type; blank fields narrow nothing. */
export function filtersToPredicate(filters: LogFilters, type: LogType): FiltersOutcome {
  const issues: FieldIssue[] = [];
  const conditions: (LogPredicate | null)[] = [];
  const text = (value: string | undefined) => (value ?? '').trim();

  const status = text(filters.status);
  if (status) {
    const condition = statusCondition(status);
    if (condition) conditions.push(condition);
    else issues.push(...onField('status', issue('logs.filter-status')));
  }
  const region = text(filters.region).toUpperCase();
  if (region) {
    if (PROVINCE.test(region)) conditions.push({ op: 'compare', field: 'province', operator: '=', value: region });
    else if (COUNTRY.test(region)) conditions.push({ op: 'compare', field: 'country', operator: '=', value: region });
    else issues.push(...onField('region', issue('logs.filter-region')));
  }
  const ip = text(filters.client_ip);
  if (ip) {
    const block = ip.includes('/') ? parseCidr(ip) : null;
    const address = block ? null : canonicalIp(ip);
    if (block) conditions.push({ op: 'cidr', field: 'client_ip', blocks: [`${block.address}/${block.prefix}`] });
    else if (address) conditions.push({ op: 'compare', field: 'client_ip', operator: '=', value: address });
    else issues.push(...onField('client_ip', issue('ip.incorrect-ip-or-cidr')));
  }
  const method = text(filters.method).toUpperCase();
  if (method) {
    if (logField(type, 'method')!.values!.includes(method)) conditions.push({ op: 'compare', field: 'method', operator: '=', value: method });
    else issues.push(...onField('method', issue('logs.expression-enum-value', { field: 'method', allowed: logField(type, 'method')!.values!.join(', ') })));
  }
  const uri = text(filters.uri);
  if (uri) conditions.push({ op: 'prefix', field: 'uri', value: uri });
  // Rule and action filters exist on the security types only; on the access tab they are ignored, not an error,
  // so switching tabs keeps what the user chose for when they switch back.
  if (type !== 'access') {
    if (filters.rule_id !== undefined && filters.rule_id !== null) {
      if (Number.isSafeInteger(filters.rule_id) && filters.rule_id > 0) conditions.push({ op: 'compare', field: 'rule_id', operator: '=', value: filters.rule_id });
      else issues.push(...onField('rule_id', issue('logs.expression-not-a-number', { field: 'rule_id' })));
    }
    const action = text(filters.action);
    if (action) {
      if ((LOG_ACTIONS as readonly string[]).includes(action)) conditions.push({ op: 'compare', field: 'action', operator: '=', value: action });
      else issues.push(...onField('action', issue('logs.expression-enum-value', { field: 'action', allowed: LOG_ACTIONS.join(', ') })));
    }
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, predicate: allOf(conditions) };
}
