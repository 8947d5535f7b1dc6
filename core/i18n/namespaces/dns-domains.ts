/** Registers the `dns-domains` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('dns-domains', {
  zh_CN: () => import('../locales/zh_CN/dns-domains.json'),
  en_US: () => import('../locales/en_US/dns-domains.json'),
});
