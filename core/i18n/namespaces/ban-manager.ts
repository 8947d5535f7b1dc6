/** Registers the `ban-manager` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('ban-manager', {
  zh_CN: () => import('../locales/zh_CN/ban-manager.json'),
  en_US: () => import('../locales/en_US/ban-manager.json'),
});
