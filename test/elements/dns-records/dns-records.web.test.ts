import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import writeXlsxFile from 'write-excel-file/universal';
import { batchAddDnsDomains, listDnsDomains } from '../../../core/api/endpoints/dns.js';
import { formatDuration } from '../../../core/i18n/format.js';
import '../../../elements/dns-records/element.js';
import { sendKeys } from '@web/test-runner-commands';
import { forgetSharedReads } from '../../../core/api/shared-reads.js';
import { signInAsDemoParent, signInAsDemoViewer } from '../../helpers/api-session.js';
import { button, choose, finishedJob, injectFault, rows, settled, shadow, testClient, text, type, until } from '../../helpers/dns-elements.js';
import { hurriedTimeoutFault, QUICK_SAVE_FAULTS, stubFetch, type SaveFault } from '../../helpers/save-faults.js';
import { REQUEST_TIMEOUT_MS } from '../../../core/api/catalogue.js';

const STAMP = Date.now().toString(36);
const DOMAINS = [`wtr-rec-${STAMP}.example`, `wtr-rec2-${STAMP}.example`];

async function domainIds(): Promise<number[]> {
  const client = testClient();
  let found = await listDnsDomains(client, { domains: DOMAINS, per_page: 10 });
  if (found.total < DOMAINS.length) {
    await finishedJob((await batchAddDnsDomains(client, { domains: DOMAINS })).job.id);
    found = await listDnsDomains(client, { domains: DOMAINS, per_page: 10 });
  }
  return DOMAINS.map((name) => found.list.find((domain) => domain.domain === name)!.id);
}

/** The row being edited. */
function editor(element: HTMLElement): HTMLElement {
  return shadow(element).querySelector<HTMLElement>('.ec-dns-editing-row')!;
}

/** An input of the editor by its name. */
function field(element: HTMLElement, name: string): HTMLInputElement {
  return editor(element).querySelector<HTMLInputElement>(`input[aria-label="${name}"]`)!;
}

/** A Dropdown of the editor by its name. */
function editorDropdown(element: HTMLElement, name: string): HTMLElement {
  return editor(element).querySelector<HTMLElement>(`[aria-label="${name}"]`)!.closest<HTMLElement>('.p-dropdown')!;
}

async function recordList(id: number, lang = 'en-US'): Promise<HTMLElement> {
  return settled(await fixture<HTMLElement>(html`<ec-dns-records lang=${lang} domain-id=${id}></ec-dns-records>`));
}

async function startAdding(element: HTMLElement): Promise<void> {
  button(element, 'Add record').click();
  await until(() => editor(element), 'the editor row opens');
}

async function saveAndExpect(element: HTMLElement, message: string): Promise<void> {
  button(editor(element), 'Save').click();
  await until(() => editor(element)?.textContent?.includes(message), `"${message}"`);
}

/** Picks a file in the import panel as the user would. */
function pick(element: HTMLElement, file: File): void {
  const input = shadow(element).querySelector<HTMLInputElement>('input[type="file"]')!;
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

async function workbook(name: string, sheets: { sheet: string; data: unknown[][] }[]): Promise<File> {
  const blob = await writeXlsxFile(sheets.map((sheet) => ({ sheet: sheet.sheet, data: sheet.data as never }))).toBlob();
  return new File([blob], name, { type: blob.type });
}

const header = ['Host record', 'Record type', 'Record value', 'MX priority', 'TTL'];

async function importPage(lang = 'en-US'): Promise<HTMLElement> {
  const element = await fixture<HTMLElement>(html`<ec-dns-records lang=${lang} view="import-log"></ec-dns-records>`);
  await until(() => shadow(element).querySelector('input[type="file"]'), 'the import panel shows');
  return element;
}

async function fileProblem(element: HTMLElement): Promise<string> {
  await until(() => shadow(element).querySelector('.ec-dns-file-issue'), 'the file is refused', { timeout: 8000 });
  return shadow(element).querySelector('.ec-dns-file-issue')!.textContent!;
}

describe('<ec-dns-records> (rules §3-§5, §9 DNS; shell §2 record, batch-record-save, importLog)', () => {
  let ids: number[];
  before(async () => {
    await signInAsDemoParent();
    ids = await domainIds();
  });
  afterEach(() => sessionStorage.clear());

  it('rules §5 DNS: each record type value is checked inline, with the spec messages', async () => {
    const element = await recordList(ids[0]!);
    await startAdding(element);
    await saveAndExpect(element, 'Please enter the host record');
    await saveAndExpect(element, 'Please fill in the record IP');
    type(field(element, 'Host record'), 'www');
    const cases: Array<[string, string, string]> = [
      ['A', '::1', 'Record value format error'],
      ['AAAA', '192.0.2.1', 'Record value format error'],
      ['CNAME', 'not a host', 'Record value format error'],
      ['NS', '192.0.2.1', 'Record value format error'],
      ['TXT', 'x'.repeat(256), 'The TXT record can have at most 255 characters'],
      ['SRV', '10 5 sip.example.com', 'Record value format error'],
      ['XURL', 'ftp://x.example', 'Record value format error'],
      ['YURL', 'www.example.com', 'Record value format error'],
      ['CNAME', '', 'Please fill in the record value'],
    ];
    for (const [recordType, value, message] of cases) {
      await choose(element, editorDropdown(element, 'Record type'), recordType);
      type(field(element, 'Record value'), value);
      await saveAndExpect(element, message);
    }
  });

  it('rules §5 DNS: MX priority only for MX, default 5, range 1-50; TTL 60/600/3600, default 600', async () => {
    const element = await recordList(ids[0]!);
    await startAdding(element);
    expect(field(element, 'MX priority')).to.equal(null);
    expect(editorDropdown(element, 'TTL').textContent).to.contain(formatDuration(600, 'en_US'));
    await choose(element, editorDropdown(element, 'Record type'), 'MX');
    expect(field(element, 'MX priority').value).to.equal('5');
    type(field(element, 'Host record'), '@');
    type(field(element, 'Record value'), 'mx.example.com');
    type(field(element, 'MX priority'), '51');
    await saveAndExpect(element, 'MX priority must be from 1 to 50');
    editorDropdown(element, 'TTL').click();
    await until(() => shadow(element).querySelector('.p-dropdown-panel li'), 'the TTL options open');
    const options = Array.from(shadow(element).querySelectorAll('.p-dropdown-panel li')).map((node) => node.textContent);
    expect(options).to.deep.equal([60, 600, 3600].map((ttl) => formatDuration(ttl, 'en_US')));
    (shadow(element).querySelector('.p-dropdown-panel li') as HTMLElement).click();
  });

  it('adds, edits in place, refuses a duplicate inline, disables with confirmation and deletes selected records', async function () {
    this.timeout(30_000);
    const element = await recordList(ids[0]!);
    await startAdding(element);
    type(field(element, 'Host record'), 'web');
    type(field(element, 'Record value'), '192.0.2.80');
    const saved = oneEvent(element, 'ec-dns-record-saved');
    button(editor(element), 'Save').click();
    expect((await saved).detail.created).to.equal(true);
    await until(() => !editor(element) && rows(element).some((row) => row.textContent!.includes('192.0.2.80')), 'the record is listed');
    await startAdding(element);
    type(field(element, 'Host record'), 'WEB');
    type(field(element, 'Record value'), '192.0.2.80');
    await saveAndExpect(element, 'The same record already exists');
    expect(field(element, 'Host record').value).to.equal('WEB');
    button(editor(element), 'Cancel').click();
    await until(() => !editor(element), 'the editor closes');

    button(element, 'Edit web A').click();
    await until(() => editor(element), 'the editor opens on the row');
    type(field(element, 'Record value'), '192.0.2.81');
    button(editor(element), 'Save').click();
    await until(() => rows(element).some((row) => row.textContent!.includes('192.0.2.81')), 'the change is listed');

    button(element, 'Disable web A').click();
    await until(() => shadow(element).querySelector('.p-confirm-popup'), 'the confirmation opens');
    const changed = oneEvent(element, 'ec-dns-record-status-changed');
    (shadow(element).querySelector('.p-confirm-popup-accept') as HTMLButtonElement).click();
    expect((await changed).detail.status).to.equal('disabled');
    // The next confirmation must not be mistaken for this one while it fades out.
    await until(() => !shadow(element).querySelector('.p-confirm-popup'), 'the confirmation closes');
    await until(() => rows(element).some((row) => row.textContent!.includes('192.0.2.81') && row.textContent!.includes('Disabled')), 'disabled');

    const row = rows(element).find((candidate) => candidate.textContent!.includes('192.0.2.81'))!;
    row.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    await until(() => shadow(element).querySelector('[part="bulk-actions"]'), 'the bulk actions show');
    button(shadow(element).querySelector('[part="bulk-actions"]')!, 'Delete').click();
    await until(() => shadow(element).querySelector('.p-confirm-popup'), 'the confirmation opens');
    const deleted = oneEvent(element, 'ec-dns-record-deleted');
    (shadow(element).querySelector('.p-confirm-popup-accept') as HTMLButtonElement).click();
    expect((await deleted).detail.ids).to.have.length(1);
    await until(() => !rows(element).some((candidate) => candidate.textContent!.includes('192.0.2.81')), 'deleted');
  });

  /** Types a record, then saves it under each fault: each shows its message, keeps the row open and typed; then retries. */
  async function saveThroughFaults(faults: readonly SaveFault[], host: string): Promise<void> {
    const element = await recordList(ids[1]!);
    await startAdding(element);
    type(field(element, 'Host record'), host);
    type(field(element, 'Record value'), '192.0.2.77');
    for (const fault of faults) {
      let calls = 0;
      const restore = stubFetch(/V4\/dns\.record\.create/, (url, init) => {
        calls++;
        return fault.answer(url, init);
      });
      try {
        button(editor(element), 'Save').click();
        // Two faults in a row can show the same text: wait for this save's own call and its end, not the old message.
        await until(() => calls === 1 && !button(editor(element), 'Save').disabled, `${fault.name}: the save ran`, { timeout: 20_000 });
        const shown = () => editor(element)?.querySelector('[role="alert"]')?.textContent ?? '(no message)';
        await until(() => shown() === fault.message, `${fault.name}: "${fault.message}"`, { timeout: 20_000 }).catch(() => {
          throw new Error(`${fault.name}: shows "${shown()}", editor ${editor(element) ? 'open' : 'closed'}`);
        });
      } finally {
        restore();
      }
      expect(editor(element), `${fault.name}: the editor stays open`).to.not.equal(null);
      expect([field(element, 'Host record').value, field(element, 'Record value').value], fault.name).to.deep.equal([host, '192.0.2.77']);
    }
    const saved = oneEvent(element, 'ec-dns-record-saved');
    button(editor(element), 'Save').click();
    expect((await saved).detail.created).to.equal(true);
    await until(() => !editor(element) && rows(element).some((row) => row.textContent!.includes(host)), 'the retried save lists the record');
    expect(rows(element).filter((row) => row.textContent!.includes(host)), 'saved once, not once per retry').to.have.length(1);
  }

  it('issue 18: the record editor shows the catalogue message on HTTP 500, 503, 429, HTML, malformed JSON, abort and network failure; retry saves', async function () {
    this.timeout(30_000);
    await saveThroughFaults(QUICK_SAVE_FAULTS, `faults-${STAMP}`);
  });

  it('issue 18: the record editor shows the timeout message after the 15 s limit (shell §9) and keeps the draft; retry saves', async function () {
    this.timeout(40_000);
    // The save call's own timer is the 15 s limit; it runs at once instead of after 15 real seconds.
    const timeout = hurriedTimeoutFault(REQUEST_TIMEOUT_MS);
    try {
      await saveThroughFaults([timeout.fault], `timeout-${STAMP}`);
    } finally {
      timeout.restore();
    }
    expect(timeout.armed, 'the save call was limited to 15 s (shell §9)').to.deep.equal([15_000]);
  });

  it('a failed load shows the error state with retry (fault injection: HTTP 500 on the record list)', async () => {
    const restore = injectFault(/V4\/dns\.record\.list/, () => new Response('oops', { status: 500 }));
    let element: HTMLElement;
    try {
      element = await recordList(ids[0]!);
      expect(shadow(element).querySelector('[part="error-state"]')!.textContent).to.contain('Data loading failed');
    } finally {
      restore();
    }
    button(element, 'Retry').click();
    await settled(element, '[part="table"], [part="empty-state"]');
  });

  it('exports a BIND zone file that names the domain and its records', async () => {
    const element = await recordList(ids[0]!);
    const files: { name: string; text: Promise<string> }[] = [];
    const realClick = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      files.push({ name: this.download, text: fetch(this.href).then((answer) => answer.text()) });
    };
    try {
      const exported = oneEvent(element, 'ec-dns-records-exported');
      button(element, 'Export BIND zone').click();
      expect((await exported).detail.format).to.equal('bind');
    } finally {
      HTMLAnchorElement.prototype.click = realClick;
    }
    expect(files[0]!.name).to.equal(`${DOMAINS[0]}.zone`);
    expect(await files[0]!.text).to.contain(`$ORIGIN ${DOMAINS[0]}.`);
  });

  it('rules §5 DNS / §8: batch add records says "More than 100 lines" and checks each line, in both languages', async () => {
    for (const [lang, message, format] of [
      ['en-US', 'More than 100 lines', 'Record value format error'],
      ['zh-CN', '超过 100 行', '记录值格式错误'],
    ] as const) {
      const element = await fixture<HTMLElement>(html`<ec-dns-records lang=${lang} view="batch-add" domain-id=${ids[0]}></ec-dns-records>`);
      await until(() => shadow(element).querySelector('textarea'), 'the form shows');
      const textarea = shadow(element).querySelector('textarea')!;
      type(textarea, Array.from({ length: 101 }, (_, i) => `h${i} A 192.0.2.${i % 250}`).join('\n'));
      await until(() => text(element).includes(message), `"${message}"`);
      type(textarea, 'www A 192.0.2.1\nbad A 300.0.0.1');
      await until(() => text(element).includes(format), `"${format}"`);
      sessionStorage.clear();
    }
  });

  it('batch add records to two domains runs as one job', async () => {
    const element = await fixture<HTMLElement>(html`<ec-dns-records lang="en-US" view="batch-add" domain-id=${ids[0]}></ec-dns-records>`);
    await until(() => shadow(element).querySelector('textarea'), 'the form shows');
    type(shadow(element).querySelector('textarea')!, 'batch1 A 192.0.2.31\nbatch2 CNAME web.example.net');
    const submitted = oneEvent(element, 'ec-dns-records-submitted');
    (shadow(element).querySelector('button[type="submit"]') as HTMLButtonElement).click();
    const { jobId, records } = (await submitted).detail;
    expect(records).to.equal(2);
    expect((await finishedJob(jobId)).succeeded).to.equal(2);
  });

  it('rules §5 DNS import: xlsx up to 2MB; .xls refused with its own message; any other name is read by content (issue 18)', async () => {
    const element = await importPage();
    pick(element, new File([new Uint8Array(2_000_001)], 'big.xlsx'));
    expect(await fileProblem(element)).to.equal('Size limit exceeded (2MB)');
    pick(element, new File(['x'], 'old.xls'));
    expect(await fileProblem(element)).to.contain('Legacy .xls workbooks cannot be read');
    pick(element, new File([new Uint8Array([0x24, 0x00, 0xff, 0x10])], 'zones.csv'));
    expect(await fileProblem(element)).to.equal('File read failed');
    const zh = await importPage('zh-CN');
    pick(zh, new File([new Uint8Array(2_000_001)], 'big.xlsx'));
    expect(await fileProblem(zh)).to.equal('超出大小限制（2MB）');
  });

  it('rules §5 DNS import: at most 5 domains per upload and 200 records per domain table (read in the worker)', async () => {
    const element = await importPage();
    const sheet = (domain: string, count = 1) => ({ sheet: domain, data: [['Domain', domain], header, ...Array.from({ length: count }, (_, i) => [`h${i}`, 'A', '192.0.2.1', null, 600])] });
    pick(element, await workbook('six.xlsx', ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => sheet(`${name}.example`))));
    expect(await fileProblem(element)).to.equal('At most 5 domains per upload');
    button(element, 'Cancel').click();
    pick(element, await workbook('big.xlsx', [sheet(DOMAINS[0]!, 201)]));
    expect(await fileProblem(element)).to.equal(`At most 200 records per domain: ${DOMAINS[0]} has more`);
    expect(button(element, /^Import \d+ records?$/).disabled).to.equal(true);
  });

  it('import preview: a 2-tab workbook with one bad row shows that row with its error; the rest imports as a job', async () => {
    const element = await importPage();
    const file = await workbook('two-tabs.xlsx', [
      { sheet: 'first', data: [['Domain', DOMAINS[0]], header, ['imp1', 'A', '192.0.2.41', null, 600], ['imp2', 'A', '300.0.0.1', null, 600]] },
      { sheet: 'second', data: [['Domain', DOMAINS[1]], header, ['@', 'MX', 'mx.example.net', 10, 3600], ['txt', 'TXT', 'hello', null, 60]] },
    ]);
    pick(element, file);
    await until(() => shadow(element).querySelector('[part="preview"]'), 'the preview shows', { timeout: 8000 });
    const bad = Array.from(shadow(element).querySelectorAll('.ec-dns-row-invalid'));
    expect(bad).to.have.length(1);
    expect(bad[0]!.textContent).to.contain('imp2');
    expect(bad[0]!.textContent).to.contain('Record value: Record value format error');
    await expect(element).to.be.accessible();
    const started = oneEvent(element, 'ec-dns-import-started');
    button(element, 'Import 3 records').click();
    const { jobId, fileName } = (await started).detail;
    expect(fileName).to.equal('two-tabs.xlsx');
    await until(() => shadow(element).querySelector('[part="job-progress"]')?.textContent?.includes('Success'), 'the import job succeeds', { timeout: 8000 });
    expect((await finishedJob(jobId)).succeeded).to.equal(3);
    await until(() => text(element).includes('two-tabs.xlsx'), 'the history lists the import');
  });

  it('issue 18/19: a real zone file (any name, $TTL 86400) previews the proposed TTL marked; the summary counts imported, skipped and failed', async function () {
    this.timeout(30_000);
    const domain = DOMAINS[1]!;
    const zone = [
      `$ORIGIN ${domain}.`,
      '$TTL 86400',
      `@ IN SOA ns1.${domain}. hostmaster.${domain}. ( 2024010101 7200 900 1209600 300 )`,
      `zone-a-${STAMP} IN A 192.0.2.61`,
      `zone-t-${STAMP} IN TXT "caf\\195\\169"`,
      `zone-c-${STAMP} IN CAA 0 issue "letsencrypt.org"`,
      '',
    ].join('\n');
    const element = await importPage();
    pick(element, new File([zone], `db.${domain}`));
    await until(() => shadow(element).querySelector('[part="preview"]'), 'the preview shows', { timeout: 8000 });
    const adjusted = Array.from(shadow(element).querySelectorAll('[data-adjusted="ttl"]'));
    expect(adjusted.map((cell) => cell.textContent!.trim())).to.deep.equal(['3600', '3600']);
    expect(text(element)).to.contain('TTL 86400 is not offered; 3600 (the nearest allowed TTL) will be used');
    expect(text(element)).to.contain('café');
    const started = oneEvent(element, 'ec-dns-import-started');
    button(element, 'Import 2 records').click();
    const { jobId } = (await started).detail;
    const progress = () => shadow(element).querySelector('[part="job-progress"]')?.textContent ?? '';
    await until(() => progress().includes('Success'), 'the import job succeeds', { timeout: 8000 });
    // The CAA row never left the preview: it is counted as skipped, next to what the job wrote.
    expect(progress()).to.contain('2 of 3 succeeded, 1 skipped, 0 failed');
    expect(shadow(element).querySelector('[part="job-progress"] .pi-check-circle')).to.not.equal(null);
    await until(() => rows(element).some((row) => row.textContent!.includes(`db.${domain}`) && row.textContent!.includes('Success')), 'the history follows the job to Success');
    expect((await finishedJob(jobId)).succeeded).to.equal(2);
  });

  it('import preview: a sheet for a domain the account does not have is refused before anything is written', async () => {
    const element = await importPage('zh-CN');
    pick(element, await workbook('unknown.xlsx', [{ sheet: 'x', data: [['域名', `nobody-${STAMP}.example`], ['主机记录', '记录类型', '记录值'], ['www', 'A', '192.0.2.1']] }]));
    await until(() => text(element).includes('不在域名列表中'), 'the unknown domain is named', { timeout: 8000 });
    expect(button(element, /^导入 \d+ 条记录$/).disabled).to.equal(true);
  });

  it('is accessible in both languages (axe): records, editor, batch add, import', async function () {
    this.timeout(30_000);
    for (const lang of ['zh-CN', 'en-US']) {
      const element = await recordList(ids[0]!, lang);
      await expect(element).to.be.accessible();
      button(element, lang === 'en-US' ? 'Add record' : '添加记录').click();
      await until(() => editor(element), 'the editor row opens');
      await expect(element).to.be.accessible();
      const batch = await fixture<HTMLElement>(html`<ec-dns-records lang=${lang} view="batch-add"></ec-dns-records>`);
      await until(() => shadow(batch).querySelector('textarea'), 'the form shows');
      await expect(batch).to.be.accessible();
      const importer = await importPage(lang);
      await settled(importer);
      await expect(importer).to.be.accessible();
    }
  });

  it('rules §6; issue 19: the viewer (domain read) sees its zone\'s records read-only: no add, no row actions, no bulk select, import and batch add disabled with the reason', async () => {
    await signInAsDemoViewer();
    forgetSharedReads();
    try {
      const zone = (await listDnsDomains(testClient(), { keyword: 'legacy-brand.com', per_page: 10 })).list[0]!;
      expect(zone.editable).to.equal(false);
      for (const lang of ['en-US', 'zh-CN']) {
        const element = await recordList(zone.id, lang);
        await until(() => shadow(element).querySelector('[part="read-only-notice"]'), 'the read-only notice shows');
        expect(rows(element).length).to.be.greaterThan(0);
        for (const row of rows(element)) {
          expect(row.querySelector('input[type="checkbox"]')).to.equal(null);
          expect(row.querySelector('.ec-col-actions .ec-read-only-mark')).to.not.equal(null);
          expect(row.querySelector('.ec-col-actions button')).to.equal(null);
        }
        const denied = Array.from(shadow(element).querySelectorAll<HTMLButtonElement>('[part="actions"] .ec-denied'));
        expect(denied).to.have.length(3);
        denied[0]!.click();
        expect(shadow(element).querySelector('.ec-dns-editing-row')).to.equal(null);
        await expect(element).to.be.accessible();
        element.remove();
      }
    } finally {
      await signInAsDemoParent();
      forgetSharedReads();
    }
  });

  it('issue 19: by keyboard alone a record is edited in place and Esc leaves the editor', async () => {
    const [id] = await domainIds();
    const element = await recordList(id!);
    if (rows(element).length === 0) {
      await startAdding(element);
      type(field(element, 'Host record'), `kb-${STAMP}`);
      type(field(element, 'Record value'), '192.0.2.99');
      button(editor(element), 'Save').click();
      await until(() => !editor(element), 'the record is added');
    }
    const edit = shadow(element).querySelector<HTMLButtonElement>('.ec-col-actions button[aria-label^="Edit "]')!;
    edit.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => editor(element), 'the editor row opens');
    const host = field(element, 'Host record');
    host.focus();
    await sendKeys({ press: 'Escape' });
    await until(() => !editor(element), 'Esc closes the editor');
  });
});
