/** Registers the `ip-lists` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('ip-lists', {
  zh_CN: () => import('../locales/zh_CN/ip-lists.json'),
  en_US: () => import('../locales/en_US/ip-lists.json'),
});
