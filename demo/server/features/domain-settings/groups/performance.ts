/**
 * PLACEHOLDER until the performance tab's helper replaces it: the server definitions of the performance tab's settings groups.
 * Each definition must parse with the shared rules of core/settings/performance.ts; nothing here validates yet.
 */
import type { AnySettingsGroupDefinition } from '../registry.js';
import { placeholderGroup } from './placeholder.js';

export const performanceGroupDefinitions: readonly AnySettingsGroupDefinition[] = [
  placeholderGroup('page_gzip'),
  placeholderGroup('Webp'),
  placeholderGroup('mobile_jump'),
  placeholderGroup('search_engine_optimization'),
  placeholderGroup('websocket'),
  placeholderGroup('upload_size'),
  placeholderGroup('req_headers'),
  placeholderGroup('resp_headers'),
  placeholderGroup('custom_page'),
  placeholderGroup('push'),
  placeholderGroup('pull'),
  placeholderGroup('hls'),
  placeholderGroup('tscode'),
  placeholderGroup('storage'),
  placeholderGroup('record'),
  placeholderGroup('refer'),
  placeholderGroup('wblist'),
];
