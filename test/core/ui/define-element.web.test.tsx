import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../helpers/probe-element.js';
import { pageLanguage } from '../../../core/i18n/language.js';

async function probe(markup = html`<ec-probe></ec-probe>`): Promise<HTMLElement> {
  const element = await fixture<HTMLElement>(markup);
  await waitUntil(() => element.shadowRoot?.querySelector('.p-datatable'), 'the table renders');
  return element;
}

const root = (element: HTMLElement) => element.shadowRoot!;

describe('defineElement: PrimeReact inside a shadow root (DESIGN §2, NOTES)', () => {
  it('renders into an open shadow root with the theme applied (computed styles, not presence)', async () => {
    const element = await probe();
    const button = root(element).querySelector<HTMLButtonElement>('.p-button')!;
    const style = getComputedStyle(button);
    // The adapted Lara theme paints the primary button with the accessible primary colour #2563eb.
    expect(style.backgroundColor).to.equal('rgb(37, 99, 235)');
    expect(style.color).to.equal('rgb(255, 255, 255)');
    const header = root(element).querySelector('.p-datatable-thead > tr > th')!;
    expect(getComputedStyle(header).fontWeight).to.equal('700');
  });

  it('icons use the primeicons font declared once in the document', async () => {
    await probe();
    await document.fonts.ready;
    const declared = document.adoptedStyleSheets.some((sheet) =>
      Array.from(sheet.cssRules).some((rule) => rule.cssText.includes('primeicons')),
    );
    expect(declared).to.equal(true);
  });

  it('OEM colours flow in through --ec-color-primary', async () => {
    const element = await probe(html`<ec-probe style="--ec-color-primary: rgb(200, 0, 100)"></ec-probe>`);
    const button = root(element).querySelector<HTMLButtonElement>('.p-button')!;
    expect(getComputedStyle(button).backgroundColor).to.equal('rgb(200, 0, 100)');
  });

  it('keeps the Dialog and the Dropdown panel inside its own shadow root', async () => {
    const element = await probe();
    const buttons = root(element).querySelectorAll<HTMLButtonElement>('.p-button');
    buttons[0]!.click();
    await waitUntil(() => root(element).querySelector('.p-dialog'), 'the dialog opens inside the shadow root');
    expect(document.querySelector('.p-dialog')).to.equal(null);
    const content = root(element).querySelector<HTMLElement>('.p-dialog-content')!;
    expect(getComputedStyle(content).backgroundColor).to.equal('rgb(255, 255, 255)');
    // The mask fades in; wait for its themed colour rather than reading it mid-animation.
    await waitUntil(
      () => getComputedStyle(root(element).querySelector('.p-dialog-mask')!).backgroundColor !== 'rgba(0, 0, 0, 0)',
      'the modal mask is painted',
    );
    (root(element).querySelector('.p-dialog-header-close') as HTMLButtonElement).click();
    await waitUntil(() => !root(element).querySelector('.p-dialog'), 'the dialog closes');

    (root(element).querySelector('.p-dropdown') as HTMLElement).click();
    await waitUntil(() => root(element).querySelector('.p-dropdown-panel'), 'the panel opens inside the shadow root');
    expect(document.querySelector('.p-dropdown-panel')).to.equal(null);
  });

  it('is accessible (axe, inside the shadow root)', async () => {
    const element = await probe();
    await expect(element).to.be.accessible();
  });

  it('two instances on one page render independently', async () => {
    const wrapper = await fixture<HTMLElement>(html`<div>
      <ec-probe heading="First" rows='[{"id":1,"name":"a"}]'></ec-probe>
      <ec-probe heading="Second" rows='[{"id":2,"name":"b"},{"id":3,"name":"c"}]'></ec-probe>
    </div>`);
    const [first, second] = Array.from(wrapper.querySelectorAll<HTMLElement>('ec-probe'));
    await waitUntil(() => second!.shadowRoot?.querySelectorAll('.p-datatable-tbody > tr').length === 2);
    expect(root(first!).querySelector('h1')!.textContent).to.equal('First');
    expect(root(first!).querySelectorAll('.p-datatable-tbody > tr').length).to.equal(1);
    expect(root(second!).querySelector('h1')!.textContent).to.equal('Second');
  });

  it('page CSS does not leak in', async () => {
    const style = document.createElement('style');
    style.textContent = 'h1 { color: rgb(255, 0, 0) !important; } .p-button { background: rgb(0, 255, 0) !important; } table { display: none !important; }';
    document.head.append(style);
    try {
      const element = await probe();
      expect(getComputedStyle(root(element).querySelector('h1')!).color).to.not.equal('rgb(255, 0, 0)');
      expect(getComputedStyle(root(element).querySelector('.p-button')!).backgroundColor).to.equal('rgb(37, 99, 235)');
      expect(getComputedStyle(root(element).querySelector('table')!).display).to.equal('table');
    } finally {
      style.remove();
    }
  });

  it('changing an attribute re-renders', async () => {
    const element = await probe(html`<ec-probe heading="Before"></ec-probe>`);
    element.setAttribute('heading', 'After');
    await waitUntil(() => root(element).querySelector('h1')!.textContent === 'After');
  });

  it('the lang attribute picks the language; without it the page language is used', async () => {
    pageLanguage.value = 'zh_CN';
    const chinese = await probe();
    expect(root(chinese).querySelector('main')!.dataset.language).to.equal('zh_CN');
    expect(root(chinese).querySelector('.p-button')!.textContent).to.equal('编辑');
    const english = await probe(html`<ec-probe lang="en_US"></ec-probe>`);
    expect(root(english).querySelector('.p-button')!.textContent).to.equal('Edit');
    english.setAttribute('lang', 'zh_CN');
    await waitUntil(() => root(english).querySelector('.p-button')!.textContent === '编辑');
  });

  it('bad JSON in an attribute shows a clear message and sends ec-error, no uncaught exception', async () => {
    const element = await probe(html`<ec-probe lang="en_US"></ec-probe>`);
    const errored = oneEvent(element, 'ec-error');
    element.setAttribute('rows', '{not json');
    const event = await errored;
    expect(event.detail.message).to.contain('rows');
    const alert = root(element).querySelector('[role="alert"]')!;
    expect(alert.textContent).to.contain('"rows" is not valid JSON');
  });

  it('a crashing component shows a translated error and sends ec-error, never a blank box', async () => {
    const errored = new Promise<CustomEvent>((resolve) => document.addEventListener('ec-error', (event) => resolve(event), { once: true }));
    const element = await fixture<HTMLElement>(html`<ec-probe lang="en_US" boom="true"></ec-probe>`);
    const event = await errored;
    expect(event.detail.message).to.equal('probe exploded');
    await waitUntil(() => root(element).querySelector('.ec-crash'));
    expect(root(element).querySelector('.ec-crash')!.textContent).to.contain('failed to display');
  });

  it('events bubble out of the shadow root, composed, with an object detail', async () => {
    const element = await probe();
    const navigate = oneEvent(document.body, 'ec-navigate');
    root(element).querySelectorAll<HTMLButtonElement>('.p-button')[1]!.click();
    const event = await navigate;
    expect(event.composed).to.equal(true);
    expect(event.bubbles).to.equal(true);
    expect(event.detail).to.deep.equal({ route: 'probe', params: { id: 1 } });
  });
});
