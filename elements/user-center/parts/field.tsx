/** A labelled form field with its translated error, tied together for assistive technology. */
import type { ReactNode } from 'react';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import { useT } from '../../../core/ui/element-context.js';

/** Props of {@link Field}. */
export interface FieldProps {
  id: string;
  label: string;
  /** A message already translated, or an issue in the `rules` namespace. */
  error?: string | FieldIssue | null;
  children: ReactNode;
}

/** The message of the first issue on a field (`ips` also matches `ips.3`). */
export function issueOn(issues: readonly FieldIssue[], field: string): FieldIssue | null {
  return issues.find((found) => found.field === field || found.field.startsWith(`${field}.`)) ?? null;
}

/** Label, control and error. The control must carry `id` and `aria-describedby={errorId(id)}` when in error. */
export function Field({ id, label, error, children }: FieldProps) {
  const rules = useT('rules');
  const text = !error ? '' : typeof error === 'string' ? error : rules(error.key, error.values ?? {});
  return (
    <div className="ec-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {text ? (
        <small id={`${id}-error`} className="ec-error-text" role="alert">
          {text}
        </small>
      ) : null}
    </div>
  );
}
