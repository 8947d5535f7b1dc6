import { expect, waitUntil } from '@open-wc/testing';
import { Button } from 'primereact/button';
import { ConfirmPopover } from '../../../../core/ui/parts/confirm-popover.js';
import { LANGUAGES, renderPart, shadow } from '../../../helpers/parts-probe.js';

interface Outcome {
  confirmed: number;
  cancelled: number;
}

function popoverScene(outcome: Outcome) {
  return function Scene() {
    return (
      <ConfirmPopover message="Delete this rule?" danger onConfirm={() => outcome.confirmed++} onCancel={() => outcome.cancelled++}>
        {(trigger) => <Button type="button" label="Delete" className="trigger" {...trigger} />}
      </ConfirmPopover>
    );
  };
}

const popup = (element: HTMLElement) => shadow(element).querySelector<HTMLElement>('.p-confirm-popup');
const trigger = (element: HTMLElement) => shadow(element).querySelector<HTMLButtonElement>('.trigger')!;

async function open(element: HTMLElement): Promise<HTMLElement> {
  trigger(element).click();
  await waitUntil(() => popup(element), 'the popover opens inside the shadow root');
  const accept = shadow(element).querySelector('.p-confirm-popup-accept');
  await waitUntil(() => shadow(element).activeElement === accept, 'focus moves to the confirm button');
  return popup(element)!;
}

describe('ConfirmPopover (shell §2)', () => {
  it('opens anchored inside the shadow root, as a labelled dialog, with focus on confirm', async () => {
    const element = await renderPart(popoverScene({ confirmed: 0, cancelled: 0 }));
    expect(trigger(element).getAttribute('aria-expanded')).to.equal('false');
    const panel = await open(element);
    expect(document.querySelector('.p-confirm-popup')).to.equal(null);
    expect(panel.getAttribute('role')).to.equal('dialog');
    expect(panel.getAttribute('aria-label')).to.equal('Please confirm');
    expect(panel.textContent).to.contain('Delete this rule?');
    expect(trigger(element).getAttribute('aria-expanded')).to.equal('true');
    expect(trigger(element).getAttribute('aria-controls')).to.equal(panel.id);
    // Themed by the adopted Lara sheet: a white surface, not an unstyled box.
    expect(getComputedStyle(panel).backgroundColor).to.equal('rgb(255, 255, 255)');
    expect(shadow(element).querySelector('.p-confirm-popup-accept')!.classList.contains('p-button-danger')).to.equal(true);
  });

  it('sits right next to its trigger even inside positioned containers (a table cell, a scrolled page)', async () => {
    function NestedScene() {
      return (
        <div style={{ position: 'relative', marginTop: '300px', paddingLeft: '120px' }}>
          <table style={{ position: 'relative' }}>
            <tbody>
              <tr>
                <td style={{ position: 'relative', padding: '40px' }}>
                  <ConfirmPopover message="Cancel this job?" onConfirm={() => undefined}>
                    {(props) => <Button type="button" label="Cancel job" className="trigger" {...props} />}
                  </ConfirmPopover>
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      );
    }
    const element = await renderPart(NestedScene);
    try {
      const panel = await open(element);
      window.scrollTo(0, 120);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
      await waitUntil(() => panel.style.position === 'fixed', 'placed in viewport coordinates');
      const anchor = trigger(element).getBoundingClientRect();
      const box = panel.getBoundingClientRect();
      expect(Math.abs(box.left - anchor.left)).to.be.below(2);
      const gapBelow = box.top - anchor.bottom;
      const gapAbove = anchor.top - box.bottom;
      expect(Math.min(Math.abs(gapBelow - 10), Math.abs(gapAbove - 10))).to.be.below(2);
    } finally {
      window.scrollTo(0, 0);
    }
  });

  it('confirm calls onConfirm, closes and gives focus back to the trigger', async () => {
    const outcome = { confirmed: 0, cancelled: 0 };
    const element = await renderPart(popoverScene(outcome));
    await open(element);
    shadow(element).querySelector<HTMLButtonElement>('.p-confirm-popup-accept')!.click();
    await waitUntil(() => !popup(element), 'the popover closes');
    expect(outcome).to.deep.equal({ confirmed: 1, cancelled: 0 });
    expect(shadow(element).activeElement).to.equal(trigger(element));
  });

  it('cancel calls onCancel', async () => {
    const outcome = { confirmed: 0, cancelled: 0 };
    const element = await renderPart(popoverScene(outcome));
    await open(element);
    shadow(element).querySelector<HTMLButtonElement>('.p-confirm-popup-reject')!.click();
    await waitUntil(() => !popup(element));
    expect(outcome).to.deep.equal({ confirmed: 0, cancelled: 1 });
  });

  it('Esc cancels', async () => {
    const outcome = { confirmed: 0, cancelled: 0 };
    const element = await renderPart(popoverScene(outcome));
    await open(element);
    shadow(element).activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true, composed: true }));
    await waitUntil(() => !popup(element), 'Esc closes the popover');
    expect(outcome).to.deep.equal({ confirmed: 0, cancelled: 1 });
    expect(shadow(element).activeElement).to.equal(trigger(element));
  });

  for (const lang of LANGUAGES) {
    it(`has translated buttons and is accessible while open in ${lang} (axe)`, async () => {
      const element = await renderPart(popoverScene({ confirmed: 0, cancelled: 0 }), lang);
      await open(element);
      const root = shadow(element);
      expect(root.querySelector('.p-confirm-popup-accept')!.textContent).to.equal(lang === 'zh_CN' ? '确认' : 'Confirm');
      expect(root.querySelector('.p-confirm-popup-reject')!.textContent).to.equal(lang === 'zh_CN' ? '取消' : 'Cancel');
      await expect(element).to.be.accessible();
    });
  }
});
