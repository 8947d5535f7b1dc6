/**
 * Checkbox groups of shell §5: select-all with an indeterminate state, and the button-checkbox variant whose submit
 * is disabled while nothing is selected. Select-all only touches enabled options: a disabled option keeps whatever
 * state it has.
 */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../element-context.js';

/** A select option (shell §3 "select option {label, value, disabled}"). */
export interface SelectOption<V extends string | number = string | number> {
  /** Translated text. */
  label: string;
  /** The value as the API knows it. */
  value: V;
  /** Shown but not changeable. */
  disabled?: boolean;
}

/** Where select-all stands: every enabled option checked, none, or some. */
export type SelectAllState = 'all' | 'none' | 'some';

/** The select-all state of `value` over the enabled options (no enabled option counts as none). */
export function selectAllState<V extends string | number>(options: readonly SelectOption<V>[], value: readonly V[]): SelectAllState {
  const enabled = options.filter((option) => !option.disabled);
  const checked = enabled.filter((option) => value.includes(option.value)).length;
  if (checked === 0) return 'none';
  return checked === enabled.length ? 'all' : 'some';
}

/** The value after select-all is toggled: all enabled options on, or all off; disabled options keep their state. */
export function toggleAll<V extends string | number>(options: readonly SelectOption<V>[], value: readonly V[]): V[] {
  const selectAll = selectAllState(options, value) !== 'all';
  return options
    .filter((option) => (option.disabled ? value.includes(option.value) : selectAll))
    .map((option) => option.value);
}

/** Props of {@link CheckboxGroup}. */
export interface CheckboxGroupProps<V extends string | number> {
  /** Accessible name of the group, translated; shown as its legend. */
  label: string;
  /** The options, in display order. */
  options: readonly SelectOption<V>[];
  /** The checked values. */
  value: readonly V[];
  /** Called with the new checked values, in option order. */
  onChange: (value: V[]) => void;
  /** Shows the select-all checkbox; default true. */
  selectAll?: boolean;
}

/** A fieldset of checkboxes with an optional select-all (checked, unchecked or mixed); `part="checkbox-group"`. */
export function CheckboxGroup<V extends string | number>({ label, options, value, onChange, selectAll = true }: CheckboxGroupProps<V>) {
  const t = useT('common');
  const baseId = useId();
  const selectAllInput = useRef<HTMLInputElement>(null);

  const state = selectAllState(options, value);
  const allDisabled = options.every((option) => option.disabled);

  const toggle = (option: SelectOption<V>, checked: boolean) => {
    const next = options
      .filter((candidate) => (candidate.value === option.value ? checked : value.includes(candidate.value)))
      .map((candidate) => candidate.value);
    onChange(next);
  };

  useEffect(() => {
    // The native input carries the mixed state, so assistive technology announces "partially checked".
    if (selectAllInput.current) selectAllInput.current.indeterminate = state === 'some';
  }, [state, selectAll]);

  return (
    <fieldset className="ec-checkbox-group" part="checkbox-group">
      <legend>{label}</legend>
      {selectAll && (
        <div className="ec-checkbox ec-checkbox-all">
          <Checkbox
            inputId={`${baseId}-all`}
            inputRef={selectAllInput}
            checked={state !== 'none'}
            icon={state === 'some' ? 'pi pi-minus' : undefined}
            disabled={allDisabled}
            onChange={() => onChange(toggleAll(options, value))}
          />
          <label htmlFor={`${baseId}-all`}>{t('action.select-all')}</label>
        </div>
      )}
      <div className="ec-checkbox-options">
        {options.map((option, index) => (
          <div key={String(option.value)} className="ec-checkbox">
            <Checkbox
              inputId={`${baseId}-${index}`}
              checked={value.includes(option.value)}
              disabled={option.disabled}
              onChange={(event) => toggle(option, event.checked === true)}
            />
            <label htmlFor={`${baseId}-${index}`}>{option.label}</label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** Props of {@link ButtonCheckboxGroup}. */
export interface ButtonCheckboxGroupProps<V extends string | number> extends Omit<CheckboxGroupProps<V>, 'value' | 'onChange'> {
  /** Initially checked values. */
  defaultValue?: readonly V[];
  /** Submit button text, translated; default `action.confirm`. */
  submitLabel?: string;
  /** Called with the checked values when the user submits. */
  onSubmit: (value: V[]) => void;
}

/** A checkbox group with a submit button that stays disabled while nothing is checked (shell §5). */
export function ButtonCheckboxGroup<V extends string | number>({ defaultValue = [], submitLabel, onSubmit, ...group }: ButtonCheckboxGroupProps<V>) {
  const t = useT('common');
  const [value, setValue] = useState<V[]>(() => [...defaultValue]);

  return (
    <div className="ec-stack ec-button-checkbox-group">
      <CheckboxGroup {...group} value={value} onChange={setValue} />
      <div className="ec-row">
        <Button type="button" label={submitLabel ?? t('action.confirm')} disabled={value.length === 0} onClick={() => onSubmit(value)} />
      </div>
    </div>
  );
}
