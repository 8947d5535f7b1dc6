/**
 * The firewall block lists (issue 25; shell §7 `V4/firewall.report.block.list` and details, the package variant
 * chosen by `type`; core/api/endpoints/firewall-report.ts): per firewall policy (a WAF rule) the requests it blocked,
 * and one policy's blocked requests, from the security lines of the log store over the websites the caller's
 * `reports` grant covers (./window.ts, shared with the traffic and security reports).
 *
 * Which lines: a policy of a custom rule set writes `acl` lines, one of the default set or of a built-in package
 * `waf` lines (logs/simulator/engine.ts), each with the rule's code as `rule_id` and its set as `rule_set_id`.
 * `type=firewall` reads the account's custom and default sets, `type=package` its built-in packages; codes repeat
 * across sets, so a policy is always the pair (set, code).
 *
 * Per object (rules §6): a policy of another account, of the other variant, or one that runs on none of the websites
 * the caller may read is NOT_FOUND (the brief's reading, stricter than the security reports' PERMISSION_DENIED: a
 * sub-account does not even learn that the policy exists). Plan gating as the security reports (rules §6 free
 * version): without `attack_full_report` figures and series only, and the details are refused with the plan issue.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_CODE, type FieldIssue } from '../../../../core/api/catalogue.js';
import {
  BLOCK_DETAILS_MAX,
  BLOCK_PAGE_SIZES,
  BLOCK_TOP_TARGETS,
  BLOCKED_ACTIONS,
  isFirewallReportType,
  type FirewallBlockDetails,
  type FirewallBlockList,
  type FirewallBlockPoint,
  type FirewallBlockPolicy,
  type FirewallBlockRow,
  type FirewallLogType,
  type FirewallReportType,
} from '../../../../core/api/endpoints/firewall-report.js';
import { featureGate } from '../../../../core/config/plan-gates.js';
import type { LogAction, LogType } from '../../../../core/logs/fields.js';
import { allOf, type LogPredicate } from '../../../../core/logs/predicate.js';
import type { WafActionInput } from '../../../../core/rules/waf-actions.js';
import { isoTime, prepare } from '../../platform/database.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { requestLanguage } from '../../platform/http/messages.js';
import { readPage, type PageLimits } from '../../platform/http/pagination.js';
import { positiveId } from '../../platform/http/readers.js';
import { requireSession } from '../../platform/security/session.js';
import type { LogSearch, LogStore } from '../logs/store/index.js';
import { planContextOf, planIssue } from '../plans/index.js';
import { BINDINGS, RULES, ruleSetName, SETS, type RuleRow, type RuleSetRow } from '../waf/index.js';
import { bucketStarts, STORE_BUCKET } from './aggregate.js';
import { readReportWindow, requireReports, type ReportWindow } from './window.js';

const PAGE: PageLimits = { defaultPerPage: BLOCK_PAGE_SIZES[0], maxPerPage: BLOCK_PAGE_SIZES[BLOCK_PAGE_SIZES.length - 1]! };
/** Policies read per variant and log type at most: every rule of every set (RULES_PER_SET_MAX per set) fits. */
const POLICY_GROUPS_MAX = 10_000;
/** The attributions each variant reads, and the log type each attribution's rules write. */
const ATTRIBUTIONS: Readonly<Record<FirewallReportType, readonly RuleSetRow['attribution'][]>> = { firewall: ['custom', 'default'], package: ['built-in'] };
const LOG_TYPE_OF: Readonly<Record<RuleSetRow['attribution'], FirewallLogType>> = { custom: 'acl', default: 'waf', 'built-in': 'waf' };

type SetRow = Pick<RuleSetRow, 'id' | 'name' | 'attribution' | 'catalogue_key'>;

/** The account's rule sets of a variant. */
function variantSets(request: FastifyRequest, type: FirewallReportType): SetRow[] {
  return prepare(
    request.server.db,
    `SELECT id, name, attribution, catalogue_key FROM ${SETS} WHERE member_id = ? AND attribution IN (SELECT value FROM json_each(?)) ORDER BY id`,
  ).all(requireSession(request).memberId, JSON.stringify(ATTRIBUTIONS[type])) as SetRow[];
}

/** The blocked lines of some sets, per log type those sets write (one search per type; none without sets). */
function blockedSearches(window: ReportWindow, sets: readonly SetRow[], narrow: LogPredicate | null = null): LogSearch[] {
  const byType = new Map<LogType, number[]>();
  for (const set of sets) byType.set(LOG_TYPE_OF[set.attribution], [...(byType.get(LOG_TYPE_OF[set.attribution]) ?? []), set.id]);
  const blocked: LogPredicate = { op: 'in', field: 'action', values: [...BLOCKED_ACTIONS] };
  return [...byType].map(([logType, ids]) => ({
    ...window.search,
    logType,
    where: allOf([window.search.where, blocked, { op: 'in', field: 'rule_set_id', values: ids }, narrow]),
  }));
}

/** The stored rules of some (set, code) pairs, by `set:code`. */
function storedPolicies(request: FastifyRequest, pairs: readonly { set: number; code: string }[]): Map<string, RuleRow> {
  if (pairs.length === 0) return new Map();
  const rows = prepare(
    request.server.db,
    `SELECT * FROM ${RULES} WHERE member_id = ? AND (rule_set_id || ':' || code) IN (SELECT value FROM json_each(?)) ORDER BY id`,
  ).all(requireSession(request).memberId, JSON.stringify(pairs.map((pair) => `${pair.set}:${pair.code}`))) as RuleRow[];
  const found = new Map<string, RuleRow>();
  for (const row of rows) if (!found.has(`${row.rule_set_id}:${row.code}`)) found.set(`${row.rule_set_id}:${row.code}`, row);
  return found;
}

/** How a policy is named, from its stored rule when it still exists. */
function policyOf(request: FastifyRequest, set: SetRow, ruleId: number, stored: RuleRow | undefined): FirewallBlockPolicy {
  return {
    id: stored?.id ?? 0,
    rule_id: ruleId,
    rule_set_id: set.id,
    log_type: LOG_TYPE_OF[set.attribution],
    rule_set: ruleSetName(set, requestLanguage(request)),
    name: stored?.remark ?? '',
    action: stored ? (JSON.parse(stored.action) as WafActionInput).type : null,
    status: stored?.status ?? null,
  };
}

/** Blocked requests per bucket and log over every search, every bucket of the range present. */
async function blockSeries(store: LogStore, searches: readonly LogSearch[], window: ReportWindow): Promise<FirewallBlockPoint[]> {
  const counts: Record<FirewallLogType, Map<number, number>> = { waf: new Map(), acl: new Map() };
  const answers = await Promise.all(searches.map((search) => store.aggregate({ ...search, bucket: STORE_BUCKET[window.granularity] })));
  answers.forEach((rows, index) => {
    const counted = counts[searches[index]!.logType as FirewallLogType];
    for (const row of rows) counted.set(row.bucket, (counted.get(row.bucket) ?? 0) + row.requests);
  });
  return bucketStarts(window.search.from, window.search.to, window.granularity).map((at) => {
    const byLog = { waf: counts.waf.get(at) ?? 0, acl: counts.acl.get(at) ?? 0 };
    return { bucket: isoTime(at), blocks: byLog.waf + byLog.acl, by_log: byLog };
  });
}

/** The common query: type, window and page; answers the refusal and returns null when the call may not run. */
function readBlockQuery(request: FastifyRequest, reply: FastifyReply, extra: FieldIssue[] = []) {
  if (!requireReports(request, reply)) return null;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const issues: FieldIssue[] = [...extra];
  if (!isFirewallReportType(query.type)) issues.push({ field: 'type', key: 'common.format-error' });
  const { page, issues: pageIssues } = readPage(query, PAGE);
  issues.push(...pageIssues);
  const window = readReportWindow(request, reply, 'waf', issues);
  if (!window) return null;
  return { type: query.type as FirewallReportType, page, window };
}

/** The websites a set's policies run on: every website of the account for the default set, the bound ones otherwise. */
function setWebsites(request: FastifyRequest, set: SetRow): number[] {
  const memberId = requireSession(request).memberId;
  const rows =
    set.attribution === 'default'
      ? prepare(request.server.db, 'SELECT id FROM domains WHERE member_id = ?').all(memberId)
      : prepare(request.server.db, `SELECT domain_id AS id FROM ${BINDINGS} WHERE member_id = ? AND rule_set_id = ?`).all(memberId, set.id);
  return (rows as { id: number }[]).map((row) => row.id);
}

/** Registers the routes (under /api); called by ./routes.ts. */
export async function firewallReportRoutes(api: FastifyInstance): Promise<void> {
  api.get('/V4/firewall.report.block.list', async (request, reply) => {
    const read = readBlockQuery(request, reply);
    if (!read) return reply;
    const { type, page, window } = read;
    const sets = variantSets(request, type);
    const setById = new Map(sets.map((set) => [set.id, set]));
    const searches = blockedSearches(window, sets);
    const gate = featureGate('attack_full_report', planContextOf(request));
    const store = api.logStore;
    const [series, sums, groups] = await Promise.all([
      blockSeries(store, searches, window),
      Promise.all(searches.map((search) => store.totals(search, null, 'requests', 1))),
      // Without the full reports the policies are not read at all (rules §6: no attack features).
      gate.allowed ? Promise.all(searches.map((search) => store.groupTotals(search, ['rule_set_id', 'rule_id'], POLICY_GROUPS_MAX))) : Promise.resolve([]),
    ]);
    const all = groups.flat().sort((a, b) => b.requests - a.requests || b.last - a.last || a.groups.join(':').localeCompare(b.groups.join(':')));
    const shown = all.slice(page.offset, page.offset + page.perPage);
    // Top targets of the page's policies only: one scan per log type, narrowed to the page's sets.
    const pageSets = sets.filter((set) => shown.some((row) => Number(row.groups[0]) === set.id));
    const targets = new Map<string, { url: string; blocks: number }[]>();
    const pageRules: LogPredicate = { op: 'in', field: 'rule_id', values: [...new Set(shown.map((row) => Number(row.groups[1])))] };
    for (const rows of await Promise.all(blockedSearches(window, pageSets, pageRules).map((search) => store.topPerGroup(search, ['rule_set_id', 'rule_id'], 'uri', BLOCK_TOP_TARGETS)))) {
      for (const row of rows) targets.set(row.groups.join(':'), [...(targets.get(row.groups.join(':')) ?? []), { url: row.value, blocks: row.requests }]);
    }
    const stored = storedPolicies(request, shown.map((row) => ({ set: Number(row.groups[0]), code: row.groups[1]! })));
    const list: FirewallBlockRow[] = shown.map((row) => {
      const key = row.groups.join(':');
      const ruleSetId = Number(row.groups[0]);
      return {
        // Every row's set is one of the variant's: the searches read those sets only.
        ...policyOf(request, setById.get(ruleSetId)!, Number(row.groups[1]), stored.get(key)),
        blocks: row.requests,
        clients: row.visitors,
        last_blocked: isoTime(row.last),
        top_targets: targets.get(key) ?? [],
      };
    });
    const totals = sums.flat();
    const answer: FirewallBlockList = {
      type,
      from: isoTime(window.search.from),
      to: isoTime(window.search.to - 1),
      granularity: window.granularity,
      full: gate.allowed,
      notice: gate.notice?.kind ?? null,
      // Clients are summed over the log types: an address blocked by both a custom and a default policy counts twice.
      totals: { blocks: totals.reduce((sum, row) => sum + row.requests, 0), policies: all.length, clients: totals.reduce((sum, row) => sum + row.visitors, 0) },
      series,
      sets: sets.map((set) => ({ id: set.id, log_type: LOG_TYPE_OF[set.attribution] })),
      list,
      total: all.length,
    };
    return ok(reply, answer);
  });

  api.get('/V4/firewall.report.block.details', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const id = positiveId(query.id);
    const read = readBlockQuery(request, reply, id === null ? [{ field: 'id', key: 'common.positive-integer' }] : []);
    if (!read) return reply;
    const { type, page, window } = read;
    const gate = planIssue(request, 'attack_full_report', { field: 'id' });
    if (!validated(reply, gate ? [gate] : [])) return reply;
    // Rules §9 detail list limit: no page starts past the last record a details list reaches.
    const lastPage = Math.ceil(BLOCK_DETAILS_MAX / page.perPage);
    if (!validated(reply, page.page > lastPage ? [{ field: 'page', key: 'common.integer-range', values: { min: 1, max: lastPage } }] : [])) return reply;
    const memberId = requireSession(request).memberId;
    const rule = prepare(request.server.db, `SELECT * FROM ${RULES} WHERE member_id = ? AND id = ?`).get(memberId, id) as RuleRow | undefined;
    const set = rule ? variantSets(request, type).find((candidate) => candidate.id === rule.rule_set_id) : undefined;
    if (!rule || !set) return fail(reply, NOT_FOUND_CODE);
    // A caller who may read every website of the account may read each policy, even one of a set bound to none now
    // (its lines stay); a sub-account only a policy running on a website it may read.
    const websites = prepare(request.server.db, 'SELECT count(*) AS n FROM domains WHERE member_id = ?').get(memberId) as { n: number };
    const covered = new Set(window.names.values());
    if (covered.size < websites.n && !setWebsites(request, set).some((website) => covered.has(website))) return fail(reply, NOT_FOUND_CODE);

    const ruleId = Number(rule.code);
    const [search] = blockedSearches(window, [set], { op: 'compare', field: 'rule_id', operator: '=', value: ruleId });
    // The store answers the newest lines: read up to the end of the page (never past the detail list limit).
    const end = Math.min(page.offset + page.perPage, BLOCK_DETAILS_MAX);
    const found = await api.logStore.search(search!, end);
    const answer: FirewallBlockDetails = {
      type,
      from: isoTime(window.search.from),
      to: isoTime(window.search.to - 1),
      policy: policyOf(request, set, ruleId, rule),
      list: found.rows.slice(page.offset, end).map((line) => ({
        time: isoTime(line.ts),
        request_id: line.request_id,
        client_ip: line.client_ip,
        country: line.country,
        province: line.province,
        domain: line.domain,
        url: line.uri,
        action: line.action as LogAction,
      })),
      total: Math.min(found.total, BLOCK_DETAILS_MAX),
      matched: found.total,
    };
    return ok(reply, answer);
  });
}
