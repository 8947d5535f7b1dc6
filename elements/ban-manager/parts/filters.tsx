/**
 * Filter controls shared by the overview and the record list of `<ec-ban-manager>` besides the date range
 * (core/ui/parts/time-range-filter.tsx): the domain picker. Every control has a visible label;
 * Dropdowns also name their hidden input and select for screen readers (NOTES.md, PrimeReact in a shadow root).
 */
import { Dropdown } from 'primereact/dropdown';
import { useId, useMemo } from 'react';
import type { DomainListItem } from '../../../core/api/endpoints/platform.js';
import { useT } from '../../../core/ui/element-context.js';
import type { Loaded } from '../store.js';
import { FilterField } from '../../../core/ui/parts/filter-field.js';
import { namedDropdown as named } from '../../../core/ui/parts/named.js';

/** Props of {@link DomainSelect}. */
export interface DomainSelectProps {
  domains: Loaded<DomainListItem[]>;
  value: number | null;
  onChange: (domainId: number | null) => void;
  /** Offer "All domains" (filters); without it a domain must be picked (batch unban). */
  allowAll?: boolean;
  /** Visible label, translated; default "Domain". */
  label?: string;
  /** Marks the field invalid and names the message element. */
  invalid?: boolean;
  describedBy?: string;
  /** The input id, when the caller points a label or message at it. */
  inputId?: string;
}

/** A domain picker over the domains the session may see, filterable when there are many. */
export function DomainSelect({ domains, value, onChange, allowAll = false, label, invalid = false, describedBy, inputId }: DomainSelectProps) {
  const t = useT();
  const ownId = useId();
  const id = inputId ?? ownId;
  const text = label ?? t('filter.domain');
  const options = useMemo(
    () => (domains.status === 'ready' ? domains.data.map((item) => ({ value: item.domain_id, label: item.domain })) : []),
    [domains],
  );
  // As a filter ("All domains" first) it is the toolbar's one filter part.
  if (allowAll) {
    return (
      <FilterField<number>
        label={text}
        value={value ?? ''}
        options={options}
        allLabel={t('filter.all-domains')}
        onChange={(next) => onChange(next === '' ? null : next)}
        searchLabel={options.length > 10 ? t('filter.search-domains') : undefined}
        emptyMessage={t('filter.no-domains')}
      />
    );
  }

  return (
    <div className="ec-filter">
      <label htmlFor={id}>{text}</label>
      <Dropdown
        inputId={id}
        value={value}
        options={options}
        filter={options.length > 10}
        filterInputAutoFocus
        placeholder={domains.status === 'error' ? t('domains-failed') : t('filter.choose-domain')}
        disabled={domains.status === 'loading'}
        emptyMessage={t('filter.no-domains')}
        className={invalid ? 'p-invalid' : undefined}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.value === null ? null : Number(event.value))}
        pt={{ ...named(text), filterInput: { 'aria-label': t('filter.search-domains') } as never }}
      />
    </div>
  );
}
