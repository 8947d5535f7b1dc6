/** Registers the `documents` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('documents', {
  zh_CN: () => import('../locales/zh_CN/documents.json'),
  en_US: () => import('../locales/en_US/documents.json'),
});
