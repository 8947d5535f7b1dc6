/** Registers the `log-retrieval` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('log-retrieval', {
  zh_CN: () => import('../locales/zh_CN/log-retrieval.json'),
  en_US: () => import('../locales/en_US/log-retrieval.json'),
});
