/**
 * The simulated edge that purge and prefetch tasks act on: a per-website table of cached URLs with the time each was
 * cached. A purge removes the URL (or every URL under a directory), so the next request for it is a miss; a prefetch
 * fetches it from the origin and caches it.
 *
 * Some URLs fail, the way they do in production: the origin answers 404 for a prefetch, or an edge node or the
 * origin does not answer in time. Which ones is derived from the URL itself (a hash), so tests and the demo can rely
 * on it: {@link edgeOutcome} answers it for any URL. A timeout is transient and only happens on a task's first
 * attempt, so retrying a timed-out URL succeeds; a 404 stays a 404.
 */
import type { CacheTaskKind, CacheUrlReason } from '../../../../core/api/endpoints/cache-tasks.js';
import { prepare, type Db } from '../../platform/database.js';

/** URLs one job step sends to the edge: small enough that a step takes milliseconds. */
export const URLS_PER_STEP = 10;

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

/** Applies a successful URL to the edge cache; answers how many cached objects it touched. */
export function applyToEdge(db: Db, kind: CacheTaskKind, memberId: number, domainId: number, url: string, now: number): number {
  if (kind === 'prefetch') {
    prepare(db, 'INSERT OR REPLACE INTO edge_cache (member_id, domain_id, url, cached_at) VALUES (?, ?, ?, ?)').run(memberId, domainId, url, now);
    return 1;
  }
  if (kind === 'purge-url') {
    return prepare(db, 'DELETE FROM edge_cache WHERE member_id = ? AND url = ?').run(memberId, url).changes;
  }
  // A directory clears every cached URL that starts with it (its query string, if any, is part of the prefix).
  return prepare(db, 'DELETE FROM edge_cache WHERE member_id = ? AND domain_id = ? AND substr(url, 1, length(?)) = ?').run(
    memberId,
    domainId,
    url,
    url,
  ).changes;
}

/** When a URL was cached, or null when the edge has no copy (a request for it is a miss). */
export function cachedAt(db: Db, memberId: number, url: string): number | null {
  const row = prepare(db, 'SELECT cached_at FROM edge_cache WHERE member_id = ? AND url = ?').get(memberId, url) as { cached_at: number } | undefined;
  return row?.cached_at ?? null;
}

/** Caches a URL as a visitor's request would (the seed, and the traffic simulator once it serves from the edge). */
export function cacheUrl(db: Db, memberId: number, domainId: number, url: string, now: number): void {
  prepare(db, 'INSERT OR REPLACE INTO edge_cache (member_id, domain_id, url, cached_at) VALUES (?, ?, ?, ?)').run(memberId, domainId, url, now);
}
