import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { createApiClient } from '../../../core/api/client.js';
import { listOperations, postTimeZone, type OperationLogEntry } from '../../../core/api/endpoints/platform.js';
import { formatLogTime } from '../../../core/i18n/format.js';
import { sessionToken } from '../../../core/session/session.js';
import '../../../elements/operation-log/element.js';
import { signInAsDemoChild, signInAsDemoParent } from '../../helpers/api-session.js';
import { expectOneLook } from '../../helpers/one-look.js';
import { choose, chosen, column, dialogOpened, dropdownByLabel, envelope, injectFault, press, rows, settled, shadow, typeInto, watchCalls } from '../../helpers/list-element.js';

/**
 * Entries come from the real reference server. The writes it records today are time-zone changes of the signed-in
 * user (`POST sso/V4/timezone`, area `account`, action `update-timezone`) and job cancels; the tests make time-zone
 * changes as the demo parent and the demo child.
 */
const client = createApiClient({ base: '/api', getToken: () => sessionToken.value, getLanguage: () => 'en_US', notify: () => undefined });
const ZONES = ['Europe/Berlin', 'Asia/Tokyo', 'America/New_York', 'Asia/Shanghai'];

/** Changes the signed-in user's zone `count` times, each to a zone other than the one before. */
async function changeTimeZones(count: number): Promise<void> {
  for (let index = 0; index < count; index++) await postTimeZone(client, ZONES[index % ZONES.length]!);
}

const COLUMNS = { time: 0, operator: 1, area: 2, action: 3, object: 4, ip: 5, changes: 6 };

async function operationLog(markup = html`<ec-operation-log lang="en-US"></ec-operation-log>`): Promise<HTMLElement> {
  return settled(await fixture<HTMLElement>(markup));
}

function button(element: HTMLElement, text: string): HTMLButtonElement {
  const found = Array.from(shadow(element).querySelectorAll<HTMLButtonElement>('button')).find((candidate) => candidate.textContent === text);
  if (!found) throw new Error(`no button "${text}"`);
  return found;
}

async function openChanges(element: HTMLElement, rowIndex = 0): Promise<HTMLElement> {
  rows(element)[rowIndex]!.querySelector<HTMLButtonElement>('.ec-log-view')!.click();
  await waitUntil(() => shadow(element).querySelector('.p-dialog.p-dialog-enter-done, .p-dialog'), 'the changes dialog opens');
  return shadow(element).querySelector<HTMLElement>('.p-dialog')!;
}

/** Every row is of `area`, or the empty state shows (other test files may or may not have written there). */
function expectOnlyArea(element: HTMLElement, area: string): void {
  if (rows(element).length === 0) {
    expect(shadow(element).querySelector('[part="empty-state"]')!.textContent).to.contain('No operations match the filters.');
    expect(shadow(element).querySelector('[part="toolbar"]'), 'the filters stay on the empty state').to.not.equal(null);
    return;
  }
  expect(new Set(column(element, COLUMNS.area))).to.deep.equal(new Set([area]));
}

let childUserId = 0;
let parentUserId = 0;
let parentEmail = '';

describe('<ec-operation-log> (rules §2 operation log, §9 log time UTC+8 and date ranges)', () => {
  before(async () => {
    const child = await signInAsDemoChild();
    childUserId = child.user_raw.id;
    await changeTimeZones(1);
    const parent = await signInAsDemoParent();
    parentUserId = parent.user_raw.id;
    parentEmail = parent.user_raw.email;
    // More entries than the smallest page size (shell §9), so the log has a second page.
    await changeTimeZones(12);
  });

  it('lists entries from the real server: time in UTC+8, operator, area, action, object and IP', async () => {
    const [latest] = (await listOperations(client, { per_page: 1 })).list as [OperationLogEntry];
    const element = await operationLog();
    const first = rows(element)[0]!;
    expect(first.cells[COLUMNS.time]!.textContent).to.equal(formatLogTime(latest.time));
    expect(first.cells[COLUMNS.time]!.textContent).to.match(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(first.cells[COLUMNS.operator]!.textContent).to.equal(parentEmail);
    expect(first.cells[COLUMNS.area]!.textContent).to.equal('Account');
    expect(first.cells[COLUMNS.action]!.textContent).to.equal('Change time zone');
    expect(first.cells[COLUMNS.object]!.textContent).to.equal(`${latest.object_label}ID ${latest.object_id}`);
    expect(first.cells[COLUMNS.ip]!.textContent).to.equal(latest.ip);
    expect(shadow(element).querySelector('[part="table"] thead')!.textContent).to.contain('Time (UTC+8)');
  });

  it('rules §9 "Log time": a UTC timestamp is shown as Beijing time whatever the browser zone', async () => {
    const entry: OperationLogEntry = {
      id: 1,
      time: '2026-03-09T16:30:00.000Z',
      user_id: 1,
      operator: 'admin@example.com',
      account_type: 1,
      area: 'dns',
      action: 'delete',
      object_id: '7',
      object_label: 'example.com',
      before: null,
      after: null,
      ip: '203.0.113.9',
    };
    const restore = injectFault(/oplog\.list/, () => envelope({ list: [entry], total: 1 }));
    try {
      const element = await operationLog();
      expect(column(element, COLUMNS.time)).to.deep.equal(['2026-03-10 00:30:00']);
    } finally {
      restore();
    }
  });

  it('area="dns" locks the area: the call carries area=dns and no area filter is offered', async () => {
    const calls = watchCalls();
    try {
      const element = await operationLog(html`<ec-operation-log lang="en-US" area="dns"></ec-operation-log>`);
      expect(calls.lastQuery(/oplog\.list/).get('area')).to.equal('dns');
      const filters = Array.from(element.shadowRoot!.querySelectorAll('.ec-filter label, .ec-filter .ec-filter-label')).map((label) => label.textContent);
      expect(filters).to.not.include('Area');
      expectOnlyArea(element, 'Cloud DNS');
    } finally {
      calls.restore();
    }
  });

  it('issue 19: starts from a bookmarked view (view-state) and reports filters and page with ec-view-state', async () => {
    const calls = watchCalls();
    try {
      const element = await operationLog(html`<ec-operation-log lang="en-US" view-state="action=update-timezone&range=30d&bogus=1"></ec-operation-log>`);
      await waitUntil(() => calls.lastQuery(/oplog\.list/).get('action') === 'update-timezone', 'the bookmarked action is sent');
      expect(chosen(element, 'Action')).to.equal('Change time zone');
      expect(chosen(element, 'Time range')).to.equal('Last 30 days');
      const changed = oneEvent(element, 'ec-view-state');
      await choose(element, 'Action', 'All actions');
      expect((await changed).detail.state).to.equal('range=30d', 'defaults and unknown names are left out');
      const area = oneEvent(element, 'ec-view-state');
      await choose(element, 'Area', 'Tasks');
      expect((await area).detail.state).to.equal('area=job&range=30d');
    } finally {
      calls.restore();
    }
  });

  it('filters by area and action; each change goes back to page 1 and emits ec-operation-log-filtered', async () => {
    const calls = watchCalls();
    try {
      const element = await operationLog();
      shadow(element).querySelector<HTMLButtonElement>('[part="pagination"] button[aria-label="Page 2"]')!.click();
      await waitUntil(() => calls.lastQuery(/oplog\.list/).get('page') === '2', 'page 2 is asked for');
      await settled(element);
      const filtered = oneEvent(element, 'ec-operation-log-filtered');
      await choose(element, 'Action', 'Change time zone');
      expect((await filtered).detail.filter.action).to.equal('update-timezone');
      await waitUntil(() => calls.lastQuery(/oplog\.list/).get('action') === 'update-timezone', 'the action is sent');
      expect(calls.lastQuery(/oplog\.list/).get('page')).to.equal('1');
      await settled(element);
      expect(new Set(column(element, COLUMNS.action))).to.deep.equal(new Set(['Change time zone']));
      await choose(element, 'Action', 'All actions');
      await choose(element, 'Area', 'Tasks');
      await waitUntil(() => calls.lastQuery(/oplog\.list/).get('area') === 'job', 'the area is sent');
      await settled(element);
      expectOnlyArea(element, 'Tasks');
    } finally {
      calls.restore();
    }
  });

  it('filters by operator: a row\'s operator, "Only me" and back to all (user_id)', async () => {
    const calls = watchCalls();
    try {
      const element = await operationLog(html`<ec-operation-log lang="en-US" page-size="100"></ec-operation-log>`);
      const childRow = rows(element).find((row) => row.cells[COLUMNS.operator]!.textContent === 'operator')!;
      const operatorButton = childRow.querySelector<HTMLButtonElement>('button.ec-link')!;
      expect(operatorButton.getAttribute('aria-label')).to.equal("operator: show only this operator's entries");
      operatorButton.click();
      await waitUntil(() => calls.lastQuery(/oplog\.list/).get('user_id') === String(childUserId), 'the child is filtered');
      await settled(element);
      expect(new Set(column(element, COLUMNS.operator))).to.deep.equal(new Set(['operator']));
      expect(chosen(element, 'Operator')).to.equal('operator');
      await choose(element, 'Operator', 'Only me');
      await waitUntil(() => calls.lastQuery(/oplog\.list/).get('user_id') === String(parentUserId), 'the parent is filtered');
      await settled(element);
      expect(new Set(column(element, COLUMNS.operator))).to.deep.equal(new Set([parentEmail]));
      await choose(element, 'Operator', 'All operators');
      await waitUntil(() => !calls.lastQuery(/oplog\.list/).has('user_id'), 'no operator filter');
    } finally {
      calls.restore();
    }
  });

  it('searches by object ID (object_id)', async () => {
    const calls = watchCalls();
    try {
      const element = await operationLog();
      const input = shadow(element).querySelector<HTMLInputElement>('[part="search"] input')!;
      typeInto(input, String(childUserId));
      press(input, 'Enter');
      await waitUntil(() => calls.lastQuery(/oplog\.list/).get('object_id') === String(childUserId), 'the object is searched');
      await settled(element);
      expect(new Set(column(element, COLUMNS.operator))).to.deep.equal(new Set(['operator']));
    } finally {
      calls.restore();
    }
  });

  it('rules §9 "Date ranges": 15 minutes, 3 hours, today, yesterday, 7 days, 30 days and custom', async () => {
    const calls = watchCalls();
    try {
      const element = await operationLog();
      await waitUntil(() => calls.urls.some((url) => url.includes('oplog.list')));
      const span = () => {
        const query = calls.lastQuery(/oplog\.list/);
        return Date.parse(query.get('end_time')!) - Date.parse(query.get('start_time')!);
      };
      expect(chosen(element, 'Time range'), 'the default range').to.equal('Last 7 days');
      expect(span()).to.equal(7 * 86_400_000);
      dropdownByLabel(element, 'Time range').click();
      await waitUntil(() => shadow(element).querySelector('.p-dropdown-panel'));
      const labels = Array.from(shadow(element).querySelectorAll('.p-dropdown-panel li[role="option"]')).map((item) => item.textContent);
      expect(labels).to.deep.equal(['Last 15 minutes', 'Last 3 hours', 'Today', 'Yesterday', 'Last 7 days', 'Last 30 days', 'Custom']);
      press(shadow(element).activeElement!, 'Escape');
      await waitUntil(() => !shadow(element).querySelector('.p-dropdown-panel'));

      await choose(element, 'Time range', 'Last 15 minutes');
      await waitUntil(() => span() === 15 * 60_000, 'the last 15 minutes are asked for');
      await settled(element);
      expect(rows(element).length, 'the entries made by this test run are recent').to.be.greaterThan(0);

      await choose(element, 'Time range', 'Yesterday');
      await waitUntil(() => span() === 86_400_000 - 1, 'the whole of yesterday (UTC+8) is asked for');
      const start = calls.lastQuery(/oplog\.list/).get('start_time')!;
      expect(formatLogTime(start).slice(11), 'yesterday starts at midnight UTC+8').to.equal('00:00:00');
      await settled(element);
      expect(shadow(element).querySelector('[part="empty-state"]'), 'nothing happened yesterday').to.not.equal(null);

      await choose(element, 'Time range', 'Custom');
      const from = shadow(element).querySelector<HTMLInputElement>('input[type="datetime-local"]')!;
      typeInto(from, '2099-01-01T00:00');
      await waitUntil(() => shadow(element).querySelector('[part="toolbar"] [role="alert"]'), 'a start after the end is refused');
      expect(from.getAttribute('aria-invalid')).to.equal('true');
      typeInto(from, '2020-01-01T08:00');
      await waitUntil(() => calls.lastQuery(/oplog\.list/).get('start_time') === '2020-01-01T00:00:00.000Z', 'the custom start is read as UTC+8');
      expect(shadow(element).querySelector('[part="toolbar"] [role="alert"]')).to.equal(null);
    } finally {
      calls.restore();
    }
  });

  it('shell §9 paging: 10 rows by default, page 2, a larger page size; the page-size attribute', async () => {
    const calls = watchCalls();
    try {
      const element = await operationLog();
      expect(rows(element)).to.have.length(10);
      const pager = shadow(element).querySelector<HTMLElement>('[part="pagination"]')!;
      expect(pager.getAttribute('aria-label')).to.equal('Pagination');
      pager.querySelector<HTMLButtonElement>('button[aria-label="Next page"]')!.click();
      await waitUntil(() => calls.lastQuery(/oplog\.list/).get('page') === '2', 'page 2');
      await settled(element);
      pager.querySelector<HTMLElement>('.p-dropdown')!.click();
      await waitUntil(() => pager.querySelector('li[role="option"][aria-label="20"]'), 'the page sizes open');
      expect(Array.from(pager.querySelectorAll('li[role="option"]')).map((item) => item.textContent)).to.deep.equal(['10', '20', '50', '100']);
      pager.querySelector<HTMLElement>('li[role="option"][aria-label="20"]')!.click();
      await waitUntil(() => calls.lastQuery(/oplog\.list/).get('per_page') === '20', 'a larger page size');
      expect(calls.lastQuery(/oplog\.list/).get('page')).to.equal('1');
      await settled(element);
      expect(rows(element).length).to.be.greaterThan(10);

      const fifty = await operationLog(html`<ec-operation-log lang="en-US" page-size="50"></ec-operation-log>`);
      expect(calls.lastQuery(/oplog\.list/).get('per_page')).to.equal('50');
      expect(rows(fifty).length).to.be.greaterThan(10);
    } finally {
      calls.restore();
    }
  });

  it('shows an entry\'s before/after values as a diff with the changed key highlighted', async () => {
    const [latest] = (await listOperations(client, { per_page: 1 })).list as [OperationLogEntry];
    const element = await operationLog();
    const dialog = await openChanges(element);
    expect(dialog.getAttribute('role')).to.equal('dialog');
    expect(dialog.textContent).to.contain(`Changes: ${latest.object_label}`);
    expect(dialog.textContent).to.contain('1 changed, 0 added, 0 removed');
    const changed = Array.from(dialog.querySelectorAll('tbody tr'));
    expect(changed).to.have.length(1);
    expect(changed[0]!.className).to.equal('ec-diff-changed');
    const cells = Array.from(changed[0]!.children).map((cell) => cell.textContent);
    const before = (latest.before as { timezone: string }).timezone;
    const after = (latest.after as { timezone: string }).timezone;
    // Issue 19: the field is named in words, not by its raw key.
    expect(cells).to.deep.equal(['Time zone', 'Changed', JSON.stringify(before), JSON.stringify(after)]);
    expectOneLook(dialog);
    press(shadow(element).activeElement ?? dialog, 'Escape');
    await waitUntil(() => !shadow(element).querySelector('.p-dialog'), 'Esc closes the dialog');
  });

  it('flattens nested values to dotted paths and marks added, removed and unchanged fields', async () => {
    // The server records no nested values yet (time zones only), so this entry is injected.
    const entry: OperationLogEntry = {
      id: 2,
      time: new Date().toISOString(),
      user_id: parentUserId,
      operator: parentEmail,
      account_type: 1,
      area: 'domain',
      action: 'update',
      object_id: '12',
      object_label: 'www.example.com',
      before: { origin: { servers: [{ address: '1.2.3.4', port: 80 }], timeout: 30 }, remark: 'old' },
      after: { origin: { servers: [{ address: '1.2.3.4', port: 443 }, { address: '5.6.7.8', port: 443 }], timeout: 30 } },
      ip: '203.0.113.9',
    };
    const restore = injectFault(/oplog\.list/, () => envelope({ list: [entry], total: 1 }));
    try {
      const element = await operationLog();
      const dialog = await openChanges(element);
      const table = () => Array.from(dialog.querySelectorAll('tbody tr')).map((row) => `${row.getAttribute('data-kind')} ${row.children[0]!.textContent}`);
      expect(table()).to.deep.equal([
        'changed Origin › Servers › No. 1 › Port',
        'added Origin › Servers › No. 2 › Address',
        'added Origin › Servers › No. 2 › Port',
        'removed Remark',
      ]);
      expect(dialog.textContent).to.contain('1 changed, 2 added, 1 removed');
      const toggle = Array.from(dialog.querySelectorAll('label')).find((label) => label.textContent === 'Show unchanged fields (2)')!;
      toggle.click();
      await waitUntil(() => table().length === 6, 'unchanged fields are shown on request');
      expect(table()).to.include('unchanged Origin › Timeout');
      expect(dialog.querySelector('input[type="checkbox"]:not(.p-checkbox-input)'), 'the switch is PrimeReact\'s Checkbox').to.equal(null);
      expect(getComputedStyle(dialog.querySelector('.ec-diff-added')!).backgroundColor).to.not.equal(
        getComputedStyle(dialog.querySelector('.ec-diff-unchanged')!).backgroundColor,
      );
    } finally {
      restore();
    }
  });

  it('renders in Chinese (zh-CN) and follows the lang attribute', async () => {
    const element = await operationLog(html`<ec-operation-log lang="zh-CN"></ec-operation-log>`);
    expect(rows(element)[0]!.cells[COLUMNS.action]!.textContent).to.equal('修改时区');
    expect(rows(element)[0]!.cells[COLUMNS.area]!.textContent).to.equal('账号');
    expect(shadow(element).querySelector('[part="table"] thead')!.textContent).to.contain('时间（UTC+8）');
    expect(chosen(element, '时间范围')).to.equal('最近 7 天');
    element.setAttribute('lang', 'en-US');
    await waitUntil(() => rows(element)[0]?.cells[COLUMNS.action]!.textContent === 'Change time zone', 'switches to English');
  });

  for (const lang of ['zh-CN', 'en-US']) {
    it(`is accessible in ${lang}: list, custom range and the changes dialog (axe)`, async () => {
      const element = await operationLog(html`<ec-operation-log lang=${lang}></ec-operation-log>`);
      await expect(element).to.be.accessible();
      await choose(element, lang === 'zh-CN' ? '时间范围' : 'Time range', lang === 'zh-CN' ? '自定义' : 'Custom');
      await settled(element);
      await expect(element).to.be.accessible();
      await openChanges(element);
      // The dialog's focus trap edges are focusable spans hidden from screen readers; axe accepts them only once the
      // modal is open on screen.
      await dialogOpened(element);
      await expect(element).to.be.accessible();
    });
  }

  it('shows the loading state, then the error state with a retry that recovers', async () => {
    // Every call waits until released, so the loading state stays up long enough to be seen.
    const waiting: Array<() => void> = [];
    const release = () => waiting.splice(0).forEach((answer) => answer());
    const restore = injectFault(/oplog\.list/, () => new Promise<Response>((resolve) => waiting.push(() => resolve(new Response('down', { status: 502 })))));
    let element: HTMLElement;
    try {
      element = await fixture<HTMLElement>(html`<ec-operation-log lang="en-US"></ec-operation-log>`);
      await waitUntil(() => shadow(element).querySelector('[part="loading-state"]'), 'the loading state shows');
      expect(shadow(element).querySelector('[part="loading-state"]')!.textContent).to.contain('Loading the operation log');
      await waitUntil(() => waiting.length > 0, 'the list call is on its way');
      release();
      await settled(element);
      const alert = shadow(element).querySelector('[part="error-state"]')!;
      expect(alert.getAttribute('role')).to.equal('alert');
      expect(alert.textContent).to.contain('Data loading failed');
    } finally {
      restore();
    }
    shadow(element!).querySelector<HTMLButtonElement>('[part="error-state"] button')!.click();
    await waitUntil(() => rows(element!).length > 0, 'retry loads the entries from the real server');
  });

  it('refresh brings a rolling range up to now and shows new entries', async () => {
    const element = await operationLog();
    const before = rows(element)[0]!.cells[COLUMNS.time]!.textContent;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await changeTimeZones(1);
    button(element, 'Refresh').click();
    await waitUntil(() => rows(element)[0]!.cells[COLUMNS.time]!.textContent !== before, 'the new entry shows');
  });
});
