/** Registers the `access-management` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('access-management', {
  zh_CN: () => import('../locales/zh_CN/access-management.json'),
  en_US: () => import('../locales/en_US/access-management.json'),
});
