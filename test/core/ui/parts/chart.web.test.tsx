import { expect, waitUntil } from '@open-wc/testing';
import { CHART_HEIGHT } from '../../../../core/config/constants.js';
import type { ChartData } from '../../../../core/ui/parts/chart-data.js';
import { Chart, type GeoJsonFeatureCollection } from '../../../../core/ui/parts/chart.js';
import { LANGUAGES, renderPart, shadow } from '../../../helpers/parts-probe.js';

const TRAFFIC: ChartData = {
  columns: ['date', 'up', 'down'],
  rows: [
    { date: '01-01', up: 1_200_000, down: 3_400_000 },
    { date: '01-02', up: 2_500_000, down: 1_100_000 },
    { date: '01-03', up: 800_000, down: 2_900_000 },
  ],
};

const REGIONS: ChartData = {
  columns: ['region', 'visits'],
  rows: Array.from({ length: 31 }, (_, index) => ({ region: `Region ${index + 1}`, visits: 31 - index })),
};

/**
 * Two unit squares standing in for provinces: enough to prove the map draws from GeoJSON with no download. Their
 * rings run counter-clockwise, as RFC 7946 writes them.
 */
const SQUARES: GeoJsonFeatureCollection = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { name: '北京' }, geometry: { type: 'Polygon', coordinates: [[[116, 39], [117, 39], [117, 40], [116, 40], [116, 39]]] } },
    { type: 'Feature', properties: { name: '天津' }, geometry: { type: 'Polygon', coordinates: [[[117, 39], [118, 39], [118, 40], [117, 40], [117, 39]]] } },
  ],
};

const plotlyLoaded = () => document.getElementById('plotly.js-style-global') !== null;
const graph = (element: HTMLElement) => shadow(element).querySelector<HTMLElement>('.js-plotly-plot');
const resourceUrls = () => performance.getEntriesByType('resource').map((entry) => entry.name);

async function drawn(element: HTMLElement): Promise<HTMLElement> {
  await waitUntil(() => graph(element)?.querySelector('.main-svg'), 'plotly draws inside the shadow root', { timeout: 60_000, interval: 100 });
  return graph(element)!;
}

describe('Chart (shell §2 charts, shell §9 chart constants)', () => {
  // These run first: nothing before them may load plotly.
  it('shell §8 chart without data: shows the no-data text in both languages without loading plotly', async () => {
    for (const [lang, text] of [['en_US', 'No data'], ['zh_CN', '暂无数据']] as const) {
      const element = await renderPart(() => <Chart type="bar" label="Traffic" data={{ columns: ['date', 'up'], rows: [] }} />, lang);
      const empty = shadow(element).querySelector('[part="empty-state"]')!;
      expect(empty.textContent).to.equal(text);
      expect(shadow(element).querySelector('[part="chart"]')!.getAttribute('aria-label')).to.equal('Traffic');
      await expect(element).to.be.accessible();
    }
    const missing = await renderPart(() => <Chart type="pie" label="Regions" data={null} />);
    expect(shadow(missing).querySelector('[part="empty-state"]')).to.not.equal(null);
    expect(plotlyLoaded(), 'plotly is not loaded for a chart without data').to.equal(false);
  });

  it('shows the loading state while its data loads, and a clear message for a China map without shapes', async () => {
    const loading = await renderPart(() => <Chart type="bar" label="Traffic" data={TRAFFIC} loading />, 'zh_CN');
    expect(shadow(loading).querySelector('[part="loading-state"]')!.textContent!.trim()).to.equal('加载中…');
    const noShapes = await renderPart(() => <Chart type="china-map" label="Visits by province" data={REGIONS} />);
    expect(shadow(noShapes).querySelector('[part="error-state"]')!.textContent).to.contain('region shapes are not available');
    expect(plotlyLoaded()).to.equal(false);
  });

  it('loads plotly lazily and draws a bar chart inside the shadow root, 350 px high, with formatted values', async function () {
    this.timeout(90_000);
    const element = await renderPart(() => <Chart type="bar" label="Traffic" valueFormat="bits" columnLabels={{ up: 'Upstream', down: 'Downstream' }} data={TRAFFIC} />);
    // No check for the loading state here: on a loaded machine plotly can arrive before the first poll sees it
    // (CI saw it so). The state itself is the LoadingState the test above checks.
    const plot = await drawn(element);
    expect(document.querySelector('.js-plotly-plot'), 'nothing is drawn in the light DOM').to.equal(null);
    expect(plot.querySelectorAll('.trace.bars')).to.have.length(2);
    expect(plot.querySelectorAll('.trace.bars .point')).to.have.length(6);
    expect(plot.querySelector('.main-svg')!.getAttribute('height')).to.equal(String(CHART_HEIGHT));
    const ticks = Array.from(plot.querySelectorAll('.ytick text'), (tick) => tick.textContent);
    expect(ticks).to.include('1.00 Mbps');
    const legend = Array.from(plot.querySelectorAll('.legendtext'), (text) => text.textContent);
    expect(legend).to.deep.equal(['Upstream', 'Downstream']);
    // Plotly's own CSS reaches the shadow root through an adopted sheet.
    const adopted = shadow(element).adoptedStyleSheets.some((sheet) => Array.from(sheet.cssRules).some((rule) => rule.cssText.includes('.js-plotly-plot')));
    expect(adopted).to.equal(true);
    // Screen readers get the numbers from a hidden table.
    const cells = Array.from(shadow(element).querySelectorAll('table td'), (cell) => cell.textContent);
    expect(cells.slice(0, 2)).to.deep.equal(['1.20 Mbps', '3.40 Mbps']);
  });

  it('shell §9: a resize is applied, throttled, when the container changes size', async function () {
    this.timeout(30_000);
    const element = await renderPart(() => <Chart type="bar" label="Traffic" data={TRAFFIC} />);
    const plot = await drawn(element);
    element.style.width = '420px';
    await waitUntil(() => plot.querySelector('.main-svg')!.getAttribute('width') === '420', 'plotly follows the new width', { timeout: 3000 });
  });

  it('shell §9: draws a pie with at most 30 legend entries, and a table with 2-decimal percentages', async function () {
    this.timeout(30_000);
    const element = await renderPart(() => <Chart type="pie" label="Visits by region" data={REGIONS} />);
    const plot = await drawn(element);
    expect(plot.querySelectorAll('.slice')).to.have.length(30);
    const rows = Array.from(shadow(element).querySelectorAll('.ec-chart-table tbody tr'));
    expect(rows).to.have.length(30);
    const total = (31 * 32) / 2;
    expect(Array.from(rows[0]!.children, (cell) => cell.textContent)).to.deep.equal(['Region 1', '31', `${((31 / total) * 100).toFixed(2)}%`]);
    expect(Array.from(rows[29]!.children, (cell) => cell.textContent)).to.deep.equal(['Other', '3', `${((3 / total) * 100).toFixed(2)}%`]);
  });

  it('draws a China map from GeoJSON without fetching anything', async function () {
    this.timeout(30_000);
    const before = resourceUrls().length;
    const element = await renderPart(() => (
      <Chart type="china-map" label="Visits by province" map={{ geojson: SQUARES }} data={{ columns: ['province', 'visits'], rows: [{ province: '北京', visits: 8000 }, { province: '天津', visits: 1200 }] }} />
    ), 'zh_CN');
    const plot = await drawn(element);
    await waitUntil(() => plot.querySelectorAll('.choroplethlocation').length === 2, 'both regions are drawn');
    // Each province is a square beside the other, not the whole map painted around it (ring orientation).
    const [beijing, tianjin] = Array.from(plot.querySelectorAll<SVGGraphicsElement>('.choroplethlocation'), (path) => path.getBoundingClientRect());
    expect(Math.round(beijing!.width)).to.equal(Math.round(tianjin!.width));
    expect(Math.round(beijing!.right)).to.equal(Math.round(tianjin!.left));
    const fetched = resourceUrls().slice(before);
    expect(fetched.filter((url) => /topojson|plot\.ly|\.json/.test(url)), 'no map data is downloaded').to.deep.equal([]);
  });

  it('draws a world map from a self-hosted topojson folder, never plotly\'s CDN', async function () {
    this.timeout(30_000);
    const before = resourceUrls().length;
    // A two-country stand-in for plotly's world_110m.json, served by the test server like a host would serve its copy.
    const folder = new URL('/test/core/ui/parts/fixtures/', location.href).href;
    const element = await renderPart(() => (
      <Chart type="world-map" label="Visits by country" map={{ topojsonUrl: folder }} data={{ columns: ['country', 'visits'], rows: [{ country: 'CHN', visits: 9000 }, { country: 'FRA', visits: 300 }] }} />
    ));
    const plot = await drawn(element);
    await waitUntil(() => plot.querySelectorAll('.choroplethlocation').length === 2, 'both countries are drawn');
    const fetched = resourceUrls().slice(before);
    expect(fetched).to.include(`${folder}world_110m.json`);
    expect(fetched.filter((url) => url.includes('plot.ly'))).to.deep.equal([]);
  });

  for (const lang of LANGUAGES) {
    it(`a drawn bar chart and pie are accessible in ${lang} (axe)`, async function () {
      this.timeout(30_000);
      const bar = await renderPart(() => <Chart type="bar" label="Traffic" data={TRAFFIC} />, lang);
      await drawn(bar);
      await expect(bar).to.be.accessible();
      const pie = await renderPart(() => <Chart type="pie" label="Visits by region" data={REGIONS} />, lang);
      await drawn(pie);
      expect(shadow(pie).querySelector('.ec-chart-table thead')!.textContent).to.contain(lang === 'zh_CN' ? '占比' : 'Percent');
      await expect(pie).to.be.accessible();
    });
  }
});
