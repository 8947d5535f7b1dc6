/**
 * The security reports (issue 25): WAF attacks (`waf` lines), CC attacks (`cc` lines) and HTTP precise access control
 * (`acl` lines, the custom rule sets), and one rule's detail, counted from the log store over the websites the
 * caller's `reports` grant covers (./window.ts, shared with the traffic reports).
 *
 * Per object (rules §6): a rule's detail is refused with NOT_FOUND when the account has no such rule for that report
 * (another account's rule included), and with PERMISSION_DENIED when the rule runs on no website the caller's grant
 * covers (a sub-account must not learn a rule of someone else's websites through its report).
 *
 * Plan gating (rules §6 "the free version cannot see full attack features"; core/config/plan-gates.ts
 * `attack_full_report`, which the trial package lacks): the stricter reading chosen is that a package without it
 * sees how much was attacked (the figures and the series per action, which tell it that protection works) but none
 * of the attack features: no rule, attack type, region, URL, address or website ranking and no rule detail. The
 * rankings are not read at all then, and the detail is refused with the plan issue (the notice the console shows).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE, type FieldIssue } from '../../../../core/api/catalogue.js';
import {
  isSecurityReportType,
  type SecurityPoint,
  type SecurityReport,
  type SecurityReportType,
  type SecurityRuleInfo,
  type SecurityRuleRow,
  type SecurityTableName,
  type SecurityTotals,
} from '../../../../core/api/endpoints/attack-report.js';
import type { ReportTopRow } from '../../../../core/api/endpoints/reports.js';
import { featureGate } from '../../../../core/config/plan-gates.js';
import { LOG_ACTIONS, type LogAction } from '../../../../core/logs/fields.js';
import type { LogFieldName, LogPredicate } from '../../../../core/logs/predicate.js';
import type { ReportGranularity } from '../../../../core/rules/reports.js';
import { isoTime, prepare } from '../../platform/database.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { requestLanguage } from '../../platform/http/messages.js';
import { queryInteger } from '../../platform/http/pagination.js';
import { requireSession } from '../../platform/security/session.js';
import { CC_IP_RULE_ID, CC_URL_RULE_ID } from '../logs/simulator/index.js';
import type { LogSearch, LogStore } from '../logs/store/index.js';
import { planContextOf, planIssue } from '../plans/index.js';
import { ruleSetName, type RuleSetRow } from '../waf/index.js';
import { bucketStarts, STORE_BUCKET, topRows } from './aggregate.js';
import { MAP_ROWS, readReportWindow, requireReports, type ReportWindow } from './window.js';

/** The rankings of every security report, and what each ranks. Maps are read whole. */
const TABLES: Readonly<Record<SecurityReportType, readonly SecurityTableName[]>> = {
  waf: ['attack_types', 'actions', 'countries', 'provinces', 'urls', 'ips', 'domains'],
  cc: ['actions', 'countries', 'provinces', 'urls', 'ips', 'domains'],
  acl: ['actions', 'countries', 'provinces', 'urls', 'ips', 'domains'],
};
const TABLE_FIELDS: Readonly<Record<SecurityTableName, LogFieldName>> = {
  attack_types: 'attack_type',
  actions: 'action',
  countries: 'country',
  provinces: 'province',
  urls: 'uri',
  ips: 'client_ip',
  domains: 'domain',
};
/** Actions by what they did to the request. */
const BLOCKING: readonly LogAction[] = ['block', 'ban'];
const CHALLENGING: readonly LogAction[] = ['captcha', 'js-challenge'];
/** The CC engine's own rules (simulator/engine.ts): not in the WAF store, named by the console. */
const ENGINE_RULES: ReadonlyMap<number, 'cc-url' | 'cc-ip'> = new Map([
  [CC_URL_RULE_ID, 'cc-url'],
  [CC_IP_RULE_ID, 'cc-ip'],
]);

/** A rule of the WAF store as the reports name it. */
interface StoredRule {
  code: string;
  remark: string;
  rule_set_id: number;
  name: string;
  attribution: RuleSetRow['attribution'];
  catalogue_key: string | null;
}

/** Rules of the account with these codes, in the sets a report reads: custom sets for access control, the others for the WAF. */
function storedRules(request: FastifyRequest, type: SecurityReportType, codes: readonly number[]): StoredRule[] {
  if (type === 'cc' || codes.length === 0) return [];
  return prepare(
    request.server.db,
    `SELECT r.code, r.remark, r.rule_set_id, s.name, s.attribution, s.catalogue_key
       FROM waf_rules r JOIN waf_rule_sets s ON s.id = r.rule_set_id
      WHERE r.member_id = @member_id AND r.code IN (SELECT CAST(value AS TEXT) FROM json_each(@codes))
        AND (s.attribution = 'custom') = @custom
      ORDER BY r.id`,
  ).all({ member_id: requireSession(request).memberId, codes: JSON.stringify(codes), custom: type === 'acl' ? 1 : 0 }) as StoredRule[];
}

/** How a report names a rule; a rule deleted since its lines were written keeps its ID and no name. */
function ruleInfo(request: FastifyRequest, ruleId: number, stored: StoredRule | undefined): SecurityRuleInfo {
  const engine = ENGINE_RULES.get(ruleId);
  if (engine) return { rule_id: ruleId, name: '', rule_set_id: 0, rule_set: '', engine };
  if (!stored) return { rule_id: ruleId, name: '', rule_set_id: 0, rule_set: '' };
  return { rule_id: ruleId, name: stored.remark, rule_set_id: stored.rule_set_id, rule_set: ruleSetName(stored, requestLanguage(request)) };
}

/** The websites a stored rule runs on: every website of the account for the default set, the bound ones otherwise. */
function ruleWebsites(request: FastifyRequest, stored: StoredRule): number[] {
  const memberId = requireSession(request).memberId;
  const rows =
    stored.attribution === 'default'
      ? prepare(request.server.db, 'SELECT id FROM domains WHERE member_id = ?').all(memberId)
      : prepare(request.server.db, 'SELECT domain_id AS id FROM waf_rule_set_domains WHERE member_id = ? AND rule_set_id = ?').all(memberId, stored.rule_set_id);
  return (rows as { id: number }[]).map((row) => row.id);
}

/** The detail's rule, or the refusal answered (see the header: not found, outside the grant, or not in the plan). */
function readRule(request: FastifyRequest, reply: FastifyReply, type: SecurityReportType, ruleId: number, window: ReportWindow): SecurityRuleInfo | null {
  const gate = planIssue(request, 'attack_full_report', { field: 'rule_id' });
  if (!validated(reply, gate ? [gate] : [])) return null;
  if (type === 'cc' && ENGINE_RULES.has(ruleId)) return ruleInfo(request, ruleId, undefined);
  const stored = storedRules(request, type, [ruleId])[0];
  if (!stored) {
    fail(reply, NOT_FOUND_CODE);
    return null;
  }
  // A caller who may read every website of the account may read each of its rules, even one of a set bound to none
  // now (its lines stay); a sub-account only a rule running on a website it may read.
  const websites = prepare(request.server.db, 'SELECT count(*) AS n FROM domains WHERE member_id = ?').get(requireSession(request).memberId) as { n: number };
  const covered = new Set(window.names.values());
  if (covered.size < websites.n && !ruleWebsites(request, stored).some((id) => covered.has(id))) {
    fail(reply, PERMISSION_DENIED_CODE);
    return null;
  }
  return ruleInfo(request, ruleId, stored);
}

function emptyActions(): Record<LogAction, number> {
  return Object.fromEntries(LOG_ACTIONS.map((action) => [action, 0])) as Record<LogAction, number>;
}

/** Lines per action per bucket, every bucket of the range present. */
async function actionSeries(store: LogStore, search: LogSearch, granularity: ReportGranularity): Promise<SecurityPoint[]> {
  const rows = await store.aggregate({ ...search, bucket: STORE_BUCKET[granularity], groupBy: 'action' });
  const byBucket = new Map<number, SecurityPoint>();
  for (const row of rows) {
    let point = byBucket.get(row.bucket);
    if (!point) byBucket.set(row.bucket, (point = { bucket: isoTime(row.bucket), events: 0, actions: emptyActions() }));
    point.events += row.requests;
    if ((LOG_ACTIONS as readonly string[]).includes(row.group)) point.actions[row.group as LogAction] += row.requests;
  }
  return bucketStarts(search.from, search.to, granularity).map((at) => byBucket.get(at) ?? { bucket: isoTime(at), events: 0, actions: emptyActions() });
}

/** The range's sums; the peak is the busiest bucket of the series shown. */
async function securityTotals(store: LogStore, search: LogSearch, points: readonly SecurityPoint[]): Promise<SecurityTotals> {
  const [[sums], byAction] = await Promise.all([store.totals(search, null, 'requests', 1), store.totals(search, 'action', 'requests', LOG_ACTIONS.length + 1)]);
  const count = (actions: readonly string[]) => byAction.filter((row) => actions.includes(row.group)).reduce((total, row) => total + row.requests, 0);
  let peak: SecurityPoint | null = null;
  for (const point of points) if (point.events > 0 && (!peak || point.events > peak.events)) peak = point;
  return {
    events: sums?.requests ?? 0,
    blocked: count(BLOCKING),
    challenged: count(CHALLENGING),
    logged: count(['log']),
    attackers: sums?.visitors ?? 0,
    peak: peak?.events ?? 0,
    peak_at: peak?.bucket ?? null,
  };
}

/** The rule ranking, each rule named from the WAF store. */
async function ruleRanking(request: FastifyRequest, store: LogStore, type: SecurityReportType, window: ReportWindow): Promise<SecurityRuleRow[]> {
  const rows = await store.totals(window.search, 'rule_id', 'requests', window.top);
  const stored = storedRules(request, type, rows.map((row) => Number(row.group)));
  const byCode = new Map<string, StoredRule>();
  for (const rule of stored) if (!byCode.has(rule.code)) byCode.set(rule.code, rule);
  return rows.map((row) => ({
    ...ruleInfo(request, Number(row.group), byCode.get(row.group)),
    requests: row.requests,
    bytes: row.bytes,
    visitors: row.visitors,
  }));
}

/** Every ranking of the report, read side by side. */
async function rankings(store: LogStore, type: SecurityReportType, window: ReportWindow): Promise<SecurityReport['tables']> {
  const names = TABLES[type];
  const rows = await Promise.all(
    names.map((name) => {
      const whole = name === 'countries' || name === 'provinces' || name === 'actions' || name === 'attack_types';
      return topRows(store, window.search, TABLE_FIELDS[name], 'requests', whole ? MAP_ROWS : window.top, window.names);
    }),
  );
  // Provinces are only the Chinese clients' ('' for everyone else), and a line without an attack class has none.
  return Object.fromEntries(names.map((name, index) => [name, rows[index]!.filter((row: ReportTopRow) => !(row.key === '' && (name === 'provinces' || name === 'attack_types')))]));
}

/** Registers the route (under /api); called by ./routes.ts. */
export async function securityReportRoutes(api: FastifyInstance): Promise<void> {
  api.get('/V4/report.security.get', async (request, reply) => {
    if (!requireReports(request, reply)) return reply;
    const query = (request.query ?? {}) as Record<string, unknown>;
    const type = query.type;
    const issues: FieldIssue[] = isSecurityReportType(type) ? [] : [{ field: 'type', key: 'common.format-error' }];
    const asked = query.rule_id !== undefined && query.rule_id !== '';
    const ruleId = asked ? queryInteger(query.rule_id) : null;
    if (asked && !(ruleId !== null && ruleId >= 1)) issues.push({ field: 'rule_id', key: 'common.format-error' });
    const window = readReportWindow(request, reply, isSecurityReportType(type) ? type : 'waf', issues);
    if (!window) return reply;
    const reportType = type as SecurityReportType;
    const rule = ruleId === null ? null : readRule(request, reply, reportType, ruleId, window);
    if (ruleId !== null && !rule) return reply;
    const gate = featureGate('attack_full_report', planContextOf(request));
    if (rule) {
      // One rule: its lines only (its set too, where the store has it: built-in rule codes are per set).
      const byRule: LogPredicate = { op: 'compare', field: 'rule_id', operator: '=', value: rule.rule_id };
      window.search.where = rule.rule_set_id ? { op: 'and', items: [byRule, { op: 'compare', field: 'rule_set_id', operator: '=', value: rule.rule_set_id }] } : byRule;
    }
    const store = api.logStore;
    const [points, tables, rules] = await Promise.all([
      actionSeries(store, window.search, window.granularity),
      gate.allowed ? rankings(store, reportType, window) : Promise.resolve({}),
      gate.allowed && !rule ? ruleRanking(request, store, reportType, window) : Promise.resolve([]),
    ]);
    const answer: SecurityReport = {
      type: reportType,
      from: isoTime(window.search.from),
      to: isoTime(window.search.to - 1),
      granularity: window.granularity,
      full: gate.allowed,
      notice: gate.notice?.kind ?? null,
      rule,
      totals: await securityTotals(store, window.search, points),
      series: points,
      rules,
      tables,
    };
    return ok(reply, answer);
  });
}
