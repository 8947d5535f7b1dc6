import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { LogDownloads, type LogDownloadsProps } from './log-downloads.js';
import styles from './log-downloads.css';
import '../../core/i18n/namespaces/log-downloads.js';
import '../../core/i18n/namespaces/rules.js';
import '../../core/i18n/namespaces/log-fields.js';

/**
 * Log download tasks and templates (rules §2 "security-operations log download tasks and templates"; rules §3 "Log
 * download task", "Log template"; rules §4: only completed log tasks can be downloaded; rules §5: a domain is
 * required, only enabled templates can be associated; rules §9: files kept 7 days, 10 tasks at once, 10,000 rows per
 * file). Tasks move through their states live on the job stream; a completed file downloads gzip-compressed.
 *
 * @tag ec-log-downloads
 * @summary Log download tasks (create, progress, cancel, download, delete) and download templates (fields, limitation, enable).
 * @fires ec-log-download-created - A download task was created; detail `{ job }`.
 * @fires ec-log-download-canceled - A download task was canceled; detail `{ id }`.
 * @fires ec-log-download-deleted - Finished download tasks were deleted; detail `{ ids }`.
 * @fires ec-log-template-saved - A template was created, changed, enabled or disabled; detail `{ template, created }`.
 * @fires ec-log-template-deleted - A template was deleted; detail `{ id, name }`.
 * @csspart toolbar - Search, log type filter and the create button.
 * @csspart table - The tasks or the templates.
 * @csspart pagination - The pager, shown when there are more rows than the smallest page size.
 * @csspart empty-state - Shown when there is no task or template to show.
 * @csspart dialog - The task and template forms.
 */
export const LogDownloadsElement = defineElement<LogDownloadsProps>('ec-log-downloads', LogDownloads, {
  namespace: 'log-downloads',
  uses: ['rules', 'log-fields'],
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-log-downloads': EcElementOf<typeof attributes>;
  }
}
