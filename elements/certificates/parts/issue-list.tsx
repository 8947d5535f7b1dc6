/**
 * Field issues shown under a form field: `rules` catalogue keys from `core/rules` or from the server's
 * "Form verification failed" answer (rules §8), in the element's language.
 */
import type { FieldIssue } from '../../../core/api/catalogue.js';
import { useT } from '../../../core/ui/element-context.js';

/** Props of {@link IssueList}. */
export interface IssueListProps {
  issues: readonly FieldIssue[];
  /** Errors block saving; warnings do not. */
  tone?: 'error' | 'warning';
  id?: string;
}

/** The issues as a list, announced when they change; nothing when there are none. */
export function IssueList({ issues, tone = 'error', id }: IssueListProps) {
  const rules = useT('rules');
  if (issues.length === 0) return <span id={id} hidden />;
  return (
    <div id={id} role={tone === 'error' ? 'alert' : 'status'}>
      <ul className={`ec-issues ec-issues-${tone}`}>
        {issues.map((found, index) => (
          <li key={`${found.key}-${index}`}>{rules(found.key, found.values ?? {})}</li>
        ))}
      </ul>
    </div>
  );
}
