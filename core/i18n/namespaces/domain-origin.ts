/** Registers the `domain-origin` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('domain-origin', {
  zh_CN: () => import('../locales/zh_CN/domain-origin.json'),
  en_US: () => import('../locales/en_US/domain-origin.json'),
});
