/**
 * Web security policies end to end (issue 22 "What must be shown"), in the demo host against the reference server and
 * the built console: on a security template enable application DDoS/CC protection in blocking mode and a region block
 * for one country -> bind two domains -> switch one to domain-specific (the template's policy copied, rules §4) and
 * change its CC mode to observation -> reload -> persisted. Screenshots at 1280×800 and 1920×1080 in both languages.
 *
 * The card settings (mode, regions) are set through the same `/v5` call the editors save with, from the page's session
 * (the editors have browser tests of their own); the switches, binding and the method change go through the console,
 * and the request trace of each domain is run in its console's trace tab.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium, openPage, screenshot, signIn, startServer, type RunningServer } from '../helpers/e2e.js';

let server: RunningServer;
let browser: Browser;
const TEMPLATE = 'E2E CC shield';
const DOMAINS = ['shield0.e2e.example.com', 'shield1.e2e.example.com'];
/** The two bound domains' ids, once the first test made them: the first domain-specific, the second on the template. */
const bound: number[] = [];

before(async () => {
  server = await startServer();
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

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

async function until(page: Page, what: string, check: () => Promise<boolean>, timeout = 20_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await check())) {
    assert.ok(Date.now() < end, what);
    await page.waitForTimeout(150);
  }
}

type Card = { value: Record<string, unknown>; revision: number };
/** Saves a card's settings through its `/v5` path, as its editor does. */
async function setCard(page: Page, businessId: number, path: 'ddos' | 'waf', name: string, change: Record<string, unknown>): Promise<void> {
  const base = `v5/security/security_protection/${path === 'ddos' ? 'ddos/configs' : 'waf/rules'}`;
  const read = await api<{ cards: Record<string, Card> }>(page, 'GET', `${base}?business_id=${businessId}`);
  const card = read.cards[name]!;
  await api(page, 'PUT', base, { business_id: businessId, [name]: { revision: card.revision, value: { ...card.value, ...change } } });
}

/** Turns a card on with its switch and the confirmation (rules §4). */
async function switchOn(element: Locator, name: string): Promise<void> {
  const card = element.locator(`[data-card="${name}"]`);
  // The switch changes only once confirmed (rules §4), so it is clicked, not checked.
  await card.getByRole('switch').click();
  await element.locator('.p-dialog').getByRole('button', { name: 'Confirm', exact: true }).click();
  await element.locator('.p-dialog').waitFor({ state: 'detached' });
  assert.equal(await card.getByRole('switch').isChecked(), true);
}

const summary = (element: Locator, name: string) => element.locator(`[data-card="${name}"] .ec-ws-summary`);

describe('web security end to end (issue 22)', () => {
  it('template with CC blocking and a region block -> bind 2 -> one domain-specific in observation -> reload -> persisted', async () => {
    const { context, page, problems } = await openPage(browser, { locale: 'en-US' });
    await signIn(page, server.url, { parent: true }, { language: 'en_US' });

    const templates = await api<{ list: { id: number }[] }>(page, 'GET', 'V4/cloudsafe.hwws.template.list');
    await api(page, 'POST', 'V4/cloudsafe.hwws.website.add', { domains: DOMAINS, template_id: templates.list[0]!.id, origins: [{ address: '198.18.0.10', port: 80, line: 'primary', weight: 10 }] });
    const sites = async () => (await api<{ list: { id: number; domain: string }[] }>(page, 'GET', 'V4/cloudsafe.hwws.website.list?per_page=50&search=shield&status=serving')).list;
    await until(page, 'both sites serve', async () => (await sites()).length === 2, 30_000);
    const ids = new Map((await sites()).map((site) => [site.domain, site.id]));

    // Create the template in the security templates tab and open its policy.
    await page.goto(`${server.url}/console/cloud-speed/safety-protection/web-security/more-domain-config`);
    const security = page.locator('ec-web-security');
    await security.getByRole('button', { name: 'Create template' }).click();
    await security.locator('.p-dialog').getByLabel('Template name', { exact: true }).fill(TEMPLATE);
    await security.locator('.p-dialog').getByRole('button', { name: 'Save', exact: true }).click();
    const row = security.locator('tbody tr', { hasText: TEMPLATE });
    await row.getByRole('button', { name: `Open policy: ${TEMPLATE}` }).click();
    await security.getByRole('heading', { name: `Template policy: ${TEMPLATE}` }).waitFor();
    const businessId = Number(/template-strategy-manage\/(\d+)\//.exec(page.url())![1]);

    // Application DDoS/CC protection on (switch, confirmed) in blocking mode; a region block for one country.
    await switchOn(security, 'application_ddos_protection');
    await setCard(page, businessId, 'ddos', 'application_ddos_protection', { mode: 'block' });
    await setCard(page, businessId, 'waf', 'region_block', { enabled: true, mode: 'block', regions: ['JP'] });
    await page.reload();
    await until(page, 'the template shows blocking', async () => (await summary(security, 'application_ddos_protection').textContent()) === 'Mode: Blocking · Level: Normal');
    assert.equal(await summary(security, 'region_block').textContent(), 'Mode: Blocking · Regions: 1');

    // Bind the two domains with the picker.
    await page.goto(`${server.url}/console/cloud-speed/safety-protection/web-security/more-domain-config`);
    await row.getByRole('button', { name: `Bind domains: ${TEMPLATE}` }).click();
    const picker = security.locator('[part="picker"]');
    await picker.getByRole('searchbox').fill('shield');
    for (const domain of DOMAINS) await picker.getByLabel(domain, { exact: true }).check();
    await security.locator('.p-dialog').getByRole('button', { name: 'Confirm', exact: true }).click();
    await security.locator('.p-dialog').waitFor({ state: 'detached' });
    await until(page, 'bound count 2', async () => (await row.locator('td').nth(2).textContent()) === '2');
    await screenshot(page, 'web-security-templates');

    // Switch the first to domain-specific in its console section (old layout applicationSecurity): copied, unlinked.
    const first = ids.get(DOMAINS[0]!)!;
    await page.goto(`${server.url}/console/cloud-speed/console/${first}/applicationSecurity`);
    await security.locator('[part="method"]').getByText(`Template: ${TEMPLATE}`).waitFor();
    await security.getByRole('button', { name: 'Switch to Domain-specific' }).click();
    await security.locator('.p-dialog').getByRole('button', { name: 'Confirm', exact: true }).click();
    await security.locator('[part="method"]').getByText('Domain-specific', { exact: true }).waitFor();
    const own = await api<{ business: { business_id: number }; method: { source: string } }>(page, 'GET', `V4/web.security.business.get?domain_id=${first}`);
    assert.equal(own.method.source, 'domain');
    await until(page, 'the copy shows blocking', async () => (await summary(security, 'application_ddos_protection').textContent()) === 'Mode: Blocking · Level: Normal');
    // Its CC mode to observation (its own policy only).
    await setCard(page, own.business.business_id, 'ddos', 'application_ddos_protection', { mode: 'observe' });

    // Reload: persisted, and the template and the other domain unchanged.
    await page.reload();
    await until(page, 'observation kept', async () => (await summary(security, 'application_ddos_protection').textContent()) === 'Mode: Observation · Level: Normal');
    assert.equal(await summary(security, 'region_block').textContent(), 'Mode: Blocking · Regions: 1', 'the region block was copied');
    const second = ids.get(DOMAINS[1]!)!;
    bound.push(first, second);
    await page.goto(`${server.url}/console/cloud-speed/console/${second}/applicationSecurity`);
    await security.locator('[part="method"]').getByText(`Template: ${TEMPLATE}`).waitFor();
    await until(page, 'the other follows the template', async () => (await summary(security, 'application_ddos_protection').textContent()) === 'Mode: Blocking · Level: Normal');

    assert.deepEqual(problems.errors, []);
    await context.close();

    // Screenshots: the template policy and a domain's section, both sizes, both languages (a session per language:
    // the sign-in keeps its language choice for every page it loads).
    for (const language of ['en_US', 'zh_CN'] as const) {
      const session = await openPage(browser, { locale: language === 'en_US' ? 'en-US' : 'zh-CN' });
      const page = session.page;
      const security = page.locator('ec-web-security');
      await signIn(page, server.url, { parent: true }, { language });
      for (const size of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
        await page.setViewportSize(size);
        await page.goto(`${server.url}/console/cloud-speed/safety-protection/web-security/template-strategy-manage/${businessId}/${encodeURIComponent(TEMPLATE)}`);
        await security.locator('[part="card"]').first().waitFor();
        // This machine has no CJK font (the screenshots show boxes), so the wording is checked in the page itself.
        assert.equal(await security.locator('[data-card="region_block"] h3').textContent(), language === 'en_US' ? 'Regional blocking' : '区域封禁');
        await screenshot(page, `web-security-template-${language}-${size.width}`);
        await page.goto(`${server.url}/console/cloud-speed/console/${first}/applicationSecurity`);
        await security.locator('[part="card"]').first().waitFor();
        await screenshot(page, `web-security-domain-${language}-${size.width}`);
      }
      assert.deepEqual(session.problems.errors, []);
      await session.context.close();
    }
  });

  it('traces a request from the blocked country on each domain: the effective policy\'s region block stops it at the protection cards', async () => {
    assert.equal(bound.length, 2, 'the first test bound two domains');
    const { context, page, problems } = await openPage(browser, { locale: 'en-US' });
    await signIn(page, server.url, { parent: true }, { language: 'en_US' });
    for (const domainId of bound) {
      await page.goto(`${server.url}/console/cloud-speed/console/${domainId}/backsource`);
      // The trace form keeps its fields as a session draft (the region is a dropdown): the request is given as that
      // draft, from Japan, the country the template blocks.
      const domain = DOMAINS[bound.indexOf(domainId)]!;
      await page.evaluate(
        ([key, value]) => sessionStorage.setItem(key, JSON.stringify({ owner: localStorage.getItem('userId'), savedAt: Date.now(), value })),
        [`ec.draft.domain-trace:${domainId}:form`, { url: `http://${domain}/index.html`, method: 'GET', headers: 'User-Agent: Mozilla/5.0 (X11)', clientIp: '203.0.113.10', region: 'JP', status: '200' }] as const,
      );
      await page.goto(`${server.url}/console/cloud-speed/console/${domainId}/backsource`);
      const console = page.locator('ec-domain-console');
      await console.getByRole('tab', { name: 'Request trace', exact: true }).click();
      const form = console.locator('[part="trace-form"]');
      await form.waitFor();
      await form.locator('button[type="submit"]').click();
      const security = console.locator('[part="trace-steps"] > li[data-step="security"]');
      await security.waitFor();
      assert.equal(await security.getAttribute('data-status'), 'stopped', `${domain}: stopped at the cards`);
      assert.match((await security.locator('[data-card="region_block"]').textContent()) ?? '', /Regional blocking/);
      assert.match((await console.locator('[part="trace-outcome"]').textContent()) ?? '', /stopped by the protection card Regional blocking/);
      await screenshot(page, `web-security-trace-${bound.indexOf(domainId)}`);
    }
    assert.deepEqual(problems.errors, []);
    await context.close();
  });
});
