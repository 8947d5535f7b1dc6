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
    expect(alert.textContent).to.contain('rows="{not json" is not allowed');
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

describe('attributes by one typed schema (DESIGN §2, issue 17)', () => {
  const data = (element: HTMLElement) => root(element).querySelector('main')!.dataset;

  it('a bad enum or number value warns naming the allowed values, sends ec-error and shows the default', async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => warnings.push(message);
    try {
      const element = await probe(html`<ec-probe lang="en_US" tone="loud" page-size="20"></ec-probe>`);
      expect(data(element).tone).to.equal('loud');
      expect(data(element).pageSize).to.equal('20');
      const errored = oneEvent(element, 'ec-error');
      element.setAttribute('page-size', '15');
      const event = await errored;
      expect(event.detail.message).to.contain('page-size="15"').and.to.contain('10 | 20 | 50 | 100');
      await waitUntil(() => data(element).pageSize === '10', 'the default shows meanwhile');
      expect(root(element).querySelector('[part="attribute-error"]')!.textContent).to.contain('page-size="15" is not allowed');
      element.setAttribute('tone', 'shouty');
      await waitUntil(() => warnings.some((warning) => warning.includes('tone="shouty"') && warning.includes('"calm" | "loud"')));
    } finally {
      console.warn = warn;
    }
  });

  it('removing an attribute restores its default, and so does a property set to null', async () => {
    const element = (await probe(html`<ec-probe tone="loud" page-size="50"></ec-probe>`)) as HTMLElement & { pageSize: number | null; tone: string | null };
    element.removeAttribute('tone');
    await waitUntil(() => data(element).tone === 'calm', 'the removed attribute is back to its default');
    element.pageSize = 100;
    await waitUntil(() => data(element).pageSize === '100', 'a property sets the value');
    expect(element.pageSize).to.equal(100);
    element.pageSize = null;
    await waitUntil(() => data(element).pageSize === '10', 'null restores the default');
    expect(element.pageSize).to.equal(10);
  });

  it('without a lang attribute the language is <html lang>, before the stored one', async () => {
    pageLanguage.value = 'zh_CN';
    document.documentElement.setAttribute('lang', 'en-US');
    try {
      const element = await probe();
      expect(data(element).language).to.equal('en_US');
    } finally {
      document.documentElement.removeAttribute('lang');
    }
  });
});

describe('an element is a guest on its page (DESIGN §2, issue 17)', () => {
  it('16149 leaves location.href unchanged, sends a cancelable ec-unauthorized, and without a taker shows signed out with the form as typed', async () => {
    const element = (await probe(html`<ec-probe lang="en_US"></ec-probe>`)) as HTMLElement & { token: string | null };
    element.token = 'a-token-the-server-does-not-know';
    const input = root(element).querySelector<HTMLInputElement>('#probe-draft')!;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, 'half-typed');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const before = location.href;
    const unauthorized = oneEvent(element, 'ec-unauthorized');
    root(element).querySelector<HTMLButtonElement>('.probe-call')!.click();
    const event = await unauthorized;
    expect(event.cancelable).to.equal(true);
    expect(event.detail.reason).to.equal('expired');
    await waitUntil(() => root(element).querySelector('[part="signed-out"]'), 'the signed-out notice shows');
    expect(root(element).querySelector('[part="signed-out"]')!.textContent).to.contain('signed out');
    expect(location.href).to.equal(before);
    expect(root(element).querySelector<HTMLInputElement>('#probe-draft')).to.equal(input, 'the form is the same node');
    expect(input.value).to.equal('half-typed');
    element.token = 'a-new-token';
    await waitUntil(() => !root(element).querySelector('[part="signed-out"]'), 'a new token ends the signed-out state');
  });

  it('a host that takes ec-unauthorized over (preventDefault) gets no signed-out notice', async () => {
    const element = (await probe(html`<ec-probe lang="en_US"></ec-probe>`)) as HTMLElement & { token: string | null };
    element.token = 'another-unknown-token';
    const takeOver = (event: Event) => event.preventDefault();
    document.addEventListener('ec-unauthorized', takeOver);
    try {
      const unauthorized = oneEvent(element, 'ec-unauthorized');
      root(element).querySelector<HTMLButtonElement>('.probe-call')!.click();
      await unauthorized;
      await waitUntil(() => root(element).querySelector('.probe-answer')!.textContent === 'ApiError');
      expect(root(element).querySelector('[part="signed-out"]')).to.equal(null);
    } finally {
      document.removeEventListener('ec-unauthorized', takeOver);
    }
  });

  it('one notice host on document.body: toasts show while the first element is hidden or removed', async () => {
    const { publishNotice } = await import('../../../core/api/notices.js');
    const first = await probe(html`<ec-probe lang="en_US"></ec-probe>`);
    const second = await probe(html`<ec-probe lang="en_US"></ec-probe>`);
    const hosts = document.querySelectorAll('ec-notice-host');
    expect(hosts.length).to.equal(1);
    expect(hosts[0]!.parentElement).to.equal(document.body);
    expect(first.shadowRoot!.querySelector('.p-toast')).to.equal(null, 'no toast inside an element');
    first.style.display = 'none';
    publishNotice({ severity: 'info', text: 'while hidden' });
    const shadow = hosts[0]!.shadowRoot!;
    await waitUntil(() => shadow.querySelector('.p-toast-message')?.textContent?.includes('while hidden'), 'the toast shows');
    const toast = shadow.querySelector<HTMLElement>('.p-toast-message')!;
    expect(toast.getBoundingClientRect().height).to.be.greaterThan(0);
    first.remove();
    second.remove();
    publishNotice({ severity: 'warn', text: 'after removal' });
    await waitUntil(() => shadow.querySelector('.p-toast')?.textContent?.includes('after removal'), 'the host outlives its first element');
  });

  it('hostile page CSS does not change computed styles inside', async () => {
    const element = await probe(html`<ec-probe lang="en_US"></ec-probe>`);
    const heading = root(element).querySelector('h1')!;
    const cell = root(element).querySelector('td')!;
    const before = [getComputedStyle(heading).fontSize, getComputedStyle(cell).fontSize, getComputedStyle(cell).lineHeight, getComputedStyle(cell).color, getComputedStyle(cell).padding];
    const hostile = new CSSStyleSheet();
    hostile.replaceSync(`html { font-size: 31px; line-height: 3; } * { font-size: 20px !important; color: rgb(255, 0, 0); letter-spacing: 4px; box-sizing: content-box; }
      ec-probe { font-family: serif; text-transform: uppercase; }`);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, hostile];
    try {
      const after = [getComputedStyle(heading).fontSize, getComputedStyle(cell).fontSize, getComputedStyle(cell).lineHeight, getComputedStyle(cell).color, getComputedStyle(cell).padding];
      expect(after).to.deep.equal(before);
      expect(getComputedStyle(cell).letterSpacing).to.equal('normal');
      expect(getComputedStyle(cell).textTransform).to.equal('none');
    } finally {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== hostile);
    }
  });

  it('OEM variables reach PrimeReact: focus ring, radius, font size', async () => {
    const element = await probe(html`<ec-probe style="--ec-radius: 13px; --ec-font-size: 18px; --ec-color-surface-raised: rgb(1, 2, 3)"></ec-probe>`);
    const button = root(element).querySelector<HTMLButtonElement>('.p-button')!;
    expect(getComputedStyle(button).borderTopLeftRadius).to.equal('13px');
    expect(getComputedStyle(button).fontSize).to.equal('18px');
    expect(getComputedStyle(root(element).querySelector('tbody > tr')!).backgroundColor).to.equal('rgb(1, 2, 3)');
  });
});
