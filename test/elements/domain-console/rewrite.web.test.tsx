/**
 * The URI rewrite and redirects tab of `<ec-domain-console>` in headless Chromium against the real reference server
 * (issue 20): rules §3 URI rewrite (method, original URI, rewrite URI, priority), rules §5 URI rewrite ("starts with
 * /", "only / is forbidden", "at least one rule", path replacement ends with /) and Redirect (port 0-65535, http(s)
 * target, implicit forwarding not to HTTP while HTTPS is on); priority reorder by keyboard; rules §6 read grant
 * view-only; a failed save keeps what was typed; both languages; axe.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/domain-console/element.js';
import { createApiClient } from '../../../core/api/client.js';
import { getDomainSettings, saveDomainSettings } from '../../../core/api/endpoints/domain-settings.js';
import { listDomainPicker } from '../../../core/api/endpoints/platform.js';
import { sessionToken } from '../../../core/session/session.js';
import type { UpstreamRedirectGroup, UpstreamUriChangeGroup } from '../../../core/settings/https.js';
import { signInAsDemoParent, signInAsDemoViewer } from '../../helpers/api-session.js';
import { QUICK_SAVE_FAULTS } from '../../helpers/save-faults.js';

const api = createApiClient({ base: '/api', getToken: () => sessionToken.value, getLanguage: () => 'en_US', notify: () => undefined });
const ids: Record<string, number> = {};
const shadow = (element: Element) => element.shadowRoot!;
const text = (element: Element) => shadow(element).textContent ?? '';

async function rendered(domain: string, lang = 'en-US'): Promise<HTMLElement> {
  const element = await fixture<HTMLElement>(html`<ec-domain-console lang=${lang} domain-id=${ids[domain]} tab="rewrite"></ec-domain-console>`);
  await waitUntil(() => shadow(element).querySelector('[part="group"], [part="error-state"]'), 'the tab settles', { timeout: 10000 });
  return element;
}

/** The section of a group by its heading. */
function section(element: HTMLElement, title: string): HTMLElement {
  const found = Array.from(shadow(element).querySelectorAll<HTMLElement>('section')).find((candidate) => candidate.querySelector('h3')?.textContent === title);
  if (!found) throw new Error(`no section ${title}`);
  return found;
}
const rewrite = (element: HTMLElement) => section(element, 'URI rewrite');
const redirects = (element: HTMLElement) => section(element, 'Redirects');

function button(root: ParentNode, label: string | RegExp): HTMLButtonElement {
  const found = Array.from(root.querySelectorAll<HTMLButtonElement>('button')).find((candidate) => {
    const name = candidate.getAttribute('aria-label') ?? candidate.textContent?.trim() ?? '';
    return typeof label === 'string' ? name === label || candidate.textContent?.trim() === label : label.test(name);
  });
  if (!found) throw new Error(`no button ${label}`);
  return found;
}

function field(root: HTMLElement, label: RegExp): HTMLInputElement {
  const found = Array.from(root.querySelectorAll('label')).find((candidate) => label.test(candidate.textContent ?? ''));
  if (!found) throw new Error(`no field ${label}`);
  return root.querySelector(`[id="${found.getAttribute('for')}"]`) as HTMLInputElement;
}

function type(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

function messageOf(root: HTMLElement, label: RegExp): string {
  return field(root, label).closest('.ec-field')?.querySelector('.ec-error-text')?.textContent ?? '';
}

async function choose(element: HTMLElement, root: HTMLElement, label: RegExp, option: string): Promise<void> {
  field(root, label).closest('.p-dropdown')!.querySelector<HTMLElement>('.p-dropdown-trigger')!.click();
  await waitUntil(() => shadow(element).querySelectorAll('.p-dropdown-panel li[role="option"]').length > 0, 'options open');
  const item = Array.from(shadow(element).querySelectorAll<HTMLElement>('.p-dropdown-panel li[role="option"]')).find((candidate) => candidate.textContent?.trim() === option);
  if (!item) throw new Error(`no option ${option}`);
  item.click();
  await waitUntil(() => shadow(element).querySelectorAll('.p-dropdown-panel').length === 0, 'the panel closes');
}

async function setGroups(domain: string, uri: UpstreamUriChangeGroup, redirect: UpstreamRedirectGroup): Promise<void> {
  const groups = await getDomainSettings(api, ids[domain]!, ['upstream_uri_change', 'upstream_redirect'] as const);
  await saveDomainSettings(api, {
    domain_id: ids[domain]!,
    group: {
      upstream_uri_change: { revision: groups.upstream_uri_change.revision, value: uri },
      upstream_redirect: { revision: groups.upstream_redirect.revision, value: redirect },
    },
  });
}
const empty = () => ({ status: 'off' as const, rules: [] });

function inject(match: RegExp, answer: (url: string, init: RequestInit | undefined) => Promise<Response>): () => void {
  const realFetch = window.fetch;
  window.fetch = (input, init) => (match.test(String(input)) ? answer(String(input), init) : realFetch(input, init));
  return () => {
    window.fetch = realFetch;
  };
}

describe('<ec-domain-console> URI rewrite and redirects tab (rules §3 URI rewrite, §5, §6)', () => {
  before(async () => {
    await signInAsDemoParent();
    for (const item of (await listDomainPicker(api)).list) ids[item.domain] = item.domain_id;
  });

  afterEach(async () => {
    for (const key of Object.keys(sessionStorage)) if (key.includes('domain-console:')) sessionStorage.removeItem(key);
    for (const domain of ['m.example.com', 'www.example.com']) await setGroups(domain, empty(), empty());
  });

  it('shows both groups with their empty states and the rule count', async () => {
    const element = await rendered('m.example.com');
    expect(rewrite(element).querySelector('[part="empty-state"]')!.textContent).to.equal('No rewrite rules yet.');
    expect(redirects(element).querySelector('[part="empty-state"]')!.textContent).to.equal('No redirects yet.');
    expect(text(element)).to.contain('0 of 100 rules');
  });

  it('rules §5 URI rewrite: at least one rule, starts with /, not / alone, path replacement ends with /', async () => {
    const element = await rendered('m.example.com');
    const form = rewrite(element);
    field(form, /^Enable URI rewrite$/).click();
    button(form, 'Save').click();
    await waitUntil(() => form.querySelector('[role="alert"]')?.textContent === 'Add at least one rule', 'at least one rule');
    button(form, 'Add rule').click();
    button(form, 'Add rule').click();
    button(form, 'Add rule').click();
    await waitUntil(() => form.querySelectorAll('tbody tr').length === 3);
    type(field(form, /^Original URI, rule 1$/), 'old');
    type(field(form, /^Rewrite URI, rule 1$/), '/new');
    type(field(form, /^Original URI, rule 2$/), '/a');
    type(field(form, /^Rewrite URI, rule 2$/), '/');
    await choose(element, form, /^Matching method, rule 3$/, 'Path replacement');
    type(field(form, /^Original URI, rule 3$/), '/img');
    type(field(form, /^Rewrite URI, rule 3$/), '/pictures');
    await waitUntil(() => field(form, /^Rewrite URI, rule 3$/).value === '/pictures');
    button(form, 'Save').click();
    await waitUntil(() => messageOf(form, /^Original URI, rule 1$/) !== '', 'messages show');
    expect(messageOf(form, /^Original URI, rule 1$/)).to.equal('Please start with /');
    expect(messageOf(form, /^Rewrite URI, rule 2$/)).to.equal('The rewrite URI cannot be / alone');
    expect(messageOf(form, /^Original URI, rule 3$/)).to.equal('Path replacement URIs must end with /');
    expect(messageOf(form, /^Rewrite URI, rule 3$/)).to.equal('Path replacement URIs must end with /');
    type(field(form, /^Original URI, rule 2$/), '/img');
    type(field(form, /^Original URI, rule 1$/), '/img');
    await waitUntil(() => messageOf(form, /^Original URI, rule 2$/) === 'The same rule already exists above');
    type(field(form, /^Rewrite URI, rule 1$/), '');
    await waitUntil(() => messageOf(form, /^Rewrite URI, rule 1$/) === 'Please fill in');
  });

  it('reorders rules with the keyboard, announces the move and saves the priorities', async () => {
    const element = await rendered('m.example.com');
    const form = rewrite(element);
    field(form, /^Enable URI rewrite$/).click();
    for (const [source, target] of [['/first', '/one'], ['/second', '/two']]) {
      button(form, 'Add rule').click();
      await waitUntil(() => form.querySelectorAll('tbody tr').length > 0);
      const index = form.querySelectorAll('tbody tr').length;
      type(field(form, new RegExp(`^Original URI, rule ${index}$`)), source!);
      type(field(form, new RegExp(`^Rewrite URI, rule ${index}$`)), target!);
    }
    const down = button(form, 'Move rule 1 down');
    down.focus();
    down.click();
    await waitUntil(() => field(form, /^Original URI, rule 1$/).value === '/second', 'moved');
    expect(text(element)).to.contain('Rule moved to priority 2.');
    expect(button(form, 'Move rule 1 up').disabled).to.equal(true);
    const saved = oneEvent(element, 'ec-domain-settings-saved');
    button(form, 'Save').click();
    await saved;
    const { upstream_uri_change } = await getDomainSettings(api, ids['m.example.com']!, ['upstream_uri_change'] as const);
    expect(upstream_uri_change.value).to.deep.equal({
      status: 'on',
      rules: [
        { method: 'prefix', source: '/second', target: '/two', priority: 1 },
        { method: 'prefix', source: '/first', target: '/one', priority: 2 },
      ],
    });
  });

  it('rules §5 Redirect: port 0-65535, path starts with /, target http(s); implicit forwarding to http refused with HTTPS on', async () => {
    const element = await rendered('www.example.com');
    const form = redirects(element);
    expect(form.querySelector('[part="https-note"]')!.textContent).to.contain('implicit forwarding must go to an https:// address');
    field(form, /^Enable redirects$/).click();
    button(form, 'Add redirect').click();
    await waitUntil(() => form.querySelectorAll('tbody tr').length === 1);
    expect(field(form, /^Port, redirect 1$/).value).to.equal('80', 'rules §5 default 80');
    type(field(form, /^Port, redirect 1$/), '65536');
    type(field(form, /^Path, redirect 1$/), 'shop');
    type(field(form, /^Target URL, redirect 1$/), 'ftp://example.com');
    await waitUntil(() => field(form, /^Target URL, redirect 1$/).value === 'ftp://example.com');
    button(form, 'Save').click();
    await waitUntil(() => messageOf(form, /^Port, redirect 1$/) !== '', 'messages show');
    expect(messageOf(form, /^Port, redirect 1$/)).to.equal('Port Error: enter 0-65535');
    expect(messageOf(form, /^Path, redirect 1$/)).to.equal('Please start with /');
    expect(messageOf(form, /^Target URL, redirect 1$/)).to.equal('The URL must begin with http:// or https://');
    type(field(form, /^Port, redirect 1$/), '0');
    type(field(form, /^Path, redirect 1$/), '/shop');
    await choose(element, form, /^Type, redirect 1$/, 'Implicit forwarding');
    type(field(form, /^Target URL, redirect 1$/), 'http://origin.example.com/');
    await waitUntil(() => messageOf(form, /^Target URL, redirect 1$/) === 'With HTTPS on, implicit forwarding must go to an https:// address');
    expect(messageOf(form, /^Port, redirect 1$/)).to.equal('');
    type(field(form, /^Target URL, redirect 1$/), 'https://origin.example.com/');
    const saved = oneEvent(element, 'ec-domain-settings-saved');
    button(form, 'Save').click();
    await saved;
    const { upstream_redirect } = await getDomainSettings(api, ids['www.example.com']!, ['upstream_redirect'] as const);
    expect(upstream_redirect.value.rules).to.deep.equal([{ source_port: 0, source_path: '/shop', target: 'https://origin.example.com/', kind: 'implicit' }]);
  });

  for (const fault of QUICK_SAVE_FAULTS.slice(0, 2)) {
    it(`a failed save (${fault.name}) shows the message and keeps the rules typed`, async () => {
      const element = await rendered('m.example.com');
      const form = rewrite(element);
      button(form, 'Add rule').click();
      await waitUntil(() => form.querySelectorAll('tbody tr').length === 1);
      type(field(form, /^Original URI, rule 1$/), '/kept');
      type(field(form, /^Rewrite URI, rule 1$/), '/still-here');
      await waitUntil(() => field(form, /^Rewrite URI, rule 1$/).value === '/still-here');
      const restore = inject(/web\.domain\.set\.save/, (url, init) => fault.answer(url, init));
      try {
        button(form, 'Save').click();
        await waitUntil(() => form.querySelector('[role="alert"]')?.textContent?.includes(fault.message), 'the fault is reported');
      } finally {
        restore();
      }
      expect(field(form, /^Original URI, rule 1$/).value).to.equal('/kept');
      expect(field(form, /^Rewrite URI, rule 1$/).value).to.equal('/still-here');
    });
  }

  it('rules §6: a sub-account with a read grant sees the rules view-only', async () => {
    await setGroups('www.example.com', { status: 'on', rules: [{ method: 'exact', source: '/a', target: '/b', priority: 1 }] }, empty());
    await signInAsDemoViewer();
    try {
      const element = await rendered('www.example.com');
      for (const form of [rewrite(element), redirects(element)]) {
        expect(form.querySelector('[part="readonly-notice"]')).to.not.equal(null);
        expect(form.querySelector('fieldset')!.disabled).to.equal(true);
        expect(form.querySelectorAll('button').length, 'no add, move, remove or save').to.equal(0);
      }
      expect(field(rewrite(element), /^Original URI, rule 1$/).value).to.equal('/a');
      await expect(element).to.be.accessible();
    } finally {
      await signInAsDemoParent();
    }
  });

  it('renders in Chinese', async () => {
    const element = await rendered('m.example.com', 'zh-CN');
    expect(text(element)).to.contain('URI 重写').and.contain('重定向').and.contain('暂无重写规则。');
  });

  it('is accessible in both languages (axe), with rules and messages shown', async () => {
    await setGroups('m.example.com', { status: 'on', rules: [{ method: 'prefix', source: '/a', target: '/b', priority: 1 }] }, {
      status: 'on',
      rules: [{ source_port: 80, source_path: '/', target: 'https://example.com/', kind: 301 }],
    });
    for (const lang of ['zh-CN', 'en-US']) {
      const element = await rendered('m.example.com', lang);
      await expect(element).to.be.accessible();
    }
    const element = await rendered('m.example.com');
    type(field(rewrite(element), /^Original URI, rule 1$/), 'x');
    button(rewrite(element), 'Save').click();
    await waitUntil(() => messageOf(rewrite(element), /^Original URI, rule 1$/) !== '');
    await expect(element).to.be.accessible();
  });
});
