/**
 * `<ec-web-security>` (issue 22; rules §2 cards; rules §3 security template; rules §4 "Feature toggles switch on or off
 * with confirmation", configuration method; rules §5 template name 4-32, batch configuration, block page without
 * JavaScript; rules §6 view-only and package gating; shell §8 unsupported feature prompt): each view against the
 * reference server, bad input with the spec's messages, both languages, axe, and a failed save keeping the draft.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { createApiClient } from '../../../core/api/client.js';
import { getGlobalSecurityBusiness, getSecurityBusiness, getSecurityCards } from '../../../core/api/endpoints/web-security.js';
import { sessionToken } from '../../../core/session/session.js';
import '../../../elements/web-security/element.js';
import { signInAsDemoParent, signInAsDemoViewer } from '../../helpers/api-session.js';
import { setDemoPlanLevel } from '../../helpers/demo-plan.js';
import { injectFault, shadow } from '../../helpers/list-element.js';
import { addServingSites, button, typeText } from '../../helpers/websites.js';

const client = createApiClient({ base: '/api', getToken: () => sessionToken.value, getLanguage: () => 'en_US', notify: () => undefined });

async function open(attributes: Record<string, string | number>, lang = 'en-US'): Promise<HTMLElement> {
  sessionStorage.clear();
  const element = document.createElement('ec-web-security');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  element.setAttribute('lang', lang);
  return fixture<HTMLElement>(html`${element}`);
}

const cards = (element: HTMLElement) => Array.from(shadow(element).querySelectorAll<HTMLElement>('[part="card"]'));
const card = (element: HTMLElement, name: string) => shadow(element).querySelector<HTMLElement>(`[data-card="${name}"]`)!;
const dialog = (element: HTMLElement) => shadow(element).querySelector<HTMLElement>('.p-dialog')!;
const cardsShown = (element: HTMLElement) => waitUntil(() => cards(element).length > 0, 'the cards show', { timeout: 10_000 });

describe('<ec-web-security>', () => {
  let globalId = 0;
  before(async () => {
    await signInAsDemoParent();
    globalId = (await getGlobalSecurityBusiness(client)).business.business_id;
  });

  it('view="global-domain-config": the global policy cards with their summaries and the domains following it; axe', async () => {
    const element = await open({ view: 'global-domain-config' });
    await cardsShown(element);
    expect(cards(element)).to.have.length(11);
    expect(card(element, 'application_ddos_protection').querySelector('h3')!.textContent).to.equal('Application DDoS/CC protection');
    expect(card(element, 'application_ddos_protection').querySelector('.ec-ws-summary')!.textContent).to.equal('Mode: Observation · Level: Normal');
    expect(card(element, 'csrf').querySelector('.ec-ws-summary')!.textContent).to.equal('Not enabled');
    await waitUntil(() => shadow(element).querySelector('[part="domains"] table'), 'the domains following it', { timeout: 10_000 });
    await expect(element).to.be.accessible();
  });

  it('zh_CN: the same view in Chinese', async () => {
    const element = await open({ view: 'global-domain-config' }, 'zh-CN');
    await cardsShown(element);
    expect(card(element, 'region_block').querySelector('h3')!.textContent).to.equal('区域封禁');
    expect(shadow(element).querySelector('h2')!.textContent).to.equal('全局策略');
    await expect(element).to.be.accessible();
  });

  it('rules §4: turning a card on asks for confirmation; cancel keeps it off, confirm saves it through /v5', async () => {
    const element = await open({ view: 'strategy', scope: 'global', 'business-id': globalId });
    await cardsShown(element);
    const toggle = () => card(element, 'csrf').querySelector<HTMLInputElement>('input[role="switch"]')!;
    toggle().click();
    await waitUntil(() => shadow(element).querySelector('.p-dialog'), 'the confirmation');
    expect(dialog(element).textContent).to.contain('Turn CSRF protection on?');
    button(dialog(element), 'Cancel').click();
    await waitUntil(() => !shadow(element).querySelector('.p-dialog'));
    expect(toggle().checked).to.equal(false);
    // CSRF switched on without a path protects nothing: the server says so and the card stays off.
    toggle().click();
    await waitUntil(() => shadow(element).querySelector('.p-dialog'));
    button(dialog(element), 'Confirm').click();
    await waitUntil(() => dialog(element)?.querySelector('[part="issues"]'), 'the server issue');
    expect(dialog(element).querySelector('[part="issues"]')!.textContent).to.equal('Enter at least one path, one per line');
    button(dialog(element), 'Cancel').click();
    const webshell = () => card(element, 'ip_behavior_analysis').querySelector<HTMLInputElement>('input[role="switch"]')!;
    webshell().click();
    await waitUntil(() => shadow(element).querySelector('.p-dialog'));
    button(dialog(element), 'Confirm').click();
    await waitUntil(() => !shadow(element).querySelector('.p-dialog'), 'saved', { timeout: 10_000 });
    expect(webshell().checked).to.equal(true);
    const stored = await getSecurityCards(client, 'waf', globalId);
    expect(stored.cards.ip_behavior_analysis!.value.enabled).to.equal(true);
  });

  it('the cloud WAF editor: a block page with JavaScript gets the rules message; a save fault keeps the draft; retry saves', async () => {
    const element = await open({ view: 'strategy', scope: 'global', 'business-id': globalId });
    await cardsShown(element);
    button(card(element, 'cloud_waf'), 'Settings: Cloud WAF').click();
    await waitUntil(() => dialog(element)?.querySelector('textarea, input[type="radio"]'), 'the editor loads', { timeout: 10_000 });
    const radio = (label: string) => Array.from(dialog(element).querySelectorAll('label')).find((node) => node.textContent?.startsWith(label))!.querySelector('input')!;
    radio('Blocking').click();
    radio('Custom HTML').click();
    await waitUntil(() => dialog(element).querySelector('textarea'));
    typeText(dialog(element).querySelector('textarea')!, '<p>Blocked</p><script>alert(1)</script>');
    button(dialog(element), 'Save').click();
    await waitUntil(() => dialog(element).querySelector('[role="alert"]'), 'the message');
    expect(dialog(element).querySelector('[role="alert"]')!.textContent).to.contain('JavaScript');
    typeText(dialog(element).querySelector('textarea')!, '<p>Blocked by the site</p>');
    const restore = injectFault(/waf\/rules/, () => new Response('Internal Server Error', { status: 500 }));
    try {
      // Only the PUT fails (the page already read the cards).
      button(dialog(element), 'Save').click();
      await waitUntil(() => dialog(element).textContent!.includes('Request failed (HTTP 500)'), 'the fault is shown');
    } finally {
      restore();
    }
    expect(dialog(element).querySelector('textarea')!.value).to.equal('<p>Blocked by the site</p>');
    button(dialog(element), 'Save').click();
    await waitUntil(() => !shadow(element).querySelector('.p-dialog'), 'saved', { timeout: 10_000 });
    const stored = await getSecurityCards(client, 'waf', globalId);
    expect(stored.cards.cloud_waf!.value.block_page).to.deep.equal({ type: 'html', html: '<p>Blocked by the site</p>', url: '' });
  });

  it('shell §8: on a plan without CC protection, its cards show the plan notice and their switches are off limits', async () => {
    const previous = await setDemoPlanLevel('trial');
    try {
      const element = await open({ view: 'strategy', scope: 'global', 'business-id': globalId });
      await cardsShown(element);
      const ddos = card(element, 'application_ddos_protection');
      expect(ddos.querySelector('[part="plan-notice"]')).to.not.equal(null);
      expect(ddos.querySelector<HTMLInputElement>('input[role="switch"]')!.disabled).to.equal(true);
      expect(card(element, 'region_block').querySelector('[part="plan-notice"]')).to.equal(null);
      await expect(element).to.be.accessible();
    } finally {
      await setDemoPlanLevel(previous);
    }
  });

  it('rules §3, §5: templates: a bad name gets the rules message, a good one is listed', async () => {
    const element = await open({ view: 'more-domain-config' });
    await waitUntil(() => shadow(element).querySelector('table'), 'the template list', { timeout: 10_000 });
    button(shadow(element), 'Create template').click();
    await waitUntil(() => shadow(element).querySelector('.p-dialog'));
    const input = (label: string) => {
      const node = Array.from(dialog(element).querySelectorAll('label')).find((candidate) => candidate.textContent?.trim() === label)!;
      return dialog(element).querySelector<HTMLInputElement>(`#${CSS.escape(node.htmlFor)}`)!;
    };
    typeText(input('Template name'), 'ab');
    button(dialog(element), 'Save').click();
    await waitUntil(() => dialog(element).querySelector('.ec-error-text'), 'the message');
    expect(dialog(element).querySelector('.ec-error-text')!.textContent).to.equal('Enter 4-32 characters');
    typeText(input('Template name'), 'Browser policy');
    button(dialog(element), 'Save').click();
    await waitUntil(() => shadow(element).textContent!.includes('Browser policy'), 'listed', { timeout: 10_000 });
    await expect(element).to.be.accessible();
  });

  it('rules §4: unbinding a domain that is not bound lists it with the reason and keeps the dialog open', async () => {
    const element = await open({ view: 'more-domain-config' });
    await waitUntil(() => shadow(element).querySelector('table'), 'the template list', { timeout: 10_000 });
    button(shadow(element), 'Unbind: Strict shop protection').click();
    await waitUntil(() => dialog(element)?.querySelector('[part="picker"] input[type="checkbox"]'), 'the picker', { timeout: 10_000 });
    const www = Array.from(dialog(element).querySelectorAll('[part="picker"] label')).find((node) => node.textContent?.trim() === 'www.example.com')!;
    www.querySelector('input')!.click();
    expect(dialog(element).querySelector('[part="unbind-choice"]')).to.not.equal(null);
    button(dialog(element), 'Confirm').click();
    await waitUntil(() => dialog(element)?.querySelector('[part="bind-outcome"]'), `the outcome: ${shadow(element).textContent}`, { timeout: 10_000 });
    expect(dialog(element).querySelector('[part="bind-outcome"]')!.textContent).to.equal('www.example.com: The domain is not bound to this security template');
  });

  it('view="domain": switching to domain-specific is confirmed and copies the policy in force', async () => {
    const [id] = await addServingSites(['ws-domain-view.example.com']);
    const element = await open({ view: 'domain', 'domain-id': id!, section: 'application' });
    await cardsShown(element);
    expect(shadow(element).querySelector('[part="method"]')!.textContent).to.contain('Global policy');
    expect(shadow(element).querySelector('[part="view-only-notice"]')!.textContent).to.contain('view only');
    expect(cards(element).map((node) => node.dataset.card)).to.not.include('csrf');
    button(shadow(element), 'Switch to Domain-specific').click();
    await waitUntil(() => shadow(element).querySelector('.p-dialog'));
    expect(dialog(element).textContent).to.contain('The configuration in force is copied');
    button(dialog(element), 'Confirm').click();
    await waitUntil(async () => (await getSecurityBusiness(client, { domain_id: id! })).method?.source === 'domain', 'switched', { timeout: 10_000 });
    await waitUntil(() => !shadow(element).querySelector('[part="view-only-notice"]'), 'now its own', { timeout: 10_000 });
    // Then onto the seeded template, confirmed with its name.
    const select = () => shadow(element).querySelector<HTMLSelectElement>('#ws-method-template')!;
    await waitUntil(() => select() && select().options.length > 1, 'the templates are offered');
    select().value = Array.from(select().options).find((option) => option.textContent === 'Strict shop protection')!.value;
    select().dispatchEvent(new Event('change', { bubbles: true }));
    await waitUntil(() => !button(shadow(element), 'Switch to Template').disabled);
    button(shadow(element), 'Switch to Template').click();
    await waitUntil(() => shadow(element).querySelector('.p-dialog'));
    expect(dialog(element).textContent).to.contain('Bind the domain to template Strict shop protection?');
    button(dialog(element), 'Confirm').click();
    await waitUntil(async () => (await getSecurityBusiness(client, { domain_id: id! })).method?.source === 'template', 'bound', { timeout: 10_000 });
    await waitUntil(() => !shadow(element).querySelector('.p-dialog'), 'the dialog closed');
    await expect(element).to.be.accessible();
  });

  it('rules §5: batch configuration without a choice or a site gets the rules messages', async () => {
    const element = await open({ view: 'domain-batch-config' });
    await waitUntil(() => shadow(element).querySelector('[part="batch-cards"]'));
    button(shadow(element), 'Apply').click();
    await waitUntil(() => shadow(element).querySelector('.ec-ws-issues'), 'the messages');
    expect(shadow(element).querySelector('.ec-ws-issues')!.textContent).to.contain('Please select a domain');
    await expect(element).to.be.accessible();
  });

  it('rules §6: a read-only sub-account sees the policy view-only', async () => {
    await signInAsDemoViewer();
    try {
      const element = await open({ view: 'strategy', scope: 'global', 'business-id': globalId });
      await cardsShown(element);
      expect(shadow(element).querySelector('[part="view-only-notice"]')).to.not.equal(null);
      expect(cards(element).every((node) => node.querySelector<HTMLInputElement>('input[role="switch"]')!.disabled)).to.equal(true);
    } finally {
      await signInAsDemoParent();
    }
  });

  it('shell §9: the domains following a policy are paged and searched (a policy may reach a thousand domains)', async () => {
    await addServingSites(Array.from({ length: 12 }, (_, index) => `p${index}.ws-paging.example.com`));
    const element = await open({ view: 'global-domain-config' });
    const domains = () => Array.from(shadow(element).querySelectorAll('[part="domains"] tbody tr td:first-child')).map((cell) => cell.textContent);
    await waitUntil(() => shadow(element).querySelector('[part="domains"] [part="pagination"]'), 'the pager shows', { timeout: 10_000 });
    const first = domains();
    expect(first).to.have.length(10);
    shadow(element).querySelector<HTMLButtonElement>('[part="domains"] .p-paginator-next')!.click();
    await waitUntil(() => domains().length > 0 && domains()[0] !== first[0], 'the second page shows', { timeout: 10_000 });
    expect(domains().some((domain) => first.includes(domain))).to.equal(false);
    const search = shadow(element).querySelector<HTMLInputElement>('[part="domains"] input')!;
    typeText(search, 'p11.ws-paging');
    await waitUntil(() => domains().length === 1 && domains()[0] === 'p11.ws-paging.example.com', 'the search finds one', { timeout: 10_000 });
    expect(shadow(element).querySelector('[part="domains"] [part="pagination"]')).to.equal(null);
  });
});
