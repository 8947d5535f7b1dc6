/** Registers the `domain-trace` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('domain-trace', {
  zh_CN: () => import('../locales/zh_CN/domain-trace.json'),
  en_US: () => import('../locales/en_US/domain-trace.json'),
});
