/**
 * Renders the notice bus as PrimeReact toasts. Every element mounts one; only the outlet the bus selects shows a
 * given notice (see core/api/notices.ts), so a page with many elements shows each toast once.
 */
import { Toast } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import { registerNoticeOutlet, type Notice } from '../api/notices.js';
import { translator } from '../i18n/i18n.js';
import type { Language } from '../i18n/language.js';
import type { Namespace } from '../i18n/resources.js';

interface NoticeOutletProps {
  language: Language;
  /** 10 for the host, 0 for elements. */
  priority?: number;
}

/** The toast outlet. */
export function NoticeOutlet({ language, priority = 0 }: NoticeOutletProps) {
  const toast = useRef<Toast>(null);
  const languageRef = useRef(language);
  languageRef.current = language;

  useEffect(
    () =>
      registerNoticeOutlet((notice: Notice) => {
        const text =
          notice.text ??
          (notice.key ? translator(languageRef.current, (notice.namespace ?? 'common') as Namespace)(notice.key, notice.values ?? {}) : '');
        toast.current?.show({ severity: notice.severity, detail: text, life: notice.life ?? 3000 });
      }, priority),
    [priority],
  );

  return <Toast ref={toast} position="top-right" />;
}
