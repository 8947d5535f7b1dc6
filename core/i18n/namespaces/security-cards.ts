/** Registers the `security-cards` catalogue (the protection card editors and their names; one chunk per language). */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('security-cards', {
  zh_CN: () => import('../locales/zh_CN/security-cards.json'),
  en_US: () => import('../locales/en_US/security-cards.json'),
});
