/**
 * Web security policies (issue 22; shell §7 `/v5/security/security_protection/ddos/configs` and `/waf/rules`; rules §3
 * "Security template", §4 "Configuration method", §5 batch configuration, §6 grants and package gating): see
 * core/api/endpoints/web-security.ts for the calls.
 *
 * Grants (rules §6): a domain's own policy is reached through the domain, so reading it needs read on that domain and
 * saving it manage on that domain, each with the `security_policy` module. The global policy and a template reach
 * every domain following them, present and future, so saving them (and creating, changing or deleting templates)
 * needs manage over all domains and all security objects, the reasoning of acceleration-policy/routes.ts
 * `policyWritable`. Binding, unbinding, changing a method and batch configuration change each domain: manage on it.
 *
 * Every write that changes which rule sets reach a domain rewrites `waf_rule_set_domains` in its transaction
 * (store.ts `materialiseBindings`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONFLICT_CODE, NOT_FOUND_CODE, PERMISSION_DENIED_CODE, type FieldIssue } from '../../../../core/api/catalogue.js';
import { UNAPPROVED_WEBSITE_STATUSES, type WebsiteStatus } from '../../../../core/api/endpoints/websites.js';
import type { ListAnswer } from '../../../../core/api/endpoints/platform.js';
import {
  SECURITY_V5_PATHS,
  type SecurityBatchAnswer,
  type SecurityBusinessAnswer,
  type SecurityBusinessKind,
  type SecurityCardsAnswer,
  type SecurityCardStates,
  type SecurityDomain,
  type SecurityDomainOutcome,
  type SecurityTemplate,
  type SecurityTemplateListAnswer,
} from '../../../../core/api/endpoints/web-security.js';
import { featureGate, type GatedFeature } from '../../../../core/config/plan-gates.js';
import { cardsOfPath, isSecurityCardName, securityCardEntry, type SecurityCardName, type SecurityCardPath, type SecurityCardValues } from '../../../../core/security/cards.js';
import { issue, onField, type RuleIssue } from '../../../../core/rules/types.js';
import { validateBatchConfigSite, WEBSITE_BATCH_MAX } from '../../../../core/rules/websites.js';
import { isoTime } from '../../platform/database.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { readPage } from '../../platform/http/pagination.js';
import { asRecord, readIds } from '../../platform/http/readers.js';
import { recordOperation, sameValue } from '../../platform/oplog.js';
import { permissions } from '../../platform/security/permissions.js';
import { scope, type Scope } from '../../platform/security/scope.js';
import { regionData } from '../account/index.js';
import { planContextOf, planIssue } from '../plans/index.js';
import { readCardValue, readId, readMethod, readTemplateFields } from './payloads.js';
import {
  BUSINESSES,
  businessById,
  copyCards,
  domainBusiness,
  effectiveBusiness,
  followerIds,
  globalBusiness,
  loadCards,
  materialiseBindings,
  methodOf,
  setMethod,
  storeCard,
  templateBusiness,
  TEMPLATES,
  toBusiness,
  type BusinessRow,
} from './store.js';

/** The operation log's area. */
export const SECURITY_LOG_AREA = 'web-security';

/** Whether the caller may change what reaches every domain: the global policy and templates (see the module comment). */
export function securityPolicyWritable(request: FastifyRequest): boolean {
  const caller = permissions(request);
  return (
    caller.can('domain', 'manage') &&
    caller.grant('domain')?.object_scope === 'all' &&
    caller.can('security_policy', 'manage') &&
    caller.grant('security_policy')?.object_scope === 'all'
  );
}

function businessReadable(request: FastifyRequest, row: BusinessRow): boolean {
  const caller = permissions(request);
  if (!caller.can('security_policy', 'read')) return false;
  return row.kind !== 'domain' || caller.allows('domain', 'read', row.domain_id!);
}

function businessEditable(request: FastifyRequest, row: BusinessRow): boolean {
  const caller = permissions(request);
  if (row.kind !== 'domain') return securityPolicyWritable(request);
  return caller.can('security_policy', 'manage') && caller.allows('domain', 'manage', row.domain_id!);
}

/** A business the caller may read; NOT_FOUND answered otherwise (another account's or an ungranted domain's). */
function reachBusiness(request: FastifyRequest, reply: FastifyReply, id: number): BusinessRow | undefined {
  const row = businessById(scope(request), id);
  if (!row || !businessReadable(request, row)) {
    fail(reply, NOT_FOUND_CODE);
    return undefined;
  }
  return row;
}

/** The gate feature of a card's plan action (core/config/plan-gates.ts has a row of that name). */
function cardFeature(name: SecurityCardName): GatedFeature | null {
  return securityCardEntry(name).planAction as GatedFeature | null;
}

/** The cards of one path of a business, as `/v5` GET answers them. */
function readCards(request: FastifyRequest, row: BusinessRow, path: SecurityCardPath): SecurityCardsAnswer {
  const editable = businessEditable(request, row);
  const context = planContextOf(request);
  const stored = loadCards(scope(request), row.id);
  const cards: SecurityCardStates = {};
  for (const name of cardsOfPath(path)) {
    const feature = cardFeature(name);
    const lockedBy = feature !== null && !featureGate(feature, context).allowed ? securityCardEntry(name).planAction : null;
    const card = stored.get(name)!;
    (cards as Record<string, unknown>)[name] = { value: card.value, revision: card.revision, editable: editable && lockedBy === null, locked_by: lockedBy };
  }
  return { business: toBusiness(row, editable), cards };
}

/** Every region key of the IP region tree and the countries (shell §3), for the regional blocking card. */
let regionKeys: Set<string> | null = null;
function knownRegions(): Set<string> {
  if (regionKeys) return regionKeys;
  const data = regionData('en_US');
  const keys = new Set<string>([...data.countrys.map((country) => country.value), ...data.provinces.map((province) => province.value)]);
  const walk = (nodes: readonly { key: string; child?: readonly unknown[] }[]) => {
    for (const node of nodes) {
      keys.add(node.key);
      if (node.child) walk(node.child as { key: string; child?: readonly unknown[] }[]);
    }
  };
  walk(data.ipRegions);
  regionKeys = keys;
  return keys;
}

/**
 * A card's value checked as the server must beyond the shared rules: region keys exist, quoted rule sets are the
 * account's, and the plan allows the card, its protection mode (`waf_mode`) and its block page type (`waf_block_diy_page`).
 */
function serverCardIssues<N extends SecurityCardName>(request: FastifyRequest, name: N, value: SecurityCardValues[N]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const context = planContextOf(request);
  const feature = cardFeature(name);
  if (feature !== null) {
    const found = planIssue(request, feature, { field: name }, context);
    if (found) return [found];
  }
  const record = value as unknown as Record<string, unknown>;
  if (typeof record.mode === 'string') {
    const found = planIssue(request, 'waf_mode', { field: `${name}.mode`, value: record.mode as 'observe' }, context);
    if (found) issues.push(found);
  }
  if (name === 'region_block') {
    const known = knownRegions();
    (value as SecurityCardValues['region_block']).regions.forEach((region, index) => {
      if (!known.has(region)) issues.push(...onField(`${name}.regions.${index}`, issue('web-security.region-unknown', { region })));
    });
  }
  if (name === 'cloud_waf') {
    const waf = value as SecurityCardValues['cloud_waf'];
    if (waf.block_page.type !== 'default') {
      const found = planIssue(request, 'waf_block_diy_page', { field: `${name}.block_page.type`, value: waf.block_page.type }, context);
      if (found) issues.push(found);
    }
    const tenant = scope(request);
    waf.rule_set_ids.forEach((id, index) => {
      if (tenant.count('waf_rule_sets', { where: 'id = @id', params: { id } }) === 0) issues.push(...onField(`${name}.rule_set_ids.${index}`, issue('web-security.rule-set-unknown')));
    });
  }
  return issues;
}

/** Reads and checks cards of a body (`/v5` PUT: `{card: {revision, value}}`; batch: `{card: value}`). */
function readCardSaves(
  request: FastifyRequest,
  entries: Array<[string, unknown]>,
  path: SecurityCardPath | null,
  withRevision: boolean,
): { saves: Array<{ name: SecurityCardName; value: unknown; revision: number | null }>; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const saves: Array<{ name: SecurityCardName; value: unknown; revision: number | null }> = [];
  for (const [name, raw] of entries) {
    if (!isSecurityCardName(name)) {
      issues.push(...onField(name, issue('web-security.card-unknown')));
      continue;
    }
    const entry = securityCardEntry(name);
    // Shell §7: the ddos path takes application DDoS protection and visitor authentication, the waf path the others.
    if (path !== null && entry.path !== path) {
      issues.push(...onField(name, issue('web-security.wrong-path', { path: SECURITY_V5_PATHS[entry.path] })));
      continue;
    }
    const source = withRevision ? asRecord(raw) : { value: raw };
    const revision = withRevision ? source.revision : null;
    if (withRevision && (typeof revision !== 'number' || !Number.isSafeInteger(revision) || revision < 0)) issues.push(...onField(`${name}.revision`, issue('common.non-negative-integer')));
    const read = readCardValue(name, source.value);
    issues.push(...read.issues);
    if (!read.issues.some((found) => found.key === 'common.format-error')) issues.push(...serverCardIssues(request, name, read.value));
    saves.push({ name, value: read.value, revision: withRevision ? (revision as number) : null });
  }
  return { saves, issues };
}

/**
 * Writes cards to a business inside the caller's transaction, logging each changed card with its diff; answers the
 * names changed. The revisions were checked by the caller.
 */
function writeCards(request: FastifyRequest, row: BusinessRow, saves: ReadonlyArray<{ name: SecurityCardName; value: unknown }>, now: number): SecurityCardName[] {
  const tenant = scope(request);
  const stored = loadCards(tenant, row.id);
  const changed: SecurityCardName[] = [];
  for (const save of saves) {
    const before = stored.get(save.name)!;
    if (sameValue(before.value, save.value)) continue;
    storeCard(tenant, row.id, save.name, save.value, before.revision, now);
    recordOperation(request, { area: SECURITY_LOG_AREA, action: 'update', objectId: row.id, objectLabel: `${businessLabel(row)} · ${save.name}`, before: before.value, after: save.value });
    changed.push(save.name);
  }
  return changed;
}

function businessLabel(row: BusinessRow): string {
  return row.kind === 'global' ? 'global' : row.label;
}

interface TemplateRow {
  id: number;
  name: string;
  remark: string;
  business_id: number | null;
  bound_count: number;
  bound_at: number | null;
  created_at: number;
}

const TEMPLATE_COLUMNS = `id, name, remark, created_at,
  (SELECT b.id FROM security_businesses b WHERE b.kind = 'template' AND b.template_id = security_templates.id) AS business_id,
  (SELECT COUNT(*) FROM security_methods m WHERE m.source = 'template' AND m.template_id = security_templates.id) AS bound_count,
  (SELECT MAX(m.bound_at) FROM security_methods m WHERE m.source = 'template' AND m.template_id = security_templates.id) AS bound_at`;

function templateRow(tenant: Scope, id: number): TemplateRow | undefined {
  return tenant.get<TemplateRow>(TEMPLATES, { columns: TEMPLATE_COLUMNS, where: 'id = @id', params: { id } });
}

function toTemplate(tenant: Scope, row: TemplateRow, now: number): SecurityTemplate {
  const businessId = row.business_id ?? templateBusiness(tenant, row.id, now).id;
  return { id: row.id, name: row.name, remark: row.remark, business_id: businessId, bound_count: row.bound_count, created_at: isoTime(row.created_at), bound_at: row.bound_at ? isoTime(row.bound_at) : '' };
}

interface DomainRow {
  id: number;
  domain: string;
  status: WebsiteStatus;
  origin_count: number;
}

/** A method change of one domain (rules §4), in the caller's transaction; answers a refusal or null. */
function changeMethod(request: FastifyRequest, domainId: number, to: { source: SecurityBusinessKind; templateId: number | null }, copy: boolean, now: number): RuleIssue | null {
  const tenant = scope(request);
  const before = methodOf(tenant, domainId);
  if (to.source === 'template' && (to.templateId === null || !templateRow(tenant, to.templateId))) return issue('config-method.template-unknown');
  if (to.source === 'domain') {
    // Rules §4: switching to domain-specific copies the configuration in force and unlinks it. A domain already
    // domain-specific keeps its own.
    if (before.source !== 'domain' || copy) {
      const source = effectiveBusiness(tenant, domainId, now);
      const own = domainBusiness(tenant, domainId, now);
      if (source.id !== own.id) copyCards(tenant, source.id, own.id, now);
    }
  }
  if (before.source === to.source && before.template_id === to.templateId) return null;
  setMethod(tenant, domainId, to.source, to.templateId, now);
  const domain = tenant.get<{ domain: string }>('domains', { columns: 'domain', where: 'id = @id', params: { id: domainId } })?.domain ?? '';
  recordOperation(request, {
    area: SECURITY_LOG_AREA,
    action: 'method',
    objectId: domainId,
    objectLabel: domain,
    before: { source: before.source, template: before.template_name || null },
    after: { source: to.source, template: to.templateId === null ? null : (templateRow(tenant, to.templateId)?.name ?? null), copied: to.source === 'domain' },
  });
  materialiseBindings(request.server.db, tenant, [domainId], now);
  return null;
}

/** Runs `change` for each domain the caller manages, collecting per-domain outcomes; each domain in its own transaction. */
function eachDomain(request: FastifyRequest, ids: readonly number[], change: (domain: DomainRow) => RuleIssue | null): SecurityBatchAnswer {
  const tenant = scope(request);
  const caller = permissions(request);
  const canPolicy = caller.can('security_policy', 'manage');
  const results: SecurityDomainOutcome[] = ids.map((id) => {
    const domain = tenant.get<DomainRow>('domains', {
      columns: 'id, domain, status, (SELECT COUNT(*) FROM website_origins o WHERE o.domain_id = domains.id) AS origin_count',
      where: 'id = @id',
      params: { id },
    });
    if (!domain || !caller.allows('domain', 'read', id)) return { domain_id: id, domain: '', ok: false, reason: issue('websites.not-found') };
    if (!canPolicy || !caller.allows('domain', 'manage', id)) return { domain_id: id, domain: domain.domain, ok: false, reason: issue('websites.not-editable') };
    let refusal: RuleIssue | null = null;
    request.server.db.transaction(() => {
      refusal = change(domain);
    })();
    return refusal ? { domain_id: id, domain: domain.domain, ok: false, reason: refusal } : { domain_id: id, domain: domain.domain, ok: true };
  });
  const succeeded = results.filter((result) => result.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
}

function readDomainIds(source: Record<string, unknown>): { ids: number[]; issues: FieldIssue[] } {
  if (!Array.isArray(source.domain_ids) || source.domain_ids.length === 0) return { ids: [], issues: onField('domain_ids', issue('websites.select-domain')) };
  const { ids, issues } = readIds(source.domain_ids, 'domain_ids', WEBSITE_BATCH_MAX);
  return { ids: [...new Set(ids)], issues };
}

/** The business answer for a domain: its own business, its method, and the business in force. */
function domainAnswer(request: FastifyRequest, domainId: number): SecurityBusinessAnswer {
  const tenant = scope(request);
  const now = request.server.now();
  const own = domainBusiness(tenant, domainId, now);
  const method = methodOf(tenant, domainId);
  const effective = effectiveBusiness(tenant, domainId, now);
  return {
    business: toBusiness(own, businessEditable(request, own)),
    method: { source: method.source, template_id: method.template_id, template_name: method.template_name },
    effective: toBusiness(effective, businessEditable(request, effective)),
  };
}

export async function webSecurityRoutes(api: FastifyInstance): Promise<void> {
  for (const path of ['ddos', 'waf'] as const) {
    api.get(`/${SECURITY_V5_PATHS[path]}`, async (request, reply) => {
      const { id, issues } = readId(asRecord(request.query), 'business_id');
      if (!validated(reply, issues)) return reply;
      const row = reachBusiness(request, reply, id!);
      if (!row) return reply;
      return ok(reply, readCards(request, row, path));
    });

    api.put(`/${SECURITY_V5_PATHS[path]}`, async (request, reply) => {
      const body = asRecord(request.body);
      const { id, issues } = readId(body, 'business_id');
      const entries = Object.entries(body).filter(([key]) => key !== 'business_id');
      if (entries.length === 0) issues.push(...onField('cards', issue('websites.batch-config-required')));
      if (!validated(reply, issues)) return reply;
      const row = reachBusiness(request, reply, id!);
      if (!row) return reply;
      if (!businessEditable(request, row)) return fail(reply, PERMISSION_DENIED_CODE);
      const { saves, issues: cardIssues } = readCardSaves(request, entries, path, true);
      if (!validated(reply, cardIssues)) return reply;
      const tenant = scope(request);
      const stored = loadCards(tenant, row.id);
      if (saves.some((save) => stored.get(save.name)!.revision !== save.revision)) return fail(reply, CONFLICT_CODE, { key: 'settings-changed' });
      const now = api.now();
      api.db.transaction(() => {
        const changed = writeCards(request, row, saves, now);
        if (changed.includes('cloud_waf')) materialiseBindings(api.db, tenant, followerIds(tenant, row), now);
        if (changed.length > 0 && row.kind === 'template') tenant.update(TEMPLATES, { updated_at: now }, 'id = @id', { id: row.template_id });
      })();
      return ok(reply, readCards(request, row, path));
    });
  }

  api.get('/V4/web.security.business.get', async (request, reply) => {
    const query = asRecord(request.query);
    if (query.domain_id !== undefined && query.domain_id !== '') {
      const { id, issues } = readId(query, 'domain_id');
      if (!validated(reply, issues)) return reply;
      const caller = permissions(request);
      if (!caller.require(reply, 'security_policy', 'read')) return reply;
      if (!scope(request).get('domains', { columns: 'id', where: 'id = @id', params: { id } }) || !caller.allows('domain', 'read', id!)) return fail(reply, NOT_FOUND_CODE);
      let answer: SecurityBusinessAnswer | undefined;
      api.db.transaction(() => {
        answer = domainAnswer(request, id!);
      })();
      return ok(reply, answer!);
    }
    // The global policy is created on first use, so its id is unknown until asked for: `global=1` names it.
    const isGlobal = query.global === '1' || query.global === 'true';
    const { id, issues } = isGlobal ? { id: null, issues: [] } : readId(query, 'business_id');
    if (!validated(reply, issues)) return reply;
    if (!permissions(request).require(reply, 'security_policy', 'read')) return reply;
    const row = isGlobal ? globalBusiness(scope(request), api.now()) : reachBusiness(request, reply, id!);
    if (!row) return reply;
    return ok(reply, { business: toBusiness(row, businessEditable(request, row)), method: null, effective: null } satisfies SecurityBusinessAnswer);
  });

  api.get('/V4/web.security.template.list', async (request, reply) => {
    const { page, issues } = readPage(request.query);
    if (!validated(reply, issues)) return reply;
    if (!permissions(request).require(reply, 'security_policy', 'read')) return reply;
    const name = String(asRecord(request.query).name ?? '').trim();
    const tenant = scope(request);
    const answer = tenant.page<TemplateRow>(TEMPLATES, page, {
      columns: TEMPLATE_COLUMNS,
      where: name === '' ? undefined : 'instr(lower(name), lower(@name)) > 0',
      params: { name },
      orderBy: 'id DESC',
    });
    const now = api.now();
    return ok(reply, { list: answer.list.map((row) => toTemplate(tenant, row, now)), total: answer.total, editable: securityPolicyWritable(request) } satisfies SecurityTemplateListAnswer);
  });

  api.get('/V4/web.security.template.get', async (request, reply) => {
    const { id, issues } = readId(asRecord(request.query), 'template_id');
    if (!validated(reply, issues)) return reply;
    if (!permissions(request).require(reply, 'security_policy', 'read')) return reply;
    const tenant = scope(request);
    const row = templateRow(tenant, id!);
    return row ? ok(reply, toTemplate(tenant, row, api.now())) : fail(reply, NOT_FOUND_CODE);
  });

  const nameIssues = (tenant: Scope, name: string, except: number): FieldIssue[] =>
    tenant.count(TEMPLATES, { where: 'lower(name) = lower(@name) AND id <> @except', params: { name, except } }) > 0 ? onField('name', issue('web-security.name-exists')) : [];

  api.post('/V4/web.security.template.create', async (request, reply) => {
    const { value, issues } = readTemplateFields(request.body);
    if (!validated(reply, issues)) return reply;
    if (!securityPolicyWritable(request)) return fail(reply, PERMISSION_DENIED_CODE);
    const tenant = scope(request);
    if (!validated(reply, nameIssues(tenant, value.name, 0))) return reply;
    const now = api.now();
    let id = 0;
    api.db.transaction(() => {
      id = tenant.insert(TEMPLATES, { name: value.name, remark: value.remark, created_at: now, updated_at: now });
      templateBusiness(tenant, id, now);
      recordOperation(request, { area: SECURITY_LOG_AREA, action: 'create', objectId: id, objectLabel: value.name, after: value });
    })();
    return ok(reply, toTemplate(tenant, templateRow(tenant, id)!, now));
  });

  api.post('/V4/web.security.template.update', async (request, reply) => {
    const body = asRecord(request.body);
    const { value, issues } = readTemplateFields(body);
    const { id, issues: idIssues } = readId(body, 'template_id');
    if (!validated(reply, [...idIssues, ...issues])) return reply;
    if (!securityPolicyWritable(request)) return fail(reply, PERMISSION_DENIED_CODE);
    const tenant = scope(request);
    const row = templateRow(tenant, id!);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    if (!validated(reply, nameIssues(tenant, value.name, row.id))) return reply;
    const now = api.now();
    const before = { name: row.name, remark: row.remark };
    if (!sameValue(before, value)) {
      api.db.transaction(() => {
        tenant.update(TEMPLATES, { ...value, updated_at: now }, 'id = @id', { id: row.id });
        recordOperation(request, { area: SECURITY_LOG_AREA, action: 'update', objectId: row.id, objectLabel: value.name, before, after: value });
      })();
    }
    return ok(reply, toTemplate(tenant, templateRow(tenant, row.id)!, now));
  });

  api.post('/V4/web.security.template.delete', async (request, reply) => {
    const { id, issues } = readId(asRecord(request.body), 'template_id');
    if (!validated(reply, issues)) return reply;
    if (!securityPolicyWritable(request)) return fail(reply, PERMISSION_DENIED_CODE);
    const tenant = scope(request);
    const row = templateRow(tenant, id!);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    // Two readings: refuse a bound template, or delete it and copy its policy to its domains. The stricter is the
    // refusal: the user unbinds first and chooses copy or switch for the domains (rules §4), nothing happens silently.
    if (row.bound_count > 0) {
      validated(reply, onField('template_id', issue('web-security.template-bound', { count: row.bound_count })));
      return reply;
    }
    api.db.transaction(() => {
      tenant.remove(TEMPLATES, 'id = @id', { id: row.id });
      recordOperation(request, { area: SECURITY_LOG_AREA, action: 'delete', objectId: row.id, objectLabel: row.name, before: { name: row.name, remark: row.remark } });
    })();
    return ok(reply, { deleted: 1 });
  });

  api.get('/V4/web.security.domain.list', async (request, reply) => {
    const query = asRecord(request.query);
    const { page, issues } = readPage(query);
    const source = query.source;
    if (source !== 'global' && source !== 'template' && source !== 'domain') issues.push(...onField('source', issue('common.format-error')));
    const template = source === 'template' && query.template_id !== undefined && query.template_id !== '' ? readId(query, 'template_id') : { id: null, issues: [] };
    if (!validated(reply, [...issues, ...template.issues])) return reply;
    const caller = permissions(request);
    if (!caller.require(reply, 'security_policy', 'read')) return reply;
    const tenant = scope(request);
    if (template.id !== null && !templateRow(tenant, template.id)) return fail(reply, NOT_FOUND_CODE);
    const visible = caller.visible('domain');
    const name = String(query.name ?? '').trim();
    const method = `COALESCE((SELECT m.source FROM security_methods m WHERE m.domain_id = domains.id), 'global')`;
    const conditions = [`(${visible.where})`, `${method} = @source`];
    if (template.id !== null) conditions.push('(SELECT m.template_id FROM security_methods m WHERE m.domain_id = domains.id) = @template');
    if (name !== '') conditions.push('instr(lower(domain), lower(@name)) > 0');
    const answer = tenant.page<{ id: number; domain: string; status: WebsiteStatus }>('domains', page, {
      columns: 'id, domain, status',
      where: conditions.join(' AND '),
      params: { ...visible.params, source, template: template.id, name },
      orderBy: 'id',
    });
    const canPolicy = caller.can('security_policy', 'manage');
    const list: SecurityDomain[] = answer.list.map((row) => {
      const current = methodOf(tenant, row.id);
      const own = tenant.get<{ id: number }>(BUSINESSES, { columns: 'id', where: "kind = 'domain' AND domain_id = @id", params: { id: row.id } });
      return {
        domain_id: row.id,
        domain: row.domain,
        status: row.status,
        method: { source: current.source, template_id: current.template_id, template_name: current.template_name },
        business_id: own?.id ?? null,
        bound_at: current.bound_at ? isoTime(current.bound_at) : '',
        editable: canPolicy && caller.allows('domain', 'manage', row.id),
      };
    });
    return ok(reply, { list, total: answer.total } satisfies ListAnswer<SecurityDomain>);
  });

  api.post('/V4/web.security.template.bind', async (request, reply) => {
    const body = asRecord(request.body);
    const { id, issues } = readId(body, 'template_id');
    const domains = readDomainIds(body);
    if (!validated(reply, [...issues, ...domains.issues])) return reply;
    if (!permissions(request).require(reply, 'security_policy', 'manage')) return reply;
    if (!templateRow(scope(request), id!)) return fail(reply, NOT_FOUND_CODE);
    const now = api.now();
    // A domain on another template switches to this one (rules §4 "switches to ... another template").
    return ok(reply, eachDomain(request, domains.ids, (domain) => changeMethod(request, domain.id, { source: 'template', templateId: id! }, false, now)));
  });

  api.post('/V4/web.security.template.unbind', async (request, reply) => {
    const body = asRecord(request.body);
    const { id, issues } = readId(body, 'template_id');
    const domains = readDomainIds(body);
    const unbind = body.unbind === 'copy' || body.unbind === 'switch' ? body.unbind : null;
    if (unbind === null) issues.push(...onField('unbind', issue('config-method.unbind')));
    let to: { source: SecurityBusinessKind; templateId: number | null } = { source: 'domain', templateId: null };
    if (unbind === 'switch') {
      if (body.to === 'global') to = { source: 'global', templateId: null };
      else if (body.to === 'template') {
        const target = readId(body, 'to_template_id');
        if (target.id === null) issues.push(...onField('to_template_id', issue('websites.template-required')));
        to = { source: 'template', templateId: target.id };
      } else issues.push(...onField('to', issue('config-method.unbind')));
    }
    if (!validated(reply, [...issues, ...domains.issues])) return reply;
    if (!permissions(request).require(reply, 'security_policy', 'manage')) return reply;
    const tenant = scope(request);
    if (!templateRow(tenant, id!)) return fail(reply, NOT_FOUND_CODE);
    const now = api.now();
    return ok(
      reply,
      eachDomain(request, domains.ids, (domain) => {
        const current = methodOf(tenant, domain.id);
        if (current.source !== 'template' || current.template_id !== id) return issue('web-security.not-bound');
        // Rules §4: unbinding copies the template's configuration to the domain, or switches.
        return changeMethod(request, domain.id, to, unbind === 'copy', now);
      }),
    );
  });

  api.post('/V4/web.security.method.change', async (request, reply) => {
    const body = asRecord(request.body);
    const { id, issues } = readId(body, 'domain_id');
    const method = readMethod(body);
    if (!validated(reply, [...issues, ...method.issues])) return reply;
    const caller = permissions(request);
    if (!scope(request).get('domains', { columns: 'id', where: 'id = @id', params: { id } }) || !caller.allows('domain', 'read', id!)) return fail(reply, NOT_FOUND_CODE);
    if (!caller.can('security_policy', 'manage') || !caller.allows('domain', 'manage', id!)) return fail(reply, PERMISSION_DENIED_CODE);
    const now = api.now();
    let refusal: RuleIssue | null = null;
    api.db.transaction(() => {
      refusal = changeMethod(request, id!, method.value, false, now);
    })();
    if (refusal) {
      validated(reply, onField('template_id', refusal));
      return reply;
    }
    return ok(reply, domainAnswer(request, id!));
  });

  api.post('/V4/web.security.batch.config', async (request, reply) => {
    const body = asRecord(request.body);
    const domains = readDomainIds(body);
    const cards = Object.entries(asRecord(body.cards));
    const issues: FieldIssue[] = [...domains.issues];
    // Rules §5: at least one configuration and a website selection.
    if (cards.length === 0) issues.push(...onField('cards', issue('websites.batch-config-required')));
    const { saves, issues: cardIssues } = readCardSaves(request, cards, null, false);
    issues.push(...cardIssues.map((found) => ({ ...found, field: `cards.${found.field}` })));
    if (!validated(reply, issues)) return reply;
    if (!permissions(request).require(reply, 'security_policy', 'manage')) return reply;
    const tenant = scope(request);
    const now = api.now();
    const answer = eachDomain(request, domains.ids, (domain) => {
      // Rules §5, §8: "Cannot perform batch configuration (failed approval or origin returned)".
      const refused = validateBatchConfigSite({ approved: !UNAPPROVED_WEBSITE_STATUSES.includes(domain.status), hasOrigin: domain.origin_count > 0 });
      if (refused) return refused;
      const refusal = changeMethod(request, domain.id, { source: 'domain', templateId: null }, false, now);
      if (refusal) return refusal;
      const own = domainBusiness(tenant, domain.id, now);
      if (writeCards(request, own, saves, now).includes('cloud_waf')) materialiseBindings(api.db, tenant, [domain.id], now);
      return null;
    });
    return ok(reply, answer);
  });
}

