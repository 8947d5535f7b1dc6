/** Registers the `cache-purge` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('cache-purge', {
  zh_CN: () => import('../locales/zh_CN/cache-purge.json'),
  en_US: () => import('../locales/en_US/cache-purge.json'),
});
