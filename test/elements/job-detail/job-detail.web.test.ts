import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { createApiClient } from '../../../core/api/client.js';
import { submitPrefetch } from '../../../core/api/endpoints/cache-tasks.js';
import { getJob, type JobInfo } from '../../../core/api/endpoints/platform.js';
import { streamHooks } from '../../../core/api/job-stream.js';
import { edgeOutcome } from '../../../demo/server/features/cache-tasks/edge-outcome.js';
import '../../../elements/job-detail/element.js';
import { signInAsDemoParent } from '../../helpers/api-session.js';
import { shadow } from '../../helpers/list-element.js';

/**
 * `<ec-job-detail>` against the reference server (rules §3 "Cache task", §4 task states and results, §8 "some URLs
 * failed with a reason"): a real prefetch with URLs the simulated edge fails (origin 404, a first-attempt timeout),
 * its per-URL results, the result filter and the retry of failed URLs. The job stream is replaced by a stand-in the
 * test pushes events through (the test runner's API proxy cannot stream).
 */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  readyState = 1;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
  }
  send(name: string, data: unknown): void {
    for (const listener of this.listeners.get(name) ?? []) listener(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
}

let token = '';
const client = createApiClient({ base: '/api', getToken: () => token, getLanguage: () => 'en_US', notify: () => undefined });

/** URLs whose first prefetch the simulated edge answers as `wanted`. */
function urlsWhere(count: number, wanted: string, salt: string): string[] {
  const found: string[] = [];
  for (let i = 0; found.length < count; i++) {
    const url = `https://www.example.com/${salt}/${i}.js`;
    const outcome = edgeOutcome('prefetch', url, 1);
    if ((outcome.ok ? 'ok' : outcome.reason) === wanted) found.push(url);
  }
  return found;
}

async function finishedTask(salt: string): Promise<{ job: JobInfo; urls: string[] }> {
  const urls = [...urlsWhere(2, 'ok', salt), ...urlsWhere(1, 'origin-404', salt), ...urlsWhere(1, 'origin-timeout', salt)];
  const { job } = await submitPrefetch(client, { urls });
  await waitUntil(async () => (await getJob(client, job.id)).state === 'complete', 'the task completes', { timeout: 5000 });
  return { job, urls };
}

async function detail(id: number, lang = 'en-US'): Promise<HTMLElement> {
  const element = await fixture<HTMLElement>(html`<ec-job-detail lang=${lang} job-id=${id} type="cache.prefetch"></ec-job-detail>`);
  await waitUntil(() => shadow(element).querySelector('[part="table"], [part="empty-state"], [part="error-state"]'), 'the task loads', { timeout: 5000 });
  return element;
}

const urlRows = (element: HTMLElement) =>
  Array.from(shadow(element).querySelectorAll<HTMLTableRowElement>('[part="table"] tbody tr')).map((row) => Array.from(row.cells).map((cell) => cell.textContent?.trim() ?? ''));

describe('<ec-job-detail> (rules §3 Cache task, §4 Task)', function () {
  // The server allows 2 prefetch submissions per minute (rules §5): one task made here, one retry of it below.
  let task: { job: JobInfo; urls: string[] };
  this.timeout(60_000);
  before(async () => {
    token = (await signInAsDemoParent()).token;
    streamHooks.EventSource = FakeEventSource as unknown as typeof EventSource;
    task = await finishedTask('detail');
  });

  it('rules §8: shows every URL with its result and the reason of each failure; the result filter narrows them', async () => {
    const { job, urls } = task;
    const element = await detail(job.id);
    expect(shadow(element).querySelector('[part="summary"]')!.textContent).to.contain('2 succeeded, 2 failed, 0 waiting');
    expect(urlRows(element).map((row) => [row[1], row[2], row[3]])).to.deep.equal([
      [urls[0], 'Success', ''],
      [urls[1], 'Success', ''],
      [urls[2], 'Failed', 'The origin answered 404 Not Found'],
      [urls[3], 'Failed', 'The origin did not answer in time'],
    ]);
    const dropdown = shadow(element).querySelector<HTMLElement>('[part="toolbar"] .p-dropdown')!;
    dropdown.click();
    await waitUntil(() => shadow(element).querySelector('.p-dropdown-item[aria-label="Failed"], .p-dropdown-panel li'), 'the options open');
    Array.from(shadow(element).querySelectorAll<HTMLElement>('.p-dropdown-panel li')).find((item) => item.textContent === 'Failed')!.click();
    await waitUntil(() => urlRows(element).length === 2, 'only failed URLs show');
  });

  it('rules §4: retries the failed URLs as a new task and links to it (shell §8 "Task submitted, see the task list")', async () => {
    const { job } = task;
    const element = await detail(job.id);
    const retry = Array.from(shadow(element).querySelectorAll<HTMLButtonElement>('[part="toolbar"] button')).find((button) => button.textContent?.includes('Retry'))!;
    expect(retry.textContent).to.equal('Retry 2 failed URLs');
    const retried = oneEvent(element, 'ec-job-retried');
    retry.click();
    const event = await retried;
    expect(event.detail.retryOf).to.equal(job.id);
    await waitUntil(() => shadow(element).querySelector('[part="retried"]'), 'the confirmation shows');
    expect(shadow(element).querySelector('[part="retried"]')!.textContent).to.contain('Task submitted, see the task list');
    const navigate = oneEvent(element, 'ec-navigate');
    Array.from(shadow(element).querySelectorAll<HTMLElement>('[part="retried"] [part="link"]'))[1]!.click();
    expect((await navigate).detail).to.include({ route: 'cloud-speed-new-operation-audit-taskList-cachePreheatLog-detail-id' });
    const next = await detail(event.detail.id);
    await waitUntil(async () => (await getJob(client, event.detail.id)).state === 'complete', 'the retry completes', { timeout: 10_000 });
    expect(shadow(next).querySelector('[part="summary"]')!.textContent).to.contain(`Task ${job.id}`);
  });

  it('DESIGN §4: progress pushed by the job stream updates the summary without polling', async () => {
    const { job } = task;
    const element = await detail(job.id);
    await waitUntil(() => FakeEventSource.opened.some((source) => !source.closed), 'the stream is followed');
    const source = FakeEventSource.opened.filter((item) => !item.closed).at(-1)!;
    source.send('job', { ...job, state: 'in_progress', progress: 55 });
    await waitUntil(() => shadow(element).querySelector('[part="summary"] [role="progressbar"]')?.getAttribute('aria-valuenow') === '55', 'the pushed progress shows');
    expect(shadow(element).querySelector('[part="summary"]')!.textContent).to.contain('In progress');
  });

  it('a task of another account or an unknown id shows as not found', async () => {
    const element = await detail(999_999);
    expect(shadow(element).querySelector('[part="empty-state"]')!.textContent).to.contain('This task does not exist');
  });

  it('renders in Chinese and is accessible in both languages (axe)', async () => {
    const { job } = task;
    const zh = await detail(job.id, 'zh-CN');
    expect(urlRows(zh)[2]![3]).to.equal('源站返回 404 Not Found');
    await expect(zh).to.be.accessible();
    const en = await detail(job.id);
    await expect(en).to.be.accessible();
  });
});
