/**
 * The multi-value input of shell §5: one input per item, the value joined with a separator ('|' by default). The
 * separator is stripped from what is typed (it would split the item in two), empty items are dropped from the
 * value, a new row can be added only after the current rows validate, and at least one (empty) row is kept. The
 * joining and splitting are the pure rules of core/rules/multi-value.ts, which the server and WAF rules share.
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useId, useRef, useState } from 'react';
import { cleanMultiValueItem, joinMultiValue, keepOneRow, MULTI_VALUE_SEPARATOR, splitMultiValue } from '../../rules/multi-value.js';
import { useT } from '../element-context.js';

/**
 * Removes the separator from what is being typed. Unlike the stored item (`cleanMultiValueItem`) it is not trimmed
 * yet: trimming on every key stroke would swallow the space before the next word.
 */
function stripWhileTyping(typed: string, separator: string): string {
  return typed.split(separator).join('');
}

/** The rows shown for a stored value: its items, or one empty row when there are none. */
function rowsFor(value: string, separator: string): string[] {
  return keepOneRow(splitMultiValue(value, separator));
}

/** Props of {@link MultiValueInput}. */
export interface MultiValueInputProps {
  /** Accessible name of the group, translated; shown as its legend. */
  label: string;
  /** The joined value, e.g. `a.com|b.com`. */
  value: string;
  /** Called with the new joined value after each edit. */
  onChange: (value: string) => void;
  /** Separator between items; default '|'. Must not be empty. */
  separator?: string;
  /** Checks one non-empty, trimmed item; returns a translated message or null when valid. */
  validate?: (item: string) => string | null;
  /** Most rows allowed (e.g. 20 for a WAF OR list); unlimited when absent. */
  maxRows?: number;
  /** Placeholder of each row, translated. */
  placeholder?: string;
}

/** Rows of inputs joined into one value (shell §5); `part="multi-value"`. */
export function MultiValueInput({ label, value, onChange, separator = MULTI_VALUE_SEPARATOR, validate, maxRows, placeholder }: MultiValueInputProps) {
  const t = useT('common');
  const baseId = useId();
  const [rows, setRows] = useState<string[]>(() => rowsFor(value, separator));
  const focusRow = useRef<number | null>(null);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const lastProps = useRef({ value, separator });

  const items = rows.map((row) => cleanMultiValueItem(row, separator));
  const issues = items.map((item) => (item === '' ? null : (validate?.(item) ?? null)));
  const full = maxRows !== undefined && rows.length >= maxRows;
  const canAdd = !full && items.every((item, index) => item !== '' && issues[index] === null);
  const inputId = (index: number) => `${baseId}-item-${index}`;
  const errorId = (index: number) => `${baseId}-error-${index}`;

  const update = (next: string[]) => {
    setRows(next);
    const joined = joinMultiValue(next, separator);
    if (joined !== value) onChange(joined);
  };

  const edit = (index: number, typed: string) => {
    update(rows.map((row, at) => (at === index ? stripWhileTyping(typed, separator) : row)));
  };

  const add = () => {
    if (!canAdd) return;
    focusRow.current = rows.length;
    setRows([...rows, '']);
  };

  const remove = (index: number) => {
    const rest = rows.filter((_, at) => at !== index);
    focusRow.current = Math.min(index, Math.max(rest.length - 1, 0));
    update(keepOneRow(rest));
  };

  useEffect(() => {
    // A value set from outside (a form reset, a loaded record) replaces the rows; our own edits already match it.
    // Compared with the last props, not on mount, where it would wipe what was typed before effects ran.
    if (lastProps.current.value === value && lastProps.current.separator === separator) return;
    lastProps.current = { value, separator };
    if (joinMultiValue(rows, separator) !== value) setRows(rowsFor(value, separator));
  }, [value, separator]);

  useEffect(() => {
    if (focusRow.current === null) return;
    inputs.current[focusRow.current]?.focus();
    focusRow.current = null;
  }, [rows]);

  return (
    <fieldset className="ec-multi-value" part="multi-value">
      <legend>{label}</legend>
      {rows.map((row, index) => {
        const issue = issues[index];
        const onlyEmptyRow = rows.length === 1 && row === '';
        return (
          <div key={index} className="ec-multi-value-row">
            <div className="ec-field">
              <InputText
                ref={(node) => {
                  inputs.current[index] = node;
                }}
                id={inputId(index)}
                value={row}
                placeholder={placeholder}
                aria-label={t('parts.multi-value.item', { label, index: index + 1 })}
                aria-invalid={issue ? true : undefined}
                aria-describedby={issue ? errorId(index) : undefined}
                invalid={issue !== null}
                onChange={(event) => edit(index, event.target.value)}
              />
              {issue && (
                <small id={errorId(index)} className="ec-error-text">
                  {issue}
                </small>
              )}
            </div>
            <Button
              type="button"
              icon="pi pi-minus"
              outlined
              severity="secondary"
              aria-label={t('parts.multi-value.remove-item', { index: index + 1 })}
              disabled={onlyEmptyRow}
              onClick={() => remove(index)}
            />
          </div>
        );
      })}
      <div className="ec-row">
        <Button type="button" icon="pi pi-plus" label={t('action.add-row')} outlined disabled={!canAdd} onClick={add} />
        {full && <span className="ec-muted">{t('parts.multi-value.max-rows', { max: maxRows })}</span>}
      </div>
    </fieldset>
  );
}
