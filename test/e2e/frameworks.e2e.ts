/**
 * Elements in the frameworks partner portals are written in (issue 17 "What must be shown"): React 19, Vue 3 and
 * Angular 20 apps (test/e2e/partner-apps, real packages, bundled here with esbuild) each embed `<ec-plan-overview>`
 * on their own origin, bind an attribute (`lang`, switched by the portal's own button), a property (the token) and
 * an event (`ec-navigate`, taken over with preventDefault), against the reference server through CORS.
 */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { DEMO_PARENT_EMAIL, DEMO_PARENT_PASSWORD } from '../../demo/server/platform/demo-accounts.js';
import { launchChromium, openPage, screenshot, startPartnerSite, startServer, type PartnerSite, type RunningServer } from '../helpers/e2e.js';

const FRAMEWORKS = [
  { name: 'React 19', app: 'react', entry: 'react-portal.jsx' },
  { name: 'Vue 3', app: 'vue', entry: 'vue-portal.js' },
  { name: 'Angular 20', app: 'angular', entry: 'angular-portal.js' },
] as const;

const appsDir = fileURLToPath(new URL('./partner-apps/', import.meta.url));

let server: RunningServer;
let browser: Browser;
let token: string;
let portal: PartnerSite;
/** Each app's bundle, built once. */
const bundles = new Map<string, string>();

/** Bundles one partner app as its own build would: the framework from node_modules, the library left to runtime. */
async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [`${appsDir}${entry}`],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    jsx: 'automatic',
    logLevel: 'silent',
    define: {
      'process.env.NODE_ENV': '"production"',
      __VUE_OPTIONS_API__: 'true',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
  });
  return result.outputFiles[0]!.text;
}

/** The partners' site: one page per framework, its bundle and its settings; the library files come with the site. */
function startPortal(): Promise<PartnerSite> {
  return startPartnerSite(
    () => server,
    (path) => {
      const page = /^\/(react|vue|angular)\.html$/.exec(path);
      if (page) {
        const mount = page[1] === 'angular' ? '<partner-portal></partner-portal>' : '<div id="app"></div>';
        const body = `<!doctype html><html lang="en"><head><title>${page[1]} portal</title><script type="module" src="/${page[1]}.js"></script></head><body>${mount}</body></html>`;
        return { type: 'text/html; charset=utf-8', body };
      }
      const script = /^\/(react|vue|angular)\.js$/.exec(path);
      if (script) return { type: 'text/javascript; charset=utf-8', body: bundles.get(script[1]!)! };
      if (path === '/portal-config.json') {
        return { type: 'application/json', body: JSON.stringify({ api: `${server.url}/api`, token, library: '/lib/elements/plan-overview.js' }) };
      }
      return undefined;
    },
  );
}

before(async () => {
  for (const framework of FRAMEWORKS) bundles.set(framework.app, await bundle(framework.entry));
  portal = await startPortal();
  server = await startServer({ corsOrigins: [portal.origin] });
  browser = await launchChromium();
  const answer = (await (
    await fetch(`${server.url}/api/sso/V4/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'frameworks-e2e' },
      body: JSON.stringify({ email: DEMO_PARENT_EMAIL, password: DEMO_PARENT_PASSWORD }),
    })
  ).json()) as { data: { token: string } };
  token = answer.data.token;
});

after(async () => {
  await browser?.close();
  await portal?.close();
  await server?.close();
});

describe('an element in React 19, Vue 3 and Angular 20 portals (issue 17)', () => {
  for (const framework of FRAMEWORKS) {
    it(`${framework.name}: attribute, property and event bindings; the portal switches the language`, async () => {
      const { context, page, problems } = await openPage(browser, { locale: 'en-US' });
      await page.goto(`${portal.origin}/${framework.app}.html`);
      const element = page.locator('ec-plan-overview');

      // The token property reached the element: the plans load (an unsigned call would be refused).
      await element.getByText('升级套餐').first().waitFor().catch((error: unknown) => {
        throw new Error(`${String(error)}\npage errors: ${problems.errors.join('\n')}`);
      });
      assert.equal(await element.getAttribute('token'), null, 'the token is a property, never an attribute');

      // The attribute binding: the portal's own switch changes `lang`, the element re-renders in English.
      await page.locator('#switch-language').click();
      await element.getByText('Upgrade plan').first().waitFor();
      assert.equal(await element.getByText('升级套餐').count(), 0);

      // The event binding: a real link (route-mode="hash"), taken over by the portal, which stays where it is.
      const link = element.getByText('Upgrade plan').first();
      assert.equal(await link.getAttribute('href'), '#/cloud-speed/domain-management/packages');
      const before = page.url();
      await link.click();
      await page.locator('#events', { hasText: 'cloud-speed-new-domain-management-packages' }).waitFor();
      assert.equal(page.url(), before, 'the portal took the navigation; the element did not navigate');

      // And back: the binding keeps working both ways.
      await page.locator('#switch-language').click();
      await element.getByText('升级套餐').first().waitFor();
      await screenshot(page, `frameworks-${framework.app}`);
      assert.deepEqual(problems.errors, []);
      await context.close();
    });
  }
});
