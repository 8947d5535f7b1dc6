/** Registers the `domain-list` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('domain-list', {
  zh_CN: () => import('../locales/zh_CN/domain-list.json'),
  en_US: () => import('../locales/en_US/domain-list.json'),
});
