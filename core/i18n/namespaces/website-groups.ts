/** Registers the `website-groups` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('website-groups', {
  zh_CN: () => import('../locales/zh_CN/website-groups.json'),
  en_US: () => import('../locales/en_US/website-groups.json'),
});
