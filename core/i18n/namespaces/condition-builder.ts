/** Registers the `condition-builder` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('condition-builder', {
  zh_CN: () => import('../locales/zh_CN/condition-builder.json'),
  en_US: () => import('../locales/en_US/condition-builder.json'),
});
