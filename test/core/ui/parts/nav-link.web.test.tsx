/**
 * `route-mode` (issue 17, DESIGN §2): the links an element shows are real anchors in `hash` and `history` mode, with
 * the console path of the route (core/config/route-paths.ts), and buttons in `none`, the default; every plain click
 * sends the cancelable `ec-navigate` with the route, its parameters and its path, and a host that routes keeps the
 * page where it is by calling preventDefault().
 */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { NavLink, PlanNoticeLink } from '../../../../core/ui/parts/nav-link.js';
import { WORK_ORDER_ROUTE } from '../../../../core/config/plan-gating.js';
import { renderPart, shadow } from '../../../helpers/parts-probe.js';

function Links() {
  return (
    <>
      <NavLink route="cloud-resolving-domainList-console-record" params={{ id: 42 }} className="records">
        Records
      </NavLink>
      <NavLink route="cloud-resolving-domainList" appearance="button-outlined" icon="pi pi-list" className="domains">
        Domains
      </NavLink>
      <NavLink route="cloud-resolving-domainList" appearance="button" disabled className="gated">
        Gated
      </NavLink>
      <PlanNoticeLink notice={{ kind: 'work-order', route: WORK_ORDER_ROUTE }} />
    </>
  );
}

const link = (element: HTMLElement, name: string) => shadow(element).querySelector<HTMLElement>(`.${name}`)!;

async function inMode(mode: 'hash' | 'history' | 'none' | null) {
  const element = await renderPart(Links);
  if (mode) element.setAttribute('route-mode', mode);
  await waitUntil(() => (mode === 'hash' || mode === 'history' ? link(element, 'records').tagName === 'A' : true), `route-mode ${mode} applies`);
  return element;
}

describe('NavLink and route-mode (issue 17)', () => {
  it('without route-mode (default none) every link is a button that only sends ec-navigate, with the console path', async () => {
    const element = await inMode(null);
    expect(shadow(element).querySelectorAll('a')).to.have.length(0);
    const navigated = oneEvent(element, 'ec-navigate');
    link(element, 'records').click();
    const event = await navigated;
    expect(event.detail).to.deep.equal({ route: 'cloud-resolving-domainList-console-record', params: { id: 42 }, path: '/cloud-resolving/domainList/console/42/record' });
    expect(event.cancelable).to.equal(true);
    expect(event.composed).to.equal(true);
  });

  it('hash mode: anchors to #/path; a host that takes ec-navigate keeps the page where it is', async () => {
    const element = await inMode('hash');
    expect(link(element, 'records').getAttribute('href')).to.equal('#/cloud-resolving/domainList/console/42/record');
    expect(link(element, 'domains').getAttribute('href')).to.equal('#/cloud-resolving/domainList');
    expect(link(element, 'domains').className).to.contain('p-button-outlined');
    const before = location.href;
    const take = (event: Event) => event.preventDefault();
    element.addEventListener('ec-navigate', take);
    const navigated = oneEvent(element, 'ec-navigate');
    link(element, 'records').click();
    expect((await navigated).detail.path).to.equal('/cloud-resolving/domainList/console/42/record');
    expect(location.href).to.equal(before);
    element.removeEventListener('ec-navigate', take);
  });

  it('history mode: anchors to /console/path; the parameters are encoded', async () => {
    const element = await inMode('history');
    expect(link(element, 'records').getAttribute('href')).to.equal('/console/cloud-resolving/domainList/console/42/record');
  });

  it('a click that opens elsewhere (Ctrl, middle button) is left to the browser and sends nothing', async () => {
    const element = await inMode('hash');
    let sent = 0;
    const count = () => sent++;
    element.addEventListener('ec-navigate', count);
    const anchor = link(element, 'records');
    // Stop the browser from opening a tab in the test; the element must not have handled it either.
    const stop = (event: Event) => event.preventDefault();
    anchor.addEventListener('click', stop);
    anchor.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, cancelable: true, ctrlKey: true }));
    anchor.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, cancelable: true, button: 1 }));
    expect(sent).to.equal(0);
    element.removeEventListener('ec-navigate', count);
  });

  it('a disabled link stays a button; the work order (shell §6) is a real link to the demo host\'s ticket form', async () => {
    const element = await inMode('history');
    const gated = link(element, 'gated');
    expect(gated.tagName).to.equal('BUTTON');
    expect((gated as HTMLButtonElement).disabled).to.equal(true);
    const workOrder = Array.from(shadow(element).querySelectorAll<HTMLElement>('[part="link"]')).find((node) => node.textContent === 'Submit a work order')!;
    expect(workOrder.tagName).to.equal('A');
    expect(workOrder.getAttribute('href')).to.equal('/console/cloud-speed/domain-management/work-order/create');
    const navigated = oneEvent(element, 'ec-navigate');
    element.addEventListener('ec-navigate', (event) => event.preventDefault(), { once: true });
    workOrder.click();
    expect((await navigated).detail).to.deep.include({ route: WORK_ORDER_ROUTE });
  });

  it('a bad route-mode is said (ec-error) and the default, buttons, is used', async () => {
    const element = await renderPart(Links);
    const error = oneEvent(element, 'ec-error');
    element.setAttribute('route-mode', 'iframe');
    expect((await error).detail.message).to.contain('route-mode="iframe"');
    expect(link(element, 'records').tagName).to.equal('BUTTON');
  });
});
