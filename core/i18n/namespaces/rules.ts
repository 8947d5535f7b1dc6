/** Registers the `rules` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('rules', {
  zh_CN: () => import('../locales/zh_CN/rules.json'),
  en_US: () => import('../locales/en_US/rules.json'),
});
