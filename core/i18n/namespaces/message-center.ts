/** Registers the `message-center` catalogue (one chunk per language): imported by what translates with it. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('message-center', {
  zh_CN: () => import('../locales/zh_CN/message-center.json'),
  en_US: () => import('../locales/en_US/message-center.json'),
});
