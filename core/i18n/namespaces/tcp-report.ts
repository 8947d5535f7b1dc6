/** Registers the `tcp-report` catalogue (one chunk per language): the TCP reports and a rule's access control details. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('tcp-report', {
  zh_CN: () => import('../locales/zh_CN/tcp-report.json'),
  en_US: () => import('../locales/en_US/tcp-report.json'),
});
