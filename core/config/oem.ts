/**
 * OEM branding (shell §1): a partner's logo, favicon, title and per-module settings; under OEM the documentation
 * and API docs links are hidden (as they are when embedded).
 */
import { computed, signal } from '@preact/signals-react';
import type { OemConfig } from '../api/endpoints/platform.js';
import { runMode } from './run-mode.js';

/** The OEM configuration, null when the deployment has none (global signal: DESIGN §6). */
export const oemConfig = signal<OemConfig | null>(null);

/** Shell §1: documentation links are hidden under OEM and when embedded. */
export const documentationLinksVisible = computed(() => oemConfig.value === null && runMode.value === 'standalone');

/** A module's OEM setting, e.g. its title. */
export function moduleSetting<T = unknown>(moduleId: string, name: string): T | undefined {
  return oemConfig.value?.modulesSettings?.[moduleId]?.[name] as T | undefined;
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
