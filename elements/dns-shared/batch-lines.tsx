/**
 * The per-line preview of a batch text (rules §5 DNS "one per line, at most 100 lines"): counts, the message of the
 * batch as a whole ("More than 100 lines") and the lines that will not be submitted, each with its reason. Shared by
 * the DNS batch-add pages; texts come from the element's own namespace (`batch.summary`, `batch.problems`,
 * `batch.line`) and the rules catalogue.
 */
import type { BatchResult } from '../../core/rules/batch.js';
import { formatCount } from '../../core/i18n/format.js';
import { useElement, useT } from '../../core/ui/element-context.js';

/** Props of {@link BatchLines}. */
export interface BatchLinesProps {
  result: BatchResult;
  /** Show the batch's own problem (after a submit attempt, or once something was typed). */
  showIssue: boolean;
  /** Id of the message, for the text field's aria-describedby. */
  issueId: string;
}

/** Summary and problem lines of a batch. */
export function BatchLines({ result, showIssue, issueId }: BatchLinesProps) {
  const { language } = useElement();
  const t = useT();
  const tRules = useT('rules');
  const problems = result.lines.filter((line) => line.status !== 'valid');
  const count = (value: number) => formatCount(value, language);

  return (
    <div className="ec-dns-batch-lines" part="preview">
      <p className="ec-muted" role="status">
        {t('batch.summary', { valid: count(result.summary.valid), invalid: count(result.summary.invalid), duplicate: count(result.summary.duplicate) })}
      </p>
      {showIssue && result.issue && (
        <p id={issueId} className="ec-error-text" role="alert">
          {tRules(result.issue.key, result.issue.values)}
        </p>
      )}
      {problems.length > 0 && (
        <ul className="ec-dns-lines" aria-label={t('batch.problems')}>
          {problems.map((line) => (
            <li key={line.line}>
              <span className="ec-muted">{t('batch.line', { line: line.line })}</span> <code className="ec-break">{line.text}</code>{' '}
              <span className="ec-error-text">{line.issue ? tRules(line.issue.key, line.issue.values) : ''}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
