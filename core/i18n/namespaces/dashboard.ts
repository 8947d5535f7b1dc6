/** Registers the `dashboard` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('dashboard', {
  zh_CN: () => import('../locales/zh_CN/dashboard.json'),
  en_US: () => import('../locales/en_US/dashboard.json'),
});
