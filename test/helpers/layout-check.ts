/**
 * Every page of the menu fits the screen (issue 19 "What must be shown"), at 1280×800 and 1920×1080, as the main
 * account, in the demo host against the reference server, checked per language by test/e2e/layout-*.e2e.ts:
 * - no horizontal overflow of the page: wide tables scroll inside their own container;
 * - no text squeezed to one character per line (measured: a text of several characters whose box holds one per line);
 * - the header stays visible after the page is scrolled to its end;
 * - axe finds no serious or critical violation (checked once per page, at the first size).
 * A screenshot of each page, language and size goes to test-results/ (not committed) to be looked at.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, clickMenuLink, launchChromium, openEveryProductMenu, openPage, screenshot, startServer, type RunningServer, signIn } from './e2e.js';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;
/** The console's languages (shell §1), one e2e file each so the two e2e lanes check them side by side. */
export type LayoutLanguage = 'zh_CN' | 'en_US';

/** What one page shows that does not fit. */
interface LayoutFindings {
  pageOverflow: number;
  squeezed: string[];
  headerTop: number | null;
}

/**
 * Both functions below run in the page and are sent as source text: tsx names inner functions with a helper
 * (`__name`) that exists only in Node, so a compiled function would fail in the browser.
 */

/** Every element of the page, shadow roots included (a page script, as text). */
const ALL_ELEMENTS = `(() => {
  const all = [];
  const walk = (root) => {
    for (const element of root.querySelectorAll('*')) {
      all.push(element);
      if (element.shadowRoot) walk(element.shadowRoot);
    }
  };
  walk(document);
  return all;
})()`;

/**
 * Measures the page: the document's horizontal overflow, texts laid out one character per line (a leaf text of two
 * characters or more whose line boxes are under two font sizes wide over two lines or more), and where the header is
 * after scrolling to the end.
 */
async function measure(page: Page): Promise<LayoutFindings> {
  return page.evaluate(`(async () => {
    const squeezed = [];
    for (const element of ${ALL_ELEMENTS}) {
      // Texts of their own (a cell, a label, a button's label): elements holding no other element.
      if (!(element instanceof HTMLElement) || element.children.length > 0) continue;
      const text = (element.textContent || '').trim();
      const characters = [...text].length;
      if (characters < 2) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const fontSize = parseFloat(style.fontSize) || 14;
      // The text's own line boxes, not the element's box: a table cell is as tall as its row, so a short word in a
      // row that a long neighbour made three lines tall is not squeezed (the login log's "未知" beside a user agent).
      const range = document.createRange();
      range.selectNodeContents(element);
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
      if (rects.length === 0) continue;
      const lines = new Set(rects.map((rect) => Math.round(rect.top))).size;
      const width = Math.max(...rects.map((rect) => rect.width));
      // One character per line, give or take a hyphen's break ("On-" over "call" is narrow but readable).
      if (lines >= 2 && characters / lines < 2 && width < fontSize * 1.8) {
        squeezed.push(element.localName + '.' + element.className + ': "' + text.slice(0, 30) + '" ' + Math.round(width) + 'px x ' + lines + ' lines');
      }
    }
    const scroller = document.scrollingElement || document.documentElement;
    const pageOverflow = scroller.scrollWidth - window.innerWidth;
    window.scrollTo(0, scroller.scrollHeight);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const header = document.querySelector('ec-console')?.shadowRoot?.querySelector('.ec-header');
    const headerTop = header ? header.getBoundingClientRect().top : null;
    window.scrollTo(0, 0);
    return { pageOverflow, squeezed, headerTop };
  })()`);
}

/** Waits until the routed element has rendered and nothing on the page is loading. */
async function settled(page: Page): Promise<void> {
  await page.locator('.ec-page-title').first().waitFor();
  // Polled with evaluate (a DevTools call): waitForFunction compiles its text in the page, which the console's CSP
  // forbids, as it should.
  const ready = `(() => {
    const main = document.querySelector('ec-console')?.shadowRoot?.querySelector('.ec-console-main');
    const routed = main && Array.from(main.querySelectorAll('*')).find((element) => element.localName.startsWith('ec-'));
    if (!routed?.shadowRoot?.querySelector('.ec-element-root')?.childElementCount) return false;
    return !${ALL_ELEMENTS}.some((element) => element.matches('[part="loading-state"], .p-datatable-loading-overlay'));
  })()`;
  // This flow checks layout, not speed (`npm run bench` measures that): on a loaded two-core CI machine a page that loads
  // plotly for its charts has taken over 15 s to settle.
  const deadline = Date.now() + 40_000;
  while (!(await page.evaluate(ready))) {
    assert.ok(Date.now() < deadline, `${page.url()} settles within 40 s`);
    await page.waitForTimeout(100);
  }
  // Charts and fonts settle in the next frames.
  await page.waitForTimeout(300);
}

/**
 * The layout check of one language: its own server, seeded in that language, so a page's data is in the language of
 * the console showing it.
 */
export function describeLayout(language: LayoutLanguage): void {
  let server: RunningServer;
  let browser: Browser;

  before(async () => {
    server = await startServer({ seedLanguage: language });
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  describe('every menu page fits at 1280×800 and 1920×1080 and passes axe (issue 19)', () => {
    it(`${language}: no page overflow, no one-character lines, header kept in view, no serious axe violation`, async () => {
      const { context, page, problems } = await openPage(browser);
      await page.addInitScript((lang) => localStorage.setItem('lang', lang), language);
      await signIn(page, server.url);
      await page.locator('nav.ec-sidebar a').first().waitFor();
      await openEveryProductMenu(page);
      const links = await page.locator('nav.ec-sidebar a').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!));
      assert.ok(links.length > 5, `the menu lists the built pages: ${links.join(', ')}`);

      const failures: string[] = [];
      for (const size of SIZES) {
        await page.setViewportSize(size);
        for (const href of links) {
          await clickMenuLink(page, href);
          await settled(page);
          const found = await measure(page);
          const where = `${href} ${size.width}×${size.height}`;
          if (found.pageOverflow > 0) failures.push(`${where}: the page is ${found.pageOverflow}px wider than the window`);
          for (const text of found.squeezed) failures.push(`${where}: one character per line: ${text}`);
          if (found.headerTop !== 0) failures.push(`${where}: the header left the screen after scrolling (top ${found.headerTop})`);
          if (size === SIZES[0]) for (const violation of await axeViolations(page)) failures.push(`${where}: axe ${violation}`);
          await screenshot(page, `layout-${language}-${size.width}-${href.replace(/^\/console\//, '').replace(/\W+/g, '-')}`);
        }
      }
      assert.deepEqual(failures, []);
      assert.deepEqual(problems.errors, []);
      await context.close();
    });
  });
}
