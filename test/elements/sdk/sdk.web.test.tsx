/**
 * `<ec-sdk>` against the reference server (issue 29; shell §1 taichi-app, rules §2, §3, §5, §9): the business list
 * with search, the create dialog refusing bad input with the rules messages and keeping what was typed, a business's
 * devices with reputations on both sides of the rules §9 boundaries and why, the level filter, the packages' 1000
 * ports, settings, keys and a report; both languages, loading and error states, keyboard and axe; a sub-account sees
 * the refusal (shell §4).
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/sdk/element.js';
import { signInAsDemoParent, signInAsDemoViewer } from '../../helpers/api-session.js';

const shadow = (element: Element) => element.shadowRoot!;
const all = (element: Element, selector: string) => [...shadow(element).querySelectorAll<HTMLElement>(selector)];

function type(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!;
  setter.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function choose(select: HTMLSelectElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!;
  setter.call(select, value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** The id of the seeded business whose row shows `text` (its package name: names are seeded in either language). */
async function businessId(text: string): Promise<number> {
  const list = await fixture<HTMLElement>(html`<ec-sdk lang="en-US" route-mode="history"></ec-sdk>`);
  const row = () => all(list, 'tbody tr').find((tr) => tr.textContent!.includes(text));
  await waitUntil(() => row()?.querySelector('a'), 'the list loads', { timeout: 10_000 });
  return Number(row()!.querySelector('a')!.getAttribute('href')!.split('/').pop());
}

describe('<ec-sdk> (issue 29, application protection)', () => {
  before(async () => {
    await signInAsDemoParent();
  });

  it('lists businesses in both languages, searches, and links each to its detail page; axe passes', async () => {
    const en = await fixture<HTMLElement>(html`<ec-sdk lang="en-US" route-mode="history"></ec-sdk>`);
    await waitUntil(() => all(en, 'tbody tr').length >= 2, 'the list loads', { timeout: 10_000 });
    const href = all(en, 'tbody a')[0]!.getAttribute('href')!;
    expect(href).to.match(/^\/console\/taichi-app\/businessList\/detail\/\d+$/);
    await expect(en).to.be.accessible();
    const zh = await fixture<HTMLElement>(html`<ec-sdk lang="zh-CN"></ec-sdk>`);
    await waitUntil(() => all(zh, 'tbody tr').length >= 2, 'the list loads');
    expect(shadow(zh).querySelector('thead')!.textContent).to.contain('业务名称');

    const search = shadow(en).querySelector<HTMLInputElement>('[part="search"] input, input[type="search"]')!;
    type(search, 'com.example.game');
    search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await waitUntil(() => all(en, 'tbody tr').length === 1, 'the search narrows the list');
  });

  it('the create dialog refuses bad input with the rules messages, keeps what was typed, then saves', async () => {
    const element = await fixture<HTMLElement>(html`<ec-sdk lang="en-US"></ec-sdk>`);
    await waitUntil(() => all(element, 'tbody tr').length >= 1, 'the list loads');
    all(element, '[part="toolbar"] button').find((button) => button.textContent!.includes('Create business'))!.click();
    await waitUntil(() => shadow(element).querySelector('[role="dialog"] input'), 'the dialog opens');
    const inputs = [...shadow(element).querySelectorAll<HTMLInputElement>('[role="dialog"] input')];
    type(inputs[0]!, 'x');
    type(inputs[1]!, '1bad');
    all(element, '[role="dialog"] button').find((button) => button.textContent!.trim() === 'Save')!.click();
    await waitUntil(() => all(element, '[role="dialog"] [role="alert"]').length >= 2, 'issues show');
    const texts = all(element, '[role="dialog"] [role="alert"]').map((node) => node.textContent);
    expect(texts, JSON.stringify(texts)).to.include('Enter 2-50 characters');
    expect(texts).to.include('Enter a package name such as com.example.app');
    expect(inputs[0]!.value, 'nothing typed is lost').to.equal('x');

    type(inputs[0]!, 'Browser test app');
    type(inputs[1]!, 'com.example.browsertest');
    const saved = oneEvent(element, 'ec-sdk-business-saved');
    all(element, '[role="dialog"] button').find((button) => button.textContent!.trim() === 'Save')!.click();
    const { detail } = await saved;
    expect(detail.business.android_package).to.equal('com.example.browsertest');
    await waitUntil(() => all(element, 'tbody').some((body) => body.textContent!.includes('Browser test app')), 'the list shows it');
    await waitUntil(() => !shadow(element).querySelector('[role="dialog"]'), 'the dialog closes');
    await expect(element).to.be.accessible();
  });

  it('rules §9: the detail shows each device\'s level and why, boundaries included, and filters by level', async () => {
    const id = await businessId('com.example.shop');
    const element = await fixture<HTMLElement>(html`<ec-sdk lang="en-US" view="business" business-id=${id}></ec-sdk>`);
    await waitUntil(() => all(element, 'tbody tr[data-level]').length === 10, 'the devices load', { timeout: 10_000 });
    const row = (hours: string, launches: string) =>
      all(element, 'tbody tr[data-level]').find((tr) => {
        const cells = [...tr.querySelectorAll('td')].map((cell) => cell.textContent!.trim());
        return cells[2] === hours && cells[3] === launches;
      })!;
    expect(row('48', '50').dataset.level, 'exactly 48 h / 50 launches').to.equal('normal');
    expect(row('49', '51').dataset.level).to.equal('premium');
    expect(row('8', '20').dataset.level, 'exactly 8 h / 20 launches').to.equal('risk');
    expect(row('9', '21').dataset.level).to.equal('normal');
    expect(row('8', '20').textContent).to.contain('Online 8 h and 20 launches are not over 8 h and 20 launches');
    expect(shadow(element).querySelector('[part="thresholds"]')!.textContent).to.contain('exactly 8 hours and 20 launches is risk');
    await expect(element).to.be.accessible();

    const filter = all(element, 'select').find((select) => select.closest('section')) as HTMLSelectElement;
    choose(filter, 'premium');
    await waitUntil(() => all(element, 'tbody tr[data-level]').length === 2, 'the filter narrows to premium');
    expect(all(element, 'tbody tr[data-level]').every((tr) => tr.dataset.level === 'premium')).to.equal(true);

    const zh = await fixture<HTMLElement>(html`<ec-sdk lang="zh-CN" view="business" business-id=${id}></ec-sdk>`);
    await waitUntil(() => all(zh, 'tbody tr[data-level]').length === 10, 'the devices load');
    expect(shadow(zh).querySelector('tbody')!.textContent).to.contain('风险');
  });

  it('an unknown business shows the not-found state', async () => {
    const element = await fixture<HTMLElement>(html`<ec-sdk lang="en-US" view="business" business-id="999999"></ec-sdk>`);
    await waitUntil(() => shadow(element).textContent!.includes('does not exist'), 'not found shows');
  });

  it('rules §5: the package dialog refuses 1001 ports and the list shows the seeded 500-port package', async () => {
    const element = await fixture<HTMLElement>(html`<ec-sdk lang="en-US" view="packages"></ec-sdk>`);
    await waitUntil(() => all(element, 'tbody tr').length >= 1, 'packages load');
    expect(shadow(element).querySelector('tbody')!.textContent).to.contain('500 ports');
    await expect(element).to.be.accessible();
    all(element, '[part="toolbar"] button')[0]!.click();
    await waitUntil(() => shadow(element).querySelector('[role="dialog"] textarea'), 'the dialog opens');
    type(shadow(element).querySelector<HTMLTextAreaElement>('[role="dialog"] textarea')!, '10000-11000');
    all(element, '[role="dialog"] button').find((button) => button.textContent!.trim() === 'Save')!.click();
    await waitUntil(() => all(element, '[role="dialog"] [role="alert"]').some((node) => node.textContent!.includes('1000')), 'the port limit shows');
  });

  it('settings, keys and a report open and pass axe', async () => {
    const id = await businessId('com.example.shop');
    const config = await fixture<HTMLElement>(html`<ec-sdk lang="en-US" view="resource-config" business-id=${id}></ec-sdk>`);
    await waitUntil(() => shadow(config).querySelector('form[part="form"]'), 'settings load');
    await expect(config).to.be.accessible();
    const keys = await fixture<HTMLElement>(html`<ec-sdk lang="en-US" view="resource-manage" business-id=${id}></ec-sdk>`);
    await waitUntil(() => all(keys, 'tbody tr').length >= 1, 'keys load');
    expect(shadow(keys).querySelector('tbody')!.textContent).to.match(/sdk_[0-9a-f]{32}/);
    await expect(keys).to.be.accessible();
    const report = await fixture<HTMLElement>(html`<ec-sdk lang="en-US" view="report" type="waf" business-id=${id}></ec-sdk>`);
    await waitUntil(() => shadow(report).textContent!.includes('Counted from the logs of'), 'the report loads', { timeout: 10_000 });
    expect(shadow(report).querySelector('h2')!.textContent).to.equal('WAF');
  });

  it('a failed load shows the error state with a retry', async () => {
    const realFetch = window.fetch;
    window.fetch = (request, init) => (String(request).includes('sdk.business.list') ? Promise.resolve(new Response('oops', { status: 500 })) : realFetch(request, init));
    try {
      const element = await fixture<HTMLElement>(html`<ec-sdk lang="en-US"></ec-sdk>`);
      await waitUntil(() => shadow(element).querySelector('[part="error-state"]'), 'the error state shows');
    } finally {
      window.fetch = realFetch;
    }
  });

  it('shell §4: a sub-account gets the refusal, not the data', async () => {
    await signInAsDemoViewer();
    try {
      const element = await fixture<HTMLElement>(html`<ec-sdk lang="en-US"></ec-sdk>`);
      await waitUntil(() => shadow(element).querySelector('[part="error-state"]'), 'the error state shows');
      expect(shadow(element).querySelector('[part="error-state"]')!.textContent).to.contain('sub-accounts cannot use it');
      expect(all(element, 'tbody tr')).to.have.length(0);
    } finally {
      await signInAsDemoParent();
    }
  });
});
