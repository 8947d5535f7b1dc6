/**
 * Readers every feature's payload checks share: a body as a record, an id, a list of ids. They never coerce a
 * value into something the caller did not send; what they cannot read becomes an issue or null.
 */
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import { issue, onField } from '../../../../core/rules/types.js';

/** A body or a nested value as a record of fields; anything else (arrays, null, text) reads as empty. */
export function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A positive integer id, given as a number or as digits (query strings); null otherwise. */
export function positiveId(value: unknown): number | null {
  const number = typeof value === 'string' && /^[0-9]{1,12}$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : null;
}

/** 1..max distinct positive ids from `value`; issues are named after `field`. */
export function readIds(value: unknown, field: string, max: number): { ids: number[]; issues: FieldIssue[] } {
  if (!Array.isArray(value) || value.length === 0) return { ids: [], issues: onField(field, issue('common.required')) };
  if (value.length > max) return { ids: [], issues: onField(field, issue('batch.beyond-limit', { max })) };
  const ids = value.map(positiveId);
  if (ids.some((id) => id === null)) return { ids: [], issues: onField(field, issue('common.positive-integer')) };
  return { ids: [...new Set(ids as number[])], issues: [] };
}

/** Reads an ISO instant from a query; null when absent or not a time. */
export function readInstant(value: unknown): number | null {
  if (typeof value !== 'string' || value === '') return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : at;
}
