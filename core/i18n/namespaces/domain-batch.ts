/** Registers the `domain-batch` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('domain-batch', {
  zh_CN: () => import('../locales/zh_CN/domain-batch.json'),
  en_US: () => import('../locales/en_US/domain-batch.json'),
});
