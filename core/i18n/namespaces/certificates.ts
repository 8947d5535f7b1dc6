/** Registers the `certificates` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('certificates', {
  zh_CN: () => import('../locales/zh_CN/certificates.json'),
  en_US: () => import('../locales/en_US/certificates.json'),
});
