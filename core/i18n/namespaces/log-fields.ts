/** Registers the `log-fields` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('log-fields', {
  zh_CN: () => import('../locales/zh_CN/log-fields.json'),
  en_US: () => import('../locales/en_US/log-fields.json'),
});
