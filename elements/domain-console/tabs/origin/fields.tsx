/**
 * The small form fields of the origin tab: a number typed as text (kept as typed until it parses, so a failed check
 * never loses it), a text field, an on/off switch and a choice, each with its label, hint and translated message.
 */
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import type { SwitchValue } from '../../../../core/api/endpoints/websites.js';
import { parseInteger } from '../../../../core/rules/common.js';
import type { useT } from '../../../../core/ui/element-context.js';
import { namedDropdown } from '../../../../core/ui/parts/named.js';

/** Text typed into a number field: a number once it parses, the text itself until then. */
export function typedNumber(text: string): number | string {
  return parseInteger(text) ?? text;
}

/** The translated message of a field among issues, or null (`tRules` is the `rules` catalogue's translator). */
export function messageFrom(tRules: ReturnType<typeof useT>, issues: readonly FieldIssue[]): (field: string) => string | null {
  return (field) => {
    const found = issues.find((entry) => entry.field === field);
    return found ? tRules(found.key, found.values ?? {}) : null;
  };
}

interface FieldBase {
  id: string;
  label: string;
  hint?: string;
  error: string | null;
}

function Describe({ id, hint, error }: Pick<FieldBase, 'id' | 'hint' | 'error'>) {
  return (
    <>
      {hint && (
        <small id={`${id}-hint`} className="ec-muted">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="ec-error-text">
          {error}
        </small>
      )}
    </>
  );
}

const describedBy = ({ id, hint, error }: Pick<FieldBase, 'id' | 'hint' | 'error'>) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** A text or number field. */
export function TextField({ id, label, hint, error, value, onChange, numeric = false }: FieldBase & { value: string | number; onChange: (text: string) => void; numeric?: boolean }) {
  return (
    <div className="ec-field">
      <label htmlFor={id}>{label}</label>
      <InputText
        id={id}
        value={String(value ?? '')}
        inputMode={numeric ? 'numeric' : undefined}
        invalid={error !== null}
        aria-invalid={error !== null ? true : undefined}
        aria-describedby={describedBy({ id, hint, error })}
        onChange={(event) => onChange(event.target.value)}
      />
      <Describe id={id} hint={hint} error={error} />
    </div>
  );
}

/** An on/off switch (shell §3 "switch on/off") as a labelled checkbox. */
export function SwitchField({ id, label, value, onChange, error = null }: Omit<FieldBase, 'error'> & { error?: string | null; value: SwitchValue; onChange: (value: SwitchValue) => void }) {
  return (
    <div className="ec-field ec-switch-field">
      <span className="ec-row">
        <Checkbox inputId={id} checked={value === 'on'} onChange={(event) => onChange(event.checked ? 'on' : 'off')} aria-describedby={describedBy({ id, error })} />
        <label htmlFor={id}>{label}</label>
      </span>
      <Describe id={id} error={error} />
    </div>
  );
}

/** A choice among options. */
export function ChoiceField<V extends string | number>({
  id,
  label,
  hint,
  error,
  value,
  options,
  onChange,
}: FieldBase & { value: V; options: ReadonlyArray<{ value: V; label: string }>; onChange: (value: V) => void }) {
  return (
    <div className="ec-field">
      <label htmlFor={id}>{label}</label>
      <Dropdown inputId={id} value={value} options={[...options]} onChange={(event) => onChange(event.value as V)} pt={namedDropdown(label)} invalid={error !== null} />
      <Describe id={id} hint={hint} error={error} />
    </div>
  );
}
