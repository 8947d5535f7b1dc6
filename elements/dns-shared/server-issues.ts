/**
 * Reads a refusal of the reference server into something a form can show inline (shell §8 with `notify: false`):
 * the field issues of VALIDATION_FAILED_CODE, or the server's own message. Shared by the DNS elements.
 */
import { ApiError, VALIDATION_FAILED_CODE, type FieldIssue } from '../../core/api/catalogue.js';

/** What a form shows after a refused save. */
export interface ServerRefusal {
  /** Field issues in the `rules` namespace. */
  issues: FieldIssue[];
  /** The server's message when it sent no field issues (conflict, not found, permission). */
  message: string;
}

/** The refusal of a failed call, or null when the failure was not a refusal (network, session: already reported). */
export function refusalOf(error: unknown): ServerRefusal | null {
  if (!(error instanceof ApiError) || error.details.code === undefined) return null;
  if (error.code === VALIDATION_FAILED_CODE) {
    const errors = (error.data as { errors?: FieldIssue[] } | undefined)?.errors ?? [];
    return { issues: errors, message: errors.length === 0 ? error.message : '' };
  }
  return { issues: [], message: error.message };
}
