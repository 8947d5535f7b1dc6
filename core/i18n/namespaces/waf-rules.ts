/** Registers the `waf-rules` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('waf-rules', {
  zh_CN: () => import('../locales/zh_CN/waf-rules.json'),
  en_US: () => import('../locales/en_US/waf-rules.json'),
});
