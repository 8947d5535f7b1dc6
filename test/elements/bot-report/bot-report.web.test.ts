/**
 * `<ec-bot-report>` and `<ec-bot-detail>` against the reference server (issue 25; rules §6 bot analytics needs
 * flagship or above; shell §2 `Bot`, `Bot/KnowDetail/:id`, `Bot/UnknowDetail/:id`; shell §8 unsupported feature
 * prompt and chart without data). The business demo plan shows the prompt; on flagship an empty range says so, then
 * an hour of lines (people, a verified Googlebot, a scraper spoofing it, curl and sqlmap) is read through the report
 * calls: figures, rankings whose rows open the detail pages, a chart selection that opens log retrieval on the bot's
 * expression, both languages and axe once per view. A fetch stub only injects the failure of the error state.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/bot-report/element.js';
import '../../../elements/bot-detail/element.js';
import { signatureId } from '../../../core/logs/bots.js';
import type { LogRow } from '../../../core/logs/fields.js';
import { getReportWebsites } from '../../../core/api/endpoints/reports.js';
import { signInAsDemoParent } from '../../helpers/api-session.js';
import { setDemoPlanLevel } from '../../helpers/demo-plan.js';
import { injectFault, shadow } from '../../helpers/list-element.js';
import { logLine } from '../../helpers/log-lines.js';
import { appendLogLines, reportClient, reportText } from '../../helpers/report-element.js';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SQLMAP = 'sqlmap/1.8.4#stable (https://sqlmap.org)';

const figures = (element: Element) => shadow(element).querySelector('[part="figures"]');
const rankings = (element: Element) => Array.from(shadow(element).querySelectorAll('[part="ranking"]'));

describe('<ec-bot-report> and <ec-bot-detail> (issue 25; rules §6)', () => {
  let previous: Awaited<ReturnType<typeof setDemoPlanLevel>>;

  before(async () => {
    await signInAsDemoParent();
  });
  after(async () => {
    if (previous) await setDemoPlanLevel(previous);
  });

  it('shell §8 / rules §6: below flagship the report shows the prompt with its way out (en_US, axe)', async () => {
    const element = await fixture<HTMLElement>(html`<ec-bot-report lang="en-US"></ec-bot-report>`);
    await waitUntil(() => reportText(element).includes('Bot analytics is not in your package'), 'the prompt', { timeout: 10_000 });
    expect(reportText(element)).to.contain('Bot analytics needs a flagship package or above');
    const link = shadow(element).querySelector<HTMLElement>('.ec-plan-notice a, .ec-plan-notice button')!;
    await expect(element).to.be.accessible();
    const navigate = oneEvent(element, 'ec-navigate');
    link.click();
    expect((await navigate).detail.route).to.match(/packages|work-order/);
  });

  it('on flagship, an empty range says so, and a failed call shows the error with a retry', async () => {
    previous = await setDemoPlanLevel('flagship');
    const empty = await fixture<HTMLElement>(html`<ec-bot-report lang="en-US" range="15m"></ec-bot-report>`);
    await waitUntil(() => reportText(empty).includes('No requests in this range'), 'the empty state', { timeout: 10_000 });
    const restore = injectFault(/report\.bot\.summary/, () => new Response('<html>bad gateway</html>', { status: 502 }));
    try {
      const failed = await fixture<HTMLElement>(html`<ec-bot-report lang="en-US" range="15m"></ec-bot-report>`);
      await waitUntil(() => reportText(failed).includes('The bot report could not be loaded'), 'the error state', { timeout: 10_000 });
      restore();
      Array.from(shadow(failed).querySelectorAll<HTMLButtonElement>('[part="error-state"] button'))[0]!.click();
      await waitUntil(() => reportText(failed).includes('No requests in this range'), 'the retry reads again', { timeout: 10_000 });
    } finally {
      restore();
    }
  });

  describe('with an hour of lines', () => {
    before(async () => {
      const www = (await getReportWebsites(reportClient)).websites.find((website) => website.domain === 'www.example.com')!;
      const now = Date.now();
      const rows: LogRow[] = [];
      const line = (minute: number, change: Partial<LogRow>) =>
        rows.push(
          logLine({ member_id: 100001, domain_id: www.id, domain: www.domain, ts: now - minute * 60_000, request_id: rows.length.toString(16).padStart(32, '0'), ...change }),
        );
      for (let minute = 1; minute <= 60; minute++) {
        line(minute, { user_agent: CHROME, client_ip: `203.0.113.${minute % 20}`, country: 'CN', province: 'CN-GD' });
        if (minute % 2 === 0) line(minute, { user_agent: GOOGLEBOT, client_ip: '66.249.66.1', uri: `/p/${minute % 3}`, country: 'US', province: '' });
        if (minute % 5 === 0) line(minute, { user_agent: GOOGLEBOT, client_ip: '203.0.113.250', uri: '/wp-login.php', country: 'RU', province: '' });
        if (minute % 3 === 0) line(minute, { user_agent: 'curl/8.5.0', client_ip: '45.1.2.3', country: 'DE', province: '' });
        if (minute % 10 === 0) line(minute, { user_agent: SQLMAP, client_ip: '45.1.2.4', uri: '/', query: 'id=1', country: 'US', province: '' });
      }
      await appendLogLines(rows);
    });

    it('the report (zh_CN, en_US): figures, rankings whose rows open the detail, a bar that opens the logs; axe', async () => {
      const zh = await fixture<HTMLElement>(html`<ec-bot-report lang="zh-CN" range="3h"></ec-bot-report>`);
      await waitUntil(() => figures(zh), 'the figures', { timeout: 15_000 });
      expect(figures(zh)!.textContent).to.contain('已知 Bot').and.contain('伪造的爬虫');
      expect(rankings(zh)[0]!.textContent).to.contain('Googlebot').and.contain('搜索引擎');
      await expect(zh).to.be.accessible();

      const en = await fixture<HTMLElement>(html`<ec-bot-report lang="en-US" range="3h" layout="old"></ec-bot-report>`);
      await waitUntil(() => figures(en), 'the figures', { timeout: 15_000 });
      const known = Array.from(figures(en)!.querySelectorAll('li')).find((item) => item.textContent?.includes('Known bots'))!;
      expect(known.querySelector('strong')!.textContent).to.equal('30');
      const spoofed = Array.from(figures(en)!.querySelectorAll('li')).find((item) => item.textContent?.includes('Spoofed crawlers'))!;
      expect(spoofed.querySelector('strong')!.textContent).to.equal('12');
      expect(rankings(en)[1]!.textContent).to.contain(SQLMAP).and.contain('vulnerability scanner');
      await expect(en).to.be.accessible();

      const row = rankings(en)[0]!.querySelector<HTMLElement>('tbody a, tbody button')!;
      let navigate = oneEvent(en, 'ec-navigate');
      row.click();
      expect((await navigate).detail).to.deep.include({ route: 'cloud-speed-old-statisticsReport-Bot-KnowDetail-id', params: { id: 'googlebot' } });

      // The known bots' bar chart: its table view's row is the drill-down for keyboard users.
      const chart = Array.from(shadow(en).querySelectorAll('[part="chart"]')).find((figure) => figure.getAttribute('aria-label') === 'Known bots')!;
      chart.querySelector<HTMLButtonElement>('[part="chart-table-toggle"]')!.click();
      await waitUntil(() => chart.querySelector('.ec-chart-row-button'), 'the table view');
      navigate = oneEvent(en, 'ec-navigate');
      chart.querySelector<HTMLButtonElement>('.ec-chart-row-button')!.click();
      const drill = (await navigate).detail;
      expect(drill.route).to.equal('cloud-speed-old-logRetrieval');
      expect(new URLSearchParams(drill.query).get('q')).to.equal('user_agent contains "Googlebot"');
      expect(new URLSearchParams(drill.query).get('range')).to.equal('custom');
    });

    it('a known bot\'s detail (en_US) and an unknown signature\'s (zh_CN); an id that names nothing; axe', async () => {
      const known = await fixture<HTMLElement>(html`<ec-bot-detail lang="en-US" kind="known" bot-id="googlebot" range="3h"></ec-bot-detail>`);
      await waitUntil(() => figures(known), 'the figures', { timeout: 15_000 });
      expect(reportText(known)).to.contain('Known bot: Googlebot').and.contain('.googlebot.com');
      const verified = Array.from(figures(known)!.querySelectorAll('li')).find((item) => item.textContent?.includes('Verified requests'))!;
      expect(verified.querySelector('strong')!.textContent).to.equal('30');
      expect(rankings(known)[1]!.textContent).to.contain('203.0.113.250');
      await expect(known).to.be.accessible();

      const id = signatureId({ kind: 'ua', value: SQLMAP });
      const unknown = await fixture<HTMLElement>(html`<ec-bot-detail lang="zh-CN" kind="unknown" bot-id=${id} range="3h"></ec-bot-detail>`);
      await waitUntil(() => figures(unknown), 'the figures', { timeout: 15_000 });
      expect(reportText(unknown)).to.contain(`未知 Bot：${SQLMAP}`).and.contain('漏洞扫描器');
      await expect(unknown).to.be.accessible();
      // An address row opens log retrieval on that address and the signature.
      const navigate = oneEvent(unknown, 'ec-navigate');
      rankings(unknown)[0]!.querySelector<HTMLElement>('tbody a, tbody button')!.click();
      const drill = new URLSearchParams((await navigate).detail.query);
      expect([drill.get('ip'), drill.get('q')]).to.deep.equal(['45.1.2.4', `user_agent = "${SQLMAP}"`]);

      const missing = await fixture<HTMLElement>(html`<ec-bot-detail lang="en-US" kind="known" bot-id="no-such-bot"></ec-bot-detail>`);
      await waitUntil(() => reportText(missing).includes('No such bot'), 'not found', { timeout: 10_000 });
    });
  });
});
