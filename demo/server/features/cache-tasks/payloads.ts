/**
 * Checks of a cache task submission with core/rules (the browser's preview runs the same code): the lines are
 * normalised, refused per row (not a URL, wildcard, too deep, a website the caller may not manage), repeats ignored
 * and counted, the count limit of the kind applied (rules §5 Purge, Prefetch).
 */
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import { isRuleIssue, normalizeCacheTaskUrl, websiteOfHost, type CacheTaskKind, type CacheTaskPreview, type CacheTaskReach } from '../../../../core/rules/cache-tasks.js';
import type { WebsiteRow } from './store.js';

/** The lines of a body's `urls`; anything but a list of strings reads as no lines (the schema refuses it first). */
export function readUrlLines(body: unknown): string[] {
  const urls = (body as { urls?: unknown } | null)?.urls;
  return Array.isArray(urls) ? urls.filter((line): line is string => typeof line === 'string') : [];
}

/** The purge kind of a body: `url` or `directory`; null otherwise. */
export function readPurgeKind(body: unknown): CacheTaskKind | null {
  const kind = (body as { kind?: unknown } | null)?.kind;
  if (kind === 'url') return 'purge-url';
  if (kind === 'directory') return 'purge-directory';
  return null;
}

/** The field issues of a preview: one per refused line (`urls.<index>`), and the batch's own. */
export function previewIssues(preview: CacheTaskPreview): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (preview.issue) issues.push({ field: 'urls', ...preview.issue });
  for (const line of preview.lines) {
    if (line.status === 'invalid' && line.issue) issues.push({ field: `urls.${line.line - 1}`, ...line.issue });
  }
  return issues;
}

/** The reach of a caller from the websites it sees and may manage. */
export function reachOf(visible: readonly WebsiteRow[], manage: boolean): CacheTaskReach {
  const websites = visible.map((row) => row.domain);
  return { websites, manageable: manage ? websites : [] };
}

/** The website id of each URL to send (every one passed the reach check, so each has one). */
export function websiteIds(urls: readonly string[], visible: readonly WebsiteRow[]): number[] {
  const byDomain = new Map(visible.map((row) => [row.domain, row.id]));
  const domains = visible.map((row) => row.domain);
  return urls.map((url) => {
    const normalized = normalizeCacheTaskUrl(url, 'purge-url');
    const host = isRuleIssue(normalized) ? '' : normalized.host;
    return byDomain.get(websiteOfHost(host, domains) ?? '') ?? 0;
  });
}
