/**
 * `<ec-tcp-report>` and `<ec-access-control-detail protocol="tcp">` against the reference server (issue 28): the
 * empty state before any traffic, then an hour of the simulator's layer-4 flows (core/logs/tcp-flows.ts verdicts:
 * a denied region on one rule, connection floods) read through the report calls: figures, charts with their tables,
 * rankings whose rule rows send `ec-navigate`, both languages and axe; a rule's access control details and a rule
 * outside reach.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/tcp-report/element.js';
import '../../../elements/access-control-detail/element.js';
import { listLayer4Rules, updateLayer4Rule, type Layer4Rule } from '../../../core/api/endpoints/layer4.js';
import { signInAsDemoParent } from '../../helpers/api-session.js';
import { shadow } from '../../helpers/list-element.js';
import { reportClient as client, reportText } from '../../helpers/report-element.js';

const figures = (element: Element) => shadow(element).querySelector('[part="figures"]');

describe('<ec-tcp-report> and <ec-access-control-detail> (issue 28)', () => {
  let denying: Layer4Rule;

  before(async () => {
    await signInAsDemoParent();
    const rule = (await listLayer4Rules(client, { page: 1, per_page: 10, keyword: '443' })).list.find((entry) => entry.rule_port === 443)!;
    // Mainland visitors are most of the simulated traffic: denying CN makes accurate access control refuse many.
    denying = await updateLayer4Rule(client, {
      id: rule.id,
      protocol: rule.protocol,
      type: rule.type,
      rule_port: rule.rule_port,
      source_ips: rule.source_ips,
      source_port: rule.source_port,
      remark: rule.remark,
      package_id: rule.package_id,
      lb_mode: rule.lb_mode,
      access: { allow_ips: [], deny_ips: [], deny_regions: ['CN'] },
    });
  });

  it('says so when the range has no connections (the packages are not active yet)', async () => {
    const element = await fixture<HTMLElement>(html`<ec-tcp-report lang="en-US" type="traffic" range="15m"></ec-tcp-report>`);
    await waitUntil(() => reportText(element).includes('No TCP connections in this range'), 'the empty state', { timeout: 10_000 });
    expect(shadow(element).querySelector('[part="toolbar"]')).to.exist;
  });

  it('traffic (zh_CN) and sessions (en_US) from an hour of flows: figures, chart tables, rule rows that navigate; axe', async () => {
    const answer = await fetch('/__ec-test__/tcp-flows', { method: 'POST', body: JSON.stringify({ minutes: 60, rate: 4 }) });
    expect((await answer.json()).written).to.be.greaterThan(1000);

    const zh = await fixture<HTMLElement>(html`<ec-tcp-report lang="zh-CN" type="traffic" range="3h"></ec-tcp-report>`);
    await waitUntil(() => figures(zh), 'the figures', { timeout: 10_000 });
    expect(figures(zh)!.textContent).to.contain('入流量');
    expect(figures(zh)!.textContent).to.match(/入带宽峰值.*[KMG]?bps/);
    expect(shadow(zh).querySelector('table caption')?.textContent).to.equal('带宽');
    await waitUntil(() => shadow(zh).querySelector('.ec-tcp-ranking a, .ec-tcp-ranking button'), 'the rule ranking');
    await expect(zh).to.be.accessible();

    const en = await fixture<HTMLElement>(html`<ec-tcp-report lang="en-US" type="session" range="3h"></ec-tcp-report>`);
    await waitUntil(() => figures(en), 'the figures', { timeout: 10_000 });
    const peak = Array.from(figures(en)!.querySelectorAll('li')).find((item) => item.textContent?.includes('Peak concurrent sessions'))!;
    expect(Number(peak.querySelector('strong')!.textContent!.replace(/[^0-9.]/g, ''))).to.be.greaterThan(0);
    expect(reportText(en)).to.contain('Concurrent sessions are those open at the start of each interval.');
    await waitUntil(() => shadow(en).querySelector('.ec-tcp-ranking [href], .ec-tcp-ranking button'), 'the rule ranking');
    const link = shadow(en).querySelector<HTMLElement>('.ec-tcp-ranking [href], .ec-tcp-ranking button')!;
    const navigate = oneEvent(en, 'ec-navigate');
    link.click();
    const detail = (await navigate).detail;
    expect(detail.route).to.equal('cloud-speed-new-four-layer-agent-console-id');
    await expect(en).to.be.accessible();
  });

  it('CC attacks rank the flooding addresses; access control ranks the denying rule and leads to its details', async () => {
    const attacks = await fixture<HTMLElement>(html`<ec-tcp-report lang="en-US" type="cc-attack" range="3h"></ec-tcp-report>`);
    await waitUntil(() => figures(attacks), 'the figures', { timeout: 10_000 });
    expect(figures(attacks)!.textContent).to.contain('Connections dropped');
    await waitUntil(() => shadow(attacks).querySelectorAll('.ec-tcp-ranking tbody tr').length > 0, 'attackers ranked');

    const control = await fixture<HTMLElement>(html`<ec-tcp-report lang="en-US" type="access-control" range="3h" layout="old"></ec-tcp-report>`);
    await waitUntil(() => shadow(control).querySelector('.ec-tcp-ranking [href], .ec-tcp-ranking button'), 'the rules ranked', { timeout: 10_000 });
    const row = Array.from(shadow(control).querySelectorAll<HTMLElement>('.ec-tcp-ranking [href], .ec-tcp-ranking button')).find((node) => node.textContent === 'TCP 443')!;
    expect(row, 'the rule denying CN is ranked').to.exist;
    const navigate = oneEvent(control, 'ec-navigate');
    row.click();
    expect((await navigate).detail).to.include({ route: 'cloud-speed-old-dataReport-accurateAccessControl-id' });
  });

  it('a rule\'s access control details (zh_CN, en_US); a rule out of reach reads as not found', async () => {
    const en = await fixture<HTMLElement>(html`<ec-access-control-detail lang="en-US" protocol="tcp" rule-id=${denying.id} range="3h"></ec-access-control-detail>`);
    await waitUntil(() => figures(en), 'the figures', { timeout: 10_000 });
    expect(reportText(en)).to.contain('Access control of TCP 443');
    expect(shadow(en).querySelector('[part="lists"]')!.textContent).to.contain('Denied regions: 1');
    const denied = Array.from(figures(en)!.querySelectorAll('li')).find((item) => item.textContent?.includes('Connections denied'))!;
    expect(denied.querySelector('strong')!.textContent).to.not.equal('0');
    await waitUntil(() => shadow(en).querySelectorAll('.ec-tcp-ranking tbody tr').length > 0, 'refused addresses ranked');
    await expect(en).to.be.accessible();

    const zh = await fixture<HTMLElement>(html`<ec-access-control-detail lang="zh-CN" protocol="tcp" rule-id=${denying.id}></ec-access-control-detail>`);
    await waitUntil(() => reportText(zh).includes('TCP 443 的访问控制'), 'the title', { timeout: 10_000 });
    const missing = await fixture<HTMLElement>(html`<ec-access-control-detail lang="en-US" protocol="tcp" rule-id="999999"></ec-access-control-detail>`);
    await waitUntil(() => reportText(missing).includes('This rule does not exist, or your account may not read it'), 'not found', { timeout: 10_000 });
  });
});
