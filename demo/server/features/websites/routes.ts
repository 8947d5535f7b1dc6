/**
 * Websites (rules §3-§5, §8, §9 websites; shell §4 "a disabled domain goes offline; visitors receive 503"): the list
 * with server-side paging, filters and sort; one site; add (the wizard and batch add, with a dry run for the per-row
 * preview); delete (at most 500, refused while bound to a TCP package); suspend and enable; a site's own fields; batch
 * setting (approved sites with an origin only). Every call is scoped to the account and, for a child, to the domains
 * its group may see (rules §6); writes need the domain module's manage access, land in the operation log, and status
 * transitions run on the job runner (`website.provision`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE } from '../../../../core/api/catalogue.js';
import type { ListAnswer, ModuleAccess } from '../../../../core/api/endpoints/platform.js';
import {
  UNAPPROVED_WEBSITE_STATUSES,
  type WebsiteBatchAnswer,
  type WebsiteInfo,
  type WebsiteOutcome,
  type WebsiteSelection,
  type WebsiteStatus,
} from '../../../../core/api/endpoints/websites.js';
import { normalizeDomain } from '../../../../core/rules/domain.js';
import { issue, onField } from '../../../../core/rules/types.js';
import {
  validateBatchConfigSite,
  validateDomainQuota,
  validateNewWebsiteDomain,
  validateStatusChange,
  validateWebsiteBatchDelete,
  validateWebsiteDeletable,
  type WebsitePlanContext,
} from '../../../../core/rules/websites.js';
import {
  filterCondition,
  insertWebsite,
  orderBy,
  parseSettings,
  toWebsiteInfos,
  WEBSITE_COLUMNS,
  type WebsiteListRow,
} from './store.js';
import { livePlans, planAllows, withPlanNotice, type LivePlan } from '../plans/index.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { readPage, type PageLimits } from '../../platform/http/pagination.js';
import { positiveId } from '../../platform/http/readers.js';
import { readAdd, readDryRun, readListQuery, readSelection, readSettings, readStatusAction, readUpdate } from './payloads.js';
import { registerWebsiteJobs, WEBSITE_PROVISION_JOB } from './provision-job.js';
import { recordOperation, sameValue } from '../../platform/oplog.js';
import { permissions, type Permissions } from '../../platform/security/permissions.js';
import { scope, type Params } from '../../platform/security/scope.js';
import { requireSession } from '../../platform/security/session.js';
import { noticeDomainsSuspended } from '../messages/index.js';

/** The list pages by 10/20/50/100 (shell §9); the website picker of batch setting shows 500 (rules §5). */
export const WEBSITE_PAGE_LIMITS: PageLimits = { defaultPerPage: 10, maxPerPage: 500 };

/** What the account's live plans allow (rules §6) and its domain quota (shell §3 domain_usage). */
export interface WebsitePlan {
  gate: WebsitePlanContext;
  /** Sum of the domain totals of the plans that have not expired. */
  total: number;
  /** The newest live plan, whose settings a new site starts from. */
  newest: LivePlan | undefined;
}

/** Reads the account's plan context. */
export function websitePlan(request: FastifyRequest): WebsitePlan {
  const plans = livePlans(scope(request), request.server.now());
  // The plan-gating table decides (core/config/plan-gates.ts); the shared website rules word the refusals.
  return {
    gate: {
      addAllowed: planAllows(request, 'domain_add'),
      httpsAllowed: planAllows(request, 'https'),
      websocketAllowed: planAllows(request, 'websocket'),
    },
    total: plans.reduce((sum, plan) => sum + plan.domain_total, 0),
    newest: plans[0],
  };
}

/**
 * Whether the caller may change one website (rules §6: its group manages the domain module and the site is within the
 * grant). The write routes refuse by it and every answer carries it as `editable`, so the list never offers what a
 * save would refuse.
 */
export function mayChangeWebsite(caller: Permissions, id: number): boolean {
  return caller.allows('domain', 'manage', id);
}

/** The `editable` flag of the caller's websites, for {@link toWebsiteInfos}. */
export function websiteEditable(request: FastifyRequest): (id: number) => boolean {
  const caller = permissions(request);
  return (id) => mayChangeWebsite(caller, id);
}

/**
 * Websites a selection names that the caller may see, and an outcome for each named one that it may not. With
 * `manage` (the write routes), a site the caller may see but not change gets `websites.not-editable` instead.
 */
export function resolveSelection(
  request: FastifyRequest,
  selection: WebsiteSelection,
  access: ModuleAccess = 'read',
): { rows: WebsiteListRow[]; missing: WebsiteOutcome[] } {
  const found = findSelection(request, selection);
  if (access === 'read') return found;
  const caller = permissions(request);
  const refused = found.rows.filter((row) => !mayChangeWebsite(caller, row.id));
  if (refused.length === 0) return found;
  return {
    rows: found.rows.filter((row) => !refused.includes(row)),
    missing: [
      ...refused.map((row): WebsiteOutcome => ({ domain: row.domain, id: row.id, ok: false, reason: issue('websites.not-editable'), status: row.status })),
      ...found.missing,
    ],
  };
}

function findSelection(request: FastifyRequest, selection: WebsiteSelection): { rows: WebsiteListRow[]; missing: WebsiteOutcome[] } {
  const visible = permissions(request).visible('domain');
  const tenant = scope(request);
  const columns = `${WEBSITE_COLUMNS}, (SELECT COUNT(*) FROM website_origins w WHERE w.domain_id = domains.id) AS origin_count`;
  const notFound = (domain: string, id: number | null): WebsiteOutcome => ({ domain, id, ok: false, reason: issue('websites.not-found') });
  if (selection.ids) {
    const rows = tenant.all<WebsiteListRow>('domains', {
      columns,
      where: `(${visible.where}) AND id IN (SELECT value FROM json_each(@ids))`,
      params: { ...visible.params, ids: JSON.stringify(selection.ids) },
      orderBy: 'id',
    });
    const found = new Set(rows.map((row) => row.id));
    return { rows, missing: selection.ids.filter((id) => !found.has(id)).map((id) => notFound('', id)) };
  }
  if (selection.domains) {
    const names = [...new Set(selection.domains.map(normalizeDomain).filter((name) => name !== ''))];
    const rows = tenant.all<WebsiteListRow>('domains', {
      columns,
      where: `(${visible.where}) AND lower(domain) IN (SELECT value FROM json_each(@names))`,
      params: { ...visible.params, names: JSON.stringify(names) },
      orderBy: 'id',
    });
    const found = new Set(rows.map((row) => row.domain.toLowerCase()));
    return { rows, missing: names.filter((name) => !found.has(name)).map((name) => notFound(name, null)) };
  }
  const { exclude = [], ...filters } = selection.all ?? {};
  const condition = filterCondition(filters);
  const where = [`(${visible.where})`, ...condition.where, 'id NOT IN (SELECT value FROM json_each(@exclude))'];
  const rows = tenant.all<WebsiteListRow>('domains', {
    columns,
    where: where.join(' AND '),
    params: { ...visible.params, ...condition.params, exclude: JSON.stringify(exclude) },
    orderBy: 'id',
  });
  return { rows, missing: [] };
}

/** The rows whose outcome is a success. */
function accepted(rows: readonly WebsiteListRow[], results: readonly WebsiteOutcome[]): WebsiteListRow[] {
  const ids = new Set(results.filter((result) => result.ok).map((result) => result.id));
  return rows.filter((row) => ids.has(row.id));
}

/** The batch answer of a list of outcomes. */
function batchAnswer(results: WebsiteOutcome[], jobId: number | null): WebsiteBatchAnswer {
  const succeeded = results.filter((result) => result.ok).length;
  return { results, succeeded, failed: results.length - succeeded, job_id: jobId };
}

/** Starts the provisioning job for sites whose status the job moves on. */
export function provision(request: FastifyRequest, ids: readonly number[]): number | null {
  if (ids.length === 0) return null;
  const session = requireSession(request);
  return request.server.jobs.enqueue({
    memberId: session.memberId,
    userId: session.userId,
    operator: session.operator,
    type: WEBSITE_PROVISION_JOB,
    params: { ids },
  }).id;
}

/** Registers the routes (under /api) and the provisioning job. */
export async function websiteRoutes(api: FastifyInstance): Promise<void> {
  registerWebsiteJobs(api.jobs);

  api.get('/V4/cloudsafe.hwws.website.list', async (request, reply) => {
    const { page, issues } = readPage(request.query, WEBSITE_PAGE_LIMITS);
    const { value, issues: queryIssues } = readListQuery(request.query);
    if (!validated(reply, [...issues, ...queryIssues])) return reply;
    const access = permissions(request);
    if (!access.can('domain', 'read')) return fail(reply, PERMISSION_DENIED_CODE);
    const visible = access.visible('domain');
    const condition = filterCondition(value);
    const tenant = scope(request);
    const rows = tenant.page<WebsiteListRow>('domains', page, {
      columns: WEBSITE_COLUMNS,
      where: [`(${visible.where})`, ...condition.where].join(' AND '),
      params: { ...visible.params, ...condition.params },
      orderBy: orderBy(value.sort, value.order),
    });
    const answer: ListAnswer<WebsiteInfo> = { list: toWebsiteInfos(tenant, rows.list, websiteEditable(request)), total: rows.total };
    return ok(reply, answer);
  });

  api.get('/V4/cloudsafe.hwws.website.get', async (request, reply) => {
    const id = positiveId((request.query as Record<string, unknown>).id);
    if (!validated(reply, id === null ? [{ field: 'id', key: 'common.positive-integer' }] : [])) return reply;
    if (!permissions(request).can('domain', 'read')) return fail(reply, PERMISSION_DENIED_CODE);
    const [row] = resolveSelection(request, { ids: [id as number] }).rows;
    if (!row) return fail(reply, NOT_FOUND_CODE);
    return ok(reply, toWebsiteInfos(scope(request), [row], websiteEditable(request))[0]);
  });

  api.post('/V4/cloudsafe.hwws.website.add', async (request, reply) => {
    const access = permissions(request);
    if (!access.can('domain', 'manage')) return fail(reply, PERMISSION_DENIED_CODE);
    const tenant = scope(request);
    const plan = websitePlan(request);
    const { value, issues: found } = readAdd(request.body, plan.gate);
    const issues = withPlanNotice(request, found);
    if (value.templateId !== null && !tenant.get('website_templates', { columns: 'id', where: 'id = @id', params: { id: value.templateId } })) {
      issues.push(...onField('template_id', issue('websites.template-required')));
    }
    if (value.groupId !== null && !tenant.get('website_groups', { columns: 'id', where: 'id = @id', params: { id: value.groupId } })) {
      issues.push({ field: 'group_id', key: 'common.format-error' });
    }
    if (!validated(reply, issues)) return reply;

    const names = value.batch.entries.map(normalizeDomain);
    const existing = new Set(
      tenant
        .all<{ name: string }>('domains', {
          columns: 'lower(domain) AS name',
          where: 'lower(domain) IN (SELECT value FROM json_each(@names))',
          params: { names: JSON.stringify(names) },
        })
        .map((row) => row.name),
    );
    const used = tenant.count('domains');
    let accepted = 0;
    const results: WebsiteOutcome[] = value.batch.lines.map((line) => {
      if (line.status !== 'valid') return { domain: line.text, id: null, ok: false, reason: line.issue };
      const domain = normalizeDomain(line.text);
      const reason = validateNewWebsiteDomain(existing.has(domain)) ?? validateDomainQuota(used, accepted + 1, plan.total);
      if (reason) return { domain, id: null, ok: false, reason };
      accepted++;
      return { domain, id: null, ok: true, status: 'pending_approval' };
    });
    if (readDryRun(request.body)) return ok(reply, batchAnswer(results, null));

    const now = api.now();
    const setting = plan.newest?.plan_setting ?? {};
    const template = value.templateId === null ? undefined : tenant.get<{ settings: string }>('website_templates', {
      columns: 'settings',
      where: 'id = @id',
      params: { id: value.templateId },
    });
    const session = requireSession(request);
    api.db.transaction(() => {
      for (const result of results) {
        if (!result.ok) continue;
        result.id = insertWebsite(
          tenant,
          {
            domain: result.domain,
            type: value.type,
            status: 'pending_approval',
            remark: value.remark,
            groupId: value.groupId,
            templateId: value.templateId,
            networkType: setting.network_type,
            expireAt: plan.newest?.expire_at ?? null,
            autoRenew: setting.auto_renew === true,
            originProtocol: value.originProtocol,
            loadBalancing: value.loadBalancing,
            https: value.https,
            settings: template ? parseSettings(template.settings) : undefined,
            origins: value.origins,
            createdBy: session.userId,
          },
          now,
        );
        access.bindCreated('domain', result.id);
        recordOperation(request, {
          area: 'domain',
          action: 'create',
          objectId: result.id,
          objectLabel: result.domain,
          after: { domain: result.domain, status: 'pending_approval', origins: value.origins, https: value.https, remark: value.remark },
        });
      }
    })();
    const jobId = provision(request, results.filter((result) => result.ok).map((result) => result.id as number));
    return ok(reply, batchAnswer(results, jobId));
  });

  api.post('/V4/cloudsafe.hwws.website.delete', async (request, reply) => {
    const { value: selection, issues } = readSelection(request.body);
    if (!validated(reply, issues)) return reply;
    const access = permissions(request);
    if (!access.can('domain', 'manage')) return fail(reply, PERMISSION_DENIED_CODE);
    const { rows, missing } = resolveSelection(request, selection, 'manage');
    // Rules §9: at most 500 per batch delete, counting what was named (the refused ones too).
    if (!validated(reply, onField('selection', validateWebsiteBatchDelete([...rows, ...missing])))) return reply;
    const tenant = scope(request);
    const results: WebsiteOutcome[] = [
      ...rows.map((row): WebsiteOutcome => {
        const reason = validateWebsiteDeletable({ tcpPackage: row.tcp_package });
        return reason ? { domain: row.domain, id: row.id, ok: false, reason, status: row.status } : { domain: row.domain, id: row.id, ok: true, status: row.status };
      }),
      ...missing,
    ];
    if (readDryRun(request.body)) return ok(reply, batchAnswer(results, null));
    const doomed = accepted(rows, results);
    // The log keeps the site as it was, without the caller's right to change it (not a property of the site).
    const before = new Map(toWebsiteInfos(tenant, doomed, () => true).map(({ editable: _caller, ...info }) => [info.id, info]));
    const ids = JSON.stringify(doomed.map((row) => row.id));
    api.db.transaction(() => {
      tenant.remove('domains', 'id IN (SELECT value FROM json_each(@ids))', { ids });
      // The grants of a deleted site go with it, so a later site that reuses nothing inherits nothing.
      // Logs and reports are granted per website too (issue 26), so their grants of it go with it.
      tenant.remove('permission_objects', "module IN ('domain', 'logs', 'reports') AND object_id IN (SELECT value FROM json_each(@ids))", { ids });
      for (const row of doomed) {
        recordOperation(request, { area: 'domain', action: 'delete', objectId: row.id, objectLabel: row.domain, before: before.get(row.id) });
      }
    })();
    return ok(reply, batchAnswer(results, null));
  });

  api.post('/V4/cloudsafe.hwws.website.status', async (request, reply) => {
    const { value: selection, issues } = readSelection(request.body);
    const { value: action, issues: actionIssues } = readStatusAction(request.body);
    if (!validated(reply, [...issues, ...actionIssues])) return reply;
    if (!permissions(request).can('domain', 'manage')) return fail(reply, PERMISSION_DENIED_CODE);
    const { rows, missing } = resolveSelection(request, selection, 'manage');
    const next: WebsiteStatus = action === 'suspend' ? 'suspended' : 'deploying';
    const results: WebsiteOutcome[] = [
      ...rows.map((row): WebsiteOutcome => {
        const reason = validateStatusChange(row.status, action);
        return reason ? { domain: row.domain, id: row.id, ok: false, reason, status: row.status } : { domain: row.domain, id: row.id, ok: true, status: next };
      }),
      ...missing,
    ];
    if (readDryRun(request.body)) return ok(reply, batchAnswer(results, null));
    const tenant = scope(request);
    const now = api.now();
    const changed = accepted(rows, results);
    api.db.transaction(() => {
      tenant.update('domains', { status: next, updated_at: now }, 'id IN (SELECT value FROM json_each(@ids))', {
        ids: JSON.stringify(changed.map((row) => row.id)),
      });
      for (const row of changed) {
        recordOperation(request, {
          area: 'domain',
          action,
          objectId: row.id,
          objectLabel: row.domain,
          before: { status: row.status },
          after: { status: next },
        });
      }
    })();
    const jobId = action === 'enable' ? provision(request, changed.map((row) => row.id)) : null;
    if (action === 'suspend') noticeDomainsSuspended(request, tenant.memberId, changed);
    return ok(reply, batchAnswer(results, jobId));
  });

  api.post('/V4/cloudsafe.hwws.website.update', async (request, reply) => {
    const { value, issues } = readUpdate(request.body);
    if (!validated(reply, issues)) return reply;
    if (!permissions(request).can('domain', 'manage')) return fail(reply, PERMISSION_DENIED_CODE);
    const tenant = scope(request);
    const groupMissing = value.groupId && !tenant.get('website_groups', { columns: 'id', where: 'id = @id', params: { id: value.groupId } });
    if (!validated(reply, groupMissing ? [{ field: 'group_id', key: 'common.format-error' }] : [])) return reply;
    const [row] = resolveSelection(request, { ids: [value.id] }).rows;
    if (!row) return fail(reply, NOT_FOUND_CODE);
    if (!mayChangeWebsite(permissions(request), row.id)) return fail(reply, PERMISSION_DENIED_CODE);
    const changes: Params = {};
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const change = (column: keyof WebsiteListRow, next: unknown) => {
      if (row[column] === next) return;
      changes[column] = next;
      before[column] = row[column];
      after[column] = next;
    };
    if (value.remark !== undefined) change('remark', value.remark);
    if (value.groupId !== undefined) change('group_id', value.groupId);
    if (value.autoRenew !== undefined) change('auto_renew', value.autoRenew ? 1 : 0);
    if (Object.keys(changes).length > 0) {
      api.db.transaction(() => {
        tenant.update('domains', { ...changes, updated_at: api.now() }, 'id = @id', { id: row.id });
        recordOperation(request, { area: 'domain', action: 'update', objectId: row.id, objectLabel: row.domain, before, after });
      })();
    }
    const [updated] = resolveSelection(request, { ids: [row.id] }).rows;
    return ok(reply, toWebsiteInfos(tenant, [updated!], websiteEditable(request))[0]);
  });

  api.post('/V4/cloudsafe.hwws.website.batch.setting', async (request, reply) => {
    const plan = websitePlan(request);
    const { value: selection, issues } = readSelection(request.body);
    const { value: settings, issues: settingIssues } = readSettings(request.body, plan.gate);
    if (!validated(reply, withPlanNotice(request, [...settingIssues, ...issues]))) return reply;
    if (!permissions(request).can('domain', 'manage')) return fail(reply, PERMISSION_DENIED_CODE);
    const { rows, missing } = resolveSelection(request, selection, 'manage');
    // A site whose settings already are the asked ones is accepted and left alone: no write, no redeployment.
    const alreadySet = (row: (typeof rows)[number]) => {
      const previous = parseSettings(row.settings);
      return sameValue({ ...previous, ...settings }, previous);
    };
    const results: WebsiteOutcome[] = [
      ...rows.map((row): WebsiteOutcome => {
        const reason = validateBatchConfigSite({
          approved: !UNAPPROVED_WEBSITE_STATUSES.includes(row.status),
          hasOrigin: (row.origin_count ?? 0) > 0,
        });
        const status: WebsiteStatus = row.status === 'suspended' || alreadySet(row) ? row.status : 'updating';
        return reason ? { domain: row.domain, id: row.id, ok: false, reason, status: row.status } : { domain: row.domain, id: row.id, ok: true, status };
      }),
      ...missing,
    ];
    if (readDryRun(request.body)) return ok(reply, batchAnswer(results, null));
    const tenant = scope(request);
    const now = api.now();
    const changed = accepted(rows, results).filter((row) => !alreadySet(row));
    api.db.transaction(() => {
      for (const row of changed) {
        const previous = parseSettings(row.settings);
        const merged = { ...previous, ...settings };
        // A suspended site keeps serving 503 until enabled; its new settings apply when it comes back.
        tenant.update('domains', { settings: JSON.stringify(merged), status: row.status === 'suspended' ? 'suspended' : 'updating', updated_at: now }, 'id = @id', {
          id: row.id,
        });
        recordOperation(request, {
          area: 'domain',
          action: 'batch-setting',
          objectId: row.id,
          objectLabel: row.domain,
          before: Object.fromEntries(Object.keys(settings).map((name) => [name, previous[name as keyof typeof previous]])),
          after: settings,
        });
      }
    })();
    const jobId = provision(request, changed.filter((row) => row.status !== 'suspended').map((row) => row.id));
    return ok(reply, batchAnswer(results, jobId));
  });
}
