/** Registers the `dns-jobs` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('dns-jobs', {
  zh_CN: () => import('../locales/zh_CN/dns-jobs.json'),
  en_US: () => import('../locales/en_US/dns-jobs.json'),
});
