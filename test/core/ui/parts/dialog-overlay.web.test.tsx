/**
 * Issue 19 "overlays (dropdowns, date pickers) never clipped by a dialog" (the WAF match-type dropdown was cut off
 * inside its dialog): a dropdown at the bottom of a dialog whose content scrolls opens a panel that is fully visible,
 * with the page scrolled or not.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { DialogFooter, EcDialog } from '../../../../core/ui/parts/dialog.js';
import { namedDropdown } from '../../../../core/ui/parts/named.js';
import { renderPart, shadow } from '../../../helpers/parts-probe.js';

const OPTIONS = Array.from({ length: 8 }, (_, index) => ({ value: `option-${index}`, label: `Option ${index}` }));

/** A dialog with the dropdown as its last field; `tall` content scrolls inside the dialog. */
function Scene({ tall = false }: { tall?: boolean }) {
  const [value, setValue] = useState('option-0');
  return (
    <EcDialog visible onHide={() => undefined} header="Rule" footer={<DialogFooter onCancel={() => undefined} onConfirm={() => undefined} />}>
      <div style={{ height: tall ? '1200px' : '40px' }} />
      <Dropdown inputId="match" value={value} options={OPTIONS} onChange={(event) => setValue(event.value as string)} pt={namedDropdown('Match type')} />
    </EcDialog>
  );
}

/** Whether `inner` lies inside `outer` (1 px of rounding allowed). */
function inside(inner: DOMRect, outer: DOMRect): boolean {
  return inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1 && inner.left >= outer.left - 1 && inner.right <= outer.right + 1;
}

/** Every box that clips the panel: its scrolling or hidden-overflow ancestors, across the shadow boundary. */
function clippingBoxes(element: Element): { node: Element; box: DOMRect }[] {
  const found: { node: Element; box: DOMRect }[] = [];
  let node: Element | null = element.parentElement ?? ((element.getRootNode() as ShadowRoot).host ?? null);
  while (node) {
    const style = getComputedStyle(node);
    if (style.overflowX !== 'visible' || style.overflowY !== 'visible') found.push({ node, box: node.getBoundingClientRect() });
    node = node.parentElement ?? (node.parentNode instanceof ShadowRoot ? node.parentNode.host : null);
  }
  return found;
}

async function openAndMeasure(element: HTMLElement): Promise<void> {
  const root = shadow(element);
  await waitUntil(() => root.querySelector('.p-dialog-enter-done'), 'the dialog opens', { timeout: 5000 });
  const content = root.querySelector('.p-dialog-content') as HTMLElement;
  content.scrollTop = content.scrollHeight;
  (root.querySelector('.p-dropdown') as HTMLElement).click();
  await waitUntil(() => root.querySelector('.p-dropdown-panel.p-connected-overlay-enter-done, .p-dropdown-panel'), 'the panel opens');
  const panel = root.querySelector('.p-dropdown-panel') as HTMLElement;
  await waitUntil(() => getComputedStyle(panel).opacity === '1', 'the panel has finished opening');
  const box = panel.getBoundingClientRect();
  expect(box.height).to.be.above(0);
  expect(inside(box, new DOMRect(0, 0, window.innerWidth, window.innerHeight)), 'the panel is inside the viewport').to.equal(true);
  for (const clip of clippingBoxes(panel)) {
    expect(inside(box, clip.box), `the panel is not clipped by ${clip.node.className || clip.node.tagName}`).to.equal(true);
  }
  // What is on top at the panel's last option is that option: nothing covers or cuts it.
  const last = Array.from(panel.querySelectorAll('.p-dropdown-item')).at(-1) as HTMLElement;
  last.scrollIntoView({ block: 'nearest' });
  const point = last.getBoundingClientRect();
  const hit = root.elementFromPoint(point.left + point.width / 2, point.top + point.height / 2);
  expect(last.contains(hit), 'the last option is the topmost element at its place').to.equal(true);
  // The panel sits next to its field.
  const field = (root.querySelector('.p-dropdown') as HTMLElement).getBoundingClientRect();
  expect(Math.min(Math.abs(box.top - field.bottom), Math.abs(box.bottom - field.top))).to.be.below(4);
}

describe('EcDialog overlays (issue 19: never clipped by a dialog)', () => {
  before(async () => setViewport({ width: 1280, height: 800 }));
  after(async () => setViewport({ width: 800, height: 600 }));

  it('opens a dropdown at the bottom of a dialog fully visible, below the dialog when there is room', async () => {
    const element = await renderPart(() => <Scene />);
    await openAndMeasure(element);
  });

  it('opens a dropdown at the bottom of a scrolling dialog fully visible', async () => {
    const element = await renderPart(() => <Scene tall />);
    await openAndMeasure(element);
  });

  it('places it right when the page itself is scrolled', async () => {
    const spacer = document.createElement('div');
    spacer.style.height = '3000px';
    document.body.prepend(spacer);
    try {
      window.scrollTo(0, 1500);
      const element = await renderPart(() => <Scene />);
      element.scrollIntoView();
      expect(window.scrollY).to.be.above(0);
      await openAndMeasure(element);
    } finally {
      spacer.remove();
      window.scrollTo(0, 0);
    }
  });
});
