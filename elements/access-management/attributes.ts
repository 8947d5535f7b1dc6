import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../core/config/constants.js';
import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The pages of access management (shell §2 "Access management", "Access key: list"). */
export const ACCESS_VIEWS = ['overview', 'accounts', 'account', 'keys', 'groups', 'group', 'group-setting', 'privileges-system', 'privileges-custom', 'privilege', 'simulator'] as const;
/** One page of access management. */
export type AccessView = (typeof ACCESS_VIEWS)[number];

/** The attributes of `<ec-access-management>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  view: attr.enum(
    ACCESS_VIEWS,
    'overview',
    'The page: the overview; sub-accounts (`accounts`) or one (`account`, with `account-id`); access keys (`keys`, of one account with `account-id`); groups, one group (`group`) or its grant editor (`group-setting`, with `group-id`); the system and custom privileges and one privilege (`privilege`, with `privilege`); the permission simulator.',
  ),
  accountId: attr.number("The sub-account of the `account` page, or whose keys the `keys` page lists.", { min: 1 }),
  groupId: attr.number('The group of the `group` and `group-setting` pages.', { min: 1 }),
  privilege: attr.string('The system privilege of the `privilege` page, as `<module>-<access>` (e.g. `domain-read`; a dot would read as a file name in a console address).'),
  pageSize: attr.number('Rows per page (shell §9).', { default: DEFAULT_PAGE_SIZE, values: PAGE_SIZES }),
} satisfies AttributeSchema;
