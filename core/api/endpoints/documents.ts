/**
 * The documentation centre (shell §2 `/document` and `/document/{aid}`; issue 29): the project's own documentation,
 * written as Markdown under demo/docs/ and rendered and sanitised by the server, plus one reference article per
 * element generated from custom-elements.json. The spec shows no calls, so they follow the house style:
 * - `GET V4/document.article.list?lang=` answers `{ list, total }`: every article's title and summary, by section;
 * - `GET V4/document.article.get?id=&lang=`: one article with its rendered HTML, table of contents, live example and
 *   neighbours (NOT_FOUND_CODE when there is no such article);
 * - `GET V4/document.article.search?q=&lang=&page=&per_page=`: articles whose title or body hold every word, each
 *   with a snippet whose matches are marked, `{ list, total }`.
 * The language defaults to the request's (Accept-Language / X-LANG); `lang` picks another.
 */
import type { ApiClient, CallOptions } from '../client.js';
import type { Language } from '../../i18n/language.js';
import type { ListAnswer } from './platform.js';

/** Sections of the documentation centre, in the order the dashboard shows them. */
export const DOCUMENT_SECTIONS = ['guide', 'api', 'logs', 'elements'] as const;
/** A section: guides (getting started, embedding), the API, log search, the element reference. */
export type DocumentSection = (typeof DOCUMENT_SECTIONS)[number];

/** Longest search text accepted (a search box, not a query language). */
export const DOCUMENT_SEARCH_MAX_LENGTH = 100;
/** Most words of one search. */
export const DOCUMENT_SEARCH_MAX_WORDS = 8;

/** One article in the list. */
export interface DocumentSummary {
  /** Stable id used in the route `/document/{aid}`: lower-case letters, digits and `-`. */
  id: string;
  section: DocumentSection;
  title: string;
  summary: string;
}

/** A heading of an article, for its table of contents. */
export interface DocumentHeading {
  /** The heading's anchor id inside the rendered HTML. */
  id: string;
  /** 2 or 3. */
  level: number;
  text: string;
}

/** The live example of an element reference article: the element itself, mounted with these attributes. */
export interface DocumentExample {
  tag: string;
  /** Attributes besides `api-base`, `lang` and `route-mode`, which the article's reader supplies. */
  attributes: Record<string, string>;
}

/** One article. */
export interface DocumentArticle extends DocumentSummary {
  /** The rendered Markdown, sanitised by the server (no script, handler, or script URL survives). */
  html: string;
  toc: DocumentHeading[];
  example: DocumentExample | null;
  previous: Pick<DocumentSummary, 'id' | 'title'> | null;
  next: Pick<DocumentSummary, 'id' | 'title'> | null;
}

/** A piece of a search snippet: plain text, `match` when it is one of the searched words. */
export interface SnippetPart {
  text: string;
  match: boolean;
}

/** One search result. */
export interface DocumentSearchHit extends DocumentSummary {
  /** Where the words were found, as plain text pieces (never HTML), matches marked. */
  snippet: SnippetPart[];
}

/** Query of the search. */
export interface DocumentSearchQuery {
  q: string;
  page?: number;
  per_page?: number;
}

/** Every article's title and summary, in reading order. */
export function listDocuments(client: ApiClient, lang: Language): Promise<ListAnswer<DocumentSummary>> {
  return client.get('V4/document.article.list', { lang });
}

/** One article; `notify: false` when the page shows a missing article itself. */
export function getDocument(client: ApiClient, id: string, lang: Language, options?: CallOptions): Promise<DocumentArticle> {
  return client.get('V4/document.article.get', { id, lang }, options);
}

/** Articles holding every word of the query, best first. */
export function searchDocuments(client: ApiClient, query: DocumentSearchQuery, lang: Language): Promise<ListAnswer<DocumentSearchHit>> {
  return client.get('V4/document.article.search', { ...query, lang });
}
