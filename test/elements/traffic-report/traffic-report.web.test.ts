import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { getReportWebsites } from '../../../core/api/endpoints/reports.js';
import '../../../elements/traffic-report/element.js';
import { signInAsDemoParent } from '../../helpers/api-session.js';
import { choose, injectFault, shadow, typeInto, watchCalls } from '../../helpers/list-element.js';
import { logLine } from '../../helpers/log-lines.js';
import { appendLogLines, reportClient, settledReport } from '../../helpers/report-element.js';

/**
 * `<ec-traffic-report>` against the real reference server (issue 25; rules §9 date ranges, UTC+8): the empty state,
 * top-N rows counted from the lines appended to the log store, drill-down to log retrieval from every chart kind
 * (`ec-navigate` with the filter, the range and the websites: a bar, a slice, a map region, a line point, a row;
 * through the charts' table views, which fire the same `onSelect` as a click on the plot), several websites sent to
 * the server, the previous-period overlay, a custom range longer than 30 days refused before any call, both languages
 * with axe, and the error state. A fetch stub only injects faults (DESIGN §5).
 */

const report = (markup: ReturnType<typeof html>) => settledReport(markup, { parts: ['figures', 'error-state'], timeout: 10_000 });

describe('<ec-traffic-report> (issue 25)', () => {
  before(async () => {
    await signInAsDemoParent();
  });

  it('without traffic: zeros and the no-traffic state in both languages, accessible (axe)', async () => {
    const zh = await report(html`<ec-traffic-report lang="zh-CN" type="wide-flow-range"></ec-traffic-report>`);
    expect(shadow(zh).querySelector('[part="empty-state"]')!.textContent).to.contain('暂无流量');
    await expect(zh).to.be.accessible();
    const en = await report(html`<ec-traffic-report lang="en-US" type="access-analysis"></ec-traffic-report>`);
    expect(shadow(en).querySelector('[part="empty-state"]')!.textContent).to.contain('No traffic in this range');
    await expect(en).to.be.accessible();
  });

  it('hotspots: the top URLs are counted from the log store; a row opens log retrieval on that URL and range', async () => {
    const { websites } = await getReportWebsites(reportClient);
    const www = websites.find((website) => website.domain === 'www.example.com')!;
    const now = Date.now();
    const uris = ['/hot', '/hot', '/hot', '/warm', '/warm', '/cold "quoted"'];
    await appendLogLines(
      uris.map((uri, index) => logLine({ ts: now - (index + 1) * 1000, member_id: 100001, domain_id: www.id, domain: www.domain, uri, request_id: `h${index}`.padStart(32, '0') })),
    );
    const element = await report(html`<ec-traffic-report lang="en-US" type="hotspot-analysis" range="3h"></ec-traffic-report>`);
    const table = shadow(element).querySelector('[part~="top-table"]')!;
    const cells = Array.from(table.querySelectorAll('tbody tr')).map((row) => [row.querySelector('th')!.textContent, row.querySelectorAll('td')[1]!.textContent]);
    expect(cells).to.deep.equal([['/hot', '3'], ['/warm', '2'], ['/cold "quoted"', '1']]);
    const navigate = oneEvent(element, 'ec-navigate');
    table.querySelectorAll<HTMLButtonElement>('[part~="drill-link"]')[2]!.click();
    const { detail } = await navigate;
    expect(detail.route).to.equal('cloud-speed-new-logRetrieval');
    const query = new URLSearchParams(detail.query);
    expect([query.get('type'), query.get('range'), query.get('q')]).to.deep.equal(['access', 'custom', 'uri = "/cold \\"quoted\\""']);
    expect(query.get('from')).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await expect(element).to.be.accessible();
  });

  describe('drill-down from every chart, several websites, previous period', () => {
    let www: { id: number; domain: string };
    let shop: { id: number; domain: string };

    before(async () => {
      const { websites } = await getReportWebsites(reportClient);
      www = websites.find((website) => website.domain === 'www.example.com')!;
      shop = websites.find((website) => website.domain === 'shop.example.com')!;
      const now = Date.now();
      await appendLogLines(
        [www, www, www, shop].map((site, index) =>
          logLine({ ts: now - (index + 1) * 2000, member_id: 100001, domain_id: site.id, domain: site.domain, country: index === 3 ? 'US' : 'CN', province: index === 3 ? '' : 'CN-GD', cache_status: index === 0 ? 'miss' : 'hit', request_id: `d${index}`.padStart(32, '0') }),
        ),
      );
    });

    /** The chart section titled `title`. */
    const section = (element: HTMLElement, title: string) =>
      Array.from(shadow(element).querySelectorAll<HTMLElement>('[part~="chart-section"]')).find((node) => node.querySelector('h2')?.textContent === title)!;
    /** Shows a chart's table view and selects the row whose head reads `head` (the drill-down hook of the chart part). */
    async function selectRow(element: HTMLElement, title: string, head: string | RegExp): Promise<URLSearchParams> {
      const chart = section(element, title);
      chart.querySelector<HTMLButtonElement>('[part~="chart-table-toggle"]')?.click();
      const find = () => Array.from(chart.querySelectorAll<HTMLButtonElement>('.ec-chart-row-button')).find((button) => (typeof head === 'string' ? button.textContent === head : head.test(button.textContent ?? '')));
      await waitUntil(find, `the row ${head} of ${title}`);
      const navigate = oneEvent(element, 'ec-navigate');
      find()!.click();
      const { detail } = await navigate;
      expect(detail.route).to.equal('cloud-speed-new-logRetrieval');
      return new URLSearchParams(detail.query);
    }

    it('a bar (website) and a slice (cache status) open log retrieval on that value over the range; several websites travel', async () => {
      const calls = watchCalls();
      try {
        const element = await report(html`<ec-traffic-report lang="en-US" type="distribution-request" range="3h"></ec-traffic-report>`);
        const bar = await selectRow(element, 'Requests by website', 'www.example.com');
        expect([bar.get('type'), bar.get('range'), bar.get('domains')]).to.deep.equal(['access', 'custom', String(www.id)]);
        const slice = await selectRow(element, 'Cache hits and misses', 'miss');
        expect(slice.get('q')).to.equal('cache_status = "miss"');
        expect(slice.get('from')).to.equal(bar.get('from'));
        // Two websites chosen: sent to the server, and carried by every drill-down.
        const picker = shadow(element).querySelector<HTMLElement>('[part~="websites"] .p-multiselect')!;
        picker.click();
        const option = (name: string) => Array.from(shadow(element).querySelectorAll<HTMLElement>('.p-multiselect-panel li[role="option"]')).find((node) => node.textContent?.includes(name));
        await waitUntil(() => option('shop.example.com'), 'the websites are offered');
        option('www.example.com')!.click();
        await waitUntil(() => shadow(element).querySelector('[part~="websites"] .p-multiselect-label')?.textContent === 'www.example.com', 'one website is chosen');
        option('shop.example.com')!.click();
        const both = [www.id, shop.id].sort((a, b) => a - b).join(',');
        await waitUntil(
          () => calls.urls.some((url) => url.includes('report.traffic.get') && new URL(url, location.href).searchParams.get('domain_ids') === both),
          'both websites are asked for',
        );
        await waitUntil(() => shadow(element).querySelector('[part="figures"]') && !shadow(element).querySelector('[part="loading-state"]'), 'the report is read again');
        const row = shadow(element).querySelector<HTMLElement>('[part~="top-table"] [part~="drill-link"]')!;
        const navigate = oneEvent(element, 'ec-navigate');
        row.click();
        // A website row names its own website; any other row keeps the websites chosen.
        expect(new URLSearchParams((await navigate).detail.query).get('domains')).to.match(/^\d+$/);
        const method = await selectRow(element, 'Cache hits and misses', 'hit');
        expect(method.get('domains')).to.equal(both);
      } finally {
        calls.restore();
      }
    });

    it('a map region and a line point open log retrieval on that region and that bucket; the previous period is one switch away', async () => {
      const calls = watchCalls();
      try {
        const element = await fixture<HTMLElement>(html`<ec-traffic-report lang="en-US" type="access-analysis" range="3h"></ec-traffic-report>`);
        // The map reads its shapes before it draws: the figures and the chart sections are enough to go on.
        await waitUntil(() => shadow(element).querySelector('[part="figures"]') && shadow(element).querySelector('[part~="chart-section"]'), 'the report settles', { timeout: 15_000 });
        const region = await selectRow(element, 'Requests by region', /United States/);
        expect(region.get('region')).to.equal('US');
        const point = await selectRow(element, 'Page views (PV) and unique visitors (UV)', /./);
        const from = Date.parse(`${point.get('from')}:00+08:00`);
        const to = Date.parse(`${point.get('to')}:00+08:00`);
        expect(to - from, 'one bucket (5 minutes for 3 hours), to its last minute').to.be.at.most(5 * 60_000);
        // The previous period: one call with compare=previous, drawn as a dashed series named so in the table view.
        shadow(element).querySelector<HTMLInputElement>('[part~="compare"] input')!.click();
        await waitUntil(() => calls.urls.some((url) => url.includes('report.traffic.get') && url.includes('compare=previous')), 'the previous period is asked for');
        await waitUntil(
          () => Array.from(section(element, 'Page views (PV) and unique visitors (UV)')?.querySelectorAll('th') ?? []).some((th) => th.textContent === 'Requests (previous period)'),
          'the previous period is in the table view',
        );
        await expect(element).to.be.accessible();
      } finally {
        calls.restore();
      }
    });
  });

  it('rules §9: a custom range longer than 30 days is refused in words, before any call', async () => {
    const element = await report(html`<ec-traffic-report lang="en-US" type="status-code-analysis"></ec-traffic-report>`);
    await choose(element, 'Time range', 'Custom');
    const calls = watchCalls();
    try {
      const [start] = Array.from(shadow(element).querySelectorAll<HTMLInputElement>('input[type="datetime-local"]'));
      typeInto(start!, '2020-01-01T00:00');
      await waitUntil(() => shadow(element).querySelector('.ec-filter-error'), 'the range is refused');
      expect(shadow(element).querySelector('.ec-filter-error')!.textContent).to.equal('At most 30 days');
      expect(calls.urls.filter((url) => url.includes('report.traffic.get'))).to.deep.equal([]);
    } finally {
      calls.restore();
    }
  });

  it('shows the error state with a retry when the report fails', async () => {
    const restore = injectFault(/report\.traffic\.get/, () => new Response('upstream down', { status: 502 }));
    let element: HTMLElement;
    try {
      element = await report(html`<ec-traffic-report lang="en-US" type="distribution-request"></ec-traffic-report>`);
      expect(shadow(element).querySelector('[part="error-state"]')!.textContent).to.contain('The report could not be loaded');
    } finally {
      restore();
    }
    shadow(element!).querySelector<HTMLButtonElement>('[part="error-state"] button')!.click();
    await waitUntil(() => shadow(element!).querySelector('[part="figures"]'), 'the retry loads the report');
  });
});
