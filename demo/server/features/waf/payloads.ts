/**
 * Reads and checks the WAF request bodies with `core/rules`, so the server refuses exactly what the rule editor
 * refuses and names it with the same message keys. Anything of the wrong shape becomes a field issue, never a crash.
 */
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import type { PolicyCondition, PolicySaveRequest, PolicySort, RuleSetSaveRequest } from '../../../../core/api/endpoints/waf.js';
import { fromPolicyConditions } from '../../../../core/api/endpoints/waf.js';
import type { SampleHeader, SampleRequest } from '../../../../core/match/request.js';
import { isIp } from '../../../../core/rules/ip.js';
import { issue, onField } from '../../../../core/rules/types.js';
import { normalizeWafAction, type WafActionInput } from '../../../../core/rules/waf-actions.js';
import { MATCH_CONDITIONS_MAX, validateRuleSet, validateWafRuleForm, WAF_RULE_STATUSES, type WafRuleStatus } from '../../../../core/rules/waf.js';
import { asRecord, positiveId, readIds as readIdList } from '../../platform/http/readers.js';

/** Most ids one batch call takes (a set holds at most 1000 rules). */
export const IDS_MAX = 1000;
/** Bounds of the sample request, so an evaluation body stays small. */
const SAMPLE_LIMITS = { url: 8192, headers: 100, header: 8192, text: 256 };

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** `{ ids }` of the status, delete and copy calls: 1-1000 distinct positive integers. */
export function readIds(body: unknown, field = 'ids'): { ids: number[]; issues: FieldIssue[] } {
  return readIdList(asRecord(body)[field], field, IDS_MAX);
}

/** The rule-set form. */
export function readRuleSet(body: unknown): { value: RuleSetSaveRequest; issues: FieldIssue[] } {
  const source = asRecord(body);
  const value: RuleSetSaveRequest = { name: text(source.name).trim(), description: text(source.description).trim() };
  return { value, issues: validateRuleSet(value) };
}

/**
 * Conditions in the wire form, only their known fields (an answer's `expanded` is never read back): shared with the
 * condition rules of the conditions match engine, whose conditions are a WAF rule's.
 */
export function readConditions(raw: unknown): { rules: PolicyCondition[]; issues: FieldIssue[] } {
  if (!Array.isArray(raw)) return { rules: [], issues: onField('conditions', issue('common.rule-required')) };
  // More than the maximum is refused by the rule check; reading stops just after it so a huge list costs nothing.
  const rules: PolicyCondition[] = raw.slice(0, MATCH_CONDITIONS_MAX + 1).map((item) => {
    const entry = asRecord(item);
    const data = asRecord(entry.data);
    const condition: PolicyCondition = {
      rule_type: text(entry.rule_type) as PolicyCondition['rule_type'],
      data: { operator: text(data.operator), value: typeof data.value === 'string' ? data.value : '' },
    };
    if (data.name !== undefined) condition.data.name = text(data.name).trim();
    if (data.window !== undefined) condition.data.window = String(data.window ?? '').trim();
    if (data.ip_list_id !== undefined) {
      const id = positiveId(data.ip_list_id);
      if (id !== null) condition.data.ip_list_id = id;
    }
    return condition;
  });
  return { rules, issues: [] };
}

function readAction(raw: unknown): WafActionInput {
  const source = asRecord(raw);
  const action: WafActionInput = { type: text(source.type) as WafActionInput['type'] };
  if (source.duration !== undefined) action.duration = source.duration as number | string;
  if (source.url !== undefined) action.url = text(source.url);
  return action;
}

/** A rule body (`V4/firewall.policy.save` and the draft rules of an evaluation). `siteDomain` as core/rules takes it. */
export function readPolicy(body: unknown, siteDomain?: string): { value: PolicySaveRequest; issues: FieldIssue[] } {
  const source = asRecord(body);
  const { rules, issues } = readConditions(source.rules);
  const action = readAction(source.action);
  const status = text(source.status) as WafRuleStatus;
  const remark = typeof source.remark === 'string' ? source.remark : '';
  const id = source.id === undefined || source.id === null ? undefined : positiveId(source.id);
  const mainId = positiveId(source.main_id);
  const found = [
    ...issues,
    ...validateWafRuleForm({ conditions: fromPolicyConditions(rules), action, status, remark }, siteDomain),
  ];
  if (source.id !== undefined && source.id !== null && id === null) found.push(...onField('id', issue('common.positive-integer')));
  const value: PolicySaveRequest = {
    main_id: mainId ?? 0,
    rules,
    action: found.some((item) => item.field.startsWith('action')) ? action : normalizeWafAction(action),
    status: (WAF_RULE_STATUSES as readonly string[]).includes(status) ? status : 'enabled',
    remark,
  };
  if (id !== null && id !== undefined) value.id = id;
  return { value, issues: found };
}

/** `{ new_sorts }`: entries of positive ids and priorities; the route checks they cover one set exactly. */
export function readSorts(body: unknown): { sorts: PolicySort[]; issues: FieldIssue[] } {
  const raw = asRecord(body).new_sorts;
  if (!Array.isArray(raw) || raw.length === 0) return { sorts: [], issues: onField('new_sorts', issue('common.required')) };
  if (raw.length > IDS_MAX) return { sorts: [], issues: onField('new_sorts', issue('batch.beyond-limit', { max: IDS_MAX })) };
  const sorts = raw.map((item) => ({ id: positiveId(asRecord(item).id), sort: positiveId(asRecord(item).sort) }));
  if (sorts.some((entry) => entry.id === null || entry.sort === null)) {
    return { sorts: [], issues: onField('new_sorts', issue('waf.sort-incomplete')) };
  }
  return { sorts: sorts as PolicySort[], issues: [] };
}

function optionalNumber(value: unknown): number | null | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) && number >= 0 ? number : null;
}

/** The sample request of an evaluation. */
export function readSample(raw: unknown): { value: SampleRequest; issues: FieldIssue[] } {
  const source = asRecord(raw);
  const issues: FieldIssue[] = [];
  const bounded = (name: string, limit: number): string => {
    const value = text(source[name]);
    if (value.length > limit) issues.push(...onField(`request.${name}`, issue('common.too-long', { max: limit })));
    return value.slice(0, limit);
  };
  const clientIp = text(source.client_ip).trim();
  if (!isIp(clientIp)) issues.push(...onField('request.client_ip', issue('ip.incorrect')));
  const url = bounded('url', SAMPLE_LIMITS.url);
  if (url.trim() === '') issues.push(...onField('request.url', issue('common.required')));
  const headersRaw = Array.isArray(source.headers) ? source.headers : [];
  if (headersRaw.length > SAMPLE_LIMITS.headers) issues.push(...onField('request.headers', issue('batch.beyond-limit', { max: SAMPLE_LIMITS.headers })));
  const headers: SampleHeader[] = headersRaw
    .slice(0, SAMPLE_LIMITS.headers)
    .map((item) => ({ name: text(asRecord(item).name).slice(0, SAMPLE_LIMITS.text), value: text(asRecord(item).value).slice(0, SAMPLE_LIMITS.header) }));
  const strings = (name: string): string[] | undefined =>
    Array.isArray(source[name]) ? (source[name] as unknown[]).map(text).slice(0, 20) : undefined;
  const value: SampleRequest = { method: bounded('method', 16) || 'GET', url, client_ip: clientIp, headers };
  for (const name of ['host', 'protocol', 'region', 'ja3', 'ja3n', 'ja4', 'ja4h', 'time', 'device_type'] as const) {
    const field = bounded(name, SAMPLE_LIMITS.text);
    if (field !== '') value[name] = field;
  }
  const ipTypes = strings('ip_types');
  if (ipTypes) value.ip_types = ipTypes;
  const behaviours = strings('ip_behaviours');
  if (behaviours) value.ip_behaviours = behaviours;
  for (const name of ['server_port', 'ip_rate', 'url_rate', 'status_code'] as const) {
    const number = optionalNumber(source[name]);
    if (number === null) issues.push(...onField(`request.${name}`, issue('common.non-negative-integer')));
    else if (number !== undefined) value[name] = number;
  }
  return { value, issues };
}
