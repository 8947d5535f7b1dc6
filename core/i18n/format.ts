/**
 * The one formatter (shell §9; DESIGN §6). Numbers, bytes, bits, large numbers, percentages, durations and dates
 * go through here, built on @formatjs/intl so both languages format the same way everywhere.
 */
import { formatDate as formatjsDate, formatNumber as formatjsNumber, type FormatDateOptions, type FormatNumberOptions } from '@formatjs/intl';
import { translator } from './i18n.js';
import { pageLanguage, toLocaleTag, type Language } from './language.js';

/** The two @formatjs/intl formatters the console uses, bound to one language. */
export interface LanguageFormatter {
  formatNumber(value: number, options?: FormatNumberOptions): string;
  formatDate(value: Date | number, options?: FormatDateOptions): string;
}

const formatterByLanguage = new Map<Language, LanguageFormatter>();

/** One Intl formatter per locale and options: building one costs far more than using it. */
function memoized<F>(build: (locale: string, options: object) => F): (locale: string, options?: object) => F {
  const cache = new Map<string, F>();
  return (locale, options = {}) => {
    const key = `${locale}|${JSON.stringify(options)}`;
    let formatter = cache.get(key);
    if (!formatter) {
      formatter = build(locale, options);
      cache.set(key, formatter);
    }
    return formatter;
  };
}

/**
 * The @formatjs/intl number and date formatters for a language (created once). They are the library's standalone
 * functions rather than `createIntl`, whose message formatting would bring the ICU message parser into every page
 * (about 15 KB gz) although i18next owns every text.
 */
export function intlFor(language: Language = pageLanguage.value): LanguageFormatter {
  let formatter = formatterByLanguage.get(language);
  if (!formatter) {
    const config = { locale: toLocaleTag(language), formats: {}, onError: () => undefined };
    const numberFormat = memoized((locale, options) => new Intl.NumberFormat(locale, options));
    const dateTimeFormat = memoized((locale, options) => new Intl.DateTimeFormat(locale, options));
    formatter = {
      formatNumber: (value, options) => formatjsNumber(config, numberFormat, value, options),
      formatDate: (value, options) => formatjsDate(config, dateTimeFormat, value, options),
    };
    formatterByLanguage.set(language, formatter);
  }
  return formatter;
}

/** Shell §5: the number formatter turns non-numeric input into 0. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : 0;
  }
  return 0;
}

function fixed2(value: number, language: Language): string {
  return intlFor(language).formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
const BIT_UNITS = ['bps', 'Kbps', 'Mbps', 'Gbps', 'Tbps'] as const;

function scaleBase1000(value: number, units: readonly string[], language: Language): string {
  let scaled = toNumber(value);
  let unit = 0;
  while (Math.abs(scaled) >= 1000 && unit < units.length - 1) {
    scaled /= 1000;
    unit++;
  }
  return `${fixed2(scaled, language)} ${units[unit]}`;
}

/** Bytes in base 1000 with 2 decimals, B to TB (shell §9). */
export function formatBytes(value: unknown, language: Language = pageLanguage.value): string {
  return scaleBase1000(toNumber(value), BYTE_UNITS, language);
}

/** Bits per second in base 1000 with 2 decimals, bps to Tbps (shell §9). */
export function formatBits(value: unknown, language: Language = pageLanguage.value): string {
  return scaleBase1000(toNumber(value), BIT_UNITS, language);
}

/** The thresholds of shell §9: units start at 1e4 and 1e8. */
export const LARGE_NUMBER_THRESHOLDS = [1e4, 1e8] as const;

/**
 * Large numbers with units at 1e4 and 1e8 (shell §9). Chinese counts in 万 (1e4) and 亿 (1e8); English has no
 * such words, so at the same thresholds it shows thousands (K) and millions (M), keeping the value exact.
 */
export function formatLargeNumber(value: unknown, language: Language = pageLanguage.value): string {
  const number = toNumber(value);
  const t = translator(language);
  const magnitude = Math.abs(number);
  const [small, big] = LARGE_NUMBER_THRESHOLDS;
  if (magnitude >= big) {
    const divisor = language === 'zh_CN' ? 1e8 : 1e6;
    return t('unit.large-big', { value: trimZeros(fixed2(number / divisor, language)) });
  }
  if (magnitude >= small) {
    const divisor = language === 'zh_CN' ? 1e4 : 1e3;
    return t('unit.large-small', { value: trimZeros(fixed2(number / divisor, language)) });
  }
  return intlFor(language).formatNumber(number, { maximumFractionDigits: 2 });
}

function trimZeros(text: string): string {
  return text.replace(/\.?0+$/, '');
}

/** Percentage with 2 decimals; `ratio` 0.1234 -> "12.34%" (shell §9 pie percent). */
export function formatPercent(ratio: unknown, language: Language = pageLanguage.value): string {
  return intlFor(language).formatNumber(toNumber(ratio), {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}

/** An integer with grouping, for counts. */
export function formatCount(value: unknown, language: Language = pageLanguage.value): string {
  return intlFor(language).formatNumber(Math.trunc(toNumber(value)));
}

/** Durations in hours, minutes and seconds (shell §9); zero parts are left out, 0 shows "0 s". */
export function formatDuration(totalSeconds: unknown, language: Language = pageLanguage.value): string {
  const seconds = Math.max(0, Math.round(toNumber(totalSeconds)));
  const t = translator(language);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const parts: string[] = [];
  if (hours) parts.push(t('unit.hours', { count: hours }));
  if (minutes) parts.push(t('unit.minutes', { count: minutes }));
  if (rest || parts.length === 0) parts.push(t('unit.seconds', { count: rest }));
  return parts.join(t('unit.duration-separator'));
}

/** Log times are shown in UTC+8 (shell §9, rules §9), whatever the viewer's zone. */
export const LOG_TIME_ZONE = 'Asia/Shanghai';

/** A log timestamp as `YYYY-MM-DD HH:mm:ss` in UTC+8. Accepts ms, ISO text or a Date; bad input gives ''. */
export function formatLogTime(value: number | string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);
  if (Number.isNaN(date.getTime())) return '';
  const shifted = new Date(date.getTime() + 8 * 3600_000);
  return shifted.toISOString().slice(0, 19).replace('T', ' ');
}

/** A date and time in the viewer's zone, in the element's language. */
export function formatDateTime(value: number | string | Date, language: Language = pageLanguage.value): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return intlFor(language).formatDate(date, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A calendar date in the element's language. */
export function formatDate(value: number | string | Date, language: Language = pageLanguage.value): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return intlFor(language).formatDate(date, { dateStyle: 'medium' });
}
