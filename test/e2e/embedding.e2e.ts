/**
 * An element as a guest on a partner's page (issue 17, DESIGN §2), in Chromium against the reference server and the
 * built library: the partner hosts the library files on its own origin under the strict CSP the README gives
 * (`script-src 'self'; style-src 'self'; font-src 'self'`), calls the API on the server's origin through CORS, hands
 * the session token over as a property before adding the element, and hears the element's events. Zero CSP violations, zero console errors.
 * A partner origin the server does not list gets the translated message that names the API base, not "network
 * error".
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { DEMO_PARENT_EMAIL, DEMO_PARENT_PASSWORD } from '../../demo/server/platform/demo-accounts.js';
import { launchChromium, openPage, screenshot, startServer, type RunningServer } from '../helpers/e2e.js';

/** The CSP the README tells embedding pages to use, plus where the API lives. */
const strictCsp = (api: string) => `default-src 'none'; script-src 'self'; style-src 'self'; font-src 'self'; img-src 'self' data:; connect-src 'self' ${api}`;

let server: RunningServer;
let browser: Browser;
let token: string;
/** The partner's portal, a real server on its own origin; and one whose origin the API does not list. */
let partner: PartnerSite;
let stranger: PartnerSite;

interface PartnerSite {
  origin: string;
  close(): Promise<void>;
}

/**
 * A partner's web server: its page under the strict CSP, its own script, and the library files it hosts itself
 * (copied from the build), all on its own origin. The API stays on the reference server.
 */
async function startPartner(apiOrigin: () => string): Promise<PartnerSite> {
  const site = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://partner').pathname;
    const api = `${apiOrigin()}/api`;
    if (path === '/portal.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': strictCsp(apiOrigin()) });
      response.end('<!doctype html><html lang="en"><head><title>Partner portal</title><script type="module" src="/portal.js"></script></head>' +
        '<body><header>Partner portal</header><p id="events"></p><main id="slot"></main></body></html>');
      return;
    }
    if (path === '/portal.js') {
      // The partner's own code: the token as a property (never an attribute) before the element joins the page,
      // and the element's events written into the page.
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(`
        await import('/lib/elements/domain-list.js');
        const element = document.createElement('ec-domain-list');
        element.setAttribute('api-base', ${JSON.stringify(api)});
        element.setAttribute('page-size', '20');
        element.token = ${JSON.stringify(token)};
        for (const name of ['ec-error', 'ec-unauthorized', 'ec-navigate']) {
          element.addEventListener(name, () => { document.getElementById('events').textContent += name + ' '; });
        }
        document.getElementById('slot').append(element);`);
      return;
    }
    if (path.startsWith('/lib/')) {
      const upstream = await fetch(`${server.url}/console/assets/${path.slice('/lib/'.length)}`);
      response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' });
      response.end(Buffer.from(await upstream.arrayBuffer()));
      return;
    }
    // favicon.ico and the like: nothing, without a 404 in the console.
    response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = site.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => site.close(() => resolve())) };
}

before(async () => {
  partner = await startPartner(() => server.url);
  stranger = await startPartner(() => server.url);
  server = await startServer({ corsOrigins: [partner.origin] });
  browser = await launchChromium();
  const answer = (await (
    await fetch(`${server.url}/api/sso/V4/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'embedding-e2e' },
      body: JSON.stringify({ email: DEMO_PARENT_EMAIL, password: DEMO_PARENT_PASSWORD }),
    })
  ).json()) as { data: { token: string } };
  token = answer.data.token;
});

after(async () => {
  await browser?.close();
  await partner?.close();
  await stranger?.close();
  await server?.close();
});

describe('an element on a partner page of another origin (issue 17)', () => {
  it('works under the strict CSP with the API on another origin through CORS: data, icons, styles, 0 violations', async () => {
    const { context, page, problems } = await openPage(browser, { locale: 'en-US' });
    await page.goto(`${partner.origin}/portal.html`);
    await page.locator('ec-domain-list tbody tr td').first().waitFor();
    // The theme applied (constructed sheets): the primary button is painted, the icon font loaded from a file.
    const painted = await page.evaluate(() => {
      const root = document.querySelector('ec-domain-list')!.shadowRoot!;
      const button = root.querySelector<HTMLElement>('.p-button:not(.p-button-outlined):not(.p-button-text)');
      return { background: button ? getComputedStyle(button).backgroundColor : '', styles: root.querySelectorAll('style').length };
    });
    assert.equal(painted.background, 'rgb(37, 99, 235)');
    assert.equal(painted.styles, 0, 'no <style> element inside the element');
    await page.evaluate(() => document.fonts.ready);
    const iconFont = await page.evaluate(() => [...document.fonts].some((font) => font.family.includes('primeicons') && font.status === 'loaded'));
    assert.equal(iconFont, true, 'the icon font loaded under font-src self');
    const rows = await page.locator('ec-domain-list tbody tr').count();
    assert.ok(rows > 0);
    await screenshot(page, 'embedding-strict-csp-cors');
    assert.deepEqual(problems.errors, []);
    await context.close();
  });

  it('an origin the server does not list: the message names the API base and the page, and ec-error is sent', async () => {
    const { context, page } = await openPage(browser, { locale: 'en-US' });
    await page.goto(`${stranger.origin}/portal.html`);
    await page.locator('ec-notice-host').getByText(`Could not reach the API at ${server.url}/api`).waitFor();
    assert.equal(await page.locator('ec-notice-host .p-toast-message').count(), 1, 'five failed loads, one message');
    await page.locator('#events', { hasText: 'ec-error' }).waitFor();
    assert.equal(new URL(page.url()).origin, stranger.origin, 'the page was never navigated');
    await screenshot(page, 'embedding-cors-refused');
    await context.close();
  });
});
