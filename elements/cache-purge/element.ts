import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import '../cache-task-shared/events.js';
import styles from '../cache-task-shared/cache-task.css';
import { attributes } from './attributes.js';
import { CachePurge, type CachePurgeProps } from './cache-purge.js';
import '../../core/i18n/namespaces/cache-purge.js';
import '../../core/i18n/namespaces/cache-tasks.js';
import '../../core/i18n/namespaces/rules.js';

/**
 * Cache purge (rules §5 Purge): URLs (at most 200) or directories (at most 100, up to 8 levels) of websites the
 * caller may manage, one per line, with a per-row preview of the URL sent or why a row is refused; repeats are
 * ignored and counted; no wildcard domains. Each kind may be submitted twice per minute: the element says when the
 * next submission is allowed. A caller who may manage no website sees it read-only. After a submission it says
 * "Task submitted, see the task list" (shell §8) with links that send `ec-navigate`.
 *
 * @tag ec-cache-purge
 * @summary Purge cached URLs or directories, with a per-row preview and the submission allowance.
 * @fires ec-cache-task-submitted - A purge task was created; detail `{ id, type, count }`.
 * @fires ec-navigate - The task list or the new task's detail was asked for.
 * @csspart form - The purge form.
 * @csspart kind - The URL or directory choice.
 * @csspart source - The typed or file choice (prefetch only; not shown here).
 * @csspart file - The txt file input (prefetch only; not shown here).
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
export const CachePurgeElement = defineElement<CachePurgeProps>('ec-cache-purge', CachePurge, {
  namespace: 'cache-purge',
  uses: ['cache-tasks', 'rules'],
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-cache-purge': EcElementOf<typeof attributes>;
  }
}
