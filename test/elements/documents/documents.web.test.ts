/**
 * The documentation centre (issue 29; shell §2 `/document`, `/document/{aid}`) against the reference server:
 * `<ec-document-dashboard>` (articles by section, search with marked snippets, no results) and
 * `<ec-document-detail>` (rendered article, contents, article links through ec-navigate, previous/next, not found,
 * the live example mounted, and the request for an element the page lacks), both languages, axe.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/document-dashboard/element.js';
import '../../../elements/document-detail/element.js';
import '../../../elements/plan-overview/element.js';
import { signInAsDemoParent } from '../../helpers/api-session.js';

const shadow = (element: Element) => element.shadowRoot!;
const LOAD = { timeout: 10_000 };

function search(element: Element, text: string): void {
  const field = shadow(element).querySelector<HTMLInputElement>('input[type="search"]')!;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
}

before(async function () {
  // One sign-in for the file; the first call can meet a server still seeding on a busy machine, so it is tried twice.
  this.timeout(60_000);
  await signInAsDemoParent().catch(() => signInAsDemoParent());
});

describe('<ec-document-dashboard> (shell §2 /document)', () => {
  it('lists the articles by section in both languages; passes axe', async () => {
    const en = await fixture<HTMLElement>(html`<ec-document-dashboard lang="en-US" route-mode="history"></ec-document-dashboard>`);
    await waitUntil(() => shadow(en).querySelector('[part="sections"]'), 'the sections load', LOAD);
    const headings = [...shadow(en).querySelectorAll('h2')].map((node) => node.textContent);
    expect(headings).to.deep.equal(['Guides', 'API', 'Logs', 'Element reference']);
    const first = shadow(en).querySelector<HTMLAnchorElement>('.ec-doc-article-link')!;
    expect(first.textContent).to.equal('Getting started');
    expect(first.getAttribute('href')).to.equal('/console/document/getting-started');
    expect(shadow(en).textContent).to.contain('<ec-domain-list>');
    await expect(en).to.be.accessible();

    const zh = await fixture<HTMLElement>(html`<ec-document-dashboard lang="zh-CN"></ec-document-dashboard>`);
    await waitUntil(() => shadow(zh).querySelector('[part="sections"]'), 'the sections load', LOAD);
    expect(shadow(zh).querySelector('h2')!.textContent).to.equal('指南');
    expect(shadow(zh).querySelector('.ec-doc-article-link')!.textContent).to.equal('快速开始');
    await expect(zh).to.be.accessible();
  });

  it('searches titles and bodies: results with marked words, the view reported, no results said; opening a result asks the host', async () => {
    const element = await fixture<HTMLElement>(html`<ec-document-dashboard lang="en-US"></ec-document-dashboard>`);
    await waitUntil(() => shadow(element).querySelector('[part="sections"]'), 'the sections load', LOAD);
    const reported = oneEvent(element, 'ec-view-state');
    search(element, 'nonce');
    expect((await reported).detail.state).to.equal('q=nonce');
    await waitUntil(() => shadow(element).querySelector('[part="results"]'), 'results show', LOAD);
    const result = shadow(element).querySelector('.ec-doc-results li')!;
    expect(result.querySelector('a, button')!.textContent).to.equal('Signing API requests');
    expect([...result.querySelectorAll('mark')].map((mark) => mark.textContent!.toLowerCase())).to.include('nonce');
    await expect(element).to.be.accessible();
    const navigated = oneEvent(element, 'ec-navigate');
    result.querySelector<HTMLElement>('a, button')!.click();
    expect((await navigated).detail).to.deep.include({ route: 'document-aid', params: { aid: 'api-signing' } });

    search(element, 'zzqq-nothing-here');
    await waitUntil(() => shadow(element).querySelector('[part="empty-state"]'), 'no results', LOAD);
    expect(shadow(element).querySelector('[part="empty-state"]')!.textContent).to.contain('No article matches “zzqq-nothing-here”');
  });

  it('starts from a bookmarked search (view-state), in Chinese', async () => {
    const element = await fixture<HTMLElement>(html`<ec-document-dashboard lang="zh-CN" view-state="q=%E7%AD%BE%E5%90%8D"></ec-document-dashboard>`);
    await waitUntil(() => shadow(element).querySelector('[part="results"]'), 'results show', LOAD);
    expect(shadow(element).querySelector('.ec-doc-results li')!.textContent).to.contain('API 请求签名');
    expect([...shadow(element).querySelectorAll('mark')].some((mark) => mark.textContent === '签名')).to.equal(true);
    await expect(element).to.be.accessible();
  });
});

describe('<ec-document-detail> (shell §2 /document/{aid})', () => {
  it('shows the article with contents and previous/next; headings take focus; article links ask the host (both languages, axe)', async () => {
    const element = await fixture<HTMLElement>(html`<ec-document-detail lang="en-US" route-mode="hash" article-id="getting-started"></ec-document-detail>`);
    await waitUntil(() => shadow(element).querySelector('[part="article"]'), 'the article loads', LOAD);
    expect(shadow(element).querySelector('.ec-doc-title')!.textContent).to.equal('Getting started');
    const toc = [...shadow(element).querySelectorAll('[part="toc"] button')];
    expect(toc.map((button) => button.textContent)).to.include('Run it');
    (toc[0] as HTMLButtonElement).click();
    expect(shadow(element).activeElement?.textContent).to.equal('Run it');
    const link = shadow(element).querySelector<HTMLAnchorElement>('[part="article"] a[data-aid="embedding"]')!;
    expect(link.getAttribute('href')).to.equal('#/document/embedding');
    const navigated = oneEvent(element, 'ec-navigate');
    link.click();
    expect((await navigated).detail).to.deep.include({ route: 'document-aid', params: { aid: 'embedding' } });
    expect(shadow(element).querySelector('.ec-doc-next')!.textContent).to.contain('Embedding guide');
    expect(shadow(element).querySelector('.ec-doc-previous')).to.equal(null);
    await expect(element).to.be.accessible();

    const zh = await fixture<HTMLElement>(html`<ec-document-detail lang="zh-CN" article-id="log-query-language"></ec-document-detail>`);
    await waitUntil(() => shadow(zh).querySelector('[part="article"]'), 'the article loads', LOAD);
    expect(shadow(zh).querySelector('.ec-doc-title')!.textContent).to.equal('日志查询语言');
    expect(shadow(zh).querySelector('[part="toc"] h3')!.textContent).to.equal('本页目录');
    await expect(zh).to.be.accessible();
  });

  it('an unknown article says so with a way back to every article (both languages)', async () => {
    const element = await fixture<HTMLElement>(html`<ec-document-detail lang="en-US" article-id="no-such-article"></ec-document-detail>`);
    await waitUntil(() => shadow(element).querySelector('[part="not-found"]'), 'not found shows', LOAD);
    expect(shadow(element).querySelector('[part="not-found"]')!.textContent).to.contain('There is no article “no-such-article”');
    await expect(element).to.be.accessible();
    const zh = await fixture<HTMLElement>(html`<ec-document-detail lang="zh-CN" article-id="no-such-article"></ec-document-detail>`);
    await waitUntil(() => shadow(zh).querySelector('[part="not-found"]'), 'not found shows', LOAD);
    expect(shadow(zh).querySelector('[part="not-found"]')!.textContent).to.contain('文章“no-such-article”不存在');
  });

  it('an element reference mounts the element itself as a live example, which loads real data', async () => {
    const element = await fixture<HTMLElement>(html`<ec-document-detail lang="en-US" article-id="element-plan-overview"></ec-document-detail>`);
    await waitUntil(() => shadow(element).querySelector('[part="example"] ec-plan-overview'), 'the example mounts', LOAD);
    const example = shadow(element).querySelector('[part="example"] ec-plan-overview')!;
    expect(example.getAttribute('lang')).to.equal('en-US');
    expect(shadow(element).querySelector('[part="article"]')!.innerHTML).to.contain('<code>view</code>');
    await waitUntil(() => example.shadowRoot?.querySelector('[part="plans"]'), 'the example shows the account\'s plans', LOAD);
    await expect(element).to.be.accessible();
  });

  it('an example whose element the page lacks asks for it; unanswered, the reader is told what is missing', async () => {
    const element = document.createElement('ec-document-detail');
    element.setAttribute('lang', 'en-US');
    element.setAttribute('article-id', 'element-dns-jobs');
    const asked = oneEvent(element, 'ec-request-element');
    document.body.append(element);
    try {
      expect((await asked).detail).to.deep.equal({ tag: 'ec-dns-jobs' });
      await waitUntil(() => shadow(element).querySelector('[part="example"]')?.textContent?.includes('This page has not loaded ec-dns-jobs'), 'the note shows', LOAD);
    } finally {
      element.remove();
    }
  });
});
