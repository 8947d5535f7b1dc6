/**
 * Paging of every list (shell §9): `page` (1-based) and `per_page`, with the aliases `size`, `pagesize` and
 * `page_size` accepted for `per_page`. The default page size is 10; the largest is 10,000 (the shell's domain list).
 */
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import { DOMAIN_PICKER_PAGE_SIZE } from '../../../../core/api/endpoints/platform.js';

/** A resolved page. */
export interface Page {
  page: number;
  perPage: number;
  /** Rows to skip. */
  offset: number;
}

/** Limits of a list. */
export interface PageLimits {
  defaultPerPage: number;
  maxPerPage: number;
}

/** Shell §9: default 10; the domain picker asks for 10,000 at once. */
export const DEFAULT_PAGE_LIMITS: PageLimits = { defaultPerPage: 10, maxPerPage: DOMAIN_PICKER_PAGE_SIZE };

const PER_PAGE_NAMES = ['per_page', 'page_size', 'pagesize', 'size'] as const;
const MAX_PAGE = 1_000_000;

/** A positive integer from a query value, or null when it is not one. */
export function queryInteger(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,9}$/.test(text)) return null;
  return Number(text);
}

/** Reads the page from a query; issues name the field that was out of range. */
export function readPage(query: unknown, limits: PageLimits = DEFAULT_PAGE_LIMITS): { page: Page; issues: FieldIssue[] } {
  const source = (query ?? {}) as Record<string, unknown>;
  const issues: FieldIssue[] = [];
  let page = 1;
  if (source.page !== undefined && source.page !== '') {
    const parsed = queryInteger(source.page);
    if (parsed === null || parsed < 1 || parsed > MAX_PAGE) {
      issues.push({ field: 'page', key: 'common.integer-range', values: { min: 1, max: MAX_PAGE } });
    } else page = parsed;
  }
  let perPage = limits.defaultPerPage;
  const name = PER_PAGE_NAMES.find((candidate) => source[candidate] !== undefined && source[candidate] !== '');
  if (name) {
    const parsed = queryInteger(source[name]);
    if (parsed === null || parsed < 1 || parsed > limits.maxPerPage) {
      issues.push({ field: name, key: 'common.integer-range', values: { min: 1, max: limits.maxPerPage } });
    } else perPage = parsed;
  }
  return { page: { page, perPage, offset: (page - 1) * perPage }, issues };
}
