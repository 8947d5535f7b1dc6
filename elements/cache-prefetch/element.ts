import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import '../cache-task-shared/events.js';
import styles from '../cache-task-shared/cache-task.css';
import { attributes } from './attributes.js';
import { CachePrefetch, type CachePrefetchProps } from './cache-prefetch.js';
import '../../core/i18n/namespaces/cache-prefetch.js';
import '../../core/i18n/namespaces/cache-tasks.js';
import '../../core/i18n/namespaces/rules.js';

/**
 * Cache prefetch (rules §5 Prefetch): URLs of websites the caller may manage, typed or read from one txt file (at
 * most 2MB, the stricter of the spec's two readings), at most 200 per task, with a per-row preview of the URL sent or
 * why a row is refused; repeats are ignored and counted. Two tasks per minute: the element says when the next is
 * allowed. A caller who may manage no website sees it read-only. After a submission it says "Task submitted, see the
 * task list" (shell §8) with links that send `ec-navigate`.
 *
 * @tag ec-cache-prefetch
 * @summary Prefetch URLs into the edge cache, typed or from a txt file, with a per-row preview.
 * @fires ec-cache-task-submitted - A prefetch task was created; detail `{ id, type, count }`.
 * @fires ec-navigate - The task list or the new task's detail was asked for.
 * @csspart form - The prefetch form.
 * @csspart kind - The URL or directory choice (purge only; not shown here).
 * @csspart source - The typed or file choice.
 * @csspart file - The txt file input.
 * @csspart urls - The URL text area.
 * @csspart issue - The message about the whole batch (too many entries, empty).
 * @csspart preview - The per-row preview with its counts.
 * @csspart preview-table - The preview table.
 * @csspart allowance - The submissions-per-minute note.
 * @csspart blocked-reason - Why submitting is not possible now (read-only, or when the next one is allowed).
 * @csspart submitted - The "Task submitted" message with its links.
 * @csspart refused - The server's refusal.
 * @csspart link - The links to the task list and the task.
 * @cssprop --ec-color-success - Text of the "Task submitted" message.
 */
export const CachePrefetchElement = defineElement<CachePrefetchProps>('ec-cache-prefetch', CachePrefetch, {
  namespace: 'cache-prefetch',
  uses: ['cache-tasks', 'rules'],
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-cache-prefetch': EcElementOf<typeof attributes>;
  }
}
