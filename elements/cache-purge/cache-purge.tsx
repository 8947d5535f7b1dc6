/**
 * `<ec-cache-purge>`: purge cached URLs or directories of the caller's websites (rules §5 Purge: 200 URLs or 100
 * directories of at most 8 levels, no wildcard domains, duplicates ignored, 2 submissions per minute each).
 */
import type { CacheTaskKind } from '../../core/rules/cache-tasks.js';
import { useT } from '../../core/ui/element-context.js';
import { CacheTaskForm } from '../cache-task-shared/cache-task-form.js';
import { layoutOf } from '../cache-task-shared/routes.js';

const KINDS: readonly CacheTaskKind[] = ['purge-url', 'purge-directory'];

/** Props of the component (attributes of the element). */
export interface CachePurgeProps {
  /** `new` (default) or `old`: which layout's task list the success message links to. */
  layout?: string;
}

/** The purge form. */
export function CachePurge({ layout }: CachePurgeProps) {
  const t = useT();
  return (
    <div className="ec-root ec-stack">
      <p className="ec-muted">{t('intro')}</p>
      <CacheTaskForm kinds={KINDS} layout={layoutOf(layout)} allowFile={false} />
    </div>
  );
}
