/** Registers the `cache-tasks` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('cache-tasks', {
  zh_CN: () => import('../locales/zh_CN/cache-tasks.json'),
  en_US: () => import('../locales/en_US/cache-tasks.json'),
});
