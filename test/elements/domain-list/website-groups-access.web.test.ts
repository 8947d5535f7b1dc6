/**
 * `<ec-website-groups>` and issue 19: read-only state from the server's `editable` (rules §6; issue 19) as the viewer
 * and the demo child, the search and page in `view-state`, the shared dialog footer, the table tools and a
 * keyboard-only create.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/website-groups/element.js';
import { signInAsDemoChild, signInAsDemoParent, signInAsDemoViewer } from '../../helpers/api-session.js';
import { column, rows, settled, shadow } from '../../helpers/list-element.js';
import { expectOneLook } from '../../helpers/one-look.js';
import { typeText } from '../../helpers/websites.js';

async function groups(markup = html`<ec-website-groups lang="en-US"></ec-website-groups>`): Promise<HTMLElement> {
  const element = await settled(await fixture<HTMLElement>(markup));
  await waitUntil(() => rows(element).length > 0, 'groups show');
  return element;
}

const buttonNamed = (root: ParentNode, name: string) =>
  Array.from(root.querySelectorAll<HTMLButtonElement>('button')).find((node) => node.textContent?.trim() === name || node.getAttribute('aria-label') === name);
const dialog = (element: HTMLElement) => shadow(element).querySelector<HTMLElement>('[part="dialog"]');

describe('<ec-website-groups> read-only state and view state (rules §6; issue 19)', () => {
  after(async () => {
    await signInAsDemoParent();
  });

  it('rules §6; issue 19: the viewer sees the groups read-only, create denied with the reason, no row action', async () => {
    await signInAsDemoViewer();
    const element = await groups();
    await waitUntil(() => shadow(element).querySelector('[part="read-only-notice"]'), 'the read-only notice');
    await waitUntil(() => buttonNamed(shadow(element), 'Create group')?.getAttribute('aria-disabled') === 'true', 'create is denied');
    for (const row of rows(element)) {
      expect(row.querySelector('.ec-read-only-mark'), row.cells[0]!.textContent!).to.not.equal(null);
      expect(row.querySelector('td.ec-col-actions button'), 'no action the viewer may not use').to.equal(null);
    }
    buttonNamed(shadow(element), 'Create group')!.click();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialog(element), 'a denied button opens nothing').to.equal(null);
    await expect(element).to.be.accessible();
  });

  it('the demo child may move its websites into a group but not rename, delete or create one', async () => {
    await signInAsDemoChild();
    const element = await groups();
    await waitUntil(() => buttonNamed(shadow(element), 'Create group')?.getAttribute('aria-disabled') === 'true', 'create is denied');
    const [first] = rows(element);
    const name = first!.cells[0]!.textContent!;
    expect(buttonNamed(first!, `Add websites to ${name}`), 'assign stays').to.not.equal(undefined);
    expect(first!.querySelector('.ec-read-only-mark')).to.not.equal(null);
    expect(shadow(element).querySelector('[part="read-only-notice"]'), 'the module itself is managed').to.equal(null);
  });

  describe('as the parent', () => {
    before(async () => {
      await signInAsDemoParent();
    });

    it('issue 19: starts from a bookmarked search (view-state) and reports changes with ec-view-state', async () => {
      const element = await groups(html`<ec-website-groups lang="en-US" view-state="search=prod&page=x"></ec-website-groups>`);
      await waitUntil(() => column(element, 0).join() === 'Production', 'the bookmarked search applies');
      const changed = oneEvent(element, 'ec-view-state');
      typeText(shadow(element).querySelector<HTMLInputElement>('[part="search"] input')!, 'stat');
      expect((await changed).detail.state).to.equal('search=stat');
    });

    it('keeps the name in view and cuts it with a copy button; secondary columns can be hidden', async () => {
      const element = await groups();
      const first = rows(element)[0]!;
      expect(getComputedStyle(first.querySelector<HTMLElement>('td.ec-col-primary')!).position).to.equal('sticky');
      expect(first.querySelector('td.ec-col-primary .ec-cell-copy')).to.not.equal(null);
      expect(shadow(element).querySelector('.ec-column-button'), 'the column chooser').to.not.equal(null);
    });

    it('keyboard only: Enter on Create opens the dialog (one look), Escape closes it and focus returns', async () => {
      const element = await groups();
      const create = buttonNamed(shadow(element), 'Create group')!;
      create.focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => dialog(element), 'the dialog opens');
      expectOneLook(dialog(element)!);
      await waitUntil(() => dialog(element)!.contains(shadow(element).activeElement), 'focus moves into the dialog');
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !dialog(element), 'the dialog closes');
      await waitUntil(() => shadow(element).activeElement === create, 'focus returns to Create group');
    });
  });
});
