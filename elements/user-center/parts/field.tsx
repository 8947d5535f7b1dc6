/** A labelled form field with its translated error, tied together for assistive technology. */
import type { ReactNode } from 'react';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import { IDENTITY_ISSUES } from '../../../core/rules/identity.js';
import { useT } from '../../../core/ui/element-context.js';

/** Props of {@link Field}. */
export interface FieldProps {
  id: string;
  label: string;
  /** A message already translated, or an issue in the `rules` namespace. */
  error?: string | FieldIssue | null;
  children: ReactNode;
}

/**
 * Refusals only the server makes (wrong code, wrong current password, a whitelist that shuts the user out) and the
 * identity verification's messages (core/rules/identity.ts) are worded in this element's catalogue (`issue.*`), so
 * other elements do not download them with the shared rules catalogue.
 */
const SERVER_ISSUES = new Set<string>([
  'code-invalid',
  'code-expired',
  'current-password-wrong',
  'whitelist-excludes-you',
  'mailbox-unchanged',
  'password-unchanged',
  ...IDENTITY_ISSUES,
]);

/** The text of an issue: this element's wording for server-only refusals, the rules catalogue's otherwise. */
export function useIssueText(): (found: FieldIssue) => string {
  const rules = useT('rules');
  const t = useT();
  return (found) => {
    const name = found.key.startsWith('user-center.') ? found.key.slice('user-center.'.length) : '';
    return SERVER_ISSUES.has(name) ? t(`issue.${name}`, found.values ?? {}) : rules(found.key, found.values ?? {});
  };
}

/** The message of the first issue on a field (`ips` also matches `ips.3`). */
export function issueOn(issues: readonly FieldIssue[], field: string): FieldIssue | null {
  return issues.find((found) => found.field === field || found.field.startsWith(`${field}.`)) ?? null;
}

/** Label, control and error. The control must carry `id` and `aria-describedby={errorId(id)}` when in error. */
export function Field({ id, label, error, children }: FieldProps) {
  const issueText = useIssueText();
  const text = !error ? '' : typeof error === 'string' ? error : issueText(error);
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
