/**
 * The date range of rules §9 as filter fields: a preset menu (15 minutes, 3 hours, today, yesterday, 7 days, 30 days,
 * custom) and, for a custom range, start and end inputs read as UTC+8 wall-clock times, as log and report times are
 * shown (core/i18n/time-range.ts). Every control has a visible label; the Dropdown also names its hidden input and
 * select for screen readers (NOTES.md, PrimeReact in a shadow root). Used by every list or report filtered by time.
 */
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useId, useMemo } from 'react';
import { isTimeRangePreset, resolveTimeRange, TIME_RANGE_PRESETS, toLogWallTime, type TimeRange, type TimeRangePreset } from '../../i18n/time-range.js';
import { useT } from '../element-context.js';
import { namedDropdown as named } from './named.js';

/** What the fields edit: the preset, and the custom inputs as typed. */
export interface TimeRangeValue {
  range: TimeRangePreset;
  custom: { start: string; end: string };
}

/** A preset resolved at `now`, with custom inputs prefilled from it (so switching to custom starts from what was shown). */
export function initialTimeRange(preset: Exclude<TimeRangePreset, 'custom'>, now: number): TimeRangeValue & { window: TimeRange } {
  const window = resolveTimeRange(preset, now) as TimeRange;
  return { range: preset, custom: { start: toLogWallTime(window.start), end: toLogWallTime(window.end) }, window };
}

/** Props of {@link TimeRangeFields}. */
export interface TimeRangeFieldsProps {
  value: TimeRangeValue;
  /** Called with the preset picked, or the custom inputs as typed. */
  onChange: (change: Partial<TimeRangeValue>) => void;
  /**
   * Why the view cannot use the range although it is in order (a report's "at most 30 days"), translated: shown and
   * announced like the part's own "out of order" message, the custom inputs marked invalid.
   */
  issue?: string | undefined;
}

/** Whether the custom inputs form a range: both ends, in order (a custom range does not depend on the time now). */
function customValid(value: TimeRangeValue): boolean {
  return resolveTimeRange('custom', 0, value.custom) !== null;
}

/** The range picker and, for a custom range, its start and end inputs. */
export function TimeRangeFields({ value, onChange, issue }: TimeRangeFieldsProps) {
  const t = useT('filters');
  const ids = { range: useId(), start: useId(), end: useId(), error: useId() };
  const options = useMemo(() => TIME_RANGE_PRESETS.map((preset) => ({ value: preset, label: t(`time-range.preset.${preset}`) })), [t]);
  const outOfOrder = value.range === 'custom' && !customValid(value);
  const message = outOfOrder ? t('time-range.custom-invalid') : issue;
  const invalid = message !== undefined;
  const label = t('time-range.label');

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
            <label htmlFor={ids.start}>{t('time-range.custom-start')}</label>
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
            <label htmlFor={ids.end}>{t('time-range.custom-end')}</label>
            <InputText
              id={ids.end}
              type="datetime-local"
              value={value.custom.end}
              aria-invalid={invalid}
              aria-describedby={invalid ? ids.error : undefined}
              onChange={(event) => onChange({ custom: { ...value.custom, end: event.target.value } })}
            />
          </div>
        </>
      )}
      {message !== undefined && (
        <p id={ids.error} className="ec-error-text ec-filter-error" role="alert">
          {message}
        </p>
      )}
    </>
  );
}
