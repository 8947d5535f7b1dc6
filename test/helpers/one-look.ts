/**
 * The "one look" check of issue 19, for any dialog a test has open: its footer is the shared DialogFooter (cancel on
 * the left of the action, the shared labels) and every single-line control in it is the one control height. Element
 * tests call it on each dialog they open, so a dialog that builds its own footer or sizes its own inputs fails.
 */
import { expect } from '@open-wc/testing';

/** Single-line controls; the input inside a number field is measured as its field. */
const CONTROLS = 'input.p-inputtext:not(.p-inputnumber-input), .p-dropdown, .p-multiselect, .p-inputnumber';

/** Asserts the dialog's footer and control sizes; `dialog` is the `[part="dialog"]` root. */
export function expectOneLook(dialog: Element): void {
  const footer = dialog.querySelector('.ec-dialog-footer');
  expect(footer, 'the dialog uses the shared DialogFooter').to.not.equal(null);
  const buttons = Array.from(footer!.querySelectorAll(':scope > .p-button'));
  expect(buttons[0]?.classList.contains('ec-dialog-cancel'), 'cancel (or close) comes first').to.equal(true);
  if (buttons.length > 1) expect(buttons.at(-1)!.classList.contains('ec-dialog-confirm'), 'the action comes last').to.equal(true);

  const heights = new Set(
    Array.from(dialog.querySelectorAll<HTMLElement>(CONTROLS))
      .filter((control) => control.offsetParent !== null)
      .map((control) => Math.round(control.getBoundingClientRect().height)),
  );
  for (const button of buttons) heights.add(Math.round(button.getBoundingClientRect().height));
  expect([...heights], 'every control and footer button has the one control height').to.have.length(1);
}
