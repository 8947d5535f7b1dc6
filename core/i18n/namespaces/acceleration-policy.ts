/** Registers the `acceleration-policy` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('acceleration-policy', {
  zh_CN: () => import('../locales/zh_CN/acceleration-policy.json'),
  en_US: () => import('../locales/en_US/acceleration-policy.json'),
});
