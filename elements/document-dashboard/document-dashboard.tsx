/**
 * `<ec-document-dashboard>`: the documentation centre's home (shell §2 `/document`; issue 29): every article by
 * section (guides, the API, logs, the element reference) and a search across titles and bodies whose results show
 * where the words were found. Articles open through `ec-navigate` (route `document-aid`); the element never leaves
 * the page by itself.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId } from 'react';
import { DOCUMENT_SEARCH_MAX_LENGTH, DOCUMENT_SECTIONS, type DocumentSummary, type SnippetPart } from '../../core/api/endpoints/documents.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { NavLink } from '../../core/ui/parts/nav-link.js';
import { Pager } from '../../core/ui/parts/pager.js';
import { SearchInput } from '../../core/ui/parts/search-input.js';
import { EmptyState, ErrorState, LoadingState } from '../../core/ui/parts/state-views.js';
import { useViewStateReport } from '../../core/ui/view-state.js';
import { documentDashboardStoreFor, SEARCH_PAGE_SIZE, type DocumentDashboardStore } from './store.js';

/** The route that shows one article (demo host, shell §2 `/document/{aid}`). */
export const ARTICLE_ROUTE = 'document-aid';

/** Props of the component (attributes of the element). */
export interface DocumentDashboardProps {
  /** The bookmarked view to start from (URL query text; core/ui/view-state.ts). */
  viewState?: string;
}

function Snippet({ parts }: { parts: SnippetPart[] }) {
  // Pieces are rendered as text: a snippet never carries markup, whatever the article or the query held.
  return (
    <p className="ec-doc-snippet">
      {parts.map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
    </p>
  );
}

function ArticleLink({ article }: { article: DocumentSummary }) {
  return (
    <NavLink route={ARTICLE_ROUTE} params={{ aid: article.id }} className="ec-doc-article-link">
      {article.title}
    </NavLink>
  );
}

function SearchResults({ store }: { store: DocumentDashboardStore }) {
  const t = useT();
  const state = store.results.value;
  const query = store.query.value;
  if (state.status === 'loading') return <LoadingState message={t('dashboard.searching')} />;
  if (state.status === 'error') return <ErrorState message={t('dashboard.search-failed')} onRetry={() => void store.runSearch()} />;
  if (state.status !== 'ready') return null;
  if (state.value.total === 0) return <EmptyState message={t('dashboard.no-results', { query })} />;
  return (
    <section className="ec-stack" part="results" aria-label={t('dashboard.results', { count: state.value.total, query })}>
      <p role="status" className="ec-muted">
        {t('dashboard.results', { count: state.value.total, query })}
      </p>
      <ol className="ec-doc-results">
        {state.value.list.map((hit) => (
          <li key={hit.id}>
            <ArticleLink article={hit} />
            <span className="ec-doc-section-tag">{t(`section.${hit.section}`)}</span>
            <Snippet parts={hit.snippet} />
          </li>
        ))}
      </ol>
      <Pager page={store.page.value} pageSize={SEARCH_PAGE_SIZE} pageSizes={[SEARCH_PAGE_SIZE]} total={state.value.total} onChange={(change) => store.goToPage(change.page)} />
    </section>
  );
}

function Sections({ store }: { store: DocumentDashboardStore }) {
  const t = useT();
  const headingId = useId();
  const state = store.list.value;
  if (state.status === 'loading' || state.status === 'idle') return <LoadingState message={t('dashboard.loading')} />;
  if (state.status === 'error') return <ErrorState message={t('dashboard.load-failed')} onRetry={() => void store.loadList()} />;
  if (state.value.total === 0) return <EmptyState message={t('dashboard.empty')} />;
  return (
    <div className="ec-doc-sections" part="sections">
      {DOCUMENT_SECTIONS.map((section) => {
        const articles = state.value.list.filter((article) => article.section === section);
        if (articles.length === 0) return null;
        return (
          <section key={section} className={`ec-doc-section ec-doc-section-${section}`} aria-labelledby={`${headingId}-${section}`}>
            <h2 id={`${headingId}-${section}`}>{t(`section.${section}`)}</h2>
            <ul className={section === 'elements' ? 'ec-doc-grid' : 'ec-doc-list'}>
              {articles.map((article) => (
                <li key={article.id}>
                  <ArticleLink article={article} />
                  <p className="ec-muted">{article.summary}</p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** The documentation centre's home. */
export function DocumentDashboard({ viewState }: DocumentDashboardProps) {
  useSignals();
  const t = useT();
  const { host, client, language } = useElement();
  const store = documentDashboardStoreFor(host, client, language, viewState);
  useViewStateReport(store.viewState.value, viewState);
  const query = store.query.value;

  useEffect(() => {
    if (store.list.value.status === 'idle') void store.loadList();
    if (store.query.value !== '' && store.results.value.status === 'idle') void store.runSearch();
  }, [store]);

  const tooLong = query.length > DOCUMENT_SEARCH_MAX_LENGTH;
  return (
    <div className="ec-root ec-stack ec-document-dashboard">
      <p className="ec-muted">{t('dashboard.intro')}</p>
      <div className="ec-row" part="toolbar">
        <SearchInput label={t('dashboard.search-label')} placeholder={t('dashboard.search-placeholder')} value={query} onSearch={(text) => store.search(text)} />
      </div>
      {tooLong ? (
        <p role="alert" className="ec-error-text">
          {t('dashboard.search-too-long', { max: DOCUMENT_SEARCH_MAX_LENGTH })}
        </p>
      ) : null}
      {query !== '' && !tooLong ? <SearchResults store={store} /> : <Sections store={store} />}
    </div>
  );
}
