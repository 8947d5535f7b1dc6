/**
 * Registers the `filters` catalogue (one chunk per language): the labels of the time-range and auto refresh parts
 * (core/ui/parts/time-range-filter.tsx, auto-refresh.tsx), loaded only by the elements that show those filters.
 */
import { registerCatalogue } from '../catalogues.js';

registerCatalogue('filters', {
  zh_CN: () => import('../locales/zh_CN/filters.json'),
  en_US: () => import('../locales/en_US/filters.json'),
});
