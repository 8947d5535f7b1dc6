import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-packages>`: the factory parses them with this schema, custom-elements.json is written from it. */
/** Which console the page is in. */
export const PACKAGES_LAYOUTS = ['cloud-speed', 'security'] as const;
export type PackagesLayout = (typeof PACKAGES_LAYOUTS)[number];

export const attributes = {
  planId: attr.number('Shows only this plan (a link from a plan notice or a message); all of the account\'s plans by default.', { min: 1, integer: true }),
  layout: attr.enum(
    PACKAGES_LAYOUTS,
    'cloud-speed',
    'Which console shows the page: `cloud-speed` (domain management `packages`), or `security`, the security module\'s packages (shell §2 `meal`): each package links to its detail (`meal/{id}`), which, with `plan-id`, lists the package\'s businesses, each opening `business/{id}`.',
  ),
} satisfies AttributeSchema;
