/** Registers the `domain-performance` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('domain-performance', {
  zh_CN: () => import('../locales/zh_CN/domain-performance.json'),
  en_US: () => import('../locales/en_US/domain-performance.json'),
});
