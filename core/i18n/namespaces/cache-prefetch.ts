/** Registers the `cache-prefetch` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('cache-prefetch', {
  zh_CN: () => import('../locales/zh_CN/cache-prefetch.json'),
  en_US: () => import('../locales/en_US/cache-prefetch.json'),
});
