import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { DomainList, type DomainListProps } from './domain-list.js';
import styles from './domain-list.css';
import './events.js';
import '../../core/i18n/namespaces/domain-list.js';
import '../../core/i18n/namespaces/rules.js';

/**
 * The account's websites (rules §3, §4): domain, type, group, remark, service status (approval pending, approval
 * failed with its reason, configuration being issued, origin not set, serving, returned to origin, suspended with the
 * 503 notice, update in progress), access mode and connection, CNAME with copy, origins, traffic routing, network
 * type, certificate, due date and auto renewal. Search, status/group/access filters, sort and paging run on the
 * server, so 10,000 websites stay fast; "select all matching" selects the whole result set without loading it. Batch
 * and row actions: suspend (confirmed, visitors receive 503), enable, delete (refused while bound to a TCP package),
 * move to a group, edit remark/group/auto renewal, open the domain's console. `view="add"` is the add-domain wizard.
 *
 * @tag ec-domain-list
 * @summary Websites with server-side paging, filters, selection of all matching, batch actions and the add-domain wizard.
 * @fires ec-domain-added - Websites were added; detail `{ ids, domains }`.
 * @fires ec-view-state - The filters, sort, page, page size or the add-domain wizard's step changed; detail `{ state }`, URL query text for the page's address (the `view-state` attribute takes it back).
 * @fires ec-domain-deleted - Websites were deleted; detail `{ ids, domains }`.
 * @fires ec-domain-status-changed - Websites were suspended or enabled; detail `{ ids, action }`.
 * @fires ec-domain-updated - A website's remark, group or auto renewal was saved; detail `{ id }`.
 * @fires ec-website-group-assigned - Selected websites were moved to a group; detail `{ groupId, count }`.
 * @csspart toolbar - Search, filters, add and batch buttons, plan usage.
 * @csspart selection - The selection bar with select-all-matching and the batch actions.
 * @csspart table - The website table.
 * @csspart pagination - The pager, shown when there are more websites than the smallest page size.
 * @csspart empty-state - Shown when no website matches.
 * @csspart wizard - The add-domain wizard.
 * @csspart origins - The origin editor of the wizard.
 * @csspart outcome - The per-website outcome table of a preview or result.
 * @csspart dialog - Confirmation, edit and outcome dialogs.
 * @csspart provisioning - The live progress of the provisioning job after a submission (approval and configuration).
 * @csspart plan-notice - Why adding a website is refused by the plan, with the upgrade or work-order link.
 */
export const DomainListElement = defineElement<DomainListProps>('ec-domain-list', DomainList, {
  namespace: 'domain-list',
  uses: ['rules'],
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-domain-list': EcElementOf<typeof attributes>;
  }
}
