/**
 * The settings groups the global acceleration policy, an acceleration template and a configuration template hold
 * (rules §4 "Configuration method", rules §3 "Configuration template: name, remark, configuration items").
 *
 * Three groups stay each site's own and are never set by a policy or template: the origins (`origin`: the website
 * list, provisioning and health read them per site), the certificate with its HTTPS options (`https`: a certificate
 * covers particular domains) and the conditional origins (`conditional_origin`: rules naming that site's origins and
 * host). A policy that set them would point every bound site at one origin or one certificate. The configuration view
 * shows them as the domain's whatever its method.
 */
import { SETTINGS_GROUP_NAMES, type SettingsGroupName } from './catalogue.js';
import { defaultUpstreamRedirect, defaultUpstreamUriChange } from './https.js';
import { ORIGIN_DEFAULTS } from './origin.js';
import { LIVE_GROUPS, liveDefaults, PERFORMANCE_DEFAULTS, type LiveGroupName } from './performance.js';

/** The groups that stay each site's own (see the module comment). */
export const SITE_OWN_GROUPS: readonly SettingsGroupName[] = ['origin', 'https', 'conditional_origin'];

/** The groups a policy or template may hold, in the tabs' order. */
export const POLICY_GROUP_NAMES: readonly SettingsGroupName[] = SETTINGS_GROUP_NAMES.filter((name) => !SITE_OWN_GROUPS.includes(name));

/** Whether a policy or template may hold `name`. */
export function isPolicyGroup(name: string): name is SettingsGroupName {
  return (POLICY_GROUP_NAMES as readonly string[]).includes(name);
}

/**
 * The value a policy or template group has before it is set: the groups' own defaults (the server's definitions use
 * the same), so a configuration template edited in the browser starts where a saved one would.
 */
export function policyGroupDefaults(name: SettingsGroupName): unknown {
  if (name in PERFORMANCE_DEFAULTS) return PERFORMANCE_DEFAULTS[name as keyof typeof PERFORMANCE_DEFAULTS]();
  if (name in ORIGIN_DEFAULTS) return ORIGIN_DEFAULTS[name as keyof typeof ORIGIN_DEFAULTS]();
  if (name === 'upstream_uri_change') return defaultUpstreamUriChange();
  if (name === 'upstream_redirect') return defaultUpstreamRedirect();
  if ((LIVE_GROUPS as readonly string[]).includes(name)) return liveDefaults(name as LiveGroupName);
  return null;
}
