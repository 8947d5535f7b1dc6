/**
 * Security headers on every response, API and console alike (DESIGN §6: the demo host runs under a strict CSP),
 * through @fastify/helmet. Its onRequest hook sets them before routing, so 404s, redirects and transport faults
 * carry them too.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../config.js';

/** Refuses a frame-ancestors value that could break out of its directive or header. */
export function assertFrameAncestors(value: string): string {
  if (!/^[A-Za-z0-9 '*:/.\-_]+$/.test(value)) {
    throw new Error(`FRAME_ANCESTORS may hold only CSP source expressions separated by spaces, got "${value}"`);
  }
  return value.trim();
}

/** Where links from the console may say they came from: the origin only, and only over HTTPS to HTTPS. */
const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * The Content-Security-Policy directives of the console. Scripts only from our origin (no inline script, no eval:
 * plotly's dist-min draws the charts we use without eval, NOTES.md). Styles also allow 'unsafe-inline' because
 * PrimeReact and plotly inject <style> elements at run time and neither supports a nonce in our set-up. Workers may
 * also come from blob: URLs, so an element can start a worker from code it bundles. frame-ancestors decides who may
 * embed the console (FRAME_ANCESTORS).
 */
export function contentSecurityDirectives(frameAncestors: string): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': assertFrameAncestors(frameAncestors).split(/\s+/),
  };
}

/** The policy as one header value, exactly as helmet writes it (directives joined by ";"). */
export function contentSecurityPolicy(frameAncestors: string): string {
  return Object.entries(contentSecurityDirectives(frameAncestors))
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';');
}

/**
 * The headers for an answer sent before any hook can run (a URL that cannot be decoded never reaches the router,
 * so helmet's onRequest hook does not see it): the same policy, nosniff and referrer policy.
 */
export function earlySecurityHeaders(frameAncestors: string): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(frameAncestors),
    'x-content-type-options': 'nosniff',
    'referrer-policy': REFERRER_POLICY,
    'cache-control': 'no-store',
  };
}

/** Adds the headers to every response of the instance (register before the routes). */
export async function registerSecurityHeaders(app: FastifyInstance, frameAncestors: string): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(frameAncestors) },
    referrerPolicy: { policy: REFERRER_POLICY },
    // frame-ancestors decides who may embed the console; X-Frame-Options cannot name a partner origin.
    xFrameOptions: false,
    // The element bundles are loaded by partner pages on other origins (README "Embedding one element").
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  // API answers carry account data: never stored by the browser or a proxy (a list path like `V4/x.list` looks like
  // a file to caches that go by extension).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith(`${API_BASE}/`)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
