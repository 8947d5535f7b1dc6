/** Registers the `cache-rules` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('cache-rules', {
  zh_CN: () => import('../locales/zh_CN/cache-rules.json'),
  en_US: () => import('../locales/en_US/cache-rules.json'),
});
