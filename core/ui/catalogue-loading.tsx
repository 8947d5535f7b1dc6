/**
 * An element's texts arrive with it: the namespaces it names are loaded in its language before it first renders,
 * and on a language switch the element keeps showing the previous language (with everything typed) until the new
 * catalogues are in, then re-renders in place. A failed load says so and offers a retry.
 */
import { useEffect, useState } from 'react';
import type { Namespace } from '../i18n/catalogues.js';
import { cataloguesLoaded, loadCatalogues } from '../i18n/i18n.js';
import type { Language } from '../i18n/language.js';
import { emit } from './emit.js';

/** What the element may show now. */
export interface ShownLanguage {
  /** The language whose catalogues are loaded and shown; null before the first load finishes. */
  language: Language | null;
  /** The last load failed (the requested language is not shown). */
  failed: boolean;
  retry(): void;
}

/** Loads `namespaces` in `requested` and answers the language the element can show meanwhile. */
export function useShownLanguage(host: HTMLElement, tag: string, requested: Language, namespaces: readonly Namespace[]): ShownLanguage {
  const [shown, setShown] = useState<Language | null>(() => (cataloguesLoaded(requested, namespaces) ? requested : null));
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (cataloguesLoaded(requested, namespaces)) {
      setShown(requested);
      setFailed(false);
      return;
    }
    let current = true;
    setFailed(false);
    loadCatalogues(requested, namespaces).then(
      () => {
        if (current) setShown(requested);
      },
      (error: unknown) => {
        if (!current) return;
        setFailed(true);
        emit(host, 'ec-error', { source: tag, message: `texts for ${requested} failed to load: ${String(error)}` });
      },
    );
    return () => {
      current = false;
    };
  }, [requested, attempt]);

  return { language: shown, failed, retry: () => setAttempt((count) => count + 1) };
}

/**
 * Said when the texts themselves could not be loaded, so it cannot come from a catalogue: the one message of the
 * library written here, in both languages.
 */
const FAILURE_TEXT: Record<Language, { message: string; retry: string }> = {
  zh_CN: { message: '界面文字加载失败，请检查网络后重试。', retry: '重试' },
  en_US: { message: 'The texts of this page could not be loaded. Check the connection and try again.', retry: 'Retry' },
};

/** The failure notice with its retry button; `part="catalogue-error"`. */
export function CatalogueFailure({ language, onRetry }: { language: Language; onRetry: () => void }) {
  const text = FAILURE_TEXT[language];
  return (
    <div role="alert" className="ec-error-text" part="catalogue-error">
      {text.message}{' '}
      <button type="button" className="p-button p-button-sm p-button-outlined" onClick={onRetry}>
        {text.retry}
      </button>
    </div>
  );
}
