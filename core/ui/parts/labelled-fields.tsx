/**
 * The one set of labelled form fields: a field frame for any control, a text input, an on/off switch and a select.
 * Each has its label (visible, or for screen readers only where a table column already shows it), an optional hint
 * and its message, both tied to the control by `aria-describedby`. Messages come translated; the caller decides when
 * a rule's issue shows. The switch is a native checkbox with the switch role: PrimeReact's InputSwitch has no label
 * association inside a shadow root, and keyboards and screen readers know a native one.
 */
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useId, type ReactNode } from 'react';
import { namedDropdown } from './named.js';

/** What every labelled field takes. */
export interface LabelledProps {
  /** The control's id; one is made when absent. */
  id?: string;
  label: string;
  hint?: ReactNode;
  /** The translated message, or null. */
  error?: string | null;
  /** Keeps the label for screen readers only (a table cell whose column header shows it). */
  hideLabel?: boolean;
}

/** What {@link LabelledField} hands its control. */
export interface ControlProps {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

function useControlId(id: string | undefined): string {
  const made = useId();
  return id ?? made;
}

function Describe({ id, hint, error }: { id: string; hint?: ReactNode; error: string | null }) {
  return (
    <>
      {hint ? (
        <small id={`${id}-hint`} className="ec-muted">
          {hint}
        </small>
      ) : null}
      {error ? (
        <small id={`${id}-error`} className="ec-error-text" role="alert">
          {error}
        </small>
      ) : null}
    </>
  );
}

const describedBy = (id: string, hint: ReactNode, error: string | null) => [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;

/** A labelled frame around any control: `children` receives its id, what describes it and whether it is invalid. */
export function LabelledField({ id: given, label, hint, error = null, hideLabel, children }: LabelledProps & { children: (props: ControlProps) => ReactNode }) {
  const id = useControlId(given);
  return (
    <div className="ec-field">
      <label htmlFor={id} className={hideLabel ? 'ec-visually-hidden' : undefined}>
        {label}
      </label>
      {children({ id, describedBy: describedBy(id, hint, error), invalid: error !== null })}
      <Describe id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled text input (`numeric` asks for the numeric keyboard; the value is kept as typed). */
export function TextField({ value, onChange, numeric, ...field }: LabelledProps & { value: string | number; onChange: (text: string) => void; numeric?: boolean }) {
  return (
    <LabelledField {...field}>
      {({ id, describedBy: described, invalid }) => (
        <InputText
          id={id}
          value={typeof value === 'number' && Number.isNaN(value) ? '' : String(value ?? '')}
          inputMode={numeric ? 'numeric' : undefined}
          invalid={invalid}
          aria-invalid={invalid || undefined}
          aria-describedby={described}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </LabelledField>
  );
}

/** A labelled on/off switch. */
export function SwitchField({ id: given, label, hint, error = null, checked, onChange }: Omit<LabelledProps, 'hideLabel'> & { checked: boolean; onChange: (on: boolean) => void }) {
  const id = useControlId(given);
  return (
    <div className="ec-field">
      <span className="ec-row">
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="ec-switch"
          checked={checked}
          aria-describedby={describedBy(id, hint, error)}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>{label}</label>
      </span>
      <Describe id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled select. */
export function SelectField<V extends string | number>({
  value,
  options,
  onChange,
  placeholder,
  clearable,
  emptyMessage,
  ...field
}: LabelledProps & { value: V | null; options: ReadonlyArray<{ value: V; label: string }>; onChange: (value: V | null) => void; placeholder?: string; clearable?: boolean; emptyMessage?: string }) {
  return (
    <LabelledField {...field}>
      {({ id, describedBy: described, invalid }) => (
        <Dropdown
          inputId={id}
          value={value}
          options={[...options]}
          placeholder={placeholder}
          showClear={clearable && value !== null}
          emptyMessage={emptyMessage}
          invalid={invalid}
          onChange={(event) => onChange((event.value ?? null) as V | null)}
          pt={namedDropdown(field.label)}
          aria-describedby={described}
        />
      )}
    </LabelledField>
  );
}
