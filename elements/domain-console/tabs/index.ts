/**
 * The loader of each tab's module (module-level functions, so a load is shared and never repeated). The old layout's
 * `console/:id` children map onto these tabs in the demo host's routes.
 */
import type { DomainConsoleTab } from '../../../core/settings/catalogue.js';
import type { DomainConsoleTabModule } from './tab-module.js';

export const TAB_LOADERS: Record<DomainConsoleTab, () => Promise<DomainConsoleTabModule>> = {
  origin: () => import('./origin/origin-tab.js'),
  https: () => import('./https/https-tab.js'),
  cache: () => import('./cache/cache-tab.js'),
  performance: () => import('./performance/performance-tab.js'),
  pages: () => import('./pages/pages-tab.js'),
  rewrite: () => import('./rewrite/rewrite-tab.js'),
  live: () => import('./live/live-tab.js'),
  config: () => import('./config/config-tab.js'),
  trace: () => import('./trace/trace-tab.js'),
};
