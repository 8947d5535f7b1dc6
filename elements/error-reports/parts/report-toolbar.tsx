/**
 * The filters of `<ec-error-reports>`: failure kind and element (the tag, matched exactly, as the server stores it),
 * plus refresh. Every control has a visible label (the shared FilterField names the Dropdown for screen readers).
 */
import { Button } from 'primereact/button';
import { useMemo } from 'react';
import { labelOf } from '../../../core/i18n/i18n.js';
import { useT } from '../../../core/ui/element-context.js';
import { FilterField } from '../../../core/ui/parts/filter-field.js';
import { SearchInput } from '../../../core/ui/parts/search-input.js';
import { KIND_LABEL_KEYS } from '../labels.js';
import type { ErrorReportsFilters } from '../store.js';

/** Props of {@link ReportToolbar}. */
export interface ReportToolbarProps {
  /** The filters as the store has them. */
  filters: ErrorReportsFilters;
  /** Called with the kind picked ('' for all). */
  onKind: (kind: string) => void;
  /** Called with the element tag searched for ('' for all). */
  onSource: (source: string) => void;
  /** Called by the refresh button. */
  onRefresh: () => void;
}

/** The toolbar; `part="toolbar"`. */
export function ReportToolbar({ filters, onKind, onSource, onRefresh }: ReportToolbarProps) {
  const t = useT();

  const kindOptions = useMemo(() => {
    const known = Object.keys(KIND_LABEL_KEYS);
    // A kind the console has no name for (picked from a row of a newer console) stays shown, by its id.
    const kinds = filters.kind && !known.includes(filters.kind) ? [...known, filters.kind] : known;
    return kinds.map((value) => ({ value, label: labelOf(t, KIND_LABEL_KEYS, value) }));
  }, [filters.kind, t]);
  const kindLabel = t('filter.kind');
  const sourceLabel = t('filter.source');

  return (
    <div className="ec-row ec-toolbar" part="toolbar" role="search" aria-label={t('toolbar-label')}>
      <FilterField label={kindLabel} value={filters.kind} options={kindOptions} allLabel={t('filter.all-kinds')} onChange={onKind} />
      <div className="ec-filter">
        <span className="ec-filter-label" aria-hidden="true">
          {sourceLabel}
        </span>
        <SearchInput label={sourceLabel} placeholder={t('filter.source-placeholder')} value={filters.source} onSearch={onSource} />
      </div>
      <span className="ec-spacer" />
      <Button type="button" icon="pi pi-refresh" outlined label={t('refresh')} onClick={onRefresh} />
    </div>
  );
}
