import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { getReportWebsites } from '../../../core/api/endpoints/reports.js';
import type { LogRow } from '../../../core/logs/fields.js';
import '../../../elements/dashboard/element.js';
import { signInAsDemoParent } from '../../helpers/api-session.js';
import { injectFault, shadow } from '../../helpers/list-element.js';
import { logLine } from '../../helpers/log-lines.js';
import { appendLogLines, reportClient as client } from '../../helpers/report-element.js';

/**
 * `<ec-dashboard>` against the real reference server (issue 25; rules §9 "Log time UTC+8"): the empty state before
 * any traffic, then today's figures equal to the lines appended to the server's log store, a top website opening its
 * log lines (drill-down via `ec-navigate`), both languages with axe, and the error state with its retry. A fetch stub
 * only injects faults (DESIGN §5).
 */


async function dashboard(lang: string): Promise<HTMLElement> {
  const element = await fixture<HTMLElement>(html`<ec-dashboard lang=${lang} refresh="0"></ec-dashboard>`);
  await waitUntil(() => shadow(element).querySelector('[part="figures"], [part="error-state"]'), 'the dashboard settles', { timeout: 10_000 });
  return element;
}

const figure = (element: HTMLElement, id: string) => shadow(element).querySelector(`[data-figure="${id}"] .ec-figure-value`)!.textContent;

describe('<ec-dashboard> (issue 25)', () => {
  before(async () => {
    await signInAsDemoParent();
  });

  it('before any traffic: zeros, the no-traffic state in both languages, accessible (axe)', async () => {
    const zh = await dashboard('zh-CN');
    expect(figure(zh, 'requests')).to.equal('0');
    expect(shadow(zh).querySelector('[part="empty-state"]')!.textContent).to.contain('今日暂无流量');
    await expect(zh).to.be.accessible();
    const en = await dashboard('en-US');
    expect(shadow(en).querySelector('[part="empty-state"]')!.textContent).to.contain('No traffic yet today');
    expect(shadow(en).querySelector('[part="alerts"]')!.textContent).to.contain('Alerts');
    await expect(en).to.be.accessible();
  });

  it("today's figures are the lines in the log store; a top website opens its log lines", async () => {
    const { websites } = await getReportWebsites(client);
    const www = websites.find((website) => website.domain === 'www.example.com')!;
    const api = websites.find((website) => website.domain === 'api.example.com')!;
    const now = Date.now();
    const rows: LogRow[] = [];
    for (let index = 0; index < 12; index++) {
      const target = index < 9 ? www : api;
      rows.push(logLine({ ts: now - index * 1000, member_id: 100001, domain_id: target.id, domain: target.domain, request_id: `${index}`.padStart(32, '0'), bytes_sent: 1000, cache_status: index % 2 === 0 ? 'hit' : 'miss' }));
    }
    await appendLogLines(rows);
    const element = await dashboard('en-US');
    expect(figure(element, 'requests')).to.equal('12');
    expect(figure(element, 'bytes')).to.equal('12.00 KB');
    expect(figure(element, 'hit-ratio')).to.equal('50.00%');
    // The charts and the top websites come after the figures, in their own chunk.
    await waitUntil(() => shadow(element).querySelector('[part~="top-table"] [part~="drill-link"]'), 'the top websites show', { timeout: 10_000 });
    const links = Array.from(shadow(element).querySelectorAll<HTMLButtonElement>('[part~="top-table"] [part~="drill-link"]'));
    expect(links.map((link) => link.textContent)).to.deep.equal(['www.example.com', 'api.example.com']);
    const navigate = oneEvent(element, 'ec-navigate');
    links[0]!.click();
    const { detail } = await navigate;
    expect(detail.route).to.equal('cloud-speed-new-logRetrieval');
    const query = new URLSearchParams(detail.query);
    expect([query.get('type'), query.get('range'), query.get('domains')]).to.deep.equal(['access', 'custom', String(www.id)]);
    // The requests figure leads to its report.
    const reportLink = oneEvent(element, 'ec-navigate');
    shadow(element).querySelector<HTMLButtonElement>('[data-figure="requests"] [part~="figure-link"]')!.click();
    expect((await reportLink).detail.route).to.equal('cloud-speed-new-data-analytics-business-report-accessAnalysis');
    await expect(element).to.be.accessible();
  });

  it('shows the error state with a retry when the summary fails, and recovers', async () => {
    const restore = injectFault(/report\.dashboard\.summary/, () => new Response('upstream down', { status: 502 }));
    let element: HTMLElement;
    try {
      element = await dashboard('en-US');
      expect(shadow(element).querySelector('[part="error-state"]')!.textContent).to.contain('The dashboard could not be loaded');
    } finally {
      restore();
    }
    shadow(element!).querySelector<HTMLButtonElement>('[part="error-state"] button')!.click();
    // The summary's first read of the log store: seconds on a loaded two-core CI machine (timed out once at the default).
    await waitUntil(() => shadow(element!).querySelector('[part="figures"]'), 'the retry loads the figures', { timeout: 20_000 });
  });
});
