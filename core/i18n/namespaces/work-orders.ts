/** Registers the `work-orders` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('work-orders', {
  zh_CN: () => import('../locales/zh_CN/work-orders.json'),
  en_US: () => import('../locales/en_US/work-orders.json'),
});
