import { expect, waitUntil } from '@open-wc/testing';
import { useState } from 'react';
import { ButtonCheckboxGroup, CheckboxGroup, selectAllState, toggleAll, type SelectOption } from '../../../../core/ui/parts/checkbox-group.js';
import { LANGUAGES, renderPart, shadow } from '../../../helpers/parts-probe.js';

const OPTIONS: SelectOption<string>[] = [
  { label: 'HTTP', value: 'http' },
  { label: 'HTTPS', value: 'https' },
  { label: 'WebSocket', value: 'ws' },
  { label: 'Legacy', value: 'legacy', disabled: true },
];

function groupScene(initial: string[], changes: string[][] = []) {
  return function Scene() {
    const [value, setValue] = useState(initial);
    return (
      <CheckboxGroup
        label="Protocols"
        options={OPTIONS}
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  };
}

const selectAllInput = (element: HTMLElement) => shadow(element).querySelector<HTMLInputElement>('.ec-checkbox-all input')!;
const optionInputs = (element: HTMLElement) => Array.from(shadow(element).querySelectorAll<HTMLInputElement>('.ec-checkbox-options input'));

describe('CheckboxGroup and ButtonCheckboxGroup (shell §5)', () => {
  it('shell §5: select-all is unchecked, indeterminate or checked as the options are', async () => {
    const none = await renderPart(groupScene([]));
    expect(selectAllInput(none).checked).to.equal(false);
    expect(selectAllInput(none).indeterminate).to.equal(false);

    const some = await renderPart(groupScene(['https']));
    await waitUntil(() => selectAllInput(some).indeterminate, 'the select-all box is indeterminate');
    expect(shadow(some).querySelector('.ec-checkbox-all .pi-minus')).to.not.equal(null);

    const all = await renderPart(groupScene(['http', 'https', 'ws']));
    expect(selectAllInput(all).checked).to.equal(true);
    expect(selectAllInput(all).indeterminate).to.equal(false);

    expect(selectAllState(OPTIONS, ['http'])).to.equal('some');
    expect(selectAllState(OPTIONS, ['legacy'])).to.equal('none');
  });

  it('shell §5: select-all checks every enabled option, then clears them; disabled options keep their state', async () => {
    const changes: string[][] = [];
    const element = await renderPart(groupScene(['ws', 'legacy'], changes));
    selectAllInput(element).click();
    await waitUntil(() => changes.length === 1);
    expect(changes[0]).to.deep.equal(['http', 'https', 'ws', 'legacy']);
    await waitUntil(() => !selectAllInput(element).indeterminate && selectAllInput(element).checked);
    selectAllInput(element).click();
    await waitUntil(() => changes.length === 2);
    expect(changes[1]).to.deep.equal(['legacy']);
    expect(toggleAll(OPTIONS, [])).to.deep.equal(['http', 'https', 'ws']);
  });

  it('toggles single options in option order', async () => {
    const changes: string[][] = [];
    const element = await renderPart(groupScene(['ws'], changes));
    optionInputs(element)[0]!.click();
    await waitUntil(() => changes.length === 1);
    expect(changes[0]).to.deep.equal(['http', 'ws']);
    expect(optionInputs(element)[3]!.disabled).to.equal(true);
  });

  it('shell §5: the button-checkbox submit is disabled while nothing is selected', async () => {
    const submitted: string[][] = [];
    const element = await renderPart(() => <ButtonCheckboxGroup label="Protocols" options={OPTIONS} submitLabel="Apply" onSubmit={(value) => submitted.push(value)} />);
    const submit = () => Array.from(shadow(element).querySelectorAll<HTMLButtonElement>('button')).find((button) => button.textContent === 'Apply')!;
    expect(submit().disabled).to.equal(true);
    optionInputs(element)[1]!.click();
    await waitUntil(() => !submit().disabled, 'one checked option enables submit');
    submit().click();
    expect(submitted).to.deep.equal([['https']]);
    optionInputs(element)[1]!.click();
    await waitUntil(() => submit().disabled, 'unchecking the last option disables submit again');
  });

  for (const lang of LANGUAGES) {
    it(`is labelled and accessible in ${lang} (axe)`, async () => {
      const element = await renderPart(groupScene(['http']), lang);
      await waitUntil(() => selectAllInput(element).indeterminate);
      const label = shadow(element).querySelector(`label[for="${selectAllInput(element).id}"]`)!;
      expect(label.textContent).to.equal(lang === 'zh_CN' ? '全选' : 'Select all');
      expect(shadow(element).querySelector('legend')!.textContent).to.equal('Protocols');
      await expect(element).to.be.accessible();
      const buttons = await renderPart(() => <ButtonCheckboxGroup label="Protocols" options={OPTIONS} onSubmit={() => undefined} />, lang);
      expect(Array.from(shadow(buttons).querySelectorAll('button'), (button) => button.textContent)).to.include(lang === 'zh_CN' ? '确认' : 'Confirm');
      await expect(buttons).to.be.accessible();
    });
  }
});
