/**
 * Acceleration policy (issue 21; rules §3 "Security template", "Configuration template"; rules §4 "Configuration
 * method"; rules §5 "Websites and templates"; rules §6 package gating): the account's global acceleration policy, its
 * acceleration templates with their bound domains, and configuration templates applied through batch setting. The
 * spec shows none of these calls; they follow shell §7's style:
 *
 * - `GET V4/web.acceleration.set.get?target=global|template&template_id=&group=a,b` and
 *   `PUT V4/web.acceleration.set.save {target, template_id?, group}`: the groups of the global policy or of a template,
 *   read and saved like a domain's (`V4/web.domain.set.get`/`save`: the same group shapes, revisions and messages).
 * - `V4/web.acceleration.template.{list,get,create,update,copy,delete,domains,bind,unbind}`.
 * - `V4/web.config.template.{list,get,create,update,copy,delete,apply}`; `apply` with `dry_run` answers the preview.
 */
import type { ApiClient, CallOptions, QueryParams } from '../client.js';
import type { RuleIssue } from '../../rules/types.js';
import type { SettingsGroupName, SettingsGroupSave, SettingsGroupState } from '../../settings/catalogue.js';
import type { ListAnswer, PageQuery } from './platform.js';
import type { WebsiteSelection, WebsiteStatus } from './websites.js';

/** Whose groups a settings call names: the account's global policy or one of its acceleration templates. */
export type PolicyTarget = { target: 'global' } | { target: 'template'; template_id: number };

/** Groups as `V4/web.acceleration.set.get` answers them (`source` is the target's kind, `global` or `template`). */
export type PolicyGroups = Partial<Record<SettingsGroupName, SettingsGroupState<unknown>>>;

/** Reads groups of the global policy or a template. */
export function getPolicyGroups(client: ApiClient, target: PolicyTarget, groups: readonly SettingsGroupName[], options?: CallOptions): Promise<PolicyGroups> {
  return client.get('V4/web.acceleration.set.get', { ...target, group: groups.join(',') } as QueryParams, options);
}

/** Body of `V4/web.acceleration.set.save`. */
export type PolicySaveRequest = PolicyTarget & { group: Partial<Record<SettingsGroupName, SettingsGroupSave<unknown>>> };

/** Saves groups of the global policy or a template; answers them as read. Every domain following it is redeployed. */
export function savePolicyGroups(client: ApiClient, body: PolicySaveRequest, options?: CallOptions): Promise<PolicyGroups> {
  return client.put('V4/web.acceleration.set.save', body, options);
}

// ── Acceleration templates ───────────────────────────────────────────────────────────────────────────────────────

/** One acceleration template (rules §3 "Security template: name, remark, bound domain count, creation time"). */
export interface AccelerationTemplate {
  id: number;
  /** 4-32 characters (rules §5). */
  name: string;
  /** Empty, or 4-128 characters (rules §5). */
  remark: string;
  /** Domains whose configuration method is this template. */
  bound_count: number;
  /** ISO 8601. */
  created_at: string;
  updated_at: string;
}

/** Query of the template list; `name` filters by substring. */
export interface AccelerationTemplateQuery extends PageQuery {
  name?: string;
}

/** A template list, with whether the caller may change templates (rules §6: manage access over all domains). */
export type TemplateListAnswer<T> = ListAnswer<T> & { editable: boolean };

/** Lists the account's acceleration templates. */
export function listAccelerationTemplates(client: ApiClient, query: AccelerationTemplateQuery = {}, options?: CallOptions): Promise<TemplateListAnswer<AccelerationTemplate>> {
  return client.get('V4/web.acceleration.template.list', { ...query } as QueryParams, options);
}

/** One template. */
export function getAccelerationTemplate(client: ApiClient, templateId: number, options?: CallOptions): Promise<AccelerationTemplate> {
  return client.get('V4/web.acceleration.template.get', { template_id: templateId }, options);
}

/** Name and remark of a template. */
export interface TemplateFields {
  name: string;
  remark: string;
}

/** Creates a template (its groups start at their defaults). */
export function createAccelerationTemplate(client: ApiClient, body: TemplateFields, options?: CallOptions): Promise<AccelerationTemplate> {
  return client.post('V4/web.acceleration.template.create', body, options);
}

/** Renames a template or changes its remark. */
export function updateAccelerationTemplate(client: ApiClient, body: TemplateFields & { template_id: number }, options?: CallOptions): Promise<AccelerationTemplate> {
  return client.post('V4/web.acceleration.template.update', body, options);
}

/** Copies a template's groups under a new name; needs the `template_copy` plan action (rules §6: flagship or above). */
export function copyAccelerationTemplate(client: ApiClient, body: TemplateFields & { template_id: number }, options?: CallOptions): Promise<AccelerationTemplate> {
  return client.post('V4/web.acceleration.template.copy', body, options);
}

/** Deletes a template; refused while domains are bound to it. */
export function deleteAccelerationTemplate(client: ApiClient, templateId: number, options?: CallOptions): Promise<{ deleted: number }> {
  return client.post('V4/web.acceleration.template.delete', { template_id: templateId }, options);
}

/** A domain bound to a template. */
export interface BoundDomain {
  domain_id: number;
  domain: string;
  status: WebsiteStatus;
  /** Whether the caller may unbind it (a manage grant, rules §6). */
  editable: boolean;
}

/** The domains bound to a template. */
export function listBoundDomains(client: ApiClient, templateId: number, query: PageQuery = {}, options?: CallOptions): Promise<ListAnswer<BoundDomain>> {
  return client.get('V4/web.acceleration.template.domains', { ...query, template_id: templateId } as QueryParams, options);
}

/** One domain's outcome of a bind or unbind. */
export interface BindOutcome {
  domain_id: number;
  domain: string;
  ok: boolean;
  reason?: RuleIssue;
}

/** Answer of bind and unbind. */
export interface BindAnswer {
  results: BindOutcome[];
  succeeded: number;
  failed: number;
}

/** Binds domains to a template (rules §4: a domain on another template switches to this one). */
export function bindTemplateDomains(client: ApiClient, body: { template_id: number; domain_ids: number[] }, options?: CallOptions): Promise<BindAnswer> {
  return client.post('V4/web.acceleration.template.bind', body, options);
}

/**
 * Body of unbind (rules §4 "Unbinding a template copies its configuration to the domain, or switches to global policy
 * or another template"): `copy` makes the template's values the domains' own; `switch` moves them to `to`.
 */
export interface UnbindRequest {
  template_id: number;
  domain_ids: number[];
  unbind: 'copy' | 'switch';
  /** With `switch`: the global policy, or another template (`to_template_id`). */
  to?: 'global' | 'template';
  to_template_id?: number;
}

/** Unbinds domains from a template. */
export function unbindTemplateDomains(client: ApiClient, body: UnbindRequest, options?: CallOptions): Promise<BindAnswer> {
  return client.post('V4/web.acceleration.template.unbind', body, options);
}

// ── Configuration templates (old layout `configTemplates`) ───────────────────────────────────────────────────────

/** A configuration template (rules §3 "Configuration template: name, remark, configuration items"). */
export interface ConfigTemplate {
  id: number;
  /** At most 30 characters (rules §5). */
  name: string;
  remark: string;
  /** The configuration items: a value for each chosen group. */
  items: Partial<Record<SettingsGroupName, unknown>>;
  created_at: string;
  updated_at: string;
}

/** Lists configuration templates. */
export function listConfigTemplates(client: ApiClient, query: AccelerationTemplateQuery = {}, options?: CallOptions): Promise<TemplateListAnswer<ConfigTemplate>> {
  return client.get('V4/web.config.template.list', { ...query } as QueryParams, options);
}

/** One configuration template. */
export function getConfigTemplate(client: ApiClient, templateId: number, options?: CallOptions): Promise<ConfigTemplate> {
  return client.get('V4/web.config.template.get', { template_id: templateId }, options);
}

/** Body of create and update. */
export interface ConfigTemplateInput {
  name: string;
  remark: string;
  items: Partial<Record<SettingsGroupName, unknown>>;
}

/** Creates a configuration template. */
export function createConfigTemplate(client: ApiClient, body: ConfigTemplateInput, options?: CallOptions): Promise<ConfigTemplate> {
  return client.post('V4/web.config.template.create', body, options);
}

/** Changes a configuration template. */
export function updateConfigTemplate(client: ApiClient, body: ConfigTemplateInput & { template_id: number }, options?: CallOptions): Promise<ConfigTemplate> {
  return client.post('V4/web.config.template.update', body, options);
}

/** Copies a configuration template (rules §6: flagship or above). */
export function copyConfigTemplate(client: ApiClient, body: { template_id: number; name: string }, options?: CallOptions): Promise<ConfigTemplate> {
  return client.post('V4/web.config.template.copy', body, options);
}

/** Deletes a configuration template. */
export function deleteConfigTemplate(client: ApiClient, templateId: number, options?: CallOptions): Promise<{ deleted: number }> {
  return client.post('V4/web.config.template.delete', { template_id: templateId }, options);
}

/** One group's change on one site in a preview. */
export interface ItemChange {
  group: SettingsGroupName;
  before: unknown;
  after: unknown;
}

/** One site's outcome of an apply (in a dry run, its preview). */
export interface ApplyOutcome {
  domain: string;
  id: number | null;
  ok: boolean;
  reason?: RuleIssue;
  /** The groups whose value changes (empty: the site already has them). */
  changes: ItemChange[];
}

/** Body of `V4/web.config.template.apply`. */
export interface ConfigTemplateApplyRequest {
  template_id: number;
  /** Some of the template's items (all when omitted). */
  items?: SettingsGroupName[];
  selection: WebsiteSelection;
  dry_run?: boolean;
}

/** Answer of an apply: each site's outcome, the counts, and the job issuing the changed sites. */
export interface ConfigTemplateApplyAnswer {
  results: ApplyOutcome[];
  succeeded: number;
  failed: number;
  job_id: number | null;
}

/** Batch setting by configuration template (rules §5): preview with `dry_run`, then submit. */
export function applyConfigTemplate(client: ApiClient, body: ConfigTemplateApplyRequest, options?: CallOptions): Promise<ConfigTemplateApplyAnswer> {
  return client.post('V4/web.config.template.apply', body, options);
}
