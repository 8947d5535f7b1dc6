/**
 * How every API answer is written (shell §8): HTTP 200 and `{ status: { code, message }, data }`, code 1 on success.
 * Only transport faults (malformed body, body too large, unknown path, crashes) use other HTTP statuses.
 */
import type { FastifyReply } from 'fastify';
import {
  APP_LOGIN_REQUIRED_CODE,
  APP_LOGIN_UNAVAILABLE_CODE,
  CONFLICT_CODE,
  NOT_FOUND_CODE,
  PERMISSION_DENIED_CODE,
  RATE_LIMITED_CODE,
  SESSION_EXPIRED_CODE,
  SIGN_IN_FAILED_CODE,
  SUCCESS_CODE,
  VALIDATION_FAILED_CODE,
  type FieldIssue,
} from '../../../../core/api/catalogue.js';
import { message, requestLanguage, type MessageKey } from './messages.js';

/** The envelope as the server writes it. */
export interface EnvelopeBody<T = unknown> {
  status: { code: number; message: string };
  data: T;
}

/** Data of VALIDATION_FAILED_CODE: the same issues `core/rules` returns in the browser. */
export interface ValidationFailedData {
  errors: FieldIssue[];
}

const DEFAULT_KEYS: Record<number, MessageKey> = {
  [SESSION_EXPIRED_CODE]: 'session-expired',
  [VALIDATION_FAILED_CODE]: 'validation-failed',
  [SIGN_IN_FAILED_CODE]: 'sign-in-failed',
  [RATE_LIMITED_CODE]: 'rate-limited',
  [NOT_FOUND_CODE]: 'not-found',
  [PERMISSION_DENIED_CODE]: 'permission-denied',
  [CONFLICT_CODE]: 'conflict',
  [APP_LOGIN_REQUIRED_CODE]: 'app-login-required',
  [APP_LOGIN_UNAVAILABLE_CODE]: 'app-unavailable',
};

/** Options of a refusal. */
export interface FailOptions {
  /** Message key; defaults to the code's own message. */
  key?: MessageKey;
  values?: Record<string, string | number>;
  data?: unknown;
  /** Only for transport faults; catalogue codes always travel with HTTP 200. */
  httpStatus?: number;
}

/** Sends a success envelope. Return its result from the handler: `return ok(reply, data)`. */
export function ok<T>(reply: FastifyReply, data: T): FastifyReply {
  const body: EnvelopeBody<T> = {
    status: { code: SUCCESS_CODE, message: message(requestLanguage(reply.request), 'success') },
    data,
  };
  return reply.code(200).type('application/json; charset=utf-8').send(body);
}

/** Sends a catalogue code with its message in the request's language. */
export function fail(reply: FastifyReply, code: number, options: FailOptions = {}): FastifyReply {
  const key = options.key ?? DEFAULT_KEYS[code] ?? 'server-error';
  const body: EnvelopeBody = {
    status: { code, message: message(requestLanguage(reply.request), key, options.values) },
    data: options.data ?? null,
  };
  return reply
    .code(options.httpStatus ?? 200)
    .type('application/json; charset=utf-8')
    .send(body);
}

/**
 * True when there are no issues; otherwise answers VALIDATION_FAILED_CODE with `data.errors` and returns false.
 * Every write route uses it: `if (!validated(reply, issues)) return reply;`.
 */
export function validated(reply: FastifyReply, issues: readonly FieldIssue[]): boolean {
  if (issues.length === 0) return true;
  const data: ValidationFailedData = { errors: [...issues] };
  fail(reply, VALIDATION_FAILED_CODE, { data });
  return false;
}
