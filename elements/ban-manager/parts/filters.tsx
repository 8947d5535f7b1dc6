/**
 * Filter controls shared by the overview and the record list of `<ec-ban-manager>`: the rules §9 date range (with
 * the custom inputs in UTC+8, as ban times are shown) and the domain picker. Every control has a visible label;
 * Dropdowns also name their hidden input and select for screen readers (NOTES.md, PrimeReact in a shadow root).
 */
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useId, useMemo } from 'react';
import type { DomainListItem } from '../../../core/api/endpoints/platform.js';
import { isTimeRangePreset, resolveTimeRange, TIME_RANGE_PRESETS, type TimeRangePreset } from '../../../core/i18n/time-range.js';
import { useT } from '../../../core/ui/element-context.js';
import { RANGE_LABEL_KEYS } from '../labels.js';
import type { Loaded, TimeFilter } from '../store.js';
import { FilterField } from '../../../core/ui/parts/filter-field.js';
import { namedDropdown as named } from '../../../core/ui/parts/named.js';


/** Props of {@link TimeFilterFields}. */
export interface TimeFilterFieldsProps {
  value: TimeFilter;
  /** Called with the preset picked, or the custom inputs as typed. */
  onChange: (change: Partial<Pick<TimeFilter, 'range' | 'custom'>>) => void;
}

/** Whether the custom inputs form a range: both ends, in order (a custom range does not depend on the time now). */
function customValid(value: TimeFilter): boolean {
  return resolveTimeRange('custom', 0, value.custom) !== null;
}

/** The range picker and, for a custom range, its start and end inputs. */
export function TimeFilterFields({ value, onChange }: TimeFilterFieldsProps) {
  const t = useT();
  const ids = { range: useId(), start: useId(), end: useId(), error: useId() };
  const options = useMemo(() => TIME_RANGE_PRESETS.map((preset) => ({ value: preset, label: t(RANGE_LABEL_KEYS[preset]) })), [t]);
  const invalid = value.range === 'custom' && !customValid(value);
  const label = t('filter.time-range');

  return (
    <>
      <div className="ec-filter">
        <label htmlFor={ids.range}>{label}</label>
        <Dropdown
          inputId={ids.range}
          value={value.range}
          options={options}
          onChange={(event) => isTimeRangePreset(event.value) && onChange({ range: event.value as TimeRangePreset })}
          pt={named(label)}
        />
      </div>
      {value.range === 'custom' && (
        <>
          <div className="ec-filter">
            <label htmlFor={ids.start}>{t('filter.custom-start')}</label>
            <InputText
              id={ids.start}
              type="datetime-local"
              value={value.custom.start}
              aria-invalid={invalid}
              aria-describedby={invalid ? ids.error : undefined}
              onChange={(event) => onChange({ custom: { ...value.custom, start: event.target.value } })}
            />
          </div>
          <div className="ec-filter">
            <label htmlFor={ids.end}>{t('filter.custom-end')}</label>
            <InputText
              id={ids.end}
              type="datetime-local"
              value={value.custom.end}
              aria-invalid={invalid}
              aria-describedby={invalid ? ids.error : undefined}
              onChange={(event) => onChange({ custom: { ...value.custom, end: event.target.value } })}
            />
          </div>
          {invalid && (
            <p id={ids.error} className="ec-error-text ec-filter-error" role="alert">
              {t('filter.custom-invalid')}
            </p>
          )}
        </>
      )}
    </>
  );
}

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
