import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { DomainConsole, type DomainConsoleProps } from './domain-console.js';
import styles from './domain-console.css';
import './events.js';
import '../../core/i18n/namespaces/domain-console.js';
import '../../core/i18n/namespaces/domain-list.js';
import '../../core/i18n/namespaces/rules.js';

/**
 * The console of one website (shell §2 old layout `console/:id` with backsource, perform, pages and liveVideo; new
 * layout `source-station/:id`, `config-view/:id`, `speed-network/domain-acceleration/console/:id`): the domain, its
 * status and configuration method (rules §4), and one tab per area, each loading only its own settings groups
 * (shell §7 `V4/web.domain.set.get?group=…`) and saving through `V4/web.domain.set.save`: origin, HTTPS, cache,
 * performance, error pages, URI rewrite and redirects, live streaming (where the plan has it), the configuration view
 * and a request trace. A tab's code loads the first time it is shown.
 *
 * @tag ec-domain-console
 * @summary Every setting of one website, by tab, with its configuration method.
 * @fires ec-view-state - The user picked another tab; detail `{ state }` (`tab=…`, empty for the `tab` attribute's). The element never navigates.
 * @fires ec-domain-settings-saved - Settings groups were saved; detail `{ domain_id, groups }`.
 * @fires ec-navigate - A plan notice asks the host for the upgrade page or a work order; detail `{ route, params }`.
 * @csspart title - The page title naming the domain.
 * @csspart tabs - The tab bar.
 * @csspart summary - The domain's status and configuration method.
 * @csspart config-method - The configuration method and its change.
 * @csspart config-method-dialog - The choices of the dialog that changes the configuration method.
 * @csspart config-method-consequence - What the chosen change of configuration method does (copy, unlink, switch).
 * @csspart config-view - The configuration view: every setting in force with its source.
 * @csspart group - One settings group's section.
 * @csspart plan-notice - Why a group is locked by the plan, with the upgrade or work-order link.
 * @csspart readonly-notice - Why a group is view-only (global policy, template, read grant).
 * @csspart restored-notice - That a group's unsaved changes from an earlier visit were restored.
 * @csspart origin-tab - The origin tab.
 * @csspart origins - The origin tab's origin rows (the add wizard's origin editor).
 * @csspart health-states - The origin tab's health state of each origin.
 * @csspart conditional-origins - The origin tab's conditional origin rules.
 * @csspart conditional-rule - One conditional origin rule.
 * @csspart trace - The request trace tab.
 * @csspart trace-form - The request the trace runs: URL, method, headers, client IP, region, origin status.
 * @csspart trace-result - Where the trace's result is announced.
 * @csspart trace-drafts - Whether the trace used other tabs' unsaved changes, and which.
 * @csspart trace-outcome - How the traced request ends.
 * @csspart trace-steps - The trace's steps in order, each with what matched, why, and the result.
 * @csspart certificate-hint - HTTPS tab: which certificates the picker lists, or that none covers the domain.
 * @csspart hsts-persists - HTTPS tab: HSTS was turned off, and until when browsers keep it (rules §9: one month).
 * @csspart https-note - Redirects: the website serves HTTPS, so implicit forwarding must go to https.
 * @csspart header-list - The request or response header rules of the performance tab.
 * @csspart custom-page - One custom error page (status code, type, HTML or link).
 * @csspart page-preview - The sandboxed preview of a custom HTML error page (runs no script).
 * @csspart origin-pull-ranges - The back-to-origin ranges origin protection admits, with the copy button.
 * @csspart trace-cards-unread - Says the protection cards could not be read, so the trace ran without them.
 * @cssprop --ec-color-card - Background of the settings sections.
 * @cssprop --ec-color-border - Lines around the settings sections.
 */
export const DomainConsoleElement = defineElement<DomainConsoleProps>('ec-domain-console', DomainConsole, {
  namespace: 'domain-console',
  uses: ['domain-list', 'rules'],
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-domain-console': EcElementOf<typeof attributes>;
  }
}
