import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import styles from '../domain-list/domain-list.css';
import '../domain-list/events.js';
import { WebsiteGroups, type WebsiteGroupsProps } from './website-groups.js';
import '../../core/i18n/namespaces/website-groups.js';
import '../../core/i18n/namespaces/rules.js';
import '../../core/i18n/namespaces/domain-list.js';

/**
 * Website groups (rules §3: group name, remark, modification time; rules §5: name 1-40 characters): the list with the
 * number of websites in each, search and paging; create, rename, delete (the group's websites become ungrouped) and
 * move websites into a group with a website picker. Creating, renaming and deleting need manage access to all domains
 * (rules §6): a caller without it sees the groups read-only, with the reason; a child sees the counts of the websites
 * its group may see. The search, page and page size are kept in `view-state` (issue 19).
 *
 * @tag ec-website-groups
 * @summary Website groups: list, create, rename, delete and assign websites.
 * @fires ec-website-group-saved - A group was created or renamed; detail `{ id, name }`.
 * @fires ec-website-group-deleted - A group was deleted; detail `{ id }`.
 * @fires ec-website-group-assigned - Websites were moved into a group; detail `{ groupId, count }`.
 * @fires ec-view-state - The search, page or page size changed; detail `{ state }`, URL query text for the page's address (the `view-state` attribute takes it back).
 * @csspart toolbar - Search and the create button.
 * @csspart table - The group table.
 * @csspart pagination - The pager, shown when there are more groups than the smallest page size.
 * @csspart empty-state - Shown when there is no group.
 * @csspart picker - The website picker of the assign dialog.
 * @csspart dialog - The create, rename, delete and assign dialogs.
 * @csspart outcome - The per-website outcome table after moving websites.
 * @csspart read-only-notice - Shown when the caller's group may only view websites and domains.
 */
export const WebsiteGroupsElement = defineElement<WebsiteGroupsProps>('ec-website-groups', WebsiteGroups, {
  namespace: 'website-groups',
  uses: ['rules', 'domain-list'],
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-website-groups': EcElementOf<typeof attributes>;
  }
}
