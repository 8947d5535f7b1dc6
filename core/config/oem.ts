/**
 * OEM branding (shell §1): a partner's logo, favicon, title and per-module settings; under OEM the documentation
 * and API docs links are hidden (as they are when embedded).
 */
import { computed, signal } from '@preact/signals-react';
import type { OemConfig } from '../api/endpoints/platform.js';
import { checkedModulesSettings, type OemModulesSettings } from '../rules/oem.js';
import { runMode } from './run-mode.js';

/** The OEM configuration, null when the deployment has none (global signal: DESIGN §6). */
export const oemConfig = signal<OemConfig | null>(null);

/**
 * The partner's module settings as far as they pass core/rules/oem.ts (an invalid value hides or renames nothing:
 * the console does not act on what no operator could have stored).
 */
export const oemModulesSettings = computed<OemModulesSettings>(() => (oemConfig.value ? checkedModulesSettings(oemConfig.value.modulesSettings) : {}));

/**
 * Shell §1: documentation links (and the documentation centre they lead to) are hidden under OEM and when embedded.
 * `modulesSettings.document.hidden` can only confirm this (core/rules/oem.ts).
 */
export const documentationLinksVisible = computed(() => oemConfig.value === null && runMode.value === 'standalone');

/** Shell §1: the API docs link follows the same rule (`modulesSettings.apiDocs.hidden` can only confirm it). */
export const apiDocsLinkVisible = computed(() => oemConfig.value === null && runMode.value === 'standalone');

/** Whether the OEM hides a whole module (sidebar, product switcher and its pages). */
export function oemHidesModule(moduleId: string): boolean {
  return (oemModulesSettings.value as Record<string, { hidden?: boolean } | undefined>)[moduleId]?.hidden === true;
}

/** Whether the OEM hides one menu entry of a module (and so its page), by route name. */
export function oemHidesMenuEntry(moduleId: string, routeName: string): boolean {
  const menu = (oemModulesSettings.value as Record<string, { menu?: Record<string, { hidden: boolean }> } | undefined>)[moduleId]?.menu;
  return menu !== undefined && Object.hasOwn(menu, routeName) && menu[routeName]!.hidden;
}

/** The OEM's name for a module, when it gives one. */
export function oemModuleTitle(moduleId: string): string | undefined {
  return (oemModulesSettings.value as Record<string, { title?: string } | undefined>)[moduleId]?.title?.trim();
}

/** A module's OEM setting, e.g. its title (only from settings that pass core/rules/oem.ts). */
export function moduleSetting<T = unknown>(moduleId: string, name: string): T | undefined {
  return (oemModulesSettings.value as Record<string, Record<string, unknown> | undefined>)[moduleId]?.[name] as T | undefined;
}

/** Applies the OEM title and favicon to the document (logos are rendered by the header). */
export function applyOemToDocument(config: OemConfig | null, doc: Document = document, defaultTitle = doc.title): void {
  doc.title = config?.title || defaultTitle;
  const favicon = config?.assets?.favicon;
  if (!favicon) return;
  let link = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    doc.head.append(link);
  }
  link.href = favicon;
}
