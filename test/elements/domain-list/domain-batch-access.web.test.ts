/**
 * `<ec-domain-batch>` and issue 19: a group that may only view websites (rules §6; issue 19) sees each batch page with
 * the read-only notice and its form disabled, so nothing is refused only on submission.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../elements/domain-batch/element.js';
import { signInAsDemoParent, signInAsDemoViewer } from '../../helpers/api-session.js';
import { shadow } from '../../helpers/list-element.js';

describe('<ec-domain-batch> read-only state (rules §6; issue 19)', () => {
  before(async () => {
    await signInAsDemoViewer();
  });
  after(async () => {
    await signInAsDemoParent();
  });

  for (const mode of ['add', 'delete', 'setting']) {
    it(`rules §6; issue 19: batch ${mode} is read-only for the viewer, with the reason`, async () => {
      const element = await fixture<HTMLElement>(html`<ec-domain-batch lang="en-US" mode=${mode}></ec-domain-batch>`);
      await waitUntil(() => shadow(element).querySelector('[part="read-only-notice"]'), 'the read-only notice');
      const form = shadow(element).querySelector<HTMLFieldSetElement>('[part="form"] fieldset')!;
      expect(form.disabled, 'the form is disabled').to.equal(true);
      const preview = Array.from(form.querySelectorAll<HTMLButtonElement>('button')).find((button) => button.textContent?.trim() === 'Preview');
      if (preview) expect(preview.matches(':disabled'), 'preview cannot be pressed').to.equal(true);
      await expect(element).to.be.accessible();
    });
  }
});
