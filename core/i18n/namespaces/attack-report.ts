/** Registers the `attack-report` catalogue (one chunk per language): the WAF, CC and precise access control reports. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('attack-report', {
  zh_CN: () => import('../locales/zh_CN/attack-report.json'),
  en_US: () => import('../locales/en_US/attack-report.json'),
});
