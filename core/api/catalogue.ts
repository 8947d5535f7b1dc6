/**
 * The error catalogue of shell §8, as data. Every status code the console treats specially is named here once;
 * `client.ts` is the only code that acts on them.
 */

/** Envelope code meaning success (shell §8). */
export const SUCCESS_CODE = 1;
/** The variant wrapper also treats 0 as success (shell §8: "a variant also treats 0 as success"). */
export const ALTERNATE_SUCCESS_CODE = 0;
/** Session expired (shell §8). */
export const SESSION_EXPIRED_CODE = 16149;
/** Rejected with the status, no message shown (shell §8). */
export const QUIET_REJECT_CODES: readonly number[] = [16161, 1124];
/** Rejected with the whole data (shell §8). */
export const REJECT_WITH_DATA_CODE = 100044;
/** Sends the user to the access page (shell §8). */
export const ACCESS_PAGE_CODE = 142005;
/** Silent codes (shell §8): no toast at all. */
export const SILENT_CODES: readonly number[] = [100200, 300029, 400004, 400005];
/** Embedded app-login check (shell §4): go to the provider sign-in page. */
export const APP_LOGIN_REQUIRED_CODE = 44;
/** Embedded app-login check (shell §4): go to the dashboard with the app parameter. */
export const APP_LOGIN_UNAVAILABLE_CODE = 604;

/** Request timeouts of shell §9. */
export const REQUEST_TIMEOUT_MS = 15_000;
/** The second wrapper's timeout (shell §7, rules §9 "Operation timeout in the shared wrapper"). */
export const LONG_REQUEST_TIMEOUT_MS = 30_000;
/** How long a network-error message stays up (shell §8). */
export const NETWORK_ERROR_TOAST_MS = 5_000;

/** What went wrong with a call; decides how the console reacts. */
export type ApiErrorKind =
  | 'http'
  | 'session-expired'
  | 'quiet'
  | 'with-data'
  | 'access-denied'
  | 'silent'
  | 'code'
  | 'error-field'
  | 'system'
  | 'network'
  | 'timeout'
  | 'parse'
  | 'no-token'
  | 'aborted';

/** A failed call. `code` is the envelope code where there was one; `data` the envelope data (code 100044). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly details: { code?: number; httpStatus?: number; data?: unknown; path?: string } = {},
  ) {
    super(message);
  }
  /** The envelope code, when the server answered with one. */
  get code(): number | undefined {
    return this.details.code;
  }
  /** The envelope data, when the server answered with one. */
  get data(): unknown {
    return this.details.data;
  }
}

/** True for an error the user caused by leaving (session gone) rather than a fault worth reporting. */
export function isSessionError(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'session-expired' || error.kind === 'no-token');
}

/**
 * Server-side validation failed (rules §8 "Form verification failed"). Designed here, since the spec shows no code:
 * `data.errors` lists `{ field, key, values }`, the same issues `core/rules` returns in the browser, so a form can
 * show the server's findings inline in the user's language.
 */
export const VALIDATION_FAILED_CODE = 100400;
/** Sign-in refused: wrong account or password (designed here; the spec shows no code). */
export const SIGN_IN_FAILED_CODE = 100401;
/** Too many attempts (sign-in rate limit; designed here). */
export const RATE_LIMITED_CODE = 100429;
/** The object does not exist or belongs to another account (designed here). */
export const NOT_FOUND_CODE = 100404;
/** The child account's group does not grant this (designed here; distinct from 142005, which leaves the page). */
export const PERMISSION_DENIED_CODE = 100403;
/** The request conflicts with current state, e.g. deleting a bound object (designed here). */
export const CONFLICT_CODE = 100409;

/** One validation finding, as `core/rules` returns it and the server sends it. */
export interface FieldIssue {
  field: string;
  key: string;
  values?: Record<string, unknown>;
}
