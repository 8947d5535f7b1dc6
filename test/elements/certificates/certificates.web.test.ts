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
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { signInAsDemoChild, signInAsDemoParent, signInAsDemoViewer } from '../../helpers/api-session.js';
import { expectOneLook } from '../../helpers/one-look.js';
import { HIDDEN_COLUMNS_PREFIX } from '../../../core/ui/parts/column-chooser.js';

const shadow = (element: Element) => element.shadowRoot!;

async function rendered(markup: ReturnType<typeof html>): Promise<HTMLElement> {
  const element = await fixture<HTMLElement>(markup);
  await waitUntil(() => shadow(element).querySelector('.ec-fast-table tbody tr, [part="error-state"], [part="empty-state"]'), 'the list settles', { timeout: 8000 });
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
const dialogRoot = (element: HTMLElement) => shadow(element).querySelector('[part="dialog"]')!;
const headers = (element: HTMLElement) => Array.from(shadow(element).querySelectorAll('.ec-fast-table thead th')).map((th) => th.textContent?.trim());

/** The focused element inside the element's shadow root. */
const focused = (element: HTMLElement) => shadow(element).activeElement;

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
    await waitUntil(() => shadow(element).querySelectorAll('.ec-fast-table tbody tr').length === 1, 'the expired filter applies');
    expect(shadow(element).querySelector('.ec-fast-table tbody')!.textContent).to.contain('static.example.net 2025');
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
    expectOneLook(dialogRoot(element));
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
    expectOneLook(dialogRoot(element));
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
    expectOneLook(dialogRoot(element));
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
      // PrimeReact's modal focus trap uses two aria-hidden sentinels with tabindex 0 to wrap focus; axe flags them.
      await expect(element).to.be.accessible({ ignoredRules: ['aria-hidden-focus'] });
    }
  });

  it('rules §6; issue 19: the viewer and the demo child see certificates read-only (no upload, apply, bind, edit, delete)', async () => {
    try {
    for (const [who, signIn] of [
      ['viewer', signInAsDemoViewer],
      ['demo child', signInAsDemoChild],
    ] as const) {
      await signIn();
      const element = await rendered(html`<ec-certificates lang="en-US"></ec-certificates>`);
      await waitUntil(() => shadow(element).querySelector('[part="read-only-notice"]'), `${who}: the notice says the module is read-only`);
      const upload = button(element, 'Upload certificate');
      expect(upload.getAttribute('aria-disabled'), `${who}: upload is denied`).to.equal('true');
      expect(button(element, 'Apply for free certificate').getAttribute('aria-disabled')).to.equal('true');
      upload.click();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(shadow(element).querySelector('[role="dialog"]'), `${who}: a denied button opens nothing`).to.equal(null);
      const table = shadow(element).querySelector('[part="table"]')!;
      expect(table.querySelectorAll('.ec-read-only-mark').length, `${who}: every row says view only`).to.equal(table.querySelectorAll('tbody tr').length);
      expect(table.querySelector('button[aria-label^="Bind "], button[aria-label^="Edit "], button[aria-label^="Delete "]'), `${who}: no write action`).to.equal(null);
      expect(table.querySelector('.ec-read-only-mark')!.textContent).to.contain('may only view');
      // The detail opens without unbind, renewal or key download, and says why.
      (table.querySelector('button[aria-label^="Detail of "]') as HTMLButtonElement).click();
      await waitUntil(() => shadow(element).querySelector('[part="detail"]'), `${who}: the detail opens`, { timeout: 5000 });
      const detail = shadow(element).querySelector('[part="detail"]')!;
      expect(detail.querySelector('[role="note"]')?.textContent).to.contain('may only view');
      expect(dialogText(element)).to.not.contain('Download private key');
      expect(dialogText(element)).to.not.match(/Unbind|Turn (on|off)/);
      expectOneLook(dialogRoot(element));
      // to.be.accessible() waits for the dialog's fade-in (test/helpers/open-wc-testing.ts).
      await expect(element).to.be.accessible({ ignoredRules: ['aria-hidden-focus'] });
    }
    } finally {
      // Whatever happened, the next tests run as the parent (a failure here must not fail them too).
      await signInAsDemoParent();
    }
  });

  it('issue 19: starts from a bookmarked view (view-state) and reports each change with ec-view-state', async () => {
    const element = await rendered(html`<ec-certificates lang="en-US" view-state="expiry=expired&sort=due_desc&bogus=1"></ec-certificates>`);
    await waitUntil(() => shadow(element).querySelectorAll('.ec-fast-table tbody tr').length === 1, 'the bookmarked filter applies');
    expect(button(element, /^Expired \(/).getAttribute('aria-pressed')).to.equal('true');
    const due = Array.from(shadow(element).querySelectorAll('.ec-fast-table thead th')).find((th) => th.textContent?.includes('Due date'))!;
    expect(due.getAttribute('aria-sort')).to.equal('descending');
    const changed = oneEvent(element, 'ec-view-state');
    button(element, /^Expiring soon \(/).click();
    expect((await changed).detail.state).to.equal('expiry=expiring&sort=due_desc');
    const sorted = oneEvent(element, 'ec-view-state');
    (due.querySelector('button') as HTMLButtonElement).click();
    expect((await sorted).detail.state).to.equal('expiry=expiring&sort=created_desc');
  });

  it('issue 19: fits 1280 px in both languages: one-line headers, the actions in view, columns the user can hide', async () => {
    await setViewport({ width: 1280, height: 800 });
    try {
      for (const lang of ['zh-CN', 'en-US']) {
        localStorage.removeItem(`${HIDDEN_COLUMNS_PREFIX}certificates`);
        // 1160 px: the content area the demo host leaves at 1280 px beside its sidebar.
        const element = await rendered(html`<ec-certificates lang=${lang} style="display:block;width:1160px"></ec-certificates>`);
        const wrapper = shadow(element).querySelector('.p-datatable-wrapper') as HTMLElement;
        expect(element.scrollWidth, `${lang}: nothing overflows the element`).to.be.at.most(element.clientWidth + 1);
        for (const th of Array.from(shadow(element).querySelectorAll<HTMLElement>('.ec-fast-table thead th'))) {
          const line = parseFloat(getComputedStyle(th).lineHeight) || 20;
          expect(th.querySelector('.p-column-header-content, .p-column-title')!.getBoundingClientRect().height, `${lang}: "${th.textContent}" on one line`).to.be.below(line * 1.8);
        }
        const actions = shadow(element).querySelector<HTMLElement>('tbody td.ec-col-actions')!;
        const box = wrapper.getBoundingClientRect();
        expect(actions.getBoundingClientRect().right, `${lang}: the actions show`).to.be.at.most(box.right + 1);
        expect(shadow(element).querySelector('tbody td.ec-col-primary')).to.not.equal(null);
      }
      const element = await rendered(html`<ec-certificates lang="en-US"></ec-certificates>`);
      expect(headers(element)).to.include('Issuer');
      (shadow(element).querySelector('.ec-column-button') as HTMLButtonElement).click();
      await waitUntil(() => shadow(element).querySelector('.ec-column-panel'));
      const issuer = Array.from(shadow(element).querySelectorAll('.ec-column-option')).find((option) => option.textContent === 'Issuer')!;
      (issuer.querySelector('input') as HTMLInputElement).click();
      await waitUntil(() => !headers(element).includes('Issuer'), 'the issuer column hides');
      const again = await rendered(html`<ec-certificates lang="en-US"></ec-certificates>`);
      expect(headers(again), 'remembered').to.not.include('Issuer');
      localStorage.removeItem(`${HIDDEN_COLUMNS_PREFIX}certificates`);
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('keyboard only: Tab to a row\'s detail, Enter opens it, Esc closes it and focus returns (WAI-ARIA APG)', async () => {
    const element = await rendered(html`<ec-certificates lang="en-US"></ec-certificates>`);
    const detailButton = shadow(element).querySelector<HTMLButtonElement>('tbody td.ec-col-actions button')!;
    // Start on the button before it (the row's copy buttons and marks come between), then Tab forward to it.
    detailButton.focus();
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect(focused(element)).to.not.equal(detailButton);
    await sendKeys({ press: 'Tab' });
    expect(focused(element)).to.equal(detailButton);
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => shadow(element).querySelector('[part="detail"]'), 'Enter opens the detail', { timeout: 5000 });
    await waitUntil(() => dialogRoot(element).contains(focused(element)), 'focus moves into the dialog');
    expectOneLook(dialogRoot(element));
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !shadow(element).querySelector('[role="dialog"]'), 'Esc closes it');
    await waitUntil(() => focused(element) === detailButton, 'focus returns to the opener');
  });
});
