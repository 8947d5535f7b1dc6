/**
 * `<ec-cache-rules>` alone on a page, in headless Chromium against the real reference server: rules §3 fields and
 * the evaluation model, rules §5 / §8 / §9 limits and messages (name 64, one year, 200 + 200 entries), the rules §9
 * default rule and the built-in rules read-only, rules §6 regular expressions gated by plan and synchronized
 * strategies view-only, reorder by keyboard and "Move to position", the cache tester, events, both languages, axe,
 * loading and error states.
 */
import { expect, fixture, html, nextFrame, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/cache-rules/element.js';
import { createApiClient } from '../../../core/api/client.js';
import { getDomainSettings, saveDomainSettings, type CacheRuleSave } from '../../../core/api/endpoints/domain-settings.js';
import { listDomainPicker } from '../../../core/api/endpoints/platform.js';
import { newCacheRule, type CacheRuleInput } from '../../../core/rules/cache.js';
import { currentUser, sessionToken } from '../../../core/session/session.js';
import { signInAsDemoChild, signInAsDemoParent, signInAsDemoViewer } from '../../helpers/api-session.js';
import { expectOneLook } from '../../helpers/one-look.js';

const api = createApiClient({ base: '/api', getToken: () => sessionToken.value, getLanguage: () => 'en_US', notify: () => undefined });
const ids: Record<string, number> = {};
const shadow = (element: Element) => element.shadowRoot!;
const text = (element: Element) => shadow(element).textContent ?? '';

async function rendered(markup: ReturnType<typeof html>): Promise<HTMLElement> {
  const element = await fixture<HTMLElement>(markup);
  await waitUntil(() => shadow(element).querySelector('.ec-cache-table, [part="error-state"], [role="alert"]'), 'the rules settle', { timeout: 8000 });
  return element;
}

function button(root: ParentNode, label: string | RegExp): HTMLButtonElement {
  const found = Array.from(root.querySelectorAll<HTMLButtonElement>('button')).find((candidate) => {
    const name = candidate.getAttribute('aria-label') ?? candidate.textContent?.trim() ?? '';
    return typeof label === 'string' ? name === label || candidate.textContent?.trim() === label : label.test(name);
  });
  if (!found) throw new Error(`no button ${label}`);
  return found;
}

/** Types into an input the way React notices. */
function type(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!;
  setter.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Waits for a dialog's opening animation: axe would measure contrast on half-transparent text. */
const openAnimation = () => new Promise((resolve) => setTimeout(resolve, 600));

const dialog = (element: HTMLElement) => shadow(element).querySelector<HTMLElement>('[role="dialog"]')!;

function field(root: ParentNode & { getElementById?: unknown }, element: HTMLElement, label: RegExp): HTMLInputElement {
  const found = Array.from(root.querySelectorAll('label')).find((candidate) => label.test(candidate.textContent ?? ''));
  if (!found) throw new Error(`no field ${label}`);
  return shadow(element).getElementById(found.getAttribute('for')!) as HTMLInputElement;
}

async function openAdd(element: HTMLElement): Promise<HTMLElement> {
  button(shadow(element), 'Add rule').click();
  await waitUntil(() => dialog(element), 'the rule dialog opens', { timeout: 5000 });
  expectOneLook(shadow(element).querySelector('[part="dialog"]')!);
  return dialog(element);
}

async function fillRule(element: HTMLElement, name: string, content: string): Promise<void> {
  const form = dialog(element);
  type(field(form, element, /^Rule name$/), name);
  type(form.querySelector<HTMLInputElement>('[part="match-section"] .ec-multi-value input')!, content);
  await waitUntil(() => form.querySelector<HTMLInputElement>('[part="match-section"] .ec-multi-value input')!.value === content);
}

/** A Dropdown's hidden input by its label, or by its accessible name when it has no visible label (a unit). */
function dropdownInput(element: HTMLElement, within: HTMLElement, name: RegExp): HTMLElement {
  const named = Array.from(within.querySelectorAll<HTMLElement>('.p-dropdown input[aria-label]')).find((input) => name.test(input.getAttribute('aria-label')!));
  return named ?? field(within, element, name);
}

/** Clicks a radio button or checkbox by its label. */
function check(element: HTMLElement, within: HTMLElement, label: RegExp): void {
  field(within, element, label).click();
}

async function choose(element: HTMLElement, within: HTMLElement, labelText: RegExp, option: string): Promise<void> {
  const input = dropdownInput(element, within, labelText);
  input.closest('.p-dropdown')!.querySelector<HTMLElement>('.p-dropdown-trigger')!.click();
  await waitUntil(() => shadow(element).querySelectorAll('.p-dropdown-panel li[role="option"]').length > 0, 'options open');
  const item = Array.from(shadow(element).querySelectorAll<HTMLElement>('.p-dropdown-panel li[role="option"]')).find((candidate) => candidate.textContent?.trim() === option);
  if (!item) throw new Error(`no option ${option}`);
  item.click();
  await waitUntil(() => shadow(element).querySelectorAll('.p-dropdown-panel').length === 0, 'the panel closes');
}

const rowNames = (element: HTMLElement) =>
  Array.from(shadow(element).querySelectorAll('tr[data-kind="custom"]')).map((row) => row.querySelectorAll('td')[1]!.textContent);

async function setRules(domain: string, rules: CacheRuleSave[]): Promise<void> {
  const { cdn_advance_cache } = await getDomainSettings(api, ids[domain]!, ['cdn_advance_cache'] as const);
  await saveDomainSettings(api, { domain_id: ids[domain]!, group: { cdn_advance_cache: { revision: cdn_advance_cache.revision, rules } } });
}
const rule = (fields: Partial<CacheRuleInput>): CacheRuleInput => ({ ...newCacheRule(), name: 'Images', match_content: 'png', ...fields });

/** Fault injection (DESIGN §5): answers matching calls with `answer`, passes the rest to the real server. */
function inject(match: RegExp, answer: () => Response): () => void {
  const realFetch = window.fetch;
  window.fetch = (input, init) => (match.test(String(input)) ? Promise.resolve(answer()) : realFetch(input, init));
  return () => {
    window.fetch = realFetch;
  };
}
const envelope = (data: unknown) => new Response(JSON.stringify({ status: { code: 1, message: '' }, data }), { status: 200 });

describe('<ec-cache-rules> (rules §3, §5, §6, §8, §9 cache; shell §7 domain settings groups)', () => {
  before(async () => {
    await signInAsDemoParent();
    for (const item of (await listDomainPicker(api)).list) ids[item.domain] = item.domain_id;
  });

  it('lists the rules in evaluation order: built-in first, the domain rules by priority, the default rule of rules §9 last', async () => {
    const element = await rendered(html`<ec-cache-rules lang="en-US" domain-id=${ids['www.example.com']}></ec-cache-rules>`);
    const kinds = Array.from(shadow(element).querySelectorAll('tbody tr')).map((row) => row.getAttribute('data-kind'));
    expect(kinds).to.deep.equal(['built-in', 'custom', 'custom', 'custom', 'default']);
    expect(rowNames(element)).to.deep.equal(['Sign-in and account pages', 'Static assets', 'Mobile pages']);
    const defaults = shadow(element).querySelector('tr[data-kind="default"]')!;
    expect(defaults.textContent).to.contain('200: 2 h').and.contain('206: 2 h').and.contain('404: 10 s').and.contain('other status codes are not cached');
    expect(defaults.textContent).to.contain('10.00% of the time since Last-Modified, between 10 s and 1 h');
    expect(defaults.textContent).to.contain('The default rule cannot be edited or deleted');
    for (const row of shadow(element).querySelectorAll('tr[data-kind="default"], tr[data-kind="built-in"]')) expect(row.querySelector('button')).to.equal(null);
    expect(shadow(element).querySelector('tr[data-kind="built-in"]')!.textContent).to.contain('Dynamic pages').and.contain('Built-in rules are read-only');
    expect(shadow(element).querySelector('[part="evaluation-model"]')!.textContent).to.contain('The first enabled rule whose request rule and matching content both match decides');
    expect(text(element)).to.contain('Cache entries: 2/200').and.contain('Non-cache entries: 1/200');
  });

  it('adds a rule with every section of the form, emits ec-cache-rule-saved and shows it last', async () => {
    await setRules('m.example.com', []);
    const element = await rendered(html`<ec-cache-rules lang="en-US" domain-id=${ids['m.example.com']}></ec-cache-rules>`);
    expect(shadow(element).querySelector('[part="empty-state"]')).to.not.equal(null);
    const form = await openAdd(element);
    await fillRule(element, 'Pictures', 'png');
    await choose(element, form, /^Browser cache TTL$/, 'Set max-age');
    type(field(form, element, /^Browser max-age$/), '10');
    await choose(element, form, /^Query string$/, 'Ignore all parameters');
    const saved = oneEvent(element, 'ec-cache-rule-saved');
    button(form, 'Save').click();
    const { detail } = await saved;
    expect(detail).to.include({ domain_id: ids['m.example.com'], name: 'Pictures', created: true });
    await waitUntil(() => rowNames(element).includes('Pictures'), 'the new rule is listed');
    const row = shadow(element).querySelector('tr[data-kind="custom"]')!;
    expect(row.textContent).to.contain('File extension: png').and.contain('1 day').and.contain('10 hours').and.contain('Enabled');
  });

  it('rules §5: name at most 64, durations at most one year, matching content required, with the messages inline', async () => {
    const element = await rendered(html`<ec-cache-rules lang="en-US" domain-id=${ids['m.example.com']}></ec-cache-rules>`);
    const form = await openAdd(element);
    type(field(form, element, /^Rule name$/), 'n'.repeat(65));
    type(field(form, element, /^Edge cache TTL$/), '2');
    await choose(element, form, /^Unit of Edge cache TTL$/, 'Years');
    button(form, 'Save').click();
    await waitUntil(() => form.textContent!.includes('At most 64 characters'), 'the name message');
    expect(form.textContent).to.contain('The cache duration can be at most one year');
    expect(form.textContent).to.contain('Please fill in');
    await openAnimation();
    // PrimeReact's modal focus trap uses two aria-hidden sentinels with tabindex 0 to wrap focus; axe flags them.
    await expect(element).to.be.accessible({ ignoredRules: ['aria-hidden-focus'] });
  });

  it('rules §5 / §8: at most 200 cache entries, "The number of cache rules has reached the maximum"', async () => {
    await setRules('m.example.com', Array.from({ length: 200 }, (_, index) => rule({ name: `Cache ${index}` })));
    const element = await rendered(html`<ec-cache-rules lang="en-US" domain-id=${ids['m.example.com']}></ec-cache-rules>`);
    expect(text(element)).to.contain('Cache entries: 200/200');
    const form = await openAdd(element);
    await fillRule(element, 'One more', 'gif');
    button(form, 'Save').click();
    await waitUntil(() => form.textContent!.includes('The number of cache rules has reached the maximum (200)'), 'the limit message');
    // A non-cache entry still fits: the two limits are separate.
    check(element, form, /^Do not cache$/);
    const saved = oneEvent(element, 'ec-cache-rule-saved');
    button(form, 'Save').click();
    await saved;
    await waitUntil(() => text(element).includes('Non-cache entries: 1/200'));
    await setRules('m.example.com', []);
  });

  it('rules §6: without cache_regex the fuzzy type is unavailable and the notice links to the upgrade page (online edition)', async () => {
    const restore = inject(/member\.plan\.actions/, () => envelope({ actions: ['domain_add'], package_allow: {} }));
    currentUser.value = { ...currentUser.value!, flag: 1 };
    try {
      const element = await rendered(html`<ec-cache-rules lang="en-US" domain-id=${ids['shop.example.com']}></ec-cache-rules>`);
      const form = await openAdd(element);
      expect(form.textContent).to.contain('Regular expressions in cache rules need a business or flagship plan');
      dropdownInput(element, form, /^Cache type$/).closest('.p-dropdown')!.querySelector<HTMLElement>('.p-dropdown-trigger')!.click();
      await waitUntil(() => shadow(element).querySelectorAll('.p-dropdown-panel li[role="option"]').length > 0);
      const fuzzy = Array.from(shadow(element).querySelectorAll('.p-dropdown-panel li[role="option"]')).find((item) => item.textContent!.startsWith('Fuzzy'))!;
      expect(fuzzy.getAttribute('aria-disabled')).to.equal('true');
      const navigate = oneEvent(element, 'ec-navigate');
      button(form, 'Upgrade plan').click();
      expect((await navigate).detail.route).to.equal('cloud-speed-new-domain-management-packages');
    } finally {
      restore();
    }
  });

  it('rules §6: a regex operator in the custom expression is refused without the plan; a work order is offered offline', async () => {
    const restore = inject(/member\.plan\.actions/, () => envelope({ actions: ['domain_add'], package_allow: {} }));
    currentUser.value = { ...currentUser.value!, flag: 2 };
    try {
      const element = await rendered(html`<ec-cache-rules lang="en-US" domain-id=${ids['shop.example.com']}></ec-cache-rules>`);
      const form = await openAdd(element);
      expect(form.textContent).to.contain('Submit a work order');
      await fillRule(element, 'Bots', 'png');
      check(element, form, /^Custom expression$/);
      await waitUntil(() => form.querySelector('[part="condition-builder"]'), 'the builder shows');
      button(form, 'Add condition').click();
      await waitUntil(() => form.querySelector('[part="condition"]'));
      const condition = form.querySelector<HTMLElement>('[part="condition"]')!;
      const dropdowns = condition.querySelectorAll<HTMLElement>('.ec-condition-head .p-dropdown');
      dropdowns[dropdowns.length - 1]!.click();
      await waitUntil(() => shadow(element).querySelectorAll('.p-dropdown-panel li[role="option"]').length > 0);
      Array.from(shadow(element).querySelectorAll<HTMLElement>('.p-dropdown-panel li[role="option"]')).find((item) => item.textContent!.startsWith('matches regex'))!.click();
      await waitUntil(() => form.querySelector('[part="rule-preview"]')!.textContent!.includes('matches'), 'the regex operator is chosen');
      type(condition.querySelector<HTMLInputElement>('.ec-multi-value input')!, '^/a');
      await waitUntil(() => form.querySelector('[part="rule-preview"]')!.textContent!.includes('"^/a"'), 'the pattern is typed');
      button(form, 'Save').click();
      await waitUntil(() => condition.textContent!.includes('Regular expressions in cache rules need a business or flagship plan'), 'the operator is refused');
    } finally {
      restore();
    }
  });

  it('issue 19: the title names the domain whose rules are shown', async () => {
    const element = await rendered(html`<ec-cache-rules lang="en-US" domain-id=${ids['www.example.com']}></ec-cache-rules>`);
    expect(shadow(element).querySelector('[part="title"]')!.textContent).to.equal('Cache rules of www.example.com');
    const zh = await rendered(html`<ec-cache-rules lang="zh-CN" domain-id=${ids['www.example.com']}></ec-cache-rules>`);
    expect(shadow(zh).querySelector('[part="title"]')!.textContent).to.equal('www.example.com 的缓存规则');
  });

  it('rules §6; issue 19: a viewer sees the rules read-only: the add button denied with its reason, view-only rows', async () => {
    await signInAsDemoViewer();
    try {
      for (const lang of ['en-US', 'zh-CN']) {
        const element = await rendered(html`<ec-cache-rules lang=${lang} domain-id=${ids['www.example.com']}></ec-cache-rules>`);
        await waitUntil(() => shadow(element).querySelector('[part="read-only-notice"]'), 'the module is read-only');
        const add = button(shadow(element), lang === 'en-US' ? 'Add rule' : /添加/);
        expect(add.getAttribute('aria-disabled')).to.equal('true');
        add.click();
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(dialog(element), 'a denied button opens nothing').to.equal(null);
        const rows = shadow(element).querySelectorAll('tr[data-kind="custom"]');
        expect(rows.length).to.be.above(0);
        for (const row of Array.from(rows)) {
          expect(row.querySelector('button'), 'no action in a view-only row').to.equal(null);
          expect(row.querySelector('.ec-read-only-mark')).to.not.equal(null);
        }
        await expect(element).to.be.accessible();
      }
    } finally {
      await signInAsDemoParent();
    }
  });

  it('rules §6; issue 19: a child that manages some websites but not this one is told so about this website', async () => {
    await signInAsDemoChild();
    try {
      const element = await rendered(html`<ec-cache-rules lang="en-US" domain-id=${ids['api.example.com']}></ec-cache-rules>`);
      if (shadow(element).querySelector('[role="alert"]')) return; // outside the grant altogether: nothing to show
      const notice = shadow(element).querySelector('[part="read-only-notice"]');
      expect(notice?.textContent).to.contain('may only view');
      expect(button(shadow(element), 'Add rule').getAttribute('aria-disabled')).to.equal('true');
    } finally {
      await signInAsDemoParent();
    }
  });

  it('rules §6: globally synchronized strategies are view-only', async () => {
    const element = await rendered(html`<ec-cache-rules lang="en-US" domain-id=${ids['blog.example.org']}></ec-cache-rules>`);
    expect(shadow(element).querySelector('[part="readonly-notice"]')!.textContent).to.contain('Globally synchronized strategies are view-only');
    expect(button(shadow(element), 'Add rule').getAttribute('aria-disabled'), 'denied, with the reason').to.equal('true');
    expect(shadow(element).querySelector('tr[data-kind="custom"] button')).to.equal(null);
  });

  it('mode="readonly" hides every change; the browser cache switch emits ec-browser-cache-changed', async () => {
    const readonly = await rendered(html`<ec-cache-rules lang="en-US" mode="readonly" domain-id=${ids['www.example.com']}></ec-cache-rules>`);
    expect(() => button(shadow(readonly), 'Add rule')).to.throw();
    expect(shadow(readonly).querySelector('tr[data-kind="custom"] button')).to.equal(null);
    expect(shadow(readonly).querySelector('[part="readonly-notice"]')).to.equal(null);

    const element = await rendered(html`<ec-cache-rules lang="en-US" domain-id=${ids['api.example.com']}></ec-cache-rules>`);
    const off = oneEvent(element, 'ec-browser-cache-changed');
    field(shadow(element).querySelector<HTMLElement>('[part="toolbar"]')!, element, /^Browser cache$/).click();
    expect((await off).detail).to.deep.equal({ domain_id: ids['api.example.com'], status: 'off' });
    const on = oneEvent(element, 'ec-browser-cache-changed');
    field(shadow(element).querySelector<HTMLElement>('[part="toolbar"]')!, element, /^Browser cache$/).click();
    expect((await on).detail.status).to.equal('on');
  });

  it('reorders with the arrow keys on the handle and with "Move to position"; emits ec-cache-rules-reordered', async () => {
    await setRules('api.example.com', [rule({ name: 'First' }), rule({ name: 'Second', match_content: 'gif' }), rule({ name: 'Third', match_content: 'css' })]);
    const element = await rendered(html`<ec-cache-rules lang="en-US" domain-id=${ids['api.example.com']}></ec-cache-rules>`);
    const handle = shadow(element).querySelector<HTMLButtonElement>('tr[data-kind="custom"] .ec-drag-handle')!;
    const reordered = oneEvent(element, 'ec-cache-rules-reordered');
    handle.focus();
    handle.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    await reordered;
    await waitUntil(() => text(element).includes('"First" moved to priority 2.'), 'First moved down');
    expect(rowNames(element)).to.deep.equal(['Second', 'First', 'Third']);
    await waitUntil(() => shadow(element).activeElement?.closest('tr')?.textContent?.includes('First'), 'focus stays on the moved rule');

    button(shadow(element), 'Move Third to a position').click();
    await waitUntil(() => dialog(element));
    type(field(dialog(element), element, /New priority/), '9');
    button(dialog(element), 'Move').click();
    await waitUntil(() => dialog(element).textContent!.includes('Enter a whole number from 1 to 3'));
    type(field(dialog(element), element, /New priority/), '1');
    button(dialog(element), 'Move').click();
    await waitUntil(() => rowNames(element)[0] === 'Third', 'Third moved to the top');
    expect(rowNames(element)).to.deep.equal(['Third', 'Second', 'First']);

    // Dragging the handle of the last rule onto the first row.
    const rows = () => Array.from(shadow(element).querySelectorAll<HTMLElement>('tr[data-kind="custom"]'));
    const transfer = new DataTransfer();
    const drag = (target: HTMLElement, name: string) => target.dispatchEvent(new DragEvent(name, { dataTransfer: transfer, bubbles: true, composed: true, cancelable: true }));
    drag(rows()[2]!.querySelector('.ec-drag-handle')!, 'dragstart');
    await nextFrame();
    drag(rows()[0]!, 'dragover');
    drag(rows()[0]!, 'drop');
    await waitUntil(() => rowNames(element)[0] === 'First', 'First dragged to the top');
    expect(rowNames(element)).to.deep.equal(['First', 'Third', 'Second']);
  });

  it('pages the rules (shell §9 sizes): the built-in rules open the first page, the default rule closes the last', async () => {
    await setRules('api.example.com', Array.from({ length: 12 }, (_, index) => rule({ name: `Rule ${index + 1}` })));
    const element = await rendered(html`<ec-cache-rules lang="en-US" domain-id=${ids['api.example.com']}></ec-cache-rules>`);
    const kinds = () => Array.from(shadow(element).querySelectorAll('tbody tr')).map((row) => row.getAttribute('data-kind'));
    expect(kinds()).to.deep.equal(['built-in', ...Array(10).fill('custom')]);
    shadow(element).querySelector<HTMLButtonElement>('[part="pagination"] .p-paginator-next')!.click();
    await waitUntil(() => rowNames(element)[0] === 'Rule 11', 'the second page');
    expect(kinds()).to.deep.equal(['custom', 'custom', 'default']);
    await setRules('api.example.com', [rule({ name: 'Third', match_content: 'css' })]);
  });

  it('suspends and deletes a rule after confirmation', async () => {
    const element = await rendered(html`<ec-cache-rules lang="en-US" domain-id=${ids['api.example.com']}></ec-cache-rules>`);
    const third = () => Array.from(shadow(element).querySelectorAll('tr[data-kind="custom"]')).find((row) => row.textContent!.includes('Third'));
    button(shadow(element), 'Suspend Third').click();
    await waitUntil(() => third()?.textContent!.includes('Suspended'), 'Third is suspended');
    const deleted = oneEvent(element, 'ec-cache-rule-deleted');
    button(shadow(element), 'Delete Third').click();
    await waitUntil(() => shadow(element).querySelector('.p-confirm-popup'), 'the confirmation opens');
    button(shadow(element).querySelector('.p-confirm-popup')!, 'Delete').click();
    expect((await deleted).detail.name).to.equal('Third');
    await waitUntil(() => !rowNames(element).includes('Third'));
  });

  it('the cache tester shows the rule that applies, the edge and browser TTLs and the cache key', async () => {
    const element = await rendered(html`<ec-cache-rules lang="en-US" domain-id=${ids['www.example.com']}></ec-cache-rules>`);
    const tester = shadow(element).querySelector<HTMLElement>('[part="tester"]')!;
    type(field(tester, element, /^URL$/), '/static/APP.JS?v=3&utm_source=x');
    button(tester, 'Test').click();
    await waitUntil(() => tester.querySelector('[part="tester-result"]'), 'a result');
    const result = (name: string) => tester.querySelector(`[data-result="${name}"]`)!.textContent;
    expect(result('rule')).to.equal('Static assets (priority 2)');
    expect(result('edge')).to.contain('Cached for 720 h');
    expect(result('browser')).to.contain('max-age 24 h, set by the rule');
    expect(result('key')).to.equal('www.example.com/static/app.js?v=3');

    type(field(tester, element, /^URL$/), '/index.php');
    button(tester, 'Test').click();
    await waitUntil(() => result('rule') === 'Dynamic pages');
    expect(result('edge')).to.contain('Not cached');
    expect(result('key')).to.contain('None');

    type(field(tester, element, /^URL$/), 'ftp://x');
    button(tester, 'Test').click();
    await waitUntil(() => tester.textContent!.includes('Please enter a valid URL'));
  });

  it('renders in Chinese and follows the lang attribute', async () => {
    const element = await rendered(html`<ec-cache-rules lang="zh-CN" domain-id=${ids['www.example.com']}></ec-cache-rules>`);
    expect(text(element)).to.contain('生效规则说明').and.contain('默认规则').and.contain('缓存测试');
    element.setAttribute('lang', 'en-US');
    await waitUntil(() => text(element).includes('Which rule applies'));
  });

  it('is accessible in both languages (axe), the form included', async () => {
    for (const lang of ['zh-CN', 'en-US']) {
      const element = await rendered(html`<ec-cache-rules lang=${lang} domain-id=${ids['www.example.com']}></ec-cache-rules>`);
      await expect(element).to.be.accessible();
    }
    const element = await rendered(html`<ec-cache-rules lang="en-US" domain-id=${ids['www.example.com']}></ec-cache-rules>`);
    button(shadow(element), 'Edit Mobile pages').click();
    await waitUntil(() => dialog(element)?.querySelector('[part="condition"]'), 'the form with its expression');
    await openAnimation();
    await expect(element).to.be.accessible({ ignoredRules: ['aria-hidden-focus'] });
  });

  it('shows the error state with a retry when loading fails, and recovers', async () => {
    const restore = inject(/web\.domain\.set\.get/, () => new Response('upstream down', { status: 502 }));
    let element: HTMLElement;
    try {
      element = await rendered(html`<ec-cache-rules lang="en-US" domain-id=${ids['www.example.com']}></ec-cache-rules>`);
      expect(shadow(element).querySelector('[part="error-state"]')).to.not.equal(null);
    } finally {
      restore();
    }
    button(shadow(element!).querySelector('[part="error-state"]')!, /./).click();
    await waitUntil(() => shadow(element!).querySelector('.ec-cache-table'), 'retry loads the rules');
  });

  it('says so when domain-id is missing', async () => {
    const element = await rendered(html`<ec-cache-rules lang="en-US"></ec-cache-rules>`);
    expect(shadow(element).querySelector('[role="alert"]')!.textContent).to.contain('Set the domain-id attribute');
  });

  it('a save from a stale list reloads it and says the rules changed elsewhere', async () => {
    await setRules('api.example.com', [rule({ name: 'Mine' })]);
    const element = await rendered(html`<ec-cache-rules lang="en-US" domain-id=${ids['api.example.com']}></ec-cache-rules>`);
    await setRules('api.example.com', [rule({ name: 'Mine' }), rule({ name: 'Theirs', match_content: 'gif' })]);
    button(shadow(element), 'Suspend Mine').click();
    await waitUntil(() => text(element).includes('changed elsewhere and have been reloaded'), 'the conflict is reported');
    expect(rowNames(element)).to.deep.equal(['Mine', 'Theirs']);
  });
});
