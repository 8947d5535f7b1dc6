import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { attr } from '../../../core/ui/attributes.js';
import { defineElement } from '../../../core/ui/define-element.js';
import { useDraft } from '../../../core/ui/use-draft.js';
import { startSession } from '../../../core/session/session.js';

function DraftForm({ formKey = 'probe-form' }: { formKey?: string }) {
  const [value, setValue, { restored, discard }] = useDraft(formKey, { name: '' });
  return (
    <form onSubmit={(event) => { event.preventDefault(); discard(); }}>
      <label htmlFor="name">Name</label>
      <input id="name" value={value.name} onChange={(event) => setValue({ name: event.target.value })} />
      {restored ? <p className="restored">restored</p> : null}
      <button type="submit">Save</button>
    </form>
  );
}
defineElement('ec-draft-probe', DraftForm, { session: 'optional', namespace: 'common', attributes: { formKey: attr.string('The draft key.') } });

function type(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('useDraft: nothing typed is lost (issue "Foundation", drafts)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    startSession('t', { id: 5, email: 'a@b.c', account_type: 1 });
  });

  it('restores what was typed after the element is removed and created again (reload, re-login)', async () => {
    const first = await fixture<HTMLElement>(html`<ec-draft-probe></ec-draft-probe>`);
    await waitUntil(() => first.shadowRoot!.querySelector('input'));
    type(first.shadowRoot!.querySelector('input')!, 'half-typed name');
    await waitUntil(() => sessionStorage.getItem('ec.draft.probe-form')?.includes('half-typed'));
    first.remove();

    const second = await fixture<HTMLElement>(html`<ec-draft-probe></ec-draft-probe>`);
    await waitUntil(() => second.shadowRoot!.querySelector('input'));
    expect(second.shadowRoot!.querySelector('input')!.value).to.equal('half-typed name');
    expect(second.shadowRoot!.querySelector('.restored')).to.not.equal(null);

    second.shadowRoot!.querySelector<HTMLButtonElement>('button')!.click();
    expect(sessionStorage.getItem('ec.draft.probe-form')).to.equal(null, 'a successful save forgets the draft');
  });

  it('an untouched form leaves no draft', async () => {
    const element = await fixture<HTMLElement>(html`<ec-draft-probe form-key="untouched"></ec-draft-probe>`);
    await waitUntil(() => element.shadowRoot!.querySelector('input'));
    expect(sessionStorage.getItem('ec.draft.untouched')).to.equal(null);
  });
});
