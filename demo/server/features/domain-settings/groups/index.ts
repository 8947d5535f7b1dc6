/**
 * Every generic settings group the reference server serves, one definition per group of core/settings/catalogue.ts.
 * A test (test/server/domain-settings.test.ts) checks that the two lists agree.
 */
import type { SettingsGroupName } from '../../../../../core/settings/catalogue.js';
import type { AnySettingsGroupDefinition } from '../registry.js';
import { originGroupDefinitions } from './origin.js';
import { httpsGroupDefinitions } from './https.js';
import { performanceGroupDefinitions } from './performance.js';

const ALL: readonly AnySettingsGroupDefinition[] = [...originGroupDefinitions, ...httpsGroupDefinitions, ...performanceGroupDefinitions];

/** The definitions by group name. */
export const SETTINGS_GROUP_DEFINITIONS: ReadonlyMap<SettingsGroupName, AnySettingsGroupDefinition> = new Map(ALL.map((definition) => [definition.name, definition]));
