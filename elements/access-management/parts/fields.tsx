/**
 * The labelled inputs of the access-management forms: one field shows its label, the input, and either its hint or
 * the translated rule issue (core/rules, the same keys the server answers with), tied together for screen readers.
 */
import { InputText } from 'primereact/inputtext';
import type { ReactNode } from 'react';

/** Props of {@link TextField}. */
export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The translated issue, or null. */
  error: string | null;
  hint?: string;
  type?: 'text' | 'password' | 'email';
  autoComplete?: string;
  /** Shown under the input, before the hint (the strength meter, core/ui/parts/strength-meter.tsx). */
  extra?: ReactNode;
}

/** A text input with its label and its hint or issue. */
export function TextField({ id, label, value, onChange, error, hint, type = 'text', autoComplete, extra }: TextFieldProps) {
  const described = error || hint ? `${id}-hint` : undefined;
  return (
    <div className="ec-field">
      <label htmlFor={id}>{label}</label>
      <InputText
        id={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        invalid={error !== null}
        aria-invalid={error !== null ? true : undefined}
        aria-describedby={described}
        onChange={(event) => onChange(event.target.value)}
      />
      {extra}
      {described && (
        <small id={described} className={error ? 'ec-error-text' : 'ec-muted'}>
          {error ?? hint}
        </small>
      )}
    </div>
  );
}

/** A native select with its label: short fixed choices read best this way and need no overlay. */
export function SelectField<V extends string | number>({
  id,
  label,
  value,
  options,
  onChange,
  error,
  placeholder,
}: {
  id: string;
  label: string;
  value: V | null;
  options: readonly { value: V; label: string }[];
  onChange: (value: V | null) => void;
  error: string | null;
  placeholder?: string;
}) {
  return (
    <div className="ec-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="ec-select"
        value={value === null ? '' : String(value)}
        aria-invalid={error !== null ? true : undefined}
        aria-describedby={error ? `${id}-hint` : undefined}
        onChange={(event) => {
          const found = options.find((option) => String(option.value) === event.target.value);
          onChange(found ? found.value : null);
        }}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <small id={`${id}-hint`} className="ec-error-text">
          {error}
        </small>
      )}
    </div>
  );
}
