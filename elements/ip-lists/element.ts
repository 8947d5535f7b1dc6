import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { IpLists, type IpListsProps } from './ip-lists.js';
import styles from './ip-lists.css';
import '../../core/i18n/namespaces/ip-lists.js';
import '../../core/i18n/namespaces/rules.js';

/**
 * IP lists: the account's lists (name, remark, IP count, creation time) with search, create, edit, export and
 * delete (refused while a WAF rule references the list), and each list's entries (IPv4, IPv6 or CIDR, up to 200,000
 * per list) with search inside the list, removal, and additions typed or from CSV/TXT files of at most 20,000
 * entries, checked line by line in a Web Worker with a preview before anything is sent.
 *
 * @tag ec-ip-lists
 * @summary IP lists for WAF rules: lists, entries, search, CSV/TXT upload with preview, removal and export.
 * @fires ec-ip-list-saved - A list was created or renamed; detail `{ list, created }`.
 * @fires ec-ip-list-deleted - A list was deleted; detail `{ id, name }`.
 * @fires ec-view-state - The search, page, page size or open list changed; detail `{ state }`, URL query text for the page's address (the `view-state` attribute takes it back).
 * @fires ec-ip-list-entries-changed - Entries were added or removed; detail `{ list, added, already_listed, removed }`.
 * @csspart toolbar - Search and actions of the lists or of the open list.
 * @csspart table - The lists, or the open list's entries.
 * @csspart pagination - The pager, shown when there are more rows than the smallest page size.
 * @csspart empty-state - Shown when there is no list or no entry to show.
 * @csspart dialog - The list form and the add-entries dialog.
 * @csspart preview - The per-line preview of entries to add.
 * @csspart preview-table - The table of the preview's current page.
 * @csspart read-only-notice - Shown above the lists when the caller's group may only view websites.
 */
export const IpListsElement = defineElement<IpListsProps>('ec-ip-lists', IpLists, {
  namespace: 'ip-lists',
  uses: ['rules'],
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-ip-lists': EcElementOf<typeof attributes>;
  }
}
