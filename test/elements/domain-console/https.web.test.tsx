/**
 * The HTTPS tab of `<ec-domain-console>` in headless Chromium against the real reference server (issue 20): rules §3
 * HTTPS settings, rules §5 jump port 1-65535 and "a certificate must be selected", rules §6 only usable certificates
 * listed / plan gate / read grant view-only, rules §9 HSTS persists one month; a failed save keeps what was typed;
 * both languages; axe.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/domain-console/element.js';
import { createApiClient } from '../../../core/api/client.js';
import { listCertificates } from '../../../core/api/endpoints/certificates.js';
import { getDomainSettings, saveDomainSettings } from '../../../core/api/endpoints/domain-settings.js';
import { listDomainPicker } from '../../../core/api/endpoints/platform.js';
import { sessionToken } from '../../../core/session/session.js';
import { defaultHttps, type HttpsGroup } from '../../../core/settings/https.js';
import { signInAsDemoParent, signInAsDemoViewer } from '../../helpers/api-session.js';
import { QUICK_SAVE_FAULTS } from '../../helpers/save-faults.js';

const api = createApiClient({ base: '/api', getToken: () => sessionToken.value, getLanguage: () => 'en_US', notify: () => undefined });
const ids: Record<string, number> = {};
const shadow = (element: Element) => element.shadowRoot!;
const text = (element: Element) => shadow(element).textContent ?? '';

async function rendered(domain: string, lang = 'en-US', mode = 'manage'): Promise<HTMLElement> {
  const element = await fixture<HTMLElement>(html`<ec-domain-console lang=${lang} domain-id=${ids[domain]} tab="https" mode=${mode}></ec-domain-console>`);
  await waitUntil(() => shadow(element).querySelector('[part="group"], [part="error-state"]'), 'the tab settles', { timeout: 10000 });
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

/** The input a label names. */
function field(element: HTMLElement, label: RegExp): HTMLInputElement {
  const found = Array.from(shadow(element).querySelectorAll('label')).find((candidate) => label.test(candidate.textContent ?? ''));
  if (!found) throw new Error(`no field ${label}`);
  return shadow(element).getElementById(found.getAttribute('for')!) as HTMLInputElement;
}

function type(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The message shown for a field (its `aria-describedby` error). */
function messageOf(element: HTMLElement, label: RegExp): string {
  const input = field(element, label);
  const described = (input.getAttribute('aria-describedby') ?? input.closest('.ec-field')?.querySelector('[id$="-error"]')?.id ?? '').split(' ');
  const error = described.map((id) => shadow(element).getElementById(id)).find((node) => node?.id.endsWith('-error'));
  return error?.textContent ?? '';
}

async function choose(element: HTMLElement, label: RegExp, option: string | RegExp): Promise<void> {
  const input = field(element, label);
  input.closest('.p-dropdown')!.querySelector<HTMLElement>('.p-dropdown-trigger')!.click();
  await waitUntil(() => shadow(element).querySelectorAll('.p-dropdown-panel li[role="option"]').length > 0, 'options open');
  const item = Array.from(shadow(element).querySelectorAll<HTMLElement>('.p-dropdown-panel li[role="option"]')).find((candidate) =>
    typeof option === 'string' ? candidate.textContent?.trim() === option : option.test(candidate.textContent ?? ''),
  );
  if (!item) throw new Error(`no option ${option}`);
  item.click();
  await waitUntil(() => shadow(element).querySelectorAll('.p-dropdown-panel').length === 0, 'the panel closes');
}

async function optionsOf(element: HTMLElement, label: RegExp): Promise<string[]> {
  field(element, label).closest('.p-dropdown')!.querySelector<HTMLElement>('.p-dropdown-trigger')!.click();
  await waitUntil(() => shadow(element).querySelector('.p-dropdown-panel'), 'options open');
  const options = Array.from(shadow(element).querySelectorAll('.p-dropdown-panel li[role="option"]')).map((item) => item.textContent ?? '');
  const empty = shadow(element).querySelector('.p-dropdown-panel .p-dropdown-empty-message')?.textContent;
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  field(element, label).closest('.p-dropdown')!.querySelector<HTMLElement>('.p-dropdown-trigger')!.click();
  return options.length > 0 ? options : empty ? [empty] : [];
}

async function setHttps(domain: string, value: HttpsGroup): Promise<void> {
  const { https } = await getDomainSettings(api, ids[domain]!, ['https'] as const);
  await saveDomainSettings(api, { domain_id: ids[domain]!, group: { https: { revision: https.revision, value } } });
}

/** Fault injection (DESIGN §5): answers matching calls with `answer`, passes the rest to the real server. */
function inject(match: RegExp, answer: (url: string, init: RequestInit | undefined, real: typeof fetch) => Promise<Response>): () => void {
  const realFetch = window.fetch;
  window.fetch = (input, init) => (match.test(String(input)) ? answer(String(input), init, realFetch) : realFetch(input, init));
  return () => {
    window.fetch = realFetch;
  };
}

describe('<ec-domain-console> HTTPS tab (rules §3 HTTPS settings, §5, §6, §9)', () => {
  let original: HttpsGroup;

  before(async () => {
    await signInAsDemoParent();
    for (const item of (await listDomainPicker(api)).list) ids[item.domain] = item.domain_id;
    original = (await getDomainSettings(api, ids['m.example.com']!, ['https'] as const)).https.value;
  });

  afterEach(async () => {
    for (const key of Object.keys(sessionStorage)) if (key.includes('domain-console:')) sessionStorage.removeItem(key);
    await setHttps('m.example.com', { ...defaultHttps(), ...original, certificate_id: original.certificate_id });
  });

  it('shows the bound certificate and every setting; the picker lists only certificates usable for this domain, with expiry', async () => {
    const element = await rendered('www.example.com');
    expect(field(element, /^Enable HTTPS$/).checked).to.equal(true);
    // Once the certificates are loaded the bound one is named with its expiry date.
    await waitUntil(() => shadow(element).querySelector('[part="certificate-hint"]'), 'the certificates load');
    const certificate = shadow(element).querySelector('.p-dropdown-label')!.textContent ?? '';
    expect(certificate).to.contain('example.com wildcard').and.contain('expires');
    expect(text(element)).to.contain('Only issued certificates that cover www.example.com and that you may use are listed.');
    for (const label of [/^HTTP to HTTPS redirect$/, /^HSTS/, /^HTTP\/2$/, /^OCSP stapling$/, /^Minimum TLS version$/, /^Cipher suite$/]) field(element, label);
    expect(text(element)).to.contain('Browsers keep forcing HTTPS for 1 month after HSTS is turned off.');
    const options = await optionsOf(element, /^Certificate$/);
    // api.example.com's certificate does not cover www, cdn.example.io's was never issued, static.example.net's expired.
    expect(options.length).to.equal(1);
    expect(options[0]).to.contain('example.com wildcard');
  });

  it('rules §5 / §3: every bad input gets its message when saving, and nothing is sent', async () => {
    const element = await rendered('m.example.com');
    let saves = 0;
    const restore = inject(/web\.domain\.set\.save/, (_url, init, real) => {
      saves += 1;
      return real('/api/V4/web.domain.set.save', init);
    });
    try {
      field(element, /^Enable HTTPS$/).click();
      await choose(element, /^HTTP to HTTPS redirect$/, 'All visitors');
      await waitUntil(() => shadow(element).querySelector('label[for$="-jump-port"]'), 'the jump port shows');
      expect(field(element, /^Jump port$/).value).to.equal('443', 'rules §9 default redirect port 443');
      type(field(element, /^Jump port$/), '0');
      field(element, /^HSTS/).click();
      await waitUntil(() => shadow(element).querySelector('label[for$="-hsts-max-age"]'));
      type(field(element, /^HSTS max-age/), '10');
      await choose(element, /^Cipher suite$/, 'Custom');
      await waitUntil(() => shadow(element).querySelector('label[for$="-custom-ciphers"]'));
      type(field(element, /^Custom cipher list$/), 'AES128;rm');
      await waitUntil(() => field(element, /^Custom cipher list$/).value === 'AES128;rm');
      button(shadow(element), 'Save').click();
      await waitUntil(() => messageOf(element, /^Certificate$/) !== '', 'messages show');
      expect(messageOf(element, /^Certificate$/)).to.equal('Please select a certificate');
      expect(messageOf(element, /^Jump port$/)).to.equal('Port Error: enter 1-65535');
      expect(messageOf(element, /^HSTS max-age/)).to.equal('The HSTS max-age must be 60-63072000 seconds');
      expect(messageOf(element, /^Custom cipher list$/)).to.equal('Enter OpenSSL cipher names separated by :');
      type(field(element, /^Jump port$/), '65536');
      await waitUntil(() => messageOf(element, /^Jump port$/) === 'Port Error: enter 1-65535');
      type(field(element, /^Jump port$/), '');
      await waitUntil(() => messageOf(element, /^Jump port$/) === 'Please fill in');
      // HTTPS off again: the redirect and HSTS need it.
      field(element, /^Enable HTTPS$/).click();
      await waitUntil(() => messageOf(element, /^HTTP to HTTPS redirect$/) === 'Turn HTTPS on first');
      expect(messageOf(element, /^HSTS/)).to.equal('Turn HTTPS on first');
      expect(saves, 'the browser refused before sending').to.equal(0);
    } finally {
      restore();
    }
  });

  it('binds a certificate, forces HTTPS with a jump port and saves; the server keeps it and the shell reports it', async () => {
    const element = await rendered('m.example.com');
    field(element, /^Enable HTTPS$/).click();
    await choose(element, /^Certificate$/, /example\.com wildcard/);
    await choose(element, /^HTTP to HTTPS redirect$/, 'All visitors');
    await waitUntil(() => shadow(element).querySelector('label[for$="-jump-port"]'));
    type(field(element, /^Jump port$/), '8443');
    await choose(element, /^Minimum TLS version$/, 'TLSv1.3');
    const saved = oneEvent(element, 'ec-domain-settings-saved');
    button(shadow(element), 'Save').click();
    const { detail } = await saved;
    expect(detail).to.deep.include({ domain_id: ids['m.example.com'] });
    const { https } = await getDomainSettings(api, ids['m.example.com']!, ['https'] as const);
    expect(https.value).to.deep.include({ status: 'on', redirect: 'all', jump_port: 8443, min_tls: 'TLSv1.3', certificate_name: 'example.com wildcard' });
  });

  it('a server refusal shows on its field: an unusable certificate of the account (rules §6)', async () => {
    const { list } = await listCertificates(api, { keyword: 'api.example.com' });
    const apiCertificate = list.find((item) => item.name === 'api.example.com')!;
    // The picker never offers it; a stale draft (or another tab) could still carry it.
    const restore = inject(/web\.domain\.set\.get/, async (url, init, real) => {
      const answer = (await (await real(url, init)).json()) as { status: unknown; data: { https: { value: HttpsGroup } } };
      answer.data.https.value = { ...answer.data.https.value, status: 'on', certificate_id: apiCertificate.id, certificate_name: 'api.example.com' };
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    let element: HTMLElement;
    try {
      element = await rendered('m.example.com');
    } finally {
      restore();
    }
    field(element!, /^OCSP stapling$/).click();
    button(shadow(element!), 'Save').click();
    await waitUntil(() => messageOf(element!, /^Certificate$/) !== '', 'the server message shows');
    expect(messageOf(element!, /^Certificate$/)).to.match(/does not cover m\.example\.com|has expired/);
    expect(field(element!, /^OCSP stapling$/).checked, 'the change is kept').to.equal(true);
  });

  it('rules §9: after HSTS was turned off the tab says until when browsers keep it', async () => {
    await setHttps('m.example.com', { ...defaultHttps(), status: 'on', certificate_id: await wildcardId(), hsts: { status: 'on', max_age: 31_536_000, include_subdomains: false } });
    const { https } = await getDomainSettings(api, ids['m.example.com']!, ['https'] as const);
    await setHttps('m.example.com', { ...https.value, hsts: { ...https.value.hsts, status: 'off' } });
    const element = await rendered('m.example.com');
    const note = shadow(element).querySelector('[part="hsts-persists"]')!.textContent ?? '';
    const until = new Date();
    until.setUTCMonth(until.getUTCMonth() + 1);
    expect(note).to.contain('HSTS was turned off on').and.contain(String(until.getUTCFullYear()));
  });

  for (const fault of QUICK_SAVE_FAULTS.slice(0, 2)) {
    it(`a failed save (${fault.name}) shows the message and keeps every change`, async () => {
      const element = await rendered('m.example.com');
      await choose(element, /^Cipher suite$/, 'Strong cipher suites only');
      field(element, /^OCSP stapling$/).click();
      const restore = inject(/web\.domain\.set\.save/, (url, init) => fault.answer(url, init));
      try {
        button(shadow(element), 'Save').click();
        await waitUntil(() => shadow(element).querySelector('[part="group"] [role="alert"]')?.textContent?.includes(fault.message), 'the fault is reported');
      } finally {
        restore();
      }
      expect(field(element, /^OCSP stapling$/).checked).to.equal(true);
      expect(shadow(element).querySelector('.p-dropdown-label')?.textContent).to.not.equal(null);
      expect(text(element)).to.contain('Strong cipher suites only');
      // Retry works once the network is back.
      button(shadow(element), 'Save').click();
      await waitUntil(async () => (await getDomainSettings(api, ids['m.example.com']!, ['https'] as const)).https.value.ciphers === 'strong', 'saved on retry');
    });
  }

  it('rules §6: without the plan action the group shows locked with the upgrade notice', async () => {
    const restore = inject(/web\.domain\.set\.get/, async (url, init, real) => {
      const answer = (await (await real(url, init)).json()) as { data: { https: { locked_by: string | null; editable: boolean } } };
      answer.data.https.locked_by = 'https';
      answer.data.https.editable = false;
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    try {
      const element = await rendered('m.example.com');
      expect(shadow(element).querySelector('[part="plan-notice"]')).to.not.equal(null);
      expect(shadow(element).querySelector('fieldset')!.disabled).to.equal(true);
      expect(() => button(shadow(element), 'Save')).to.throw();
    } finally {
      restore();
    }
  });

  it('rules §6: a sub-account with a read grant sees the tab view-only, in both languages', async () => {
    await signInAsDemoViewer();
    try {
      for (const lang of ['en-US', 'zh-CN']) {
        const element = await rendered('www.example.com', lang);
        expect(shadow(element).querySelector('[part="readonly-notice"]')).to.not.equal(null);
        expect(shadow(element).querySelector('fieldset')!.disabled).to.equal(true);
        expect(shadow(element).querySelector('[part="group"] .ec-settings-actions')).to.equal(null);
        // The bound certificate is still named even though the viewer could not pick it.
        expect(shadow(element).querySelector('.p-dropdown-label')!.textContent).to.contain('example.com wildcard');
        await expect(element).to.be.accessible();
      }
    } finally {
      await signInAsDemoParent();
    }
  });

  it('renders in Chinese', async () => {
    const element = await rendered('www.example.com', 'zh-CN');
    expect(text(element)).to.contain('开启 HTTPS').and.contain('最低 TLS 版本').and.contain('关闭 HSTS 后，浏览器仍会在 1 个月内强制使用 HTTPS。');
  });

  it('is accessible in both languages (axe), with the conditional fields shown', async () => {
    for (const lang of ['zh-CN', 'en-US']) {
      const element = await rendered('www.example.com', lang);
      await expect(element).to.be.accessible();
    }
    const element = await rendered('m.example.com');
    field(element, /^Enable HTTPS$/).click();
    await choose(element, /^HTTP to HTTPS redirect$/, 'All visitors');
    field(element, /^HSTS/).click();
    await choose(element, /^Cipher suite$/, 'Custom');
    button(shadow(element), 'Save').click();
    await waitUntil(() => messageOf(element, /^Certificate$/) !== '');
    await expect(element).to.be.accessible();
  });
});

async function wildcardId(): Promise<number> {
  return (await listCertificates(api, { keyword: 'wildcard' })).list.find((item) => item.name === 'example.com wildcard')!.id;
}
