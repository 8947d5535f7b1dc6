/** Registers the `sdk` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('sdk', {
  zh_CN: () => import('../locales/zh_CN/sdk.json'),
  en_US: () => import('../locales/en_US/sdk.json'),
});
