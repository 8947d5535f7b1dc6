/**
 * One look (issue 19; shell §9 element size small, dialog 500 px): a dialog with every kind of single-line control and
 * the shared footer measures one control height, cancel left of the action, the same labels in both languages.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { DIALOG_WIDTH } from '../../../../core/config/constants.js';
import { DialogFooter, EcDialog } from '../../../../core/ui/parts/dialog.js';
import { expectOneLook } from '../../../helpers/one-look.js';
import { LANGUAGES, renderPart, shadow } from '../../../helpers/parts-probe.js';

const OPTIONS = [
  { label: 'One', value: 1 },
  { label: 'Two', value: 2 },
];

function Form({ busy = false }: { busy?: boolean }) {
  return (
    <EcDialog visible onHide={() => undefined} header="Form" footer={<DialogFooter onCancel={() => undefined} onConfirm={() => undefined} busy={busy} />}>
      <div className="ec-stack">
        <InputText aria-label="Text" />
        <Dropdown aria-label="Choice" options={OPTIONS} value={1} />
        <MultiSelect aria-label="Choices" options={OPTIONS} value={[1]} />
        <InputNumber aria-label="Number" value={3} />
      </div>
    </EcDialog>
  );
}

describe('one look for dialogs and controls (issue 19; shell §9)', () => {
  for (const language of LANGUAGES) {
    it(`sizes every control alike and puts cancel before the action (${language})`, async () => {
      const element = await renderPart(() => <Form />, language);
      await waitUntil(() => shadow(element).querySelector('[part="dialog"] .ec-dialog-footer'), 'the dialog opens');
      const dialog = shadow(element).querySelector('[part="dialog"]')!;
      expectOneLook(dialog);
      const labels = Array.from(dialog.querySelectorAll('.ec-dialog-footer .p-button')).map((button) => button.textContent);
      expect(labels).to.deep.equal(language === 'zh_CN' ? ['取消', '保存'] : ['Cancel', 'Save']);
      // 500 px wide (narrowed to 95vw below 640 px, as on the test runner's small window).
      expect((dialog as HTMLElement).style.width).to.equal(DIALOG_WIDTH);
    });
  }

  it('shows a dialog without an action with one Close button', async () => {
    const element = await renderPart(() => (
      <EcDialog visible onHide={() => undefined} header="Details" footer={<DialogFooter onCancel={() => undefined} />}>
        <p>Read only</p>
      </EcDialog>
    ));
    await waitUntil(() => shadow(element).querySelector('[part="dialog"] .ec-dialog-footer'));
    const dialog = shadow(element).querySelector('[part="dialog"]')!;
    expectOneLook(dialog);
    expect(Array.from(dialog.querySelectorAll('.ec-dialog-footer .p-button')).map((button) => button.textContent)).to.deep.equal(['Close']);
  });

  it('keeps both buttons from being pressed twice while the action runs', async () => {
    const element = await renderPart(() => <Form busy />);
    await waitUntil(() => shadow(element).querySelector('[part="dialog"] .ec-dialog-footer'));
    const [cancel, confirm] = Array.from(shadow(element).querySelectorAll<HTMLButtonElement>('.ec-dialog-footer .p-button'));
    expect(cancel!.disabled).to.equal(true);
    expect(confirm!.disabled).to.equal(true);
  });
});
