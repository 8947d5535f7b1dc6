/** Registers the `job-detail` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('job-detail', {
  zh_CN: () => import('../locales/zh_CN/job-detail.json'),
  en_US: () => import('../locales/en_US/job-detail.json'),
});
