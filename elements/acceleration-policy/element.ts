import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { AccelerationPolicy, type AccelerationPolicyProps } from './acceleration-policy.js';
import consoleStyles from '../domain-console/domain-console.css';
import listStyles from '../domain-list/domain-list.css';
import ownStyles from './acceleration-policy.css';
import './events.js';
import '../../core/i18n/namespaces/acceleration-policy.js';
import '../../core/i18n/namespaces/domain-console.js';
import '../../core/i18n/namespaces/domain-list.js';
import '../../core/i18n/namespaces/rules.js';

/**
 * The global acceleration policy, acceleration templates and configuration templates (issue 21; shell §2 new layout
 * `speed-network/domain-acceleration` global and tpl tabs and add-tpl, old layout `configTemplates`, `create`,
 * `edit/:id`; rules §3-§6).
 *
 * - `view="global"`: the settings every domain on "global policy" inherits (rules §4), edited with the domain console's
 *   own tab forms; a save redeploys those domains.
 * - `view="templates"`: acceleration templates with their bound domain counts: create, edit (the same tab forms),
 *   copy (rules §6: flagship or above, else the upgrade or work-order notice), delete (refused while bound), bind
 *   websites, and the bound domains with unbind by copying the template's configuration or switching to the global
 *   policy or another template (rules §4). `view="template"` edits one (`template-id`) or creates one (add-tpl).
 * - `view="config-templates"`: configuration templates (name at most 30, remark, configuration items) with copy,
 *   delete and apply: batch setting of the chosen items on picked websites with the server's per-site preview, the
 *   result per site and the provisioning job's progress. `view="config-template"` edits one or creates one.
 *
 * Texts in both languages; a caller who may not change templates (a sub-account without manage access to all
 * domains, rules §6) or `mode="readonly"` sees everything read-only with the reason.
 *
 * @tag ec-acceleration-policy
 * @summary Global acceleration policy, acceleration templates and configuration templates.
 * @fires ec-acceleration-template-saved - A template was created, changed or copied; detail `{ kind, id, name }` (`kind`: `acceleration` or `configuration`).
 * @fires ec-acceleration-template-deleted - A template was deleted; detail `{ kind, id }`.
 * @fires ec-acceleration-template-binding-changed - Domains were bound to or unbound from an acceleration template; detail `{ id, bound, unbound }` (domain ids).
 * @fires ec-config-template-applied - A configuration template was applied to websites; detail `{ id, succeeded, failed, job_id }`.
 * @fires ec-navigate - A plan notice asks the host for the upgrade page or a work order; detail `{ route, params }`.
 * @csspart title - The page title of the policy or the template.
 * @csspart explain - What the policy or template does, and its bound domain count.
 * @csspart policy-tab - The tab panel with the settings groups.
 * @csspart group - One settings group's section (the domain console's).
 * @csspart plan-notice - Why copying (or a group) is locked by the plan, with the upgrade or work-order link.
 * @csspart readonly-notice - Why a settings group is view-only.
 * @csspart restored-notice - That a group's unsaved changes from an earlier visit were restored.
 * @csspart read-only-notice - Shown when the caller may not change templates.
 * @csspart toolbar - Search and the create button.
 * @csspart table - The template table.
 * @csspart pagination - The pager.
 * @csspart empty-state - Shown when there is no template.
 * @csspart template-form - Name and remark (and a configuration template's items).
 * @csspart items - A configuration template's items.
 * @csspart bind-outcome - The outcome of a bind or unbind, with each refused domain and why.
 * @csspart bound-domains - The domains bound to a template.
 * @csspart unbind-choice - How to unbind: copy, or switch to the global policy or another template.
 * @csspart unbind-consequence - What the chosen way of unbinding does.
 * @csspart apply-items - The items a batch setting applies.
 * @csspart apply-outcome - The per-site preview or result of a batch setting.
 * @csspart picker - The website picker.
 * @csspart provisioning - The provisioning job's progress after a batch setting.
 * @csspart outcome - The per-website outcome table of the website picker's parts.
 * @csspart header-list - The request or response header rules of the performance tab.
 * @csspart custom-page - One custom error page (status code, type, HTML or link).
 * @csspart page-preview - The sandboxed preview of a custom HTML error page (runs no script).
 * @csspart https-note - Redirects: the note on implicit forwarding when the website serves HTTPS.
 * @cssprop --ec-color-border - Lines around item chips and settings sections.
 * @cssprop --ec-color-card - Background of the settings sections.
 */
export const AccelerationPolicyElement = defineElement<AccelerationPolicyProps>('ec-acceleration-policy', AccelerationPolicy, {
  namespace: 'acceleration-policy',
  uses: ['domain-console', 'domain-list', 'rules'],
  attributes,
  styles: `${consoleStyles}\n${listStyles}\n${ownStyles}`,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-acceleration-policy': EcElementOf<typeof attributes>;
  }
}
