/** Registers the `domain-https` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('domain-https', {
  zh_CN: () => import('../locales/zh_CN/domain-https.json'),
  en_US: () => import('../locales/en_US/domain-https.json'),
});
