import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { RATE_LIMITED_CODE } from '../../../core/api/catalogue.js';
import '../../../elements/cache-purge/element.js';
import { signInAsDemoParent } from '../../helpers/api-session.js';
import { envelope, injectFault, shadow } from '../../helpers/list-element.js';

/**
 * `<ec-cache-purge>` against the reference server (rules §5 Purge, §6, §8; shell §8 "Task submitted, see the task
 * list"). The server's own context and submissions are used; fault injection only for failures and states the demo
 * account cannot reach (a read-only caller, a load failure).
 */
async function purge(markup = html`<ec-cache-purge lang="en-US"></ec-cache-purge>`): Promise<HTMLElement> {
  const element = await fixture<HTMLElement>(markup);
  await waitUntil(() => shadow(element).querySelector('[part="form"], [part="error-state"]'), 'the form loads', { timeout: 5000 });
  return element;
}

function typeUrls(element: HTMLElement, text: string): void {
  const area = shadow(element).querySelector<HTMLTextAreaElement>('[part="urls"]')!;
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
  setter.call(area, text);
  area.dispatchEvent(new Event('input', { bubbles: true }));
}

const previewRows = (element: HTMLElement) =>
  Array.from(shadow(element).querySelectorAll<HTMLTableRowElement>('[part="preview-table"] tbody tr')).map((row) =>
    Array.from(row.cells).map((cell) => cell.textContent?.trim() ?? ''),
  );
const submitButton = (element: HTMLElement) => shadow(element).querySelector<HTMLButtonElement>('button[type="submit"]')!;
/** Clicks the radio button whose label reads `text` (PrimeReact hides the native input). */
function chooseKind(element: HTMLElement, text: string): void {
  const label = Array.from(shadow(element).querySelectorAll('label')).find((node) => node.textContent === text)!;
  label.click();
}
const part = (element: HTMLElement, name: string) => shadow(element).querySelector(`[part="${name}"]`)?.textContent ?? '';

describe('<ec-cache-purge> (rules §5 Purge)', () => {
  before(async () => {
    await signInAsDemoParent();
  });

  it('rules §5: previews each row with the URL sent, refusals with their reason, and repeats ignored', async () => {
    const element = await purge();
    typeUrls(element, ['https://WWW.example.com:443/a#top', 'https://*.example.com/x', 'https://unknown.test/a', 'https://www.example.com/a', 'www.example.com/b'].join('\n'));
    await waitUntil(() => previewRows(element).length === 5, 'the preview shows every row');
    expect(previewRows(element)).to.deep.equal([
      ['1', 'https://WWW.example.com:443/a#top', 'https://www.example.com/a', 'Sent', ''],
      ['2', 'https://*.example.com/x', '', 'Refused', 'Wildcard domains are not supported'],
      ['3', 'https://unknown.test/a', '', 'Refused', 'unknown.test is not a website of this account'],
      ['4', 'https://www.example.com/a', '', 'Repeat', 'Repeat of an earlier line: ignored'],
      ['5', 'www.example.com/b', '', 'Refused', 'The URL must begin with http:// or https://'],
    ]);
    expect(part(element, 'preview')).to.contain('1 to send, 3 refused, 1 repeats ignored');
    expect(submitButton(element).disabled).to.equal(false);
  });

  it('rules §5: more than 200 URLs or 100 directories blocks the submission with the limit message', async () => {
    const element = await purge();
    typeUrls(element, Array.from({ length: 201 }, (_, i) => `https://www.example.com/${i}`).join('\n'));
    await waitUntil(() => part(element, 'issue') !== '', 'the batch message shows');
    expect(part(element, 'issue')).to.equal('At most 200 URLs per purge (201 entered)');
    expect(submitButton(element).disabled).to.equal(true);
    chooseKind(element, 'Directory');
    typeUrls(element, Array.from({ length: 101 }, (_, i) => `https://www.example.com/d${i}/`).join('\n'));
    await waitUntil(() => part(element, 'issue').includes('100 directories'), 'the directory limit shows');
    typeUrls(element, 'https://www.example.com/1/2/3/4/5/6/7/8/9/\nhttps://www.example.com/file.png');
    await waitUntil(() => previewRows(element).length === 2);
    expect(previewRows(element).map((row) => row[4])).to.deep.equal(['At most 8 directory levels', 'A directory must end with /']);
  });

  it('shell §8: submits, says "Task submitted, see the task list" with links, emits ec-cache-task-submitted (real server)', async () => {
    const element = await purge();
    typeUrls(element, 'https://www.example.com/a\nhttps://www.example.com/a#again\nhttps://*.example.com/');
    await waitUntil(() => previewRows(element).length === 3);
    const submitted = oneEvent(element, 'ec-cache-task-submitted');
    submitButton(element).click();
    const event = await submitted;
    expect(event.detail.type).to.equal('cache.purge');
    expect(event.detail.count).to.equal(1);
    await waitUntil(() => part(element, 'submitted') !== '', 'the confirmation shows');
    expect(part(element, 'submitted')).to.contain('Task submitted, see the task list');
    expect(part(element, 'submitted')).to.contain('1 repeat was ignored.');
    // The refused row stays in the box to be corrected.
    expect(shadow(element).querySelector<HTMLTextAreaElement>('[part="urls"]')!.value).to.equal('https://*.example.com/');
    const navigate = oneEvent(element, 'ec-navigate');
    (shadow(element).querySelector('[part="submitted"] [part="link"]') as HTMLElement).click();
    expect((await navigate).detail.route).to.equal('cloud-speed-new-operation-audit-taskList-cleanCacheLog');
  });

  it('rules §5: a third purge within a minute is refused by the server and the next allowed time is shown', async () => {
    const element = await purge(html`<ec-cache-purge lang="en-US" layout="old"></ec-cache-purge>`);
    for (const path of ['b', 'c']) {
      typeUrls(element, `https://www.example.com/${path}`);
      await waitUntil(() => previewRows(element).length === 1);
      submitButton(element).click();
      await waitUntil(() => part(element, 'submitted') !== '' || part(element, 'blocked-reason') !== '', 'the submission is answered');
    }
    await waitUntil(() => part(element, 'blocked-reason') !== '', 'the element knows the limit is reached');
    expect(part(element, 'blocked-reason')).to.match(/^The next submission is allowed in \d+ (s|sec|seconds?|min)\b.* \(at .+\)\.$/);
    expect(submitButton(element).disabled).to.equal(true);
    // Directories are counted apart: switching kinds allows a submission again.
    chooseKind(element, 'Directory');
    typeUrls(element, 'https://www.example.com/dir/');
    await waitUntil(() => previewRows(element)[0]?.[1] === 'https://www.example.com/dir/', 'the directory is previewed');
    await waitUntil(() => !submitButton(element).disabled, 'a directory purge may be submitted');
    expect(part(element, 'blocked-reason')).to.equal('');
  });

  it('a refusal the browser did not foresee (the server rate-limits) keeps the text and shows when to retry', async () => {
    const next = new Date(Date.now() + 42_000).toISOString();
    const restore = injectFault(/cache\.purge\.create/, () =>
      new Response(JSON.stringify({ status: { code: RATE_LIMITED_CODE, message: 'At most 2 submissions per minute: try again in 42 s' }, data: { kind: 'purge-directory', retry_after: 42, next_allowed_at: next } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    try {
      const element = await purge();
      chooseKind(element, 'Directory');
      typeUrls(element, 'https://www.example.com/keep/');
      await waitUntil(() => previewRows(element).length === 1);
      submitButton(element).click();
      await waitUntil(() => part(element, 'refused') !== '', 'the refusal shows');
      expect(part(element, 'refused')).to.equal('At most 2 submissions per minute: try again in 42 s');
      expect(part(element, 'blocked-reason')).to.match(/allowed in (41|42) s/);
      expect(shadow(element).querySelector<HTMLTextAreaElement>('[part="urls"]')!.value).to.equal('https://www.example.com/keep/');
    } finally {
      restore();
    }
  });

  it('rules §6: a caller who may manage no website sees the form read-only with the reason', async () => {
    const restore = injectFault(/cache\.task\.context/, () =>
      envelope({
        websites: [{ id: 1, domain: 'www.example.com', manage: false }],
        allowance: { 'purge-url': { remaining: 2, next_allowed_at: null }, 'purge-directory': { remaining: 2, next_allowed_at: null }, prefetch: { remaining: 2, next_allowed_at: null } },
        per_minute: 2,
      }),
    );
    try {
      const element = await purge();
      typeUrls(element, 'https://www.example.com/a');
      await waitUntil(() => previewRows(element).length === 1);
      expect(previewRows(element)[0]![4]).to.equal('You may not manage www.example.com');
      expect(part(element, 'blocked-reason')).to.contain('You may not manage any website');
      expect(submitButton(element).disabled).to.equal(true);
    } finally {
      restore();
    }
  });

  it('shows the error state when the websites cannot be loaded, and recovers on retry', async () => {
    let fail = true;
    const restore = injectFault(/cache\.task\.context/, async (url, init) => {
      if (fail) return new Response('boom', { status: 500 });
      restore();
      return fetch(url, init);
    });
    try {
      const element = await purge();
      expect(shadow(element).querySelector('[part="error-state"]')!.textContent).to.contain('Data loading failed');
      fail = false;
      (shadow(element).querySelector('[part="error-state"] button') as HTMLButtonElement).click();
      await waitUntil(() => shadow(element).querySelector('[part="form"]'), 'the form appears after the retry');
    } finally {
      restore();
    }
  });

  it('renders in Chinese and is accessible in both languages (axe)', async () => {
    const zh = await purge(html`<ec-cache-purge lang="zh-CN"></ec-cache-purge>`);
    expect(part(zh, 'allowance')).to.equal('每种类型每分钟最多提交 2 次。');
    typeUrls(zh, 'https://*.example.com/');
    await waitUntil(() => previewRows(zh).length === 1);
    expect(previewRows(zh)[0]![4]).to.equal('不支持泛域名');
    await expect(zh).to.be.accessible();
    const en = await purge();
    typeUrls(en, 'https://www.example.com/a\nbad');
    await waitUntil(() => previewRows(en).length === 2);
    await expect(en).to.be.accessible();
  });
});
