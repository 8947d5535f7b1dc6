/** Registers the `layer4` catalogue (one chunk per language): the layer-4 rule list and rule console. */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('layer4', {
  zh_CN: () => import('../locales/zh_CN/layer4.json'),
  en_US: () => import('../locales/en_US/layer4.json'),
});
