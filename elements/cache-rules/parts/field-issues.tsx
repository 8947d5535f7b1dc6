/**
 * Findings under a form field: `rules` catalogue keys from `core/rules` or from the server's "Form verification
 * failed" answer (rules §8), in the element's language.
 */
import type { FieldIssue } from '../../../core/api/catalogue.js';
import { useT } from '../../../core/ui/element-context.js';

/** Props of {@link FieldIssues}. */
export interface FieldIssuesProps {
  issues: readonly FieldIssue[];
  /** Referenced by the field's `aria-describedby`. */
  id: string;
}

/** The findings, announced when they appear; an empty placeholder keeps `aria-describedby` valid. */
export function FieldIssues({ issues, id }: FieldIssuesProps) {
  const tRules = useT('rules');
  if (issues.length === 0) return <span id={id} hidden />;
  return (
    <div id={id} role="alert">
      <ul className="ec-issues">
        {issues.map((found, index) => (
          <li key={`${found.key}-${index}`} className="ec-error-text">
            {tRules(found.key, found.values ?? {})}
          </li>
        ))}
      </ul>
    </div>
  );
}
