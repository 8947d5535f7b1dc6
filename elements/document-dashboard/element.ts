import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { DocumentDashboard, type DocumentDashboardProps } from './document-dashboard.js';
import styles from './document-dashboard.css';
import '../../core/i18n/namespaces/documents.js';

/**
 * The documentation centre's home (shell §2 `/document`; issue 29): every article by section (guides, the API,
 * logs, one reference article per element) and a search across titles and bodies, each result with a snippet whose
 * matching words are marked. Articles are the project's own documentation, rendered and sanitised by the server
 * (core/api/endpoints/documents.ts). The search is bookmarkable (`view-state`). The demo host hides it when
 * embedded and under OEM (shell §1, §2).
 *
 * @tag ec-document-dashboard
 * @summary Documentation centre: articles by section and a search with marked snippets.
 * @fires ec-navigate - Asks the host to open an article (route `document-aid`, `params.aid`).
 * @fires ec-view-state - The search or its page changed; `detail.state` is the view as URL query text.
 * @csspart toolbar - The search box's row.
 * @csspart search - The search box.
 * @csspart sections - The articles grouped by section.
 * @csspart results - The search results.
 * @csspart link - A link to an article.
 */
export const DocumentDashboardElement = defineElement<DocumentDashboardProps>('ec-document-dashboard', DocumentDashboard, {
  namespace: 'documents',
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-document-dashboard': EcElementOf<typeof attributes>;
  }
}
