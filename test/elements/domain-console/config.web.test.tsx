/**
 * The configuration method and the configuration view of `<ec-domain-console>` (rules §4 "Configuration method of a
 * domain": switching to domain-specific copies and unlinks, unbinding a template copies or switches, each confirmed
 * with its consequence; shell §2 `config-view/:id`: every setting in force with its source and what differs from the
 * template), read-only without a manage grant (rules §6), a failed change loses nothing, both languages and axe.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../elements/domain-console/element.js';
import { signInAsDemoParent } from '../../helpers/api-session.js';
import { choose, injectFault, shadow } from '../../helpers/list-element.js';
import { addServingSites, button, deleteSites, siteId } from '../../helpers/websites.js';

const SITE = 'config-method.wtr.example';
let siteIdOf: number;

async function console(domainId: number, lang = 'en-US', mode = 'manage'): Promise<HTMLElement> {
  const element = await fixture<HTMLElement>(html`<ec-domain-console lang=${lang} domain-id=${domainId} tab="config" mode=${mode}></ec-domain-console>`);
  await waitUntil(() => shadow(element).querySelector('[part="config-view"] [part="table"]'), 'the configuration view shows', { timeout: 8000 });
  return element;
}

const text = (element: HTMLElement) => shadow(element).textContent ?? '';
const methodBar = (element: HTMLElement) => shadow(element).querySelector('[part="config-method"]')!.textContent ?? '';
const dialog = (element: HTMLElement) => shadow(element).querySelector<HTMLElement>('[part="config-method-dialog"]');

async function openDialog(element: HTMLElement): Promise<HTMLElement> {
  button(shadow(element), 'Change method').click();
  await waitUntil(() => dialog(element), 'the dialog opens', { timeout: 8000 });
  return dialog(element)!;
}

function pick(element: HTMLElement, label: string): void {
  const found = Array.from(dialog(element)!.querySelectorAll('label')).find((node) => node.textContent === label);
  if (!found) throw new Error(`no choice "${label}"`);
  found.click();
}

const confirmButton = (element: HTMLElement) => shadow(element).querySelector<HTMLButtonElement>('.ec-dialog-confirm')!;

async function change(element: HTMLElement, expectBar: string): Promise<void> {
  confirmButton(element).click();
  await waitUntil(() => !dialog(element) && methodBar(element).includes(expectBar), `the method is now ${expectBar}`, { timeout: 8000 });
  await waitUntil(() => shadow(element).querySelector('[part="config-view"] [part="table"]'), 'the view reloads', { timeout: 8000 });
}

describe('<ec-domain-console tab="config">: configuration method and view (rules §4)', () => {
  before(async () => {
    await signInAsDemoParent();
    await deleteSites([SITE]);
    [siteIdOf] = await addServingSites([SITE]);
  });
  after(async () => {
    await deleteSites([SITE]);
  });

  it('shows every setting in force with its source: the global policy domain reads the policy', async () => {
    const element = await console(await siteId('blog.example.org'));
    expect(methodBar(element)).to.contain('Global policy');
    const view = shadow(element).querySelector('[part="config-view"]')!.textContent!;
    expect(view).to.contain('follows the global policy');
    expect(view).to.contain('Gzip compression').and.contain('Upload size limit').and.contain('megabytes: 100').and.contain('Cache rules');
    expect(view).to.contain('Global policy');
    expect(view).not.to.contain('{"');
  });

  it('switches to the global policy and back to domain-specific, each after its confirmation', async () => {
    const element = await console(siteIdOf);
    expect(methodBar(element)).to.contain('Domain-specific');
    await openDialog(element);
    expect(dialog(element)!.textContent).to.contain("The global policy's settings are issued to this domain");
    await change(element, 'Global policy');
    expect(shadow(element).querySelector('[part="config-view"]')!.textContent).to.contain('follows the global policy');

    await openDialog(element);
    pick(element, 'Domain-specific configuration');
    expect(dialog(element)!.textContent).to.contain('Copies the current configuration');
    expect(confirmButton(element).textContent).to.contain('Copy and unlink');
    await change(element, 'Domain-specific');
  });

  it('binds a template (one must be chosen), shows what differs, and unbinds it by copying', async () => {
    const element = await console(siteIdOf);
    await openDialog(element);
    pick(element, 'A template');
    confirmButton(element).click();
    await waitUntil(() => dialog(element)!.textContent!.includes('Please select a template'), 'a template is required');
    await waitUntil(() => shadow(element).querySelector('[part="config-method-dialog"] .p-dropdown:not(.p-disabled)'), 'the templates load');
    await choose(element, 'Template', 'Static assets');
    await change(element, 'Template: Static assets');
    const view = shadow(element).querySelector('[part="config-view"]')!.textContent!;
    expect(view).to.contain('Compared with the template').and.contain('follows the template Static assets');

    await openDialog(element);
    expect(dialog(element)!.textContent).to.contain('Another template');
    pick(element, 'Domain-specific configuration');
    expect(dialog(element)!.textContent).to.contain('Unbinds the template and copies its configuration');
    expect(confirmButton(element).textContent).to.contain('Unbind and copy');
    pick(element, 'The global policy');
    expect(dialog(element)!.textContent).to.contain('Unbinds the template and switches to the global policy');
    pick(element, 'Domain-specific configuration');
    await change(element, 'Domain-specific');
  });

  it('keeps the dialog and the choice when the change fails, and the retry succeeds', async () => {
    const element = await console(siteIdOf);
    await openDialog(element);
    const restore = injectFault(/web\.domain\.config\.method/, () => new Response('upstream down', { status: 500 }));
    try {
      confirmButton(element).click();
      await waitUntil(() => shadow(element).querySelector('.p-dialog [role="alert"]'), 'the failure shows in the dialog');
      expect(dialog(element)).to.exist;
      expect(methodBar(element)).to.contain('Domain-specific');
    } finally {
      restore();
    }
    await change(element, 'Global policy');
    await openDialog(element);
    pick(element, 'Domain-specific configuration');
    await change(element, 'Domain-specific');
  });

  it('offers no change read-only, and renders in Chinese', async () => {
    const element = await console(siteIdOf, 'zh-CN', 'readonly');
    expect(() => button(shadow(element), '更改配置方式')).to.throw();
    expect(text(element)).to.contain('当前生效的全部设置').and.contain('域名独立配置').and.contain('缓存规则');
  });

  it('is accessible in both languages with the dialog open (axe)', async () => {
    for (const lang of ['zh-CN', 'en-US']) {
      const element = await console(siteIdOf, lang);
      await expect(element).to.be.accessible();
      shadow(element).querySelector<HTMLButtonElement>('[part="config-method"] button')!.click();
      await waitUntil(() => dialog(element), 'the dialog opens', { timeout: 8000 });
      // axe would measure contrast on the half-transparent text of the opening animation.
      await waitUntil(() => getComputedStyle(shadow(element).querySelector('.p-dialog')!).opacity === '1', 'the dialog has opened');
      // PrimeReact's modal focus trap wraps focus with two aria-hidden sentinels (tabindex 0), which axe flags.
      await expect(element).to.be.accessible({ ignoredRules: ['aria-hidden-focus'] });
      shadow(element).querySelector<HTMLButtonElement>('.ec-dialog-cancel')!.click();
      await waitUntil(() => !dialog(element), 'the dialog closes');
    }
  });
});
