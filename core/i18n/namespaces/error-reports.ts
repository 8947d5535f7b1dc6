/** Registers the `error-reports` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('error-reports', {
  zh_CN: () => import('../locales/zh_CN/error-reports.json'),
  en_US: () => import('../locales/en_US/error-reports.json'),
});
