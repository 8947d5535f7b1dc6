/** Registers the `user-center` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('user-center', {
  zh_CN: () => import('../locales/zh_CN/user-center.json'),
  en_US: () => import('../locales/en_US/user-center.json'),
});
