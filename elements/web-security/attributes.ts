import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../core/config/constants.js';
import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The screens of `<ec-web-security>` (shell §2 `safety-protection/web-security/*`, old layout console sections). */
export const SECURITY_VIEWS = ['global-domain-config', 'only-domain-config', 'more-domain-config', 'add-tpl', 'domain-batch-config', 'strategy', 'domain'] as const;
export type SecurityView = (typeof SECURITY_VIEWS)[number];

/** The attributes of `<ec-web-security>`. */
export const attributes = {
  view: attr.enum(
    SECURITY_VIEWS,
    'global-domain-config',
    '`global-domain-config`: the global policy and the domains following it; `only-domain-config`: domains with their own policy; `more-domain-config`: security templates; `add-tpl`: a new template; `domain-batch-config`: batch configuration; `strategy`: one business\'s cards (`scope`, `business-id`, `business-name`); `domain`: a domain console section (`domain-id`, `section`).',
  ),
  scope: attr.enum(['template', 'domain', 'global'], 'template', 'Whose business a `strategy` view shows.'),
  businessId: attr.number('The business a `strategy` view shows.', { min: 1 }),
  businessName: attr.string('The template name or domain a `strategy` view shows in its title.'),
  domainId: attr.number('The domain a `domain` view configures.', { min: 1 }),
  section: attr.enum(['all', 'application', 'business'], 'all', 'Which cards a `domain` view shows (old layout console applicationSecurity or businessSecurity).'),
  pageSize: attr.number('Rows per page of the lists (shell §9).', { default: DEFAULT_PAGE_SIZE, values: PAGE_SIZES }),
} satisfies AttributeSchema;
