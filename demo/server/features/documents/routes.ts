/**
 * The documentation centre's calls (core/api/endpoints/documents.ts). Articles are the product's documentation, the
 * same for every account, so no object of an account is reached through them and no grant applies; they still need
 * a session, like the console pages that show them. The one thing read from the account is the live example's
 * website: the first website the caller's grant reaches (permissions.ts), so an example never shows another
 * account's data, nor one the caller's group may not see.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOT_FOUND_CODE } from '../../../../core/api/catalogue.js';
import {
  DOCUMENT_SEARCH_MAX_LENGTH,
  type DocumentArticle,
  type DocumentExample,
  type DocumentSearchHit,
  type DocumentSummary,
} from '../../../../core/api/endpoints/documents.js';
import type { ListAnswer } from '../../../../core/api/endpoints/platform.js';
import type { Language } from '../../../../core/i18n/language.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { requestLanguage } from '../../platform/http/messages.js';
import { readPage } from '../../platform/http/pagination.js';
import { asRecord } from '../../platform/http/readers.js';
import { permissions } from '../../platform/security/permissions.js';
import { scope } from '../../platform/security/scope.js';
import { ARTICLE_ID, articlesOf, type Article } from './articles.js';
import { queryWords, searchArticles, snippetOf } from './search.js';

/** Elements whose example shows one website: its console, cache rules, WAF rules. */
const WEBSITE_EXAMPLES = new Set(['ec-domain-console', 'ec-cache-rules', 'ec-waf-rules']);

function languageOf(request: FastifyRequest): Language {
  const lang = String(asRecord(request.query).lang ?? '').replace('-', '_');
  return lang === 'zh_CN' || lang === 'en_US' ? lang : requestLanguage(request);
}

function summaryOf(article: Article): DocumentSummary {
  return { id: article.id, section: article.section, title: article.title, summary: article.summary };
}

/** The example's attributes for this caller: the caller's first website where the element shows one. */
function exampleFor(request: FastifyRequest, example: DocumentExample): DocumentExample {
  const attributes: Record<string, string> = { ...example.attributes };
  if (WEBSITE_EXAMPLES.has(example.tag)) {
    const access = permissions(request);
    if (access.can('domain', 'read')) {
      const visible = access.visible('domain');
      const first = scope(request).get<{ id: number }>('domains', { columns: 'id', where: visible.where, params: visible.params, orderBy: 'id' });
      if (first) attributes['domain-id'] = String(first.id);
    }
  }
  return { tag: example.tag, attributes };
}

/** Registers the routes. */
export async function documentRoutes(api: FastifyInstance): Promise<void> {
  api.get('/V4/document.article.list', async (request, reply) => {
    const articles = articlesOf(languageOf(request));
    const answer: ListAnswer<DocumentSummary> = { list: articles.map(summaryOf), total: articles.length };
    return ok(reply, answer);
  });

  api.get('/V4/document.article.get', async (request, reply) => {
    const id = String(asRecord(request.query).id ?? '');
    if (!validated(reply, ARTICLE_ID.test(id) ? [] : [{ field: 'id', key: 'common.format-error' }])) return reply;
    const articles = articlesOf(languageOf(request));
    const index = articles.findIndex((article) => article.id === id);
    if (index < 0) return fail(reply, NOT_FOUND_CODE);
    const article = articles[index]!;
    const neighbour = (at: number) => (articles[at] ? { id: articles[at].id, title: articles[at].title } : null);
    const answer: DocumentArticle = {
      ...summaryOf(article),
      html: article.html,
      toc: article.toc,
      example: article.example ? exampleFor(request, article.example) : null,
      previous: neighbour(index - 1),
      next: neighbour(index + 1),
    };
    return ok(reply, answer);
  });

  api.get('/V4/document.article.search', async (request, reply) => {
    const query = asRecord(request.query);
    const { page, issues } = readPage(query);
    const text = String(query.q ?? '').trim();
    if (text.length > DOCUMENT_SEARCH_MAX_LENGTH) issues.push({ field: 'q', key: 'common.too-long', values: { max: DOCUMENT_SEARCH_MAX_LENGTH } });
    if (!validated(reply, issues)) return reply;
    const words = queryWords(text);
    const found = searchArticles(articlesOf(languageOf(request)), words);
    const answer: ListAnswer<DocumentSearchHit> = {
      list: found.slice(page.offset, page.offset + page.perPage).map((article) => ({ ...summaryOf(article), snippet: snippetOf(article, words) })),
      total: found.length,
    };
    return ok(reply, answer);
  });
}
