/**
 * Registers the `password-strength` catalogue (one chunk per language): the texts of the shared strength meter
 * (core/ui/parts/strength-meter.tsx), apart from `common` so that only the elements showing it download them.
 */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('password-strength', {
  zh_CN: () => import('../locales/zh_CN/password-strength.json'),
  en_US: () => import('../locales/en_US/password-strength.json'),
});
