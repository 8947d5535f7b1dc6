/**
 * Which URLs the simulated edge fails, and why (see edge.ts): derived from the URL alone, so the server, its tests and
 * the browser tests that need a failing URL agree without sharing a database.
 */
import type { CacheTaskKind, CacheUrlReason } from '../../../../core/api/endpoints/cache-tasks.js';

/** FNV-1a over the URL's UTF-16 units: stable across runs and machines. */
function urlHash(url: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < url.length; i++) {
    hash ^= url.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** What the edge answers for one URL of a task. */
export interface EdgeOutcome {
  ok: boolean;
  reason: CacheUrlReason;
}

/**
 * The outcome of sending `url` in a task of `kind`, on the task's `attempt` (1 for a new task, 2 for its first
 * retry...). About 1 URL in 100 times out on a first attempt; about 1 in 100 prefetched URLs is missing at the origin.
 */
export function edgeOutcome(kind: CacheTaskKind, url: string, attempt: number): EdgeOutcome {
  const bucket = urlHash(url) % 100;
  if (kind === 'prefetch' && bucket === 0) return { ok: false, reason: 'origin-404' };
  if (bucket === 1 && attempt <= 1) return { ok: false, reason: kind === 'prefetch' ? 'origin-timeout' : 'edge-timeout' };
  return { ok: true, reason: '' };
}

