import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { batchAddDnsDomains, listDnsDomains } from '../../../core/api/endpoints/dns.js';
import '../../../elements/dns-domains/element.js';
import { pageStorageKey } from '../../../elements/dns-domains/store.js';
import { sendKeys } from '@web/test-runner-commands';
import { forgetSharedReads } from '../../../core/api/shared-reads.js';
import { signInAsDemoChild, signInAsDemoParent, signInAsDemoViewer } from '../../helpers/api-session.js';
import { expectOneLook } from '../../helpers/one-look.js';
import { button, choose, envelope, finishedJob, injectFault, rows, settled, shadow, testClient, text, type, until } from '../../helpers/dns-elements.js';
import { QUICK_SAVE_FAULTS, stubFetch } from '../../helpers/save-faults.js';

const PREFIX = `wtr-dom-${Date.now().toString(36)}`;

/** Makes sure the account has more than one page of domains (shell §9: the pager shows past 10 rows). */
async function ensureDomains(count: number): Promise<void> {
  const client = testClient();
  const existing = await listDnsDomains(client, { keyword: PREFIX, per_page: 100 });
  if (existing.total >= count) return;
  const domains = Array.from({ length: count }, (_, i) => `${PREFIX}-${i}.example`);
  const { job } = await batchAddDnsDomains(client, { domains });
  await finishedJob(job.id);
}

async function domainList(markup = html`<ec-dns-domains lang="en-US"></ec-dns-domains>`): Promise<HTMLElement> {
  return settled(await fixture<HTMLElement>(markup));
}

describe('<ec-dns-domains> (rules §3-§5 DNS; shell §2 domainList, §6 permission)', () => {
  before(async () => {
    await signInAsDemoParent();
    await ensureDomains(22);
  });
  afterEach(() => sessionStorage.clear());

  it('rules §3 DNS: lists domains with access status, status, group and record count', async () => {
    const element = await domainList(html`<ec-dns-domains lang="en-US" page-size="100"></ec-dns-domains>`);
    // A page of 100 renders a chunk of rows per frame (FastTable): wait for the rows read below.
    await until(() => rows(element).some((row) => row.textContent!.includes('legacy-brand.com')), 'every row of the page is rendered');
    const example = rows(element).find((row) => row.textContent!.includes('example.com') && !row.textContent!.includes(PREFIX))!;
    expect(example.textContent).to.contain('Connected');
    expect(example.textContent).to.contain('Normal');
    expect(example.textContent).to.contain('Production');
    const legacy = rows(element).find((row) => row.textContent!.includes('legacy-brand.com'))!;
    expect(legacy.textContent).to.contain('Specified DNS not used');
    expect(legacy.textContent).to.contain('Disabled');
    expect(text(element)).to.contain('DNS not detected');
    expect(text(element)).to.contain('Not connected');
  });

  it('shell §2: remembers its page per instance (sessionStorage keyed by the element id)', async () => {
    const first = await domainList(html`<ec-dns-domains id="dns-a" lang="en-US"></ec-dns-domains>`);
    expect(shadow(first).querySelector('[part="pagination"]')).to.not.equal(null);
    button(first, 'Page 2').click();
    await until(() => sessionStorage.getItem(pageStorageKey('dns-a')) === 'page=2', 'page 2 is remembered');
    first.remove();
    const again = await domainList(html`<ec-dns-domains id="dns-a" lang="en-US"></ec-dns-domains>`);
    await until(() => shadow(again).querySelector('[aria-current="page"]')?.textContent === '2', 'the same instance opens on page 2');
    const other = await domainList(html`<ec-dns-domains id="dns-b" lang="en-US"></ec-dns-domains>`);
    expect(shadow(other).querySelector('[aria-current="page"]')?.textContent).to.equal('1');
    // A remembered page size comes back with its page.
    sessionStorage.setItem(pageStorageKey('dns-c'), 'page=2&size=20');
    const sized = await domainList(html`<ec-dns-domains id="dns-c" lang="en-US"></ec-dns-domains>`);
    await until(() => shadow(sized).querySelector('[aria-current="page"]')?.textContent === '2', 'page 2 of 20 rows');
    expect(rows(sized).length).to.be.at.most(20);
  });

  it('shell §2 "remembers page"; issue 19: leaving for a zone\'s records and coming back keeps page, page size, filters and search, and the address gets them back', async () => {
    const list = await domainList(html`<ec-dns-domains id="dns-back" lang="en-US"></ec-dns-domains>`);
    const searched = oneEvent(list, 'ec-view-state');
    const search = shadow(list).querySelector<HTMLInputElement>('[role="search"] input')!;
    type(search, PREFIX);
    search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    expect((await searched).detail.state).to.equal(`search=${PREFIX}`);
    await until(() => rows(list).every((row) => row.textContent!.includes(PREFIX)), 'the search applies');
    const paged = oneEvent(list, 'ec-view-state');
    button(list, 'Page 2').click();
    expect((await paged).detail.state).to.equal(`search=${PREFIX}&page=2`);
    const navigate = oneEvent(list, 'ec-navigate');
    button(list, /^Records of /).click();
    expect((await navigate).detail.route).to.equal('cloud-resolving-domainList-console-record');
    list.remove();
    // The host comes back to the list without a query: the element takes up what it remembered and reports it.
    const back = document.createElement('ec-dns-domains');
    back.id = 'dns-back';
    back.setAttribute('lang', 'en-US');
    const reported = oneEvent(back, 'ec-view-state');
    document.body.append(back);
    try {
      expect((await reported).detail.state).to.equal(`search=${PREFIX}&page=2`);
      await settled(back);
      await until(() => shadow(back).querySelector('[aria-current="page"]')?.textContent === '2', 'page 2 again');
      expect(shadow(back).querySelector<HTMLInputElement>('[role="search"] input')!.value).to.equal(PREFIX);
    } finally {
      back.remove();
    }
  });

  it('issue 19: starts from a bookmarked view (view-state) over the remembered one and reports each change with ec-view-state', async () => {
    sessionStorage.setItem(pageStorageKey('dns-url'), 'page=3');
    const element = await domainList(html`<ec-dns-domains id="dns-url" lang="en-US" view-state="status=disabled&access=bogus&size=20"></ec-dns-domains>`);
    await until(() => rows(element).length > 0 && rows(element).every((row) => row.textContent!.includes('Disabled')), 'only disabled zones');
    const chosen = (label: string) => shadow(element).getElementById(Array.from(shadow(element).querySelectorAll('label')).find((found) => found.textContent === label)!.htmlFor)!;
    expect(chosen('Status').closest('.p-dropdown')!.textContent).to.contain('Disabled');
    expect(chosen('Access status').closest('.p-dropdown')!.textContent).to.contain('All access statuses');
    expect(shadow(element).querySelector('[aria-current="page"]')?.textContent ?? '1').to.equal('1');
    const changed = oneEvent(element, 'ec-view-state');
    await choose(element, chosen('Status').closest<HTMLElement>('.p-dropdown')!, 'All statuses');
    expect((await changed).detail.state).to.equal('size=20');
    expect(sessionStorage.getItem(pageStorageKey('dns-url'))).to.equal('size=20');
  });

  it('links ask the host to navigate: records of a domain, batch add, import', async () => {
    const element = await domainList();
    const navigate = oneEvent(element, 'ec-navigate');
    button(element, /^Records of /).click();
    const detail = (await navigate).detail;
    expect(detail.route).to.equal('cloud-resolving-domainList-console-record');
    expect(detail.params?.id).to.be.a('number');
    const batch = oneEvent(element, 'ec-navigate');
    button(element, 'Batch add domains').click();
    expect((await batch).detail.route).to.equal('cloud-resolving-domainList-batch-domain-save');
  });

  it('rules §5 DNS / §8: batch add says "please enter the domain", "More than 100 lines" and marks each bad line, in both languages', async () => {
    for (const [lang, message, format, required] of [
      ['en-US', 'More than 100 lines', 'Domain format error', 'Please enter the domain'],
      ['zh-CN', '超过 100 行', '域名格式错误', '请输入域名'],
    ] as const) {
      const element = await fixture<HTMLElement>(html`<ec-dns-domains lang=${lang} view="batch-add"></ec-dns-domains>`);
      const textarea = await until(() => shadow(element).querySelector('textarea'), 'the form shows').then(() => shadow(element).querySelector('textarea')!);
      (shadow(element).querySelector('button[type="submit"]') as HTMLButtonElement).click();
      await until(() => text(element).includes(required), `"${required}"`);
      type(textarea, Array.from({ length: 101 }, (_, i) => `many-${i}.example`).join('\n'));
      await until(() => text(element).includes(message), `"${message}"`);
      type(textarea, 'ok.example\nnot_a domain');
      await until(() => text(element).includes(format), `"${format}"`);
      expect(shadow(element).querySelector('[role="alert"]')).to.equal(null);
      (shadow(element).querySelector('button[type="submit"]') as HTMLButtonElement).click();
      await until(() => textarea.getAttribute('aria-invalid') === 'true', 'the text is marked invalid');
      sessionStorage.clear();
    }
  });

  it('batch add runs as a job and shows its progress until it succeeds; the draft is kept until then', async () => {
    const element = await fixture<HTMLElement>(html`<ec-dns-domains lang="en-US" view="batch-add"></ec-dns-domains>`);
    await until(() => shadow(element).querySelector('textarea'), 'the form shows');
    const names = [`${PREFIX}-job-a.example`, `${PREFIX}-job-b.example`];
    type(shadow(element).querySelector('textarea')!, names.join('\n'));
    await until(() => sessionStorage.getItem('ec.draft.dns-domains:batch-add')?.includes('job-a'), 'the draft is saved');
    const submitted = oneEvent(element, 'ec-dns-domains-submitted');
    (shadow(element).querySelector('button[type="submit"]') as HTMLButtonElement).click();
    const { jobId, domains } = (await submitted).detail;
    expect(domains).to.deep.equal(names);
    await until(() => shadow(element).querySelector('[part="job-progress"]')?.textContent?.includes('Success'), 'the job succeeds', { timeout: 8000 });
    expect(shadow(element).querySelector('[part="job-progress"]')!.textContent).to.contain('2 of 2 succeeded');
    expect(sessionStorage.getItem('ec.draft.dns-domains:batch-add')).to.equal(null);
    const details = oneEvent(element, 'ec-navigate');
    button(element, 'View job details').click();
    expect((await details).detail.route).to.equal('cloud-resolving-jobList-detail-list');
    expect(sessionStorage.getItem('ec.dns-jobs.selected')).to.equal(String(jobId));
  });

  it('bulk select: the bulk bar counts the selection, moves the domains into a group and passes axe', async () => {
    const element = await domainList();
    const boxes = rows(element).slice(0, 2).map((row) => row.querySelector<HTMLInputElement>('input[type="checkbox"]')!);
    boxes.forEach((box) => box.click());
    await until(() => shadow(element).querySelector('[part="bulk-actions"]')?.textContent?.includes('2 domains selected'), 'two are selected');
    await expect(element).to.be.accessible();
    button(shadow(element).querySelector('[part="bulk-actions"]')!, 'Move to group').click();
    await until(() => shadow(element).querySelector('[part="dialog"]'), 'the dialog opens');
    await choose(element, shadow(element).querySelector<HTMLElement>('[part="dialog"] .p-dropdown')!, 'Staging');
    const moved = oneEvent(element, 'ec-dns-domain-moved');
    button(shadow(element).querySelector('[part="dialog"]')!, 'Move').click();
    const detail = (await moved).detail;
    expect(detail.ids).to.have.length(2);
    expect(detail.groupId).to.be.a('number');
    await until(() => rows(element).slice(0, 2).every((row) => row.textContent!.includes('Staging')), 'the rows show their group');
    expect(shadow(element).querySelector('[part="bulk-actions"]')).to.equal(null);
  });

  it('domain groups: name required and at most 40 characters, inline; create, then delete with confirmation', async () => {
    const element = await fixture<HTMLElement>(html`<ec-dns-domains lang="en-US" view="groups"></ec-dns-domains>`);
    await settled(element);
    button(element, 'Create group').click();
    await until(() => shadow(element).querySelector('[part="dialog"] input'), 'the dialog opens');
    const [name] = Array.from(shadow(element).querySelectorAll<HTMLInputElement>('[part="dialog"] input'));
    button(shadow(element).querySelector('[part="dialog"]')!, 'Save').click();
    await until(() => text(element).includes('Please enter the group name'), 'name required');
    type(name!, 'x'.repeat(41));
    await until(() => text(element).includes('At most 40 characters'), 'name too long');
    const groupName = `${PREFIX} group`;
    type(name!, groupName);
    const saved = oneEvent(element, 'ec-dns-group-saved');
    button(shadow(element).querySelector('[part="dialog"]')!, 'Save').click();
    expect((await saved).detail.created).to.equal(true);
    await until(() => rows(element).some((row) => row.textContent!.includes(groupName)), 'the group is listed');
    button(element, `Delete ${groupName}`).click();
    await until(() => shadow(element).querySelector('.p-confirm-popup'), 'the confirmation opens');
    const deleted = oneEvent(element, 'ec-dns-group-deleted');
    (shadow(element).querySelector('.p-confirm-popup-accept') as HTMLButtonElement).click();
    await deleted;
    await until(() => !rows(element).some((row) => row.textContent!.includes(groupName)), 'the group is gone');
  });

  it('issue 18 shared save pattern: the group dialog shows the catalogue message of each fault, stays open with the text, and retries', async function () {
    this.timeout(30_000);
    const element = await fixture<HTMLElement>(html`<ec-dns-domains lang="en-US" view="groups"></ec-dns-domains>`);
    await settled(element);
    button(element, 'Create group').click();
    await until(() => shadow(element).querySelector('[part="dialog"] input'), 'the dialog opens');
    const dialog = () => shadow(element).querySelector<HTMLElement>('[part="dialog"]');
    const [name, remark] = Array.from(dialog()!.querySelectorAll<HTMLInputElement>('input'));
    const groupName = `${PREFIX} faults`;
    type(name!, groupName);
    type(remark!, 'kept through every fault');
    for (const fault of QUICK_SAVE_FAULTS) {
      let calls = 0;
      const restore = stubFetch(/V4\/dns\.group\.create/, (url, init) => {
        calls++;
        return fault.answer(url, init);
      });
      try {
        button(dialog()!, 'Save').click();
        // Two faults in a row can show the same text: wait for this save's own call and its end, not the old message.
        await until(() => calls === 1 && !button(dialog()!, 'Save').disabled, `${fault.name}: the save ran`);
        await until(() => dialog()?.querySelector('[part="dialog-error"]')?.textContent === fault.message, `${fault.name}: "${fault.message}"`);
      } finally {
        restore();
      }
      expect(dialog(), `${fault.name}: the dialog stays open`).to.not.equal(null);
      expect([name!.value, remark!.value], fault.name).to.deep.equal([groupName, 'kept through every fault']);
    }
    const saved = oneEvent(element, 'ec-dns-group-saved');
    button(dialog()!, 'Save').click();
    expect((await saved).detail.created).to.equal(true);
    await until(() => !dialog(), 'the retried save closes the dialog');
    await until(() => rows(element).some((row) => row.textContent!.includes(groupName)), 'the group is listed once');
    expect(rows(element).filter((row) => row.textContent!.includes(groupName))).to.have.length(1);
  });

  it('statistics: query, domain and record totals and the records by type', async () => {
    const element = await fixture<HTMLElement>(html`<ec-dns-domains lang="en-US" view="statistics"></ec-dns-domains>`);
    await until(() => shadow(element).querySelector('[part="summary"]'), 'the statistics show', { timeout: 8000 });
    expect(shadow(element).querySelector('[part="summary"]')!.textContent).to.contain('Resolution queries');
    expect(text(element)).to.contain('Records by type');
  });

  it('shell §6: without the domainList permission the list says so instead of failing', async () => {
    const restore = injectFault(/V4\/dns\.domain\.list/, () => envelope(100403, 'You do not have permission for this operation'));
    try {
      const element = await domainList();
      expect(shadow(element).querySelector('[part="error-state"]')!.textContent).to.contain('domainList permission');
    } finally {
      restore();
    }
  });

  it('shell §6: a child sees only the domains its group may', async () => {
    await signInAsDemoChild();
    try {
      const element = await domainList(html`<ec-dns-domains lang="en-US" page-size="100"></ec-dns-domains>`);
      const names = rows(element).map((row) => row.cells[1]!.textContent!.trim());
      expect(names).to.include('example.com');
      expect(names).to.include('example.org');
      expect(names).to.not.include('example.net');
    } finally {
      await signInAsDemoParent();
    }
  });

  it('renders in Chinese and is accessible in both languages (axe)', async () => {
    const zh = await domainList(html`<ec-dns-domains lang="zh-CN"></ec-dns-domains>`);
    expect(text(zh)).to.contain('接入状态');
    expect(text(zh)).to.contain('未检测到 DNS');
    await expect(zh).to.be.accessible();
    const en = await domainList();
    await expect(en).to.be.accessible();
    for (const view of ['batch-add', 'groups']) {
      const element = await fixture<HTMLElement>(html`<ec-dns-domains lang="zh-CN" view=${view}></ec-dns-domains>`);
      await until(() => shadow(element).querySelector('form, [part="table"], [part="empty-state"]'), `${view} shows`);
      await expect(element).to.be.accessible();
    }
  });

  it('rules §6; issue 19: the viewer (domain read) sees its zone read-only: no bulk select, no row changes, add and import disabled with the reason, a notice above', async () => {
    await signInAsDemoViewer();
    forgetSharedReads();
    try {
      for (const lang of ['en-US', 'zh-CN']) {
        const element = await domainList(html`<ec-dns-domains lang=${lang}></ec-dns-domains>`);
        await until(() => shadow(element).querySelector('[part="read-only-notice"]'), 'the read-only notice shows');
        expect(rows(element).map((row) => row.cells[1]!.textContent!.trim())).to.deep.equal(['legacy-brand.com']);
        const row = rows(element)[0]!;
        expect(row.querySelector('input[type="checkbox"]')).to.equal(null);
        expect(row.querySelector('.ec-read-only-mark')).to.not.equal(null);
        expect(Array.from(row.querySelectorAll('button')).map((found) => found.textContent!.trim())).to.not.include.members(['Delete', 'Enable', '删除', '启用']);
        // The records stay reachable: reading them is allowed.
        expect(row.querySelector('.ec-col-actions a, .ec-col-actions [role="link"], .ec-col-actions button')).to.not.equal(null);
        const denied = Array.from(shadow(element).querySelectorAll<HTMLButtonElement>('[part="actions"] .ec-denied'));
        expect(denied).to.have.length(2);
        expect(denied.every((found) => found.getAttribute('aria-disabled') === 'true')).to.equal(true);
        const navigations: unknown[] = [];
        element.addEventListener('ec-navigate', (event) => navigations.push(event));
        denied[0]!.click();
        expect(navigations).to.have.length(0);
        await expect(element).to.be.accessible();
        element.remove();
      }
    } finally {
      await signInAsDemoParent();
      forgetSharedReads();
    }
  });

  it('issue 19: by keyboard alone, a zone is picked, moved into a group in the dialog (one look) and focus comes back', async () => {
    const element = await domainList();
    const box = rows(element)[0]!.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    box.focus();
    await sendKeys({ press: 'Space' });
    await until(() => shadow(element).querySelector('[part="bulk-actions"]'), 'the bulk bar shows');
    const move = button(shadow(element).querySelector('[part="bulk-actions"]')!, 'Move to group');
    move.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => shadow(element).querySelector('[part="dialog"]'), 'the dialog opens');
    const dialog = shadow(element).querySelector<HTMLElement>('[part="dialog"]')!;
    expectOneLook(dialog);
    await until(() => dialog.contains(shadow(element).activeElement), 'focus moves into the dialog');
    await sendKeys({ press: 'Escape' });
    await until(() => !shadow(element).querySelector('[part="dialog"]'), 'Esc closes the dialog');
    await until(() => shadow(element).activeElement === move, 'focus returns to the opener');
  });
});
