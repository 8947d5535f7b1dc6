/** Registers the `conditions-match-engine` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('conditions-match-engine', {
  zh_CN: () => import('../locales/zh_CN/conditions-match-engine.json'),
  en_US: () => import('../locales/en_US/conditions-match-engine.json'),
});
