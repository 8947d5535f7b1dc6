/**
 * The console language (shell §1: zh_CN default, en_US). The host's choice is stored locally and a change reloads
 * the page; an element's `lang` attribute overrides it for that element alone.
 */
import { signal } from '@preact/signals-react';

/** Console language codes. */
export const LANGUAGES = ['zh_CN', 'en_US'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Default language (shell §1, §9). */
export const DEFAULT_LANGUAGE: Language = 'zh_CN';
/** localStorage key shared with the provider portal. */
export const LANGUAGE_STORAGE_KEY = 'lang';

/**
 * Narrows a string to a language, or undefined. Accepts the console's codes (`zh_CN`) and BCP 47 tags (`zh-CN`,
 * case-insensitive): an element's `lang` attribute is also HTML's global attribute, where only the hyphenated form
 * is valid (axe: valid-lang), so pages should write `lang="zh-CN"`.
 */
export function asLanguage(value: unknown): Language | undefined {
  if (typeof value !== 'string') return undefined;
  const normalized = value.trim().replace('-', '_').toLowerCase();
  return LANGUAGES.find((language) => language.toLowerCase() === normalized);
}

/** The BCP 47 tag for Intl and Accept-Language. */
export function toLocaleTag(language: Language): string {
  return language === 'zh_CN' ? 'zh-CN' : 'en-US';
}

function readStoredLanguage(): Language {
  try {
    return asLanguage(globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY)) ?? DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** The page-wide language (global signal: DESIGN §6 allows session, language, OEM and region). */
export const pageLanguage = signal<Language>(readStoredLanguage());

/**
 * Stores the language for the whole console. The host reloads the page afterwards (shell §1); embedded elements
 * simply re-render from the signal.
 */
export function storeLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode, sandboxed iframe); the choice then lasts for this page only.
  }
  pageLanguage.value = language;
}
