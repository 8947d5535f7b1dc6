/**
 * Search across articles: an article matches when every word of the query occurs in its title or body (case folded;
 * a substring test, so Chinese text, which has no spaces between words, is found too). Title matches rank first.
 * The snippet is plain text pieces with the matches marked, never HTML: the element renders them as text.
 */
import { DOCUMENT_SEARCH_MAX_WORDS, type SnippetPart } from '../../../../core/api/endpoints/documents.js';
import type { Article } from './articles.js';

/** Characters of context on each side of the first match. */
const CONTEXT = 60;

/** The words of a query: split on white space, case folded, duplicates dropped, at most the limit. */
export function queryWords(query: string): string[] {
  return [...new Set(query.toLowerCase().split(/\s+/).filter((word) => word !== ''))].slice(0, DOCUMENT_SEARCH_MAX_WORDS);
}

/** Splits text into pieces, marking every occurrence of any word (longest word first where two start together). */
export function markWords(text: string, words: readonly string[]): SnippetPart[] {
  const lower = text.toLowerCase();
  const byLength = [...words].sort((a, b) => b.length - a.length);
  const parts: SnippetPart[] = [];
  let plainStart = 0;
  let at = 0;
  while (at < text.length) {
    const word = byLength.find((candidate) => lower.startsWith(candidate, at));
    if (!word) {
      at += 1;
      continue;
    }
    if (at > plainStart) parts.push({ text: text.slice(plainStart, at), match: false });
    parts.push({ text: text.slice(at, at + word.length), match: true });
    at += word.length;
    plainStart = at;
  }
  if (plainStart < text.length) parts.push({ text: text.slice(plainStart), match: false });
  return parts;
}

/** The snippet of an article: the body around its first match (or its opening when only the title matched). */
export function snippetOf(article: Article, words: readonly string[]): SnippetPart[] {
  const first = Math.min(...words.map((word) => article.text.indexOf(word)).filter((index) => index >= 0));
  const center = Number.isFinite(first) ? first : 0;
  const start = Math.max(0, center - CONTEXT);
  const end = Math.min(article.plain.length, center + CONTEXT * 2);
  const text = `${start > 0 ? '…' : ''}${article.plain.slice(start, end).trim()}${end < article.plain.length ? '…' : ''}`;
  return markWords(text, words);
}

/** The articles holding every word, title matches first, then reading order. */
export function searchArticles(articles: readonly Article[], words: readonly string[]): Article[] {
  if (words.length === 0) return [];
  const scored = articles.flatMap((article, index) => {
    const title = article.title.toLowerCase();
    if (!words.every((word) => title.includes(word) || article.text.includes(word))) return [];
    const titleHits = words.filter((word) => title.includes(word)).length;
    return [{ article, index, titleHits }];
  });
  scored.sort((a, b) => b.titleHits - a.titleHits || a.index - b.index);
  return scored.map((entry) => entry.article);
}
