/**
 * The domain console's origin tab in headless Chromium against the reference server (rules §3 "Origin",
 * "Conditional origin", "Origin health and probe"; rules §5 Origin and performance; rules §6 non-standard ports and
 * read grants; rules §9 defaults): every field's bad input shows the spec's message, saving persists, a read grant
 * is view-only, a failed save keeps what was typed, both languages, axe.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../elements/domain-console/element.js';
import { createApiClient } from '../../../core/api/client.js';
import { getDomainSettings } from '../../../core/api/endpoints/domain-settings.js';
import { listDomainPicker } from '../../../core/api/endpoints/platform.js';
import { saveDraft } from '../../../core/session/drafts.js';
import { groupsOfTab } from '../../../core/settings/catalogue.js';
import { sessionToken } from '../../../core/session/session.js';
import { signInAsDemoParent, signInAsDemoViewer } from '../../helpers/api-session.js';
import { QUICK_SAVE_FAULTS } from '../../helpers/save-faults.js';

const api = createApiClient({ base: '/api', getToken: () => sessionToken.value, getLanguage: () => 'en_US', notify: () => undefined });
const ids: Record<string, number> = {};
const shadow = (element: Element) => element.shadowRoot!;

async function rendered(domain: string, lang = 'en-US'): Promise<HTMLElement> {
  const element = await fixture<HTMLElement>(html`<ec-domain-console lang=${lang} domain-id=${ids[domain]}></ec-domain-console>`);
  await waitUntil(() => shadow(element).querySelector('[part~="origin-tab"], [part="error-state"]'), 'the origin tab settles', { timeout: 10000 });
  return element;
}

/** The section of a group by its heading. */
function section(element: HTMLElement, heading: string | RegExp): HTMLElement {
  const found = Array.from(shadow(element).querySelectorAll<HTMLElement>('section.ec-settings-group')).find((candidate) => {
    const title = candidate.querySelector('h3')?.textContent ?? '';
    return typeof heading === 'string' ? title === heading : heading.test(title);
  });
  if (!found) throw new Error(`no section ${heading}`);
  return found;
}

function input(element: HTMLElement, within: HTMLElement, label: string | RegExp, nth = 0): HTMLInputElement {
  const labels = Array.from(within.querySelectorAll('label')).filter((candidate) => {
    const text = candidate.textContent?.trim() ?? '';
    return typeof label === 'string' ? text === label : label.test(text);
  });
  const found = labels[nth];
  if (!found) throw new Error(`no field ${label}`);
  return shadow(element).getElementById(found.getAttribute('for')!) as HTMLInputElement;
}

/** Types into an input the way React notices. */
function type(field: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!;
  setter.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function button(within: ParentNode, label: string | RegExp): HTMLButtonElement {
  const found = Array.from(within.querySelectorAll<HTMLButtonElement>('button')).find((candidate) => {
    const name = candidate.getAttribute('aria-label') ?? candidate.textContent?.trim() ?? '';
    return typeof label === 'string' ? name === label || candidate.textContent?.trim() === label : label.test(name);
  });
  if (!found) throw new Error(`no button ${label}`);
  return found;
}

/** Waits until a section's save ended and nothing is left unsaved (the fields are enabled again, Save is off). */
async function saved(within: HTMLElement, what: string): Promise<void> {
  const fields = within.querySelector<HTMLFieldSetElement>('fieldset.ec-settings-fields')!;
  await waitUntil(() => !fields.disabled && button(within, 'Save').disabled, what, { timeout: 8000 });
}

/** Clicks a section's Save and waits for the outcome to show. */
async function saveSection(within: HTMLElement, expectText?: string): Promise<void> {
  await waitUntil(() => !button(within, 'Save').disabled, 'Save is enabled');
  button(within, 'Save').click();
  if (expectText) await waitUntil(() => within.textContent!.includes(expectText), `"${expectText}" shows`, { timeout: 5000 });
}

async function check(element: HTMLElement, within: HTMLElement, label: string): Promise<void> {
  input(element, within, label).click();
  await waitUntil(() => input(element, within, label).checked, `${label} is checked`);
}

/** Fault injection (DESIGN §5): answers matching calls with `answer`, passes the rest to the real server. */
function inject(match: RegExp, answer: (url: string, init: RequestInit | undefined) => Promise<Response>): () => void {
  const realFetch = window.fetch;
  window.fetch = (request, init) => (match.test(String(request)) ? answer(String(request), init) : realFetch(request, init));
  return () => {
    window.fetch = realFetch;
  };
}

describe('<ec-domain-console> origin tab (rules §3, §4, §5, §6, §9)', () => {
  before(async () => {
    await signInAsDemoParent();
    for (const item of (await listDomainPicker(api)).list) ids[item.domain] = item.domain_id;
  });
  afterEach(() => sessionStorage.clear());

  it('after a reload the group whose draft was restored says so (the notice every tab shows through GroupSection)', async () => {
    const key = `domain-console:${ids['www.example.com']}:${groupsOfTab('origin').join(',')}`;
    saveDraft(key, { back_source_host: { mode: 'diy', host: 'restored.example.net', sni: { status: 'off', name: '' } } });
    const element = await rendered('www.example.com');
    await waitUntil(() => shadow(element).querySelector('[part="restored-notice"]') !== null, 'the restored notice shows');
    const host = section(element, 'Origin host and SNI');
    await waitUntil(() => host.querySelector('[part="restored-notice"]') !== null, 'the restored notice shows');
    expect(host.querySelector('[part="restored-notice"]')!.textContent).to.equal('Your unsaved changes were restored.');
    expect(section(element, 'Origins').querySelector('[part="restored-notice"]')).to.equal(null);
  });

  it('shows the origins the domain list has, the rules §9 defaults, each origin\'s health, and passes axe', async () => {
    const element = await rendered('www.example.com');
    const origins = section(element, 'Origins');
    expect(input(element, origins, 'Address (IPv4, IPv6 or domain)', 0).value).to.equal('203.0.113.10');
    expect(input(element, origins, 'Address (IPv4, IPv6 or domain)', 1).value).to.equal('203.0.113.11');
    expect(input(element, origins, 'Listening port', 0).value).to.equal('80');
    expect(input(element, section(element, 'Origin fetch'), 'Origin timeout (seconds)').value).to.equal('30');
    const health = section(element, 'Origin health and probe');
    expect(input(element, health, 'Failure threshold').value).to.equal('30');
    expect(input(element, health, 'Detection interval (seconds)').value).to.equal('10');
    expect(input(element, health, 'Block duration (seconds)').value).to.equal('30');
    expect(health.querySelectorAll('[part="health-states"] tbody tr[data-state="unchecked"]').length).to.equal(2);
    await expect(element).to.be.accessible();
  });

  it('rules §5: every origin field\'s bad input gets its message; a non-standard listening port is refused (rules §6)', async () => {
    const element = await rendered('static.example.net');
    const origins = section(element, 'Origins');
    type(input(element, origins, 'Address (IPv4, IPv6 or domain)', 0), 'not an address');
    type(input(element, origins, 'Port', 0), '0');
    type(input(element, origins, 'Weight', 0), '101');
    type(input(element, origins, 'Priority', 0), '0');
    await saveSection(origins, 'Enter an IPv4 address, an IPv6 address or a domain');
    const text = origins.textContent!;
    expect(text).to.include('Port Error: enter 1-65535');
    expect(text).to.include('The weight must be 1-100');
    expect(text).to.include('Enter a whole number from 1 to 100');
    type(input(element, origins, 'Address (IPv4, IPv6 or domain)', 0), 'origin.example.org');
    type(input(element, origins, 'Port', 0), '80');
    type(input(element, origins, 'Weight', 0), '10');
    type(input(element, origins, 'Priority', 0), '1');
    type(input(element, origins, 'Listening port', 0), '8888');
    await waitUntil(() => origins.textContent!.includes('Port 8888 is not a standard port (80, 8080)'), 'the plan gate message shows');
    type(input(element, origins, 'Listening port', 0), '70000');
    await waitUntil(() => origins.textContent!.includes('Port Error: enter 1-65535'));
    // Removing the only primary line: at least one primary origin line.
    button(origins, /add backup/i).click();
    await waitUntil(() => origins.querySelectorAll('.ec-origin-row').length === 2);
    button(origins, 'Remove origin 1').click();
    await waitUntil(() => origins.textContent!.includes('Must include a main line'), 'the main line message shows');
  });

  it('rules §5, §9: origin fetch, host, health and probe messages', async () => {
    const element = await rendered('static.example.net');
    const fetch = section(element, 'Origin fetch');
    type(input(element, fetch, 'Origin timeout (seconds)'), '301');
    await saveSection(fetch, 'The origin timeout must be 1-300 seconds');
    type(input(element, fetch, 'Origin timeout (seconds)'), '0');
    await waitUntil(() => fetch.textContent!.includes('The origin timeout must be 1-300 seconds'));
    type(input(element, fetch, 'Keep-alive idle time (seconds)'), '0');
    await waitUntil(() => fetch.textContent!.includes('Enter a whole number from 1 to 3600'));

    const host = section(element, 'Origin host and SNI');
    await check(element, host, 'Send SNI');
    type(input(element, host, 'SNI name'), 'bad name');
    await saveSection(host, 'Enter a domain or an IP address');

    const health = section(element, 'Origin health and probe');
    type(input(element, health, 'Failure threshold'), '301');
    type(input(element, health, 'Detection interval (seconds)'), '0');
    type(input(element, health, 'Block duration (seconds)'), '301');
    type(input(element, health, 'Probe path'), 'health');
    type(input(element, health, 'Probe frequency (seconds)'), '5');
    type(input(element, health, 'Connection timeout (seconds)'), '10');
    type(input(element, health, 'Failures before unavailable'), '61');
    await saveSection(health, 'Please start with /');
    const text = health.textContent!;
    expect(text).to.include('Enter a whole number from 1 to 300');
    expect(text).to.include('Enter a whole number from 1 to 3600');
    expect(text).to.include('Enter a whole number from 0 to 300');
    expect(text).to.include('Enter a whole number from 1 to 60');
    expect(text).to.include('The connection timeout cannot be longer than the probe frequency');
  });

  it('rules §3 conditional origins: conditions from the condition builder, at least one origin', async () => {
    const element = await rendered('static.example.net');
    const conditional = section(element, 'Conditional origins');
    expect(conditional.textContent).to.include('No conditional origin rules.');
    button(conditional, 'Add rule').click();
    await waitUntil(() => conditional.querySelector('[part="conditional-rule"]'));
    button(conditional, 'Remove origin 1').click();
    await saveSection(conditional, 'Add at least one origin');
    expect(conditional.textContent).to.include('Add at least one rule');
  });

  it('saves origins, health and the timeout; the domain list and a reload see them; health states show per origin', async () => {
    const element = await rendered('shop.example.com');
    const origins = section(element, 'Origins');
    type(input(element, origins, 'Address (IPv4, IPv6 or domain)', 1), '198.51.100.9');
    type(input(element, origins, 'Weight', 1), '40');
    await saveSection(origins);
    await saved(origins, 'the origins are saved');
    const health = section(element, 'Origin health and probe');
    await check(element, health, 'Health check');
    await saveSection(health);
    await saved(health, 'the health settings are saved');
    const fetch = section(element, 'Origin fetch');
    type(input(element, fetch, 'Origin timeout (seconds)'), '45');
    await saveSection(fetch);
    await saved(fetch, 'the timeout is saved');

    const stored = await getDomainSettings(api, ids['shop.example.com']!, ['origin', 'origin_health', 'origin_advanced'] as const);
    expect(stored.origin.value.origins[1]).to.include({ address: '198.51.100.9', weight: 40 });
    expect(stored.origin_advanced.value.timeout).to.equal(45);
    expect(stored.origin_health.value.states!.map((entry) => entry.state)).to.deep.equal(['healthy', 'unhealthy']);

    element.remove();
    const again = await rendered('shop.example.com');
    expect(input(again, section(again, 'Origins'), 'Address (IPv4, IPv6 or domain)', 1).value).to.equal('198.51.100.9');
    await waitUntil(() => section(again, 'Origins').querySelectorAll('.ec-origin-state').length === 2, 'each origin shows its health');
    expect(section(again, 'Origin health and probe').querySelector('tr[data-state="unhealthy"]')).to.exist;
  });

  for (const fault of QUICK_SAVE_FAULTS.slice(0, 2)) {
    it(`a failed save (${fault.name}) shows the message and keeps what was typed`, async () => {
      const element = await rendered('api.example.com');
      const fetch = section(element, 'Origin fetch');
      const restore = inject(/web\.domain\.set\.save/, fault.answer);
      try {
        type(input(element, fetch, 'Origin timeout (seconds)'), '77');
        await saveSection(fetch, fault.message);
        expect(input(element, fetch, 'Origin timeout (seconds)').value).to.equal('77');
      } finally {
        restore();
      }
    });
  }

  it('shell §3 origin protection: the back-to-origin ranges to admit, a copy button, the switch saved and kept after a reload; both languages', async () => {
    const element = await rendered('static.example.net');
    const protect = section(element, 'Origin protection');
    const ranges = Array.from(protect.querySelectorAll('[part="origin-pull-ranges"] code')).map((code) => code.textContent);
    expect(ranges).to.include('203.0.113.0/24');
    expect(protect.textContent).to.contain('once protection is on');
    expect(button(protect, 'Copy the back-to-origin ranges')).to.not.equal(null);
    await check(element, protect, 'Protect the origin');
    await saveSection(protect);
    await saved(protect, 'origin protection is saved');
    expect(protect.textContent).to.contain('refuse all other addresses');
    const again = await rendered('static.example.net', 'zh-CN');
    const zh = section(again, '源站保护');
    expect(input(again, zh, '保护源站').checked, 'the switch was kept').to.equal(true);
    expect(zh.textContent).to.contain('请在源站防火墙放行这些网段');
    await expect(again).to.be.accessible();
  });

  it('tabs="origin" (the security module\'s network security) offers the origin tab alone: no tab bar, the origin groups, axe', async () => {
    const id = ids['www.example.com'];
    const element = await fixture<HTMLElement>(html`<ec-domain-console domain-id=${id} tabs="origin" tab="cache" lang="en-US"></ec-domain-console>`);
    await waitUntil(() => shadow(element).querySelector('[part~="origin-tab"]'), 'the origin tab shows', { timeout: 10_000 });
    expect(shadow(element).querySelector('[role="tablist"]'), 'no tab bar for one tab').to.equal(null);
    expect(section(element, 'Origin protection')).to.not.equal(null);
    await expect(element).to.be.accessible();
    const all = await fixture<HTMLElement>(html`<ec-domain-console domain-id=${id} tabs="no-such-tab" lang="en-US"></ec-domain-console>`);
    await waitUntil(() => shadow(all).querySelector('[role="tablist"]'), 'tabs naming none of the tabs offer them all', { timeout: 10_000 });
    expect(shadow(all).querySelectorAll('[role="tab"]').length).to.be.greaterThan(5);
  });

  it('both languages: zh-CN titles and rules messages', async () => {
    const element = await rendered('static.example.net', 'zh-CN');
    const fetch = section(element, '回源设置');
    type(input(element, fetch, '回源超时时间（秒）'), '0');
    await waitUntil(() => !button(fetch, '保存').disabled);
    button(fetch, '保存').click();
    await waitUntil(() => /1-300/.test(fetch.textContent!) && /[\u4e00-\u9fff]/.test(fetch.querySelector('.ec-error-text')?.textContent ?? ''), 'the Chinese message shows');
    expect(shadow(element).textContent).to.include('源站健康检查与探测');
    await expect(element).to.be.accessible();
  });

  describe('a sub-account with a read grant (rules §6)', () => {
    before(async () => signInAsDemoViewer());
    after(async () => signInAsDemoParent());

    it('sees every group view-only: no Save, fields disabled', async () => {
      const element = await rendered('www.example.com');
      const groups = Array.from(shadow(element).querySelectorAll<HTMLElement>('section.ec-settings-group'));
      expect(groups.length).to.equal(groupsOfTab('origin').length, 'a section per group');
      for (const group of groups) {
        expect(group.querySelector('[part="readonly-notice"]')).to.exist;
        expect(group.querySelector<HTMLFieldSetElement>('fieldset.ec-settings-fields')!.disabled).to.equal(true);
        expect(Array.from(group.querySelectorAll('button')).some((candidate) => candidate.textContent?.trim() === 'Save')).to.equal(false);
      }
    });
  });
});
