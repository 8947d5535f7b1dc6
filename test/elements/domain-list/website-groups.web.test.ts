/**
 * `<ec-website-groups>` alone against the reference server (issue "Domains"; rules §3 website group: name, remark,
 * modification time; rules §5 group name 1-40): list with counts, create (with the spec's messages and the server's
 * duplicate-name refusal), rename, move websites in, delete, events, both languages, axe, error state.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/website-groups/element.js';
import { signInAsDemoParent } from '../../helpers/api-session.js';
import { column, injectFault, rows, settled, shadow } from '../../helpers/list-element.js';
import { button, field, siteInfo, typeText } from '../../helpers/websites.js';

async function groups(lang = 'en-US'): Promise<HTMLElement> {
  return settled(await fixture<HTMLElement>(html`<ec-website-groups lang=${lang}></ec-website-groups>`));
}

const dialog = (element: HTMLElement) => shadow(element).querySelector<HTMLElement>('[part="dialog"]');
const rowOf = (element: HTMLElement, name: string) => rows(element).find((row) => row.cells[0]?.textContent === name);

describe('<ec-website-groups> (rules §3, §5)', () => {
  before(async () => {
    await signInAsDemoParent();
  });

  it('lists the groups with the number of websites in each', async () => {
    const element = await groups();
    expect(column(element, 0)).to.include.members(['API', 'Production', 'Static']);
    expect(rowOf(element, 'Production')!.cells[2]!.textContent).to.equal('2');
  });

  it('creates a group: the name is required (1-40), the remark 4-32, and a taken name is refused by the server', async () => {
    const element = await groups();
    button(shadow(element), 'Create group').click();
    await waitUntil(() => dialog(element), 'the dialog');
    button(dialog(element)!, 'Save').click();
    await waitUntil(() => dialog(element)!.textContent!.includes('The group name cannot be empty'), 'name required');
    typeText(field(shadow(element), 'Group name'), 'x'.repeat(41));
    button(dialog(element)!, 'Save').click();
    await waitUntil(() => dialog(element)!.textContent!.includes('At most 40 characters'), 'name too long');
    typeText(field(shadow(element), 'Group name'), 'production');
    typeText(field(shadow(element), 'Remark'), 'abc');
    button(dialog(element)!, 'Save').click();
    await waitUntil(() => dialog(element)!.textContent!.includes('Enter 4-32 characters'), 'remark length');
    typeText(field(shadow(element), 'Remark'), 'Live sites');
    button(dialog(element)!, 'Save').click();
    await waitUntil(() => dialog(element)!.textContent!.includes('A group with this name already exists'), 'the server refuses a taken name');
    typeText(field(shadow(element), 'Group name'), 'Campaigns');
    const saved = oneEvent(element, 'ec-website-group-saved');
    button(dialog(element)!, 'Save').click();
    expect((await saved).detail.name).to.equal('Campaigns');
    await waitUntil(() => rowOf(element, 'Campaigns'), 'the new group is listed');
  });

  it('renames a group, moves websites into it with the picker, and deletes it (its websites become ungrouped)', async () => {
    const element = await groups();
    button(rowOf(element, 'Campaigns')!, 'Rename Campaigns').click();
    await waitUntil(() => dialog(element), 'the rename dialog');
    typeText(field(shadow(element), 'Group name'), 'Promotions');
    button(dialog(element)!, 'Save').click();
    await waitUntil(() => rowOf(element, 'Promotions'), 'renamed');

    button(rowOf(element, 'Promotions')!, 'Add websites to Promotions').click();
    await waitUntil(() => dialog(element)?.querySelector('[part="picker"] li'), 'the picker');
    button(dialog(element)!, 'Move 0 websites').click();
    await waitUntil(() => dialog(element)!.textContent!.includes('Please select a domain'), 'a selection is needed');
    const mobile = Array.from(dialog(element)!.querySelectorAll('[part="picker"] li')).find((li) => li.textContent?.includes('m.example.com'))!;
    mobile.querySelector<HTMLInputElement>('input')!.click();
    const assigned = oneEvent(element, 'ec-website-group-assigned');
    button(dialog(element)!, 'Move 1 website').click();
    expect((await assigned).detail.count).to.equal(1);
    await waitUntil(() => rowOf(element, 'Promotions')?.cells[2]?.textContent === '1', 'the count follows');

    button(rowOf(element, 'Promotions')!, 'Delete Promotions').click();
    await waitUntil(() => dialog(element), 'the confirmation');
    expect(dialog(element)!.textContent).to.contain('Its 1 website becomes ungrouped.');
    const deleted = oneEvent(element, 'ec-website-group-deleted');
    button(dialog(element)!, 'Delete').click();
    await deleted;
    await waitUntil(() => !rowOf(element, 'Promotions'), 'gone');
    expect((await siteInfo('m.example.com')).group_id).to.equal(null);
  });

  it('shows the error state with a retry', async () => {
    const restore = injectFault(/website\.group\.list/, () => new Response('down', { status: 502 }));
    let element: HTMLElement;
    try {
      element = await groups();
      expect(shadow(element).querySelector('[part="error-state"]')).to.exist;
    } finally {
      restore();
    }
    button(shadow(element!), 'Retry').click();
    await waitUntil(() => rows(element!).length > 0, 'recovers');
  });

  it('renders in Chinese and is accessible in both languages (axe)', async () => {
    const zh = await groups('zh-CN');
    expect(shadow(zh).textContent).to.contain('分组名称').and.contain('新建分组');
    await expect(zh).to.be.accessible();
    await expect(await groups()).to.be.accessible();
  });
});
