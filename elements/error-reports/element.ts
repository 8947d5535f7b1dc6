import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { ErrorReports, type ErrorReportsProps } from './error-reports.js';
import styles from './error-reports.css';
import '../../core/i18n/namespaces/error-reports.js';

/**
 * The failures the console's users met, as the console reported them (shell §7 error reporting): when each was seen
 * (UTC+8, rules §9 log time), in which element, its kind, envelope code or HTTP status, Request-Id (copyable, to find
 * the call in the server's log), API path, console language and version. No personal data: a report holds no message
 * text, no query and no token. A main account lists the whole account's reports, a sub-account only its own.
 * Filters: failure kind and element; paged on the server (shell §9).
 *
 * @tag ec-error-reports
 * @summary Failures users met, as the console reported them, with filters and paging.
 * @fires ec-error-reports-filtered - The user changed a filter; detail `{ filter }`, the list call's filter without paging.
 * @csspart toolbar - The kind and element filters and the refresh button.
 * @csspart table - The report table.
 * @csspart pagination - The pager, shown when there are more reports than the smallest page size.
 * @csspart empty-state - Shown when no failure was reported, or none matches the filters.
 */
export const ErrorReportsElement = defineElement<ErrorReportsProps>('ec-error-reports', ErrorReports, {
  namespace: 'error-reports',
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-error-reports': EcElementOf<typeof attributes>;
  }
}
