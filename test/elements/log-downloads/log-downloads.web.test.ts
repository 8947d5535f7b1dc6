import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { createApiClient } from '../../../core/api/client.js';
import { createLogDownload, listLogDownloads, saveLogTemplate, type LogDownloadTask, type LogTemplate } from '../../../core/api/endpoints/logs.js';
import { listDomainPicker } from '../../../core/api/endpoints/platform.js';
import { streamHooks } from '../../../core/api/job-stream.js';
import { sessionToken } from '../../../core/session/session.js';
import '../../../elements/log-downloads/element.js';
import { sendKeys } from '@web/test-runner-commands';
import { signInAsDemoParent, signInAsDemoViewer } from '../../helpers/api-session.js';
import { column, envelope, injectFault, rows, settled, shadow, typeInto } from '../../helpers/list-element.js';

/**
 * `<ec-log-downloads>` against the real reference server (rules §3 "Log download task", "Log template"; rules §4 only
 * completed log tasks can be downloaded; rules §5 a domain is required, only enabled templates can be associated;
 * rules §9 10 at once, kept 7 days). The test server's log store is empty, so a task completes at once with a file
 * of just the header row.
 */
/** A stand-in for EventSource (the test runner's API proxy cannot stream): the test pushes the server's job events. */
class StandInEventSource {
  static opened: StandInEventSource[] = [];
  readonly listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  readyState = 1;
  constructor(readonly url: string) {
    StandInEventSource.opened.push(this);
    setTimeout(() => this.send('ready', {}), 0);
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close(): void {
    this.readyState = 2;
  }
  send(name: string, data: unknown): void {
    for (const listener of this.listeners.get(name) ?? []) listener(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
}

const client = createApiClient({ base: '/api', getToken: () => sessionToken.value, getLanguage: () => 'en_US', notify: () => undefined });
let serial = 0;
const unique = (name: string) => `${name} ${Date.now() % 100_000}-${++serial}`;

function button(root: ParentNode, text: string): HTMLButtonElement {
  const found = Array.from(root.querySelectorAll<HTMLButtonElement>('button')).find((candidate) => candidate.textContent?.trim() === text);
  if (!found) throw new Error(`no button "${text}"`);
  return found;
}
const dialog = (element: HTMLElement) => shadow(element).querySelector<HTMLElement>('.p-dialog')!;
const dialogText = (element: HTMLElement) => shadow(element).querySelector('.p-dialog')?.textContent ?? '';
const inputLabelled = (root: ParentNode, label: string) => {
  const found = Array.from(root.querySelectorAll('label')).find((node) => node.textContent === label);
  if (!found) throw new Error(`no label "${label}"`);
  return (root as Element).querySelector<HTMLInputElement | HTMLTextAreaElement>(`#${CSS.escape(found.htmlFor)}`)!;
};

async function template(overrides: Partial<LogTemplate> = {}): Promise<LogTemplate> {
  return saveLogTemplate(client, { name: unique('Template'), group: 'Tests', log_type: 'access', fields: ['ts', 'uri', 'status'], limitation: '', enabled: true, ...overrides });
}

describe('<ec-log-downloads> (rules §3, §4, §5, §9 log downloads)', () => {
  before(async () => {
    await signInAsDemoParent();
    streamHooks.EventSource = StandInEventSource as unknown as typeof EventSource;
  });
  afterEach(() => sessionStorage.clear());

  it('rules §3 "Log template": lists name, group, type, fields, limitation and status; both languages; accessible', async () => {
    const saved = await template({ name: unique('Listed'), fields: ['ts', 'client_ip', 'status'] });
    const element = await settled(await fixture<HTMLElement>(html`<ec-log-downloads lang="en-US" view="templates"></ec-log-downloads>`));
    const header = shadow(element).querySelector('[part="table"] thead')!.textContent!;
    for (const name of ['Name', 'Group', 'Log type', 'Download fields', 'Limitation', 'Status']) expect(header).to.contain(name);
    const row = rows(element).find((candidate) => candidate.cells[0]!.textContent === saved.name)!;
    expect(row.textContent).to.contain('Time, Client IP, Status code');
    expect(row.textContent).to.contain('Enabled');
    await expect(element).to.be.accessible({ ignoredRules: ['aria-hidden-focus'] });

    const zh = await settled(await fixture<HTMLElement>(html`<ec-log-downloads lang="zh-CN" view="templates"></ec-log-downloads>`));
    expect(shadow(zh).querySelector('[part="table"] thead')!.textContent).to.contain('下载字段');
    expect(shadow(zh).textContent).to.contain('时间、客户端 IP、状态码');
    await expect(zh).to.be.accessible({ ignoredRules: ['aria-hidden-focus'] });
  });

  it('rules §3: creates a template with fields of its log type; name 4-50; the limitation error shows inline from the server', async () => {
    const element = await settled(await fixture<HTMLElement>(html`<ec-log-downloads lang="en-US" view="templates"></ec-log-downloads>`));
    button(shadow(element), 'Create template').click();
    await waitUntil(() => shadow(element).querySelector('.p-dialog input'), 'the form opens');
    const name = inputLabelled(dialog(element), 'Template name') as HTMLInputElement;
    typeInto(name, 'abc');
    button(dialog(element), 'Save').click();
    await waitUntil(() => dialogText(element).includes('Enter 4-50 characters'), 'the name length is checked');
    // WAF logs have no cache status: switching the type offers the WAF fields.
    expect(dialogText(element)).to.contain('Cache status');
    // The toolbar has a "Log type" filter too: pick the dialog's own.
    (inputLabelled(dialog(element), 'Log type') as HTMLElement).closest<HTMLElement>('.p-dropdown')!.click();
    await waitUntil(() => Array.from(shadow(element).querySelectorAll<HTMLElement>('.p-dropdown-panel li[role="option"]')).find((node) => node.textContent === 'WAF logs'), 'the types show');
    Array.from(shadow(element).querySelectorAll<HTMLElement>('.p-dropdown-panel li[role="option"]')).find((node) => node.textContent === 'WAF logs')!.click();
    await waitUntil(() => !dialogText(element).includes('Cache status') && dialogText(element).includes('Rule ID'), 'the WAF fields show');
    const fresh = unique('WAF export');
    typeInto(name, fresh);
    const limitation = inputLabelled(dialog(element), 'Limitation') as HTMLTextAreaElement;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(limitation, 'status >= ');
    limitation.dispatchEvent(new Event('input', { bubbles: true }));
    button(dialog(element), 'Save').click();
    await waitUntil(() => dialog(element).querySelector(`[id="${limitation.id}-issue"]`)?.textContent !== '', 'the server refuses the limitation under its field');
    expect(limitation.getAttribute('aria-invalid')).to.equal('true');
    expect((inputLabelled(dialog(element), 'Template name') as HTMLInputElement).value).to.equal(fresh, 'nothing typed is lost');
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(limitation, '');
    limitation.dispatchEvent(new Event('input', { bubbles: true }));
    setTimeout(() => button(dialog(element), 'Save').click());
    const event = await oneEvent(element, 'ec-log-template-saved');
    expect([event.detail.created, event.detail.template.name, event.detail.template.log_type]).to.deep.equal([true, fresh, 'waf']);
  });

  it('rules §5 "A template must be enabled to be associated": disable and enable from the list; delete', async () => {
    const saved = await template({ name: unique('Toggle') });
    const element = await settled(await fixture<HTMLElement>(html`<ec-log-downloads lang="en-US" view="templates"></ec-log-downloads>`));
    const rowOf = () => rows(element).find((candidate) => candidate.cells[0]!.textContent === saved.name)!;
    setTimeout(() => button(rowOf(), 'Disable').click());
    const off = await oneEvent(element, 'ec-log-template-saved');
    expect(off.detail.template.enabled).to.equal(false);
    await waitUntil(() => rowOf()?.textContent?.includes('Disabled'), 'the row shows disabled');
    const refused = await createLogDownload(client, { name: 'Disabled template', template_id: saved.id, domain_ids: [1], from: new Date(Date.now() - 3600_000).toISOString(), to: new Date().toISOString(), file_type: 'csv', language: 'en_US' }).catch((error: unknown) => error);
    expect((refused as { data: { errors: unknown[] } }).data.errors).to.deep.equal([{ field: 'template_id', key: 'accounts.template-not-enabled' }]);
    button(rowOf(), 'Delete').click();
    await waitUntil(() => shadow(element).querySelector('.p-confirm-popup, [role="alertdialog"]'), 'the confirmation opens');
    const confirm = Array.from(shadow(element).querySelectorAll<HTMLButtonElement>('[role="alertdialog"] button, .p-confirm-popup button')).find((node) => node.textContent?.trim() === 'Delete')!;
    setTimeout(() => confirm.click());
    const deleted = await oneEvent(element, 'ec-log-template-deleted');
    expect(deleted.detail.name).to.equal(saved.name);
  });

  it('rules §3 "Log download task": the form offers enabled templates only and requires a domain; the task completes live and its file downloads', async () => {
    const enabled = await template({ name: unique('Usable') });
    const disabled = await template({ name: unique('Unusable'), enabled: false });
    const element = await settled(await fixture<HTMLElement>(html`<ec-log-downloads lang="en-US"></ec-log-downloads>`));
    expect(shadow(element).textContent).to.contain('Only completed tasks can be downloaded.');
    const create = button(shadow(element), 'Create download task');
    create.focus();
    create.click();
    await waitUntil(() => dialog(element)?.querySelector('input'), 'the form opens');
    const templateDropdown = dialog(element).querySelector<HTMLElement>('.p-dropdown')!;
    templateDropdown.click();
    await waitUntil(() => shadow(element).querySelector('.p-dropdown-panel li[role="option"]'), 'the templates show');
    const offered = Array.from(shadow(element).querySelectorAll('.p-dropdown-panel li[role="option"]')).map((node) => node.textContent);
    expect(offered).to.include(`${enabled.name} (Access logs)`);
    expect(offered.some((text) => text?.startsWith(disabled.name))).to.equal(false, 'a disabled template is not offered');
    Array.from(shadow(element).querySelectorAll<HTMLElement>('.p-dropdown-panel li[role="option"]')).find((node) => node.textContent === `${enabled.name} (Access logs)`)!.click();
    await waitUntil(() => !shadow(element).querySelector('.p-dropdown-panel'), 'the dropdown closes');
    const name = unique('Hourly');
    typeInto(inputLabelled(dialog(element), 'Task name') as HTMLInputElement, name);
    button(dialog(element), 'Create').click();
    await waitUntil(() => dialogText(element).includes('Log download needs a domain: choose at least one'), 'rules §5: a domain is required');
    const [first] = (await listDomainPicker(client)).list;
    const box = Array.from(dialog(element).querySelectorAll('label')).find((label) => label.textContent === first!.domain)!;
    (dialog(element).querySelector<HTMLInputElement>(`#${CSS.escape(box.htmlFor)}`) ?? box).click();
    await waitUntil(() => !dialogText(element).includes('Log download needs a domain'), 'the domain is chosen');
    setTimeout(() => button(dialog(element), 'Create').click());
    const created = await oneEvent(element, 'ec-log-download-created');
    expect(created.detail.job.type).to.equal('logs.download');
    // The server finishes the task (an empty store: a header-only file); the stream's event updates the list.
    const rowOf = () => rows(element).find((candidate) => candidate.cells[0]!.textContent === name);
    let finished: LogDownloadTask | undefined;
    await waitUntil(async () => {
      finished = (await listLogDownloads(client, { keyword: name })).list.find((task) => task.state === 'complete');
      return finished;
    }, 'the server completes the task', { timeout: 8000 });
    const { downloadable: _downloadable, ...job } = finished!;
    for (const source of StandInEventSource.opened) source.send('job', job);
    await waitUntil(() => rowOf()?.textContent?.includes('Complete'), 'the stream event brings the final state', { timeout: 5000 });
    await waitUntil(() => rowOf() && Array.from(rowOf()!.querySelectorAll('button')).some((node) => node.textContent?.trim() === 'Download'), 'a completed task can be downloaded');
    expect(column(element, 1)).to.include(enabled.name);
    await expect(element).to.be.accessible({ ignoredRules: ['aria-hidden-focus'] });

    // The download goes through the API client (session header) and is saved under the task's file name.
    const realClick = HTMLAnchorElement.prototype.click;
    let saved: { name: string; href: string } | null = null;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved = { name: this.download, href: this.href };
    };
    try {
      button(rowOf()!, 'Download').click();
      await waitUntil(() => saved, 'the file is saved');
    } finally {
      HTMLAnchorElement.prototype.click = realClick;
    }
    expect(saved!.name).to.equal(`${name}.csv.gz`);
    expect(saved!.href.startsWith('blob:')).to.equal(true);
    const blob = await client.download(`V4/logs.download.file?id=${created.detail.job.id}`);
    const bytes = await new Response(blob.stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
    // Decoded keeping the byte order mark, which Excel needs to read the file as UTF-8.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text).to.equal('\uFEFFTime,URL path,Status code\r\n');

    setTimeout(() => {
      button(rowOf()!, 'Delete').click();
      setTimeout(async () => {
        await waitUntil(() => shadow(element).querySelector('[role="alertdialog"], .p-confirm-popup'));
        Array.from(shadow(element).querySelectorAll<HTMLButtonElement>('[role="alertdialog"] button, .p-confirm-popup button')).find((node) => node.textContent?.trim() === 'Delete')!.click();
      });
    });
    const deleted = await oneEvent(element, 'ec-log-download-deleted');
    expect(deleted.detail.ids).to.deep.equal([created.detail.job.id]);
    const left = await listLogDownloads(client, { keyword: name });
    expect(left.total).to.equal(0);
  });

  it('rules §4 "Only completed log tasks can be downloaded": a running task shows its progress and why it cannot be downloaded yet', async () => {
    const now = new Date().toISOString();
    const running = {
      id: 990_001,
      type: 'logs.download',
      state: 'in_progress',
      progress: 40,
      params: { name: 'Running task', template_id: 1, template_name: 'Some template', log_type: 'waf', domain_ids: [1, 2], domains: ['www.example.com', 'shop.example.com'], from: now, to: now, file_type: 'json', language: 'zh_CN' },
      result: null,
      reason: '',
      operator: 'demo',
      created_at: now,
      updated_at: now,
      started_at: now,
      finished_at: null,
      downloadable: false,
    };
    // The server's answer while a task runs; tasks on the reference server finish too fast to catch one running.
    const restore = injectFault(/logs\.download\.list/, () => envelope({ list: [running], total: 1 }));
    try {
      const element = await settled(await fixture<HTMLElement>(html`<ec-log-downloads lang="en-US"></ec-log-downloads>`));
      const row = rows(element)[0]!;
      expect(row.textContent).to.contain('In progress');
      expect(row.querySelector('progress')!.value).to.equal(40);
      expect(row.textContent).to.contain('www.example.com and 1 more');
      expect(row.textContent).to.contain('JSON, Chinese header');
      expect(row.textContent).to.contain('Not downloadable');
      expect(row.querySelector('.ec-not-downloadable')!.getAttribute('data-ec-tip')).to.contain('only completed tasks can be downloaded');
      expect(Array.from(row.querySelectorAll('button')).map((node) => node.textContent?.trim()).filter(Boolean)).to.deep.equal(['Cancel task']);
      await expect(element).to.be.accessible({ ignoredRules: ['aria-hidden-focus'] });
    } finally {
      restore();
    }
  });

  it('keyboard: the create button opens the template form with Enter, focus moves into it, Escape closes it', async () => {
    const element = await settled(await fixture<HTMLElement>(html`<ec-log-downloads lang="en-US" view="templates"></ec-log-downloads>`));
    button(shadow(element), 'Create template').focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(element) && dialog(element).contains(shadow(element).activeElement), 'focus moves into the form');
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !shadow(element).querySelector('.p-dialog'), 'Escape closes the form');
  });

  it('shows an error state with retry when the list fails, and a read-only caller sees templates it cannot change', async () => {
    await template({ name: unique('Parent owned') });
    await signInAsDemoViewer();
    try {
      const element = await settled(await fixture<HTMLElement>(html`<ec-log-downloads lang="en-US" view="templates"></ec-log-downloads>`));
      expect(column(element, 8).every((text) => text === 'View only')).to.equal(true);
    } finally {
      await signInAsDemoParent();
    }
    const original = window.fetch;
    window.fetch = (input, init) => (String(input).includes('logs.download.list') ? Promise.resolve(new Response('bad gateway', { status: 502 })) : original(input, init));
    try {
      const element = await settled(await fixture<HTMLElement>(html`<ec-log-downloads lang="en-US"></ec-log-downloads>`));
      expect(shadow(element).querySelector('[part="error-state"]')!.textContent).to.contain('Data loading failed');
    } finally {
      window.fetch = original;
    }
  });
});
