/**
 * Per-instance store of `<ec-document-detail>`: one article, or why there is none (not found, failed to load).
 */
import { signal } from '@preact/signals-react';
import { ApiError, NOT_FOUND_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type { ApiClient } from '../../core/api/client.js';
import { getDocument, type DocumentArticle } from '../../core/api/endpoints/documents.js';
import type { Language } from '../../core/i18n/language.js';
import { instanceStores } from '../../core/ui/instance-stores.js';

/** Where the article stands. */
export type ArticleState =
  | { status: 'loading'; id: string }
  | { status: 'not-found'; id: string }
  | { status: 'error'; id: string }
  | { status: 'ready'; id: string; article: DocumentArticle };

function createStore(client: ApiClient, language: Language) {
  const article = signal<ArticleState | null>(null);
  let run = 0;

  /** Loads an article; an answer for an article the reader has already left is dropped. */
  async function load(id: string): Promise<void> {
    const current = ++run;
    article.value = { status: 'loading', id };
    try {
      // The page shows a missing article itself, so no notice pops up for it.
      const value = await getDocument(client, id, language, { notify: false });
      if (current === run) article.value = { status: 'ready', id, article: value };
    } catch (error) {
      if (current !== run) return;
      const missing = error instanceof ApiError && (error.code === NOT_FOUND_CODE || error.code === VALIDATION_FAILED_CODE);
      article.value = { status: missing ? 'not-found' : 'error', id };
    }
  }

  return { article, load };
}

/** The store type. */
export type DocumentDetailStore = ReturnType<typeof createStore>;

const stores = instanceStores<DocumentDetailStore>();

/** The store of one element instance (kept across r2wc remounts; a new client or language makes a new one). */
export function documentDetailStoreFor(host: HTMLElement, client: ApiClient, language: Language): DocumentDetailStore {
  return stores(host, () => createStore(client, language), `${language}:${client.base}`);
}
