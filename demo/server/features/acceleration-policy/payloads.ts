/**
 * Request bodies of the acceleration policy area, read with the shared rules of core/rules/websites.ts (rules §5
 * "Template name 4-32 characters, template remark 4-128. Configuration template name at most 30").
 */
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import { isPolicyGroup } from '../../../../core/settings/policy.js';
import type { SettingsGroupName } from '../../../../core/settings/catalogue.js';
import { issue, onField } from '../../../../core/rules/types.js';
import { validateConfigTemplateName, validateTemplateName, validateTemplateRemark, WEBSITE_BATCH_MAX } from '../../../../core/rules/websites.js';
import { asRecord, positiveId, readIds } from '../../platform/http/readers.js';

/** The owner a settings call names. */
export type TargetInput = { kind: 'global' } | { kind: 'template'; id: number };

/** Reads `target` (and `template_id` for a template). */
export function readTarget(source: Record<string, unknown>): { value: TargetInput; issues: FieldIssue[] } {
  if (source.target === 'global') return { value: { kind: 'global' }, issues: [] };
  if (source.target !== 'template') return { value: { kind: 'global' }, issues: onField('target', issue('common.format-error')) };
  const id = positiveId(source.template_id);
  return id === null ? { value: { kind: 'global' }, issues: onField('template_id', issue('common.positive-integer')) } : { value: { kind: 'template', id }, issues: [] };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Name and remark of an acceleration template. */
export function readTemplateFields(body: unknown): { value: { name: string; remark: string }; issues: FieldIssue[] } {
  const source = asRecord(body);
  const value = { name: text(source.name), remark: text(source.remark) };
  return { value, issues: [...onField('name', validateTemplateName(value.name)), ...onField('remark', validateTemplateRemark(value.remark))] };
}

/** Reads a template id field. */
export function readTemplateId(source: Record<string, unknown>): { id: number | null; issues: FieldIssue[] } {
  const id = positiveId(source.template_id);
  return { id, issues: onField('template_id', id === null ? issue('common.positive-integer') : null) };
}

/** Domain ids of a bind or unbind: at least one, at most 500 (rules §9 batch websites). */
export function readDomainIds(source: Record<string, unknown>): { ids: number[]; issues: FieldIssue[] } {
  if (!Array.isArray(source.domain_ids) || source.domain_ids.length === 0) return { ids: [], issues: onField('domain_ids', issue('websites.select-domain')) };
  const { ids, issues } = readIds(source.domain_ids, 'domain_ids', WEBSITE_BATCH_MAX);
  return { ids: [...new Set(ids)], issues };
}

/** An unbind choice (rules §4). */
export interface UnbindInput {
  unbind: 'copy' | 'switch';
  to: 'global' | 'template';
  toTemplateId: number | null;
}

/** Reads the unbind choice: `copy`, or `switch` to the global policy or another template. */
export function readUnbind(source: Record<string, unknown>): { value: UnbindInput; issues: FieldIssue[] } {
  const unbind = source.unbind === 'copy' || source.unbind === 'switch' ? source.unbind : null;
  const to = source.to === 'template' ? 'template' : 'global';
  const toTemplateId = positiveId(source.to_template_id);
  const issues: FieldIssue[] = [];
  if (unbind === null) issues.push(...onField('unbind', issue('config-method.unbind')));
  if (unbind === 'switch' && source.to !== 'global' && source.to !== 'template') issues.push(...onField('to', issue('config-method.unbind')));
  if (unbind === 'switch' && to === 'template' && toTemplateId === null) issues.push(...onField('to_template_id', issue('websites.template-required')));
  return { value: { unbind: unbind ?? 'copy', to, toTemplateId }, issues };
}

/** A configuration template as posted: name, remark and the raw item values (checked by the groups' rules later). */
export interface ConfigTemplateInput {
  name: string;
  remark: string;
  items: Array<{ name: SettingsGroupName; value: unknown }>;
}

/**
 * Name (at most 30), remark (optional, 4-128: the spec gives no other remark rule for templates, so the acceleration
 * template's applies) and the items: at least one (rules §5 "Batch configuration needs at least one configuration"),
 * each a group a template may hold.
 */
export function readConfigTemplate(body: unknown): { value: ConfigTemplateInput; issues: FieldIssue[] } {
  const source = asRecord(body);
  const raw = asRecord(source.items);
  const value: ConfigTemplateInput = { name: text(source.name), remark: text(source.remark), items: [] };
  const issues = [...onField('name', validateConfigTemplateName(value.name)), ...onField('remark', validateTemplateRemark(value.remark))];
  for (const [name, item] of Object.entries(raw)) {
    if (isPolicyGroup(name)) value.items.push({ name, value: item });
    else issues.push(...onField(`items.${name}`, issue('acceleration-policy.site-own-group')));
  }
  if (Object.keys(raw).length === 0) issues.push(...onField('items', issue('websites.batch-config-required')));
  return { value, issues };
}
