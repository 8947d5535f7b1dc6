/** Registers the `job-list` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('job-list', {
  zh_CN: () => import('../locales/zh_CN/job-list.json'),
  en_US: () => import('../locales/en_US/job-list.json'),
});
