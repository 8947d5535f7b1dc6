/**
 * PLACEHOLDER until the https tab's helper replaces it: the server definitions of the https tab's settings groups.
 * Each definition must parse with the shared rules of core/settings/https.ts; nothing here validates yet.
 */
import type { AnySettingsGroupDefinition } from '../registry.js';
import { placeholderGroup } from './placeholder.js';

export const httpsGroupDefinitions: readonly AnySettingsGroupDefinition[] = [
  placeholderGroup('https'),
  placeholderGroup('upstream_uri_change'),
  placeholderGroup('upstream_redirect'),
];
