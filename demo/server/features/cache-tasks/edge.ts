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
import type { CacheTaskKind } from '../../../../core/api/endpoints/cache-tasks.js';
import { prepare, type Db } from '../../platform/database.js';

export { edgeOutcome, type EdgeOutcome } from './edge-outcome.js';

/** URLs one job step sends to the edge: small enough that a step takes milliseconds. */
export const URLS_PER_STEP = 10;

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

/**
 * Every cached URL of some websites with the time it was cached, in one query: the traffic simulator reads the edge
 * once per tick instead of once per request.
 */
export function cachedUrls(db: Db, domainIds: readonly number[]): { member_id: number; url: string; cached_at: number }[] {
  if (domainIds.length === 0) return [];
  return prepare(db, 'SELECT member_id, url, cached_at FROM edge_cache WHERE domain_id IN (SELECT value FROM json_each(?))').all(JSON.stringify(domainIds)) as {
    member_id: number;
    url: string;
    cached_at: number;
  }[];
}

/** Caches a URL as a visitor's request would (the seed, and the traffic simulator once it serves from the edge). */
export function cacheUrl(db: Db, memberId: number, domainId: number, url: string, now: number): void {
  prepare(db, 'INSERT OR REPLACE INTO edge_cache (member_id, domain_id, url, cached_at) VALUES (?, ?, ?, ?)').run(memberId, domainId, url, now);
}
