import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { CHART_HEIGHT, CHART_WRAPPER_HEIGHT } from '../../../../core/config/constants.js';
import type { ChartData, ChartSelection } from '../../../../core/ui/parts/chart-data.js';
import { Chart, ChinaWorldMap, type GeoJsonFeatureCollection } from '../../../../core/ui/parts/chart.js';
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

const HOUR = 3600_000;
/** 2026-11-26 00:00 in Beijing (UTC+8). */
const BEIJING_MIDNIGHT = Date.UTC(2026, 10, 25, 16, 0);
const series = (start: number, scale: number): ChartData => ({
  columns: ['time', 'requests'],
  rows: Array.from({ length: 24 }, (_, hour) => ({ time: start + hour * HOUR, requests: (hour + 1) * scale })),
});
const TODAY = series(BEIJING_MIDNIGHT, 10_000);
const YESTERDAY = series(BEIJING_MIDNIGHT - 24 * HOUR, 8_000);

/** The centre of an element inside the shadow root, in page coordinates for sendMouse. */
function centre(element: Element): [number, number] {
  const box = element.getBoundingClientRect();
  return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
}

/** Captures what the next saveFile offers (and keeps the browser from downloading it). */
function captureDownloads(root: ShadowRoot): { files: { name: string; blob: Blob }[]; stop(): void } {
  const files: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  const original = URL.createObjectURL;
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = original.call(URL, blob);
    blobs.set(url, blob as Blob);
    return url;
  };
  const onClick = (event: Event) => {
    const link = event.target as HTMLAnchorElement;
    if (link.tagName !== 'A' || !link.download) return;
    event.preventDefault();
    files.push({ name: link.download, blob: blobs.get(link.href)! });
  };
  root.addEventListener('click', onClick, true);
  return {
    files,
    stop() {
      URL.createObjectURL = original;
      root.removeEventListener('click', onClick, true);
    },
  };
}

describe('Chart line, drill-down, table view and export (issue 25, shell §9)', () => {
  // One chart goes through the whole flow (open-wc removes a fixture after each test): drawn, table, keyboard, export.
  it('shell §9: draws a time series in Beijing time (UTC+8), 万 on the y axis, the previous period dashed; its table view, keyboard drill-down and CSV/PNG export', async function () {
    this.timeout(90_000);
    const selections: ChartSelection[] = [];
    const element = await renderPart(
      () => (
        <Chart
          type="line"
          label="请求数趋势"
          data={TODAY}
          compare={YESTERDAY}
          valueFormat="large"
          columnLabels={{ time: '时间', requests: '请求数' }}
          onSelect={(selection) => selections.push(selection)}
          exportName="请求数"
        />
      ),
      'zh_CN',
    );
    const plot = await drawn(element);
    await waitUntil(() => plot.querySelectorAll('.scatterlayer .trace').length === 2, 'current and previous period are drawn');
    const lines = Array.from(plot.querySelectorAll<SVGPathElement>('.scatterlayer .trace path.js-line'));
    expect(lines.map((line) => line.style.strokeDasharray !== '' && line.style.strokeDasharray !== 'none')).to.deep.equal([false, true]);
    const xTicks = Array.from(plot.querySelectorAll('.xtick text'), (tick) => tick.textContent);
    // Midnight in Beijing is the first bucket: the ticks run 00:00, 03:00 ... on Beijing's clock, not UTC's 16:00.
    expect(xTicks[0]).to.equal('00:00');
    expect(xTicks).to.include('03:00');
    const yTicks = Array.from(plot.querySelectorAll('.ytick text'), (tick) => tick.textContent);
    expect(yTicks.some((tick) => /万$/.test(tick ?? ''))).to.equal(true);
    const legend = Array.from(plot.querySelectorAll('.legendtext'), (text) => text.textContent);
    expect(legend).to.deep.equal(['请求数', '请求数（上一周期）']);
    expect(plot.querySelector('.main-svg')!.getAttribute('height')).to.equal(String(CHART_HEIGHT));
    expect(shadow(element).querySelector<HTMLElement>('.ec-chart-plot')!.style.minHeight).to.equal(`${CHART_WRAPPER_HEIGHT}px`);

    // The table toggle shows the data table; Enter on a row selects its bucket (drill-down by keyboard).
    const toggle = shadow(element).querySelector<HTMLButtonElement>('[part="chart-table-toggle"]')!;
    expect(toggle.getAttribute('aria-pressed')).to.equal('false');
    expect(shadow(element).querySelector('table')!.parentElement!.className).to.equal('ec-visually-hidden');
    toggle.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => shadow(element).querySelector('table.ec-chart-table'), 'the table is shown');
    expect(toggle.getAttribute('aria-pressed')).to.equal('true');
    const table = shadow(element).querySelector('table')!;
    expect(Array.from(table.querySelectorAll('thead th'), (cell) => cell.textContent)).to.deep.equal(['时间', '请求数', '请求数（上一周期）']);
    const third = table.querySelectorAll('tbody tr')[2]!;
    expect(third.querySelector('th')!.textContent).to.equal('2026/11/26 02:00');
    expect(Array.from(third.querySelectorAll('td'), (cell) => cell.textContent)).to.deep.equal(['3万', '2.4万']);
    third.querySelector<HTMLButtonElement>('button')!.focus();
    await sendKeys({ press: 'Enter' });
    expect(selections.at(-1)).to.deep.equal({ dimension: 'time', value: BEIJING_MIDNIGHT + 2 * HOUR, metric: 'requests' });
    await expect(element).to.be.accessible();

    // Exports: the table as CSV (UTF-8 BOM, translated headers, Beijing times), the figure as PNG.
    const capture = captureDownloads(shadow(element));
    try {
      const [csvButton, pngButton] = Array.from(shadow(element).querySelectorAll<HTMLButtonElement>('[part="chart-export"]'));
      csvButton!.click();
      await waitUntil(() => capture.files.length === 1, 'the CSV is offered');
      const csv = capture.files[0]!;
      expect(csv.name).to.equal('请求数.csv');
      const bytes = new Uint8Array(await csv.blob.arrayBuffer());
      expect(Array.from(bytes.slice(0, 3))).to.deep.equal([0xef, 0xbb, 0xbf]);
      const lines = (await csv.blob.text()).replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).to.equal('时间,请求数,请求数（上一周期）');
      expect(lines[1]).to.equal('2026/11/26 00:00,10000,8000');
      expect(lines).to.have.length(26);
      pngButton!.click();
      await waitUntil(() => capture.files.length === 2, 'the PNG is offered', { timeout: 20_000 });
      expect(capture.files[1]!.name).to.equal('请求数.png');
      const png = new Uint8Array(await capture.files[1]!.blob.arrayBuffer());
      expect(Array.from(png.slice(1, 4), (byte) => String.fromCharCode(byte)).join('')).to.equal('PNG');
    } finally {
      capture.stop();
    }
  });

  it('a click on a bar selects its category and series; colours follow the OEM variables', async function () {
    this.timeout(30_000);
    document.documentElement.style.setProperty('--ec-chart-color-1', 'rgb(200, 0, 0)');
    const picked: ChartSelection[] = [];
    try {
      const bar = await renderPart(() => <Chart type="bar" label="Traffic" data={TRAFFIC} onSelect={(selection) => picked.push(selection)} />);
      const plot = await drawn(bar);
      const point = plot.querySelectorAll<SVGPathElement>('.trace.bars .point path')[2]!;
      expect(getComputedStyle(point).fill).to.equal('rgb(200, 0, 0)');
      await sendMouse({ type: 'click', position: centre(point) });
      await waitUntil(() => picked.length === 1, 'the click selects');
      expect(picked[0]).to.deep.equal({ dimension: 'date', value: '01-03', metric: 'up' });
    } finally {
      document.documentElement.style.removeProperty('--ec-chart-color-1');
    }
  });

  it('shell §9 y axis by type: bytes in base 1000 and percentages with 2 decimals (en_US)', async function () {
    this.timeout(30_000);
    const bytes = await renderPart(() => <Chart type="line" label="Traffic" data={series(BEIJING_MIDNIGHT, 250_000)} valueFormat="bytes" />);
    const yBytes = Array.from((await drawn(bytes)).querySelectorAll('.ytick text'), (tick) => tick.textContent);
    expect(yBytes).to.include('2.00 MB');
    const ratio = await renderPart(() => <Chart type="line" label="Hit ratio" data={{ columns: ['time', 'hit'], rows: [{ time: BEIJING_MIDNIGHT, hit: 0.25 }, { time: BEIJING_MIDNIGHT + HOUR, hit: 0.5 }] }} valueFormat="percent" />);
    const yRatio = Array.from((await drawn(ratio)).querySelectorAll('.ytick text'), (tick) => tick.textContent);
    expect(yRatio).to.include('50.00%');
  });
});

describe('Shipped maps (issue 25: China and world, nothing fetched outside the page origin)', () => {
  const world: ChartData = { columns: ['country', 'attacks'], rows: [{ country: 'US', attacks: 9000 }, { country: 'CN', attacks: 4000 }, { country: 'SG', attacks: 700 }, { country: 'HK', attacks: 300 }] };
  const china: ChartData = { columns: ['province', 'attacks'], rows: [{ province: 'CN-SC', attacks: 8000 }, { province: 'CN-GD', attacks: 2000 }, { province: 'HK', attacks: 300 }] };

  it('draws the world map (large countries and small ones: Singapore, Hong Kong), toggles to China (34 divisions, a click selects a province), fetching nothing outside the page origin', async function () {
    this.timeout(120_000);
    const requested: string[] = [];
    const observer = new PerformanceObserver((list) => requested.push(...list.getEntries().map((entry) => entry.name)));
    observer.observe({ type: 'resource', buffered: false });
    const selections: ChartSelection[] = [];
    const element = await renderPart(() => <ChinaWorldMap label="攻击来源" world={world} china={china} columnLabels={{ attacks: '攻击次数' }} onSelect={(selection) => selections.push(selection)} />, 'zh_CN');
    const plot = await drawn(element);
    await waitUntil(() => plot.querySelectorAll('.choroplethlocation').length === 4, 'four countries are drawn');
    // Shell §9: the map's colour range is 0 to 10000.
    const scale = Array.from(plot.querySelectorAll('.colorbar text'), (text) => text.textContent);
    expect(scale).to.include.members(['0', '10,000']);
    const names = Array.from(shadow(element).querySelectorAll('table tbody th'), (cell) => cell.textContent);
    expect(names).to.deep.equal(['美国', '中国', '新加坡', '中国香港']);

    const toggle = Array.from(shadow(element).querySelectorAll<HTMLButtonElement>('[part="chart-map-toggle"]'));
    expect(toggle.map((button) => button.getAttribute('aria-pressed'))).to.deep.equal(['true', 'false']);
    toggle[1]!.click();
    await waitUntil(() => graph(element)?.querySelectorAll('.choroplethlocation').length === 34, 'every province is drawn', { timeout: 30_000 });
    const provinces = graph(element)!;
    const sichuan = Array.from(provinces.querySelectorAll<SVGPathElement>('.choroplethlocation')).reduce((darkest, path) =>
      // The darkest region has the largest value: Sichuan (8000).
      luminance(path) < luminance(darkest) ? path : darkest,
    );
    await sendMouse({ type: 'click', position: centre(sichuan) });
    await waitUntil(() => selections.length > 0, 'the click selects');
    expect(selections.at(-1)).to.deep.equal({ dimension: 'province', value: 'CN-SC', metric: 'attacks' });

    observer.disconnect();
    expect(requested.length, 'the maps were fetched').to.be.greaterThan(0);
    expect(requested.filter((url) => new URL(url).origin !== location.origin)).to.deep.equal([]);
  });

  for (const lang of LANGUAGES) {
    it(`a map with its table view open is accessible in ${lang} (axe)`, async function () {
      this.timeout(60_000);
      const map = await renderPart(() => <Chart type="china-map" map="china" label="Attacks" data={china} onSelect={() => undefined} exportName="attacks" />, lang);
      await drawn(map);
      shadow(map).querySelector<HTMLButtonElement>('[part="chart-table-toggle"]')!.click();
      await waitUntil(() => shadow(map).querySelector('table.ec-chart-table'), 'the table is shown');
      const names = Array.from(shadow(map).querySelectorAll('table tbody th'), (cell) => cell.textContent);
      // Hong Kong arrives as a country (HK) and is named as the province-level division the China map shows.
      expect(names).to.deep.equal(lang === 'zh_CN' ? ['四川', '广东', '香港'] : ['Sichuan', 'Guangdong', 'Hong Kong']);
      await expect(map).to.be.accessible();
    });
  }
});

function luminance(path: SVGPathElement): number {
  const [r = 0, g = 0, b = 0] = (getComputedStyle(path).fill.match(/\d+/g) ?? []).map(Number);
  return r + g + b;
}
