/**
 * Request-rate limits through @fastify/rate-limit: how often one client may call a route at all, whatever the
 * outcome. Routes opt in with `config: { rateLimit: ... }` (see `signInRequestLimit`); the answer is the catalogue's
 * RATE_LIMITED_CODE envelope with the seconds to wait.
 *
 * The failure lockout of sign-in (rate-limit.ts) stays hand-written: it counts failed attempts only, forgets them on
 * success and survives a restart in SQLite, which a request counter cannot express.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The error the limiter throws; the app's error handler turns it into the envelope. */
export interface RequestRateExceeded {
  statusCode: 429;
  /** Seconds until the window frees a request. */
  retryAfterSeconds: number;
}

/** Whether an error is the limiter's. */
export function isRequestRateExceeded(error: unknown): error is RequestRateExceeded {
  return typeof error === 'object' && error !== null && (error as { statusCode?: unknown }).statusCode === 429 && 'retryAfterSeconds' in error;
}

/** Registers the limiter in a scope; no route is limited unless it asks. */
export async function registerRequestRateLimits(scope: FastifyInstance): Promise<void> {
  await scope.register(rateLimit, {
    global: false,
    // The body (the account name) is parsed by then, so the key can name the account.
    hook: 'preHandler',
    errorResponseBuilder: (_request, context): RequestRateExceeded => ({
      statusCode: 429,
      retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
    }),
  });
}

/** Sign-in attempts one client address may make for one account per minute, whatever their outcome. */
export const SIGN_IN_REQUESTS_PER_MINUTE = 10;

/**
 * The per-route setting of a sign-in route: keyed on the client address (from a trusted proxy when TRUST_PROXY says
 * so, see config.ts) and the account the body names, so one attacker hammering one account neither costs the server
 * a password hash per request nor slows anybody else down.
 */
export function signInRequestLimit(accountOf: (body: unknown) => string) {
  return {
    max: SIGN_IN_REQUESTS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `${request.ip}|${accountOf(request.body)}`,
  };
}
