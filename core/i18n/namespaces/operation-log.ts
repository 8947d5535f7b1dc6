/** Registers the `operation-log` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('operation-log', {
  zh_CN: () => import('../locales/zh_CN/operation-log.json'),
  en_US: () => import('../locales/en_US/operation-log.json'),
});
