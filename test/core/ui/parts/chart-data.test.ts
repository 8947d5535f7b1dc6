import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { PIE_LEGEND_LIMIT } from '../../../../core/config/constants.js';
import {
  formatValue,
  hasChartData,
  maxValue,
  pieSlices,
  pieTableRows,
  rewindForPlotly,
  sliceRatios,
  throttle,
  valueTicks,
  type ChartData,
  type GeoJsonFeatureCollection,
} from '../../../../core/ui/parts/chart-data.js';
import { loadCatalogues } from '../../../../core/i18n/i18n.js';

// The catalogues load on demand in the browser; these tests read them directly.
for (const language of ['zh_CN', 'en_US'] as const) await loadCatalogues(language, ['common']);

/** `count` regions with values count, count-1, ... 1, in shuffled-looking order. */
function regions(count: number): ChartData {
  const rows = Array.from({ length: count }, (_, index) => ({ region: `r${index + 1}`, visits: ((index * 7) % count) + 1 }));
  return { columns: ['region', 'visits'], rows };
}

describe('pie slices (shell §9 pie charts: legend limit 30, remainder lumped into an other slice)', () => {
  it('shell §9: the legend limit is 30', () => {
    assert.equal(PIE_LEGEND_LIMIT, 30);
  });

  it('shell §9: 30 or fewer slices are all shown, largest first, no other slice', () => {
    const slices = pieSlices(regions(30), 'Other');
    assert.equal(slices.length, 30);
    assert.ok(slices.every((slice) => !slice.other));
    assert.deepEqual(slices.slice(0, 3).map((slice) => slice.value), [30, 29, 28]);
  });

  it('shell §9: past 30, the largest 29 keep their slice and the rest become one other slice (30 legend entries)', () => {
    const slices = pieSlices(regions(31), 'Other');
    assert.equal(slices.length, 30);
    assert.deepEqual(slices.at(-1), { name: 'Other', value: 1 + 2, other: true });
    assert.equal(slices.filter((slice) => slice.other).length, 1);
    assert.equal(slices[28]!.value, 3, 'the 29th largest keeps its own slice');
  });

  it('shell §9: the other slice keeps the total, however many rows there are', () => {
    const data = regions(100);
    const slices = pieSlices(data, '其他');
    assert.equal(slices.length, PIE_LEGEND_LIMIT);
    const total = data.rows.reduce((sum, row) => sum + (row.visits as number), 0);
    assert.equal(slices.reduce((sum, slice) => sum + slice.value, 0), total);
    assert.equal(slices.at(-1)!.name, '其他');
    assert.equal(slices.at(-1)!.value, total - slices.slice(0, 29).reduce((sum, slice) => sum + slice.value, 0));
  });

  it('orders equal values by their original row order, and reads non-numeric values as 0', () => {
    const data: ChartData = {
      columns: ['name', 'value'],
      rows: [
        { name: 'a', value: 5 },
        { name: 'b', value: '7' },
        { name: 'c', value: 5 },
        { name: 'd', value: 'n/a' },
      ],
    };
    assert.deepEqual(
      pieSlices(data, 'Other').map((slice) => [slice.name, slice.value]),
      [['b', 7], ['a', 5], ['c', 5], ['d', 0]],
    );
  });

  it('a limit of 1 lumps everything into the other slice', () => {
    assert.deepEqual(pieSlices(regions(3), 'Other', 1), [{ name: 'Other', value: 6, other: true }]);
  });
});

describe('pie table rows (shell §3 pie table row, shell §9 percent with 2 decimals)', () => {
  it('shell §9: percentages have 2 decimals and add up to the whole', () => {
    const slices = pieSlices({ columns: ['name', 'value'], rows: [{ name: 'a', value: 1 }, { name: 'b', value: 2 }, { name: 'c', value: 3 }] }, 'Other');
    const rows = pieTableRows(slices, 'number', 'en_US');
    assert.deepEqual(rows, [
      { date: 'c', unit: '3', percent: '50.00%' },
      { date: 'b', unit: '2', percent: '33.33%' },
      { date: 'a', unit: '1', percent: '16.67%' },
    ]);
    assert.ok(Math.abs(sliceRatios(slices).reduce((sum, ratio) => sum + ratio, 0) - 1) < 1e-12);
  });

  it('formats values by the chart type, in the element language', () => {
    const slices = pieSlices({ columns: ['name', 'bytes'], rows: [{ name: 'a', bytes: 1500 }] }, '其他');
    assert.deepEqual(pieTableRows(slices, 'bytes', 'zh_CN'), [{ date: 'a', unit: '1.50 KB', percent: '100.00%' }]);
  });

  it('a zero total gives 0.00% rather than NaN', () => {
    const slices = pieSlices({ columns: ['name', 'value'], rows: [{ name: 'a', value: 0 }] }, 'Other');
    assert.equal(pieTableRows(slices, 'number', 'en_US')[0]!.percent, '0.00%');
  });
});

describe('chart values (shell §9: y axis formatted by configured type; max over numeric columns of each row)', () => {
  it('shell §9: the max is computed over the numeric columns of each row; text columns never count', () => {
    const data: ChartData = {
      columns: ['date', 'pv', 'uv', 'note'],
      rows: [
        { date: '2026-01-01', pv: 10, uv: '120', note: '99999' },
        { date: '2026-01-02', pv: 80, uv: 'x', note: 'peak' },
      ],
    };
    // `note` is a metric column too: numeric text counts, words do not.
    assert.equal(maxValue(data), 99999);
    assert.equal(maxValue({ columns: ['d', 'v'], rows: [{ d: 'a', v: 'none' }] }), 0);
  });

  it('value ticks are round steps from 0 covering the max', () => {
    assert.deepEqual(valueTicks(0), [0, 1]);
    assert.deepEqual(valueTicks(95), [0, 20, 40, 60, 80, 100]);
    assert.deepEqual(valueTicks(1234), [0, 500, 1000, 1500]);
    assert.deepEqual(valueTicks(0.3), [0, 0.1, 0.2, 0.3]);
  });

  it('shell §9: values are formatted by the configured type through the one formatter', () => {
    assert.equal(formatValue(1500, 'bytes', 'en_US'), '1.50 KB');
    assert.equal(formatValue(2_500_000, 'bits', 'en_US'), '2.50 Mbps');
    assert.equal(formatValue(0.1234, 'percent', 'en_US'), '12.34%');
    assert.equal(formatValue(123_456, 'large', 'zh_CN'), '12.35万');
    assert.equal(formatValue(1234.567, 'number', 'en_US'), '1,234.57');
    assert.equal(formatValue('abc', 'number', 'en_US'), '0');
  });

  it('shell §8 chart without data: no rows or no metric column means nothing to draw', () => {
    assert.equal(hasChartData(null), false);
    assert.equal(hasChartData({ columns: ['date', 'pv'], rows: [] }), false);
    assert.equal(hasChartData({ columns: ['date'], rows: [{ date: 'a' }] }), false);
    assert.equal(hasChartData({ columns: ['date', 'pv'], rows: [{ date: 'a', pv: 1 }] }), true);
  });
});

describe('map shapes', () => {
  const counterClockwise = [[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]];
  const clockwise = [...counterClockwise].reverse();
  const hole = [[0.2, 0.2], [0.2, 0.8], [0.8, 0.8], [0.8, 0.2], [0.2, 0.2]];

  it('turns RFC 7946 exterior rings clockwise and holes counter-clockwise, as plotly (d3-geo) reads them', () => {
    const collection: GeoJsonFeatureCollection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'a' }, geometry: { type: 'Polygon', coordinates: [counterClockwise, hole] } },
        { type: 'Feature', properties: { name: 'b' }, geometry: { type: 'MultiPolygon', coordinates: [[counterClockwise], [clockwise]] } },
        { type: 'Feature', properties: { name: 'c' }, geometry: { type: 'Point', coordinates: [1, 2] } },
      ],
    };
    const result = rewindForPlotly(collection);
    assert.deepEqual(result.features[0]!.geometry!.coordinates, [clockwise, [...hole].reverse()]);
    assert.deepEqual(result.features[1]!.geometry!.coordinates, [[clockwise], [clockwise]]);
    assert.equal(result.features[2], collection.features[2]);
    assert.deepEqual(collection.features[0]!.geometry!.coordinates, [counterClockwise, hole], 'the input is not changed');
    assert.equal(rewindForPlotly(collection), result, 'cached per collection');
  });
});

describe('resize throttle (shell §9: chart resize throttled to every 500 ms)', () => {
  it('runs at once, then at most once per 500 ms with one trailing run', () => {
    mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    try {
      let runs = 0;
      const resize = throttle(() => runs++, 500);
      resize();
      assert.equal(runs, 1);
      mock.timers.tick(100);
      resize();
      mock.timers.tick(100);
      resize();
      assert.equal(runs, 1, 'calls inside the window wait');
      mock.timers.tick(300);
      assert.equal(runs, 2, 'one trailing run at 500 ms applies the final size');
      mock.timers.tick(1000);
      assert.equal(runs, 2);
      resize();
      assert.equal(runs, 3, 'after a quiet window the next call runs at once');
      resize();
      resize.cancel();
      mock.timers.tick(1000);
      assert.equal(runs, 3, 'cancel drops the pending run');
    } finally {
      mock.timers.reset();
    }
  });
});
