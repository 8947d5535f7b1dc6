import { aTimeout, expect, nextFrame, waitUntil } from '@open-wc/testing';
import { useRef } from 'react';
import { TOOLTIP_DELAY_MS } from '../../../../core/config/constants.js';
import { EcTooltip } from '../../../../core/ui/parts/tooltip.js';
import { LANGUAGES, renderPart, shadow } from '../../../helpers/parts-probe.js';

function TooltipScene() {
  const ttl = useRef<HTMLSpanElement>(null);
  const copy = useRef<HTMLButtonElement>(null);
  return (
    <>
      <span ref={ttl} tabIndex={0} className="target">
        TTL
      </span>
      <EcTooltip target={ttl} content="Time to live, in seconds" />
      <button ref={copy} type="button" aria-label="Copy" className="copy p-button p-button-icon-only">
        <i className="pi pi-copy" aria-hidden="true" />
      </button>
      <EcTooltip target={copy} content="Copy the record" position="bottom" />
    </>
  );
}

const tooltip = (element: HTMLElement) => shadow(element).querySelector<HTMLElement>('.p-tooltip');

/** Renders the scene and waits until both tooltips have bound their targets (one render after mounting). */
async function renderTooltips(lang?: 'zh_CN' | 'en_US'): Promise<HTMLElement> {
  const element = await renderPart(TooltipScene, lang);
  await waitUntil(() => shadow(element).querySelectorAll('[aria-describedby]').length === 2, 'the targets are described');
  await nextFrame();
  await nextFrame();
  return element;
}

describe('EcTooltip (shell §9 tooltip delay)', () => {
  it('shell §9: opens after 500 ms, not before, inside the shadow root', async () => {
    expect(TOOLTIP_DELAY_MS).to.equal(500);
    const element = await renderTooltips();
    const target = shadow(element).querySelector<HTMLElement>('.target')!;
    target.dispatchEvent(new MouseEvent('mouseenter'));
    await aTimeout(300);
    expect(tooltip(element), 'still closed at 300 ms').to.equal(null);
    await waitUntil(() => tooltip(element)?.textContent === 'Time to live, in seconds', 'open after the delay', { timeout: 2000 });
    expect(tooltip(element)!.getAttribute('role')).to.equal('tooltip');
    expect(document.querySelector('.p-tooltip')).to.equal(null);
    target.dispatchEvent(new MouseEvent('mouseleave'));
    await waitUntil(() => !tooltip(element), 'closes on leave');
  });

  it('opens on keyboard focus too, and closes on blur', async () => {
    const element = await renderTooltips();
    const copy = shadow(element).querySelector<HTMLButtonElement>('.copy')!;
    copy.focus();
    await waitUntil(() => tooltip(element)?.textContent === 'Copy the record', 'focus opens the tooltip', { timeout: 2000 });
    copy.blur();
    await waitUntil(() => !tooltip(element), 'blur closes it');
  });

  it('gives screen readers the same text as the target description', async () => {
    const element = await renderTooltips();
    const copy = shadow(element).querySelector<HTMLButtonElement>('.copy')!;
    await waitUntil(() => copy.getAttribute('aria-describedby'));
    expect(shadow(element).getElementById(copy.getAttribute('aria-describedby')!)!.textContent).to.equal('Copy the record');
  });

  for (const lang of LANGUAGES) {
    it(`is accessible while open in ${lang} (axe)`, async () => {
      const element = await renderTooltips(lang);
      shadow(element).querySelector<HTMLElement>('.target')!.dispatchEvent(new MouseEvent('mouseenter'));
      await waitUntil(() => tooltip(element)?.textContent === 'Time to live, in seconds', 'open', { timeout: 2000 });
      await expect(element).to.be.accessible();
    });
  }
});
