/** Registers the `plan-overview` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('plan-overview', {
  zh_CN: () => import('../locales/zh_CN/plan-overview.json'),
  en_US: () => import('../locales/en_US/plan-overview.json'),
});
