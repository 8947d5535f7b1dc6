/**
 * Time ranges of a time condition (rules §5 "time"): OR rows of a start and an end in Beijing time (rules §9 "Log time
 * UTC+8"), stored as `YYYY-MM-DD HH:mm~YYYY-MM-DD HH:mm` joined with `|`. A row missing either end is kept on screen
 * and stored as it is, so its check tells the user what is missing.
 */
import { Button } from 'primereact/button';
import { useId } from 'react';
import { TIME_RANGE_SEPARATOR } from '../../../rules/match-catalogue.js';
import { useT } from '../../element-context.js';

/** Props of {@link TimeRangeRows}. */
export interface TimeRangeRowsProps {
  /** Ranges joined with `|`. */
  value: string;
  onChange: (value: string) => void;
  /** Most rows. */
  maxRows: number;
  /** A translated message for one range, or null when it is valid. */
  validate: (range: string) => string | null;
}

/** `YYYY-MM-DD HH:mm` to the datetime-local input's `YYYY-MM-DDTHH:mm`. */
function toInput(text: string): string {
  return text.trim().replace(' ', 'T');
}

function fromInput(text: string): string {
  return text.replace('T', ' ');
}

/** Rows of start and end inputs; `part="time-ranges"`. */
export function TimeRangeRows({ value, onChange, maxRows, validate }: TimeRangeRowsProps) {
  const t = useT('condition-builder');
  const baseId = useId();
  const rows = value === '' ? [TIME_RANGE_SEPARATOR] : value.split('|');

  const update = (next: string[]) => onChange(next.join('|'));
  const edit = (index: number, side: 0 | 1, typed: string) => {
    const parts = (rows[index] ?? TIME_RANGE_SEPARATOR).split(TIME_RANGE_SEPARATOR);
    parts[side] = fromInput(typed);
    update(rows.map((row, at) => (at === index ? `${parts[0] ?? ''}${TIME_RANGE_SEPARATOR}${parts[1] ?? ''}` : row)));
  };
  const remove = (index: number) => {
    const rest = rows.filter((_, at) => at !== index);
    update(rest.length > 0 ? rest : [TIME_RANGE_SEPARATOR]);
  };

  return (
    <div className="ec-time-ranges" part="time-ranges">
      {rows.map((row, index) => {
        const [start = '', end = ''] = row.split(TIME_RANGE_SEPARATOR);
        const blank = start.trim() === '' && end.trim() === '';
        const message = blank ? null : validate(row);
        const errorId = `${baseId}-error-${index}`;
        return (
          <div key={index} className="ec-time-range" role="group" aria-label={t('time.range', { index: index + 1 })}>
            <label className="ec-field">
              <span>{t('field.start')}</span>
              <input
                type="datetime-local"
                className="p-inputtext"
                value={toInput(start)}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? errorId : undefined}
                onChange={(event) => edit(index, 0, event.target.value)}
              />
            </label>
            <label className="ec-field">
              <span>{t('field.end')}</span>
              <input
                type="datetime-local"
                className="p-inputtext"
                value={toInput(end)}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? errorId : undefined}
                onChange={(event) => edit(index, 1, event.target.value)}
              />
            </label>
            <Button
              type="button"
              icon="pi pi-minus"
              outlined
              severity="secondary"
              aria-label={t('time.remove-range', { index: index + 1 })}
              disabled={rows.length === 1 && blank}
              onClick={() => remove(index)}
            />
            {message && (
              <small id={errorId} className="ec-error-text">
                {message}
              </small>
            )}
          </div>
        );
      })}
      <Button
        type="button"
        icon="pi pi-plus"
        label={t('time.add-range')}
        outlined
        disabled={rows.length >= maxRows || rows.some((row) => validate(row) !== null)}
        onClick={() => update([...rows, TIME_RANGE_SEPARATOR])}
      />
    </div>
  );
}
