/** Registers the `traffic-report` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('traffic-report', {
  zh_CN: () => import('../locales/zh_CN/traffic-report.json'),
  en_US: () => import('../locales/en_US/traffic-report.json'),
});
