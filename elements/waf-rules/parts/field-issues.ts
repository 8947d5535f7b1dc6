/**
 * Server findings for forms: the issues of a VALIDATION_FAILED answer (rules §8 "Form verification failed"), which
 * name fields and `rules` message keys exactly as `core/rules` does in the browser.
 */
import { ApiError, VALIDATION_FAILED_CODE, type FieldIssue } from '../../../core/api/catalogue.js';

/** The findings of a failed call, or `null` when it failed for another reason (the client has told the user). */
export function issuesOf(error: unknown): FieldIssue[] | null {
  if (!(error instanceof ApiError) || error.code !== VALIDATION_FAILED_CODE) return null;
  const errors = (error.data as { errors?: FieldIssue[] } | undefined)?.errors;
  return Array.isArray(errors) ? errors : null;
}

/** The first finding on a field. */
export function issueOn(issues: readonly FieldIssue[], field: string): FieldIssue | undefined {
  return issues.find((found) => found.field === field);
}
