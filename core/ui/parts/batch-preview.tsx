/**
 * The per-line preview of a checked batch (rules §5 Bans: batch unlock and IP list uploads show each line as valid,
 * invalid with its reason, or a duplicate before anything is sent). The lines come packed from the batch worker
 * (`core/rules/batch-packed.ts`) and only the page on screen is rendered, so a 100,000-line file never becomes
 * 100,000 DOM rows. A filter narrows the view to one kind of line; the pager pages through it.
 */
import { useId, useMemo, useState } from 'react';
import { formatCount } from '../../i18n/format.js';
import type { BatchLineStatus } from '../../rules/batch.js';
import { packedLineIndexes, packedLineIssue, packedLineStatus, packedLineText, type PackedBatchResult } from '../../rules/batch-packed.js';
import { DEFAULT_PAGE_SIZE } from '../../config/constants.js';
import { useElement, useT } from '../element-context.js';
import { Pager } from './pager.js';
import { StatusTag, type StatusSetting } from './status-tag.js';

/** Which lines the preview shows. */
export type BatchPreviewFilter = 'all' | BatchLineStatus;

const FILTERS: readonly BatchPreviewFilter[] = ['all', 'invalid', 'duplicate', 'valid'];
/** Catalogue keys (namespace `common`) of the filter buttons, written out so a key search finds them. */
const FILTER_KEYS: Record<BatchPreviewFilter, string> = {
  all: 'parts.batch-preview.filter-all',
  invalid: 'parts.batch-preview.filter-invalid',
  duplicate: 'parts.batch-preview.filter-duplicate',
  valid: 'parts.batch-preview.filter-valid',
};
const FILTER_STATUSES: Record<BatchPreviewFilter, readonly BatchLineStatus[] | undefined> = {
  all: undefined,
  valid: ['valid'],
  invalid: ['invalid'],
  duplicate: ['duplicate'],
};

/** Props of {@link BatchPreview}. */
export interface BatchPreviewProps {
  /** The text that was checked: line texts are read from it. */
  text: string;
  /** The worker's result for that text. */
  packed: PackedBatchResult;
  /** Accessible name of the preview table, translated. */
  label: string;
  /** The filter shown first; default `invalid` when some lines are invalid, else `all`. */
  initialFilter?: BatchPreviewFilter;
}

/** Summary counts, a filter and one page of lines; `part="preview"` around a `part="preview-table"`. */
export function BatchPreview({ text, packed, label, initialFilter }: BatchPreviewProps) {
  const { language } = useElement();
  const t = useT('common');
  const tRules = useT('rules');
  const [filter, setFilter] = useState<BatchPreviewFilter>(initialFilter ?? (packed.summary.invalid > 0 ? 'invalid' : 'all'));
  const [page, setPage] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const captionId = useId();

  const indexes = useMemo(() => packedLineIndexes(packed, FILTER_STATUSES[filter]), [packed, filter]);
  const counts: Record<BatchPreviewFilter, number> = {
    all: packed.summary.total,
    valid: packed.summary.valid,
    invalid: packed.summary.invalid,
    duplicate: packed.summary.duplicate,
  };
  const settings: StatusSetting[] = [
    { value: 'valid', label: t('parts.batch-preview.status.valid'), color: 'success' },
    { value: 'invalid', label: t('parts.batch-preview.status.invalid'), color: 'danger' },
    { value: 'duplicate', label: t('parts.batch-preview.status.duplicate'), color: 'warning' },
  ];
  const first = (page.page - 1) * page.pageSize;
  const shown = Array.from(indexes.subarray(first, first + page.pageSize));

  const choose = (next: BatchPreviewFilter) => {
    setFilter(next);
    setPage((current) => ({ ...current, page: 1 }));
  };

  return (
    <section className="ec-stack ec-batch-preview" part="preview" aria-labelledby={captionId}>
      <div className="ec-row" role="group" aria-label={t('parts.batch-preview.filter')}>
        {FILTERS.map((name) => (
          <button
            key={name}
            type="button"
            className={`ec-chip${filter === name ? ' ec-chip-active' : ''}`}
            aria-pressed={filter === name}
            onClick={() => choose(name)}
          >
            {t(FILTER_KEYS[name], { value: formatCount(counts[name], language) })}
          </button>
        ))}
        {packed.summary.blank > 0 && (
          <span className="ec-muted">{t('parts.batch-preview.blank', { value: formatCount(packed.summary.blank, language) })}</span>
        )}
      </div>
      <table className="ec-preview-table" part="preview-table">
        <caption id={captionId} className="ec-visually-hidden">
          {label}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('parts.batch-preview.line')}</th>
            <th scope="col">{t('parts.batch-preview.entry')}</th>
            <th scope="col">{t('parts.batch-preview.result')}</th>
            <th scope="col">{t('parts.batch-preview.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.length === 0 ? (
            <tr>
              <td colSpan={4} className="ec-muted">
                {t('parts.batch-preview.none')}
              </td>
            </tr>
          ) : (
            shown.map((index) => {
              const found = packedLineIssue(packed, index);
              return (
                <tr key={index}>
                  <td>{formatCount(index + 1, language)}</td>
                  <td className="ec-preview-entry">{packedLineText(text, packed, index)}</td>
                  <td>
                    <StatusTag settings={settings} value={packedLineStatus(packed, index)} />
                  </td>
                  <td>{found ? tRules(found.key, found.values ?? {}) : ''}</td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
      <Pager page={page.page} pageSize={page.pageSize} total={indexes.length} onChange={setPage} />
    </section>
  );
}
