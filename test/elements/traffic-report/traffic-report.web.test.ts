import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { createApiClient } from '../../../core/api/client.js';
import { getReportWebsites } from '../../../core/api/endpoints/reports.js';
import type { LogRow } from '../../../core/logs/fields.js';
import { sessionToken } from '../../../core/session/session.js';
import '../../../elements/traffic-report/element.js';
import { signInAsDemoParent } from '../../helpers/api-session.js';
import { choose, injectFault, shadow, typeInto, watchCalls } from '../../helpers/list-element.js';
import { logLine } from '../../helpers/log-lines.js';

/**
 * `<ec-traffic-report>` against the real reference server (issue 25; rules §9 date ranges, UTC+8): the empty state,
 * top-N rows counted from the lines appended to the log store, drill-down to log retrieval (`ec-navigate` with the
 * filter and the range), a custom range longer than 30 days refused before any call, both languages with axe, and
 * the error state. A fetch stub only injects faults (DESIGN §5).
 */

const client = createApiClient({ base: '/api', getToken: () => sessionToken.value, getLanguage: () => 'en_US', notify: () => undefined });

async function appendLines(rows: LogRow[]): Promise<void> {
  const answer = await fetch('/__ec-test__/log-lines', { method: 'POST', body: JSON.stringify(rows) });
  if (!answer.ok) throw new Error(`appending log lines failed: HTTP ${answer.status}`);
}

async function report(markup: ReturnType<typeof html>): Promise<HTMLElement> {
  const element = await fixture<HTMLElement>(markup);
  await waitUntil(
    () => shadow(element).querySelector('[part="figures"], [part="error-state"]') && !shadow(element).querySelector('[part="loading-state"]'),
    'the report settles',
    { timeout: 10_000 },
  );
  return element;
}

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
    const { websites } = await getReportWebsites(client);
    const www = websites.find((website) => website.domain === 'www.example.com')!;
    const now = Date.now();
    const uris = ['/hot', '/hot', '/hot', '/warm', '/warm', '/cold "quoted"'];
    await appendLines(
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

  it('rules §9: a custom range longer than 30 days is refused in words, before any call', async () => {
    const element = await report(html`<ec-traffic-report lang="en-US" type="status-code-analysis"></ec-traffic-report>`);
    await choose(element, 'Time range', 'Custom');
    const calls = watchCalls();
    try {
      const [start] = Array.from(shadow(element).querySelectorAll<HTMLInputElement>('input[type="datetime-local"]'));
      typeInto(start!, '2020-01-01T00:00');
      await waitUntil(() => shadow(element).querySelector('.ec-report-issue'), 'the range is refused');
      expect(shadow(element).querySelector('.ec-report-issue')!.textContent).to.equal('At most 30 days');
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
