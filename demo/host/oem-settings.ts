/**
 * The OEM module settings the host applies (shell §1 "per-module settings", §7 `oem/cfg`; issue 29; README "OEM
 * module settings"): a module's title, a hidden module, a hidden menu entry. The reference server answers only
 * settings that pass core/rules/oem.ts (features/account/platform-routes.ts), so the host does not ship that
 * validator; it acts only on values of the expected type. The documentation and API docs links follow
 * core/config/oem.ts `documentationLinksVisible` (hidden under any OEM configuration).
 *
 * Kept in the host, not core: elements never read these settings, so their shared chunk does not carry them.
 */
import { oemConfig } from '../../core/config/oem.js';

interface ModuleSettings {
  title?: unknown;
  hidden?: unknown;
  menu?: Record<string, { hidden?: unknown } | undefined>;
}

const settingsOf = (moduleId: string) => oemConfig.value?.modulesSettings?.[moduleId] as ModuleSettings | undefined;

/** Whether the OEM hides a whole module (sidebar, product switcher and its pages). */
export const oemHidesModule = (moduleId: string): boolean => settingsOf(moduleId)?.hidden === true;

/** Whether the OEM hides one menu entry of a module (and so its page), by route name. */
export const oemHidesMenuEntry = (moduleId: string, routeName: string): boolean => settingsOf(moduleId)?.menu?.[routeName]?.hidden === true;

/** The OEM's name for a module, when it gives one. */
export function oemModuleTitle(moduleId: string): string | undefined {
  const title = settingsOf(moduleId)?.title;
  return typeof title === 'string' && title.trim() !== '' ? title.trim() : undefined;
}
