import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { DocumentDetail, type DocumentDetailProps } from './document-detail.js';
import styles from './document-detail.css';
import '../../core/i18n/namespaces/documents.js';
import './events.js';

/**
 * One article of the documentation centre (shell §2 `/document/{aid}`; issue 29): the Markdown the server rendered
 * and sanitised, a table of contents, previous/next articles, and for an element's reference article a live example:
 * that element mounted here with this element's `api-base`, `lang` and `route-mode`, working against the same API
 * and session. An unknown id shows a not-found state with a way back to every article. The demo host hides it when
 * embedded and under OEM (shell §1, §2).
 *
 * @tag ec-document-detail
 * @summary One documentation article with its contents, live example and previous/next links.
 * @fires ec-navigate - Asks the host for another article (route `document-aid`) or the documentation home.
 * @fires ec-request-element - Cancelable: the live example needs `detail.tag` defined; a host that loads it calls preventDefault().
 * @csspart article - The rendered article.
 * @csspart toc - The table of contents.
 * @csspart example - The live example's frame.
 * @csspart article-pager - The previous and next links.
 * @csspart not-found - The state shown for an unknown article.
 * @csspart link - A link to another article.
 */
export const DocumentDetailElement = defineElement<DocumentDetailProps>('ec-document-detail', DocumentDetail, {
  namespace: 'documents',
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-document-detail': EcElementOf<typeof attributes>;
  }
}
