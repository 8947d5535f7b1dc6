/**
 * The page's one notice host (DESIGN §2): `<ec-notice-host>` on document.body, in its own shadow root, owned by no
 * element. Whichever ec-* element connects first creates it; it stays when that element is hidden or removed, so
 * no element takes the page's toasts with it. Notices are stacked top-right with shell §9's durations (set by their
 * publishers) and start below the page's header: `--ec-notice-offset-top` (default 20px), set by the page on :root.
 *
 * The Toast component (and its transition group) is loaded with the first notice, not with every page (issue
 * "every page loads only what it shows", through ./parts/deferred.tsx); should that load fail, the notice is shown
 * as plain text in a live region and `ec-error` is sent from the page's first element.
 */
import type { Toast, ToastMessage } from 'primereact/toast';
import { PrimeReactProvider } from 'primereact/api';
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { registerNoticeOutlet, type Notice } from '../api/notices.js';
import { cataloguesLoaded, loadCatalogues, translator } from '../i18n/i18n.js';
import { asLanguage, pageLanguage } from '../i18n/language.js';
import type { Namespace } from '../i18n/catalogues.js';
import { pageEventTarget } from '../session/element-hosts.js';
import { emit } from './emit.js';
import { loadDeferred } from './parts/deferred.js';
import { adoptElementStyles, primeStyleSink, sheetFrom } from './styles.js';

/** The notice host's tag. */
export const NOTICE_HOST_TAG = 'ec-notice-host';

/** Toasts without their own duration stay this long (PrimeReact's default, named here). */
const DEFAULT_NOTICE_MS = 3000;

const NOTICE_HOST_CSS = `
:host { display: block; position: static; }
.p-toast.p-toast-top-right { top: var(--ec-notice-offset-top, 20px); right: var(--ec-notice-offset-right, 20px); }
.ec-notice-fallback { position: fixed; top: var(--ec-notice-offset-top, 20px); right: 20px; max-width: 24rem;
  padding: 0.75rem 1rem; background: var(--ec-color-surface-raised, #ffffff); border: 1px solid var(--ec-color-border, #d1d5db);
  border-radius: var(--ec-radius, 6px); color: var(--ec-color-text, #1f2937); z-index: 2147483000; }
`;

type ToastComponent = typeof Toast;

const loadToast = () => import('primereact/toast');

/** Renders the notice bus. */
function NoticeHost() {
  const toast = useRef<Toast>(null);
  const [ToastView, setToastView] = useState<ToastComponent | null>(null);
  const waiting = useRef<ToastMessage[]>([]);
  const [fallback, setFallback] = useState<ToastMessage[]>([]);

  useEffect(() => {
    const display = (message: ToastMessage) => {
      if (toast.current) {
        toast.current.show(message);
        return;
      }
      waiting.current.push(message);
      loadDeferred(loadToast).then(
        (module) => setToastView(() => module.Toast),
        (error: unknown) => {
          const target = pageEventTarget();
          if (target) emit(target, 'ec-error', { source: NOTICE_HOST_TAG, message: `toasts failed to load: ${String(error)}` });
          const shown = waiting.current.splice(0);
          setFallback((current) => [...current, ...shown]);
          setTimeout(() => setFallback((current) => current.filter((message) => !shown.includes(message))), 5000);
        },
      );
    };
    // Several calls failing together (a page's first loads when the API is unreachable) would stack the same
    // message many times: a notice equal to one still on screen is not shown again.
    const onScreen = new Map<string, number>();
    const fresh = (message: ToastMessage): boolean => {
      const key = `${message.severity}\u0000${String(message.detail)}`;
      const now = Date.now();
      if ((onScreen.get(key) ?? 0) > now) return false;
      onScreen.set(key, now + (message.life ?? DEFAULT_NOTICE_MS));
      return true;
    };
    return registerNoticeOutlet((notice: Notice) => {
      const language = asLanguage(notice.language) ?? pageLanguage.value;
      const namespace = (notice.namespace ?? 'common') as Namespace;
      const show = () => {
        const text = notice.text ?? (notice.key ? translator(language, namespace)(notice.key, notice.values ?? {}) : '');
        const message: ToastMessage = { severity: notice.severity, detail: text, life: notice.life ?? DEFAULT_NOTICE_MS };
        if (fresh(message)) display(message);
      };
      // A notice may name a namespace no element on the page has loaded yet (a host message, say).
      if (notice.text || cataloguesLoaded(language, [namespace, 'common'])) show();
      else loadCatalogues(language, [namespace, 'common']).then(show, show);
    });
  }, []);

  // Notices that arrived while the Toast component was loading.
  useEffect(() => {
    if (ToastView && toast.current && waiting.current.length) toast.current.show(waiting.current.splice(0));
  }, [ToastView]);

  return (
    <>
      {ToastView && <ToastView ref={toast} position="top-right" />}
      {fallback.length > 0 && (
        <div role="status" part="notice-fallback" className="ec-notice-fallback">
          {fallback.map((message, index) => (
            <p key={index}>{String(message.detail ?? '')}</p>
          ))}
        </div>
      )}
    </>
  );
}

let host: HTMLElement | undefined;
let hostSheet: CSSStyleSheet | undefined;

/**
 * Makes sure the page has its notice host, on document.body. Called by every element as it connects; a host the
 * page removed (a framework replacing body's children) is put back with its toasts.
 */
export function ensureNoticeHost(doc: Document = document): void {
  if (host?.isConnected) return;
  const parent = doc.body ?? doc.documentElement;
  if (host) {
    parent.append(host);
    return;
  }
  if (!customElements.get(NOTICE_HOST_TAG)) customElements.define(NOTICE_HOST_TAG, class NoticeHostElement extends HTMLElement {});
  host = doc.createElement(NOTICE_HOST_TAG);
  const root = host.attachShadow({ mode: 'open' });
  hostSheet ??= sheetFrom(NOTICE_HOST_CSS);
  root.adoptedStyleSheets = [hostSheet];
  parent.append(host);
  adoptElementStyles(root);
  createRoot(root).render(
    <PrimeReactProvider value={{ styleContainer: primeStyleSink(doc), appendTo: 'self', ripple: false }}>
      <NoticeHost />
    </PrimeReactProvider>,
  );
}
