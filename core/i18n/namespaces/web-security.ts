/** Registers the `web-security` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('web-security', {
  zh_CN: () => import('../locales/zh_CN/web-security.json'),
  en_US: () => import('../locales/en_US/web-security.json'),
});
