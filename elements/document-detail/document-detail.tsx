/**
 * `<ec-document-detail>`: one article of the documentation centre (shell §2 `/document/{aid}`; issue 29): the
 * article as the server rendered and sanitised it, its table of contents, the live example of an element reference
 * (the element itself, mounted here against the same API), previous/next articles, and a not-found state. Links to
 * other articles go through `ec-navigate` (route `document-aid`).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import type { DocumentArticle, DocumentExample } from '../../core/api/endpoints/documents.js';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../core/config/constants.js';
import { consoleHref, routePath } from '../../core/config/route-paths.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { NavLink, useNavigate } from '../../core/ui/parts/nav-link.js';
import { ErrorState, LoadingState } from '../../core/ui/parts/state-views.js';
import { REQUEST_ELEMENT_EVENT } from './events.js';
import { documentDetailStoreFor } from './store.js';

/** Host routes of the documentation centre (shell §2). */
const DASHBOARD_ROUTE = 'document-dashboard';
const ARTICLE_ROUTE = 'document-aid';
/** How articles link to each other in their Markdown (demo/server/features/documents/render.ts). */
const ARTICLE_LINK = /^doc:([a-z0-9][a-z0-9-]{0,63})$/;

/** Props of the component (attributes of the element). */
export interface DocumentDetailProps {
  articleId?: string;
}

type ExampleState = 'loading' | 'ready' | 'unavailable';

/** The element an article documents, mounted with the reader's API base, language and route mode. */
function LiveExample({ example }: { example: DocumentExample }) {
  const t = useT();
  const { apiBase, language, routeMode, emit } = useElement();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ExampleState>(() => (customElements.get(example.tag) ? 'ready' : 'loading'));
  const attributes = JSON.stringify(example.attributes);

  // The tag may not be defined on this page: the host is asked to load it (an element never loads another's code).
  useEffect(() => {
    if (customElements.get(example.tag)) {
      setState('ready');
      return undefined;
    }
    setState('loading');
    const taken = !emit(REQUEST_ELEMENT_EVENT, { tag: example.tag }, { cancelable: true });
    if (!taken) {
      setState('unavailable');
      return undefined;
    }
    let cancelled = false;
    const timer = setTimeout(() => !cancelled && setState('unavailable'), CHUNK_LOAD_TIMEOUT_MS);
    void customElements.whenDefined(example.tag).then(() => {
      if (cancelled) return;
      clearTimeout(timer);
      setState('ready');
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [example.tag]);

  useEffect(() => {
    const box = container.current;
    if (state !== 'ready' || !box) return undefined;
    const element = document.createElement(example.tag);
    for (const [name, value] of Object.entries(JSON.parse(attributes) as Record<string, string>)) element.setAttribute(name, value);
    element.setAttribute('api-base', apiBase);
    // A BCP 47 tag (`en-US`): the example's `lang` is also its HTML language, which must be a valid one.
    element.setAttribute('lang', language.replace('_', '-'));
    element.setAttribute('route-mode', routeMode);
    box.replaceChildren(element);
    // The example's bookmarkable view is its own, not the article's: it does not reach the page's address.
    const keep = (event: Event) => event.stopPropagation();
    box.addEventListener('ec-view-state', keep);
    return () => {
      box.removeEventListener('ec-view-state', keep);
      element.remove();
    };
  }, [state, example.tag, attributes, apiBase, language, routeMode]);

  return (
    <section className="ec-doc-example" part="example" aria-label={t('detail.example-label', { tag: example.tag })}>
      {state === 'loading' ? <LoadingState message={t('detail.example-loading', { tag: example.tag })} /> : null}
      {state === 'unavailable' ? <p className="ec-state">{t('detail.example-unavailable', { tag: example.tag })}</p> : null}
      <div ref={container} className="ec-doc-example-stage" data-tag={example.tag} />
    </section>
  );
}

function TableOfContents({ article, body }: { article: DocumentArticle; body: React.RefObject<HTMLElement | null> }) {
  const t = useT();
  if (article.toc.length === 0) return null;
  // Buttons, not #fragment links: the console's address is the host's (hash routing would read a fragment as a route).
  const jump = (id: string) => {
    const heading = body.current?.querySelector<HTMLElement>(`[id="${id}"]`);
    if (!heading) return;
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  };
  return (
    <nav className="ec-doc-toc" part="toc" aria-label={t('detail.toc')}>
      <h3>{t('detail.toc')}</h3>
      <ul>
        {article.toc.map((heading) => (
          <li key={heading.id} className={heading.level === 3 ? 'ec-doc-toc-sub' : undefined}>
            <button type="button" className="ec-link" onClick={() => jump(heading.id)}>
              {heading.text}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Article({ article }: { article: DocumentArticle }) {
  const t = useT();
  const { routeMode } = useElement();
  const navigate = useNavigate();
  const body = useRef<HTMLElement>(null);

  // Article links (`doc:<id>`) become console links in this route mode; headings can take focus from the contents.
  useEffect(() => {
    const root = body.current;
    if (!root) return;
    for (const link of root.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      const match = ARTICLE_LINK.exec(link.getAttribute('href') ?? '');
      if (!match) continue;
      link.dataset.aid = match[1]!;
      const path = routePath(ARTICLE_ROUTE, { aid: match[1]! });
      const href = path === undefined ? undefined : consoleHref(routeMode, path);
      if (href) link.setAttribute('href', href);
    }
    for (const heading of root.querySelectorAll<HTMLElement>('h2[id], h3[id], h4[id]')) heading.tabIndex = -1;
  }, [article.html, routeMode]);

  const onClick = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-aid]');
    if (!link) return;
    const realLink = !link.getAttribute('href')?.startsWith('doc:');
    if (realLink && (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)) return;
    const taken = !navigate({ route: ARTICLE_ROUTE, params: { aid: link.dataset.aid! } });
    // A page that does not route follows a real link itself; a `doc:` address is never followed.
    if (taken || !realLink) event.preventDefault();
  };

  return (
    <div className="ec-doc-layout">
      <div className="ec-doc-main ec-stack">
        <div className="ec-doc-head">
          <h2 className="ec-doc-title">{article.title}</h2>
          {article.summary ? <p className="ec-muted">{article.summary}</p> : null}
        </div>
        {/* The server renders the Markdown with marked and sanitises it with sanitize-html (render.ts): the HTML
            holds no script, handler or script URL, which test/server/documents.test.ts checks with an XSS corpus. */}
        <article ref={body} className="ec-doc-article" part="article" onClick={onClick} dangerouslySetInnerHTML={{ __html: article.html }} />
        {article.example ? <LiveExample example={article.example} /> : null}
        <nav className="ec-doc-pager" part="article-pager" aria-label={t('detail.pager')}>
          {article.previous ? (
            <NavLink route={ARTICLE_ROUTE} params={{ aid: article.previous.id }} className="ec-doc-previous">
              <span className="ec-muted">{t('detail.previous')}</span> {article.previous.title}
            </NavLink>
          ) : (
            <span />
          )}
          {article.next ? (
            <NavLink route={ARTICLE_ROUTE} params={{ aid: article.next.id }} className="ec-doc-next">
              <span className="ec-muted">{t('detail.next')}</span> {article.next.title}
            </NavLink>
          ) : null}
        </nav>
      </div>
      <TableOfContents article={article} body={body} />
    </div>
  );
}

function NotFound({ id }: { id: string }) {
  const t = useT();
  return (
    <div className="ec-state ec-state-empty" role="alert" part="not-found">
      <i className="pi pi-question-circle" aria-hidden="true" />
      <p>{id ? t('detail.not-found', { id }) : t('detail.missing-id')}</p>
      <p className="ec-muted">{t('detail.not-found-text')}</p>
      <NavLink route={DASHBOARD_ROUTE} appearance="button">
        {t('detail.all')}
      </NavLink>
    </div>
  );
}

/** One article. */
export function DocumentDetail({ articleId }: DocumentDetailProps) {
  useSignals();
  const t = useT();
  const { host, client, language } = useElement();
  const store = documentDetailStoreFor(host, client, language);
  const id = articleId?.trim() ?? '';
  const state = store.article.value;

  useEffect(() => {
    if (id !== '' && (store.article.value?.id !== id || store.article.value.status === 'error')) void store.load(id);
  }, [store, id]);

  let content;
  if (id === '') content = <NotFound id="" />;
  else if (!state || state.id !== id || state.status === 'loading') content = <LoadingState message={t('detail.loading')} />;
  else if (state.status === 'not-found') content = <NotFound id={id} />;
  else if (state.status === 'error') content = <ErrorState message={t('detail.load-failed')} onRetry={() => void store.load(id)} />;
  else content = <Article article={state.article} />;
  return <div className="ec-root ec-stack ec-document-detail">{content}</div>;
}
