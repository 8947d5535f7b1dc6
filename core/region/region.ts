/**
 * Region data (shell §3): countries, provinces and the IP region tree with the CNPR and CNHMT groups. Loaded once
 * at app start and shared (global signal, DESIGN §6); the WAF region picker and the charts read it.
 */
import { signal } from '@preact/signals-react';
import type { ApiClient } from '../api/client.js';
import { getRegionData, type IpRegion, type RegionData } from '../api/endpoints/platform.js';
import type { Language } from '../i18n/language.js';

/** The loaded region data, null until loaded. */
export const regionData = signal<RegionData | null>(null);

let loading: Promise<RegionData> | null = null;

/** Loads region data once per page; later callers share the same request. */
export function loadRegionData(client: ApiClient): Promise<RegionData> {
  loading ??= getRegionData(client).then(
    (data) => {
      regionData.value = data;
      return data;
    },
    (error: unknown) => {
      loading = null; // Let a later caller try again.
      throw error;
    },
  );
  return loading;
}

/** A region's label in the given language. */
export function regionLabel(region: Pick<IpRegion, 'label_zh' | 'label_en'>, language: Language): string {
  return language === 'zh_CN' ? region.label_zh : region.label_en;
}

/** Finds a node of the IP region tree by key (depth first). */
export function findIpRegion(key: string, tree: readonly IpRegion[] = regionData.value?.ipRegions ?? []): IpRegion | undefined {
  for (const node of tree) {
    if (node.key === key) return node;
    const found = node.child ? findIpRegion(key, node.child) : undefined;
    if (found) return found;
  }
  return undefined;
}
