/**
 * Websites and templates (rules §5 Websites and templates; rules §9 "Batch domains (websites), batch delete 500 per
 * submission", "Domain length 255").
 */
import { validateBatch, type BatchResult } from './batch.js';
import { charLength, isBlank, validateLength, type Bounds } from './common.js';
import { normalizeDomain, validateDomain } from './domain.js';
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
  const refused = sites.filter((site) => !site.approved || !site.hasOrigin);
  if (refused.length > 0) {
    issues.push(...onField('sites', issue('websites.batch-config-refused', { domains: refused.map((site) => site.domain).join(', ') })));
  }
  return issues;
}
