/**
 * The domain console's live streaming tab (shell §3 live groups push, pull, hls, tscode, storage, record, refer,
 * wblist; rules §6 plan gating `live_streaming`, flagship and above; read grants): hidden where the plan lacks it,
 * every group's bad input with its message, a save the server keeps, view-only for a read grant, zh_CN, axe.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { PLAN_CATALOGUE } from '../../../demo/server/features/plans/catalogue.js';
import { signInAsDemoParent, signInAsDemoViewer } from '../../helpers/api-session.js';
import { control, openConsoleTab, section, setPlanActions, shownIssues } from '../../helpers/domain-console.js';
import { shadow } from '../../helpers/list-element.js';
import { button, typeText } from '../../helpers/websites.js';

const tabNames = (element: HTMLElement) => Array.from(shadow(element).querySelectorAll('[role="tab"]')).map((tab) => tab.textContent?.trim());

describe('<ec-domain-console tab="live">', () => {
  before(async () => {
    await signInAsDemoParent();
  });
  after(async () => {
    await setPlanActions(PLAN_CATALOGUE.business.actions);
  });

  it('rules §6: the business plan has no live streaming: the tab is not offered', async () => {
    await setPlanActions(PLAN_CATALOGUE.business.actions);
    const element = await openConsoleTab('origin', { ready: '[role="tab"]' });
    expect(tabNames(element)).to.include('Performance');
    expect(tabNames(element)).to.not.include('Live streaming');
  });

  it('on a flagship plan every group shows; bad input gets its message; a good save is read back; axe', async () => {
    await setPlanActions(PLAN_CATALOGUE.flagship.actions);
    const element = await openConsoleTab('live');
    expect(shadow(element).querySelectorAll('[part="group"]').length).to.equal(8);

    const hls = section(element, 'HLS');
    typeText(control(hls, 'Segment length (seconds)'), '61');
    button(hls, 'Save').click();
    await waitUntil(() => shownIssues(hls).length > 0);
    expect(shownIssues(hls)).to.deep.equal(['Enter a whole number from 1 to 60']);

    const push = section(element, 'Stream push');
    control(push, 'Push authentication').click();
    typeText(control(push, 'Authentication key'), 'short');
    button(push, 'Save').click();
    await waitUntil(() => shownIssues(push).length > 0);
    expect(shownIssues(push)).to.deep.equal(['Use 6-32 letters and digits']);

    const tscode = section(element, 'Transcoding');
    for (const box of Array.from(tscode.querySelectorAll<HTMLInputElement>('input[type="checkbox"]:checked')).filter((node) => node.getAttribute('role') !== 'switch')) box.click();
    button(tscode, 'Save').click();
    await waitUntil(() => shownIssues(tscode).length > 0);
    expect(shownIssues(tscode)).to.deep.equal(['Choose at least one']);

    const wblist = section(element, 'IP black and white list');
    control(wblist, 'Enabled').click();
    typeText(control(wblist, 'IP addresses or CIDR blocks'), '10.0.0.0/8\nnot-an-ip');
    button(wblist, 'Save').click();
    await waitUntil(() => shownIssues(wblist).length > 0);
    expect(shownIssues(wblist)).to.deep.equal(['Line 2 is not valid']);
    typeText(control(wblist, 'IP addresses or CIDR blocks'), '10.0.0.0/8\n\n192.0.2.1');
    button(wblist, 'Save').click();
    await waitUntil(() => button(wblist, 'Save').disabled && shownIssues(wblist).length === 0, 'saved');

    const again = await openConsoleTab('live');
    const reread = section(again, 'IP black and white list');
    expect(control<HTMLTextAreaElement>(reread, 'IP addresses or CIDR blocks').value).to.equal('10.0.0.0/8\n192.0.2.1');
    expect(control(reread, 'Enabled').checked).to.equal(true);
    await expect(again).to.be.accessible();
  });

  it('rules §6: a read grant sees the live groups view-only', async () => {
    await setPlanActions(PLAN_CATALOGUE.flagship.actions);
    await signInAsDemoViewer();
    try {
      const element = await openConsoleTab('live');
      for (const node of Array.from(shadow(element).querySelectorAll<HTMLElement>('[part="group"]'))) {
        expect(node.querySelector('[part="readonly-notice"]')).to.not.equal(null);
        expect(node.querySelector('fieldset')!.disabled).to.equal(true);
      }
    } finally {
      await signInAsDemoParent();
    }
  });

  it('zh_CN: the groups and messages are Chinese', async () => {
    await setPlanActions(PLAN_CATALOGUE.flagship.actions);
    const element = await openConsoleTab('live', { lang: 'zh-CN' });
    const storage = section(element, '存储');
    typeText(control(storage, '存储路径'), 'live');
    button(storage, '保存').click();
    await waitUntil(() => shownIssues(storage).length > 0);
    expect(shownIssues(storage)[0]).to.match(/[\u4e00-\u9fff]/);
    await expect(element).to.be.accessible();
  });
});
