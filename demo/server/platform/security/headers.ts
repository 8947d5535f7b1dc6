/**
 * Security headers on every response, API and console alike (DESIGN §6: the demo host runs under a strict CSP).
 */
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../config.js';

/** Refuses a frame-ancestors value that could break out of its directive or header. */
export function assertFrameAncestors(value: string): string {
  if (!/^[A-Za-z0-9 '*:/.\-_]+$/.test(value)) {
    throw new Error(`FRAME_ANCESTORS may hold only CSP source expressions separated by spaces, got "${value}"`);
  }
  return value.trim();
}

/**
 * The Content-Security-Policy of the console. Scripts only from our origin (no inline script, no eval: plotly's
 * dist-min draws the charts we use without eval, NOTES.md). Styles also allow 'unsafe-inline' because PrimeReact
 * and plotly inject <style> elements at run time and neither supports a nonce in our set-up. Workers may also come from
 * blob: URLs, so an element can start a worker from code it bundles without shipping a separate worker file.
 * frame-ancestors decides who may embed the console (FRAME_ANCESTORS).
 */
export function contentSecurityPolicy(frameAncestors: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${assertFrameAncestors(frameAncestors)}`,
  ].join('; ');
}

/** Adds the headers to every response of the instance (register before the routes). */
export function registerSecurityHeaders(app: FastifyInstance, frameAncestors: string): void {
  const policy = contentSecurityPolicy(frameAncestors);
  app.addHook('onSend', async (request, reply, payload) => {
    // API answers carry account data: never stored by the browser or a proxy (a list path like `V4/x.list` looks
    // like a file to caches that go by extension).
    if (request.url.startsWith(`${API_BASE}/`)) reply.header('cache-control', 'no-store');
    reply.header('content-security-policy', policy);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    return payload;
  });
}
