/**
 * `<ec-work-orders>` against the reference server (shell §6 work orders): the form prefilled from a plan notice,
 * bad input refused with the rules messages in both languages and nothing typed lost, a ticket created and shown,
 * the list, states, and axe.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/work-orders/element.js';
import { signInAsDemoParent } from '../../helpers/api-session.js';
import { watchNotices } from '../../helpers/list-element.js';

const shadow = (element: Element) => element.shadowRoot!;
const input = (element: Element, selector: string) => shadow(element).querySelector<HTMLInputElement | HTMLTextAreaElement>(selector)!;

function type(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!;
  setter.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('<ec-work-orders> (shell §6 work orders)', () => {
  before(async () => {
    await signInAsDemoParent();
  });

  it('the form opened from a notice is prefilled with the refused feature (both languages)', async () => {
    const en = await fixture<HTMLElement>(html`<ec-work-orders lang="en-US" view="create" feature="waf_mode"></ec-work-orders>`);
    await waitUntil(() => shadow(en).querySelector('form'), 'the form renders');
    expect(input(en, 'input').value).to.equal('Request: WAF protection modes');
    expect(shadow(en).querySelector('select')!.value).to.equal('plan');
    const zh = await fixture<HTMLElement>(html`<ec-work-orders lang="zh-CN" view="create" feature="waf_mode"></ec-work-orders>`);
    await waitUntil(() => shadow(zh).querySelector('form'), 'the form renders');
    expect(input(zh, 'input').value).to.equal('申请开通：WAF 防护模式');
    await expect(en).to.be.accessible();
  });

  it('refuses bad input with the rules messages and keeps what was typed; a valid ticket is created and the detail page asked for', async () => {
    const element = await fixture<HTMLElement>(html`<ec-work-orders lang="en-US" view="create"></ec-work-orders>`);
    await waitUntil(() => shadow(element).querySelector('form'), 'the form renders');
    const [title, contact] = [...shadow(element).querySelectorAll('input')];
    type(title!, 'ab');
    type(contact!, 'nobody');
    shadow(element).querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitUntil(() => shadow(element).querySelectorAll('[role="alert"]').length >= 3, 'issues show');
    const texts = [...shadow(element).querySelectorAll('[role="alert"]')].map((node) => node.textContent);
    expect(texts, JSON.stringify(texts)).to.include('Enter 4-64 characters');
    expect(texts).to.include('Please fill in');
    expect(texts).to.include('Enter an email address or a phone number');
    expect(title!.value, 'nothing typed is lost').to.equal('ab');

    type(title!, 'Need more ports');
    type(contact!, 'ops@example.com');
    type(shadow(element).querySelector('textarea')!, 'Please allow port 8888 on my site.');
    const created = oneEvent(element, 'ec-work-order-created');
    const navigated = oneEvent(element, 'ec-navigate');
    shadow(element).querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    const { detail } = await created;
    expect(detail.workOrder.status).to.equal('open');
    expect((await navigated).detail).to.deep.include({ route: 'cloud-speed-new-domain-management-work-order-detail-id', params: { id: detail.workOrder.id } });
  });

  it('lists the tickets and shows one; the list and detail pass axe', async () => {
    const list = await fixture<HTMLElement>(html`<ec-work-orders lang="en-US" route-mode="history"></ec-work-orders>`);
    await waitUntil(() => shadow(list).querySelector('tbody tr'), 'the list loads', { timeout: 5000 });
    expect(shadow(list).querySelector('tbody')!.textContent).to.contain('Need more ports');
    await expect(list).to.be.accessible();
    const href = shadow(list).querySelector<HTMLAnchorElement>('tbody a')!.getAttribute('href')!;
    expect(href).to.match(/^\/console\/cloud-speed\/domain-management\/work-order\/detail\/\d+$/);
    expect(shadow(list).querySelector('tbody tr')!.textContent).to.contain('Open');
    const id = href.split('/').pop()!;
    const detail = await fixture<HTMLElement>(html`<ec-work-orders lang="en-US" view="detail" ticket-id=${id}></ec-work-orders>`);
    await waitUntil(() => shadow(detail).querySelector('article'), 'the ticket loads');
    expect(shadow(detail).querySelector('article')!.textContent).to.contain('No answer yet');
    await expect(detail).to.be.accessible();
  });

  it('a ticket that does not exist (a stale link) says "not found", not a load failure, and shows no notice on top (issue 29)', async () => {
    for (const [lang, words] of [['en-US', 'Work order not found'], ['zh-CN', '未找到工单']] as const) {
      // The bus is read: a notice is published before the page shows its state (its toast loads later).
      const published = watchNotices();
      const detail = await fixture<HTMLElement>(html`<ec-work-orders lang=${lang} view="detail" ticket-id="999999"></ec-work-orders>`);
      await waitUntil(() => shadow(detail).querySelector('[part="empty-state"], [part="error-state"]'), 'the detail settles', { timeout: 5000 });
      // A boolean: chai describing a React-owned element in its failure message hangs the browser.
      expect(Boolean(shadow(detail).querySelector('[part="error-state"]')), 'the error state shows').to.equal(false);
      expect(shadow(detail).querySelector('[part="empty-state"]')!.textContent).to.contain(words);
      published.restore();
      expect(published.notices.length, 'a notice was published').to.equal(0);
      await expect(detail).to.be.accessible();
    }
  });

  it('a failed load shows the error state with a retry', async () => {
    const realFetch = window.fetch;
    window.fetch = (request, init) => (String(request).includes('workorder.ticket.list') ? Promise.resolve(new Response('oops', { status: 500 })) : realFetch(request, init));
    try {
      const element = await fixture<HTMLElement>(html`<ec-work-orders lang="en-US"></ec-work-orders>`);
      await waitUntil(() => shadow(element).querySelector('[part="error-state"]'), 'the error state shows');
      expect(shadow(element).querySelector('[part="error-state"]')!.textContent).to.contain('Work orders could not be loaded');
    } finally {
      window.fetch = realFetch;
    }
  });
});
