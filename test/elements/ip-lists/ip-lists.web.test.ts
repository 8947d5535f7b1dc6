import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { createApiClient } from '../../../core/api/client.js';
import { addIpListEntries, createIpList, listIpListEntries, type IpListInfo } from '../../../core/api/endpoints/ip-lists.js';
import { sessionToken } from '../../../core/session/session.js';
import '../../../elements/ip-lists/element.js';
import { sendKeys } from '@web/test-runner-commands';
import { signInAsDemoParent, signInAsDemoViewer } from '../../helpers/api-session.js';
import { expectOneLook } from '../../helpers/one-look.js';
import { column, rows, settled, shadow, typeInto } from '../../helpers/list-element.js';

/**
 * `<ec-ip-lists>` against the real reference server (rules §3 IP list fields; rules §5 "IPv4, IPv6, CIDR; up to
 * 200,000 per list and 20,000 per uploaded CSV/TXT file"). Entry checks run in the real batch worker.
 */
const client = createApiClient({ base: '/api', getToken: () => sessionToken.value, getLanguage: () => 'en_US', notify: () => undefined });
let serial = 0;
const unique = (name: string) => `${name} ${Date.now() % 100_000}-${++serial}`;
const ips = (count: number, prefix = 10) => Array.from({ length: count }, (_, i) => `${prefix}.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);

function button(root: ParentNode, text: string): HTMLButtonElement {
  const found = Array.from(root.querySelectorAll<HTMLButtonElement>('button')).find((candidate) => candidate.textContent?.trim() === text);
  if (!found) throw new Error(`no button "${text}"`);
  return found;
}
const hasButton = (root: ParentNode, text: string) => Array.from(root.querySelectorAll('button')).some((node) => node.textContent?.trim() === text);
const dialog = (element: HTMLElement) => shadow(element).querySelector<HTMLElement>('.p-dialog')!;
const dialogText = (element: HTMLElement) => shadow(element).querySelector('.p-dialog')?.textContent ?? '';

/** The element with `list` open and its entries shown. */
async function openList(list: IpListInfo, lang = 'en-US'): Promise<HTMLElement> {
  const element = await fixture<HTMLElement>(html`<ec-ip-lists lang=${lang} list-id=${list.id}></ec-ip-lists>`);
  await waitUntil(() => shadow(element).querySelector('.ec-list-title')?.textContent === list.name, 'the list opens', { timeout: 5000 });
  return settled(element);
}

async function openAdd(element: HTMLElement, label = 'Add entries'): Promise<HTMLElement> {
  button(shadow(element), label).click();
  await waitUntil(() => shadow(element).querySelector('.p-dialog textarea'), 'the add dialog opens');
  return dialog(element);
}

async function typeEntries(element: HTMLElement, text: string, check = 'Check'): Promise<void> {
  const area = dialog(element).querySelector<HTMLTextAreaElement>('textarea')!;
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, text);
  area.dispatchEvent(new Event('input', { bubbles: true }));
  await waitUntil(() => !button(dialog(element), check).disabled, 'the check button enables');
  button(dialog(element), check).click();
  await checked(element);
}

function checked(element: HTMLElement): Promise<unknown> {
  return waitUntil(() => dialog(element).querySelector('[part="preview"], [role="alert"].ec-error-text'), 'the entries are checked', { timeout: 8000 });
}

async function pickFile(element: HTMLElement, file: File): Promise<void> {
  const radios = dialog(element).querySelectorAll<HTMLInputElement>('input[type="radio"]');
  if (!dialog(element).querySelector('input[type="file"]')) {
    radios[1]!.click();
    await waitUntil(() => dialog(element).querySelector('input[type="file"]'), 'the file input shows');
  }
  const input = dialog(element).querySelector<HTMLInputElement>('input[type="file"]')!;
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
  await checked(element);
}

describe('<ec-ip-lists> (rules §3, §5 IP lists)', () => {
  before(async () => {
    await signInAsDemoParent();
  });
  afterEach(() => sessionStorage.clear());

  it('lists name, remark, IP count and creation time; both languages; accessible', async () => {
    const element = await settled(await fixture<HTMLElement>(html`<ec-ip-lists lang="en-US"></ec-ip-lists>`));
    const header = shadow(element).querySelector('[part="table"] thead')!.textContent!;
    for (const name of ['Name', 'Remark', 'IP count', 'Creation time (UTC+8)']) expect(header).to.contain(name);
    expect(column(element, 0)).to.include.members(['Office networks', 'Known scanners']);
    const office = rows(element).find((row) => row.cells[0]!.textContent === 'Office networks')!;
    expect(office.cells[2]!.textContent).to.equal('6 / 200,000');
    expect(office.cells[3]!.textContent).to.match(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await expect(element).to.be.accessible({ ignoredRules: ['aria-hidden-focus'] });

    const zh = await settled(await fixture<HTMLElement>(html`<ec-ip-lists lang="zh-CN"></ec-ip-lists>`));
    expect(shadow(zh).querySelector('[part="table"] thead')!.textContent).to.contain('IP 数量');
    expect(hasButton(shadow(zh), '新建 IP 名单')).to.equal(true);
    await expect(zh).to.be.accessible({ ignoredRules: ['aria-hidden-focus'] });
  });

  it('creates a list: name required and at most 32 characters, remark at most 64, names unique', async () => {
    const element = await settled(await fixture<HTMLElement>(html`<ec-ip-lists lang="en-US"></ec-ip-lists>`));
    button(shadow(element), 'New IP list').click();
    await waitUntil(() => shadow(element).querySelector('.p-dialog input'), 'the form opens');
    expectOneLook(dialog(element));
    const [name, remark] = Array.from(dialog(element).querySelectorAll<HTMLInputElement>('input'));
    button(dialog(element), 'Save').click();
    await waitUntil(() => dialogText(element).includes('Please fill in'), 'the name is required');
    typeInto(name!, 'x'.repeat(33));
    typeInto(remark!, 'y'.repeat(65));
    await waitUntil(() => dialogText(element).includes('At most 32 characters') && dialogText(element).includes('At most 64 characters'), 'both lengths');
    typeInto(name!, 'Office networks');
    typeInto(remark!, '');
    button(dialog(element), 'Save').click();
    await waitUntil(() => dialogText(element).includes('An IP list with this name already exists'), 'the server refuses a taken name');
    const fresh = unique('Partners');
    typeInto(name!, fresh);
    setTimeout(() => button(dialog(element), 'Save').click());
    const event = await oneEvent(element, 'ec-ip-list-saved');
    expect([event.detail.created, event.detail.list.name, event.detail.list.entry_count]).to.deep.equal([true, fresh, 0]);
  });

  it('adds typed entries after a per-line preview (valid, invalid with reason, duplicate), and searches inside the list', async () => {
    const list = await createIpList(client, { name: unique('Typed'), remark: '' });
    const element = await openList(list);
    expect(shadow(element).querySelector('[part="empty-state"]')!.textContent).to.contain('This list has no entries yet');
    await openAdd(element);
    await typeEntries(element, '10.0.0.0/8\nbad-ip\n2001:DB8::1\n2001:db8::1\n192.0.2.7\n10.1.2.3/40');
    expect(Array.from(dialog(element).querySelectorAll('.ec-chip')).map((chip) => chip.textContent)).to.deep.equal(['All (6)', 'Invalid (2)', 'Duplicates (1)', 'Valid (3)']);
    expect(dialog(element).querySelector('[part="preview-table"] tbody')!.textContent).to.contain('Incorrect IP address');
    setTimeout(() => button(dialog(element), 'Add 3 entries').click());
    const event = await oneEvent(element, 'ec-ip-list-entries-changed');
    expect([event.detail.added, event.detail.already_listed, event.detail.list.entry_count]).to.deep.equal([3, 0, 3]);
    await waitUntil(() => rows(element).length === 3, 'the entries show');

    const search = shadow(element).querySelector<HTMLInputElement>('[part="toolbar"] input')!;
    typeInto(search, '10.20.30.40');
    search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await waitUntil(() => rows(element).length === 1, 'the covering block is found');
    expect(rows(element)[0]!.textContent).to.contain('10.0.0.0/8');
  });

  it('rules §5: uploads CSV (first column) or TXT files only, not empty, at most 20,000 entries, with the spec messages', async () => {
    const list = await createIpList(client, { name: unique('Upload'), remark: '' });
    const element = await openList(list);
    await openAdd(element);
    expectOneLook(dialog(element));
    await pickFile(element, new File(['1.2.3.4'], 'list.xlsx'));
    // Issue 19: the file is chosen with a translated button; the browser's own file input (English label) is hidden.
    const input = dialog(element).querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.hidden).to.equal(true);
    expect(hasButton(dialog(element), 'Choose a file')).to.equal(true);
    expect(dialogText(element)).to.contain('list.xlsx');
    expect(dialogText(element)).to.contain('Only csv or txt files');
    await pickFile(element, new File([''], 'empty.csv', { type: 'text/csv' }));
    expect(dialogText(element)).to.contain('Please upload a valid IP file: the file is empty');
    await pickFile(element, new File([ips(20_001).join('\n')], 'big.txt', { type: 'text/plain' }));
    expect(dialogText(element)).to.contain('At most 20000 entries per file (20001 in this file)');
    expect(button(dialog(element), 'Add 20,000 entries').disabled).to.equal(true);
    await pickFile(element, new File(['"198.51.100.1",office\n198.51.100.0/24,branch\nnot-an-ip,x\n'], 'list.csv', { type: 'text/csv' }));
    expect(dialogText(element)).to.contain('Valid (2)');
    setTimeout(() => button(dialog(element), 'Add 2 entries').click());
    const event = await oneEvent(element, 'ec-ip-list-entries-changed');
    expect(event.detail.added).to.equal(2);
    const stored = await listIpListEntries(client, { id: list.id });
    expect(stored.list.map((entry) => entry.entry)).to.deep.equal(['198.51.100.1', '198.51.100.0/24']);
  });

  it('rules §5: a list holds at most 200,000 entries; the dialog says how many more fit', async function () {
    this.timeout(60_000);
    const list = await createIpList(client, { name: unique('Full'), remark: '' });
    for (let batch = 0; batch < 10; batch++) {
      await addIpListEntries(client, { id: list.id, entries: ips(19_999, 100 + batch), source: 'file' }, { timeoutMs: 30_000 });
    }
    const element = await openList(list);
    expect(shadow(element).querySelector('.ec-list-head')!.textContent).to.contain('199,990 of at most 200,000 entries');
    await openAdd(element);
    await typeEntries(element, ips(11, 60).join('\n'));
    expect(dialogText(element)).to.contain('An IP list holds at most 200000 entries; 10 more can be added');
    expect(button(dialog(element), 'Add 11 entries').disabled).to.equal(true);
  });

  it('removes the ticked entries after a confirmation and exports the list as text', async () => {
    const list = await createIpList(client, { name: unique('Remove me'), remark: '' });
    await addIpListEntries(client, { id: list.id, entries: ['192.0.2.1', '192.0.2.2', '192.0.2.3'], source: 'typed' });
    const element = await openList(list);
    const boxes = () => Array.from(shadow(element).querySelectorAll<HTMLElement>('[part="table"] tbody input.ec-check'));
    boxes()[1]!.click();
    await waitUntil(() => hasButton(shadow(element), 'Remove 1 entry'), 'one entry is ticked');
    button(shadow(element), 'Remove 1 entry').click();
    await waitUntil(() => shadow(element).querySelector('.p-confirm-popup-accept'), 'the confirmation opens');
    expect(shadow(element).querySelector('.p-confirm-popup')!.textContent).to.contain('Remove the selected entry from this list?');
    setTimeout(() => shadow(element).querySelector<HTMLButtonElement>('.p-confirm-popup-accept')!.click());
    const event = await oneEvent(element, 'ec-ip-list-entries-changed');
    expect([event.detail.removed, event.detail.list.entry_count]).to.deep.equal([1, 2]);
    await waitUntil(() => rows(element).length === 2, 'two entries remain');

    const saved: Blob[] = [];
    const realCreate = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      saved.push(blob as Blob);
      return realCreate.call(URL, blob);
    };
    try {
      button(shadow(element), 'Export').click();
      await waitUntil(() => saved.length === 1, 'the export is offered');
      expect(await saved[0]!.text()).to.equal('192.0.2.1\n192.0.2.3\n');
    } finally {
      URL.createObjectURL = realCreate;
    }
  });

  it('deletes a list after a confirmation; in Chinese', async () => {
    const list = await createIpList(client, { name: unique('删除'), remark: '临时' });
    const element = await settled(await fixture<HTMLElement>(html`<ec-ip-lists lang="zh-CN"></ec-ip-lists>`));
    const row = rows(element).find((candidate) => candidate.cells[0]!.textContent === list.name)!;
    button(row, '删除').click();
    await waitUntil(() => shadow(element).querySelector('.p-confirm-popup-accept'), 'the confirmation opens');
    expect(shadow(element).querySelector('.p-confirm-popup')!.textContent).to.contain(`确定删除 ${list.name} 及其 0 条记录吗？`);
    setTimeout(() => shadow(element).querySelector<HTMLButtonElement>('.p-confirm-popup-accept')!.click());
    const event = await oneEvent(element, 'ec-ip-list-deleted');
    expect(event.detail).to.deep.equal({ id: list.id, name: list.name });
  });
});

describe('<ec-ip-lists> issue 19: read-only lists, the open list in the URL, keyboard', () => {
  afterEach(() => sessionStorage.clear());

  it('rules §6; issue 19: the viewer sees the lists read-only: no create, edit, delete, add or remove; the reason is given', async () => {
    await signInAsDemoViewer();
    try {
      const element = await settled(await fixture<HTMLElement>(html`<ec-ip-lists lang="en-US"></ec-ip-lists>`));
      await waitUntil(() => shadow(element).querySelector('[part="read-only-notice"]'), 'the read-only notice shows');
      expect(rows(element).length).to.be.greaterThan(0);
      for (const row of rows(element)) {
        expect(row.querySelector('.ec-read-only-mark'), 'each list is view only').to.not.equal(null);
        expect(hasButton(row, 'Edit') || hasButton(row, 'Delete')).to.equal(false);
      }
      const create = button(shadow(element), 'New IP list');
      expect(create.getAttribute('aria-disabled')).to.equal('true');
      create.click();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(shadow(element).querySelector('.p-dialog'), 'a denied create opens nothing').to.equal(null);
      await expect(element).to.be.accessible({ ignoredRules: ['aria-hidden-focus'] });

      button(rows(element)[0]!, rows(element)[0]!.cells[0]!.textContent!).click();
      await waitUntil(() => shadow(element).querySelector('.ec-list-title'), 'the list opens');
      await settled(element);
      expect(shadow(element).querySelector('input.ec-check'), 'no entry can be ticked').to.equal(null);
      expect(button(shadow(element), 'Add entries').getAttribute('aria-disabled')).to.equal('true');
      expect(hasButton(shadow(element), 'Export')).to.equal(true);

      const zh = await settled(await fixture<HTMLElement>(html`<ec-ip-lists lang="zh-CN"></ec-ip-lists>`));
      await waitUntil(() => shadow(zh).querySelector('[part="read-only-notice"]'), 'the notice shows in Chinese');
      await expect(zh).to.be.accessible({ ignoredRules: ['aria-hidden-focus'] });
    } finally {
      await signInAsDemoParent();
    }
  });

  it('issue 19: the open list, its search and page are in view-state and come back from it', async () => {
    await signInAsDemoParent();
    const list = await createIpList(client, { name: unique('Bookmarked'), remark: '' });
    await addIpListEntries(client, { id: list.id, entries: ['192.0.2.1', '198.51.100.1'], source: 'typed' });
    const element = await fixture<HTMLElement>(html`<ec-ip-lists lang="en-US" view-state=${`list=${list.id}&find=198.51&bogus=1`}></ec-ip-lists>`);
    await waitUntil(() => shadow(element).querySelector('.ec-list-title')?.textContent === list.name, 'the bookmarked list opens');
    await waitUntil(() => rows(element).length === 1, 'its bookmarked search applies');
    expect(rows(element)[0]!.textContent).to.contain('198.51.100.1');
    const back = oneEvent(element, 'ec-view-state');
    button(shadow(element), 'All IP lists').click();
    expect((await back).detail.state).to.equal('', 'the lists at their defaults leave an empty state');
    await settled(element);
    const opened = oneEvent(element, 'ec-view-state');
    button(shadow(element), list.name).click();
    expect((await opened).detail.state).to.equal(`list=${list.id}`);
  });

  it('is usable by keyboard: Tab to "New IP list", Enter opens the form, Escape closes it and focus returns', async () => {
    await signInAsDemoParent();
    const element = await settled(await fixture<HTMLElement>(html`<ec-ip-lists lang="en-US"></ec-ip-lists>`));
    const create = button(shadow(element), 'New IP list');
    shadow(element).querySelector<HTMLInputElement>('[part="toolbar"] input')!.focus();
    for (let step = 0; step < 6 && shadow(element).activeElement !== create; step++) await sendKeys({ press: 'Tab' });
    expect(shadow(element).activeElement, 'Tab reaches the create button').to.equal(create);
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(element)?.contains(shadow(element).activeElement), 'focus moves into the dialog');
    await sendKeys({ type: 'Keyboard list' });
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !shadow(element).querySelector('.p-dialog'), 'Escape closes the dialog');
    await waitUntil(() => shadow(element).activeElement === create, 'focus returns to the opener');
  });
});
