/**
 * The small form fields of the HTTPS and URI rewrite tabs: a labelled text input, switch (a checkbox: PrimeReact's
 * InputSwitch has no label association inside a shadow root) and select, each with its translated message tied to the
 * input by `aria-describedby`, and the hook that joins a group's browser-side issues with the server's.
 */
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useCallback, useState, type ReactNode } from 'react';
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import { parseInteger } from '../../../../core/rules/common.js';
import type { SwitchValue } from '../../../../core/api/endpoints/websites.js';
import { useT } from '../../../../core/ui/element-context.js';
import { namedDropdown } from '../../../../core/ui/parts/named.js';

/** A number as typed: the number when it is one, otherwise the text, so the range rule can name what is wrong. */
export function typedNumber(text: string): number {
  return (parseInteger(text) ?? text) as number;
}

/**
 * A group's messages by field: the shared rules' issues once the user tried to save (then live as they type), and
 * the server's issues of the last save.
 */
export function useFieldMessages(local: () => FieldIssue[], server: FieldIssue[]) {
  const tRules = useT('rules');
  const [checked, setChecked] = useState(false);
  const issues = checked ? [...local(), ...server] : server;
  const message = (field: string): string | null => {
    const found = issues.find((entry) => entry.field === field);
    return found ? tRules(found.key, found.values ?? {}) : null;
  };
  const check = useCallback(() => {
    setChecked(true);
    return local().length === 0;
  }, [local]);
  return { message, check };
}

function ErrorText({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <small id={id} className="ec-error-text">
      {message}
    </small>
  ) : null;
}

/** A labelled text input. */
export function TextField(props: {
  id: string;
  label: string;
  value: string | number;
  error: string | null;
  onChange: (text: string) => void;
  numeric?: boolean;
  hint?: ReactNode;
  hideLabel?: boolean;
}) {
  const { id, label, value, error, onChange, numeric, hint, hideLabel } = props;
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className="ec-field">
      <label htmlFor={id} className={hideLabel ? 'ec-visually-hidden' : undefined}>
        {label}
      </label>
      <InputText
        id={id}
        value={Number.isNaN(value) ? '' : String(value)}
        inputMode={numeric ? 'numeric' : undefined}
        invalid={error !== null}
        aria-invalid={error !== null ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <small id={`${id}-hint`} className="ec-muted">
          {hint}
        </small>
      ) : null}
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

/** An on/off setting as a labelled checkbox. */
export function SwitchField(props: { id: string; label: string; value: SwitchValue | boolean; error?: string | null; onChange: (on: boolean) => void; hint?: ReactNode }) {
  const { id, label, value, error = null, onChange, hint } = props;
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className="ec-field">
      <span className="ec-checkbox">
        <Checkbox inputId={id} checked={value === 'on' || value === true} onChange={(event) => onChange(event.checked === true)} aria-describedby={described || undefined} />
        <label htmlFor={id}>{label}</label>
      </span>
      {hint ? (
        <small id={`${id}-hint`} className="ec-muted">
          {hint}
        </small>
      ) : null}
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

/** A labelled select. */
export function SelectField<V extends string | number>(props: {
  id: string;
  label: string;
  value: V | null;
  options: Array<{ value: V; label: string }>;
  error?: string | null;
  onChange: (value: V | null) => void;
  placeholder?: string;
  clearable?: boolean;
  emptyMessage?: string;
  hideLabel?: boolean;
}) {
  const { id, label, value, options, error = null, onChange, placeholder, clearable, emptyMessage, hideLabel } = props;
  return (
    <div className="ec-field">
      <label htmlFor={id} className={hideLabel ? 'ec-visually-hidden' : undefined}>
        {label}
      </label>
      <Dropdown
        inputId={id}
        value={value}
        options={options}
        placeholder={placeholder}
        showClear={clearable && value !== null}
        emptyMessage={emptyMessage}
        invalid={error !== null}
        onChange={(event) => onChange((event.value ?? null) as V | null)}
        pt={namedDropdown(label)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}
