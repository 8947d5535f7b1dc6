/**
 * The global acceleration policy and acceleration templates (issue 21; rules §3, §4 "Configuration method", §5
 * "Websites and templates", §6): see core/api/endpoints/acceleration-policy.ts for the calls.
 *
 * The policy's and a template's groups are checked and written by the same functions as a domain's
 * (domain-settings/routes.ts `checkGroupSaves`/`writeGroupSaves`: plan gate, the groups' rules, revision and
 * CONFLICT_CODE, operation-log diff); there is no second save path. A save redeploys every domain following the owner,
 * and the configuration view reads through to the owner, so a change reaches every bound domain.
 *
 * Binding and unbinding change each domain's configuration method through `changeConfigMethod`, the one
 * implementation of rules §4's copy/switch behaviour.
 *
 * Grants (rules §6): reading needs read access to the domain module. The policy reaches every domain and a template
 * every domain bound to it, present and future, so changing them needs manage access over all domains (a main
 * account, or a sub-account whose group manages all resources); binding or unbinding a domain needs manage on it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE, type FieldIssue } from '../../../../core/api/catalogue.js';
import type { AccelerationTemplate, BindAnswer, BindOutcome, BoundDomain, PolicyGroups, TemplateListAnswer } from '../../../../core/api/endpoints/acceleration-policy.js';
import type { ListAnswer } from '../../../../core/api/endpoints/platform.js';
import type { WebsiteStatus } from '../../../../core/api/endpoints/websites.js';
import { settingsGroupEntry, type SettingsGroupName } from '../../../../core/settings/catalogue.js';
import { isPolicyGroup, POLICY_GROUP_NAMES } from '../../../../core/settings/policy.js';
import { issue, onField, type RuleIssue } from '../../../../core/rules/types.js';
import { isoTime } from '../../platform/database.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { readPage } from '../../platform/http/pagination.js';
import { asRecord } from '../../platform/http/readers.js';
import { recordOperation } from '../../platform/oplog.js';
import { permissions } from '../../platform/security/permissions.js';
import { scope, type Scope } from '../../platform/security/scope.js';
import { requirePlan } from '../plans/index.js';
import {
  configMethodOf,
  ownerGroupValue,
  POLICY_DOMAIN,
  changeConfigMethod,
  redeploy,
  type MethodChange,
  type GroupContext,
  type SettingsDomain,
  checkGroupSaves,
  definitionOf,
  groupContext,
  readGenericSaves,
  writeGroupSaves,
  loadGroups,
  type SettingsOwner,
} from '../domain-settings/index.js';
import { readDomainIds, readTarget, readTemplateFields, readTemplateId, readUnbind, type TargetInput } from './payloads.js';

/** The operation log's area for templates and the policy. */
export const POLICY_LOG_AREA = 'acceleration-policy';

/** Whether the caller may change the policy or templates (see the module comment). */
export function policyWritable(request: FastifyRequest): boolean {
  const caller = permissions(request);
  return caller.can('domain', 'manage') && caller.grant('domain')?.object_scope === 'all';
}

/** A group context for the policy's or a template's own groups: no domain behind it. */
export function policyContext(request: FastifyRequest): GroupContext {
  return groupContext(request, POLICY_DOMAIN);
}

interface TemplateRow {
  id: number;
  name: string;
  remark: string;
  bound_count: number;
  created_at: number;
  updated_at: number;
}

const TEMPLATE_COLUMNS = `id, name, remark, created_at, updated_at,
  (SELECT COUNT(*) FROM domains d WHERE d.member_id = website_templates.member_id AND d.template_id = website_templates.id
     AND d.config_source = 'template') AS bound_count`;

function toTemplate(row: TemplateRow): AccelerationTemplate {
  return { id: row.id, name: row.name, remark: row.remark, bound_count: row.bound_count, created_at: isoTime(row.created_at), updated_at: isoTime(row.updated_at || row.created_at) };
}

function templateRow(tenant: Scope, id: number): TemplateRow | undefined {
  return tenant.get<TemplateRow>('website_templates', { columns: TEMPLATE_COLUMNS, where: 'id = @id', params: { id } });
}

/** The owner a target names, with its label; NOT_FOUND answered for a template the account does not have. */
function ownerOf(request: FastifyRequest, reply: FastifyReply, target: TargetInput): { owner: SettingsOwner; label: string } | undefined {
  if (target.kind === 'global') return { owner: { kind: 'global', id: 0 }, label: 'global' };
  const row = templateRow(scope(request), target.id);
  if (!row) {
    fail(reply, NOT_FOUND_CODE);
    return undefined;
  }
  return { owner: { kind: 'template', id: row.id }, label: row.name };
}

/** The domains following an owner (rules §4: on the global policy, or bound to the template). */
export function followers(tenant: Scope, owner: SettingsOwner): SettingsDomain[] {
  return owner.kind === 'global'
    ? tenant.all<SettingsDomain>('domains', { columns: 'id, domain', where: "config_source = 'global'", orderBy: 'id' })
    : tenant.all<SettingsDomain>('domains', { columns: 'id, domain', where: "config_source = 'template' AND template_id = @id", params: { id: owner.id }, orderBy: 'id' });
}

/** The policy's or a template's groups as read. */
function readPolicyGroups(request: FastifyRequest, owner: SettingsOwner, names: readonly SettingsGroupName[]): PolicyGroups {
  const context = policyContext(request);
  const stored = loadGroups(context.tenant, owner, names);
  const writable = policyWritable(request);
  const answer: PolicyGroups = {};
  for (const name of names) {
    const action = settingsGroupEntry(name).planAction;
    const lockedBy = action !== null && !context.plan.actions.includes(action) ? action : null;
    answer[name] = {
      value: ownerGroupValue(definitionOf(name), owner, stored.get(name), context),
      revision: stored.get(name)?.revision ?? 0,
      source: owner.kind === 'global' ? 'global' : 'template',
      editable: writable && lockedBy === null,
      locked_by: lockedBy,
    };
  }
  return answer;
}

function groupNames(value: unknown): string[] {
  return String(value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** Binds or unbinds each domain with `change`, collecting per-domain outcomes. */
function changeEach(request: FastifyRequest, ids: readonly number[], changeOf: (domain: SettingsDomain) => MethodChange | RuleIssue): BindAnswer {
  const tenant = scope(request);
  const caller = permissions(request);
  const results: BindOutcome[] = ids.map((id) => {
    const domain = tenant.get<SettingsDomain>('domains', { columns: 'id, domain', where: 'id = @id', params: { id } });
    if (!domain || !caller.allows('domain', 'read', id)) return { domain_id: id, domain: '', ok: false, reason: issue('websites.not-found') };
    if (!caller.allows('domain', 'manage', id)) return { domain_id: id, domain: domain.domain, ok: false, reason: issue('websites.not-editable') };
    const change = changeOf(domain);
    if ('key' in change) return { domain_id: id, domain: domain.domain, ok: false, reason: change };
    const [refusal] = changeConfigMethod(request, domain, change);
    return refusal ? { domain_id: id, domain: domain.domain, ok: false, reason: { key: refusal.key, ...(refusal.values ? { values: refusal.values } : {}) } } : { domain_id: id, domain: domain.domain, ok: true };
  });
  const succeeded = results.filter((result) => result.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
}

/** The routes of the global policy and acceleration templates. */
export async function accelerationPolicyRoutes(api: FastifyInstance): Promise<void> {
  api.get('/V4/web.acceleration.set.get', async (request, reply) => {
    const query = asRecord(request.query);
    const { value: target, issues } = readTarget(query);
    const names = groupNames(query.group);
    if (names.length === 0) issues.push(...onField('group', issue('common.required')));
    else if (!names.every(isPolicyGroup)) issues.push(...onField('group', issue('acceleration-policy.site-own-group')));
    if (!validated(reply, issues)) return reply;
    if (!permissions(request).require(reply, 'domain', 'read')) return reply;
    const found = ownerOf(request, reply, target);
    if (!found) return reply;
    return ok(reply, readPolicyGroups(request, found.owner, [...new Set(names as SettingsGroupName[])]));
  });

  api.put('/V4/web.acceleration.set.save', async (request, reply) => {
    const body = asRecord(request.body);
    const { value: target, issues } = readTarget(body);
    const groups = asRecord(body.group);
    const names = Object.keys(groups);
    if (names.length === 0) issues.push(...onField('group', issue('common.required')));
    for (const name of names.filter((name) => !isPolicyGroup(name))) issues.push(...onField(`group.${name}`, issue('acceleration-policy.site-own-group')));
    const generic = readGenericSaves(groups);
    issues.push(...generic.issues);
    if (!validated(reply, issues)) return reply;
    if (!policyWritable(request)) return fail(reply, PERMISSION_DENIED_CODE);
    const found = ownerOf(request, reply, target);
    if (!found) return reply;
    const context = policyContext(request);
    const checked = checkGroupSaves(context, generic.saves);
    if (!validated(reply, checked.issues)) return reply;
    const changed = writeGroupSaves(
      request,
      reply,
      context,
      { owner: found.owner, area: POLICY_LOG_AREA, objectId: found.owner.id, label: found.label },
      checked.checked,
    );
    if (changed === 'refused') return reply;
    if (changed.length > 0) {
      if (found.owner.kind === 'template') scope(request).update('website_templates', { updated_at: context.now }, 'id = @id', { id: found.owner.id });
      // Every domain following the owner serves the new values once issued (rules §4 "configuration being issued").
      for (const domain of followers(context.tenant, found.owner)) redeploy(request, domain, changed);
    }
    return ok(reply, readPolicyGroups(request, found.owner, names as SettingsGroupName[]));
  });

  api.get('/V4/web.acceleration.template.list', async (request, reply) => {
    const { page, issues } = readPage(request.query);
    if (!validated(reply, issues)) return reply;
    if (!permissions(request).require(reply, 'domain', 'read')) return reply;
    const name = String(asRecord(request.query).name ?? '').trim();
    const answer = scope(request).page<TemplateRow>('website_templates', page, {
      columns: TEMPLATE_COLUMNS,
      where: name === '' ? undefined : "instr(lower(name), lower(@name)) > 0",
      params: { name },
      orderBy: 'id DESC',
    });
    return ok(reply, { list: answer.list.map(toTemplate), total: answer.total, editable: policyWritable(request) } satisfies TemplateListAnswer<AccelerationTemplate>);
  });

  api.get('/V4/web.acceleration.template.get', async (request, reply) => {
    const { id, issues } = readTemplateId(asRecord(request.query));
    if (!validated(reply, issues)) return reply;
    if (!permissions(request).require(reply, 'domain', 'read')) return reply;
    const row = templateRow(scope(request), id!);
    return row ? ok(reply, toTemplate(row)) : fail(reply, NOT_FOUND_CODE);
  });

  /** Name taken by another of the account's templates. */
  const nameIssues = (tenant: Scope, name: string, except: number | null): FieldIssue[] =>
    tenant.count('website_templates', { where: 'lower(name) = lower(@name) AND id <> @except', params: { name, except: except ?? 0 } }) > 0
      ? onField('name', issue('acceleration-policy.name-exists'))
      : [];

  api.post('/V4/web.acceleration.template.create', async (request, reply) => {
    const { value, issues } = readTemplateFields(request.body);
    if (!validated(reply, issues)) return reply;
    if (!policyWritable(request)) return fail(reply, PERMISSION_DENIED_CODE);
    const tenant = scope(request);
    if (!validated(reply, nameIssues(tenant, value.name, null))) return reply;
    const now = api.now();
    let id = 0;
    api.db.transaction(() => {
      id = tenant.insert('website_templates', { name: value.name, remark: value.remark, settings: '{}', created_at: now, updated_at: now });
      recordOperation(request, { area: POLICY_LOG_AREA, action: 'create', objectId: id, objectLabel: value.name, after: value });
    })();
    return ok(reply, toTemplate(templateRow(tenant, id)!));
  });

  api.post('/V4/web.acceleration.template.update', async (request, reply) => {
    const body = asRecord(request.body);
    const { value, issues } = readTemplateFields(body);
    const { id, issues: idIssues } = readTemplateId(body);
    if (!validated(reply, [...idIssues, ...issues])) return reply;
    if (!policyWritable(request)) return fail(reply, PERMISSION_DENIED_CODE);
    const tenant = scope(request);
    const row = templateRow(tenant, id!);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    if (!validated(reply, nameIssues(tenant, value.name, row.id))) return reply;
    const before = { name: row.name, remark: row.remark };
    api.db.transaction(() => {
      tenant.update('website_templates', { ...value, updated_at: api.now() }, 'id = @id', { id: row.id });
      recordOperation(request, { area: POLICY_LOG_AREA, action: 'update', objectId: row.id, objectLabel: value.name, before, after: value });
    })();
    return ok(reply, toTemplate(templateRow(tenant, row.id)!));
  });

  api.post('/V4/web.acceleration.template.copy', async (request, reply) => {
    const body = asRecord(request.body);
    const { value, issues } = readTemplateFields(body);
    const { id, issues: idIssues } = readTemplateId(body);
    if (!validated(reply, [...idIssues, ...issues])) return reply;
    if (!policyWritable(request)) return fail(reply, PERMISSION_DENIED_CODE);
    if (!requirePlan(request, reply, 'template_copy', { field: 'template_id' })) return reply;
    const tenant = scope(request);
    const row = templateRow(tenant, id!);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    if (!validated(reply, nameIssues(tenant, value.name, null))) return reply;
    const now = api.now();
    let copy = 0;
    api.db.transaction(() => {
      copy = tenant.insert('website_templates', { name: value.name, remark: value.remark, settings: '{}', created_at: now, updated_at: now });
      const groups = loadGroups(tenant, { kind: 'template', id: row.id }, POLICY_GROUP_NAMES);
      for (const [name, stored] of groups) {
        tenant.insert('domain_setting_groups', { owner_kind: 'template', owner_id: copy, group_name: name, value: JSON.stringify(stored.value), revision: 1, updated_at: now });
      }
      recordOperation(request, { area: POLICY_LOG_AREA, action: 'copy', objectId: copy, objectLabel: value.name, after: { ...value, copied_from: row.name, groups: [...groups.keys()] } });
    })();
    return ok(reply, toTemplate(templateRow(tenant, copy)!));
  });

  api.post('/V4/web.acceleration.template.delete', async (request, reply) => {
    const { id, issues } = readTemplateId(asRecord(request.body));
    if (!validated(reply, issues)) return reply;
    if (!policyWritable(request)) return fail(reply, PERMISSION_DENIED_CODE);
    const tenant = scope(request);
    const row = templateRow(tenant, id!);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    // Deleting would silently unbind its domains (migration 264's trigger copies); the user unbinds them first, choosing
    // copy or switch for each (rules §4).
    if (row.bound_count > 0) {
      validated(reply, onField('template_id', issue('acceleration-policy.template-bound', { count: row.bound_count })));
      return reply;
    }
    api.db.transaction(() => {
      tenant.remove('website_templates', 'id = @id', { id: row.id });
      recordOperation(request, { area: POLICY_LOG_AREA, action: 'delete', objectId: row.id, objectLabel: row.name, before: { name: row.name, remark: row.remark } });
    })();
    return ok(reply, { deleted: 1 });
  });

  api.get('/V4/web.acceleration.template.domains', async (request, reply) => {
    const query = asRecord(request.query);
    const { page, issues } = readPage(query);
    const { id, issues: idIssues } = readTemplateId(query);
    if (!validated(reply, [...idIssues, ...issues])) return reply;
    const caller = permissions(request);
    if (!caller.require(reply, 'domain', 'read')) return reply;
    const tenant = scope(request);
    if (!templateRow(tenant, id!)) return fail(reply, NOT_FOUND_CODE);
    const visible = caller.visible('domain');
    const answer = tenant.page<{ id: number; domain: string; status: WebsiteStatus }>('domains', page, {
      columns: 'id, domain, status',
      where: `config_source = 'template' AND template_id = @template AND (${visible.where})`,
      params: { ...visible.params, template: id },
      orderBy: 'id',
    });
    const list: BoundDomain[] = answer.list.map((row) => ({ domain_id: row.id, domain: row.domain, status: row.status, editable: caller.allows('domain', 'manage', row.id) }));
    return ok(reply, { list, total: answer.total } satisfies ListAnswer<BoundDomain>);
  });

  api.post('/V4/web.acceleration.template.bind', async (request, reply) => {
    const body = asRecord(request.body);
    const { id, issues } = readTemplateId(body);
    const domains = readDomainIds(body);
    if (!validated(reply, [...issues, ...domains.issues])) return reply;
    if (!permissions(request).require(reply, 'domain', 'manage')) return reply;
    if (!templateRow(scope(request), id!)) return fail(reply, NOT_FOUND_CODE);
    const tenant = scope(request);
    const answer = changeEach(request, domains.ids, (domain) => {
      const current = configMethodOf(tenant, domain.id);
      // A domain on another template switches to this one (rules §4 "switches to ... another template").
      return { source: 'template', templateId: id!, unbind: current.source === 'template' ? 'switch' : null };
    });
    return ok(reply, answer);
  });

  api.post('/V4/web.acceleration.template.unbind', async (request, reply) => {
    const body = asRecord(request.body);
    const { id, issues } = readTemplateId(body);
    const domains = readDomainIds(body);
    const { value: choice, issues: choiceIssues } = readUnbind(body);
    if (!validated(reply, [...issues, ...domains.issues, ...choiceIssues])) return reply;
    if (!permissions(request).require(reply, 'domain', 'manage')) return reply;
    if (!templateRow(scope(request), id!)) return fail(reply, NOT_FOUND_CODE);
    const tenant = scope(request);
    const answer = changeEach(request, domains.ids, (domain): MethodChange | RuleIssue => {
      const current = configMethodOf(tenant, domain.id);
      if (current.source !== 'template' || current.template_id !== id) return issue('acceleration-policy.not-bound');
      if (choice.unbind === 'copy') return { source: 'domain', templateId: null, unbind: 'copy' };
      return { source: choice.to, templateId: choice.to === 'template' ? choice.toTemplateId : null, unbind: 'switch' };
    });
    return ok(reply, answer);
  });
}
