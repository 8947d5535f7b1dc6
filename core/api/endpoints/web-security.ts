/**
 * Web security policy (issue 22; shell §3 "Business (v5): business_id", shell §7 `/v5/security/security_protection/
 * ddos/configs` and `/waf/rules` GET/PUT; rules §3 "Security template", rules §4 "Configuration method"): the
 * protection cards of one business, and the businesses they belong to.
 *
 * A business is one owner of a security policy: the account's global policy, a security template, or one domain's
 * own (domain-specific) policy. Its `business_id` is what the shell §2 routes carry (`template-strategy-manage/
 * :businessId/:businessName`, `domain-strategy-manage/...`, `global-domain-manager/:businessId`, `waf-rule/
 * :businessId`) and what the `/v5` calls take. The spec shows only the `/v5` calls; the others (templates, binding,
 * batch configuration, the business of a domain) follow shell §7's `V4/` style and are listed below as they land.
 */
import type { ApiClient, CallOptions } from '../client.js';
import type { ListAnswer, PlanAction } from './platform.js';
import type { WebsiteStatus } from './websites.js';
import type { RuleIssue } from '../../rules/types.js';
import type { SecurityCardName, SecurityCardPath, SecurityCardValues } from '../../security/cards.js';

/** Whose policy a business is. */
export type SecurityBusinessKind = 'global' | 'template' | 'domain';

/** One business (shell §3 "Business (v5)"). */
export interface SecurityBusiness {
  business_id: number;
  kind: SecurityBusinessKind;
  /** The template's name, the domain, or the policy's label for `global`. */
  name: string;
  /** Set for `template`. */
  template_id: number | null;
  /** Set for `domain`. */
  domain_id: number | null;
  /** Whether the caller may save its cards (rules §6: grants; globally synchronised strategies are view-only). */
  editable: boolean;
}

/** One card as a `/v5` GET answers it. */
export interface SecurityCardState<V> {
  value: V;
  /** Changes with every save; a save names the revision it started from (CONFLICT_CODE otherwise). */
  revision: number;
  /** Whether the caller may save this card: the business is editable and the plan allows it. */
  editable: boolean;
  /** The plan action the card needs and the account lacks (shell §8 prompt); null when allowed. */
  locked_by: PlanAction | null;
}

/** The cards of one `/v5` path, by name. */
export type SecurityCardStates = { [N in SecurityCardName]?: SecurityCardState<SecurityCardValues[N]> };

/** The answer of a `/v5` GET: the business and its cards on that path. */
export interface SecurityCardsAnswer {
  business: SecurityBusiness;
  cards: SecurityCardStates;
}

/** A card as a `/v5` PUT takes it. */
export interface SecurityCardSave<V> {
  revision: number;
  value: V;
}

/** Body of a `/v5` PUT: `business_id` plus the cards to save (only cards of that path). */
export type SecurityCardsSaveRequest = { business_id: number } & { [N in SecurityCardName]?: SecurityCardSave<SecurityCardValues[N]> };

/** Shell §7's two paths, without the API base. */
export const SECURITY_V5_PATHS: Readonly<Record<SecurityCardPath, string>> = {
  ddos: 'v5/security/security_protection/ddos/configs',
  waf: 'v5/security/security_protection/waf/rules',
};

/** Reads the cards one path holds for a business. */
export function getSecurityCards(client: ApiClient, path: SecurityCardPath, businessId: number, options?: CallOptions): Promise<SecurityCardsAnswer> {
  return client.get(SECURITY_V5_PATHS[path], { business_id: businessId }, options);
}

/** Saves cards of one path; answers them as read. Every domain following the business gets the change. */
export function saveSecurityCards(client: ApiClient, path: SecurityCardPath, body: SecurityCardsSaveRequest, options?: CallOptions): Promise<SecurityCardsAnswer> {
  return client.put(SECURITY_V5_PATHS[path], body, options);
}

/** Where a domain's security policy comes from (rules §4 "Configuration method"), as the domain's business says. */
export interface SecurityMethod {
  source: SecurityBusinessKind;
  template_id: number | null;
  template_name: string;
}

/** Answer of `V4/web.security.business.get`: a business, and for a domain the method and the business in force. */
export interface SecurityBusinessAnswer {
  /** The business asked for (for `domain_id`: the domain's own business, created on first use). */
  business: SecurityBusiness;
  /** For a domain: its method, and the business whose cards are in force (the global policy's, a template's or its own). */
  method: SecurityMethod | null;
  effective: SecurityBusiness | null;
}

/** Reads a business by its id, or a domain's (its method and the business in force: what the request trace reads). */
export function getSecurityBusiness(client: ApiClient, query: { business_id: number } | { domain_id: number }, options?: CallOptions): Promise<SecurityBusinessAnswer> {
  return client.get('V4/web.security.business.get', query, options);
}

/** Reads the account's global policy business (created on first use, so its id is not known before). */
export function getGlobalSecurityBusiness(client: ApiClient, options?: CallOptions): Promise<SecurityBusinessAnswer> {
  return client.get('V4/web.security.business.get', { global: 1 }, options);
}

// ── Security templates (rules §3 "Security template: name, remark, bound domain count, creation time, binding time") ──

/** One security template. */
export interface SecurityTemplate {
  id: number;
  name: string;
  remark: string;
  /** The template's business: what its strategy page and the `/v5` calls take. */
  business_id: number;
  bound_count: number;
  created_at: string;
  /** When a domain was last bound to it; empty when none ever was. */
  bound_at: string;
}

/** Answer of the template list: `editable` says whether the caller may create, change and delete templates. */
export interface SecurityTemplateListAnswer extends ListAnswer<SecurityTemplate> {
  editable: boolean;
}

export function listSecurityTemplates(client: ApiClient, query: { page: number; per_page: number; name?: string }, options?: CallOptions): Promise<SecurityTemplateListAnswer> {
  return client.get('V4/web.security.template.list', query, options);
}

export function getSecurityTemplate(client: ApiClient, templateId: number, options?: CallOptions): Promise<SecurityTemplate> {
  return client.get('V4/web.security.template.get', { template_id: templateId }, options);
}

/** Name 4-32, remark 4-128 or empty (rules §5). */
export interface SecurityTemplateFields {
  name: string;
  remark: string;
}

export function createSecurityTemplate(client: ApiClient, body: SecurityTemplateFields, options?: CallOptions): Promise<SecurityTemplate> {
  return client.post('V4/web.security.template.create', body, options);
}

export function updateSecurityTemplate(client: ApiClient, body: SecurityTemplateFields & { template_id: number }, options?: CallOptions): Promise<SecurityTemplate> {
  return client.post('V4/web.security.template.update', body, options);
}

/** Deletes a template no domain is bound to (a bound one is refused: the user unbinds first, choosing copy or switch). */
export function deleteSecurityTemplate(client: ApiClient, templateId: number, options?: CallOptions): Promise<{ deleted: number }> {
  return client.post('V4/web.security.template.delete', { template_id: templateId }, options);
}

// ── Domains and their methods (rules §4 "Configuration method") ──────────────────────────────────────────────────

/** A domain as the policy views list it. */
export interface SecurityDomain {
  domain_id: number;
  domain: string;
  status: WebsiteStatus;
  method: SecurityMethod;
  /** The domain's own business, when it has one (domain-specific now or before). */
  business_id: number | null;
  /** When its current method was set; empty for a domain never configured (on the global policy since added). */
  bound_at: string;
  /** Whether the caller may change this domain's method and own policy. */
  editable: boolean;
}

/** Domains of one method (`template` with `template_id` for one template's), searched by name. */
export function listSecurityDomains(
  client: ApiClient,
  query: { source: SecurityBusinessKind; template_id?: number; name?: string; page: number; per_page: number },
  options?: CallOptions,
): Promise<ListAnswer<SecurityDomain>> {
  return client.get('V4/web.security.domain.list', query, options);
}

/** A per-domain outcome of bind, unbind and batch configuration. */
export interface SecurityDomainOutcome {
  domain_id: number;
  domain: string;
  ok: boolean;
  reason?: RuleIssue;
}

export interface SecurityBatchAnswer {
  results: SecurityDomainOutcome[];
  succeeded: number;
  failed: number;
}

/** Binds domains to a template (a domain on another template switches to this one). */
export function bindSecurityTemplate(client: ApiClient, body: { template_id: number; domain_ids: number[] }, options?: CallOptions): Promise<SecurityBatchAnswer> {
  return client.post('V4/web.security.template.bind', body, options);
}

/** Rules §4: "Unbinding a template copies its configuration to the domain, or switches to global policy or another template". */
export type SecurityUnbindChoice = { unbind: 'copy' } | { unbind: 'switch'; to: 'global' } | { unbind: 'switch'; to: 'template'; to_template_id: number };

export function unbindSecurityTemplate(client: ApiClient, body: { template_id: number; domain_ids: number[] } & SecurityUnbindChoice, options?: CallOptions): Promise<SecurityBatchAnswer> {
  return client.post('V4/web.security.template.unbind', body, options);
}

/** Rules §4: "Switching to domain-specific copies the current configuration and unlinks it". Answers the domain's business as read. */
export function changeSecurityMethod(
  client: ApiClient,
  body: { domain_id: number; source: SecurityBusinessKind; template_id?: number },
  options?: CallOptions,
): Promise<SecurityBusinessAnswer> {
  return client.post('V4/web.security.method.change', body, options);
}

/**
 * Batch configuration (rules §5 "Batch configuration needs at least one configuration and a website selection; sites
 * that are unapproved or have no origin cannot be batch configured"): the chosen cards are written to each domain's
 * own policy (copied from the one in force first), and each domain is domain-specific afterwards.
 */
export function batchConfigureSecurity(
  client: ApiClient,
  body: { domain_ids: number[]; cards: { [N in SecurityCardName]?: SecurityCardValues[N] } },
  options?: CallOptions,
): Promise<SecurityBatchAnswer> {
  return client.post('V4/web.security.batch.config', body, options);
}
