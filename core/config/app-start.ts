/**
 * App start (shell §4): set the language, post the time zone, then load region data and OEM config in parallel;
 * the app is ready once both settle (either way), and only then does the routed view render.
 */
import { signal } from '@preact/signals-react';
import type { ApiClient } from '../api/client.js';
import { getOemConfig, postTimeZone } from '../api/endpoints/platform.js';
import { storeLanguage, type Language } from '../i18n/language.js';
import { loadRegionData } from '../region/region.js';
import { sessionToken } from '../session/session.js';
import { applyOemToDocument, oemConfig } from './oem.js';

/** True once region data and OEM config have settled. */
export const appReady = signal(false);

/** What start-up found; failures are kept so the host can show them without blocking the console. */
export interface StartResult {
  regionLoaded: boolean;
  oemLoaded: boolean;
}

/** Runs the start sequence of shell §4. */
export async function startApp(
  client: ApiClient,
  options: { language: Language; timeZone?: string; applyToDocument?: boolean },
): Promise<StartResult> {
  storeLanguage(options.language);
  const timeZone = options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (sessionToken.value) {
    // Posted before the loads, as the spec orders it; a failure must not stop the console from starting.
    await postTimeZone(client, timeZone).catch(() => undefined);
  }
  const [region, oem] = await Promise.allSettled([loadRegionData(client), getOemConfig(client)]);
  if (oem.status === 'fulfilled') {
    oemConfig.value = oem.value.oem;
    if (options.applyToDocument !== false && typeof document !== 'undefined') applyOemToDocument(oem.value.oem);
  }
  appReady.value = true;
  return { regionLoaded: region.status === 'fulfilled', oemLoaded: oem.status === 'fulfilled' };
}
