/**
 * The words of the record files, taken from the `dns-records` catalogues: the export writes headers, lines and
 * statuses in the user's language, and the import accepts them in either language (a workbook exported by a colleague
 * using the other language still imports).
 */
import { DNS_LINES, DNS_STATUSES } from '../../core/rules/dns.js';
import { translator } from '../../core/i18n/i18n.js';
import { LANGUAGES, type Language } from '../../core/i18n/language.js';
import { RECORD_COLUMNS, type RecordColumn } from './files/import-model.js';
import type { WorkbookLabels, WorkbookVocabulary } from './files/workbook.js';

/** Catalogue keys of the record columns. */
export const COLUMN_KEYS: Record<RecordColumn, string> = {
  host: 'column.host',
  type: 'column.type',
  line: 'column.line',
  value: 'column.value',
  priority: 'column.priority',
  ttl: 'column.ttl',
  status: 'column.status',
  remark: 'column.remark',
  group: 'column.group',
};

/** Catalogue keys of the resolution lines. */
export const LINE_KEYS: Record<(typeof DNS_LINES)[number], string> = {
  any: 'line.any',
  telecom: 'line.telecom',
  unicom: 'line.unicom',
  mobile: 'line.mobile',
  education: 'line.education',
  overseas: 'line.overseas',
  'search-engine': 'line.search-engine',
};

/** Catalogue keys of the statuses. */
export const STATUS_KEYS: Record<(typeof DNS_STATUSES)[number], string> = {
  normal: 'status.normal',
  disabled: 'status.disabled',
};

function mapped<K extends string>(keys: Record<K, string>, language: Language): Record<K, string> {
  const t = translator(language, 'dns-records');
  return Object.fromEntries(Object.entries(keys).map(([id, key]) => [id, t(key as string)])) as Record<K, string>;
}

/** Export labels in one language. */
export function workbookLabels(language: Language): WorkbookLabels {
  return {
    domain: translator(language, 'dns-records')('column.domain'),
    columns: mapped(COLUMN_KEYS, language),
    lines: mapped(LINE_KEYS, language),
    statuses: mapped(STATUS_KEYS, language),
  };
}

/** Import vocabulary: every label of every console language, `first` first (its labels name missing columns). */
export function workbookVocabulary(first: Language): WorkbookVocabulary {
  const all = [first, ...LANGUAGES.filter((language) => language !== first)].map(workbookLabels);
  const merge = <K extends string>(pick: (labels: WorkbookLabels) => Record<K, string>, ids: readonly K[]) =>
    Object.fromEntries(ids.map((id) => [id, all.map((labels) => pick(labels)[id])])) as Record<K, string[]>;
  return {
    domain: all.map((labels) => labels.domain),
    columns: merge((labels) => labels.columns, RECORD_COLUMNS),
    lines: merge((labels) => labels.lines, DNS_LINES),
    statuses: merge((labels) => labels.statuses, DNS_STATUSES),
  };
}
