/**
 * Request bodies of the web security calls (issue 22). A card's value is parsed strictly against the shape of its
 * defaults (core/security/cards.ts): unknown fields are dropped, a missing field or a wrong type is refused with
 * `common.format-error` on that field; then the same checks as the browser's run (core/rules/security-cards.ts).
 */
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import type { SecurityBusinessKind } from '../../../../core/api/endpoints/web-security.js';
import { securityCardDefaults, type SecurityCardName, type SecurityCardValues } from '../../../../core/security/cards.js';
import { issue, onField } from '../../../../core/rules/types.js';
import { validateSecurityCard } from '../../../../core/rules/security-cards.js';
import { validateTemplateName, validateTemplateRemark } from '../../../../core/rules/websites.js';
import { asRecord, positiveId } from '../../platform/http/readers.js';

/** Array fields whose items are whole numbers; every other array holds text. */
const INTEGER_LISTS = new Set(['rule_set_ids', 'weekdays']);

function parseLike(template: unknown, raw: unknown, field: string, issues: FieldIssue[]): unknown {
  const wrong = () => {
    issues.push(...onField(field, issue('common.format-error')));
    return template;
  };
  if (typeof template === 'boolean') return typeof raw === 'boolean' ? raw : wrong();
  if (typeof template === 'number') return typeof raw === 'number' && Number.isSafeInteger(raw) ? raw : wrong();
  if (typeof template === 'string') return typeof raw === 'string' ? raw : wrong();
  if (Array.isArray(template)) {
    if (!Array.isArray(raw)) return wrong();
    const key = field.split('.').at(-1)!;
    if (INTEGER_LISTS.has(key)) return raw.every((item) => typeof item === 'number' && Number.isSafeInteger(item)) ? raw : wrong();
    // Lists of text are typed one per line: surrounding blanks and empty lines are not entries.
    return raw.every((item) => typeof item === 'string') ? (raw as string[]).map((item) => item.trim()).filter((item) => item !== '') : wrong();
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return wrong();
  const source = raw as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(template as Record<string, unknown>).map(([key, inner]) => [key, parseLike(inner, source[key], field === '' ? key : `${field}.${key}`, issues)]),
  );
}

/** A card's value: its shape, then its rules. Fields are named `<card>.<path>`. */
export function readCardValue<N extends SecurityCardName>(name: N, raw: unknown): { value: SecurityCardValues[N]; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const value = parseLike(securityCardDefaults(name), raw, '', issues) as SecurityCardValues[N];
  if (issues.length === 0) issues.push(...validateSecurityCard(name, value));
  return { value, issues: issues.map((found) => ({ ...found, field: `${name}.${found.field}` })) };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Name and remark of a security template (rules §3; rules §5 name 4-32, remark 4-128 when given). */
export function readTemplateFields(body: unknown): { value: { name: string; remark: string }; issues: FieldIssue[] } {
  const source = asRecord(body);
  const value = { name: text(source.name), remark: text(source.remark) };
  return { value, issues: [...onField('name', validateTemplateName(value.name)), ...onField('remark', validateTemplateRemark(value.remark))] };
}

/** A positive id field. */
export function readId(source: Record<string, unknown>, field: string): { id: number | null; issues: FieldIssue[] } {
  const id = positiveId(source[field]);
  return { id, issues: onField(field, id === null ? issue('common.positive-integer') : null) };
}

/** A method to change to (rules §4): `global`, `domain`, or `template` with a template id. */
export function readMethod(source: Record<string, unknown>): { value: { source: SecurityBusinessKind; templateId: number | null }; issues: FieldIssue[] } {
  const kind = source.source;
  if (kind !== 'global' && kind !== 'template' && kind !== 'domain') return { value: { source: 'global', templateId: null }, issues: onField('source', issue('common.format-error')) };
  if (kind !== 'template') return { value: { source: kind, templateId: null }, issues: [] };
  const id = positiveId(source.template_id);
  return { value: { source: kind, templateId: id }, issues: onField('template_id', id === null ? issue('websites.template-required') : null) };
}
