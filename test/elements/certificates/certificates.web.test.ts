/**
 * `<ec-certificates>` in headless Chromium against the real reference server, with certificates and keys generated
 * at test time (test/helpers/certificate-fixtures.ts): rules §3 list fields and expiry states, §5 upload checks
 * (valid pair, mismatched key, encrypted key, garbage, expired certificate, name 4-50), §5/§9 free application of a
 * 1001-domain batch refused, §6/§8 binding messages, both languages, axe.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/certificates/element.js';
import {
  domainBatch,
  encryptPkcs8,
  GARBAGE,
  makeAuthority,
  makeKey,
  makeLeaf,
  type FixtureAuthority,
} from '../../helpers/certificate-fixtures.js';
import { createApiClient } from '../../../core/api/client.js';
import { listCertificates, unbindCertificate } from '../../../core/api/endpoints/certificates.js';
import { signInAsDemoChild, signInAsDemoParent } from '../../helpers/api-session.js';

const shadow = (element: Element) => element.shadowRoot!;

async function rendered(markup: ReturnType<typeof html>): Promise<HTMLElement> {
  const element = await fixture<HTMLElement>(markup);
  await waitUntil(() => shadow(element).querySelector('.ec-cert-table, [part="error-state"], [part="empty-state"]'), 'the list settles', { timeout: 8000 });
  return element;
}

function button(element: HTMLElement, label: string | RegExp): HTMLButtonElement {
  const found = Array.from(shadow(element).querySelectorAll('button')).find((candidate) =>
    typeof label === 'string' ? candidate.textContent?.trim() === label : label.test(candidate.textContent ?? ''),
  );
  if (!found) throw new Error(`no button ${label}`);
  return found as HTMLButtonElement;
}

/** Types into a textarea or input the way React notices. */
function type(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!;
  setter.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function dialogButton(element: HTMLElement, label: string): HTMLButtonElement {
  const found = Array.from(shadow(element).querySelectorAll('[role="dialog"] button')).find((candidate) => candidate.textContent?.trim() === label);
  if (!found) throw new Error(`no dialog button ${label}`);
  return found as HTMLButtonElement;
}

function dialogField(element: HTMLElement, labelText: RegExp): HTMLInputElement | HTMLTextAreaElement {
  const label = Array.from(shadow(element).querySelectorAll('[role="dialog"] label')).find((candidate) => labelText.test(candidate.textContent ?? ''));
  if (!label) throw new Error(`no field ${labelText}`);
  return shadow(element).getElementById(label.getAttribute('for')!) as HTMLInputElement | HTMLTextAreaElement;
}

const dialogText = (element: HTMLElement) => shadow(element).querySelector('[role="dialog"]')?.textContent ?? '';

async function openUpload(element: HTMLElement, name: string, certificate: string, privateKey: string): Promise<void> {
  button(element, 'Upload certificate').click();
  await waitUntil(() => shadow(element).querySelector('[role="dialog"]'), 'the upload dialog opens');
  type(dialogField(element, /Certificate name/), name);
  type(dialogField(element, /^Certificate \(PEM/), certificate);
  type(dialogField(element, /^Private key/), privateKey);
}

describe('<ec-certificates> (rules §2-§6, §8, §9 certificates)', () => {
  let authority: FixtureAuthority;

  before(async () => {
    // web-test-runner's cacheMiddleware marks every path with a file extension as cacheable for a year, and
    // `V4/certificate.list` ends in ".list": without this the browser would answer repeated list calls from its cache.
    const realFetch = window.fetch;
    window.fetch = (input, init) => realFetch(input, String(input).startsWith('/api/') ? { ...init, cache: 'no-store' } : init);
    await signInAsDemoParent();
    authority = await makeAuthority('Browser Fixture CA');
  });

  it('lists the seeded certificates with the rules §3 fields and counts by expiry state', async () => {
    const element = await rendered(html`<ec-certificates lang="en-US"></ec-certificates>`);
    const table = shadow(element).querySelector('[part="table"]')!;
    expect(table.textContent).to.contain('example.com wildcard');
    expect(table.textContent).to.contain('Review failed');
    expect(table.textContent).to.contain('Domain control could not be verified');
    expect(button(element, /^Expired \(\d+\)$/).textContent).to.match(/\(1\)/);
    expect(button(element, /^Expiring soon \(\d+\)$/).textContent).to.match(/\(1\)/);
    button(element, /^Expired \(/).click();
    await waitUntil(() => shadow(element).querySelectorAll('.ec-cert-table tbody tr').length === 1, 'the expired filter applies');
    expect(shadow(element).querySelector('.ec-cert-table tbody')!.textContent).to.contain('static.example.net 2025');
  });

  it('shows subject, names, issuer, validity and key type before saving a valid pair, then saves it', async () => {
    const pair = await makeLeaf(authority, ['www.browser.test', '*.browser.test'], { keyKind: 'rsa', order: 'issuer-first' });
    const element = await rendered(html`<ec-certificates lang="en-US"></ec-certificates>`);
    await openUpload(element, 'Browser pair', pair.certificate, pair.privateKey);
    await waitUntil(() => shadow(element).querySelector('[part="preview"]'), 'the preview appears', { timeout: 5000 });
    const preview = shadow(element).querySelector('[part="preview"]')!.textContent!;
    expect(preview).to.contain('CN=www.browser.test');
    expect(preview).to.contain('www.browser.test, *.browser.test');
    expect(preview).to.contain('CN=Browser Fixture CA');
    expect(preview).to.contain('RSA 2048');
    expect(preview).to.contain('Certificates in the chain: 2');
    const uploaded = oneEvent(element, 'ec-certificate-uploaded');
    dialogButton(element, 'Save').click();
    expect((await uploaded).detail.name).to.equal('Browser pair');
    await waitUntil(() => shadow(element).querySelector('[part="table"]')?.textContent?.includes('Browser pair'), 'the list shows it');
  });

  it('refuses a mismatched key, an encrypted key, garbage, an expired certificate and a short name, with the spec messages', async () => {
    const pair = await makeLeaf(authority, ['refuse.browser.test']);
    const other = await makeKey('ec');
    const expired = await makeLeaf(authority, ['old.browser.test'], { validFromDays: -200, validToDays: -2 });
    const cases: Array<[string, string, string, RegExp]> = [
      ['Mismatched', pair.certificate, other.pem, /The private key does not match the certificate/],
      ['Encrypted', pair.certificate, await encryptPkcs8(pair.key, 'secret'), /must not be protected by a password/],
      ['Garbage', GARBAGE, pair.privateKey, /Only certificates in PEM format are supported/],
      ['Expired', expired.certificate, expired.privateKey, /The certificate expired on \d{4}-\d{2}-\d{2}/],
    ];
    for (const [name, certificate, key, message] of cases) {
      const element = await rendered(html`<ec-certificates lang="en-US"></ec-certificates>`);
      await openUpload(element, name, certificate, key);
      await waitUntil(() => message.test(dialogText(element)), `${name}: ${message}`, { timeout: 5000 });
      dialogButton(element, 'Save').click();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(shadow(element).querySelector('[role="dialog"]'), `${name} stays open`).to.not.equal(null);
    }
    const element = await rendered(html`<ec-certificates lang="en-US"></ec-certificates>`);
    await openUpload(element, 'abc', pair.certificate, pair.privateKey);
    dialogButton(element, 'Save').click();
    await waitUntil(() => /Enter 4-50 characters/.test(dialogText(element)), 'rules §5: name 4-50');
  });

  it('refuses a 1001-domain batch in the browser and submits a valid application', async () => {
    const element = await rendered(html`<ec-certificates lang="en-US"></ec-certificates>`);
    button(element, 'Apply for free certificate').click();
    await waitUntil(() => shadow(element).querySelector('[role="dialog"]'));
    const domains = dialogField(element, /^Domains, one per line/);
    type(domains, domainBatch(1001).join('\n'));
    await waitUntil(() => /At most 1,000 domains per batch application|At most 1000 domains per batch application/.test(dialogText(element)), 'rules §5: 1000 domains');
    expect(dialogText(element)).to.contain('1,001 of at most 1,000 domains');
    type(domains, 'img.www.example.com');
    const applied = oneEvent(element, 'ec-certificate-applied');
    dialogButton(element, 'Apply').click();
    const detail = (await applied).detail;
    expect(detail.certificate_ids).to.have.length(1);
    await waitUntil(() => shadow(element).querySelector('[part="table"]')?.textContent?.includes('img.www.example.com'), 'the application is listed', { timeout: 8000 });
  });

  it('binds with a non-blocking coverage warning and answers "Certificate binding failed" for a bound domain', async () => {
    const pair = await makeLeaf(authority, ['*.bind.test']);
    const element = await rendered(html`<ec-certificates lang="en-US"></ec-certificates>`);
    await openUpload(element, 'Bind fixture', pair.certificate, pair.privateKey);
    await waitUntil(() => shadow(element).querySelector('[part="preview"]'), 'read', { timeout: 5000 });
    dialogButton(element, 'Save').click();
    await waitUntil(() => shadow(element).querySelector('[part="table"]')?.textContent?.includes('Bind fixture'));
    shadow(element).querySelector<HTMLButtonElement>('button[aria-label="Bind Bind fixture to domains"]')!.click();
    await waitUntil(() => dialogText(element).includes('m.example.com'), 'domains load', { timeout: 5000 });
    const checkbox = (domain: string) => dialogField(element, new RegExp(`^${domain.replace(/\./g, '\\.')}$`)) as HTMLInputElement;
    checkbox('www.example.com').click();
    await waitUntil(() => dialogText(element).includes('does not cover www.example.com'), 'coverage warning');
    dialogButton(element, 'Bind').click();
    await waitUntil(() => dialogText(element).includes('Certificate binding failed'), 'rules §8 message');
    expect(dialogText(element)).to.contain('www.example.com: Current input domain invalid or already bound');
    checkbox('www.example.com').click();
    checkbox('m.example.com').click();
    const bound = oneEvent(element, 'ec-certificate-bound');
    dialogButton(element, 'Bind').click();
    expect((await bound).detail.domain_ids).to.have.length(1);
    await waitUntil(() => shadow(element).textContent!.includes('The certificate does not cover m.example.com'), 'the warning does not block');
  });

  it('renders in Chinese and is accessible in both languages (axe)', async () => {
    for (const lang of ['zh-CN', 'en-US']) {
      const element = await rendered(html`<ec-certificates lang=${lang}></ec-certificates>`);
      if (lang === 'zh-CN') expect(shadow(element).textContent).to.contain('上传证书');
      await expect(element).to.be.accessible();
      button(element, lang === 'zh-CN' ? '上传证书' : 'Upload certificate').click();
      await waitUntil(() => shadow(element).querySelector('[role="dialog"]'));
      // Wait for the dialog's opening animation: axe would measure contrast on half-transparent text.
      await new Promise((resolve) => setTimeout(resolve, 600));
      // PrimeReact's modal focus trap uses two aria-hidden sentinels with tabindex 0 to wrap focus; axe flags them.
      await expect(element).to.be.accessible({ ignoredRules: ['aria-hidden-focus'] });
    }
  });

  it('a child cannot link certificates: "Unauthorized certificates cannot be linked" (rules §6)', async () => {
    // Free shop.example.com first, so the child has a domain of its own to try binding.
    const client = createApiClient({ base: '/api', getToken: () => localStorage.getItem('x-token'), getLanguage: () => 'en_US', notify: () => undefined });
    const wildcard = (await listCertificates(client, { keyword: 'wildcard' })).list[0]!;
    const shop = wildcard.bound_domains.find((domain) => domain.domain === 'shop.example.com')!;
    await unbindCertificate(client, { certificate_id: wildcard.id, domain_ids: [shop.domain_id] });
    await signInAsDemoChild();
    const element = await rendered(html`<ec-certificates lang="en-US"></ec-certificates>`);
    shadow(element).querySelector<HTMLButtonElement>('button[aria-label="Bind example.com wildcard to domains"]')!.click();
    await waitUntil(() => dialogText(element).includes('shop.example.com'), 'domains load', { timeout: 5000 });
    (dialogField(element, /^shop\.example\.com$/) as HTMLInputElement).click();
    dialogButton(element, 'Bind').click();
    await waitUntil(() => dialogText(element).includes('Unauthorized certificates cannot be linked'), 'rules §6 message');
    await signInAsDemoParent();
  });
});
