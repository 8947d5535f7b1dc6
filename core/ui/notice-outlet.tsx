/**
 * Renders the notice bus as PrimeReact toasts. Every element mounts one; only the outlet the bus selects shows a
 * given notice (see core/api/notices.ts), so a page with many elements shows each toast once. The Toast component
 * (and its transition group) is loaded with the first notice, not with every page (issue "every page loads only
 * what it shows", through ./parts/deferred.tsx); should that load fail, the notice is shown as plain text in a live
 * region instead and the element sends `ec-error`.
 */
import type { Toast, ToastMessage } from 'primereact/toast';
import { useContext, useEffect, useRef, useState } from 'react';
import { registerNoticeOutlet, type Notice } from '../api/notices.js';
import { cataloguesLoaded, loadCatalogues, translator } from '../i18n/i18n.js';
import type { Language } from '../i18n/language.js';
import type { Namespace } from '../i18n/catalogues.js';
import { ElementContext } from './element-context.js';
import { loadDeferred } from './parts/deferred.js';

interface NoticeOutletProps {
  language: Language;
  /** 10 for the host, 0 for elements. */
  priority?: number;
}

type ToastComponent = typeof Toast;

const loadToast = () => import('primereact/toast');

/** The toast outlet. */
export function NoticeOutlet({ language, priority = 0 }: NoticeOutletProps) {
  const toast = useRef<Toast>(null);
  const languageRef = useRef(language);
  languageRef.current = language;
  const [ToastView, setToastView] = useState<ToastComponent | null>(null);
  const waiting = useRef<ToastMessage[]>([]);
  const [fallback, setFallback] = useState<ToastMessage[]>([]);
  // The element (absent around the demo host's own outlet) is told when the toasts cannot be loaded.
  const context = useContext(ElementContext);
  const element = useRef(context);
  element.current = context;

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
          element.current?.emit('ec-error', { source: element.current.host.localName, message: `toasts failed to load: ${String(error)}` });
          const shown = waiting.current.splice(0);
          setFallback((current) => [...current, ...shown]);
          setTimeout(() => setFallback((current) => current.filter((message) => !shown.includes(message))), 5000);
        },
      );
    };
    return registerNoticeOutlet((notice: Notice) => {
      const language = languageRef.current;
      const namespace = (notice.namespace ?? 'common') as Namespace;
      const show = () => {
        const text = notice.text ?? (notice.key ? translator(language, namespace)(notice.key, notice.values ?? {}) : '');
        display({ severity: notice.severity, detail: text, life: notice.life ?? 3000 });
      };
      // A notice may name a namespace no element on the page has loaded yet (a host message, say).
      if (notice.text || cataloguesLoaded(language, [namespace])) show();
      else loadCatalogues(language, [namespace]).then(show, show);
    }, priority);
  }, [priority]);

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
