import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { createApiClient } from '../../../core/api/client.js';
import { listBanRecords, type BanRecord } from '../../../core/api/endpoints/bans.js';
import { sessionToken } from '../../../core/session/session.js';
import '../../../elements/ban-manager/element.js';
import { signInAsDemoParent } from '../../helpers/api-session.js';
import { choose, column, injectFault, rows, settled, shadow, typeInto, watchCalls } from '../../helpers/list-element.js';

/**
 * `<ec-ban-manager>` against the real reference server and its demo bans (rules §2 ban management, §3 ban record,
 * §4 states, §5 batch unlock, §9 date ranges and retention). Batch checks run in the real batch worker.
 */
const client = createApiClient({ base: '/api', getToken: () => sessionToken.value, getLanguage: () => 'en_US', notify: () => undefined });
const COLUMNS = { ip: 0, domain: 1, duration: 2, reason: 3, rule: 4, status: 5, bannedAt: 6, releasedAt: 7, actions: 8 };

const ips = (count: number, prefix = 10) => Array.from({ length: count }, (_, i) => `${prefix}.${i >> 16}.${(i >> 8) & 255}.${i & 255}`).join('\n');

function button(root: ParentNode, text: string): HTMLButtonElement {
  const found = Array.from(root.querySelectorAll<HTMLButtonElement>('button')).find((candidate) => candidate.textContent?.trim() === text);
  if (!found) throw new Error(`no button "${text}"`);
  return found;
}

async function openBatch(element: HTMLElement): Promise<HTMLElement> {
  const label = element.getAttribute('lang') === 'zh-CN' ? '批量解封' : 'Batch unban';
  await waitUntil(() => Array.from(shadow(element).querySelectorAll('button')).some((node) => node.textContent?.trim() === label), 'the element renders');
  button(shadow(element), label).click();
  await waitUntil(() => shadow(element).querySelector('.p-dialog textarea, .p-dialog input[type="file"]'), 'the batch dialog opens');
  return shadow(element).querySelector<HTMLElement>('.p-dialog')!;
}

const hasButton = (root: ParentNode, text: string) => Array.from(root.querySelectorAll('button')).some((node) => node.textContent?.trim() === text);

function dialogText(element: HTMLElement): string {
  return shadow(element).querySelector('.p-dialog')?.textContent ?? '';
}

/** Picks a file in the dialog's file input, as the file chooser would. */
function pickFile(dialog: HTMLElement, file: File): void {
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

function useFileSource(dialog: HTMLElement): Promise<unknown> {
  dialog.querySelectorAll<HTMLInputElement>('input[type="radio"]')[1]!.click();
  return waitUntil(() => dialog.querySelector('input[type="file"]'), 'the file input shows');
}

async function typeEntries(dialog: HTMLElement, text: string): Promise<void> {
  const area = dialog.querySelector<HTMLTextAreaElement>('textarea')!;
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
  setter.call(area, text);
  area.dispatchEvent(new Event('input', { bubbles: true }));
  await waitUntil(() => !button(dialog, 'Check').disabled, 'the check button enables');
  button(dialog, 'Check').click();
  await checked(dialog);
}

/** Waits for the worker's answer: the preview, or a refusal of the batch. The first check also starts the worker. */
function checked(dialog: HTMLElement): Promise<unknown> {
  return waitUntil(() => dialog.querySelector('[part="preview"], [role="alert"].ec-error-text'), 'the batch is checked', { timeout: 8000 });
}

const previewRows = (element: HTMLElement) =>
  Array.from(shadow(element).querySelectorAll<HTMLTableRowElement>('[part="preview-table"] tbody tr')).map((row) =>
    Array.from(row.cells).map((cell) => cell.textContent?.trim() ?? ''),
  );

describe('<ec-ban-manager> (rules §2-§5, §9 ban management)', () => {
  before(async () => {
    await signInAsDemoParent();
    sessionStorage.clear();
  });
  afterEach(() => sessionStorage.clear());

  it('overview: counts by status and the most banned IPs and domains, in both languages', async () => {
    const element = await fixture<HTMLElement>(html`<ec-ban-manager lang="en-US"></ec-ban-manager>`);
    await waitUntil(() => shadow(element).querySelector('[part="counts"]'), 'the counts show', { timeout: 15_000 });
    const counts = shadow(element).querySelector('[part="counts"]')!.textContent!;
    for (const label of ['All bans', 'Banned', 'Automatically unbanned', 'Manually unbanned']) expect(counts).to.contain(label);
    const tables = Array.from(shadow(element).querySelectorAll('[part="chart"] table caption')).map((caption) => caption.textContent);
    expect(tables).to.deep.equal(['Most banned IPs', 'Most banned domains']);
    expect(shadow(element).querySelectorAll('[part="chart"] tbody tr').length).to.be.greaterThan(1);

    const zh = await fixture<HTMLElement>(html`<ec-ban-manager lang="zh-CN"></ec-ban-manager>`);
    // A second element in another language loads that language's texts first: more time on a loaded machine.
    await waitUntil(() => shadow(zh).querySelector('[part="counts"]'), 'the Chinese counts show', { timeout: 15000 });
    expect(shadow(zh).querySelector('[part="counts"]')!.textContent).to.contain('封禁中');
    expect(shadow(zh).textContent).to.contain('封禁最多的 IP');
  });

  it('the overview asks the host for the record list', async () => {
    const element = await fixture<HTMLElement>(html`<ec-ban-manager lang="en-US"></ec-ban-manager>`);
    await waitUntil(() => shadow(element).querySelector('[part="counts"]'), 'the counts show', { timeout: 15_000 });
    setTimeout(() => button(shadow(element), 'Ban records').click());
    const event = await oneEvent(element, 'ec-navigate');
    expect(event.detail).to.deep.equal({ route: 'cloud-speed-new-safety-protection-banManage-banRecord', path: '/cloud-speed/safety-protection/banManage/banRecord' });
    // Issue 25 drill-down: a most-banned address (its row of the chart's table view) opens the records on it.
    const chart = Array.from(shadow(element).querySelectorAll('[part="chart"]')).find((figure) => figure.getAttribute('aria-label') === 'Most banned IPs')!;
    chart.querySelector<HTMLButtonElement>('[part="chart-table-toggle"]')!.click();
    await waitUntil(() => chart.querySelector('.ec-chart-row-button'), 'the table view');
    const row = chart.querySelector<HTMLButtonElement>('.ec-chart-row-button')!;
    setTimeout(() => row.click());
    const drill = (await oneEvent(element, 'ec-navigate')).detail;
    expect(drill.route).to.equal('cloud-speed-new-safety-protection-banManage-banRecord');
    expect(new URLSearchParams(drill.query).get('ip')).to.equal(row.textContent);
    expect(new URLSearchParams(drill.query).get('range')).to.equal('7d');
  });

  it('records: every rules §3 field, UTC+8 times, filters by status, IP and date range', async () => {
    const calls = watchCalls();
    try {
      const element = await settled(await fixture<HTMLElement>(html`<ec-ban-manager lang="en-US" view="records"></ec-ban-manager>`));
      const header = shadow(element).querySelector('[part="table"] thead')!.textContent!;
      for (const name of ['Source IP', 'Domain', 'Ban duration (s)', 'Reason', 'Rule ID', 'Status', 'Ban time (UTC+8)', 'Release time (UTC+8)']) {
        expect(header).to.contain(name);
      }
      expect(column(element, COLUMNS.bannedAt)[0]).to.match(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(shadow(element).textContent).to.contain('Records of unbanned IPs are kept for 180 days.');

      await choose(element, 'Status', 'Automatically unbanned');
      await settled(element);
      expect(new Set(column(element, COLUMNS.status))).to.deep.equal(new Set(['Automatically unbanned']));
      expect(calls.lastQuery(/ban\.record\.list/).get('status')).to.equal('auto_unbanned');

      await choose(element, 'Time range', 'Last 30 days');
      await settled(element);
      const query = calls.lastQuery(/ban\.record\.list/);
      expect(Date.parse(query.get('end_time')!) - Date.parse(query.get('start_time')!)).to.equal(30 * 86_400_000);

      const ip = column(element, COLUMNS.ip)[0]!;
      const search = shadow(element).querySelector<HTMLInputElement>('[part="toolbar"] input[type="search"], [part="toolbar"] .ec-search input')!;
      typeInto(search, ip);
      search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      await waitUntil(() => calls.lastQuery(/ban\.record\.list/).get('ip') === ip, 'the IP filter is sent');
      await settled(element);
      expect(new Set(column(element, COLUMNS.ip))).to.deep.equal(new Set([ip]));
    } finally {
      calls.restore();
    }
  });

  it('issue 24: each record links to the log lines that led to its ban (log retrieval, pre-filtered)', async () => {
    const element = await settled(await fixture<HTMLElement>(html`<ec-ban-manager lang="en-US" view="records"></ec-ban-manager>`));
    const row = rows(element)[0]!;
    const ip = row.cells[COLUMNS.ip]!.textContent!;
    const link = row.querySelector<HTMLElement>('[part="why-link"]')!;
    expect(link.getAttribute('aria-label')).to.contain(ip);
    setTimeout(() => link.click());
    const event = await oneEvent(element, 'ec-navigate');
    expect(event.detail.route).to.equal('cloud-speed-new-logRetrieval');
    const view = new URLSearchParams(event.detail.query);
    expect(view.get('ip')).to.equal(ip);
    expect(view.get('range')).to.equal('custom');
    expect(['cc', 'access']).to.include(view.get('type'));
    // A quarter of an hour up to a minute after the ban, in UTC+8 wall time as the retrieval page's range reads it.
    expect(Date.parse(`${view.get('to')}:00Z`) - Date.parse(`${view.get('from')}:00Z`)).to.equal(16 * 60_000);
    expect(event.detail.path).to.match(/^\/cloud-speed\/new\/logRetrieval\?type=/);
  });

  it('rules §2 immediate unlock: a banned record is unbanned after confirmation', async () => {
    const [target] = (await listBanRecords(client, { status: 'banned', per_page: 1 })).list as [BanRecord];
    const element = await settled(await fixture<HTMLElement>(html`<ec-ban-manager lang="en-US" view="records"></ec-ban-manager>`));
    await choose(element, 'Status', 'Banned');
    await settled(element);
    const row = rows(element).find((candidate) => candidate.cells[COLUMNS.ip]!.textContent === target.ip && candidate.cells[COLUMNS.domain]!.textContent === target.domain)!;
    button(row, 'Unban').click();
    await waitUntil(() => shadow(element).querySelector('.p-confirm-popup-accept'), 'the confirmation opens');
    expect(shadow(element).querySelector('.p-confirm-popup')!.textContent).to.contain(`Unban ${target.ip} on ${target.domain} now?`);
    setTimeout(() => shadow(element).querySelector<HTMLButtonElement>('.p-confirm-popup-accept')!.click());
    const event = await oneEvent(element, 'ec-bans-unbanned');
    expect(event.detail).to.deep.equal({ ids: [target.id], unbanned: 1 });
    const after = (await listBanRecords(client, { ip: target.ip, domain_id: target.domain_id, per_page: 100 })).list.find((record) => record.id === target.id)!;
    expect(after.status).to.equal('manual_unbanned');
  });

  it('rules §5: a domain is required, typed entries are checked line by line (valid, invalid with reason, duplicate)', async () => {
    const element = await fixture<HTMLElement>(html`<ec-ban-manager lang="en-US" view="records"></ec-ban-manager>`);
    const dialog = await openBatch(element);
    await typeEntries(dialog, '203.0.113.7\nexample.com\n2001:DB8:AD::15\n203.0.113.7\n10.0.0.0/33\n\n198.51.100.0/24');
    await waitUntil(() => shadow(element).querySelector('[part="preview-table"]'), 'the preview shows');
    const chips = Array.from(dialog.querySelectorAll('.ec-chip')).map((chip) => chip.textContent);
    expect(chips).to.deep.equal(['All (6)', 'Invalid (2)', 'Duplicates (1)', 'Valid (3)']);
    expect(dialog.textContent).to.contain('1 blank lines skipped');
    expect(previewRows(element)).to.deep.equal([
      ['2', 'example.com', 'Invalid', 'Incorrect IP address: enter an IPv4 or IPv6 address or a CIDR block'],
      ['5', '10.0.0.0/33', 'Invalid', 'Incorrect IP address: enter an IPv4 or IPv6 address or a CIDR block'],
    ]);
    button(dialog, 'All (6)').click();
    await waitUntil(() => previewRows(element).length === 6, 'every line shows');
    expect(previewRows(element)[3]).to.deep.equal(['4', '203.0.113.7', 'Duplicate', 'Duplicate: this entry appears on an earlier line']);

    button(dialog, 'Unban 3 entries').click();
    await waitUntil(() => dialogText(element).includes('Please select a domain'), 'the domain is required');
    await expect(element).to.be.accessible({ ignoredRules: ['aria-hidden-focus'] });
  });

  it('rules §5 / §9: at most 2000 typed IPs, with the spec message', async () => {
    const element = await fixture<HTMLElement>(html`<ec-ban-manager lang="en-US"></ec-ban-manager>`);
    const dialog = await openBatch(element);
    await typeEntries(dialog, ips(2001));
    await waitUntil(() => dialogText(element).includes('At most 2000 IPs can be entered at once (2001 entered)'), 'the typed limit message');
    expect(button(dialog, 'Unban 2,000 entries').disabled).to.equal(true);
    button(dialog, 'Invalid (1)').click();
    await waitUntil(() => previewRows(element).length === 1, 'the line past the limit shows');
    expect(previewRows(element)[0]).to.deep.equal(['2,001', '10.0.7.208', 'Invalid', 'Beyond the limit of 2000 entries']);
  });

  it('rules §5 / §9: a txt file of at most 100,000 lines; 100,001 are refused with the spec message', async () => {
    const element = await fixture<HTMLElement>(html`<ec-ban-manager lang="en-US"></ec-ban-manager>`);
    const dialog = await openBatch(element);
    await useFileSource(dialog);
    pickFile(dialog, new File([ips(100_001)], 'ips.txt', { type: 'text/plain' }));
    await waitUntil(() => dialogText(element).includes('At most 100000 IPs per file (100001 in this file)'), 'the file limit message', { timeout: 8000 });
    pickFile(dialog, new File([ips(100_000)], 'ips.txt', { type: 'text/plain' }));
    await waitUntil(() => dialogText(element).includes('Valid (100,000)'), 'a full file is accepted', { timeout: 8000 });
    expect(dialogText(element)).to.not.contain('At most 100000');
    expect(button(dialog, 'Unban 100,000 entries').disabled).to.equal(false);
    expect(shadow(element).querySelectorAll('[part="preview-table"] tbody tr').length, 'one page of the preview, never 100,000 rows').to.equal(10);
  });

  it('rules §5 / §8: txt files only, not empty', async () => {
    const element = await fixture<HTMLElement>(html`<ec-ban-manager lang="en-US"></ec-ban-manager>`);
    const dialog = await openBatch(element);
    await useFileSource(dialog);
    pickFile(dialog, new File(['1.2.3.4'], 'ips.csv', { type: 'text/csv' }));
    await waitUntil(() => dialogText(element).includes('Only txt files'), 'non-txt is refused');
    pickFile(dialog, new File([''], 'empty.txt', { type: 'text/plain' }));
    await waitUntil(() => dialogText(element).includes('Please upload a valid IP file: the file is empty'), 'an empty file is refused');
    pickFile(dialog, new File(['\n \n\r\n'], 'blank.txt', { type: 'text/plain' }));
    await waitUntil(() => dialogText(element).includes('Valid (0)'), 'the blank file is checked');
    expect(dialogText(element)).to.contain('Please upload a valid IP file: the file is empty');
  });

  it('in Chinese: the messages of rules §5 and the preview', async () => {
    const element = await fixture<HTMLElement>(html`<ec-ban-manager lang="zh-CN"></ec-ban-manager>`);
    const dialog = await openBatch(element);
    const area = dialog.querySelector<HTMLTextAreaElement>('textarea')!;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, `${ips(2001)}\nbad`);
    area.dispatchEvent(new Event('input', { bubbles: true }));
    await waitUntil(() => !button(dialog, '校验').disabled, 'the check button enables');
    button(dialog, '校验').click();
    await checked(dialog);
    await waitUntil(() => dialogText(element).includes('一次最多输入 2000 个 IP（已输入 2002 个）'), 'the Chinese limit message');
    expect(dialogText(element)).to.contain('无效（2）');
    dialog.querySelectorAll<HTMLInputElement>('input[type="radio"]')[1]!.click();
    await waitUntil(() => dialog.querySelector('input[type="file"]'), 'the file input shows');
    pickFile(dialog, new File(['1.2.3.4'], 'ips.xlsx'));
    await waitUntil(() => dialogText(element).includes('仅支持 txt 文件'), 'the Chinese txt-only message');
    // Colours are judged once nothing is fading (mid-fade, colours are blended), no toast covers the form, and the file
    // check has ended (meanwhile the form's fields are disabled, drawn at 60% opacity: a placeholder then reads #9399a1).
    await waitUntil(
      () =>
        getComputedStyle(dialog).opacity === '1' &&
        !dialog.querySelector('.p-dropdown.p-disabled') &&
        !shadow(element).querySelector('[class*="-enter-active"], [class*="-exit-active"], .p-toast-message'),
      'the dialog has finished its transition, its fields are enabled and no toast is showing',
      { timeout: 10_000 },
    );
    await expect(element).to.be.accessible({ ignoredRules: ['aria-hidden-focus'] });
  });

  it('rules §5 batch unban: sends the valid entries, shows progress and a summary, and reports the run', async () => {
    const banned = (await listBanRecords(client, { status: 'banned', per_page: 100 })).list;
    const domainId = banned[0]!.domain_id;
    const targets = [...new Set(banned.filter((record) => record.domain_id === domainId).map((record) => record.ip))].slice(0, 3);
    const element = await fixture<HTMLElement>(html`<ec-ban-manager lang="en-US" domain-id=${domainId}></ec-ban-manager>`);
    const dialog = await openBatch(element);
    await typeEntries(dialog, [...targets, '192.0.2.254', 'not-an-ip'].join('\n'));
    await waitUntil(() => dialogText(element).includes(`Unban ${targets.length + 1} entries`), 'the preview counts the valid entries');
    // Listening first, then clicking once the button is enabled: a click on a still-disabled button (a busy machine)
    // would start nothing and leave the test waiting for an event that never comes.
    const finished = oneEvent(element, 'ec-batch-unban-finished');
    const unban = button(dialog, `Unban ${targets.length + 1} entries`);
    await waitUntil(() => !unban.disabled, 'the unban button enables');
    unban.click();
    const event = await finished;
    expect(event.detail).to.deep.equal({ domain_id: domainId, entries: targets.length + 1, unbanned_entries: targets.length, released_records: event.detail.released_records, not_banned: 1 });
    expect(event.detail.released_records).to.be.at.least(targets.length);
    await waitUntil(() => shadow(element).querySelector('[part="unban-summary"]'), 'the summary shows');
    const summary = shadow(element).querySelector('[part="unban-summary"]')!.textContent!;
    expect(summary).to.contain('Entries unbanned');
    expect(summary).to.contain('Invalid lines (not sent)');
    const still = await listBanRecords(client, { status: 'banned', domain_id: domainId, per_page: 100 });
    expect(still.list.filter((record) => targets.includes(record.ip))).to.deep.equal([]);
  });

  it('a network failure pauses the run; resuming finishes it with the same chunk keys', async () => {
    const banned = (await listBanRecords(client, { status: 'banned', per_page: 100 })).list;
    const target = banned[0]!;
    const keys: string[] = [];
    let failures = 0;
    const restore = injectFault(/ban\.batch\.unban/, (_url, init) => {
      keys.push(new Headers(init?.headers).get('Idempotency-Key') ?? '');
      failures++;
      throw new TypeError('Failed to fetch');
    });
    const element = await fixture<HTMLElement>(html`<ec-ban-manager lang="en-US" domain-id=${target.domain_id}></ec-ban-manager>`);
    try {
      const dialog = await openBatch(element);
      await typeEntries(dialog, target.ip);
      await waitUntil(() => dialogText(element).includes('Unban 1 entries'), 'the preview is ready');
      // A click on a still-disabled button (the check under way on a busy machine) starts nothing: wait for it.
      await waitUntil(() => !button(dialog, 'Unban 1 entries').disabled, 'the unban button enables');
      button(dialog, 'Unban 1 entries').click();
      // Two retries come first: on a busy machine that has taken over 20 s. A click that landed while the entries were
      // being checked again starts nothing (full runs timed out here with no attempt made), so the button is clicked
      // again while no attempt has been made and it is still offered; a run in flight disables it.
      await waitUntil(
        () => {
          if (dialogText(element).includes('The connection failed after 0 of 1 entries')) return true;
          const again = Array.from(dialog.querySelectorAll<HTMLButtonElement>('button')).find((candidate) => candidate.textContent?.trim() === 'Unban 1 entries');
          if (failures === 0 && again && !again.disabled) again.click();
          return false;
        },
        'the run pauses',
        { timeout: 40_000, interval: 1000 },
      );
      expect(failures, 'the client retried the chunk twice').to.equal(3);
      expect(new Set(keys).size, 'every attempt carried the same key').to.equal(1);
    } finally {
      restore();
    }
    const calls = watchCalls();
    try {
      setTimeout(() => button(shadow(element).querySelector('.p-dialog')!, 'Resume').click());
      await oneEvent(element, 'ec-batch-unban-finished');
      expect(calls.urls.filter((url) => /ban\.batch\.unban/.test(url)).length).to.equal(1);
    } finally {
      calls.restore();
    }
  });

  it('cancel stops the run at the chunk in flight; resume sends it again with its key', async () => {
    const target = (await listBanRecords(client, { status: 'banned', per_page: 1 })).list[0]!;
    const keys: string[] = [];
    // The first attempt hangs until the run is canceled (its request is aborted); later ones reach the server.
    const restore = injectFault(/ban\.batch\.unban/, (url, init) => {
      keys.push(new Headers(init?.headers).get('Idempotency-Key') ?? '');
      if (keys.length > 1) {
        restore();
        return fetch(url, init);
      }
      return new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    });
    try {
      const element = await fixture<HTMLElement>(html`<ec-ban-manager lang="en-US" domain-id=${target.domain_id}></ec-ban-manager>`);
      const dialog = await openBatch(element);
      await typeEntries(dialog, target.ip);
      // The button is offered once the entries are checked and the domains loaded (a click before would be refused).
      await waitUntil(() => dialogText(element).includes('Unban 1 entries') && !button(dialog, 'Unban 1 entries').disabled, 'the unban button enables');
      button(dialog, 'Unban 1 entries').click();
      // The entries are checked in a worker before the first chunk goes: on two busy cores starting it can take
      // longer than the default wait.
      await waitUntil(() => hasButton(shadow(element), 'Cancel') && keys.length === 1, 'the chunk is in flight', { timeout: 20_000 });
      button(shadow(element).querySelector('.p-dialog')!, 'Cancel').click();
      await waitUntil(() => dialogText(element).includes('Canceled after 0 of 1 entries'), 'the run is canceled');
      setTimeout(() => button(shadow(element).querySelector('.p-dialog')!, 'Resume').click());
      const event = await oneEvent(element, 'ec-batch-unban-finished');
      expect(event.detail.unbanned_entries).to.equal(1);
      expect(keys.length).to.equal(2);
      expect(keys[1], 'the resumed chunk kept its key').to.equal(keys[0]);
    } finally {
      restore();
    }
  });

  it('a refusal of the list shows the error state with retry', async () => {
    const restore = injectFault(/ban\.record\.list/, () => new Response('', { status: 500 }));
    try {
      const element = await settled(await fixture<HTMLElement>(html`<ec-ban-manager lang="en-US" view="records"></ec-ban-manager>`));
      expect(shadow(element).querySelector('[part="error-state"]')!.textContent).to.contain('Ban data could not be loaded');
    } finally {
      restore();
    }
  });
});
