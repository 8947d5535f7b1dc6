/**
 * A duration as a whole number of a time unit (rules §3: second to year; rules §5: at most one year). The number is
 * kept as typed, so a half-typed value is never rewritten; the rules check it.
 */
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import { CACHE_TIME_UNITS } from '../../../core/rules/cache.js';
import type { CacheTimeUnit } from '../../../core/rules/origin.js';
import { useT } from '../../../core/ui/element-context.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';
import { UNIT_NAME_KEYS } from '../labels.js';
import { FieldIssues } from './field-issues.js';

/** Props of {@link TtlInput}. */
export interface TtlInputProps {
  /** Base id of the inputs. */
  id: string;
  /** The field's label, translated. */
  label: string;
  value: string;
  unit: CacheTimeUnit;
  onChange: (value: string, unit: CacheTimeUnit) => void;
  issues: readonly FieldIssue[];
}

/** The number and its unit; `part="ttl"`. */
export function TtlInput({ id, label, value, unit, onChange, issues }: TtlInputProps) {
  const t = useT();
  const unitLabel = t('field.unit-of', { field: label });
  const options = CACHE_TIME_UNITS.map((option) => ({ value: option, label: t(UNIT_NAME_KEYS[option]) }));

  return (
    <div className="ec-field">
      <label htmlFor={id}>{label}</label>
      <div className="ec-row ec-ttl" part="ttl">
        <InputText
          id={id}
          value={value}
          inputMode="numeric"
          invalid={issues.length > 0}
          aria-invalid={issues.length > 0 ? true : undefined}
          aria-describedby={`${id}-issues`}
          onChange={(event) => onChange(event.target.value, unit)}
        />
        <Dropdown
          inputId={`${id}-unit`}
          value={unit}
          options={options}
          onChange={(event) => onChange(value, event.value as CacheTimeUnit)}
          pt={namedDropdown(unitLabel)}
        />
      </div>
      <FieldIssues id={`${id}-issues`} issues={issues} />
    </div>
  );
}
