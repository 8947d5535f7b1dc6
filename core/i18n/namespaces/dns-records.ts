/** Registers the `dns-records` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('dns-records', {
  zh_CN: () => import('../locales/zh_CN/dns-records.json'),
  en_US: () => import('../locales/en_US/dns-records.json'),
});
