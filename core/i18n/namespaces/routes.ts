/** Registers the `routes` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('routes', {
  zh_CN: () => import('../locales/zh_CN/routes.json'),
  en_US: () => import('../locales/en_US/routes.json'),
});
