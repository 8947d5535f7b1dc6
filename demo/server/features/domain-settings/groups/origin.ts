/**
 * PLACEHOLDER until the origin tab's helper replaces it: the server definitions of the origin tab's settings groups.
 * Each definition must parse with the shared rules of core/settings/origin.ts; nothing here validates yet.
 */
import type { AnySettingsGroupDefinition } from '../registry.js';
import { placeholderGroup } from './placeholder.js';

export const originGroupDefinitions: readonly AnySettingsGroupDefinition[] = [
  placeholderGroup('origin'),
  placeholderGroup('back_source_host'),
  placeholderGroup('conditional_origin'),
  placeholderGroup('origin_advanced'),
  placeholderGroup('slice'),
  placeholderGroup('origin_health'),
];
