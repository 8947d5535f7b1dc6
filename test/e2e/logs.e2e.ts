/**
 * End to end: traffic, logs and downloads in the demo host against the real reference server with the edge traffic
 * simulator on (issue 24; rules §2 "Log retrieval", "log download tasks and templates", §3 "Saved query", "Log
 * download task", "Log template", §4 only completed tasks download, §5 a domain is required and a template must be
 * enabled, §9 log times UTC+8).
 *
 * A rule blocking /admin is configured → the simulator's traffic hits it → within seconds the granular access control
 * log (the log of custom rule sets; built-in WAF rules write the WAF log) shows the blocked requests with that rule
 * id → the search is saved → a template and a download task are created → the completed gzip file is downloaded and
 * its rows are the blocked /admin requests. The rule set itself is written through the console's API: the WAF rule
 * editor has its own end-to-end flow (waf.e2e.ts). Zero console errors, zero CSP violations.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, launchChromium, openPage, screenshot, startServer, type RunningServer, signIn } from '../helpers/e2e.js';

let server: RunningServer;
let browser: Browser;

before(async () => {
  // Enough traffic that scanners try /admin every few seconds; seeded, so the run is the same each time.
  server = await startServer({ seedLanguage: 'en_US', simulator: { rate: 150, seed: 24, attackShare: 0.4 } });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Calls the API as the signed-in page (its token, its session), answering the envelope's data. */
async function api<T>(page: Page, path: string, body?: unknown): Promise<T> {
  const source = `fetch('/api/${path}', { method: ${body === undefined ? "'GET'" : "'POST'"}, headers: { 'content-type': 'application/json', 'x-token': localStorage.getItem('x-token'), 'x-lang': 'en_US' }${
    body === undefined ? '' : `, body: ${JSON.stringify(JSON.stringify(body))}`
  } }).then((r) => r.json())`;
  const answer = (await page.evaluate(source)) as { status: { code: number; message: string }; data: T };
  assert.equal(answer.status.code, 1, `${path}: ${answer.status.message}`);
  return answer.data;
}

describe('traffic and logs end to end (issue 24)', () => {
  it('rule blocks /admin -> simulator traffic -> access control log with the rule id -> saved query -> template -> download task -> completed file with those rows', async () => {
    const { page, problems } = await openPage(browser, { locale: 'en-US' });
    await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
    await signIn(page, server.url);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));

    // The rule: a custom rule set quoted by www.example.com, blocking every path under /admin.
    const context = await api<{ websites: { id: number; domain: string }[] }>(page, 'V4/logs.context');
    const www = context.websites.find((website) => website.domain === 'www.example.com')!;
    const ruleSet = await api<{ id: number }>(page, 'V4/waf.ruleset.create', { name: 'Admin lockdown', description: '' });
    await api(page, 'V4/waf.ruleset.quote', { id: ruleSet.id, domain_ids: [www.id] });
    const rule = await api<{ id: number }>(page, 'V4/firewall.policy.save', {
      main_id: ruleSet.id,
      status: 'enabled',
      remark: '',
      action: { type: 'block' },
      rules: [{ rule_type: 'url', data: { operator: 'prefix', value: '/admin' } }],
    });

    // Log retrieval: the access control tab, searched by the rule id, until the simulator's scanners hit it.
    await page.goto(`${server.url}/console/cloud-speed/new/logRetrieval`);
    const logs = page.locator('ec-log-retrieval');
    await logs.getByRole('tab', { name: 'Granular access control logs' }).click();
    const expression = logs.getByRole('combobox', { name: 'Advanced search' });
    await expression.fill(`rule_id = ${rule.id} and uri ~ "^/admin"`);
    await expression.press('Escape');
    const rows = logs.locator('[part="table"] tbody tr');
    const deadline = Date.now() + 60_000;
    for (;;) {
      await logs.getByRole('button', { name: 'Search', exact: true }).click();
      await logs.locator('[part="table"], [part="empty-state"]').first().waitFor();
      // Rows of the search before this one may still show while it runs: only a row of this search ends the wait.
      if ((await rows.count()) > 0 && (await rows.first().locator('td').allTextContents()).some((text) => text.trim().startsWith('/admin'))) break;
      assert.ok(Date.now() < deadline, 'no blocked /admin request reached the log within a minute');
      await page.waitForTimeout(2_000);
    }
    const cells = (await rows.first().locator('td').allTextContents()).map((text) => text.trim());
    assert.ok(cells.some((text) => text.startsWith('/admin')), cells.join(' | '));
    assert.ok(cells.includes(String(rule.id)), `rule ${rule.id} in ${cells.join(' | ')}`);
    assert.ok(cells.includes('Block'), cells.join(' | '));
    // Shell §9 log times: UTC+8 wall time in the table.
    assert.match(cells[0]!, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await screenshot(page, 'logs-retrieval-acl-en');
    assert.deepEqual(await axeViolations(page), []);

    // Save the search.
    await logs.getByRole('button', { name: 'Save query' }).first().click();
    const saveDialog = logs.locator('.p-dialog');
    await saveDialog.getByLabel('Name').fill('Blocked admin pages');
    await saveDialog.getByLabel('Description').fill('Scanners stopped by the admin lockdown rule');
    await saveDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await saveDialog.waitFor({ state: 'detached' });
    const saved = await api<{ list: { name: string; statement: string; log_type: string }[] }>(page, 'V4/logs.query.list');
    assert.deepEqual(
      saved.list.map((query) => [query.name, query.log_type, query.statement]),
      [['Blocked admin pages', 'acl', `rule_id = ${rule.id} and uri ~ "^/admin"`]],
    );

    // A template of the access control log with four fields, limited to the rule.
    await page.goto(`${server.url}/console/cloud-speed/new/logs/template`);
    const downloads = page.locator('ec-log-downloads');
    await downloads.getByRole('button', { name: 'Create template' }).first().click();
    const templateDialog = downloads.locator('.p-dialog');
    await templateDialog.getByLabel('Template name').fill('Admin lockdown hits');
    await templateDialog.getByLabel('Group').fill('Security operations');
    await templateDialog.locator('.p-dropdown').first().click();
    await page.getByRole('option', { name: 'Granular access control logs', exact: true }).click();
    // Exactly four fields, whatever the form proposes first.
    const wanted = ['Time', 'Client IP', 'URL path', 'Rule ID'];
    for (const box of await templateDialog.getByRole('checkbox').all()) {
      const name = (await box.getAttribute('aria-label')) ?? (await templateDialog.locator(`label[for="${await box.getAttribute('id')}"]`).textContent()) ?? '';
      if (name.startsWith('Enabled')) continue;
      if (wanted.includes(name.trim()) !== (await box.isChecked())) await box.click();
    }
    await templateDialog.getByLabel('Limitation').fill(`rule_id = ${rule.id}`);
    await templateDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await templateDialog.waitFor({ state: 'detached' });
    await downloads.locator('tbody tr', { hasText: 'Admin lockdown hits' }).waitFor();

    // A download task: the template, www.example.com, the last 15 minutes, CSV with an English header row.
    await page.goto(`${server.url}/console/cloud-speed/new/logs/download`);
    await downloads.getByRole('button', { name: 'Create download task' }).first().click();
    const taskDialog = downloads.locator('.p-dialog');
    await taskDialog.getByLabel('Task name').fill('Admin lockdown export');
    await taskDialog.locator('.p-dropdown').first().click();
    await page.getByRole('option', { name: /^Admin lockdown hits/ }).click();
    await taskDialog.getByRole('checkbox', { name: 'www.example.com', exact: true }).check();
    await taskDialog.locator('.p-dropdown').nth(1).click();
    await page.getByRole('option', { name: 'Last 15 minutes', exact: true }).click();
    await taskDialog.getByLabel('CSV').check();
    await taskDialog.getByLabel('English header').check();
    await taskDialog.getByRole('button', { name: 'Create', exact: true }).click();
    await taskDialog.waitFor({ state: 'detached' });

    // Rules §4: the task moves to complete live, and only then downloads.
    const task = downloads.locator('tbody tr', { hasText: 'Admin lockdown export' });
    await task.getByText('Complete', { exact: true }).waitFor({ timeout: 60_000 });
    await screenshot(page, 'logs-download-complete-en');
    const [download] = await Promise.all([page.waitForEvent('download'), task.getByRole('button', { name: /^Download/ }).click()]);
    const file = gunzipSync(readFileSync((await download.path())!)).toString('utf8');
    const [header, ...lines] = file.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    assert.equal(header, 'Time,Client IP,URL path,Rule ID');
    assert.ok(lines.length > 0, 'the file holds the blocked requests');
    for (const line of lines) {
      const [time, , uri, ruleId] = line.split(',');
      assert.match(time!, /\+08:00$/);
      assert.match(uri!, /^\/admin/);
      assert.equal(Number(ruleId), rule.id);
    }
    assert.deepEqual(problems.errors, []);
  });
});
