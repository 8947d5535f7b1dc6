/**
 * The regional blocking card editor (issue 22; rules §4 "regional blocking on Beijing time"; shell §3 region data with
 * the CNPR and CNHMT groups): the region tree from `V4/share_data.region` of the real reference server, groups and
 * continents chosen as a whole with their members shown as covered, the Beijing-time schedule with its time zone
 * said, issues under `schedule.start`, both languages, axe (a failed region load: region-block-faults.web.test.tsx).
 */
import { expect, waitUntil } from '@open-wc/testing';
import { errors, option, renderEditor, textField, type } from './harness.js';

const tree = (root: ShadowRoot) => root.querySelector('[part="region-tree"]');
const openAll = (root: ShadowRoot) => root.querySelectorAll('details').forEach((details) => (details.open = true));

describe('regional blocking card editor (issue 22)', () => {
  it('the tree offers continents, countries, provinces and the CNPR/CNHMT groups; a group covers its members', async () => {
    const { root, last, element } = await renderEditor('region_block');
    await waitUntil(() => tree(root), 'the region tree loads', { timeout: 10000 });
    openAll(root);
    const mainland = root.querySelector<HTMLInputElement>('[data-region="CNPR"] input')!;
    expect(root.querySelector('[data-region="CNPR"] label')!.textContent).to.contain('all mainland provinces');
    expect(root.querySelector('[data-region="CNHMT"] label')!.textContent).to.contain('the whole group');
    root.querySelector<HTMLInputElement>('[data-region="CN-GD"] input')!.click();
    expect(last().regions).to.deep.equal(['CN-GD']);
    mainland.click();
    expect(last().regions, 'the group replaces its chosen members').to.deep.equal(['CNPR']);
    await waitUntil(() => root.querySelector<HTMLInputElement>('[data-region="CN-BJ"] input')!.disabled);
    expect(root.querySelector<HTMLInputElement>('[data-region="CN-BJ"] input')!.checked).to.equal(true);
    root.querySelector<HTMLInputElement>('[data-region="US"] input')!.click();
    expect(last().regions).to.deep.equal(['CNPR', 'US']);
    root.querySelector<HTMLInputElement>('[data-region="AMERICA"] input')!.click();
    expect(last().regions).to.deep.equal(['CNPR', 'AMERICA']);
    await expect(element).to.be.accessible();
  });

  it('rules §9 Beijing time: weekdays and start/end with the time zone said; issues show under schedule.start', async () => {
    const { root, last, element } = await renderEditor('region_block', { issues: [{ field: 'schedule.start', key: 'common.format-error' }] });
    expect(root.querySelector('[part="region-schedule"]')).to.equal(null);
    option(root, 'On chosen weekdays and times', 'When the block holds').click();
    expect(last().schedule.always).to.equal(false);
    await waitUntil(() => root.querySelector('[part="region-schedule"]'));
    expect(root.querySelector('[part="region-schedule"]')!.textContent).to.contain('Beijing time (UTC+8)');
    option(root, 'Sunday', 'Weekdays').click();
    expect(last().schedule.weekdays).to.deep.equal([1, 2, 3, 4, 5, 6]);
    type(textField(root, 'Start (Beijing time)'), '09:00');
    type(textField(root, 'End (Beijing time)'), '18:30');
    expect(last().schedule).to.deep.include({ start: '09:00', end: '18:30', always: false });
    expect(errors(root)).to.deep.equal(['Format Error']);
    await expect(element).to.be.accessible();
  });

  it('mode: blocking and ban; view-only disables the tree too', async () => {
    const { root, last } = await renderEditor('region_block', { value: { mode: 'observe' } });
    option(root, 'Ban', 'Protection mode').click();
    expect(last().mode).to.equal('ban');
    const readOnly = await renderEditor('region_block', { editable: false });
    await waitUntil(() => tree(readOnly.root), 'the region tree loads', { timeout: 10000 });
    expect(readOnly.root.querySelector<HTMLInputElement>('[data-region="US"] input')!.matches(':disabled')).to.equal(true);
  });

  it('speaks Chinese (the default language)', async () => {
    const { root, element } = await renderEditor('region_block', { language: 'zh_CN', value: { schedule: { always: false, weekdays: [1], start: '09:00', end: '18:00' } } });
    expect(root.querySelector('[part="region-schedule"]')!.textContent).to.contain('北京时间（UTC+8）');
    expect(option(root, '周日', '星期')).to.exist;
    await expect(element).to.be.accessible();
  });
});
