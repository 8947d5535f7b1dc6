/**
 * A domain's configuration method and its configuration view (rules §4 "Configuration method of a domain"; shell §2
 * `config-view/:id`), and the redeployment of a changed configuration (rules §4 website service status "configuration
 * being issued").
 *
 * - `POST V4/web.domain.config.method {domain_id, source, template_id?, unbind?}`: switching to domain-specific copies
 *   the configuration in force into the domain's own groups and unlinks it; a template-bound domain is unbound either
 *   by copying the template's configuration (`unbind: 'copy'`, to `domain`) or by switching to the global policy or
 *   another of the account's templates (`unbind: 'switch'`). Needs a manage grant on the domain; logged with the
 *   method before and after; answers the new domain context.
 * - `GET V4/web.domain.config.view?domain_id=`: every group (generic and cache) with the value in force and its source,
 *   and for a template-bound domain whether its own value differs from the template's. Needs a read grant.
 * - A save that changed a serving domain's groups moves it to "configuration being issued" and starts a job that puts
 *   it back in service; a suspended domain or one without origins is left as it is.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOT_FOUND_CODE, type FieldIssue } from '../../../../core/api/catalogue.js';
import {
  type ConfigMethodInfo,
  type EffectiveConfiguration,
  type EffectiveSetting,
} from '../../../../core/api/endpoints/domain-settings.js';
import { SETTINGS_GROUP_NAMES, type ConfigSource, type SettingsGroupName } from '../../../../core/settings/catalogue.js';
import { issue, onField } from '../../../../core/rules/types.js';
import { cacheSettings, readCdnAdvanceCache } from '../cache/index.js';
import { prepare } from '../../platform/database.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { positiveId } from '../../platform/http/readers.js';
import type { JobHandler } from '../../platform/jobs/runner.js';
import { recordOperation, sameValue } from '../../platform/oplog.js';
import { scope } from '../../platform/security/scope.js';
import { requireSession } from '../../platform/security/session.js';
import { configMethodOf, ownerGroupValue, settingsOwnerOf } from './config-method.js';
import type { AnySettingsGroupDefinition, GroupContext, SettingsDomain } from './registry.js';
import { definitionOf, domainContextOf, findDomain, groupContext, onSettingsSaved } from './routes.js';
import { loadGroups, storeGroup, type SettingsOwner } from './store.js';

/** The redeployment job's type (named in the job list). */
export const WEBSITE_REDEPLOY_JOB = 'website.redeploy';

/** What the job is given: the domain and what changed (shown in the job list's parameters). */
export interface RedeployParams {
  domain_id: number;
  domain: string;
  groups: string[];
}

interface RedeployState {
  stage: 'issue' | 'serve';
}

const SOURCES: readonly ConfigSource[] = ['global', 'template', 'domain'];

/**
 * Issues a domain's changed configuration: "configuration being issued" -> in service again. Only a domain still
 * being issued moves, so a domain suspended or deleted meanwhile is left alone and a repeated step changes nothing.
 */
const redeployHandler: JobHandler<RedeployParams, RedeployState> = {
  prepare: () => ({ stage: 'issue' }),
  step({ db, memberId, params, state, now }) {
    // Two steps, so the job list shows the configuration on its way before the domain serves it.
    if (state.stage === 'issue') return { done: false, state: { stage: 'serve' }, progress: 50 };
    const served = prepare(
      db,
      `UPDATE domains
          SET status = CASE
                WHEN NOT EXISTS (SELECT 1 FROM website_origins w WHERE w.domain_id = domains.id) THEN 'no_origin'
                WHEN traffic_mode = 'origin' THEN 'returned_to_origin'
                ELSE 'serving' END,
              updated_at = ?
        WHERE member_id = ? AND id = ? AND status = 'deploying'`,
    ).run(now(), memberId, params.domain_id);
    return { done: true, result: { deployed: served.changes } };
  },
};

/**
 * Moves a serving domain to "configuration being issued" and starts the job that serves the new configuration.
 * Other statuses stay: a suspended domain keeps answering 503, an unapproved one waits for its provisioning.
 */
export function redeploy(request: FastifyRequest, domain: SettingsDomain, groups: readonly string[]): void {
  const moved = scope(request).update('domains', { status: 'deploying', updated_at: request.server.now() }, "id = @id AND status = 'serving'", { id: domain.id });
  if (moved === 0) return;
  const session = requireSession(request);
  request.server.jobs.enqueue<RedeployParams>({
    memberId: session.memberId,
    userId: session.userId,
    operator: session.operator,
    type: WEBSITE_REDEPLOY_JOB,
    params: { domain_id: domain.id, domain: domain.domain, groups: [...groups] },
  });
}

// Registered once per process: the listener list lives in routes.ts's module, every app instance shares it, and the
// listener reaches its own app's job runner through the request.
onSettingsSaved((context, saved) => {
  try {
    redeploy(context.request, context.domain, saved);
  } catch (error) {
    context.request.log.error({ err: error }, 'redeployment after a settings save failed');
  }
});

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A read definition's strip (read-only fields out), or the value itself. */
function stripped(definition: AnySettingsGroupDefinition, value: unknown): unknown {
  const typed = definition as unknown as { strip?: (v: unknown) => unknown };
  return typed.strip ? typed.strip(value) : value;
}

/**
 * Makes the values in force under `from` the domain's own (rules §4: switching to domain-specific copies the current
 * configuration). Groups whose own value already equals the copied one are left with their revision. Answers the
 * groups written. Call inside a transaction.
 */
function copyToDomain(context: GroupContext, from: SettingsOwner): SettingsGroupName[] {
  const domainOwner: SettingsOwner = { kind: 'domain', id: context.domain.id };
  const source = loadGroups(context.tenant, from, SETTINGS_GROUP_NAMES);
  const own = loadGroups(context.tenant, domainOwner, SETTINGS_GROUP_NAMES);
  const written: SettingsGroupName[] = [];
  for (const name of SETTINGS_GROUP_NAMES) {
    const definition = definitionOf(name);
    const value = stripped(definition, ownerGroupValue(definition, from, source.get(name), context));
    const current = stripped(definition, ownerGroupValue(definition, domainOwner, own.get(name), context));
    if (sameValue(current, value)) continue;
    const store = (definition as unknown as { store?: (v: unknown, c: GroupContext) => void }).store;
    if (store) {
      store(value, context);
      storeGroup(context.tenant, domainOwner, name, null, context.now);
    } else {
      storeGroup(context.tenant, domainOwner, name, value, context.now);
    }
    written.push(name);
  }
  return written;
}

/** A change of a domain's configuration method, read. */
export interface MethodChange {
  source: ConfigSource;
  templateId: number | null;
  unbind: 'copy' | 'switch' | null;
}

function readMethodChange(body: Record<string, unknown>): { value: MethodChange; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const source = SOURCES.find((entry) => entry === body.source) ?? null;
  if (source === null) issues.push(...onField('source', issue('common.format-error')));
  const templateId = body.template_id === undefined || body.template_id === null || body.template_id === '' ? null : positiveId(body.template_id);
  if (source === 'template' && templateId === null) issues.push(...onField('template_id', issue('websites.template-required')));
  const unbind = body.unbind === 'copy' || body.unbind === 'switch' ? body.unbind : null;
  if (body.unbind !== undefined && body.unbind !== null && unbind === null) issues.push(...onField('unbind', issue('config-method.unbind')));
  return { value: { source: source ?? 'domain', templateId, unbind }, issues };
}

/** Checks a change against the method in force (rules §4 transitions). */
function transitionIssues(current: ConfigMethodInfo, change: MethodChange): FieldIssue[] {
  const leavesTemplate = current.source === 'template' && !(change.source === 'template' && change.templateId === current.template_id);
  if (!leavesTemplate) return [];
  // Unbinding a template is an explicit choice of rules §4: copy its configuration, or switch to another source.
  if (change.unbind === null) return onField('unbind', issue('config-method.unbind'));
  const fits = change.unbind === 'copy' ? change.source === 'domain' : change.source !== 'domain';
  return fits ? [] : onField('unbind', issue('config-method.unbind'));
}

function sameMethod(current: ConfigMethodInfo, change: MethodChange): boolean {
  return current.source === change.source && (change.source !== 'template' || current.template_id === change.templateId);
}

/** The configuration view of a domain. */
function effectiveConfiguration(request: FastifyRequest, domain: SettingsDomain): EffectiveConfiguration {
  const context = groupContext(request, domain);
  const method = configMethodOf(context.tenant, domain.id);
  const owner = settingsOwnerOf(method, domain.id);
  const domainOwner: SettingsOwner = { kind: 'domain', id: domain.id };
  const inForce = loadGroups(context.tenant, owner, SETTINGS_GROUP_NAMES);
  const own = owner.kind === 'template' ? loadGroups(context.tenant, domainOwner, SETTINGS_GROUP_NAMES) : inForce;
  const settings: EffectiveSetting[] = [];
  const cache = cacheSettings(context.tenant, domain.id);
  // The cache rules and the browser cache switch are stored per domain whatever the method (the cache area keeps
  // them); they are in force as stored, and a template defines none to differ from.
  settings.push(
    { group: 'cdn_advance_cache', value: readCdnAdvanceCache(context.tenant, domain, false).rules, source: cache.source, differs_from_template: false },
    { group: 'browser_cache', value: { status: cache.browser_cache }, source: cache.source, differs_from_template: false },
  );
  for (const name of SETTINGS_GROUP_NAMES) {
    const definition = definitionOf(name);
    const value = stripped(definition, ownerGroupValue(definition, owner, inForce.get(name), context));
    const setting: EffectiveSetting = { group: name, value, source: method.source, differs_from_template: false };
    if (owner.kind === 'template') {
      const mine = stripped(definition, ownerGroupValue(definition, domainOwner, own.get(name), context));
      if (!sameValue(mine, value)) Object.assign(setting, { differs_from_template: true, template_value: value, domain_value: mine });
    }
    settings.push(setting);
  }
  return { domain_id: domain.id, config_method: method, settings };
}

/**
 * Changes a domain's configuration method (rules §4): switching to domain-specific copies the configuration in force
 * and unlinks the domain; leaving a template needs the explicit `unbind` choice. Logged with the method before and
 * after; a domain that now follows another source is redeployed. Answers the issues that refuse the change (none when
 * done or when nothing changes). The caller has checked the manage grant on the domain.
 */
export function changeConfigMethod(request: FastifyRequest, domain: SettingsDomain, change: MethodChange): FieldIssue[] {
  const context = groupContext(request, domain);
  const current = configMethodOf(context.tenant, domain.id);
  const issues: FieldIssue[] = [];
  if (change.source === 'template') {
    // Scoped to the caller's account: another account's template is as unknown as a deleted one.
    const template = context.tenant.get('website_templates', { columns: 'id', where: 'id = @id', params: { id: change.templateId } });
    if (!template) issues.push(...onField('template_id', issue('config-method.template-unknown')));
  }
  issues.push(...transitionIssues(current, change));
  if (issues.length > 0 || sameMethod(current, change)) return issues;

  let copied: SettingsGroupName[] = [];
  request.server.db.transaction(() => {
    if (change.source === 'domain') copied = copyToDomain(context, settingsOwnerOf(current, domain.id));
    // Anything but a template unlinks the domain from the template it was added with or bound to.
    context.tenant.update(
      'domains',
      { config_source: change.source, template_id: change.source === 'template' ? change.templateId : null, updated_at: context.now },
      'id = @id',
      { id: domain.id },
    );
    const after = configMethodOf(context.tenant, domain.id);
    recordOperation(request, {
      area: 'domain',
      action: 'update',
      objectId: domain.id,
      objectLabel: `${domain.domain} · config_method`,
      before: { config_method: current },
      after: change.source === 'domain' ? { config_method: after, copied } : { config_method: after },
    });
  })();
  // A copy keeps the values in force, so nothing is issued; following another source changes them.
  if (change.source !== 'domain') redeploy(request, domain, ['config_method']);
  return [];
}

/** The configuration method and view routes, and the redeployment job. */
export async function configMethodRoutes(api: FastifyInstance): Promise<void> {
  api.jobs.register(WEBSITE_REDEPLOY_JOB, redeployHandler);

  api.post('/V4/web.domain.config.method', async (request, reply) => {
    const body = record(request.body);
    const domainId = positiveId(body.domain_id);
    const { value: change, issues } = readMethodChange(body);
    if (domainId === null) issues.unshift(...onField('domain_id', issue('common.positive-integer')));
    if (!validated(reply, issues)) return reply;
    const domain = findDomain(request, reply, domainId!, 'manage');
    if (!domain) return reply;
    if (!validated(reply, changeConfigMethod(request, domain, change))) return reply;
    const answer = domainContextOf(request, domain);
    return answer ? ok(reply, answer) : fail(reply, NOT_FOUND_CODE);
  });

  api.get('/V4/web.domain.config.view', async (request, reply) => {
    const domainId = positiveId(record(request.query).domain_id);
    if (!validated(reply, onField('domain_id', domainId === null ? issue('common.positive-integer') : null))) return reply;
    const domain = findDomain(request, reply, domainId!, 'read');
    if (!domain) return reply;
    return ok(reply, effectiveConfiguration(request, domain));
  });
}
