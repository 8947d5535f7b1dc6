/**
 * Storage of web security policies (issue 22; migration 330): businesses, their cards, domains' methods, and the
 * materialised WAF bindings. Every write that changes which cloud WAF rule sets reach a domain (a card saved, a method
 * changed, a template bound or unbound) ends with {@link materialiseBindings} inside the same transaction, so
 * `waf_rule_set_domains` never disagrees with the policies.
 */
import type { SecurityBusiness, SecurityBusinessKind, SecurityMethod } from '../../../../core/api/endpoints/web-security.js';
import { SECURITY_CARD_NAMES, securityCardDefaults, type SecurityCardName, type SecurityCardValues } from '../../../../core/security/cards.js';
import { prepare, type Db } from '../../platform/database.js';
import type { Scope } from '../../platform/security/scope.js';

export const TEMPLATES = 'security_templates';
export const BUSINESSES = 'security_businesses';
export const METHODS = 'security_methods';
export const CARDS = 'security_cards';
/** The WAF area's binding table (waf/store.ts BINDINGS), named here so this area does not import the WAF routes. */
const WAF_BINDINGS = 'waf_rule_set_domains';

export interface BusinessRow {
  id: number;
  kind: SecurityBusinessKind;
  template_id: number | null;
  domain_id: number | null;
  /** The template's name or the domain; empty for the global policy. */
  label: string;
}

const BUSINESS_COLUMNS = `id, kind, template_id, domain_id,
  COALESCE((SELECT t.name FROM security_templates t WHERE t.id = security_businesses.template_id),
           (SELECT d.domain FROM domains d WHERE d.id = security_businesses.domain_id), '') AS label`;

export function businessById(tenant: Scope, id: number): BusinessRow | undefined {
  return tenant.get<BusinessRow>(BUSINESSES, { columns: BUSINESS_COLUMNS, where: 'id = @id', params: { id } });
}

function ensure(tenant: Scope, where: string, params: Record<string, unknown>, values: Record<string, unknown>, now: number): BusinessRow {
  const found = tenant.get<BusinessRow>(BUSINESSES, { columns: BUSINESS_COLUMNS, where, params });
  if (found) return found;
  const id = tenant.insert(BUSINESSES, { ...values, created_at: now });
  return businessById(tenant, id)!;
}

/** The account's global policy, created on first use. */
export function globalBusiness(tenant: Scope, now: number): BusinessRow {
  return ensure(tenant, "kind = 'global'", {}, { kind: 'global', template_id: null, domain_id: null }, now);
}

/** A template's business (created with the template; created here for one that predates it). */
export function templateBusiness(tenant: Scope, templateId: number, now: number): BusinessRow {
  return ensure(tenant, "kind = 'template' AND template_id = @id", { id: templateId }, { kind: 'template', template_id: templateId, domain_id: null }, now);
}

/** A domain's own business, created on first use (rules §4 domain-specific). */
export function domainBusiness(tenant: Scope, domainId: number, now: number): BusinessRow {
  return ensure(tenant, "kind = 'domain' AND domain_id = @id", { id: domainId }, { kind: 'domain', template_id: null, domain_id: domainId }, now);
}

/** The answer shape of a business. */
export function toBusiness(row: BusinessRow, editable: boolean): SecurityBusiness {
  return { business_id: row.id, kind: row.kind, name: row.kind === 'global' ? 'global' : row.label, template_id: row.template_id, domain_id: row.domain_id, editable };
}

interface MethodRow {
  source: SecurityBusinessKind;
  template_id: number | null;
  template_name: string | null;
  bound_at: number | null;
}

/** A domain's method (rules §4); a domain never configured follows the global policy. */
export function methodOf(tenant: Scope, domainId: number): SecurityMethod & { bound_at: number | null } {
  const row = tenant.get<MethodRow>(METHODS, {
    columns: 'source, template_id, bound_at, (SELECT name FROM security_templates t WHERE t.id = security_methods.template_id) AS template_name',
    where: 'domain_id = @id',
    params: { id: domainId },
  });
  if (!row) return { source: 'global', template_id: null, template_name: '', bound_at: null };
  return { source: row.source, template_id: row.template_id, template_name: row.template_name ?? '', bound_at: row.bound_at };
}

/** The business whose cards are in force for a domain under its method. */
export function effectiveBusiness(tenant: Scope, domainId: number, now: number): BusinessRow {
  const method = methodOf(tenant, domainId);
  if (method.source === 'template') return templateBusiness(tenant, method.template_id!, now);
  if (method.source === 'domain') return domainBusiness(tenant, domainId, now);
  return globalBusiness(tenant, now);
}

export interface StoredCard<N extends SecurityCardName = SecurityCardName> {
  value: SecurityCardValues[N];
  revision: number;
}

/** Every card of a business, defaults (revision 0) for those never saved. */
export function loadCards(tenant: Scope, businessId: number): Map<SecurityCardName, StoredCard> {
  const rows = tenant.all<{ card: string; value: string; revision: number }>(CARDS, { columns: 'card, value, revision', where: 'business_id = @id', params: { id: businessId } });
  const stored = new Map(rows.map((row) => [row.card, row]));
  return new Map(
    SECURITY_CARD_NAMES.map((name) => {
      const row = stored.get(name);
      // A stored value is completed with the defaults, so a card that gained a field reads whole.
      const value = row ? { ...securityCardDefaults(name), ...(JSON.parse(row.value) as object) } : securityCardDefaults(name);
      return [name, { value, revision: row?.revision ?? 0 } as StoredCard];
    }),
  );
}

/** Writes one card's value with the next revision. */
export function storeCard(tenant: Scope, businessId: number, name: SecurityCardName, value: unknown, revision: number, now: number): void {
  const json = JSON.stringify(value);
  if (revision === 0) tenant.insert(CARDS, { business_id: businessId, card: name, value: json, revision: 1, updated_at: now });
  else tenant.update(CARDS, { value: json, revision: revision + 1, updated_at: now }, 'business_id = @id AND card = @card', { id: businessId, card: name });
}

/**
 * Copies every card of one business over another's (rules §4 "Switching to domain-specific copies the current
 * configuration"; "Unbinding a template copies its configuration to the domain"). A card whose value changes gets a
 * new revision, so an editor open on the old value is told it changed.
 */
export function copyCards(tenant: Scope, fromId: number, toId: number, now: number): void {
  const from = loadCards(tenant, fromId);
  const to = loadCards(tenant, toId);
  for (const name of SECURITY_CARD_NAMES) {
    const source = from.get(name)!;
    const target = to.get(name)!;
    if (JSON.stringify(source.value) === JSON.stringify(target.value) && (target.revision > 0 || source.revision === 0)) continue;
    storeCard(tenant, toId, name, source.value, target.revision, now);
  }
}

/** Sets a domain's method (rules §4), recording when it was bound. */
export function setMethod(tenant: Scope, domainId: number, source: SecurityBusinessKind, templateId: number | null, now: number): void {
  if (tenant.count(METHODS, { where: 'domain_id = @id', params: { id: domainId } }) === 0) {
    tenant.insert(METHODS, { domain_id: domainId, source, template_id: templateId, bound_at: now });
  } else {
    tenant.update(METHODS, { source, template_id: templateId, bound_at: now }, 'domain_id = @id', { id: domainId });
  }
}

/** The domains a business's cards are in force for. */
export function followerIds(tenant: Scope, business: BusinessRow): number[] {
  if (business.kind === 'domain') return tenant.count(METHODS, { where: "domain_id = @id AND source = 'domain'", params: { id: business.domain_id } }) > 0 ? [business.domain_id!] : [];
  if (business.kind === 'template') {
    return tenant.all<{ domain_id: number }>(METHODS, { columns: 'domain_id', where: "source = 'template' AND template_id = @id", params: { id: business.template_id } }).map((row) => row.domain_id);
  }
  return tenant
    .all<{ id: number }>('domains', { columns: 'id', where: "id NOT IN (SELECT domain_id FROM security_methods m WHERE m.member_id = @member_id AND m.source <> 'global')" })
    .map((row) => row.id);
}

/**
 * Rewrites the WAF bindings of some domains to the rule sets in force for them (the view of migration 330): bindings
 * no longer quoted go, new ones come, kept ones keep their creation time.
 */
export function materialiseBindings(db: Db, tenant: Scope, domainIds: readonly number[], now: number): void {
  if (domainIds.length === 0) return;
  const ids = JSON.stringify([...new Set(domainIds)]);
  prepare(
    db,
    `DELETE FROM ${WAF_BINDINGS} WHERE member_id = @member AND domain_id IN (SELECT value FROM json_each(@ids))
       AND NOT EXISTS (SELECT 1 FROM security_effective_rule_sets e WHERE e.domain_id = ${WAF_BINDINGS}.domain_id AND e.rule_set_id = ${WAF_BINDINGS}.rule_set_id)`,
  ).run({ member: tenant.memberId, ids });
  prepare(
    db,
    `INSERT OR IGNORE INTO ${WAF_BINDINGS} (member_id, rule_set_id, domain_id, created_at)
       SELECT member_id, rule_set_id, domain_id, @now FROM security_effective_rule_sets
        WHERE member_id = @member AND domain_id IN (SELECT value FROM json_each(@ids))`,
  ).run({ member: tenant.memberId, ids, now });
}

/** Businesses of the account whose cloud WAF card quotes a rule set (enabled or not): it counts as bound. */
export function businessesQuoting(tenant: Scope, ruleSetId: number): number {
  return tenant.count(CARDS, {
    where: "card = 'cloud_waf' AND EXISTS (SELECT 1 FROM json_each(security_cards.value, '$.rule_set_ids') j WHERE j.value = @set)",
    params: { set: ruleSetId },
  });
}

/**
 * The WAF rule set list's quote (`waf.ruleset.quote`) expressed through the policies, so bindings keep one source:
 * each domain gaining or losing the set has it added to or removed from its own cloud WAF card. A domain following the
 * global policy or a template first becomes domain-specific with a copy of that policy (rules §4 "Switching to
 * domain-specific copies the current configuration and unlinks it"): changing the shared policy would change every
 * other domain following it. Runs inside the caller's transaction; ends by materialising the bindings.
 */
export function setRuleSetDomains(db: Db, tenant: Scope, ruleSetId: number, wanted: readonly number[], now: number): void {
  const current = new Set(
    tenant.all<{ domain_id: number }>(WAF_BINDINGS, { columns: 'domain_id', where: 'rule_set_id = @id', params: { id: ruleSetId } }).map((row) => row.domain_id),
  );
  const target = new Set(wanted);
  const touched = [...new Set([...current, ...target])].filter((id) => current.has(id) !== target.has(id));
  for (const domainId of touched) {
    if (methodOf(tenant, domainId).source !== 'domain') {
      const from = effectiveBusiness(tenant, domainId, now);
      const own = domainBusiness(tenant, domainId, now);
      copyCards(tenant, from.id, own.id, now);
      setMethod(tenant, domainId, 'domain', null, now);
    }
    const own = domainBusiness(tenant, domainId, now);
    const card = loadCards(tenant, own.id).get('cloud_waf')! as StoredCard<'cloud_waf'>;
    const sets = card.value.rule_set_ids.filter((id) => id !== ruleSetId);
    const value = target.has(domainId) ? { ...card.value, enabled: true, rule_set_ids: [...sets, ruleSetId] } : { ...card.value, rule_set_ids: sets };
    storeCard(tenant, own.id, 'cloud_waf', value, card.revision, now);
  }
  materialiseBindings(db, tenant, touched, now);
}
