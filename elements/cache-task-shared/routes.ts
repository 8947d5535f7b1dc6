/**
 * The host routes the cache task elements name in `ec-navigate` (shell §2): the task list tabs and their detail
 * pages, in the old layout (taskList under cloud-speed) or the new one (operation-audit/taskList). A host with its own
 * router maps these names to its pages.
 */

/** Which cloud-speed menu layout the element sits in. */
export type CacheTaskLayout = 'new' | 'old';

/** The task list tab of a job type: purges, prefetches, or every batch operation. */
function tab(type: string | undefined): string {
  if (type === 'cache.purge') return 'cleanCacheLog';
  if (type === 'cache.prefetch') return 'cachePreheatLog';
  return 'operateLogBatch';
}

function prefix(layout: CacheTaskLayout): string {
  return layout === 'old' ? 'cloud-speed-old-taskList' : 'cloud-speed-new-operation-audit-taskList';
}

/** The task list route showing tasks of `type` (all batch operations when none). */
export function taskListRoute(layout: CacheTaskLayout, type?: string): string {
  return `${prefix(layout)}-${tab(type)}`;
}

/** The detail route of a task of `type` (parameter `id`). */
export function taskDetailRoute(layout: CacheTaskLayout, type?: string): string {
  return `${prefix(layout)}-${tab(type)}-detail-id`;
}

/** The layout named by an attribute value: anything but "old" is the new layout (the default). */
export function layoutOf(value: string | undefined): CacheTaskLayout {
  return value === 'old' ? 'old' : 'new';
}
