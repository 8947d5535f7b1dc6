/**
 * Domains typed one per line (rules §5 Websites: format, length 255, at most 500, no duplicates), with the count of
 * usable lines and, once the user tried to go on, the message of the list as a whole and each line to correct with
 * its number, text and message. Used by the add-domain wizard, batch add and batch delete.
 */
import { InputTextarea } from 'primereact/inputtextarea';
import type { BatchResult } from '../../../core/rules/batch.js';
import { formatCount } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';

/** Lines with problems listed under the field; the rest are counted. */
export const SHOWN_LINE_ISSUES = 20;

/** Props of {@link DomainLinesField}. */
export interface DomainLinesFieldProps {
  id: string;
  label: string;
  value: string;
  /** The per-line check of the value (`validateWebsiteDomains`). */
  check: BatchResult;
  /** The message for the list as a whole (the check's, or the server's), translated; shown when `showIssues`. */
  error: string | null;
  showIssues: boolean;
  onChange: (value: string) => void;
}

/** A textarea of domains with its per-line messages. */
export function DomainLinesField({ id, label, value, check, error, showIssues, onChange }: DomainLinesFieldProps) {
  const { language } = useElement();
  const t = useT('domain-list');
  const tRules = useT('rules');
  const problems = check.lines.filter((line) => line.status !== 'valid');
  const shownError = showIssues ? error : null;

  return (
    <div className="ec-field">
      <label htmlFor={id}>{label}</label>
      <InputTextarea
        id={id}
        value={value}
        rows={6}
        autoResize={false}
        placeholder={t('field.domains-placeholder')}
        invalid={showIssues && (shownError !== null || problems.length > 0)}
        aria-invalid={showIssues && (shownError !== null || problems.length > 0) ? true : undefined}
        aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <small id={`${id}-hint`} className="ec-muted">
        {t('field.domains-hint', { count: check.summary.valid, formatted: formatCount(check.summary.valid, language) })}
      </small>
      {shownError && (
        <small id={`${id}-error`} className="ec-error-text">
          {shownError}
        </small>
      )}
      {showIssues && problems.length > 0 && (
        <ul className="ec-line-issues" aria-label={t('field.line-issues')}>
          {problems.slice(0, SHOWN_LINE_ISSUES).map((line) => (
            <li key={line.line} className="ec-error-text">
              {t('field.line-issue', { line: line.line, text: line.text, message: tRules(line.issue!.key, line.issue!.values ?? {}) })}
            </li>
          ))}
          {problems.length > SHOWN_LINE_ISSUES && <li className="ec-muted">{t('field.more-issues', { count: problems.length - SHOWN_LINE_ISSUES })}</li>}
        </ul>
      )}
    </div>
  );
}
