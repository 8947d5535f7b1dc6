/**
 * `<ec-domain-list>` and issue 19: read-only state from the server's per-website `editable` (rules §6; issue 19) as
 * the read-only viewer and the demo child, the table tools (first column in view, cut values with copy, columns the
 * user hides, remembered), the shared dialog footer, axe in both languages and a keyboard-only edit.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/domain-list/element.js';
import { HIDDEN_COLUMNS_PREFIX } from '../../../core/ui/parts/column-chooser.js';
import { signInAsDemoChild, signInAsDemoParent, signInAsDemoViewer } from '../../helpers/api-session.js';
import { rows, settled, shadow } from '../../helpers/list-element.js';
import { expectOneLook } from '../../helpers/one-look.js';

const COLUMNS_KEY = `${HIDDEN_COLUMNS_PREFIX}domain-list.websites`;

async function list(lang = 'en-US'): Promise<HTMLElement> {
  const element = await settled(await fixture<HTMLElement>(html`<ec-domain-list lang=${lang}></ec-domain-list>`));
  await waitUntil(() => rows(element).length > 0, 'rows show');
  return element;
}

const domains = (element: HTMLElement) => rows(element).map((row) => row.querySelector('.ec-col-domain .ec-truncate')?.textContent ?? '');
const rowOf = (element: HTMLElement, domain: string) => rows(element).find((row) => row.querySelector('.ec-col-domain .ec-truncate')?.textContent === domain)!;
const buttonNamed = (root: ParentNode, name: string) =>
  Array.from(root.querySelectorAll<HTMLButtonElement>('button')).find((node) => node.textContent?.trim() === name || node.getAttribute('aria-label') === name);
const dialog = (element: HTMLElement) => shadow(element).querySelector<HTMLElement>('[part="dialog"]');

describe('<ec-domain-list> read-only state and table tools (rules §6; issue 19)', () => {
  afterEach(() => localStorage.removeItem(COLUMNS_KEY));

  describe('as the read-only viewer', () => {
    before(async () => {
      await signInAsDemoViewer();
    });
    after(async () => {
      await signInAsDemoParent();
    });

    it('rules §6; issue 19: shows www.example.com read-only, with the reason, and denies adding and batch actions', async () => {
      const element = await list();
      expect(domains(element)).to.deep.equal(['www.example.com']);
      await waitUntil(() => shadow(element).querySelector('[part="read-only-notice"]'), 'the read-only notice');
      const www = rowOf(element, 'www.example.com');
      expect(www.querySelector('.ec-read-only-mark'), 'View only in place of the actions').to.not.equal(null);
      expect(www.querySelector('.ec-read-only-mark')!.getAttribute('data-ec-tip')).to.contain('ask the main account');
      for (const name of ['Edit www.example.com', 'Suspend www.example.com', 'Delete www.example.com']) expect(buttonNamed(www, name), name).to.equal(undefined);
      expect(buttonNamed(www, 'Open the console of www.example.com'), 'viewing stays possible').to.not.equal(undefined);
      expect(www.querySelector('input[type="checkbox"]'), 'no checkbox for a site the viewer cannot change').to.equal(null);
      const pageBox = shadow(element).querySelector<HTMLInputElement>('thead .ec-select-column input')!;
      expect(pageBox.disabled).to.equal(true);
      await waitUntil(() => buttonNamed(shadow(element), 'Add domain')?.getAttribute('aria-disabled') === 'true', 'adding is denied');
      for (const name of ['Add domain', 'Batch add', 'Batch delete', 'Batch setting']) {
        const denied = buttonNamed(shadow(element), name)!;
        expect(denied.getAttribute('aria-disabled'), name).to.equal('true');
        expect(denied.disabled, `${name} stays focusable`).to.equal(false);
      }
      await expect(element).to.be.accessible();
    });
  });

  it('the demo child manages its specified websites: every row it sees offers its checkbox and actions', async () => {
    await signInAsDemoChild();
    try {
      const element = await list();
      expect(domains(element)).to.include.members(['www.example.com', 'shop.example.com']);
      for (const row of rows(element)) {
        expect(row.querySelector('.ec-read-only-mark')).to.equal(null);
        expect(row.querySelector('input[type="checkbox"]')).to.not.equal(null);
      }
      expect(shadow(element).querySelector('[part="read-only-notice"]')).to.equal(null);
    } finally {
      await signInAsDemoParent();
    }
  });

  describe('as the parent', () => {
    before(async () => {
      await signInAsDemoParent();
    });

    it('keeps the checkbox and domain columns in view, cuts the domain, remark and CNAME with a copy button', async () => {
      const element = await list();
      const www = rowOf(element, 'www.example.com');
      const primary = www.querySelector<HTMLElement>('td.ec-col-primary')!;
      expect(primary.classList.contains('ec-col-domain')).to.equal(true);
      expect(getComputedStyle(primary).position).to.equal('sticky');
      expect(getComputedStyle(www.querySelector<HTMLElement>('td.ec-select-column')!).position).to.equal('sticky');
      expect(getComputedStyle(www.querySelector<HTMLElement>('td.ec-col-actions')!).position).to.equal('sticky');
      for (const column of ['domain', 'cname']) {
        expect(www.querySelector(`td.ec-col-${column}.ec-col-truncate .ec-cell-copy`), column).to.not.equal(null);
      }
      expect(www.querySelector('td.ec-col-remark.ec-col-truncate'), 'the remark is cut too').to.not.equal(null);
      // The table scrolls inside its own wrapper at 1280 px; the element itself never overflows.
      expect(element.scrollWidth).to.be.at.most(element.clientWidth + 1);
    });

    it('hides a column from the chooser and remembers it for the table', async () => {
      const element = await list();
      shadow(element).querySelector<HTMLButtonElement>('.ec-column-button')!.click();
      await waitUntil(() => shadow(element).querySelector('.ec-column-panel'), 'the chooser opens');
      const remark = Array.from(shadow(element).querySelectorAll<HTMLLabelElement>('.ec-column-option')).find((label) => label.textContent?.trim() === 'Remark')!;
      remark.querySelector('input')!.click();
      await waitUntil(() => !shadow(element).querySelector('thead th.ec-col-remark'), 'the remark column goes');
      expect(JSON.parse(localStorage.getItem(COLUMNS_KEY) ?? '[]')).to.deep.equal(['remark']);
      const again = await list();
      expect(again.shadowRoot!.querySelector('thead th.ec-col-remark'), 'remembered').to.equal(null);
    });

    it('keyboard only: Tab to a row action, Enter opens the edit dialog (one look), Escape closes it and focus returns', async () => {
      const element = await list();
      const edit = buttonNamed(rowOf(element, 'shop.example.com'), 'Edit shop.example.com')!;
      buttonNamed(rowOf(element, 'shop.example.com'), 'Open the console of shop.example.com')!.focus();
      await sendKeys({ press: 'Tab' });
      expect(shadow(element).activeElement).to.equal(edit);
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => dialog(element), 'the edit dialog opens');
      expectOneLook(dialog(element)!);
      await waitUntil(() => dialog(element)!.contains(shadow(element).activeElement), 'focus moves into the dialog');
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !dialog(element), 'the dialog closes');
      await waitUntil(() => shadow(element).activeElement === edit, 'focus returns to the Edit button');
    });

    it('issue 19: the wizard step is in view-state: Add reports it, a bookmarked step reopens the wizard there', async () => {
      const element = await list();
      const opened = oneEvent(element, 'ec-view-state');
      buttonNamed(shadow(element), 'Add domain')!.click();
      expect((await opened).detail.state).to.equal('wizard=domains');
      await waitUntil(() => shadow(element).querySelector('[part="wizard"]'), 'the wizard shows');
      // A bookmarked review opens at the origins step: the preview is the server's answer and is asked for again.
      const bookmarked = await fixture<HTMLElement>(html`<ec-domain-list lang="en-US" view-state="wizard=review"></ec-domain-list>`);
      await waitUntil(() => bookmarked.shadowRoot!.querySelector('[part="wizard"] [aria-current="step"]'), 'the wizard reopens');
      expect(bookmarked.shadowRoot!.querySelector('[part="wizard"] [aria-current="step"]')!.textContent).to.contain('Origin');
      const closed = oneEvent(bookmarked, 'ec-view-state');
      buttonNamed(bookmarked.shadowRoot!, 'Cancel')!.click();
      expect((await closed).detail.state).to.equal('');
      await settled(bookmarked);
    });

    it('is accessible in Chinese (axe)', async () => {
      const element = await list('zh-CN');
      await expect(element).to.be.accessible();
    });
  });
});
