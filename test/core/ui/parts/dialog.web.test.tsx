import { expect, waitUntil } from '@open-wc/testing';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { EcDialog } from '../../../../core/ui/parts/dialog.js';
import { LANGUAGES, renderPart, shadow } from '../../../helpers/parts-probe.js';

function dialogScene(width?: string) {
  return function Scene() {
    const [open, setOpen] = useState(true);
    return (
      <EcDialog
        visible={open}
        onHide={() => setOpen(false)}
        header="Edit record"
        width={width}
        footer={<Button type="button" label="Save" className="save" onClick={() => setOpen(false)} />}
      >
        <p>Record form</p>
      </EcDialog>
    );
  };
}

const dialog = (element: HTMLElement) => shadow(element).querySelector<HTMLElement>('.p-dialog');

/** Waits for the dialog's opening animation (it scales up from 0.7 and fades in) to finish. */
async function opened(element: HTMLElement): Promise<HTMLElement> {
  await waitUntil(() => dialog(element)?.classList.contains('p-dialog-enter-done'), 'the dialog opens inside the shadow root');
  return dialog(element)!;
}

describe('EcDialog (shell §9 dialog width)', () => {
  it('shell §9: opens 500 px wide inside the shadow root, named by its header, with a footer slot', async () => {
    const element = await renderPart(dialogScene());
    const box = await opened(element);
    expect(document.querySelector('.p-dialog')).to.equal(null);
    expect(box.style.width).to.equal('500px');
    expect(box.getBoundingClientRect().width).to.equal(500);
    expect(box.getAttribute('role')).to.equal('dialog');
    const title = shadow(element).getElementById(box.getAttribute('aria-labelledby')!)!;
    expect(title.textContent).to.equal('Edit record');
    expect(box.querySelector('.p-dialog-footer .save')).to.not.equal(null);
    (box.querySelector('.save') as HTMLButtonElement).click();
    await waitUntil(() => !dialog(element), 'the footer button closes it');
  });

  it('takes another width', async () => {
    const element = await renderPart(dialogScene('720px'));
    expect((await opened(element)).style.width).to.equal('720px');
  });

  for (const lang of LANGUAGES) {
    it(`has a translated close button and is accessible in ${lang} (axe)`, async () => {
      const element = await renderPart(dialogScene(), lang);
      await opened(element);
      const close = shadow(element).querySelector<HTMLButtonElement>('.p-dialog-header-close')!;
      expect(close.getAttribute('aria-label')).to.equal(lang === 'zh_CN' ? '关闭' : 'Close');
      await expect(element).to.be.accessible();
      close.click();
      await waitUntil(() => !dialog(element), 'the close button closes it');
    });
  }

  it('WAI-ARIA APG: closing gives focus back to the button that opened it (close button, Esc and footer)', async () => {
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" className="opener" onClick={() => setOpen(true)}>
            Edit
          </button>
          <EcDialog visible={open} onHide={() => setOpen(false)} header="Edit record" footer={<Button type="button" label="Save" className="save" onClick={() => setOpen(false)} />}>
            <input aria-label="Name" />
          </EcDialog>
        </>
      );
    }
    const element = await renderPart(Opener);
    const opener = shadow(element).querySelector<HTMLButtonElement>('.opener')!;
    const closers: Array<[string, (box: HTMLElement) => void]> = [
      ['the close button', (box) => box.querySelector<HTMLButtonElement>('.p-dialog-header-close')!.click()],
      ['Esc', (box) => box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true, composed: true }))],
      ['the footer', (box) => box.querySelector<HTMLButtonElement>('.save')!.click()],
    ];
    for (const [how, close] of closers) {
      opener.focus();
      opener.click();
      const box = await opened(element);
      await waitUntil(() => shadow(element).activeElement !== opener, 'focus moves into the dialog');
      close(box);
      await waitUntil(() => !dialog(element), `${how} closes it`);
      await waitUntil(() => shadow(element).activeElement === opener, `focus is back on the opener after ${how}`);
    }
  });
});
