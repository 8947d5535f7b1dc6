/**
 * What other feature areas may use of domain settings: the one check and write of settings groups whoever owns them
 * (a domain, an acceleration template, the global policy), the configuration method and its change (rules §4), the
 * redeployment of a changed domain, and the stored groups. The acceleration policy area (issue 21) saves templates and
 * the global policy through these, so there is one save path. Everything else is the area's own.
 */
export { configMethodOf, ownerGroupValue, POLICY_DOMAIN } from './config-method.js';
export { changeConfigMethod, redeploy, type MethodChange } from './config-routes.js';
export type { GroupContext, SettingsDomain } from './registry.js';
export { checkGroupSaves, definitionOf, groupContext, readGenericSaves, writeGroupSaves, type CheckedSave, type GenericSave } from './routes.js';
export { loadGroups, type SettingsOwner } from './store.js';
