import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../core/config/constants.js';
import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The screens of `<ec-acceleration-policy>`. */
export const POLICY_VIEWS = ['global', 'templates', 'template', 'config-templates', 'config-template'] as const;
export type PolicyView = (typeof POLICY_VIEWS)[number];

/** The attributes of `<ec-acceleration-policy>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  view: attr.enum(
    POLICY_VIEWS,
    'global',
    '`global`: the global acceleration policy; `templates`: the acceleration template list; `template`: one acceleration template (`template-id`), or a new one without it; `config-templates`: the configuration template list (old layout); `config-template`: one configuration template (`template-id`), or a new one.',
  ),
  templateId: attr.number('The template a `template` or `config-template` view edits; absent: create one.', { min: 1 }),
  pageSize: attr.number('Rows per page of the lists (shell §9).', { default: DEFAULT_PAGE_SIZE, values: PAGE_SIZES }),
  mode: attr.enum(['manage', 'readonly'], 'manage', '`readonly` hides every change; `manage` shows them where the caller may make them.'),
} satisfies AttributeSchema;
