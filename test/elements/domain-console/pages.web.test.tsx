/**
 * The domain console's error pages tab (rules §3 custom error page; rules §5 / §9 HTML at most 64K, not empty, no
 * JavaScript; issue 20: "a sandboxed preview (`iframe sandbox` with a CSP that forbids scripts)"): the spec messages,
 * a save the server keeps, view-only for a read grant, both languages, axe, and proof that the preview runs no
 * script: the same page in a frame that allows scripts does run (the control), the preview's frame does not.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { setDemoPlanLevel } from '../../helpers/demo-plan.js';
import { signInAsDemoParent, signInAsDemoViewer } from '../../helpers/api-session.js';
import { choose, control, openConsoleTab, section, shownIssues } from '../../helpers/domain-console.js';
import { shadow } from '../../helpers/list-element.js';
import { button, typeText } from '../../helpers/websites.js';

const ready = '[part="group"][data-groups="custom_page"]';

async function addHtmlPage(element: HTMLElement, html: string): Promise<HTMLElement> {
  const pages = section(element, 'Custom error pages');
  button(pages, 'Add a page').click();
  await waitUntil(() => pages.querySelector('textarea'), 'the HTML field');
  typeText(pages.querySelector('textarea')!, html);
  return pages;
}

describe('<ec-domain-console tab="pages">', () => {
  before(async () => {
    await signInAsDemoParent();
  });

  it('rules §5 / §8 / §9: empty, too large, JavaScript and a non-http link get the spec messages', async () => {
    const element = await openConsoleTab('pages', { ready });
    const pages = await addHtmlPage(element, '   ');
    button(pages, 'Save').click();
    await waitUntil(() => shownIssues(pages).length > 0);
    expect(shownIssues(pages)).to.deep.equal(['Cannot be empty']);
    typeText(pages.querySelector('textarea')!, `<p>${'x'.repeat(64_000)}</p>`);
    button(pages, 'Save').click();
    await waitUntil(() => shownIssues(pages)[0] === 'Size limit exceeded (64K)');
    // Found by parsing: a comment closed early by `--!>` does not hide the handler.
    typeText(pages.querySelector('textarea')!, '<!-- x --!><img src=x onerror=alert(1)> -->');
    button(pages, 'Save').click();
    await waitUntil(() => shownIssues(pages)[0] === 'The page cannot contain JavaScript');
    Array.from(pages.querySelectorAll<HTMLInputElement>('input[type="radio"]')).find((radio) => radio.value === 'url')!.click();
    await waitUntil(() => pages.querySelector('input[placeholder="https://"]'));
    typeText(control(pages, 'Link'), 'ftp://status.example.com');
    button(pages, 'Save').click();
    await waitUntil(() => shownIssues(pages)[0] === 'The URL must begin with http:// or https://');
  });

  it('the preview is sandboxed without scripts and its policy forbids them: a page that runs script elsewhere runs none here', async () => {
    const element = await openConsoleTab('pages', { ready });
    const hostile = `<h1 id="shown">Down</h1><script>parent.postMessage('ran:script', '*')</script><img src="data:," onerror="parent.postMessage('ran:handler', '*')">`;
    const pages = await addHtmlPage(element, hostile);
    const messages: Array<{ data: unknown; source: MessageEventSource | null }> = [];
    const listener = (event: MessageEvent) => messages.push({ data: event.data, source: event.source });
    window.addEventListener('message', listener);
    let previewLoaded = false;
    shadow(element).addEventListener('load', () => (previewLoaded = true), true);
    try {
      button(pages, 'Preview').click();
      await waitUntil(() => pages.querySelector('iframe[part="page-preview"]'), 'the preview');
      const preview = pages.querySelector<HTMLIFrameElement>('iframe[part="page-preview"]')!;
      expect(preview.getAttribute('sandbox')).to.equal('');
      expect(preview.sandbox.contains('allow-scripts')).to.equal(false);
      expect(preview.srcdoc.startsWith('<!doctype html><meta http-equiv="Content-Security-Policy"')).to.equal(true);
      expect(preview.srcdoc).to.contain("script-src 'none'");
      expect(preview.srcdoc).to.contain(hostile, 'the page is shown as typed, nothing stripped: the frame is what stops it');
      await waitUntil(() => previewLoaded, 'the preview loaded');
      expect(preview.contentDocument, 'an opaque origin: the console is out of reach').to.equal(null);

      // The control: the same page in a frame that allows scripts does post both messages.
      const control = document.createElement('iframe');
      control.setAttribute('sandbox', 'allow-scripts');
      control.srcdoc = hostile;
      document.body.append(control);
      await waitUntil(() => messages.filter((entry) => entry.source === control.contentWindow).length === 2, 'the control frame ran its script and handler');
      control.remove();
      expect(messages.filter((entry) => entry.source === preview.contentWindow)).to.deep.equal([]);
      expect(messages.map((entry) => entry.data).sort()).to.deep.equal(['ran:handler', 'ran:script']);
    } finally {
      window.removeEventListener('message', listener);
    }
  });

  it('a valid page and a link are saved and read back; axe', async () => {
    // A link (URL) error page needs a package whose page types include url (rules §6; flagship and above).
    const previous = await setDemoPlanLevel('flagship');
    try {
      const element = await openConsoleTab('pages', { ready });
      const pages = await addHtmlPage(element, '<h1>Not here</h1>');
      button(pages, 'Add a page').click();
      await waitUntil(() => pages.querySelectorAll('fieldset.ec-custom-page').length === 2);
      const second = pages.querySelectorAll('fieldset.ec-custom-page')[1]!;
      choose(second.querySelector('select')!, '503');
      Array.from(second.querySelectorAll<HTMLInputElement>('input[type="radio"]')).find((radio) => radio.value === 'url')!.click();
      await waitUntil(() => second.querySelector('input[placeholder="https://"]'));
      typeText(second.querySelector<HTMLInputElement>('input[placeholder="https://"]')!, 'https://status.example.com/');
      button(pages, 'Save').click();
      await waitUntil(() => button(pages, 'Save').disabled && shownIssues(pages).length === 0, 'saved');
      const again = await openConsoleTab('pages', { ready });
      const reread = section(again, 'Custom error pages');
      await waitUntil(() => reread.querySelectorAll('fieldset.ec-custom-page').length === 2, 'both pages read back');
      expect(reread.querySelector('textarea')!.value).to.equal('<h1>Not here</h1>');
      expect(Array.from(reread.querySelectorAll('legend')).map((legend) => legend.textContent)).to.include.members(['Status code 400', 'Status code 503']);
      await expect(again).to.be.accessible();
    } finally {
      await setDemoPlanLevel(previous);
    }
  });

  it('rules §6: a read grant sees the pages view-only', async () => {
    await signInAsDemoViewer();
    try {
      const element = await openConsoleTab('pages', { ready });
      const pages = section(element, 'Custom error pages');
      expect(pages.querySelector('[part="readonly-notice"]')).to.not.equal(null);
      expect(pages.querySelector('fieldset')!.disabled).to.equal(true);
      expect(() => button(pages, 'Add a page')).to.throw();
      await expect(element).to.be.accessible();
    } finally {
      await signInAsDemoParent();
    }
  });

  it('zh_CN: the JavaScript message is Chinese', async () => {
    const element = await openConsoleTab('pages', { ready, lang: 'zh-CN' });
    const pages = section(element, '自定义错误页面');
    button(pages, '添加页面').click();
    await waitUntil(() => pages.querySelector('textarea'));
    typeText(pages.querySelector('textarea')!, '<svg><a><animate attributeName=href values="x;javascript:alert(1)"/></a></svg>');
    button(pages, '保存').click();
    await waitUntil(() => shownIssues(pages).length > 0);
    expect(shownIssues(pages)[0]).to.match(/[\u4e00-\u9fff]/);
  });
});
