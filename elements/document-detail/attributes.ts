import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** The attributes of `<ec-document-detail>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  articleId: attr.string('The article to show (shell §2 `/document/{aid}`), e.g. `getting-started` or `element-domain-list`.'),
} satisfies AttributeSchema;
