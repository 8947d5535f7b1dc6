/**
 * The notices of plan refusals, one per refused feature and message. Its own module, loaded by ./plan-refusals.tsx
 * only when a save was refused: it translates with the `rules` catalogue, which a page showing a single
 * {@link PlanNotice} (its message already translated) does not need.
 */
import type { FieldIssue } from '../../api/catalogue.js';
import { useT } from '../element-context.js';
import { PlanNotice, refusalNotice } from './plan-notice.js';

export function PlanRefusalList({ refusals }: { refusals: readonly FieldIssue[] }) {
  const rules = useT('rules');
  const seen = new Set<string>();
  const unique = refusals.filter((found) => {
    const key = `${String(found.values?.feature)}|${found.key}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (unique.length === 0) return null;
  return (
    <div className="ec-stack" role="alert">
      {unique.map((found) => (
        <PlanNotice key={`${String(found.values?.feature)}|${found.key}`} message={rules(found.key, found.values ?? {})} notice={refusalNotice(found)} />
      ))}
    </div>
  );
}
