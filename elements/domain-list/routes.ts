/**
 * The host routes the website elements ask for with `ec-navigate` (shell §2 cloud-speed routes). The demo host names
 * routes by layout; a host with its own router maps these names to its pages. `layout="old"` picks the old menu
 * layout's pages (businessList, batch-add ...); the new layout has no batch-add page, so it opens the add-domain
 * wizard, which takes many domains too.
 */

/** Which cloud-speed layout the element sits in. */
export type ConsoleLayout = 'new' | 'old';

/** The route names of one layout. */
export interface DomainRoutes {
  list: string;
  add: string;
  console: string;
  batchAdd: string;
  batchDelete: string;
  batchSetting: string;
  groups: string;
}

/** Route names per layout. */
export const DOMAIN_ROUTES: Record<ConsoleLayout, DomainRoutes> = {
  new: {
    list: 'cloud-speed-new-domain-management-domain-list',
    add: 'cloud-speed-new-domain-management-add-domain',
    console: 'cloud-speed-new-speed-network-domain-acceleration-console-id',
    batchAdd: 'cloud-speed-new-domain-management-add-domain',
    batchDelete: 'cloud-speed-new-domain-management-batch-delete',
    batchSetting: 'cloud-speed-new-domain-management-batch-setting',
    groups: 'cloud-speed-new-domain-management-website-group',
  },
  old: {
    list: 'cloud-speed-old-businessList',
    add: 'cloud-speed-old-batch-add',
    console: 'cloud-speed-old-console-id',
    batchAdd: 'cloud-speed-old-batch-add',
    batchDelete: 'cloud-speed-old-batch-delete',
    batchSetting: 'cloud-speed-old-batch-setting',
    groups: 'cloud-speed-old-websiteGroup',
  },
};

/** The routes of the `layout` attribute's value (anything but "old" is the new layout, the default). */
export function domainRoutes(layout: string | undefined): DomainRoutes {
  return DOMAIN_ROUTES[layout === 'old' ? 'old' : 'new'];
}
