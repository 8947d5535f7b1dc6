/**
 * An element as a guest on a partner's page (issue 17, DESIGN §2), in Chromium against the reference server and the
 * built library: the partner hosts the library files on its own origin under the strict CSP the README gives
 * (`script-src 'self'; style-src 'self'; font-src 'self'`), calls the API on the server's origin through CORS, hands
 * the session token over as a property before adding the element, and hears the element's events. Zero CSP violations, zero console errors.
 * A partner origin the server does not list gets the translated message that names the API base, not "network
 * error".
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { DEMO_PARENT_EMAIL, DEMO_PARENT_PASSWORD } from '../../demo/server/platform/demo-accounts.js';
import { launchChromium, openPage, screenshot, startPartnerSite, startServer, type PartnerSite, type RunningServer } from '../helpers/e2e.js';

/** The CSP the README tells embedding pages to use, plus where the API lives. */
const strictCsp = (api: string) => `default-src 'none'; script-src 'self'; style-src 'self'; font-src 'self'; img-src 'self' data:; connect-src 'self' ${api}`;

let server: RunningServer;
let browser: Browser;
let token: string;
/** The partner's portal, a real server on its own origin; and one whose origin the API does not list. */
let partner: PartnerSite;
let stranger: PartnerSite;

/**
 * A partner's site: its page under the strict CSP and its own script on its own origin, with the library files it
 * hosts itself. The API stays on the reference server.
 */
function startPartner(): Promise<PartnerSite> {
  return startPartnerSite(
    () => server,
    (path) => {
      if (path === '/portal.html') {
        return {
          type: 'text/html; charset=utf-8',
          headers: { 'content-security-policy': strictCsp(server.url) },
          body:
            '<!doctype html><html lang="en"><head><title>Partner portal</title><script type="module" src="/portal.js"></script></head>' +
            '<body><header>Partner portal</header><p id="events"></p><main id="slot"></main></body></html>',
        };
      }
      if (path === '/portal.js') {
        // The partner's own code: the token as a property (never an attribute) before the element joins the page,
        // and the element's events written into the page.
        return {
          type: 'text/javascript',
          body: `
            await import('/lib/elements/domain-list.js');
            const element = document.createElement('ec-domain-list');
            element.setAttribute('api-base', ${JSON.stringify(`${server.url}/api`)});
            element.setAttribute('page-size', '20');
            element.token = ${JSON.stringify(token)};
            for (const name of ['ec-error', 'ec-unauthorized', 'ec-navigate']) {
              element.addEventListener(name, () => { document.getElementById('events').textContent += name + ' '; });
            }
            document.getElementById('slot').append(element);`,
        };
      }
      return undefined;
    },
  );
}

before(async () => {
  partner = await startPartner();
  stranger = await startPartner();
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
