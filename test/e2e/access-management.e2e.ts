/**
 * Access management end to end (issue 26 "What must be shown"), in the demo host against the reference server, with
 * two browser contexts: the main account creates a group granting one website and its certificates read-only and a
 * sub-account in it; the sub-account signs in at /login-child/ and sees only that website, read-only; the main
 * account widens the grant and the sub-account can edit; the main account disables the sub-account and its session
 * ends at its next call. Then an access key made in the console signs an API call (README "Signed API requests").
 *
 * (test/e2e/access.e2e.ts is issue 19's accessibility sweep; this file is the access-management flow.)
 */
import assert from 'node:assert/strict';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, launchChromium, openPage, screenshot, startServer, type RunningServer, signIn } from '../helpers/e2e.js';

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer({ seedLanguage: 'en_US' });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const WEBSITE = 'api.example.com';
const GROUP = 'API readers';
const CHILD = { name: 'api-reader', password: 'ApiReader#2026' };

/** The routed element's shadow root, as page-script text running `body` (compiled functions fail in evaluate). */
const inRouted = (body: string) => `(() => {
  const main = document.querySelector('ec-console')?.shadowRoot?.querySelector('.ec-console-main');
  if (!main) return null;
  const routed = Array.from(main.querySelectorAll('*')).find((element) => element.localName.startsWith('ec-'));
  const root = routed && routed.shadowRoot;
  if (!root) return null;
  ${body}
})()`;

/** Polls a page-script expression until it is truthy; answers its value. */
async function until<T>(page: Page, script: string, what: string, timeout = 15_000): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = (await page.evaluate(script)) as T;
    if (value) return value;
    if (Date.now() > deadline) {
      await screenshot(page, `access-management-${what.replace(/\W+/g, '-')}`);
      assert.fail(`${what} within ${timeout} ms`);
    }
    await page.waitForTimeout(100);
  }
}

async function signInParent(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
  await signIn(page, server.url);
}

async function signInChild(page: Page): Promise<void> {
  await signIn(page, server.url, { child: CHILD.name, password: CHILD.password }, { language: 'en_US' });
}

/** The rows of the child's website list and whether each is marked view only. */
async function childWebsites(page: Page): Promise<{ rows: string[]; readOnly: number; actions: string[] }> {
  await page.goto(`${server.url}/console/cloud-speed/domain-management/domain-list`);
  return until(
    page,
    inRouted(`
      if (root.querySelector('[part="loading-state"], .p-datatable-loading-overlay')) return null;
      const rows = Array.from(root.querySelectorAll('[part="table"] tbody tr'));
      if (rows.length === 0) return null;
      return {
        rows: rows.map((row) => row.textContent),
        readOnly: root.querySelectorAll('tbody .ec-read-only-mark').length,
        actions: rows.flatMap((row) => Array.from(row.querySelectorAll('td.ec-col-actions button'))).map((button) => button.textContent.trim()),
      };
    `),
    'the child website list',
  );
}

/** Clicks the button of the routed element whose text or accessible name is `text`, inside `scope` when given. */
async function click(page: Page, text: string, scope = 'root'): Promise<void> {
  await until(
    page,
    inRouted(`
      const within = ${scope};
      if (!within) return false;
      const button = Array.from(within.querySelectorAll('button')).find((b) => b.textContent.trim() === ${JSON.stringify(text)} || b.getAttribute('aria-label') === ${JSON.stringify(text)});
      if (!button || button.disabled) return false;
      button.click();
      return true;
    `),
    `button ${text}`,
  );
}

/** Types into the input labelled `label` inside the routed element (React sees it as typing). */
async function type(page: Page, label: string, text: string): Promise<void> {
  await until(
    page,
    inRouted(`
      const label = Array.from(root.querySelectorAll('label')).find((l) => l.textContent.trim() === ${JSON.stringify(label)});
      const input = label && root.getElementById(label.htmlFor);
      if (!input) return false;
      const proto = input instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(proto, 'value').set.call(input, ${JSON.stringify(text)});
      input.dispatchEvent(new Event(input instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
      return true;
    `),
    `input ${label}`,
  );
}

/** Picks the option reading `option` of the select labelled `label`. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await until(
    page,
    inRouted(`
      const label = Array.from(root.querySelectorAll('label')).find((l) => l.textContent.trim() === ${JSON.stringify(label)});
      const select = label && root.getElementById(label.htmlFor);
      const found = select && Array.from(select.options).find((o) => o.textContent === ${JSON.stringify(option)});
      if (!found) return false;
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set.call(select, found.value);
      select.dispatchEvent(new Event('change', { bubbles: true }));
      return true;
    `),
    `option ${option} of ${label}`,
  );
}

/** In the grant of `module`: ticks the module, picks the scope and access, and ticks the objects matching `search`. */
async function grant(page: Page, module: string, scope: string, access: string, search?: string): Promise<void> {
  const row = `root.querySelector('[part="grant"][data-module="${module}"]')`;
  const labelled = (text: string) => `Array.from(${row}.querySelectorAll('label')).find((l) => l.textContent.trim() === ${JSON.stringify(text)})`;
  await until(page, inRouted(`const row = ${row}; if (!row) return false; const box = row.querySelector('input[type="checkbox"]'); if (!box.checked) box.click(); return true;`), `module ${module}`);
  await until(page, inRouted(`const l = ${labelled(scope)}; if (!l) return false; const input = l.querySelector('input') || root.getElementById(l.htmlFor); if (!input.checked) input.click(); return true;`), `${module} ${scope}`);
  await until(page, inRouted(`const l = ${labelled(access)}; if (!l) return false; const input = l.querySelector('input'); if (!input.checked) input.click(); return true;`), `${module} ${access}`);
  if (search === undefined) return;
  await until(
    page,
    inRouted(`
      const items = Array.from(${row}.querySelectorAll('[part="object-picker"] li label')).filter((l) => l.textContent.includes(${JSON.stringify(search)}));
      if (items.length === 0) return false;
      for (const item of items) { const box = item.querySelector('input'); if (!box.checked) box.click(); }
      return true;
    `),
    `${module} objects ${search}`,
  );
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

describe('access management end to end (issue 26)', () => {
  it('group → sub-account → it sees one website read-only → widened grant → it edits → disabled → signed out; a console key signs a call', async () => {
    const parent = await openPage(browser, { locale: 'en-US' });
    await signInParent(parent.page);

    // The group: one website and its certificates, read only.
    await parent.page.goto(`${server.url}/console/access-management/groups`);
    await click(parent.page, 'Create group');
    await type(parent.page, 'Group name', GROUP);
    await grant(parent.page, 'domain', 'Specified objects', 'Read only', WEBSITE);
    await grant(parent.page, 'certificate', 'Specified objects', 'Read only', WEBSITE);
    await click(parent.page, 'Save', `root.querySelector('[part="group-editor"]')`);
    await until(parent.page, inRouted(`return Array.from(root.querySelectorAll('[part="table"] tbody tr')).some((row) => row.textContent.includes(${JSON.stringify(GROUP)}))`), 'the group is listed');
    await screenshot(parent.page, 'access-management-groups-en');

    // The sub-account in it.
    await parent.page.goto(`${server.url}/console/access-management/accounts`);
    await click(parent.page, 'Create sub-account');
    await type(parent.page, 'Sub-account name', CHILD.name);
    await type(parent.page, 'Password', CHILD.password);
    await type(parent.page, 'Enter the password again', CHILD.password);
    await choose(parent.page, 'Group', GROUP);
    await click(parent.page, 'Save', `root.querySelector('.p-dialog')`);
    await until(parent.page, inRouted(`return Array.from(root.querySelectorAll('[part="table"] tbody tr')).some((row) => row.textContent.includes(${JSON.stringify(CHILD.name)}))`), 'the sub-account is listed');

    // The sub-account, in a second browser context: only that website, read only.
    const child = await openPage(browser, { locale: 'en-US' });
    await signInChild(child.page);
    let seen = await childWebsites(child.page);
    assert.equal(seen.rows.length, 1, `only the granted website: ${seen.rows.join(' | ')}`);
    assert.match(seen.rows[0]!, /api\.example\.com/);
    assert.equal(seen.readOnly, 1, 'marked view only');
    await screenshot(child.page, 'access-management-child-read-only-en');

    // The main account widens the grant to manage.
    const groupId = await until<number>(
      parent.page,
      `fetch('/api/V4/access.group.list?per_page=100', { headers: { 'x-token': localStorage.getItem('x-token') } }).then((r) => r.json()).then((body) => (body.data.list.find((g) => g.name === ${JSON.stringify(GROUP)}) || {}).id)`,
      'the group id',
    );
    await parent.page.goto(`${server.url}/console/access-management/groups/setting/${groupId}`);
    await grant(parent.page, 'domain', 'Specified objects', 'Manage');
    await click(parent.page, 'Save', `root.querySelector('[part="group-editor"]')`);
    await until(
      parent.page,
      `fetch('/api/V4/access.group.get?id=${groupId}', { headers: { 'x-token': localStorage.getItem('x-token') } }).then((r) => r.json()).then((body) => body.data.grants.some((g) => g.module === 'domain' && g.access === 'manage'))`,
      'the widened grant is saved',
    );

    seen = await childWebsites(child.page);
    assert.equal(seen.rows.length, 1);
    assert.equal(seen.readOnly, 0, 'no longer view only');
    assert.ok(seen.actions.length > 0, `the row offers its actions: ${seen.actions.join(', ')}`);

    // The main account disables the sub-account: its session ends at its next call.
    await parent.page.goto(`${server.url}/console/access-management/accounts`);
    await click(parent.page, `Disable ${CHILD.name}`);
    await click(parent.page, 'Disable', `root.querySelector('.p-confirm-popup')`);
    await until(parent.page, inRouted(`return Array.from(root.querySelectorAll('[part="table"] tbody tr')).some((row) => row.textContent.includes(${JSON.stringify(CHILD.name)}) && row.textContent.includes('Disabled'))`), 'the sub-account is disabled');
    await child.page.goto(`${server.url}/console/cloud-speed/domain-management/domain-list`);
    await child.page.waitForURL(/login-child/, { timeout: 15_000 });
    assert.match(child.page.url(), /login-child/);
    await screenshot(child.page, 'access-management-child-signed-out-en');

    // An access key made in the console signs an API call (README "Signed API requests").
    await parent.page.goto(`${server.url}/console/access-key/list`);
    await click(parent.page, 'Create access key');
    await click(parent.page, 'Save', `root.querySelector('.p-dialog')`);
    const made = await until<{ keyId: string; secret: string }>(
      parent.page,
      inRouted(`const view = root.querySelector('[part="secret"]'); return view && { keyId: view.querySelector('[data-testid="key-id"]').textContent, secret: view.querySelector('[data-testid="secret"]').textContent };`),
      'the secret shows once',
    );
    await click(parent.page, 'I have saved it');
    const path = '/api/V4/cloudsafe.hwws.website.list';
    const query = 'page=1&per_page=5';
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const toSign = ['EC1-HMAC-SHA256', 'GET', path, query, sha256(''), timestamp, nonce].join('\n');
    const response = await fetch(`${server.url}${path}?${query}`, {
      headers: {
        'X-EC-Key': made.keyId,
        'X-EC-Timestamp': timestamp,
        'X-EC-Nonce': nonce,
        'X-EC-Content-SHA256': sha256(''),
        'X-EC-Signature': createHmac('sha256', sha256(made.secret)).update(toSign).digest('hex'),
      },
    });
    const body = (await response.json()) as { status: { code: number }; data: { list: unknown[] } };
    assert.equal(body.status.code, 1, JSON.stringify(body));
    assert.equal(body.data.list.length, 5);

    assert.deepEqual(parent.problems.errors, []);
    await child.context.close();
    await parent.context.close();
  });

  it('every access-management page, in both languages: no serious axe violation, no page wider than 1280 px', async () => {
    const pages = ['access-management/overview', 'access-management/accounts', 'access-management/groups', 'access-management/groups/setting/1', 'access-management/privileges/system', 'access-management/privileges/custom', 'access-management/privileges/detail/domain-read', 'access-management/privileges/permission', 'access-key/list'];
    const failures: string[] = [];
    for (const language of ['en_US', 'zh_CN']) {
      const { context, page, problems } = await openPage(browser, { locale: language === 'en_US' ? 'en-US' : 'zh-CN' });
      await page.addInitScript((lang) => localStorage.setItem('lang', lang), language);
      await signIn(page, server.url);
      await page.setViewportSize({ width: 1280, height: 800 });
      for (const path of pages) {
        await page.goto(`${server.url}/console/${path}`);
        await until(
          page,
          inRouted(`return root.querySelector('.ec-access-management') && !root.querySelector('[part="loading-state"], .p-datatable-loading-overlay') && root.querySelector('.ec-access-management').childElementCount > 0`),
          `${language} ${path} settles`,
        );
        await page.waitForTimeout(300);
        for (const violation of await axeViolations(page)) failures.push(`${language} ${path}: ${violation}`);
        const overflow = (await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number;
        if (overflow > 0) failures.push(`${language} ${path}: the page is ${overflow}px wider than the window`);
      }
      await screenshot(page, `access-management-keys-${language}`);
      assert.deepEqual(problems.errors, []);
      await context.close();
    }
    assert.deepEqual(failures, []);
  });
});

