/**
 * Configuration templates (old layout `configTemplates`; rules §3 "Configuration template: name, remark,
 * configuration items"; rules §5 "Configuration template name at most 30", "Batch configuration needs at least one
 * configuration and a website selection; sites that are unapproved or have no origin cannot be batch configured";
 * rules §6 template copy needs flagship or above), and batch setting by template (`V4/web.config.template.apply`).
 *
 * Items are values of the settings groups a template may hold (core/settings/policy.ts), checked when the template is
 * saved and again per site when it is applied, by the same `checkGroupSaves` as every settings save, then written by
 * `writeGroupSaves` (operation-log diff per site and group). A dry run answers each site's preview: refused with its
 * reason, or the groups whose value changes with before and after.
 *
 * Applying writes every accepted site in one transaction (so a failure leaves no site half-set) and hands the sites
 * whose configuration changed to the websites area's provisioning job (`website.provision`: "update in progress" ->
 * serving), whose progress the job list streams; this is the batch setting machinery of features/websites.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE, type FieldIssue } from '../../../../core/api/catalogue.js';
import type { ApplyOutcome, ConfigTemplate, ConfigTemplateApplyAnswer, ItemChange, TemplateListAnswer } from '../../../../core/api/endpoints/acceleration-policy.js';
import { UNAPPROVED_WEBSITE_STATUSES } from '../../../../core/api/endpoints/websites.js';
import type { SettingsGroupName } from '../../../../core/settings/catalogue.js';
import { issue, onField, type RuleIssue } from '../../../../core/rules/types.js';
import { validateBatchConfigSite, validateConfigTemplateName, WEBSITE_BATCH_MAX } from '../../../../core/rules/websites.js';
import { isoTime } from '../../platform/database.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { readPage } from '../../platform/http/pagination.js';
import { asRecord } from '../../platform/http/readers.js';
import { recordOperation, sameValue } from '../../platform/oplog.js';
import { permissions } from '../../platform/security/permissions.js';
import { scope, type Scope } from '../../platform/security/scope.js';
import {
  configMethodOf,
  ownerGroupValue,
  type GroupContext,
  checkGroupSaves,
  groupContext,
  writeGroupSaves,
  type CheckedSave,
  type GenericSave,
  loadGroups,
} from '../domain-settings/index.js';
import { provision, readSelection, resolveSelection } from '../websites/index.js';
import { readConfigTemplate, readTemplateId } from './payloads.js';
import { policyContext, policyWritable, POLICY_LOG_AREA } from './routes.js';
import { requirePlan } from '../plans/index.js';

interface ConfigTemplateRow {
  id: number;
  name: string;
  remark: string;
  items: string;
  created_at: number;
  updated_at: number;
}

function toConfigTemplate(row: ConfigTemplateRow): ConfigTemplate {
  return {
    id: row.id,
    name: row.name,
    remark: row.remark,
    items: JSON.parse(row.items) as ConfigTemplate['items'],
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
  };
}

function configTemplateRow(tenant: Scope, id: number): ConfigTemplateRow | undefined {
  return tenant.get<ConfigTemplateRow>('config_templates', { columns: '*', where: 'id = @id', params: { id } });
}

function nameTaken(tenant: Scope, name: string, except: number): FieldIssue[] {
  return tenant.count('config_templates', { where: 'lower(name) = lower(@name) AND id <> @except', params: { name, except } }) > 0
    ? onField('name', issue('acceleration-policy.name-exists'))
    : [];
}

/** Checks items with the groups' own rules (and the plan gate) as a policy would hold them; issues name `items.<group>`. */
function checkItems(context: GroupContext, items: ReadonlyArray<{ name: SettingsGroupName; value: unknown }>): { values: Record<string, unknown>; issues: FieldIssue[] } {
  const saves: GenericSave[] = items.map((item) => ({ name: item.name, revision: null, value: item.value }));
  const { checked, issues } = checkGroupSaves(context, saves);
  const values = Object.fromEntries(checked.map((entry) => [entry.save.name, entry.value]));
  return { values, issues: issues.map((entry) => ({ ...entry, field: `items.${entry.field}` })) };
}

function firstReason(issues: readonly FieldIssue[]): RuleIssue {
  const [first] = issues;
  return first!.values ? { key: first!.key, values: first!.values } : { key: first!.key };
}

/** The groups of a site whose value the items change, with before and after. */
function changesOf(context: GroupContext, checked: readonly CheckedSave[]): ItemChange[] {
  const owner = { kind: 'domain' as const, id: context.domain.id };
  const stored = loadGroups(context.tenant, owner, checked.map((entry) => entry.save.name));
  const changes: ItemChange[] = [];
  for (const { save, definition, value } of checked) {
    const strip = (definition as unknown as { strip?: (v: unknown) => unknown }).strip ?? ((v: unknown) => v);
    const before = strip(ownerGroupValue(definition, owner, stored.get(save.name), context));
    const after = strip(value);
    if (!sameValue(before, after)) changes.push({ group: save.name, before, after });
  }
  return changes;
}

/** The configuration template routes. */
export async function configTemplateRoutes(api: FastifyInstance): Promise<void> {
  api.get('/V4/web.config.template.list', async (request, reply) => {
    const { page, issues } = readPage(request.query);
    if (!validated(reply, issues)) return reply;
    if (!permissions(request).require(reply, 'domain', 'read')) return reply;
    const name = String(asRecord(request.query).name ?? '').trim();
    const answer = scope(request).page<ConfigTemplateRow>('config_templates', page, {
      columns: '*',
      where: name === '' ? undefined : 'instr(lower(name), lower(@name)) > 0',
      params: { name },
      orderBy: 'id DESC',
    });
    return ok(reply, { list: answer.list.map(toConfigTemplate), total: answer.total, editable: policyWritable(request) } satisfies TemplateListAnswer<ConfigTemplate>);
  });

  api.get('/V4/web.config.template.get', async (request, reply) => {
    const { id, issues } = readTemplateId(asRecord(request.query));
    if (!validated(reply, issues)) return reply;
    if (!permissions(request).require(reply, 'domain', 'read')) return reply;
    const row = configTemplateRow(scope(request), id!);
    return row ? ok(reply, toConfigTemplate(row)) : fail(reply, NOT_FOUND_CODE);
  });

  const save = (request: FastifyRequest, update: boolean) => {
    const body = asRecord(request.body);
    const { value, issues } = readConfigTemplate(body);
    const template = update ? readTemplateId(body) : { id: null, issues: [] };
    return { value, issues: [...template.issues, ...issues], id: template.id };
  };

  api.post('/V4/web.config.template.create', async (request, reply) => {
    const { value, issues } = save(request, false);
    if (!validated(reply, issues)) return reply;
    if (!policyWritable(request)) return fail(reply, PERMISSION_DENIED_CODE);
    const tenant = scope(request);
    const items = checkItems(policyContext(request), value.items);
    if (!validated(reply, [...nameTaken(tenant, value.name, 0), ...items.issues])) return reply;
    const now = api.now();
    let id = 0;
    api.db.transaction(() => {
      id = tenant.insert('config_templates', { name: value.name, remark: value.remark, items: JSON.stringify(items.values), created_at: now, updated_at: now });
      recordOperation(request, { area: POLICY_LOG_AREA, action: 'create', objectId: id, objectLabel: value.name, after: { name: value.name, remark: value.remark, items: items.values } });
    })();
    return ok(reply, toConfigTemplate(configTemplateRow(tenant, id)!));
  });

  api.post('/V4/web.config.template.update', async (request, reply) => {
    const { value, issues, id } = save(request, true);
    if (!validated(reply, issues)) return reply;
    if (!policyWritable(request)) return fail(reply, PERMISSION_DENIED_CODE);
    const tenant = scope(request);
    const row = configTemplateRow(tenant, id!);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    const items = checkItems(policyContext(request), value.items);
    if (!validated(reply, [...nameTaken(tenant, value.name, row.id), ...items.issues])) return reply;
    const before = { name: row.name, remark: row.remark, items: JSON.parse(row.items) as unknown };
    const after = { name: value.name, remark: value.remark, items: items.values };
    if (!sameValue(before, after)) {
      api.db.transaction(() => {
        tenant.update('config_templates', { name: value.name, remark: value.remark, items: JSON.stringify(items.values), updated_at: api.now() }, 'id = @id', { id: row.id });
        recordOperation(request, { area: POLICY_LOG_AREA, action: 'update', objectId: row.id, objectLabel: value.name, before, after });
      })();
    }
    return ok(reply, toConfigTemplate(configTemplateRow(tenant, row.id)!));
  });

  api.post('/V4/web.config.template.copy', async (request, reply) => {
    const body = asRecord(request.body);
    const { id, issues } = readTemplateId(body);
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    issues.push(...onField('name', validateConfigTemplateName(name)));
    if (!validated(reply, issues)) return reply;
    if (!policyWritable(request)) return fail(reply, PERMISSION_DENIED_CODE);
    if (!requirePlan(request, reply, 'template_copy', { field: 'template_id' })) return reply;
    const tenant = scope(request);
    const row = configTemplateRow(tenant, id!);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    if (!validated(reply, nameTaken(tenant, name, 0))) return reply;
    const now = api.now();
    let copy = 0;
    api.db.transaction(() => {
      copy = tenant.insert('config_templates', { name, remark: row.remark, items: row.items, created_at: now, updated_at: now });
      recordOperation(request, { area: POLICY_LOG_AREA, action: 'copy', objectId: copy, objectLabel: name, after: { name, copied_from: row.name } });
    })();
    return ok(reply, toConfigTemplate(configTemplateRow(tenant, copy)!));
  });

  api.post('/V4/web.config.template.delete', async (request, reply) => {
    const { id, issues } = readTemplateId(asRecord(request.body));
    if (!validated(reply, issues)) return reply;
    if (!policyWritable(request)) return fail(reply, PERMISSION_DENIED_CODE);
    const tenant = scope(request);
    const row = configTemplateRow(tenant, id!);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    api.db.transaction(() => {
      tenant.remove('config_templates', 'id = @id', { id: row.id });
      recordOperation(request, { area: POLICY_LOG_AREA, action: 'delete', objectId: row.id, objectLabel: row.name, before: { name: row.name, remark: row.remark } });
    })();
    return ok(reply, { deleted: 1 });
  });

  api.post('/V4/web.config.template.apply', async (request, reply) => {
    const body = asRecord(request.body);
    const { id, issues } = readTemplateId(body);
    const { value: selection, issues: selectionIssues } = readSelection(body);
    const chosen = body.items === undefined ? null : Array.isArray(body.items) ? body.items.map(String) : [];
    if (chosen !== null && chosen.length === 0) issues.push(...onField('items', issue('websites.batch-config-required')));
    if (!validated(reply, [...issues, ...selectionIssues])) return reply;
    if (!permissions(request).require(reply, 'domain', 'manage')) return reply;
    const tenant = scope(request);
    const template = configTemplateRow(tenant, id!);
    if (!template) return fail(reply, NOT_FOUND_CODE);
    const stored = JSON.parse(template.items) as Record<string, unknown>;
    const names = (chosen ?? Object.keys(stored)).filter((name) => name in stored) as SettingsGroupName[];
    if (names.length === 0 || (chosen !== null && names.length !== chosen.length)) {
      validated(reply, onField('items', issue('websites.batch-config-required')));
      return reply;
    }
    const { rows, missing } = resolveSelection(request, selection, 'manage');
    // Rules §9 "Batch domains (websites), batch delete: 500 per submission"; the picker shows 500 (rules §5). The
    // stricter reading caps batch setting the same way.
    if (rows.length + missing.length > WEBSITE_BATCH_MAX) {
      validated(reply, onField('selection', issue('websites.too-many-domains', { max: WEBSITE_BATCH_MAX })));
      return reply;
    }
    const saves: GenericSave[] = names.map((name) => ({ name, revision: null, value: stored[name] }));
    const plans: Array<{ context: GroupContext; checked: CheckedSave[]; changes: ItemChange[]; status: string; domain: string }> = [];
    const results: ApplyOutcome[] = rows.map((row): ApplyOutcome => {
      const refused = validateBatchConfigSite({ approved: !UNAPPROVED_WEBSITE_STATUSES.includes(row.status), hasOrigin: (row.origin_count ?? 0) > 0 });
      const base = { domain: row.domain, id: row.id };
      if (refused) return { ...base, ok: false, reason: refused, changes: [] };
      // A site on the global policy or a template shows those values only (rules §6 synchronized strategies are
      // view-only): batch setting changes domain-specific configurations.
      if (configMethodOf(tenant, row.id).source !== 'domain') return { ...base, ok: false, reason: issue('domain-settings.synced-readonly'), changes: [] };
      const context = groupContext(request, { id: row.id, domain: row.domain });
      const { checked, issues: found } = checkGroupSaves(context, saves);
      if (found.length > 0) return { ...base, ok: false, reason: firstReason(found), changes: [] };
      const changes = changesOf(context, checked);
      plans.push({ context, checked, changes, status: row.status, domain: row.domain });
      return { ...base, ok: true, changes };
    });
    results.push(...missing.map((entry): ApplyOutcome => ({ domain: entry.domain, id: entry.id, ok: false, reason: entry.reason, changes: [] })));
    const succeeded = results.filter((result) => result.ok).length;
    const answer = (jobId: number | null): ConfigTemplateApplyAnswer => ({ results, succeeded, failed: results.length - succeeded, job_id: jobId });
    if (body.dry_run === true) return ok(reply, answer(null));

    const changed = plans.filter((plan) => plan.changes.length > 0);
    api.db.transaction(() => {
      for (const plan of changed) {
        // Revision-less saves: the values were checked against this site just above, inside the same request.
        writeGroupSaves(request, reply, plan.context, { owner: { kind: 'domain', id: plan.context.domain.id }, area: 'domain', objectId: plan.context.domain.id, label: plan.domain }, plan.checked);
        // A suspended site keeps serving 503 until enabled; its new settings apply when it comes back.
        if (plan.status !== 'suspended') tenant.update('domains', { status: 'updating', updated_at: plan.context.now }, 'id = @id', { id: plan.context.domain.id });
      }
      recordOperation(request, {
        area: POLICY_LOG_AREA,
        action: 'apply',
        objectId: template.id,
        objectLabel: template.name,
        after: { items: names, sites: changed.map((plan) => plan.domain) },
      });
    })();
    const jobId = provision(request, changed.filter((plan) => plan.status !== 'suspended').map((plan) => plan.context.domain.id));
    return ok(reply, answer(jobId));
  });
}
