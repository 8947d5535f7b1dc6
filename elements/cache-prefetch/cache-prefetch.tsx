/**
 * `<ec-cache-prefetch>`: fetch URLs of the caller's websites into the edge cache before visitors ask (rules §5
 * Prefetch: 200 URLs per task, typed or from one txt file of at most 2MB, 2 tasks per minute).
 */
import type { CacheTaskKind } from '../../core/rules/cache-tasks.js';
import { useT } from '../../core/ui/element-context.js';
import { CacheTaskForm } from '../cache-task-shared/cache-task-form.js';
import { layoutOf } from '../cache-task-shared/routes.js';

const KINDS: readonly CacheTaskKind[] = ['prefetch'];

/** Props of the component (attributes of the element). */
export interface CachePrefetchProps {
  /** `new` (default) or `old`: which layout's task list the success message links to. */
  layout?: string;
}

/** The prefetch form. */
export function CachePrefetch({ layout }: CachePrefetchProps) {
  const t = useT();
  return (
    <div className="ec-root ec-stack">
      <p className="ec-muted">{t('intro')}</p>
      <CacheTaskForm kinds={KINDS} layout={layoutOf(layout)} allowFile />
    </div>
  );
}
