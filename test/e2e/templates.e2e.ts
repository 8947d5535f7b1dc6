/**
 * Acceleration templates and configuration templates end to end (issue 21 "What must be shown"), in the demo host
 * against the real reference server and the built console in Debian's Chromium: create a template -> bind 3 domains
 * -> change a setting in the template -> see it in each domain's configuration view -> switch one domain to
 * domain-specific (copied, unlinked) -> unbind the template from another (copy) -> batch-set a configuration template
 * on 50 sites with a preview -> reload -> persisted (rules §3, §4 configuration method, §5, §8).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../demo/server/app.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { launchChromium, openPage, screenshot, signIn } from '../helpers/e2e.js';

let app: FastifyInstance;
let server: { url: string };
let browser: Browser;
const TEMPLATE = 'E2E images';
const BATCH = Array.from({ length: 50 }, (_, index) => `batch${index}.e2e.example.com`);
const BOUND = ['bound0.e2e.example.com', 'bound1.e2e.example.com', 'bound2.e2e.example.com'];

before(async () => {
  // As test/helpers/e2e.ts starts it, keeping the app: the demo plan's 20 domains are raised to hold the 53 sites.
  const distDir = process.env.EC_DIST_DIR;
  app = await buildServer({ dbPath: ':memory:', jobStepDelayMs: 5, seedLanguage: 'en_US', ...(distDir ? { distDir } : {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  server = { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
  app.db.prepare('UPDATE plans SET domain_total = 100 WHERE member_id = ?').run(DEMO_MEMBER_ID);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await app?.close();
});

/** Calls the API with the page's session (what the console's client does), answering the envelope's data. */
async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const source = `(async () => {
    const init = { method: ${JSON.stringify(method)}, headers: { 'content-type': 'application/json', 'x-token': localStorage.getItem('x-token'), 'idempotency-key': crypto.randomUUID() } };
    ${body === undefined ? '' : `init.body = ${JSON.stringify(JSON.stringify(body))};`}
    const answer = await fetch('/api/${path}', init);
    return answer.json();
  })()`;
  const envelope = (await page.evaluate(source)) as { status: { code: number }; data: T };
  assert.equal(envelope.status.code, 1, `${method} ${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** Polls until `check` holds. */
async function until(page: Page, what: string, check: () => Promise<boolean>, timeout = 15_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await check())) {
    assert.ok(Date.now() < end, what);
    await page.waitForTimeout(150);
  }
}

interface Site {
  id: number;
  domain: string;
}

/** A settings group's section, by its heading. */
const group = (root: Locator, heading: string) => root.locator('section[part="group"]', { has: root.page().getByRole('heading', { name: heading, exact: true }) });

/**
 * Ticks a website in the picker once its search shows it. A full run once waited 30 s here for a box that never came;
 * alone it never fails, so a failure says what the picker showed instead (its search text, state and rows) and keeps
 * a screenshot, for the next reader.
 */
async function tick(picker: Locator, domain: string): Promise<void> {
  try {
    await picker.getByLabel(domain, { exact: true }).check({ timeout: 20_000 });
  } catch (error) {
    await screenshot(picker.page(), `templates-picker-${domain.replace(/\W+/g, '-')}`);
    const searched = await picker.getByRole('searchbox').inputValue();
    assert.fail(`${domain} never showed in the picker (search "${searched}"): ${(await picker.textContent())?.slice(0, 400)} (${String(error)})`);
  }
}

describe('templates end to end (issue 21)', () => {
  it('create -> bind 3 -> change -> each configuration view -> domain-specific -> unbind (copy) -> batch-set 50 with a preview -> reload -> persisted', async () => {
    const { page, problems } = await openPage(browser, { locale: 'en-US' });
    await page.addInitScript(() => localStorage.setItem('lang', 'en_US'));
    await signIn(page, server.url);
    await page.waitForURL(/\/console\/cloud-speed\/domain-management\/domain-list$/);

    // The sites: 3 to bind and 50 to batch-set, each serving with an origin (added through the API the wizard uses).
    const templates = await api<{ list: { id: number }[] }>(page, 'GET', 'V4/cloudsafe.hwws.template.list');
    await api(page, 'POST', 'V4/cloudsafe.hwws.website.add', {
      domains: [...BOUND, ...BATCH],
      template_id: templates.list[0]!.id,
      origins: [{ address: '198.18.0.10', port: 80, line: 'primary', weight: 10 }],
    });
    const sites = async (): Promise<Site[]> => (await api<{ list: (Site & { status: string })[] }>(page, 'GET', 'V4/cloudsafe.hwws.website.list?per_page=500&search=e2e.example.com&status=serving')).list;
    await until(page, 'the 53 sites serve', async () => (await sites()).length === 53, 30_000);
    const byDomain = new Map((await sites()).map((site) => [site.domain, site.id]));

    // Create the template in the new layout's tpl tab; the editor opens on it.
    await page.goto(`${server.url}/console/cloud-speed/speed-network/domain-acceleration/tpl`);
    const policy = page.locator('ec-acceleration-policy');
    await policy.getByRole('button', { name: 'New template' }).click();
    const form = policy.locator('.p-dialog');
    await form.getByLabel('Name', { exact: true }).fill(TEMPLATE);
    await form.getByLabel('Remark', { exact: true }).fill('Images everywhere');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await policy.getByRole('heading', { name: `Acceleration template: ${TEMPLATE}` }).waitFor();
    await policy.getByRole('button', { name: 'Back to the list' }).click();

    // Bind 3 domains with the website picker.
    const row = policy.locator('tbody tr', { hasText: TEMPLATE });
    await row.getByRole('button', { name: `Bind domains to ${TEMPLATE}` }).click();
    const picker = policy.locator('[part="picker"]');
    for (const domain of BOUND) {
      await picker.getByRole('searchbox').fill(domain);
      await picker.getByRole('searchbox').press('Enter');
      await tick(picker, domain);
    }
    await policy.getByRole('button', { name: 'Bind 3 domains' }).click();
    await policy.getByText('3 done, 0 refused.').waitFor();
    await policy.locator('.p-dialog-footer').getByRole('button', { name: 'Close' }).click();
    await row.getByRole('button', { name: `Domains bound to ${TEMPLATE}: 3` }).waitFor();

    // Change a setting in the template (WebP on) with the domain console's own form.
    await row.getByRole('button', { name: `Edit ${TEMPLATE}` }).click();
    const webp = group(policy, 'WebP images');
    await webp.getByLabel('Serve WebP').check();
    await webp.getByRole('button', { name: 'Save', exact: true }).click();
    await until(page, 'the template saves', () => webp.getByRole('button', { name: 'Save', exact: true }).isDisabled());
    await screenshot(page, 'templates-editor');

    // Each bound domain's configuration view reads through to the template.
    for (const domain of BOUND) {
      const view = await api<{ config_method: { source: string }; settings: { group: string; value: unknown; source: string }[] }>(
        page,
        'GET',
        `V4/web.domain.config.view?domain_id=${byDomain.get(domain)}`,
      );
      const setting = view.settings.find((entry) => entry.group === 'Webp')!;
      assert.deepEqual([view.config_method.source, setting.source, setting.value], ['template', 'template', { status: 'on' }], domain);
    }
    // The console's configuration view of the first shows it coming from the template.
    await page.goto(`${server.url}/console/cloud-speed/speed-network/domain-acceleration/console/${byDomain.get(BOUND[0]!)}?tab=config`);
    const console = page.locator('ec-domain-console');
    await console.getByRole('heading', { name: `Domain console · ${BOUND[0]}` }).waitFor();
    await console.getByRole('tab', { name: 'Configuration view', exact: true }).click();
    await console.getByText(`This domain follows the template ${TEMPLATE}`, { exact: false }).waitFor();

    // Switch it to domain-specific in the console's configuration method dialog: copied and unlinked (rules §4).
    await console.getByRole('button', { name: 'Change method' }).click();
    await console.getByLabel('Domain-specific configuration').check();
    await console.getByRole('button', { name: 'Unbind and copy' }).click();
    await console.getByText('This domain has its own configuration', { exact: false }).waitFor();
    const own = await api<{ config_method: { source: string }; settings: { group: string; value: unknown }[] }>(page, 'GET', `V4/web.domain.config.view?domain_id=${byDomain.get(BOUND[0]!)}`);
    assert.equal(own.config_method.source, 'domain');
    assert.deepEqual(own.settings.find((entry) => entry.group === 'Webp')!.value, { status: 'on' }, 'copied');

    // Unbind the second from the template by copying, in the bound domains dialog.
    await page.goto(`${server.url}/console/cloud-speed/speed-network/domain-acceleration/tpl`);
    await policy.locator('tbody tr', { hasText: TEMPLATE }).getByRole('button', { name: `Domains bound to ${TEMPLATE}` }).click();
    const bound = policy.locator('.p-dialog');
    await bound.getByLabel(BOUND[1]!, { exact: true }).check();
    await bound.getByLabel("Copy the template's configuration to the domain").check();
    await policy.getByRole('button', { name: 'Unbind 1 domain' }).click();
    await policy.getByText('1 done, 0 refused.').waitFor();
    const copied = await api<{ config_method: { source: string }; settings: { group: string; value: unknown }[] }>(page, 'GET', `V4/web.domain.config.view?domain_id=${byDomain.get(BOUND[1]!)}`);
    assert.equal(copied.config_method.source, 'domain');
    assert.deepEqual(copied.settings.find((entry) => entry.group === 'Webp')!.value, { status: 'on' });

    // Batch-set a configuration template on 50 sites with a preview (old layout configTemplates).
    await api(page, 'POST', 'V4/web.config.template.create', { name: 'E2E upload 300', remark: '', items: { upload_size: { megabytes: 300 } } });
    await page.goto(`${server.url}/console/cloud-speed/configTemplates`);
    await policy.locator('tbody tr', { hasText: 'E2E upload 300' }).getByRole('button', { name: 'Batch setting with E2E upload 300' }).click();
    const applyPicker = policy.locator('[part="picker"]');
    await applyPicker.getByRole('searchbox').fill('batch');
    await applyPicker.getByRole('searchbox').press('Enter');
    await until(page, 'the picker lists the 50 sites', async () => (await applyPicker.locator('input[type="checkbox"]').count()) >= 50);
    for (const domain of BATCH) await applyPicker.getByLabel(domain, { exact: true }).check();
    await policy.getByRole('button', { name: 'Preview' }).click();
    await policy.getByText('Preview: 50 websites can be configured, 0 cannot.').waitFor();
    await screenshot(page, 'templates-batch-preview');
    await policy.getByRole('button', { name: 'Apply to 50 websites' }).click();
    await policy.getByText('Applied: 50 websites succeeded, 0 refused.').waitFor({ timeout: 30_000 });

    // Reload: everything persisted.
    await page.reload();
    await policy.locator('tbody tr', { hasText: 'E2E upload 300' }).waitFor();
    for (const domain of [BATCH[0]!, BATCH[49]!]) {
      const view = await api<{ settings: { group: string; value: unknown }[] }>(page, 'GET', `V4/web.domain.config.view?domain_id=${byDomain.get(domain)}`);
      assert.deepEqual(view.settings.find((entry) => entry.group === 'upload_size')!.value, { megabytes: 300 }, domain);
    }
    await page.goto(`${server.url}/console/cloud-speed/speed-network/domain-acceleration/tpl`);
    const after = policy.locator('tbody tr', { hasText: TEMPLATE });
    await after.getByRole('button', { name: `Domains bound to ${TEMPLATE}: 1` }).waitFor();
    assert.deepEqual(problems.errors, []);
  });
});
