/** Registers the `log-downloads` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('log-downloads', {
  zh_CN: () => import('../locales/zh_CN/log-downloads.json'),
  en_US: () => import('../locales/en_US/log-downloads.json'),
});
