/** Registers the `domain-console` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('domain-console', {
  zh_CN: () => import('../locales/zh_CN/domain-console.json'),
  en_US: () => import('../locales/en_US/domain-console.json'),
});
