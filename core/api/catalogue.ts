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

/**
 * The failures the console reports (`ec-error` and the error report of shell §7): those the user sees. Left out:
 * aborts (the user left), calls refused for want of a session (nothing was sent), shell §8's silent codes, and
 * expiry and 142005, which have events of their own.
 */
export const REPORTED_ERROR_KINDS = ['network', 'timeout', 'http', 'system', 'parse', 'error-field', 'quiet', 'with-data', 'code'] as const satisfies readonly ApiErrorKind[];
/** A failure kind the console reports. */
export type ReportedErrorKind = (typeof REPORTED_ERROR_KINDS)[number];

/** A failed call. `code` is the envelope code where there was one; `data` the envelope data (code 100044). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly details: { code?: number; httpStatus?: number; data?: unknown; path?: string; requestId?: string } = {},
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
  /** The Request-Id the call was sent with, so a report can be matched with the server's log. */
  get requestId(): string | undefined {
    return this.details.requestId;
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

/** A failure's text as the catalogue words it: a `common` catalogue key with its values, or the server's own text. */
export type FailureText = { key: string; values?: Record<string, unknown> } | { text: string };

/** What a form shows after a save failed: the fields the server refused, and the catalogue's message otherwise. */
export interface SaveFailure {
  /** Field issues of VALIDATION_FAILED_CODE, in the `rules` namespace; shown next to their fields. */
  issues: FieldIssue[];
  /** The message for everything else (and for a validation refusal that names no field); null when `issues` say it. */
  message: FailureText | null;
}

/**
 * The catalogue's wording of any failed call (shell §8), for a form that shows it in place (`notify: false`) instead
 * of a toast: the same texts the client toasts, one row per fault. HTTP status not 200 (500, 503, 429, an HTML error
 * page): the server's message, else "Request failed (HTTP n)"; an HTML body with the system-error paragraph: "System
 * error"; a body that is not JSON: the bad-response text; network failure and timeout: their texts; a request
 * aborted before the server answered: its own text; a code with a message: that message.
 */
export function failureText(error: unknown): FailureText {
  if (!(error instanceof ApiError)) return { key: 'api.operation-failed' };
  switch (error.kind) {
    case 'http': {
      const fromServer = error.details.code !== undefined && error.message && !/^HTTP \d+$/.test(error.message);
      return fromServer ? { text: error.message } : { key: 'api.http-error', values: { status: error.details.httpStatus } };
    }
    case 'system':
      return { key: 'api.system-error' };
    case 'parse':
      return { key: 'api.bad-response' };
    case 'network':
      return { key: 'api.network-error' };
    case 'timeout':
      return { key: 'api.timeout' };
    case 'aborted':
      return { key: 'api.aborted' };
    case 'session-expired':
    case 'no-token':
      return { key: 'api.session-expired' };
    case 'access-denied':
      return { key: 'api.access-denied' };
    case 'error-field':
      return typeof error.details.data === 'string' && error.details.data ? { text: error.details.data } : { key: 'api.operation-failed' };
    default:
      return error.message && error.message !== 'operation failed' ? { text: error.message } : { key: 'api.operation-failed' };
  }
}

/** Reads a failed save: the refused fields of a validation failure, or the catalogue's message for any other fault. */
export function saveFailureOf(error: unknown): SaveFailure {
  if (error instanceof ApiError && error.code === VALIDATION_FAILED_CODE) {
    const issues = (error.data as { errors?: FieldIssue[] } | undefined)?.errors ?? [];
    if (issues.length > 0) return { issues, message: null };
  }
  return { issues: [], message: failureText(error) };
}
