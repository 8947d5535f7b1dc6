/** Registers the `host` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('host', {
  zh_CN: () => import('../locales/zh_CN/host.json'),
  en_US: () => import('../locales/en_US/host.json'),
});
