/**
 * A domain's settings groups through the two calls of shell §7: `GET V4/web.domain.set.get?domain_id=&group=a,b`
 * answers the settings per group name, `PUT V4/web.domain.set.save {domain_id, group}` saves the groups the body
 * names. The groups served are the cache groups `cdn_advance_cache` (the cache rules of rules §3) and `browser_cache`,
 * and every generic group of core/settings/catalogue.ts, defined in groups/ (see registry.ts); see
 * `core/api/endpoints/domain-settings.ts`.
 *
 * The domain must be the account's (NOT_FOUND otherwise) and, for a sub-account, granted to its group: read to get,
 * manage to save (rules §6). Saving checks every rule with `core/rules/cache.ts` (rules §5 limits, rules §6 regular
 * expressions only where the plan has `cache_regex`), refuses synchronized strategies (view-only, rules §6) and a
 * stale revision (CONFLICT_CODE), and records each created, changed and deleted rule, a new order and the browser
 * cache switch in the operation log.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONFLICT_CODE, NOT_FOUND_CODE, type FieldIssue } from '../../../../core/api/catalogue.js';
import {
  CACHE_SETTINGS_GROUPS,
  type DomainContext,
  type BrowserCacheSettings,
  type CdnAdvanceCacheSave,
  type DomainSettingsGroup,
  type DomainSettingsGroups,
} from '../../../../core/api/endpoints/domain-settings.js';
import type { ModuleAccess } from '../../../../core/api/endpoints/platform.js';
import {
  isSettingsGroupName,
  settingsGroupEntry,
  type SettingsGroupName,
  type SettingsGroupState,
} from '../../../../core/settings/catalogue.js';
import { validateCacheRuleList } from '../../../../core/rules/cache.js';
import { issue, onField } from '../../../../core/rules/types.js';
import {
  readBrowserCacheSave,
  readCdnAdvanceCacheSave,
  cacheRuleRows,
  cacheSettings,
  changedAnything,
  readCdnAdvanceCache,
  replaceCacheRules,
  writeCacheSettings,
  type RuleListChanges,
} from '../cache/index.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { recordOperation } from '../../platform/oplog.js';
import { permissions } from '../../platform/security/permissions.js';
import { scope, type Scope } from '../../platform/security/scope.js';
import { positiveId } from '../../platform/http/readers.js';
import { sameValue } from '../../platform/oplog.js';
import { livePlans, planActionsOf, planAllows, planContextOf, planIssue, withPlanNotice } from '../plans/index.js';
import { featureGate, featureOfAction } from '../../../../core/config/plan-gates.js';
import { configMethodOf, ownerGroupValue, settingsOwnerOf } from './config-method.js';
import { resolveSelection, toWebsiteInfos, websiteEditable } from '../websites/index.js';
import { SETTINGS_GROUP_DEFINITIONS } from './groups/index.js';
import type { AnySettingsGroupDefinition, GroupContext, SettingsDomain, SettingsSavedListener } from './registry.js';
import { loadGroups, storeGroup, type SettingsOwner } from './store.js';

/** The domain a settings call names. */
type DomainRow = SettingsDomain;

type CacheGroup = (typeof CACHE_SETTINGS_GROUPS)[number];

/** Listeners told after groups were saved (the redeployment job registers here). */
const savedListeners: SettingsSavedListener[] = [];

/** Registers a listener called after every transaction that changed groups (generic or cache) of a domain. */
export function onSettingsSaved(listener: SettingsSavedListener): void {
  savedListeners.push(listener);
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function isCacheGroup(name: string): name is CacheGroup {
  return (CACHE_SETTINGS_GROUPS as readonly string[]).includes(name);
}

function isGroup(name: string): name is DomainSettingsGroup {
  return isCacheGroup(name) || isSettingsGroupName(name);
}

export function definitionOf(name: SettingsGroupName): AnySettingsGroupDefinition {
  const definition = SETTINGS_GROUP_DEFINITIONS.get(name);
  if (!definition) throw new Error(`No server definition for settings group ${name}`);
  return definition;
}

export function groupContext(request: FastifyRequest, domain: DomainRow): GroupContext {
  const tenant = scope(request);
  const now = request.server.now();
  return { request, tenant, domain, now, plan: planActionsOf(livePlans(tenant, now)) };
}

const domainOwner = (domain: DomainRow): SettingsOwner => ({ kind: 'domain', id: domain.id });

/**
 * Reads generic groups of a domain as the API answers them: the values in force, i.e. those of the owner the
 * configuration method names (rules §4), with that owner's revision.
 */
function readSettingsGroups(request: FastifyRequest, domain: DomainRow, names: readonly SettingsGroupName[]): Record<string, SettingsGroupState<unknown>> {
  const context = groupContext(request, domain);
  const method = configMethodOf(context.tenant, domain.id);
  const owner = settingsOwnerOf(method, domain.id);
  const stored = loadGroups(context.tenant, owner, names);
  const manage = permissions(request).allows('domain', 'manage', domain.id);
  const answer: Record<string, SettingsGroupState<unknown>> = {};
  for (const name of names) {
    const definition = definitionOf(name) as unknown as { decorate?: (v: unknown, c: GroupContext) => unknown };
    const value = ownerGroupValue(definitionOf(name), owner, stored.get(name), context);
    const action = settingsGroupEntry(name).planAction;
    const lockedBy = action !== null && !featureGate(featureOfAction(action), { actions: context.plan, flag: undefined }).allowed ? action : null;
    answer[name] = {
      value: definition.decorate ? definition.decorate(value, context) : value,
      revision: stored.get(name)?.revision ?? 0,
      source: method.source,
      editable: manage && method.source === 'domain' && lockedBy === null,
      locked_by: lockedBy,
    };
  }
  return answer;
}

/** The account's domain, granted to a sub-account at `access`; otherwise NOT_FOUND or PERMISSION_DENIED answered. */
export function findDomain(request: FastifyRequest, reply: FastifyReply, id: number, access: ModuleAccess): DomainRow | undefined {
  const row = scope(request).get<DomainRow>('domains', { columns: 'id, domain', where: 'id = @id', params: { id } });
  if (!row) {
    fail(reply, NOT_FOUND_CODE);
    return undefined;
  }
  return permissions(request).require(reply, 'domain', access, row.id) ? row : undefined;
}

function readCacheGroup<G extends CacheGroup>(request: FastifyRequest, domain: DomainRow, group: G): DomainSettingsGroups[G] {
  const tenant = scope(request);
  const groups: { [K in CacheGroup]: () => DomainSettingsGroups[K] } = {
    cdn_advance_cache: () => readCdnAdvanceCache(tenant, domain, permissions(request).allows('domain', 'manage', domain.id)),
    browser_cache: () => ({ status: cacheSettings(tenant, domain.id).browser_cache }),
  };
  return groups[group]();
}

function readGroups(request: FastifyRequest, domain: DomainRow, names: readonly DomainSettingsGroup[]): Partial<DomainSettingsGroups> {
  const generic = names.filter(isSettingsGroupName);
  return {
    ...Object.fromEntries(names.filter(isCacheGroup).map((name) => [name, readCacheGroup(request, domain, name)])),
    ...(generic.length > 0 ? readSettingsGroups(request, domain, generic) : {}),
  } as Partial<DomainSettingsGroups>;
}

/** A generic group of a save body, parsed. */
export interface GenericSave {
  name: SettingsGroupName;
  revision: number | null;
  value: unknown;
}

/** Reads the `{revision, value}` envelope of each generic group of a save body; issues name `<group>.revision`. */
export function readGenericSaves(groups: Record<string, unknown>): { saves: GenericSave[]; issues: FieldIssue[] } {
  const saves: GenericSave[] = [];
  const issues: FieldIssue[] = [];
  for (const [name, raw] of Object.entries(groups)) {
    if (!isSettingsGroupName(name)) continue;
    const envelope = record(raw);
    const revision = typeof envelope.revision === 'number' && Number.isSafeInteger(envelope.revision) && envelope.revision >= 0 ? envelope.revision : null;
    if (revision === null) issues.push(...onField(`${name}.revision`, issue('common.non-negative-integer')));
    if (!('value' in envelope)) issues.push(...onField(`${name}.value`, issue('common.required')));
    saves.push({ name, revision, value: envelope.value });
  }
  return { saves, issues };
}

/** A generic group of a save, checked. */
export interface CheckedSave {
  save: GenericSave;
  definition: AnySettingsGroupDefinition;
  value: unknown;
}

/**
 * The one check of a save of generic groups, whoever owns them (a domain, a template, the global policy): the plan
 * gate (rules §6), the group's parse (the shared rules of core/settings, as the browser form runs them) and its
 * server checks. Issues name `<group>.<field>`.
 */
export function checkGroupSaves(context: GroupContext, saves: readonly GenericSave[]): { checked: CheckedSave[]; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const checked: CheckedSave[] = [];
  const { request } = context;
  const planContext = planContextOf(request);
  for (const save of saves) {
    const action = settingsGroupEntry(save.name).planAction;
    const refused = action === null ? null : planIssue(request, featureOfAction(action), { field: save.name }, planContext);
    if (refused) {
      issues.push(refused);
      continue;
    }
    const definition = definitionOf(save.name) as unknown as {
      parse: (raw: unknown, c: GroupContext) => { value: unknown; issues: FieldIssue[] };
      check?: (v: unknown, c: GroupContext) => FieldIssue[];
    };
    const result = definition.parse(save.value, context);
    const found = result.issues.length > 0 ? result.issues : (definition.check?.(result.value, context) ?? []);
    issues.push(...withPlanNotice(request, found).map((entry) => ({ ...entry, field: entry.field ? `${save.name}.${entry.field}` : save.name })));
    checked.push({ save, definition: definitionOf(save.name), value: result.value });
  }
  return { checked, issues };
}

/** Whose groups a save writes and how the operation log names them. */
export interface GroupSaveTarget {
  owner: SettingsOwner;
  area: string;
  objectId: number;
  label: string;
}

/**
 * The one write of checked generic groups, whoever owns them: the revision check (a stale one answers CONFLICT_CODE
 * and 'refused'), one transaction, an operation-log diff per changed group. A value equal to the stored one keeps its
 * revision and is not logged. A domain's group with its own storage (`store`) is written there; a template or the
 * global policy keeps every value in the generic table. Answers the groups changed.
 */
export function writeGroupSaves(
  request: FastifyRequest,
  reply: FastifyReply,
  context: GroupContext,
  target: GroupSaveTarget,
  checked: readonly CheckedSave[],
): SettingsGroupName[] | 'refused' {
  const { owner } = target;
  const stored = loadGroups(context.tenant, owner, checked.map((entry) => entry.save.name));
  for (const { save } of checked) {
    if (save.revision !== null && (stored.get(save.name)?.revision ?? 0) !== save.revision) {
      fail(reply, CONFLICT_CODE, { key: 'settings-changed' });
      return 'refused';
    }
  }
  const changed: SettingsGroupName[] = [];
  request.server.db.transaction(() => {
    for (const { save, definition, value } of checked) {
      const typed = definition as unknown as {
        store?: (v: unknown, c: GroupContext) => void;
        strip?: (v: unknown) => unknown;
      };
      const before = ownerGroupValue(definition, owner, stored.get(save.name), context);
      const after = typed.strip ? typed.strip(value) : value;
      // Saving what is already stored changes nothing: no new revision, no log entry, no redeployment.
      if (sameValue(typed.strip ? typed.strip(before) : before, after)) continue;
      if (typed.store && owner.kind === 'domain') {
        typed.store(after, context);
        storeGroup(context.tenant, owner, save.name, null, context.now);
      } else {
        storeGroup(context.tenant, owner, save.name, after, context.now);
      }
      recordOperation(request, { area: target.area, action: 'update', objectId: target.objectId, objectLabel: `${target.label} · ${save.name}`, before, after });
      changed.push(save.name);
    }
  })();
  return changed;
}

/**
 * Checks and saves the generic groups of a save body for a domain the caller manages. Answers 'refused' after
 * answering the refusal itself (validation, conflict); 'saved' when saved (or nothing changed).
 */
function saveGenericGroups(request: FastifyRequest, reply: FastifyReply, domain: DomainRow, saves: readonly GenericSave[]): 'saved' | 'refused' {
  if (saves.length === 0) return 'saved';
  const context = groupContext(request, domain);
  const method = configMethodOf(context.tenant, domain.id);
  // A global policy or template owns the values: the domain only shows them until it is switched (rules §4, §6).
  if (method.source !== 'domain') {
    validated(reply, onField(saves[0]!.name, issue('domain-settings.synced-readonly')));
    return 'refused';
  }
  const { checked, issues } = checkGroupSaves(context, saves);
  if (!validated(reply, issues)) return 'refused';
  const changed = writeGroupSaves(request, reply, context, { owner: domainOwner(domain), area: 'domain', objectId: domain.id, label: domain.domain }, checked);
  if (changed === 'refused') return 'refused';
  if (changed.length > 0) for (const listener of savedListeners) listener(context, changed);
  return 'saved';
}

/** Checks a rule list beyond its fields: ids of this domain, each once; sharing only with another visible domain. */
function listIssues(request: FastifyRequest, tenant: Scope, domain: DomainRow, save: CdnAdvanceCacheSave): FieldIssue[] | 'unknown-id' {
  const known = new Set(cacheRuleRows(tenant, domain.id).map((row) => row.id));
  const seen = new Set<number>();
  for (const rule of save.rules) {
    if (rule.id === undefined) continue;
    if (!known.has(rule.id) || seen.has(rule.id)) return 'unknown-id';
    seen.add(rule.id);
  }
  const visible = permissions(request).visible('domain');
  const issues: FieldIssue[] = [];
  save.rules.forEach((rule, index) => {
    const shared = rule.share_domain_id;
    if (shared === null || shared < 1) return;
    const found = shared !== domain.id && tenant.count('domains', { where: `id = @shared AND (${visible.where})`, params: { ...visible.params, shared } }) === 1;
    if (!found) issues.push(...onField(`cdn_advance_cache.rules.${index}.share_domain_id`, issue('cache.share-domain-invalid')));
  });
  return issues;
}

function logRuleChanges(request: FastifyRequest, domain: DomainRow, changes: RuleListChanges): void {
  const label = (name: string) => `${domain.domain} · ${name}`;
  for (const { id, rule } of changes.created) recordOperation(request, { area: 'cache', action: 'create', objectId: id, objectLabel: label(rule.name), after: rule });
  for (const { id, before, after } of changes.updated) {
    recordOperation(request, { area: 'cache', action: 'update', objectId: id, objectLabel: label(after.name), before, after });
  }
  for (const { id, rule } of changes.deleted) recordOperation(request, { area: 'cache', action: 'delete', objectId: id, objectLabel: label(rule.name), before: rule });
  if (changes.order) {
    recordOperation(request, {
      area: 'cache',
      action: 'update',
      objectId: domain.id,
      objectLabel: domain.domain,
      before: { priorities: changes.order.before },
      after: { priorities: changes.order.after },
    });
  }
}

/** Shell §3 "Domain context" of a domain the caller may read; undefined when the website list cannot show it. */
export function domainContextOf(request: FastifyRequest, domain: DomainRow): DomainContext | undefined {
  const [row] = resolveSelection(request, { ids: [domain.id] }).rows;
  if (!row) return undefined;
  const tenant = scope(request);
  return {
    id: domain.id,
    // The v5 security business of a domain is the domain itself in the reference server (shell §3 "Business (v5)").
    business_id: domain.id,
    info: toWebsiteInfos(tenant, [row], websiteEditable(request))[0]!,
    config_method: configMethodOf(tenant, domain.id),
    plan: planActionsOf(livePlans(tenant, request.server.now())),
  };
}

/** The domain settings routes. */
export async function domainSettingsRoutes(api: FastifyInstance): Promise<void> {
  // Shell §3 "Domain context" through shell §7 `V4/Web.Domain.Info`: what every console tab needs about its domain.
  api.get('/V4/Web.Domain.Info', async (request, reply) => {
    const domainId = positiveId(record(request.query).domain_id);
    if (!validated(reply, onField('domain_id', domainId === null ? issue('common.positive-integer') : null))) return reply;
    const domain = findDomain(request, reply, domainId!, 'read');
    if (!domain) return reply;
    const context = domainContextOf(request, domain);
    return context ? ok(reply, context) : fail(reply, NOT_FOUND_CODE);
  });

  api.get('/V4/web.domain.set.get', async (request, reply) => {
    const query = record(request.query);
    const domainId = positiveId(query.domain_id);
    const names = String(query.group ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '');
    const issues: FieldIssue[] = [];
    if (domainId === null) issues.push(...onField('domain_id', issue('common.positive-integer')));
    if (names.length === 0) issues.push(...onField('group', issue('common.required')));
    else if (!names.every(isGroup)) issues.push(...onField('group', issue('common.format-error')));
    if (!validated(reply, issues)) return reply;
    const domain = findDomain(request, reply, domainId!, 'read');
    if (!domain) return reply;
    return ok(reply, readGroups(request, domain, [...new Set(names as DomainSettingsGroup[])]));
  });

  api.put('/V4/web.domain.set.save', async (request, reply) => {
    const body = record(request.body);
    const domainId = positiveId(body.domain_id);
    const groups = record(body.group);
    const names = Object.keys(groups);
    const issues: FieldIssue[] = [];
    if (domainId === null) issues.push(...onField('domain_id', issue('common.positive-integer')));
    if (names.length === 0) issues.push(...onField('group', issue('common.required')));
    for (const name of names.filter((name) => !isGroup(name))) issues.push(...onField(`group.${name}`, issue('common.format-error')));
    const cache = 'cdn_advance_cache' in groups ? readCdnAdvanceCacheSave(groups.cdn_advance_cache) : null;
    const browser = 'browser_cache' in groups ? readBrowserCacheSave(groups.browser_cache) : null;
    const generic = readGenericSaves(groups);
    issues.push(...(cache?.issues ?? []), ...(browser?.issues ?? []), ...generic.issues);
    if (!validated(reply, issues)) return reply;
    const domain = findDomain(request, reply, domainId!, 'manage');
    if (!domain) return reply;
    if (saveGenericGroups(request, reply, domain, generic.saves) === 'refused') return reply;
    if (!cache && !browser) return ok(reply, readGroups(request, domain, names as DomainSettingsGroup[]));

    const tenant = scope(request);
    const now = api.now();
    const settings = cacheSettings(tenant, domain.id);
    // A synchronized strategy belongs to the global policy or its template: the domain only shows it (rules §6).
    if (settings.source !== 'domain') {
      validated(reply, onField(cache ? 'cdn_advance_cache' : 'browser_cache', issue('cache.synced-readonly')));
      return reply;
    }
    if (cache) {
      if (cache.value.revision !== settings.revision) return fail(reply, CONFLICT_CODE, { key: 'cache-rules-changed' });
      const found = listIssues(request, tenant, domain, cache.value);
      if (found === 'unknown-id') return fail(reply, NOT_FOUND_CODE);
      const checked = validateCacheRuleList(cache.value.rules, { regexAllowed: planAllows(request, 'cache_regex'), siteDomain: domain.domain });
      const ruleIssues = withPlanNotice(request, checked).map(
        (entry) => ({ ...entry, field: `cdn_advance_cache.${entry.field}` }),
      );
      if (!validated(reply, [...ruleIssues, ...found])) return reply;
    }

    const changedCache: CacheGroup[] = [];
    api.db.transaction(() => {
      if (cache) {
        const changes = replaceCacheRules(tenant, domain.id, cache.value.rules, now);
        logRuleChanges(request, domain, changes);
        // The revision marks a change other editors must not overwrite: a save of the same list leaves it.
        if (changedAnything(changes)) {
          writeCacheSettings(tenant, domain.id, { revision: settings.revision + 1 }, now);
          changedCache.push('cdn_advance_cache');
        }
      }
      if (browser && browser.value.status !== settings.browser_cache) {
        changedCache.push('browser_cache');
        const next: BrowserCacheSettings = browser.value;
        writeCacheSettings(tenant, domain.id, { browser_cache: next.status }, now);
        recordOperation(request, {
          area: 'cache',
          action: next.status === 'on' ? 'enable' : 'disable',
          objectId: domain.id,
          objectLabel: domain.domain,
          before: { browser_cache: settings.browser_cache },
          after: { browser_cache: next.status },
        });
      }
    })();
    if (changedCache.length > 0) for (const listener of savedListeners) listener(groupContext(request, domain), changedCache);
    return ok(reply, readGroups(request, domain, names as DomainSettingsGroup[]));
  });
}
