/** Request schemas of the documentation centre's calls. */
import { Type } from 'typebox';
import { DOCUMENT_SEARCH_MAX_LENGTH } from '../../../../core/api/endpoints/documents.js';
import { getRoute, listRoute, type RouteSchemas } from '../../platform/http/schemas.js';

const TAG = 'documents';
const Lang = Type.Optional(Type.String({ maxLength: 8 }));

/** Schemas by `METHOD /path`. */
export const documentSchemas: RouteSchemas = {
  'GET /V4/document.article.list': getRoute(TAG, 'Every article\'s title and summary, in reading order', { lang: Lang }),
  'GET /V4/document.article.get': getRoute(TAG, 'One article, rendered and sanitised', { id: Type.Optional(Type.String({ maxLength: 64 })), lang: Lang }),
  'GET /V4/document.article.search': listRoute(TAG, 'Articles holding every word of the query, with marked snippets', {
    q: Type.Optional(Type.String({ maxLength: DOCUMENT_SEARCH_MAX_LENGTH })),
    lang: Lang,
  }),
};
