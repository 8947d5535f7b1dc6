import { expect, html, oneEvent, waitUntil } from '@open-wc/testing';
import { parseLogExpression } from '../../../core/logs/expression.js';
import type { LogRow, LogType } from '../../../core/logs/fields.js';
import '../../../elements/attack-report/element.js';
import { DEMO_MEMBER_ID } from '../../../demo/server/platform/demo-accounts.js';
import { setDemoPlanLevel } from '../../helpers/demo-plan.js';
import { injectFault, shadow } from '../../helpers/list-element.js';
import { logLine } from '../../helpers/log-lines.js';
import { appendLogLines, figureValue, REPORT_SETTLED_PARTS, reportFirewall, reportText, settledReport } from '../../helpers/report-element.js';

/**
 * `<ec-attack-report type="firewall|package">`, the firewall block lists (issue 25; shell §7
 * `firewall.report.block.list` and details, the package variant chosen by type), against the real reference server:
 * the empty state (shell §8), the figures and the per policy row counted from the blocked lines appended to the log
 * store, a policy's blocked requests opened inside the report and paged (shell §9 sizes), both languages with axe,
 * the free package's prompt (rules §6), a policy out of reach and the error state. A fetch stub only injects faults.
 */

/** Mounts a block list and waits until it has settled (figures, a table, a state or a prompt). */
const settled = (markup: ReturnType<typeof html>) => settledReport(markup, { parts: [...REPORT_SETTLED_PARTS, 'ranking'], what: 'the block list settles' });

const cells = (row: Element) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent);
const bodyRows = (element: Element) => Array.from(shadow(element).querySelectorAll('[part="ranking"] tbody tr'));

describe('<ec-attack-report type="firewall|package">: the firewall block lists (issue 25; shell §7)', () => {
  let www: { id: number; domain: string };
  let packageRule: { id: number; code: number; setId: number };
  let policy: { id: number; code: number; setId: number };

  const blocked = (index: number, rule: { code: number; setId: number }, overrides: Partial<LogRow> = {}) =>
    logLine({
      ts: Date.now() - (index + 1) * 60_000,
      log_type: 'acl',
      member_id: DEMO_MEMBER_ID,
      domain_id: www.id,
      domain: www.domain,
      request_id: `fw${rule.setId}-${index}`.padStart(32, '0'),
      client_ip: `203.0.113.${index}`,
      country: 'RU',
      province: '',
      uri: '/admin',
      rule_id: rule.code,
      rule_set_id: rule.setId,
      action: 'block',
      ...overrides,
    });

  before(async () => {
    const firewall = await reportFirewall();
    www = firewall.www;
    packageRule = firewall.builtIn;
    policy = firewall.custom;
  });

  it('shell §8: without blocked requests, the zeros and the empty state in both languages (axe)', async () => {
    const zh = await settled(html`<ec-attack-report lang="zh-CN" type="firewall" range="15m"></ec-attack-report>`);
    expect(shadow(zh).querySelector('[part="empty-state"]')!.textContent).to.contain('该时间范围内没有策略拦截请求');
    expect(figureValue(zh, '拦截请求数')).to.equal('0');
    await expect(zh).to.be.accessible();
    const en = await settled(html`<ec-attack-report lang="en-US" type="package" range="15m"></ec-attack-report>`);
    expect(shadow(en).querySelector('[part="empty-state"]')!.textContent).to.contain('No policy blocked a request in this range');
    await expect(en).to.be.accessible();
  });

  it('a policy row: rule ID, policy, rule set, action, blocks, last blocked, top targets; its blocked requests open inside the report, paged', async () => {
    // Twelve blocked requests of the custom policy and one it only observed; three of the built-in package's rule.
    await appendLogLines([
      ...Array.from({ length: 12 }, (_, index) => blocked(index, policy, index === 11 ? { uri: '/export', country: 'CN', province: 'CN-GD' } : {})),
      blocked(20, policy, { action: 'log' }),
      ...[0, 1, 2].map((index) => blocked(index, packageRule, { log_type: 'waf', uri: '/login', action: index ? 'ban' : 'block' })),
    ]);
    const en = await settled(html`<ec-attack-report lang="en-US" type="firewall" range="3h"></ec-attack-report>`);
    expect(figureValue(en, 'Blocked requests')).to.equal('12');
    expect(figureValue(en, 'Policies that blocked')).to.equal('1');
    const [row] = bodyRows(en);
    const [code, name, set, action, blocks, last, targets] = cells(row!);
    expect([code, name, set, action, blocks]).to.deep.equal([String(policy.code), 'Admin from partners only', 'Partners only', 'Block', '12']);
    expect(last).to.match(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(targets).to.contain('/admin').and.to.contain('/export');
    await expect(en).to.be.accessible();

    const changed = oneEvent(en, 'ec-view-state');
    row!.querySelector<HTMLButtonElement>('[part~="drill-link"]')!.click();
    expect((await changed).detail.state).to.equal(`policy=${policy.id}`);
    await waitUntil(() => shadow(en).querySelector('[part="header"] h2')?.textContent?.startsWith('Blocked requests of rule') && bodyRows(en).length > 0, 'the blocked requests');
    expect(shadow(en).querySelector('[part="header"] h2')!.textContent).to.equal(`Blocked requests of rule ${policy.code}: Admin from partners only`);
    expect(reportText(en)).to.contain('Rule set: Partners only');
    // Shell §9: ten per page, the pager shown as twelve exceed the first size; newest first.
    expect(bodyRows(en).length).to.equal(10);
    const [time, ip, region, website, url, result] = cells(bodyRows(en)[0]!);
    expect([ip, region, website, url, result]).to.deep.equal(['203.0.113.0', 'Russia', 'www.example.com', '/admin', 'Blocked']);
    expect(time).to.match(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    shadow(en).querySelector<HTMLButtonElement>('[part="pagination"] button[aria-label="Page 2"]')!.click();
    await waitUntil(() => bodyRows(en).length === 2, 'the second page');
    expect(cells(bodyRows(en)[1]!).slice(1, 3)).to.deep.equal(['203.0.113.11', 'China · Guangdong']);
    await expect(en).to.be.accessible();
    shadow(en).querySelector<HTMLButtonElement>('[part="header"] button')!.click();
    await waitUntil(() => figureValue(en, 'Blocked requests') === '12', 'back to the list');

    const zh = await settled(html`<ec-attack-report lang="zh-CN" type="package" range="3h"></ec-attack-report>`);
    expect(figureValue(zh, '拦截请求数')).to.equal('3');
    expect(cells(bodyRows(zh)[0]!)[0]).to.equal(String(packageRule.code));
    expect(cells(bodyRows(zh)[0]!)[6]).to.contain('/login');
    await expect(zh).to.be.accessible();
  });

  it('issue 25 drill-down: a point of each log\'s line, a policy\'s blocks, a top target and a blocked request open log retrieval with that filter and range', async () => {
    // The twelve custom-policy lines (access control log) and three package lines (WAF log) of the test before.
    const en = await settled(html`<ec-attack-report lang="en-US" type="firewall" range="3h"></ec-attack-report>`);
    const opened = async (link: HTMLElement, logType: LogType): Promise<URLSearchParams> => {
      const navigate = oneEvent(en, 'ec-navigate');
      link.click();
      const { detail } = await navigate;
      expect(detail.route).to.equal('cloud-speed-new-logRetrieval');
      const query = new URLSearchParams(detail.query);
      expect([query.get('type'), query.get('range')]).to.deep.equal([logType, 'custom']);
      // What the drill-down writes is what log retrieval reads.
      expect(parseLogExpression(query.get('q')!, logType).ok, query.get('q')!).to.equal(true);
      return query;
    };
    const policyLines = `action in ("block", "ban") and rule_set_id = ${policy.setId} and rule_id = ${policy.code}`;
    const row = bodyRows(en)[0]!;
    // Links (buttons under route-mode="none"): the policy's name opens its requests, the others log retrieval.
    const links = () => Array.from(row.querySelectorAll<HTMLElement>('[part~="drill-link"]'));
    let query = await opened(links().find((link) => link.textContent === '12')!, 'acl');
    expect(query.get('q')).to.equal(policyLines);
    query = await opened(links().find((link) => link.textContent === '/export')!, 'acl');
    expect(query.get('q')).to.equal(`${policyLines} and uri = "/export"`);
    // The series has a line per log; its table's row opens the first log (the custom sets') on that minute.
    const figure = shadow(en).querySelector('figure.ec-chart-line')!;
    expect(Array.from(figure.querySelectorAll('thead th')).map((cell) => cell.textContent)).to.include.members(['Custom rule sets (access control log)', 'Default rule set (WAF log)']);
    query = await opened(figure.querySelector<HTMLElement>('tbody tr.ec-chart-row-selectable')!, 'acl');
    expect(query.get('to'), 'one bucket').to.equal(query.get('from'));
    expect(query.get('q')).to.match(/^action in \("block", "ban"\) and rule_set_id in \(\d+(, \d+)*\)$/);

    // A blocked request opens its own line.
    links()[0]!.click();
    await waitUntil(() => shadow(en).querySelector('[part="header"]') && bodyRows(en).length > 0, 'the blocked requests');
    const request = bodyRows(en)[0]!.querySelector<HTMLElement>('[part~="drill-link"]')!;
    query = await opened(request, 'acl');
    expect(query.get('q')).to.match(/^action in \("block", "ban"\) and request_id = "[0-9a-z-]+"$/);
    await expect(en).to.be.accessible();

    // The rule packages' policies write the WAF log; in the security module the logs are its own page.
    const packages = await settled(html`<ec-attack-report lang="en-US" type="package" range="3h" layout="security"></ec-attack-report>`);
    const navigate = oneEvent(packages, 'ec-navigate');
    Array.from(bodyRows(packages)[0]!.querySelectorAll<HTMLElement>('[part~="drill-link"]')).find((link) => link.textContent === '3')!.click();
    const { detail } = await navigate;
    expect(detail.route).to.equal('security-logs');
    expect(new URLSearchParams(detail.query).get('type')).to.equal('waf');
    expect(new URLSearchParams(detail.query).get('q')).to.equal(`action in ("block", "ban") and rule_set_id = ${packageRule.setId} and rule_id = ${packageRule.code}`);
  });

  it('a policy out of reach (another variant, or none) says so; the view state opens a policy directly', async () => {
    const other = await settled(html`<ec-attack-report lang="en-US" type="package" range="3h" view-state=${`policy=${policy.id}`}></ec-attack-report>`);
    expect(shadow(other).querySelector('[part="empty-state"]')!.textContent).to.contain('This policy does not exist');
    const zh = await settled(html`<ec-attack-report lang="zh-CN" type="firewall" range="3h" view-state=${`policy=${policy.id}`}></ec-attack-report>`);
    expect(shadow(zh).querySelector('[part="header"] h2')!.textContent).to.contain('的拦截请求');
    expect(bodyRows(zh).length).to.equal(10);
  });

  it('rules §6: the free package sees the block totals with the upgrade prompt and no policy; the details are the prompt alone', async () => {
    await setDemoPlanLevel('trial');
    try {
      const report = await settled(html`<ec-attack-report lang="en-US" type="firewall" range="3h"></ec-attack-report>`);
      expect(figureValue(report, 'Blocked requests')).to.equal('12');
      expect(shadow(report).querySelector('[part="plan-notice"]')!.textContent).to.contain('Your package shows the block totals only');
      expect(shadow(report).querySelector('[part="ranking"]')).to.equal(null);
      await expect(report).to.be.accessible();
      const details = await settled(html`<ec-attack-report lang="zh-CN" type="firewall" range="3h" view-state=${`policy=${policy.id}`}></ec-attack-report>`);
      expect(shadow(details).querySelector('[part="plan-notice"]')!.textContent).to.contain('当前套餐不包含策略的拦截请求明细');
    } finally {
      await setDemoPlanLevel('business');
    }
  });

  it('shows the error state with a retry when the block list fails', async () => {
    const restore = injectFault(/firewall\.report\.block\.list/, () => new Response('upstream down', { status: 502 }));
    let element: HTMLElement;
    try {
      element = await settled(html`<ec-attack-report lang="en-US" type="firewall"></ec-attack-report>`);
      expect(shadow(element).querySelector('[part="error-state"]')!.textContent).to.contain('The block list could not be loaded');
    } finally {
      restore();
    }
    shadow(element!).querySelector<HTMLButtonElement>('[part="error-state"] button')!.click();
    await waitUntil(() => shadow(element!).querySelector('[part="figures"]'), 'the retry loads the block list');
  });
});
