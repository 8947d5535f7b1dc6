/**
 * What an OEM configuration's `modulesSettings` may hold (shell §1 "per-module settings", §7 `oem/cfg`; issue 29).
 * The same check runs where an operator stores a partner's configuration (demo/server/features/account/oem-store.ts)
 * and where the server answers one (`oem/cfg` drops what does not pass), so the host (demo/host/oem-settings.ts) never
 * acts on a setting nobody could have stored.
 *
 * The schema (README "OEM module settings"):
 *
 *     {
 *       "<module>": {                       a sidebar module of shell §1 (plus the security module)
 *         "title": "Edge",                  its name in the sidebar and the product switcher, 1-32 characters
 *         "hidden": true,                   the module leaves the sidebar and the switcher; its pages are unavailable
 *         "menu": { "<route name>": { "hidden": true } }   one menu entry (and its page) hidden
 *       },
 *       "document": { "hidden": true },     the documentation centre: header link and /document pages
 *       "apiDocs":  { "hidden": true }      the API docs link
 *     }
 *
 * Shell §1 says an OEM configuration "hides the documentation and API docs links". Read strictly (the stricter of
 * "hides" and "can hide"), they are hidden under every OEM configuration, so `document.hidden` and `apiDocs.hidden`
 * may only be `true`: a partner can say it explicitly but cannot bring the links back.
 *
 * Issues use the generic `common.*` messages on the setting's path (`modulesSettings.document.hidden`: format error):
 * only an operator reads them, and messages of their own would weigh on every element that loads the `rules`
 * catalogue.
 */
import { issue, type FieldIssue, type RuleKey } from './types.js';

/** Modules an OEM may rename or hide: the sidebar modules of shell §1 and the security module (shell §2). */
export const OEM_MODULES = [
  'cloud-resolving',
  'cloud-speed',
  'taichi-app',
  'security',
  'user-center',
  'message-center',
  'access-management',
  'access-key',
] as const;
/** A module an OEM may configure. */
export type OemModule = (typeof OEM_MODULES)[number];
/** The two documentation links of shell §1, settings of their own. */
export const OEM_LINK_SETTINGS = ['document', 'apiDocs'] as const;
/** A module title's length. */
export const OEM_TITLE_MAX = 32;
/** Most hidden menu entries per module (the largest module, cloud-speed, has fewer routes than this). */
export const OEM_MENU_MAX = 200;
/** A route name as the demo host builds them (shell §2: product id plus router key). */
const ROUTE_NAME = /^[A-Za-z0-9][A-Za-z0-9:/_-]{0,127}$/;

/** One module's settings once checked. */
export interface OemModuleSettings {
  title?: string;
  hidden?: boolean;
  menu?: Record<string, { hidden: boolean }>;
}

/** A checked `modulesSettings`. */
export type OemModulesSettings = Partial<Record<OemModule, OemModuleSettings>> & Partial<Record<(typeof OEM_LINK_SETTINGS)[number], { hidden: true }>>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function at(field: string, key: RuleKey, values?: Record<string, unknown>): FieldIssue {
  const found = issue(key, values);
  return found.values === undefined ? { field, key: found.key } : { field, key: found.key, values: found.values };
}

function checkModule(module: string, value: unknown, issues: FieldIssue[]): void {
  const base = `modulesSettings.${module}`;
  if (!isRecord(value)) {
    issues.push(at(base, 'common.format-error'));
    return;
  }
  for (const [name, setting] of Object.entries(value)) {
    const field = `${base}.${name}`;
    if (name === 'title') {
      if (typeof setting !== 'string' || setting.trim() === '' || setting.trim().length > OEM_TITLE_MAX) issues.push(at(field, 'common.length-range', { min: 1, max: OEM_TITLE_MAX }));
    } else if (name === 'hidden') {
      if (typeof setting !== 'boolean') issues.push(at(field, 'common.format-error'));
    } else if (name === 'menu') {
      if (!isRecord(setting)) {
        issues.push(at(field, 'common.format-error'));
        continue;
      }
      const entries = Object.entries(setting);
      if (entries.length > OEM_MENU_MAX) issues.push(at(field, 'common.format-error'));
      for (const [route, entry] of entries.slice(0, OEM_MENU_MAX)) {
        const entryField = `${field}.${route}`;
        // A menu entry belongs to its module: its route name starts with the module id (shell §2 naming).
        if (!ROUTE_NAME.test(route) || !route.startsWith(`${module}-`)) issues.push(at(entryField, 'common.format-error'));
        else if (!isRecord(entry) || Object.keys(entry).some((key) => key !== 'hidden') || typeof entry.hidden !== 'boolean') issues.push(at(entryField, 'common.format-error'));
      }
    } else {
      issues.push(at(field, 'common.format-error'));
    }
  }
}

/**
 * Every issue of a `modulesSettings` value, each on its path (`modulesSettings.cloud-speed.title`). An empty list
 * means it may be stored.
 */
export function validateModulesSettings(value: unknown): FieldIssue[] {
  if (!isRecord(value)) return [at('modulesSettings', 'common.format-error')];
  const issues: FieldIssue[] = [];
  for (const [module, settings] of Object.entries(value)) {
    if ((OEM_LINK_SETTINGS as readonly string[]).includes(module)) {
      const field = `modulesSettings.${module}`;
      if (!isRecord(settings) || Object.keys(settings).some((key) => key !== 'hidden')) issues.push(at(field, 'common.format-error'));
      else if (settings.hidden !== undefined && settings.hidden !== true) issues.push(at(`${field}.hidden`, 'common.format-error'));
    } else if ((OEM_MODULES as readonly string[]).includes(module)) {
      checkModule(module, settings, issues);
    } else {
      issues.push(at(`modulesSettings.${module}`, 'common.format-error'));
    }
  }
  // A console whose every module is hidden shows nothing but a header: refused rather than stored.
  if (issues.length === 0 && OEM_MODULES.every((module) => isRecord(value[module]) && value[module].hidden === true)) {
    issues.push(at('modulesSettings', 'common.format-error'));
  }
  return issues;
}

/** The value when it passes {@link validateModulesSettings}, else `{}` (nothing a partner did not validly set). */
export function checkedModulesSettings(value: unknown): OemModulesSettings {
  return validateModulesSettings(value).length === 0 ? (value as OemModulesSettings) : {};
}
