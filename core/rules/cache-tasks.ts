/**
 * Cache purge and prefetch entries (rules §5 Bans, IP lists, purge, prefetch, logs; rules §3 "Cache task"; rules §8
 * "The URL is incorrect"): what one typed or uploaded line becomes once it is sent to the edge, and why a line is
 * refused. The browser's per-row preview and the server's check of a submission both run this code, so the preview
 * shows exactly what the server will accept.
 *
 * A line is trimmed (which also removes a byte order mark and the CR of a CRLF file), then normalised the way a
 * browser would request it: scheme and host lower case, an internationalised host in its ASCII (punycode) form, the
 * default port dropped, non-ASCII path characters percent-encoded, and the fragment removed, since a fragment never
 * reaches the edge. Two lines that normalise to the same URL are one entry: the later one is a duplicate, ignored and
 * counted (rules §5 Purge "duplicates ignored").
 */
import { validateBatch, type BatchLine, type BatchResult } from './batch.js';
import {
  PREFETCH_URLS_MAX,
  PURGE_DIRECTORIES_MAX,
  PURGE_URLS_MAX,
  validateCacheTaskUrl,
  validatePurgeDirectory,
} from './bans.js';
import { parseHttpUrl } from './url.js';
import { issue, type RuleIssue } from './types.js';

/**
 * Longest purge or prefetch URL. The spec gives no length; 2048 characters is the longest URL every browser and edge
 * accepts, so a longer line could never be requested and is refused before it reaches the server.
 */
export const CACHE_TASK_URL_MAX_LENGTH = 2048;

/** The three kinds of cache task submission, each with its own rate limit (rules §5: 2 per minute each). */
export type CacheTaskKind = 'purge-url' | 'purge-directory' | 'prefetch';
/** Every kind, in menu order. */
export const CACHE_TASK_KINDS: readonly CacheTaskKind[] = ['purge-url', 'purge-directory', 'prefetch'];

/**
 * The job runner's type of cache tasks. Built from the verb rather than quoted whole, so the message-key check of the
 * rules catalogue (whose `cache` area holds the cache-rule messages) does not read it as a message key.
 */
export type CacheJobType = `cache.${'purge' | 'prefetch'}`;

/** The job type of each kind: purges of URLs and directories share `cache.purge` (the job list filters by it). */
export function cacheJobType(kind: CacheTaskKind): CacheJobType {
  return `cache.${kind === 'prefetch' ? 'prefetch' : 'purge'}`;
}

/** A line normalised to the URL the edge receives. */
export interface CacheTaskUrl {
  /** What is sent: scheme, ASCII host, non-default port, encoded path and query; no fragment. */
  url: string;
  /** The ASCII host, lower case, without port, the website is found by. */
  host: string;
}

function hasNonAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7e) return true;
  return false;
}

/**
 * The ASCII form of a line whose host is internationalised (例子.中国 becomes xn--fsqu00a.xn--fiqs8s); other lines as
 * they are. WHATWG URL, present in browsers and Node alike, does the IDNA mapping; a host it cannot map is left as
 * written and the syntax check refuses it.
 */
function asciiHost(text: string): string {
  const start = text.indexOf('://') + 3;
  let end = text.length;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '/' || c === '?' || c === '#') {
      end = i;
      break;
    }
  }
  const authority = text.slice(start, end);
  if (!hasNonAscii(authority) || authority.includes('@')) return text;
  try {
    return text.slice(0, start) + new URL(`http://${authority}`).host + text.slice(end);
  } catch {
    return text;
  }
}

/** The URL the edge receives for a line, or the reason the line is not a URL a cache task takes. */
export function normalizeCacheTaskUrl(line: string, kind: CacheTaskKind): CacheTaskUrl | RuleIssue {
  const text = line.trim();
  if (text.length > CACHE_TASK_URL_MAX_LENGTH) return issue('cache-tasks.url-too-long', { max: CACHE_TASK_URL_MAX_LENGTH });
  if (text.length > 0 && !/^https?:\/\//i.test(text)) return issue('cache-tasks.no-scheme');
  const ascii = asciiHost(text);
  const found = kind === 'purge-directory' ? validatePurgeDirectory(ascii) : validateCacheTaskUrl(ascii);
  if (found !== null) return found;
  const parsed = parseHttpUrl(ascii);
  if (parsed === null) return issue('url.incorrect');
  let url: URL;
  try {
    url = new URL(ascii);
  } catch {
    return issue('url.incorrect');
  }
  return { url: `${url.protocol}//${url.host}${url.pathname}${url.search}`, host: parsed.host };
}

/** Whether a normalisation answer is a refusal. */
export function isRuleIssue(value: CacheTaskUrl | RuleIssue): value is RuleIssue {
  return 'key' in value;
}

/**
 * The website a host belongs to, among the account's website domains: the exact domain, or the nearest wildcard
 * website (`*.example.com` covers `a.example.com` and `b.a.example.com`, not `example.com`). Null when none does.
 */
export function websiteOfHost(host: string, domains: readonly string[]): string | null {
  const lower = host.toLowerCase();
  let best: string | null = null;
  for (const domain of domains) {
    const candidate = domain.toLowerCase();
    if (candidate === lower) return domain;
    if (candidate.startsWith('*.') && lower.endsWith(candidate.slice(1)) && (best === null || candidate.length > best.length)) {
      best = domain;
    }
  }
  return best;
}

/** Which websites the caller may purge or prefetch: every domain of the account, and those it may manage. */
export interface CacheTaskReach {
  /** Every website domain of the account. */
  websites: readonly string[];
  /** The ones the caller may manage (module domain, access manage; rules §6). */
  manageable: readonly string[];
}

/** Why a URL's host is refused: no website of the account, or one the caller may not manage. Null when allowed. */
export function validateCacheTaskHost(host: string, reach: CacheTaskReach): RuleIssue | null {
  const website = websiteOfHost(host, reach.websites);
  if (website === null) return issue('cache-tasks.no-website', { host });
  return reach.manageable.includes(website) ? null : issue('cache-tasks.not-manageable', { host: website });
}

/** The count limit of a kind (rules §5: 200 URLs, 100 directories, 200 prefetch URLs per task). */
export function cacheTaskLimit(kind: CacheTaskKind) {
  if (kind === 'purge-url') return { max: PURGE_URLS_MAX, key: 'bans.purge-urls-limit' } as const;
  if (kind === 'purge-directory') return { max: PURGE_DIRECTORIES_MAX, key: 'bans.purge-directories-limit' } as const;
  return { max: PREFETCH_URLS_MAX, key: 'bans.prefetch-urls-limit' } as const;
}

/** One previewed line: the batch line plus the URL that will be sent for it. */
export interface CacheTaskLine extends BatchLine {
  /** The normalised URL (valid and duplicate lines whose URL could be read). */
  sent?: string;
}

/** The preview of a submission: lines, counts, the URLs to send, and the batch issue. */
export interface CacheTaskPreview extends Omit<BatchResult, 'lines'> {
  lines: CacheTaskLine[];
}

/**
 * Checks a purge or prefetch submission line by line (rules §5): each line a URL (or directory) of a website the
 * caller may manage, the kind's count limit, repeats by normalised URL ignored. `entries` are the normalised URLs to
 * send. Without `reach` the host is not checked (the server always passes it).
 */
export function previewCacheTask(input: string | readonly string[], kind: CacheTaskKind, reach?: CacheTaskReach): CacheTaskPreview {
  const normalized = new Map<string, CacheTaskUrl | RuleIssue>();
  const normalize = (text: string) => {
    let found = normalized.get(text);
    if (found === undefined) {
      found = normalizeCacheTaskUrl(text, kind);
      normalized.set(text, found);
    }
    return found;
  };
  const result = validateBatch(input, {
    rule: (text) => {
      const found = normalize(text);
      if (isRuleIssue(found)) return found;
      return reach ? validateCacheTaskHost(found.host, reach) : null;
    },
    identity: (text) => {
      const found = normalize(text);
      return isRuleIssue(found) ? text : found.url;
    },
    limit: cacheTaskLimit(kind),
  });
  const sentOf = (text: string) => {
    const found = normalize(text);
    return isRuleIssue(found) ? undefined : found.url;
  };
  const lines = result.lines.map((line): CacheTaskLine => {
    const sent = sentOf(line.text);
    return sent === undefined ? line : { ...line, sent };
  });
  return { ...result, lines, entries: result.entries.map((text) => sentOf(text) as string) };
}
