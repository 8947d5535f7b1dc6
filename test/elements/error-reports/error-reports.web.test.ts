import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { createApiClient } from '../../../core/api/client.js';
import { ERROR_REPORT_PATH, flushErrorReports, type ErrorReport } from '../../../core/api/error-report.js';
import { listErrorReports } from '../../../core/api/endpoints/error-reports.js';
import { sessionToken } from '../../../core/session/session.js';
import '../../../elements/error-reports/element.js';
import { signInAsDemoChild, signInAsDemoParent } from '../../helpers/api-session.js';
import { choose, chosen, column, injectFault, press, rows, settled, shadow, typeInto, watchCalls } from '../../helpers/list-element.js';
import { toasts } from '../../helpers/websites.js';

/**
 * Reports come from the real reference server: the tests post them through the report call the console uses
 * (shell §7 error reporting), as the demo parent and the demo child, and one is the element's own failure, reported
 * by the console itself.
 */
const client = createApiClient({ base: '/api', getToken: () => sessionToken.value, getLanguage: () => 'en_US', notify: () => undefined });

const COLUMNS = { seen: 0, source: 1, kind: 2, code: 3, requestId: 4, path: 5, language: 6, version: 7 };

/** A report seen `second` seconds after 08:00 UTC on 25 November 2026 (16:00 in UTC+8). */
function report(source: string, kind: string, second: number, code?: number): ErrorReport {
  return {
    at: new Date(Date.UTC(2026, 10, 25, 8, 0, second)).toISOString(),
    source,
    kind,
    code,
    request_id: `6f1c1c9e-0000-4c8e-9a55-${String(second).padStart(12, '0')}`,
    path: '/api/V4/domain.list',
    language: second % 2 === 0 ? 'zh_CN' : 'en_US',
    console_version: '0.1.0',
  };
}

/** Posts reports as the signed-in user, as core/api/error-report.ts does. */
async function post(reports: ErrorReport[]): Promise<void> {
  await client.post(ERROR_REPORT_PATH, { errors: reports });
}

async function errorReports(markup = html`<ec-error-reports lang="en-US"></ec-error-reports>`): Promise<HTMLElement> {
  return settled(await fixture<HTMLElement>(markup));
}

function button(element: HTMLElement, text: string): HTMLButtonElement {
  const found = Array.from(shadow(element).querySelectorAll<HTMLButtonElement>('button')).find((candidate) => candidate.textContent === text);
  if (!found) throw new Error(`no button "${text}"`);
  return found;
}

function emptyText(element: HTMLElement): string {
  return shadow(element).querySelector('[part="empty-state"]')?.textContent ?? '';
}

describe('<ec-error-reports> (shell §7 error reporting, §9 paging, rules §9 log time UTC+8)', () => {
  before(async () => {
    await signInAsDemoParent();
    // More reports than the smallest page size (shell §9), so the list has a second page; the last one posted is the
    // newest, a timeout without a code.
    await post(Array.from({ length: 12 }, (_, index) => report('ec-domain-list', 'http', index, 502)));
    await post([report('ec-waf-rules', 'with-data', 20, 100044), report('ec-waf-rules', 'timeout', 21)]);
  });

  it('lists the reports from the real server, newest first: time in UTC+8, element, kind, code, request ID, path, language, version', async () => {
    const element = await errorReports();
    expect(shadow(element).querySelector('[part="table"] thead')!.textContent).to.equal(
      'Seen at (UTC+8)ElementKindCodeRequest IDAPI pathLanguageConsole version',
    );
    const [timeout, withData] = rows(element);
    // A code cell's text is its value; the request ID cell also holds its copy button's tooltip text.
    const cells = (row: HTMLTableRowElement) => Array.from(row.cells).map((cell) => (cell.querySelector('code') ?? cell).textContent);
    expect(cells(timeout!)).to.deep.equal([
      '2026-11-25 16:00:21',
      'ec-waf-rules',
      'Timed out',
      '—',
      report('', '', 21).request_id,
      '/api/V4/domain.list',
      'English',
      '0.1.0',
    ]);
    expect(cells(withData!).slice(COLUMNS.kind, COLUMNS.requestId)).to.deep.equal(['Refused with details', '100044']);
    expect(withData!.cells[COLUMNS.language]!.textContent).to.equal('Chinese (Simplified)');
  });

  it('copies a request ID with its button, named after the ID', async () => {
    const element = await errorReports();
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void written.push(text) } });
    try {
      const copy = rows(element)[0]!.cells[COLUMNS.requestId]!.querySelector<HTMLButtonElement>('button')!;
      const id = report('', '', 21).request_id!;
      expect(copy.getAttribute('aria-label')).to.equal(`Copy request ID ${id}`);
      copy.click();
      await waitUntil(() => written.length === 1, 'the ID is written to the clipboard');
      expect(written).to.deep.equal([id]);
      await waitUntil(() => toasts().includes('Copied'), 'the copy is confirmed');
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
    }
  });

  it('filters by kind: the call carries kind, back to page 1, and ec-error-reports-filtered tells the host', async () => {
    const calls = watchCalls();
    try {
      const element = await errorReports();
      shadow(element).querySelector<HTMLButtonElement>('[part="pagination"] button[aria-label="Page 2"]')!.click();
      await waitUntil(() => calls.lastQuery(/metrics\.error\.list/).get('page') === '2', 'page 2 is asked for');
      await settled(element);
      const filtered = oneEvent(element, 'ec-error-reports-filtered');
      await choose(element, 'Kind', 'HTTP error');
      expect((await filtered).detail.filter).to.deep.equal({ source: undefined, kind: 'http' });
      await waitUntil(() => calls.lastQuery(/metrics\.error\.list/).get('kind') === 'http', 'the kind is sent');
      expect(calls.lastQuery(/metrics\.error\.list/).get('page')).to.equal('1');
      await settled(element);
      expect(new Set(column(element, COLUMNS.kind))).to.deep.equal(new Set(['HTTP error']));
      await choose(element, 'Kind', 'Network error');
      await waitUntil(() => emptyText(element).includes('No reports match the filters.'), 'nothing matches');
      expect(shadow(element).querySelector('[part="toolbar"]'), 'the filters stay on the empty state').to.not.equal(null);
      await choose(element, 'Kind', 'All kinds');
      await waitUntil(() => !calls.lastQuery(/metrics\.error\.list/).has('kind'), 'no kind filter');
    } finally {
      calls.restore();
    }
  });

  it('filters by element: a typed tag (trimmed, any case) or a row\'s element', async () => {
    const calls = watchCalls();
    try {
      const element = await errorReports();
      const input = shadow(element).querySelector<HTMLInputElement>('[part="search"] input')!;
      typeInto(input, ' EC-WAF-Rules ');
      press(input, 'Enter');
      await waitUntil(() => calls.lastQuery(/metrics\.error\.list/).get('source') === 'ec-waf-rules', 'the tag is sent as stored');
      await settled(element);
      expect(column(element, COLUMNS.source)).to.deep.equal(['ec-waf-rules', 'ec-waf-rules']);

      const all = await errorReports();
      const rowButton = rows(all).find((row) => row.cells[COLUMNS.source]!.textContent === 'ec-domain-list')!.querySelector('button')!;
      expect(rowButton.getAttribute('aria-label')).to.equal("ec-domain-list: show only this element's reports");
      rowButton.click();
      await waitUntil(() => calls.lastQuery(/metrics\.error\.list/).get('source') === 'ec-domain-list', 'the row\'s element is filtered');
      await settled(all);
      expect(new Set(column(all, COLUMNS.source))).to.deep.equal(new Set(['ec-domain-list']));
      expect(shadow(all).querySelector<HTMLInputElement>('[part="search"] input')!.value, 'the filter shows it').to.equal('ec-domain-list');

      const preset = await errorReports(html`<ec-error-reports lang="en-US" source="ec-waf-rules"></ec-error-reports>`);
      expect(calls.lastQuery(/metrics\.error\.list/).get('source')).to.equal('ec-waf-rules');
      expect(rows(preset)).to.have.length(2);
    } finally {
      calls.restore();
    }
  });

  it('shell §9 paging: 10 rows by default, the next page, a larger page size; the page-size attribute', async () => {
    const calls = watchCalls();
    try {
      const element = await errorReports();
      expect(rows(element)).to.have.length(10);
      const pager = shadow(element).querySelector<HTMLElement>('[part="pagination"]')!;
      pager.querySelector<HTMLButtonElement>('button[aria-label="Next page"]')!.click();
      await waitUntil(() => calls.lastQuery(/metrics\.error\.list/).get('page') === '2', 'page 2');
      await settled(element);
      expect(rows(element).length).to.equal((await listErrorReports(client, { page: 2, per_page: 10 })).list.length);
      pager.querySelector<HTMLElement>('.p-dropdown')!.click();
      await waitUntil(() => pager.querySelector('li[role="option"][aria-label="20"]'), 'the page sizes open');
      expect(Array.from(pager.querySelectorAll('li[role="option"]')).map((item) => item.textContent)).to.deep.equal(['10', '20', '50', '100']);
      pager.querySelector<HTMLElement>('li[role="option"][aria-label="20"]')!.click();
      await waitUntil(() => calls.lastQuery(/metrics\.error\.list/).get('per_page') === '20', 'a larger page size');
      expect(calls.lastQuery(/metrics\.error\.list/).get('page')).to.equal('1');
      await settled(element);
      expect(rows(element).length).to.be.greaterThan(10);

      await errorReports(html`<ec-error-reports lang="en-US" page-size="50"></ec-error-reports>`);
      expect(calls.lastQuery(/metrics\.error\.list/).get('per_page')).to.equal('50');
    } finally {
      calls.restore();
    }
  });

  it('renders in Chinese (zh-CN) and follows the lang attribute', async () => {
    const element = await errorReports(html`<ec-error-reports lang="zh-CN"></ec-error-reports>`);
    expect(shadow(element).querySelector('[part="table"] thead')!.textContent).to.contain('发生时间（UTC+8）');
    expect(rows(element)[0]!.cells[COLUMNS.kind]!.textContent).to.equal('请求超时');
    expect(rows(element)[0]!.cells[COLUMNS.language]!.textContent).to.equal('英语');
    expect(chosen(element, '类型')).to.equal('全部类型');
    element.setAttribute('lang', 'en-US');
    await waitUntil(() => rows(element)[0]?.cells[COLUMNS.kind]!.textContent === 'Timed out', 'switches to English');
  });

  for (const lang of ['zh-CN', 'en-US']) {
    it(`is accessible in ${lang}: list, filters and the empty state (axe)`, async () => {
      const element = await errorReports(html`<ec-error-reports lang=${lang}></ec-error-reports>`);
      await expect(element).to.be.accessible();
      const empty = await errorReports(html`<ec-error-reports lang=${lang} source="ec-no-such-element"></ec-error-reports>`);
      expect(shadow(empty).querySelector('[part="empty-state"]')).to.not.equal(null);
      await expect(empty).to.be.accessible();
    });
  }

  it('shows the loading state, then the error state with a retry that recovers; the failure is itself reported', async () => {
    // Every call waits until released, so the loading state stays up long enough to be seen.
    const waiting: Array<() => void> = [];
    const release = () => waiting.splice(0).forEach((answer) => answer());
    const restore = injectFault(/metrics\.error\.list/, () => new Promise<Response>((resolve) => waiting.push(() => resolve(new Response('down', { status: 502 })))));
    let element: HTMLElement;
    try {
      element = await fixture<HTMLElement>(html`<ec-error-reports lang="en-US"></ec-error-reports>`);
      await waitUntil(() => shadow(element).querySelector('[part="loading-state"]'), 'the loading state shows');
      expect(shadow(element).querySelector('[part="loading-state"]')!.textContent).to.contain('Loading error reports');
      await waitUntil(() => waiting.length > 0, 'the list call is on its way');
      release();
      await settled(element);
      const alert = shadow(element).querySelector('[part="error-state"]')!;
      expect(alert.getAttribute('role')).to.equal('alert');
      expect(alert.textContent).to.contain('Data loading failed');
    } finally {
      restore();
    }
    // The console queued the failure for its report; sent now rather than after the report's delay.
    await flushErrorReports();
    shadow(element!).querySelector<HTMLButtonElement>('[part="error-state"] button')!.click();
    await waitUntil(() => rows(element!).length > 0, 'retry loads the reports from the real server');
    const own = rows(element!)[0]!;
    expect(own.cells[COLUMNS.source]!.textContent).to.equal('ec-error-reports');
    expect(own.cells[COLUMNS.kind]!.textContent).to.equal('HTTP error');
    expect(own.cells[COLUMNS.code]!.textContent).to.equal('502');
    expect(own.cells[COLUMNS.path]!.textContent).to.equal('/api/V4/metrics.error.list');
  });

  it('refresh shows reports that arrived since', async () => {
    const element = await errorReports();
    const before = rows(element)[0]!.cells[COLUMNS.requestId]!.querySelector('code')!.textContent;
    await post([report('ec-certificates', 'parse', 40)]);
    button(element, 'Refresh').click();
    await waitUntil(() => rows(element)[0]!.cells[COLUMNS.requestId]!.querySelector('code')!.textContent !== before, 'the new report shows');
    expect(rows(element)[0]!.cells[COLUMNS.source]!.textContent).to.equal('ec-certificates');
  });

  it('a sub-account sees only its own reports: none reported yet, then its own and never the main account\'s', async () => {
    await flushErrorReports();
    await signInAsDemoChild();
    const element = await errorReports();
    expect(emptyText(element)).to.contain('No failures reported.');
    await post([report('ec-dns-records', 'code', 50, 100200)]);
    button(element, 'Refresh').click();
    await waitUntil(() => rows(element).length > 0, 'the child\'s report shows');
    expect(column(element, COLUMNS.source)).to.deep.equal(['ec-dns-records']);
    expect(column(element, COLUMNS.kind)).to.deep.equal(['Refused (error code)']);
    expect(shadow(element).querySelector('[part="pagination"]'), 'one report needs no pager').to.equal(null);
  });
});
