/**
 * Websites and templates (rules §5 Websites and templates; rules §9 "Batch domains (websites), batch delete 500 per
 * submission", "Domain length 255").
 */
import { validateGroupName } from './accounts.js';
import { validateBatch, type BatchResult } from './batch.js';
import { charLength, isBlank, validateIntegerRange, validateLength, type Bounds } from './common.js';
import { normalizeDomain, validateDomain } from './domain.js';
import { validateOrigins, validateOriginTimeout, type OriginInput } from './origin.js';
import { issue, onField, type FieldIssue, type RuleIssue } from './types.js';

/** Domains per add or batch submission, and per batch delete (rules §5 Websites, rules §9: 500). */
export const WEBSITE_BATCH_MAX = 500;
/** Rows the website picker shows by default (rules §5 Websites: 500). */
export const WEBSITE_PICKER_ROWS = 500;
/**
 * Domain remark length. The spec reads "4-32 characters" for the domain remark and "at most 64" for the add-website
 * note (rules §5 Websites); this takes the stricter 4-32 for both, so a remark accepted by one form is accepted by
 * the other.
 */
export const WEBSITE_REMARK_LENGTH: Bounds = { min: 4, max: 32 };
/** Security template name length (rules §5 Websites and templates: 4-32). */
export const TEMPLATE_NAME_LENGTH: Bounds = { min: 4, max: 32 };
/** Security template remark length (rules §5 Websites and templates: 4-128). */
export const TEMPLATE_REMARK_LENGTH: Bounds = { min: 4, max: 128 };
/** Configuration template name length (rules §5 Websites and templates: at most 30). */
export const CONFIG_TEMPLATE_NAME_MAX_LENGTH = 30;

/**
 * One website domain: format, length at most 255, wildcards allowed (`*.example.com` is a website the WAF's domain
 * match type exists for, rules §5 Match rules).
 */
export function validateWebsiteDomain(value: string | null | undefined): RuleIssue | null {
  return validateDomain(value, { wildcard: true });
}

/**
 * Domains of an add or batch-add submission, one per line: each a website domain, at most 500, no duplicates
 * (rules §5 Websites: "Please check the duplicate domain", "Exceeded the maximum number of submissions at once").
 */
export function validateWebsiteDomains(input: string | readonly string[]): BatchResult {
  const result = validateBatch(input, {
    rule: validateWebsiteDomain,
    identity: normalizeDomain,
    limit: { max: WEBSITE_BATCH_MAX, key: 'websites.too-many-domains' },
  });
  // Unlike purge, a website submission refuses duplicates instead of ignoring them.
  if (result.issue === null && result.summary.duplicate > 0) {
    return { ...result, issue: issue('websites.duplicate-domain') };
  }
  return result;
}

/** Domains picked for a batch delete: at least one, at most 500 (rules §9). */
export function validateWebsiteBatchDelete(domainIds: readonly unknown[]): RuleIssue | null {
  if (domainIds.length === 0) return issue('websites.select-domain');
  return domainIds.length > WEBSITE_BATCH_MAX ? issue('websites.too-many-domains', { max: WEBSITE_BATCH_MAX }) : null;
}

/** Domain remark: optional; when given, 4-32 characters (rules §5 Websites, stricter reading). */
export function validateWebsiteRemark(value: string | null | undefined): RuleIssue | null {
  if (isBlank(value)) return null;
  return validateLength(value!, WEBSITE_REMARK_LENGTH);
}

/** A template must be chosen (rules §5 Websites and templates). */
export function validateTemplateChosen(templateId: string | number | null | undefined): RuleIssue | null {
  return templateId === null || templateId === undefined || templateId === '' ? issue('websites.template-required') : null;
}

/** Security template name: required, 4-32 characters (rules §5 Websites and templates). */
export function validateTemplateName(value: string | null | undefined): RuleIssue | null {
  if (isBlank(value)) return issue('common.required');
  return validateLength(value!, TEMPLATE_NAME_LENGTH);
}

/** Security template remark: optional; when given, 4-128 characters (rules §5 Websites and templates). */
export function validateTemplateRemark(value: string | null | undefined): RuleIssue | null {
  if (isBlank(value)) return null;
  return validateLength(value!, TEMPLATE_REMARK_LENGTH);
}

/** Configuration template name: required, at most 30 characters (rules §5 Websites and templates). */
export function validateConfigTemplateName(value: string | null | undefined): RuleIssue | null {
  if (isBlank(value)) return issue('common.required');
  return charLength(value!.trim()) > CONFIG_TEMPLATE_NAME_MAX_LENGTH
    ? issue('common.too-long', { max: CONFIG_TEMPLATE_NAME_MAX_LENGTH })
    : null;
}

/** The add-website form. */
export interface WebsiteInput {
  /** Domains, one per line or as a list. */
  domains: string | readonly string[];
  /** The template the sites start from. */
  templateId: string | number | null;
  /** Optional remark. */
  remark?: string;
}

/**
 * Checks the add-website form (rules §5 Websites). A problem with the domain list as a whole lands on `domains`;
 * a bad line lands on `domains.<line>` (1-based) so the form can point at it.
 */
export function validateWebsite(input: WebsiteInput): FieldIssue[] {
  const domains = validateWebsiteDomains(input.domains);
  const issues = [...onField('domains', domains.issue)];
  for (const line of domains.lines) {
    if (line.status === 'invalid' && line.issue) issues.push(...onField(`domains.${line.line}`, line.issue));
  }
  issues.push(...onField('templateId', validateTemplateChosen(input.templateId)));
  issues.push(...onField('remark', validateWebsiteRemark(input.remark)));
  return issues;
}

/** A site picked for batch configuration, with what decides whether it may be configured. */
export interface BatchConfigSite {
  /** The site's domain, named in the message when it is refused. */
  domain: string;
  /** Whether the site passed approval. */
  approved: boolean;
  /** Whether the site has an origin. */
  hasOrigin: boolean;
}

/**
 * Batch configuration (rules §5 Websites and templates): at least one configuration item, at least one site, and no
 * site that is unapproved or has no origin ("Cannot perform batch configuration", rules §8).
 */
export function validateBatchConfiguration(configurations: readonly string[], sites: readonly BatchConfigSite[]): FieldIssue[] {
  const issues = [...onField('configurations', configurations.length === 0 ? issue('websites.batch-config-required') : null)];
  if (sites.length === 0) return [...issues, ...onField('sites', issue('websites.select-domain'))];
  const refused = sites.filter((site) => validateBatchConfigSite(site) !== null);
  if (refused.length > 0) {
    issues.push(...onField('sites', issue('websites.batch-config-refused', { domains: refused.map((site) => site.domain).join(', ') })));
  }
  return issues;
}

/**
 * One site of a batch configuration (rules §5 Websites and templates, rules §8 "Cannot perform batch configuration
 * (failed approval or origin returned)"): refused when unapproved or without an origin. The per-row form of
 * {@link validateBatchConfiguration}, for previews and the server's per-site answer.
 */
export function validateBatchConfigSite(site: Pick<BatchConfigSite, 'approved' | 'hasOrigin'>): RuleIssue | null {
  return site.approved && site.hasOrigin ? null : issue('websites.cannot-batch-configure');
}

/** A domain the account already has is not added twice ("This website has already been added"). */
export function validateNewWebsiteDomain(alreadyAdded: boolean): RuleIssue | null {
  return alreadyAdded ? issue('websites.domain-exists') : null;
}

/**
 * Approval (rules §4 "approval failed (with reason)"): a domain another account already serves fails review with rules
 * §8 "Current input domain invalid or already bound".
 */
export function validateDomainOwnership(boundElsewhere: boolean): RuleIssue | null {
  return boundElsewhere ? issue('websites.domain-bound-elsewhere') : null;
}

/**
 * The plan's domain quota (shell §3 `domain_usage` used/total): adding `adding` more to `used` may not pass `total`.
 * `available` in the message is what is left before this submission.
 */
export function validateDomainQuota(used: number, adding: number, total: number): RuleIssue | null {
  return used + adding > total ? issue('websites.quota-exceeded', { max: total, available: Math.max(0, total - used) }) : null;
}

/** What decides whether a site may be deleted. */
export interface DeletableSite {
  /** The TCP security acceleration package the site is bound to; empty when none. */
  tcpPackage: string;
}

/**
 * Delete (rules §8): a site the caller cannot find is "Domain information not found"; a site bound to a TCP package is
 * refused with "Please unbind the TCP security acceleration package before deleting the domain".
 */
export function validateWebsiteDeletable(site: DeletableSite | undefined): RuleIssue | null {
  if (!site) return issue('websites.not-found');
  return site.tcpPackage.trim() === '' ? null : issue('websites.tcp-bound');
}

/**
 * Suspend and enable (rules §4, shell §4 "a disabled domain goes offline; visitors receive 503"): only a site that
 * passed approval can be suspended, and only a suspended one enabled.
 */
export function validateStatusChange(status: string, action: 'suspend' | 'enable'): RuleIssue | null {
  if (action === 'enable') return status === 'suspended' ? null : issue('websites.cannot-enable');
  return status === 'suspended' || status === 'pending_approval' || status === 'approval_failed' ? issue('websites.cannot-suspend') : null;
}

/** Origin weight (rules §3 "weight"): a whole number 1-100; the spec gives no range, so a percentage share. */
export const ORIGIN_WEIGHT_RANGE: Bounds = { min: 1, max: 100 };
/** The weight a new origin row starts with. */
export const ORIGIN_WEIGHT_DEFAULT = 10;

/** A website origin as the add-domain wizard edits it: an origin with its weight. */
export interface WeightedOriginInput extends OriginInput {
  /** 1-100. */
  weight: number | string;
}

/**
 * A website's origins (rules §5 Origin and performance, rules §3 "Origin"): at least one primary line, valid
 * addresses and ports, no address and port twice, and each weight 1-100. Issues are on `origins` and
 * `origins.<i>.<field>`.
 */
export function validateWebsiteOrigins(origins: readonly WeightedOriginInput[]): FieldIssue[] {
  const issues = validateOrigins(origins);
  origins.forEach((origin, index) => {
    const found = validateIntegerRange(origin.weight, ORIGIN_WEIGHT_RANGE, 'websites.weight-range');
    issues.push(...onField(`origins.${index}.weight`, found));
  });
  return issues;
}

/** What the plan allows, for the plan-gated parts of a website form (rules §6 package gating). */
export interface WebsitePlanContext {
  /** The plan action `domain_add`. */
  addAllowed: boolean;
  /** The plan action `https` and package option `https`. */
  httpsAllowed: boolean;
  /** The plan action `websocket`. */
  websocketAllowed: boolean;
}

/** Adding websites needs the plan action; HTTPS only where the plan allows it. Issues on `domains` and `https`. */
export function validateWebsitePlan(input: { https: boolean }, plan: WebsitePlanContext): FieldIssue[] {
  return [
    ...onField('domains', plan.addAllowed ? null : issue('websites.add-not-in-plan')),
    ...onField('https', input.https && !plan.httpsAllowed ? issue('websites.https-not-in-plan') : null),
  ];
}

/** The configuration items batch setting changes; each is optional, at least one must be given (rules §5). */
export interface WebsiteSettingsInput {
  page_gzip?: unknown;
  Webp?: unknown;
  websocket?: unknown;
  origin_timeout?: unknown;
}

const SWITCHES = ['page_gzip', 'Webp', 'websocket'] as const;

/**
 * Batch setting values (rules §5 "at least one configuration"; shell §3 switch on/off; origin timeout 1-300 s; WebSocket
 * only where the plan allows it). Issues are on `settings` and `settings.<item>`.
 */
export function validateWebsiteSettings(settings: WebsiteSettingsInput, plan: Pick<WebsitePlanContext, 'websocketAllowed'>): FieldIssue[] {
  const given = Object.entries(settings).filter(([, value]) => value !== undefined);
  if (given.length === 0) return onField('settings', issue('websites.batch-config-required'));
  const issues: FieldIssue[] = [];
  for (const name of SWITCHES) {
    const value = settings[name];
    if (value === undefined) continue;
    issues.push(...onField(`settings.${name}`, value === 'on' || value === 'off' ? null : issue('websites.switch-value')));
  }
  if (settings.websocket === 'on' && !plan.websocketAllowed) issues.push(...onField('settings.websocket', issue('websites.websocket-not-in-plan')));
  if (settings.origin_timeout !== undefined) {
    const timeout = settings.origin_timeout;
    issues.push(...onField('settings.origin_timeout', validateOriginTimeout(typeof timeout === 'number' || typeof timeout === 'string' ? timeout : null)));
  }
  return issues;
}

/**
 * A website group (rules §3: group name, remark): the name as every group name, 1-40 characters and not empty
 * (rules §5 Accounts and groups); the optional remark as a website remark, 4-32 characters.
 */
export function validateWebsiteGroup(input: { name: string | null | undefined; remark?: string | null }): FieldIssue[] {
  return [...onField('name', validateGroupName(input.name)), ...onField('remark', validateWebsiteRemark(input.remark))];
}

/** Website group names are unique in an account ("A group with this name already exists"). */
export function validateNewGroupName(taken: boolean): RuleIssue | null {
  return taken ? issue('websites.group-exists') : null;
}
