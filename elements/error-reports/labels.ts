/**
 * Catalogue keys (namespace `error-reports`) of the failure kinds and languages a report names. Keys are written out
 * rather than built from the values, so the catalogue test and a key search find every one; a value missing here (a
 * kind a newer console reports) is shown as the server stored it (`labelOf` of core/i18n).
 */
import type { ReportedErrorKind } from '../../core/api/catalogue.js';
import type { Language } from '../../core/i18n/language.js';

/** The failure kinds the console reports (core/api/catalogue.ts), in the order the kind filter offers them. */
export const KIND_LABEL_KEYS = {
  network: 'kind.network',
  timeout: 'kind.timeout',
  http: 'kind.http',
  system: 'kind.system',
  parse: 'kind.parse',
  'error-field': 'kind.error-field',
  code: 'kind.code',
  quiet: 'kind.quiet',
  'with-data': 'kind.with-data',
} as const satisfies Record<ReportedErrorKind, string>;

/** The console languages a report was seen in. */
export const LANGUAGE_LABEL_KEYS = {
  zh_CN: 'language.zh-cn',
  en_US: 'language.en-us',
} as const satisfies Record<Language, string>;
