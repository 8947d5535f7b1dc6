/**
 * A domain's settings groups through the two calls of shell §7: `GET V4/web.domain.set.get?domain_id=&group=a,b`
 * answers the settings per group name, `PUT V4/web.domain.set.save {domain_id, group}` saves the groups the body
 * names. The groups served are `cdn_advance_cache` (the cache rules of rules §3) and `browser_cache`; see
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
  DOMAIN_SETTINGS_GROUPS,
  type BrowserCacheSettings,
  type CdnAdvanceCacheSave,
  type DomainSettingsGroup,
  type DomainSettingsGroups,
} from '../../../../core/api/endpoints/domain-settings.js';
import type { ModuleAccess } from '../../../../core/api/endpoints/platform.js';
import { validateCacheRuleList } from '../../../../core/rules/cache.js';
import { issue, onField } from '../../../../core/rules/types.js';
import {
  readBrowserCacheSave,
  readCdnAdvanceCacheSave,
  cacheRegexAllowed,
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

/** The domain a settings call names. */
interface DomainRow {
  id: number;
  domain: string;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function isGroup(name: string): name is DomainSettingsGroup {
  return (DOMAIN_SETTINGS_GROUPS as readonly string[]).includes(name);
}

/** The account's domain, granted to a sub-account at `access`; otherwise NOT_FOUND or PERMISSION_DENIED answered. */
function findDomain(request: FastifyRequest, reply: FastifyReply, id: number, access: ModuleAccess): DomainRow | undefined {
  const row = scope(request).get<DomainRow>('domains', { columns: 'id, domain', where: 'id = @id', params: { id } });
  if (!row) {
    fail(reply, NOT_FOUND_CODE);
    return undefined;
  }
  return permissions(request).require(reply, 'domain', access, row.id) ? row : undefined;
}

function readGroup<G extends DomainSettingsGroup>(request: FastifyRequest, domain: DomainRow, group: G): DomainSettingsGroups[G] {
  const tenant = scope(request);
  const groups: { [K in DomainSettingsGroup]: () => DomainSettingsGroups[K] } = {
    cdn_advance_cache: () => readCdnAdvanceCache(tenant, domain, permissions(request).allows('domain', 'manage', domain.id)),
    browser_cache: () => ({ status: cacheSettings(tenant, domain.id).browser_cache }),
  };
  return groups[group]();
}

function readGroups(request: FastifyRequest, domain: DomainRow, names: readonly DomainSettingsGroup[]): Partial<DomainSettingsGroups> {
  return Object.fromEntries(names.map((name) => [name, readGroup(request, domain, name)]));
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

/** The domain settings routes. */
export async function domainSettingsRoutes(api: FastifyInstance): Promise<void> {
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
    issues.push(...(cache?.issues ?? []), ...(browser?.issues ?? []));
    if (!validated(reply, issues)) return reply;
    const domain = findDomain(request, reply, domainId!, 'manage');
    if (!domain) return reply;

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
      const ruleIssues = validateCacheRuleList(cache.value.rules, { regexAllowed: cacheRegexAllowed(tenant, now), siteDomain: domain.domain }).map(
        (entry) => ({ ...entry, field: `cdn_advance_cache.${entry.field}` }),
      );
      if (!validated(reply, [...ruleIssues, ...found])) return reply;
    }

    api.db.transaction(() => {
      if (cache) {
        const changes = replaceCacheRules(tenant, domain.id, cache.value.rules, now);
        logRuleChanges(request, domain, changes);
        // The revision marks a change other editors must not overwrite: a save of the same list leaves it.
        if (changedAnything(changes)) writeCacheSettings(tenant, domain.id, { revision: settings.revision + 1 }, now);
      }
      if (browser && browser.value.status !== settings.browser_cache) {
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
    return ok(reply, readGroups(request, domain, names as DomainSettingsGroup[]));
  });
}
