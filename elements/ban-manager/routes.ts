/**
 * The host routes `<ec-ban-manager>` asks for with `ec-navigate` (shell §2 cloud-speed new layout: banManage and
 * banManage/banRecord). A host with its own router maps these names to its pages.
 */

/** Route names of the ban pages. */
export const BAN_ROUTES = {
  overview: 'cloud-speed-new-safety-protection-banManage',
  records: 'cloud-speed-new-safety-protection-banManage-banRecord',
} as const;
