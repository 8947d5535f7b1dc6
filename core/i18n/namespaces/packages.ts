/** Registers the `packages` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('packages', {
  zh_CN: () => import('../locales/zh_CN/packages.json'),
  en_US: () => import('../locales/en_US/packages.json'),
});
