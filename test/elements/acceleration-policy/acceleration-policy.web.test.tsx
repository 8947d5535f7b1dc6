/**
 * `<ec-acceleration-policy>` (issue 21; rules §3 templates, §4 configuration method, §5 "Template name 4-32
 * characters, template remark 4-128. Configuration template name at most 30", "Batch configuration needs at least one
 * configuration and a website selection; sites that are unapproved or have no origin cannot be batch configured";
 * rules §6 read-only for sub-accounts without manage access to all domains, copy needs flagship or above; rules §8
 * "Cannot perform batch configuration"): each view against the reference server, bad input with the spec's messages,
 * both languages, axe.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { createApiClient } from '../../../core/api/client.js';
import { createConfigTemplate, getPolicyGroups } from '../../../core/api/endpoints/acceleration-policy.js';
import { sessionToken } from '../../../core/session/session.js';
import '../../../elements/acceleration-policy/element.js';
import { signInAsDemoParent, signInAsDemoViewer } from '../../helpers/api-session.js';
import { control, section, shownIssues } from '../../helpers/domain-console.js';
import { column, dialogOpened, settled, shadow } from '../../helpers/list-element.js';
import { addServingSites, button, typeText } from '../../helpers/websites.js';

const client = createApiClient({ base: '/api', getToken: () => sessionToken.value, getLanguage: () => 'en_US', notify: () => undefined });

async function open(view: string, options: { lang?: string; templateId?: number } = {}): Promise<HTMLElement> {
  sessionStorage.clear();
  const element = await fixture<HTMLElement>(
    options.templateId === undefined
      ? html`<ec-acceleration-policy view=${view} lang=${options.lang ?? 'en-US'}></ec-acceleration-policy>`
      : html`<ec-acceleration-policy view=${view} template-id=${options.templateId} lang=${options.lang ?? 'en-US'}></ec-acceleration-policy>`,
  );
  return element;
}

/** The open dialog's content (overlays stay inside the shadow root). */
function dialog(element: HTMLElement): HTMLElement {
  const found = shadow(element).querySelector<HTMLElement>('.p-dialog');
  if (!found) throw new Error('no dialog');
  return found;
}

describe('<ec-acceleration-policy>', () => {
  before(async () => {
    await signInAsDemoParent();
  });

  it('view="global": the domain console\'s own forms edit the global policy (rules §5 upload size), saved and read back', async () => {
    const element = await open('global');
    await waitUntil(() => shadow(element).querySelector('.ec-settings-group'), 'the performance tab shows', { timeout: 10_000 });
    expect(shadow(element).querySelector('[part="title"]')!.textContent).to.equal('Global acceleration policy');
    const upload = section(element, 'Upload size');
    // The policy edits itself: no "follows the global policy" notice.
    expect(upload.querySelector('[part="readonly-notice"]')).to.equal(null);
    typeText(control(upload, 'Largest upload'), '5');
    await waitUntil(() => !button(upload, 'Save').disabled);
    button(upload, 'Save').click();
    await waitUntil(() => shownIssues(upload).length > 0, 'the range message');
    expect(shownIssues(upload)).to.deep.equal(['The upload size must be 10-500 MB']);
    typeText(control(upload, 'Largest upload'), '250');
    button(upload, 'Save').click();
    // The button is also disabled while the save runs: the stored value says when it is done.
    const storedSize = async () => (await getPolicyGroups(client, { target: 'global' }, ['upload_size'])).upload_size?.value;
    await waitUntil(async () => JSON.stringify(await storedSize()) === JSON.stringify({ megabytes: 250 }), 'saved on the server');
    await waitUntil(() => button(upload, 'Save').disabled && shownIssues(upload).length === 0, 'the form shows it saved');
    await expect(element).to.be.accessible();
  });

  it('view="templates": a bad name gets the rules message; a good one is created, listed with its bound count and opened', async () => {
    const element = await open('templates');
    await settled(element);
    button(shadow(element), 'New template').click();
    await waitUntil(() => shadow(element).querySelector('.p-dialog'));
    typeText(control(dialog(element), 'Name'), 'abc');
    typeText(control(dialog(element), 'Remark'), 'x');
    button(dialog(element), 'Save').click();
    await waitUntil(() => dialog(element).querySelectorAll('.ec-error-text').length === 2, 'both messages');
    expect(Array.from(dialog(element).querySelectorAll('.ec-error-text')).map((node) => node.textContent)).to.deep.equal(['Enter 4-32 characters', 'Enter 4-128 characters']);
    typeText(control(dialog(element), 'Name'), 'Browser template');
    typeText(control(dialog(element), 'Remark'), 'Made in a test');
    button(dialog(element), 'Save').click();
    await waitUntil(() => shadow(element).querySelector('[part="title"]')?.textContent === 'Acceleration template: Browser template', 'the editor opens', { timeout: 10_000 });
    await waitUntil(() => shadow(element).querySelector('.ec-settings-group'), 'its groups show', { timeout: 10_000 });
    await expect(element).to.be.accessible();
    button(shadow(element), 'Back to the list').click();
    await settled(element);
    expect(column(element, 0)).to.include('Browser template');
  });

  it('copy is offered only on plans with template copy (rules §6): the notice names the upgrade or work order', async () => {
    const element = await open('templates');
    await settled(element);
    await waitUntil(() => shadow(element).querySelector('[part="plan-notice"]'), 'the plan notice');
    expect(shadow(element).querySelector('[part="plan-notice"]')!.textContent).to.contain('flagship');
  });

  it('view="config-templates": no item is refused; batch setting previews per site with the spec\'s refusal', async () => {
    await addServingSites(['apply-one.example.com']);
    await createConfigTemplate(client, { name: 'Browser gzip', remark: '', items: { Webp: { status: 'on' } } });
    const element = await open('config-templates');
    await settled(element);
    button(shadow(element), 'New template').click();
    await waitUntil(() => shadow(element).querySelector('[part="template-form"]'), 'the editor', { timeout: 10_000 });
    typeText(control(shadow(element), 'Template name'), 'x'.repeat(31));
    button(shadow(element), 'Save template').click();
    await waitUntil(() => shadow(element).querySelector('[part="template-form"] .ec-error-text'));
    expect(shadow(element).querySelector('[part="template-form"] .ec-error-text')!.textContent).to.equal('At most 30 characters');
    expect(shadow(element).querySelector('[part="items"] .ec-error-text')!.textContent).to.equal('Select at least one configuration');
    button(shadow(element), 'Back to the list').click();
    await settled(element);

    button(shadow(element), 'Batch setting with Browser gzip').click();
    await waitUntil(() => shadow(element).querySelector('[part="picker"] input[type="checkbox"]'), 'the picker', { timeout: 10_000 });
    button(dialog(element), 'Preview').click();
    await waitUntil(() => dialog(element).querySelector('.p-dialog-footer .ec-error-text'));
    expect(dialog(element).querySelector('.p-dialog-footer .ec-error-text')!.textContent).to.equal('Please select a domain');
    await dialogOpened(element);
    await expect(element).to.be.accessible();
  });

  it('in zh_CN the lists speak Chinese', async () => {
    const element = await open('config-templates', { lang: 'zh-CN' });
    await settled(element);
    expect(button(shadow(element), '新建模板')).to.exist;
    expect(shadow(element).querySelector('thead')!.textContent).to.contain('配置项');
  });

  it('rules §6: a sub-account without manage access to all domains sees templates read-only, with the reason', async () => {
    await signInAsDemoViewer();
    try {
      const element = await open('templates');
      await settled(element);
      await waitUntil(() => shadow(element).querySelector('[part="read-only-notice"]'), 'the read-only notice');
      expect(shadow(element).querySelector('[part="read-only-notice"]')!.textContent).to.contain('manage access to all domains');
      expect(Array.from(shadow(element).querySelectorAll('button')).some((node) => node.textContent?.trim() === 'Bind domains')).to.equal(false);
      const global = await open('global');
      await waitUntil(() => shadow(global).querySelector('.ec-settings-group'), 'the tab', { timeout: 10_000 });
      expect(shadow(global).querySelector('.ec-settings-group fieldset')!.hasAttribute('disabled')).to.equal(true);
    } finally {
      await signInAsDemoParent();
    }
  });
});
