/** Types of map-shapes.mjs (plain JavaScript so the rollup config can run it). */
import type { GeoJsonFeatureCollection } from './chart-data.js';

/** A TopoJSON topology, as far as these functions read it. */
export interface Topology {
  type: 'Topology';
  objects: Record<string, { type: string; geometries: { type: string; id?: string; properties?: Record<string, unknown>; arcs?: unknown }[] }>;
  arcs: number[][][];
  transform?: { scale: [number, number]; translate: [number, number] };
}

export function simplifyTopology(topology: Topology, tolerance: number): Topology;
export function chinaProvinces(chn: Topology, hkg: Topology, mac: Topology, twn: Topology, tolerance?: number): GeoJsonFeatureCollection;
export function worldCountryIds(world: Topology): string[];
export function worldSupplement(world110m: Topology, world50m: Topology, ids: readonly string[]): GeoJsonFeatureCollection;
