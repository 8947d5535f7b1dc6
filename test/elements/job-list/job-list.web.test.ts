import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { JobInfo, JobState } from '../../../core/api/endpoints/platform.js';
import { formatLogTime } from '../../../core/i18n/format.js';
import '../../../elements/job-list/element.js';
import { MAX_RECONNECTS, RECONNECT_DELAY_MS, streamHooks } from '../../../core/api/job-stream.js';
import { hurryTimers } from '../../helpers/hurry-timers.js';
import { signInAsDemoParent } from '../../helpers/api-session.js';
import { choose, chosen, column, envelope, injectFault, rows, settled, shadow, watchCalls } from '../../helpers/list-element.js';

/**
 * The reference server has no route that starts a job yet (no purge, prefetch, log download, DNS or certificate
 * routes, and the runner has no handlers), so a job can never exist there. The tests that need jobs answer the job
 * calls in the browser (fault injection, DESIGN §5), keeping the server's shapes and rules: the list pages, `get`
 * answers the job's next state, `cancel` refuses finished jobs. Everything else reaches the real server.
 */
interface FakeJobs {
  jobs: JobInfo[];
  /** How many `V4/job.task.get` calls were made, by job id. */
  gets: Map<number, number>;
  cancels: number[];
  /** What `get` answers for a job the n-th time it is asked (1-based); the job as stored by default. */
  onGet?: (job: JobInfo, count: number) => JobInfo;
  restore(): void;
}

let nextId = 9000;

function job(state: JobState, overrides: Partial<JobInfo> = {}): JobInfo {
  const id = nextId++;
  return {
    id,
    type: 'cache.purge',
    state,
    progress: state === 'complete' ? 100 : state === 'in_progress' ? 40 : 0,
    params: null,
    result: null,
    reason: state === 'failed' ? 'Origin answered 502' : '',
    operator: 'admin@example.com',
    created_at: '2026-03-10T01:30:05.000Z',
    updated_at: '2026-03-10T01:30:05.000Z',
    started_at: null,
    finished_at: null,
    ...overrides,
  };
}

function fakeJobs(jobs: JobInfo[], options: { cancelReal?: boolean } = {}): FakeJobs {
  const fake: FakeJobs = { jobs, gets: new Map(), cancels: [], restore: () => undefined };
  const match = options.cancelReal ? /V4\/job\.task\.(list|get)/ : /V4\/job\.task\./;
  fake.restore = injectFault(match, (url, init) => {
    const query = new URL(url, location.href).searchParams;
    if (url.includes('job.task.list')) {
      const page = Number(query.get('page') ?? 1);
      const perPage = Number(query.get('per_page') ?? 10);
      const state = query.get('state');
      const type = query.get('type');
      const matching = fake.jobs.filter((item) => (!state || item.state === state) && (!type || item.type === type));
      return envelope({ list: matching.slice((page - 1) * perPage, page * perPage), total: matching.length });
    }
    if (url.includes('job.task.get')) {
      const id = Number(query.get('id'));
      const count = (fake.gets.get(id) ?? 0) + 1;
      fake.gets.set(id, count);
      const index = fake.jobs.findIndex((item) => item.id === id);
      fake.jobs[index] = fake.onGet ? fake.onGet(fake.jobs[index]!, count) : fake.jobs[index]!;
      return envelope(fake.jobs[index]);
    }
    const id = Number((JSON.parse(String(init?.body)) as { id: number }).id);
    fake.cancels.push(id);
    const index = fake.jobs.findIndex((item) => item.id === id);
    fake.jobs[index] = { ...fake.jobs[index]!, state: 'canceled' };
    return envelope(fake.jobs[index]);
  });
  return fake;
}

/** A stand-in for the browser's EventSource (the test runner's API proxy cannot stream): the test pushes events. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  readyState = 1;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
    setTimeout(() => this.send('ready', {}), 0);
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
  send(name: string, data: unknown): void {
    for (const listener of this.listeners.get(name) ?? []) listener(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
}

/** The stream connection opened next (waits for it). */
async function streamOpened(): Promise<FakeEventSource> {
  await waitUntil(() => FakeEventSource.opened.some((source) => !source.closed), 'the job stream is opened', { timeout: 5000 });
  return FakeEventSource.opened.filter((source) => !source.closed).at(-1)!;
}

const totalGets = (fake: FakeJobs) => [...fake.gets.values()].reduce((sum, count) => sum + count, 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function jobList(markup = html`<ec-job-list lang="en-US"></ec-job-list>`): Promise<HTMLElement> {
  return settled(await fixture<HTMLElement>(markup));
}

async function confirmCancel(element: HTMLElement, row: HTMLTableRowElement): Promise<void> {
  row.querySelector<HTMLButtonElement>('.ec-job-cancel')!.click();
  await waitUntil(() => shadow(element).querySelector('.p-confirm-popup-accept'), 'the confirmation opens');
  shadow(element).querySelector<HTMLButtonElement>('.p-confirm-popup-accept')!.click();
}

describe('<ec-job-list> (rules §3 Cache task, §4 Task)', () => {
  before(async () => {
    await signInAsDemoParent();
    streamHooks.EventSource = FakeEventSource as unknown as typeof EventSource;
  });

  it('shows the empty state when no task matches (real server: nothing starts cache purges)', async () => {
    const element = await jobList(html`<ec-job-list lang="en-US" type="cache.purge"></ec-job-list>`);
    expect(shadow(element).querySelector('[part="empty-state"]')!.textContent).to.contain('No tasks match the filters.');
    expect(shadow(element).querySelector('[part="toolbar"]')).to.not.equal(null);
  });

  it('rules §4 Task: every state as a coloured tag, with creation time in UTC+8, operator, type, progress and failure reason', async () => {
    const jobs = (['not_started', 'preparing', 'in_progress', 'complete', 'failed', 'canceled'] as const).map((state) => job(state));
    const fake = fakeJobs([...jobs].reverse());
    try {
      const element = await jobList();
      expect(column(element, 0)[0]).to.equal(formatLogTime(jobs[0]!.created_at));
      expect(column(element, 0)[0]).to.equal('2026-03-10 09:30:05');
      expect(column(element, 1)[0]).to.equal('admin@example.com');
      expect(column(element, 2)[0]).to.equal('Cache purge');
      const tags = Array.from(shadow(element).querySelectorAll('[part="table"] [part="status"]'));
      expect(tags.map((tag) => tag.textContent)).to.deep.equal(['Canceled', 'Failed', 'Complete', 'In progress', 'Preparing', 'Not started']);
      expect(tags.map((tag) => tag.className.replace('ec-status-tag ', ''))).to.deep.equal([
        'ec-status-warning',
        'ec-status-danger',
        'ec-status-success',
        'ec-status-info',
        'ec-status-info',
        'ec-status-neutral',
      ]);
      const bars = Array.from(shadow(element).querySelectorAll('[role="progressbar"]'));
      expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).to.deep.equal(['0', '0', '100', '40', '0', '0']);
      expect(bars[3]!.getAttribute('aria-label')).to.equal(`Progress of task ${jobs[2]!.id}`);
      expect(column(element, 5)[3]).to.equal('40%');
      expect(column(element, 6)[1]).to.equal('Origin answered 502');
      // Rules §4: a cache task can be canceled only before it starts.
      expect(rows(element).map((row) => row.querySelector('.ec-job-cancel') !== null)).to.deep.equal([false, false, false, false, false, true]);
    } finally {
      fake.restore();
    }
  });

  it('names every known job type and shows an unknown type by its id', async () => {
    const types = ['cache.prefetch', 'logs.download', 'dns.batch-add-domains', 'dns.batch-import-records', 'dns.batch-add-records', 'certificate.issue', 'website.provision', 'waf.rules.sync'];
    const fake = fakeJobs(types.map((type) => job('complete', { type })));
    try {
      const element = await jobList();
      expect(column(element, 2)).to.deep.equal([
        'Cache prefetch',
        'Log download',
        'Batch add domains',
        'Batch import records',
        'Batch add records',
        'Certificate issuance',
        'Website provisioning',
        'waf.rules.sync',
      ]);
    } finally {
      fake.restore();
    }
  });

  it('filters by state and by type: the list call carries them (real server)', async () => {
    const calls = watchCalls();
    try {
      const element = await jobList();
      await choose(element, 'Status', 'Failed');
      await waitUntil(() => calls.lastQuery(/job\.task\.list/).get('state') === 'failed', 'the state filter is sent');
      await settled(element);
      await choose(element, 'Type', 'Log download');
      await waitUntil(() => calls.lastQuery(/job\.task\.list/).get('type') === 'logs.download', 'the type filter is sent');
      expect(calls.lastQuery(/job\.task\.list/).get('state')).to.equal('failed');
      expect(calls.lastQuery(/job\.task\.list/).get('page')).to.equal('1');
      await settled(element);
      expect(shadow(element).querySelector('[part="empty-state"]')).to.not.equal(null);
    } finally {
      calls.restore();
    }
  });

  it('shell §9: the creation-time filter sends the range as from/to (UTC+8 days) and is kept in ec-view-state', async () => {
    const calls = watchCalls();
    try {
      const element = await jobList();
      const viewState = oneEvent(element, 'ec-view-state');
      await choose(element, 'Created', 'Yesterday');
      await waitUntil(() => calls.lastQuery(/job\.task\.list/).get('from') !== null, 'the range is sent');
      const query = calls.lastQuery(/job\.task\.list/);
      const from = Date.parse(query.get('from')!);
      const to = Date.parse(query.get('to')!);
      expect(to - from).to.equal(24 * 3_600_000);
      expect(new Date(to + 8 * 3_600_000).toISOString().slice(11, 19)).to.equal('00:00:00');
      expect((await viewState).detail.state).to.equal('range=yesterday');
      await settled(element);
    } finally {
      calls.restore();
    }
  });

  it('starts from the view-state attribute (a bookmarked view)', async () => {
    const calls = watchCalls();
    try {
      await jobList(html`<ec-job-list lang="en-US" view-state="state=failed&range=7d&page=2&size=20"></ec-job-list>`);
      const query = calls.lastQuery(/job\.task\.list/);
      expect([query.get('state'), query.get('page'), query.get('per_page')]).to.deep.equal(['failed', '2', '20']);
      expect(query.get('from')).to.not.equal(null);
    } finally {
      calls.restore();
    }
  });

  it('each row links to its detail through ec-navigate, in the layout of the layout attribute', async () => {
    const fake = fakeJobs([job('complete', { params: { kind: 'purge-url', count: 3, first_url: 'https://www.example.com/a', attempt: 1, retry_of: null } })]);
    try {
      const element = await jobList(html`<ec-job-list lang="en-US" type="cache.purge" layout="old"></ec-job-list>`);
      expect(column(element, 3)[0]).to.equal('https://www.example.com/a and 2 more');
      const navigate = oneEvent(element, 'ec-navigate');
      (rows(element)[0]!.querySelector('[part="link"]') as HTMLElement).click();
      expect((await navigate).detail).to.include({ route: 'cloud-speed-old-taskList-cleanCacheLog-detail-id' });
    } finally {
      fake.restore();
    }
  });

  it('exports the filtered tasks as CSV, formulas defused', async () => {
    const fake = fakeJobs([job('failed', { operator: '=cmd|calc', reason: 'Origin "down", retry' })]);
    const saved: string[] = [];
    const realCreate = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob) => {
      void (blob as Blob).text().then((text) => saved.push(text));
      return 'blob:about:blank';
    };
    try {
      const element = await jobList();
      Array.from(shadow(element).querySelectorAll<HTMLButtonElement>('[part="toolbar"] button')).find((button) => button.textContent === 'Export CSV')!.click();
      await waitUntil(() => saved.length === 1, 'the CSV is made');
      const [header, row] = saved[0]!.replace(/^\uFEFF/, '').split('\r\n');
      expect(header).to.equal('Task ID,Created (UTC+8),Operator,Type,Status,Progress,URL,URLs,Succeeded,Failed,Failure reason');
      expect(row).to.contain(",'=cmd|calc,Cache purge,Failed,0,");
      expect(row!.endsWith(',"Origin ""down"", retry"')).to.equal(true);
    } finally {
      URL.createObjectURL = realCreate;
      fake.restore();
    }
  });

  it('the type attribute presets the type filter, also for a type the console has no name for', async () => {
    const calls = watchCalls();
    try {
      const element = await jobList(html`<ec-job-list lang="en-US" type="cache.prefetch"></ec-job-list>`);
      expect(calls.lastQuery(/job\.task\.list/).get('type')).to.equal('cache.prefetch');
      expect(chosen(element, 'Type')).to.equal('Cache prefetch');
      element.setAttribute('type', 'batch');
      await waitUntil(() => calls.lastQuery(/job\.task\.list/).get('type') === 'batch', 'a new type attribute is applied');
      await settled(element);
      expect(chosen(element, 'Type')).to.equal('batch');
    } finally {
      calls.restore();
    }
  });

  it('shell §9: pages of 10 by default; the pager moves pages and changes the size; page-size sets it', async () => {
    const fake = fakeJobs(Array.from({ length: 25 }, () => job('complete')));
    const calls = watchCalls();
    try {
      const element = await jobList();
      expect(rows(element)).to.have.length(10);
      const pager = shadow(element).querySelector('[part="pagination"]')!;
      expect(pager.textContent).to.contain('1–10 of 25');
      pager.querySelector<HTMLButtonElement>('button[aria-label="Page 3"]')!.click();
      await waitUntil(() => rows(element).length === 5, 'page 3 has the last 5 tasks');
      expect(calls.lastQuery(/job\.task\.list/).get('page')).to.equal('3');

      const sized = await jobList(html`<ec-job-list lang="en-US" page-size="20"></ec-job-list>`);
      expect(rows(sized)).to.have.length(20);
      expect(calls.lastQuery(/job\.task\.list/).get('per_page')).to.equal('20');
      const odd = await jobList(html`<ec-job-list lang="en-US" page-size="15"></ec-job-list>`);
      expect(rows(odd), 'a size outside 10/20/50/100 falls back to 10').to.have.length(10);
    } finally {
      calls.restore();
      fake.restore();
    }
  });

  it('other long tasks can be canceled while unfinished (they stop between steps)', async () => {
    const fake = fakeJobs((['in_progress', 'preparing', 'complete'] as const).map((state) => job(state, { type: 'logs.download' })));
    try {
      const element = await jobList();
      expect(rows(element).map((row) => row.querySelector('.ec-job-cancel') !== null)).to.deep.equal([true, true, false]);
    } finally {
      fake.restore();
    }
  });

  it('cancel asks for confirmation, cancels and emits ec-job-canceled with { id }', async () => {
    const running = job('not_started');
    const fake = fakeJobs([running]);
    try {
      const element = await jobList();
      const row = rows(element)[0]!;
      const button = row.querySelector<HTMLButtonElement>('.ec-job-cancel')!;
      expect(button.getAttribute('aria-label')).to.equal(`Cancel task ${running.id}`);
      button.click();
      await waitUntil(() => shadow(element).querySelector('.p-confirm-popup'), 'the confirmation opens');
      expect(shadow(element).querySelector('.p-confirm-popup')!.textContent).to.contain('Cancel this task?');
      expect(fake.cancels, 'nothing is sent before confirming').to.deep.equal([]);
      const canceled = oneEvent(element, 'ec-job-canceled');
      shadow(element).querySelector<HTMLButtonElement>('.p-confirm-popup-accept')!.click();
      expect((await canceled).detail).to.deep.equal({ id: running.id });
      expect(fake.cancels).to.deep.equal([running.id]);
      await waitUntil(() => rows(element)[0]!.querySelector('[part="status"]')!.textContent === 'Canceled', 'the row shows canceled');
      expect(rows(element)[0]!.querySelector('.ec-job-cancel')).to.equal(null);
    } finally {
      fake.restore();
    }
  });

  it('keeping the task running sends nothing', async () => {
    const fake = fakeJobs([job('not_started')]);
    try {
      const element = await jobList();
      rows(element)[0]!.querySelector<HTMLButtonElement>('.ec-job-cancel')!.click();
      await waitUntil(() => shadow(element).querySelector('.p-confirm-popup-reject'), 'the confirmation opens');
      shadow(element).querySelector<HTMLButtonElement>('.p-confirm-popup-reject')!.click();
      await waitUntil(() => !shadow(element).querySelector('.p-confirm-popup'), 'the confirmation closes');
      expect(fake.cancels).to.deep.equal([]);
      expect(rows(element)[0]!.querySelector('[part="status"]')!.textContent).to.equal('Not started');
    } finally {
      fake.restore();
    }
  });

  it('a cancel the real server refuses (it has no such job) emits nothing and reloads the list', async () => {
    const fake = fakeJobs([job('not_started')], { cancelReal: true });
    const calls = watchCalls();
    let emitted = 0;
    try {
      const element = await jobList();
      element.addEventListener('ec-job-canceled', () => emitted++);
      const listCalls = () => calls.urls.filter((url) => url.includes('job.task.list')).length;
      const before = listCalls();
      await confirmCancel(element, rows(element)[0]!);
      await waitUntil(() => calls.urls.some((url) => url.includes('job.task.cancel')), 'the cancel reaches the server');
      await waitUntil(() => listCalls() > before, 'the list is reloaded to show the real state');
      await settled(element);
      expect(emitted).to.equal(0);
    } finally {
      calls.restore();
      fake.restore();
    }
  });

  it('DESIGN §4: follows the job stream instead of polling: progress and state change in place', async () => {
    const running = job('in_progress', { progress: 10 });
    const fake = fakeJobs([running, job('complete')]);
    try {
      const element = await jobList();
      const source = await streamOpened();
      const bar = () => rows(element)[0]!.querySelector('[role="progressbar"]')!.getAttribute('aria-valuenow');
      expect(bar()).to.equal('10');
      source.send('job', { ...running, progress: 60 });
      await waitUntil(() => bar() === '60', 'the pushed progress shows');
      source.send('job', { ...running, state: 'complete', progress: 100 });
      await waitUntil(() => bar() === '100', 'the pushed completion shows');
      expect(rows(element)[0]!.querySelector('[part="status"]')!.textContent).to.equal('Complete');
      expect(totalGets(fake), 'nothing is polled').to.equal(0);
    } finally {
      fake.restore();
    }
  });

  it('a new task pushed by the stream reloads the first page; another account type filter ignores it', async () => {
    const fake = fakeJobs([job('complete')]);
    try {
      const element = await jobList(html`<ec-job-list lang="en-US" type="cache.purge"></ec-job-list>`);
      const source = await streamOpened();
      const fresh = job('not_started');
      fake.jobs.unshift(fresh);
      source.send('job', fresh);
      await waitUntil(() => rows(element).length === 2, 'the new task appears');
      source.send('job', job('not_started', { type: 'logs.download' }));
      await sleep(1500);
      expect(rows(element).length).to.equal(2);
    } finally {
      fake.restore();
    }
  });

  it('stops following the stream when the element is removed from the page', async () => {
    const fake = fakeJobs([job('in_progress')]);
    try {
      const element = await jobList();
      const source = await streamOpened();
      element.remove();
      await waitUntil(() => source.closed, 'the connection is closed');
    } finally {
      fake.restore();
    }
  });

  it('says so when live updates stop, and reconnects on request', async function () {
    this.timeout(20_000);
    const fake = fakeJobs([job('in_progress')]);
    const restoreTicket = injectFault(/job\.stream\.ticket/, () => new Response('down', { status: 502 }));
    // The reconnect delays, each twice the one before (1 + 2 + 4 + 8 s), run at once; all of them must be armed.
    const backOff = Array.from({ length: MAX_RECONNECTS }, (_, failure) => RECONNECT_DELAY_MS * 2 ** failure);
    const hurried = hurryTimers(backOff);
    try {
      const element = await jobList();
      await waitUntil(() => shadow(element).querySelector('.ec-job-live-stopped'), 'the stop is announced', { timeout: 18_000 });
      expect(hurried.pending, 'every reconnect delay was armed, in order').to.deep.equal([]);
      expect(backOff).to.deep.equal([1000, 2000, 4000, 8000]);
      hurried.restore();
      expect(shadow(element).querySelector('.ec-job-live-stopped')!.getAttribute('role')).to.equal('status');
      restoreTicket();
      Array.from(shadow(element).querySelectorAll<HTMLButtonElement>('.ec-job-live-stopped button'))[0]!.click();
      await streamOpened();
    } finally {
      hurried.restore();
      restoreTicket();
      fake.restore();
    }
  });

  it('shows the loading state, then the error state with a retry that recovers', async () => {
    // Every call waits until released, so the loading state stays up long enough to be seen.
    const waiting: Array<() => void> = [];
    const release = () => waiting.splice(0).forEach((answer) => answer());
    const restore = injectFault(/job\.task\.list/, () => new Promise<Response>((resolve) => waiting.push(() => resolve(new Response('down', { status: 503 })))));
    let element: HTMLElement;
    try {
      element = await fixture<HTMLElement>(html`<ec-job-list lang="en-US"></ec-job-list>`);
      await waitUntil(() => shadow(element).querySelector('[part="loading-state"]'), 'the loading state shows');
      expect(shadow(element).querySelector('[part="loading-state"]')!.textContent).to.contain('Loading tasks');
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
    await waitUntil(() => shadow(element!).querySelector('[part="table"], [part="empty-state"]'), 'retry reaches the real server');
  });

  it('renders in Chinese (zh-CN) and follows the lang attribute', async () => {
    const fake = fakeJobs([job('in_progress', { type: 'cache.prefetch' })]);
    try {
      const element = await jobList(html`<ec-job-list lang="zh-CN"></ec-job-list>`);
      expect(column(element, 2)[0]).to.equal('缓存预热');
      expect(rows(element)[0]!.querySelector('[part="status"]')!.textContent).to.equal('进行中');
      expect(shadow(element).querySelector('[part="table"] thead')!.textContent).to.contain('失败原因');
      element.setAttribute('lang', 'en-US');
      await waitUntil(() => column(element, 2)[0] === 'Cache prefetch', 'switches to English');
    } finally {
      fake.restore();
    }
  });

  for (const lang of ['zh-CN', 'en-US']) {
    it(`is accessible in ${lang} with rows and with the cancel confirmation open (axe)`, async () => {
      const fake = fakeJobs(['not_started', 'failed', 'complete'].map((state) => job(state as JobState)));
      try {
        const element = await jobList(html`<ec-job-list lang=${lang}></ec-job-list>`);
        await expect(element).to.be.accessible();
        rows(element)[0]!.querySelector<HTMLButtonElement>('.ec-job-cancel')!.click();
        // Checked once the opening transition is over: mid-fade the buttons' colours are still blending in.
        await waitUntil(() => shadow(element).querySelector('.p-confirm-popup.p-connected-overlay-enter-done'), 'the confirmation is open');
        await expect(element).to.be.accessible();
      } finally {
        fake.restore();
      }
    });
  }

  it('is usable by keyboard: the state filter opens with Enter and picks with the arrow keys', async () => {
    const calls = watchCalls();
    try {
      const element = await jobList();
      const input = shadow(element).getElementById(
        Array.from(shadow(element).querySelectorAll('label')).find((label) => label.textContent === 'Status')!.htmlFor,
      ) as HTMLInputElement;
      input.focus();
      for (const key of ['Enter', 'ArrowDown', 'Enter']) {
        input.dispatchEvent(new KeyboardEvent('keydown', { key, code: key, bubbles: true, composed: true }));
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      await waitUntil(() => calls.lastQuery(/job\.task\.list/).get('state') === 'not_started', 'the first state is picked');
      expect(chosen(element, 'Status')).to.equal('Not started');
    } finally {
      calls.restore();
    }
  });
});
