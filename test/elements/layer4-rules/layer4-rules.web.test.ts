/**
 * `<ec-layer4-rules>` against the reference server (issue 28): rules §8 activation notice and activation, rules §4
 * status texts in both languages, rules §5 batch add limit and batch edit preview naming the differing records,
 * rules §3 form messages with nothing typed lost, the read-only sub-account, the error state, and axe per language.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { streamHooks } from '../../../core/api/job-stream.js';
import { listTcpPackages } from '../../../core/api/endpoints/layer4.js';
import '../../../elements/layer4-rules/element.js';
import { signInAsDemoParent, signInAsDemoViewer } from '../../helpers/api-session.js';
import { setDemoPlanLevel } from '../../helpers/demo-plan.js';
import { testClient } from '../../helpers/dns-elements.js';
import { envelope, injectFault, rows, settled, shadow } from '../../helpers/list-element.js';

const text = (element: Element) => shadow(element).textContent ?? '';
const button = (element: Element, label: string) =>
  Array.from(shadow(element).querySelectorAll<HTMLButtonElement>('button')).find((node) => node.textContent?.trim() === label || node.getAttribute('aria-label') === label);
const dialog = (element: Element) => shadow(element).querySelector<HTMLElement>('[role="dialog"]');

function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!;
  setter.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function fieldByLabel(element: Element, label: string): HTMLInputElement | HTMLTextAreaElement {
  const node = Array.from(dialog(element)!.querySelectorAll('label')).find((entry) => entry.textContent === label);
  if (!node) throw new Error(`no label "${label}"`);
  return shadow(element).getElementById(node.htmlFor) as HTMLInputElement;
}

/**
 * The real job stream, except that it is "not yet connected" until {@link openGate}: what it hears before is dropped
 * and its `ready` waits. This is a slow first connection, in which a short job finishes before the stream is ready.
 */
let openGate: () => void = () => undefined;
function gatedJobStream(): { restore(): void } {
  const Real = streamHooks.EventSource!;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  let open = false;
  void gate.then(() => (open = true));
  // job-stream.ts listens with plain functions only.
  class GatedEventSource extends Real {
    gatedListen(name: string, listener: (event: MessageEvent) => void): void {
      super.addEventListener(name, (event: MessageEvent) => {
        if (name === 'ready') void gate.then(() => listener(event));
        else if (open || name === 'error') listener(event);
      });
    }
  }
  GatedEventSource.prototype.addEventListener = GatedEventSource.prototype.gatedListen as typeof Real.prototype.addEventListener;
  streamHooks.EventSource = GatedEventSource;
  return { restore: () => (streamHooks.EventSource = Real) };
}

async function statusesShown(element: HTMLElement, expected: string[]): Promise<void> {
  await waitUntil(() => expected.every((status) => text(element).includes(status)), `statuses ${expected.join(', ')}`, { timeout: 10_000 });
}

describe('<ec-layer4-rules> (issue 28; rules §3-§5, §8)', () => {
  let previousLevel: Awaited<ReturnType<typeof setDemoPlanLevel>>;
  before(async () => {
    await signInAsDemoParent();
  });
  after(async () => {
    if (previousLevel) await setDemoPlanLevel(previousLevel);
  });

  it('rules §8, §4: the notice asks to activate a TCP package; activating it turns the status texts from "key not recognized" to each of the spec texts (en_US)', async () => {
    const element = await fixture<HTMLElement>(html`<ec-layer4-rules lang="en-US"></ec-layer4-rules>`);
    await settled(element);
    await waitUntil(() => shadow(element).querySelector('[part="package-notice"]'), 'the notice shows');
    expect(shadow(element).querySelector('[part="package-notice"]')!.textContent).to.contain('Please activate the TCP value-added service package before using forwarding');
    expect(rows(element).length).to.equal(4);
    await statusesShown(element, ['Access key not recognized']);
    await expect(element).to.be.accessible();
    // The activation job finishes before the job stream is ready, and just after the notice's first read of it (that
    // read is answered "in progress"): the notice must still hear of it.
    const stream = gatedJobStream();
    const realFetch = window.fetch;
    let firstRead = true;
    window.fetch = async (input, init) => {
      const answer = await realFetch(input, init);
      if (!firstRead || !String(input).includes('job.task.get')) return answer;
      firstRead = false;
      const body = (await answer.json()) as { data: { state: string } };
      return envelope({ ...body.data, state: 'in_progress', progress: 50 });
    };
    try {
      const activated = oneEvent(element, 'ec-tcp-package-activated');
      button(element, 'Activate TCP Pro 01')!.click();
      await waitUntil(async () => (await listTcpPackages(testClient())).list.some((entry) => entry.active), 'the job activated the package', { timeout: 15_000 });
      openGate();
      await activated;
    } finally {
      window.fetch = realFetch;
      stream.restore();
    }
    await waitUntil(() => !shadow(element).querySelector('[part="package-notice"]'), 'the notice goes', { timeout: 10_000 });
    await statusesShown(element, ['Forwarding normal', 'Origin failure', 'Port or domain not configured']);
  });

  it('rules §4: the status texts and columns in zh_CN', async () => {
    const element = await fixture<HTMLElement>(html`<ec-layer4-rules lang="zh-CN"></ec-layer4-rules>`);
    await settled(element);
    await statusesShown(element, ['转发正常', '源站故障', '端口或域名未配置']);
    expect(text(element)).to.contain('规则端口');
    await expect(element).to.be.accessible();
  });

  it('rules §5: batch add refuses more than 100 ports and keeps what was typed, then adds 100; the form checks its fields', async () => {
    previousLevel = await setDemoPlanLevel('ultimate');
    const element = await fixture<HTMLElement>(html`<ec-layer4-rules lang="en-US"></ec-layer4-rules>`);
    await settled(element);
    button(element, 'Batch add')!.click();
    await waitUntil(() => dialog(element), 'the dialog opens');
    const ports = fieldByLabel(element, 'Rule ports');
    typeInto(ports, '20000-20100');
    typeInto(fieldByLabel(element, 'Source addresses'), '203.0.113.70\n203.0.113.999');
    typeInto(fieldByLabel(element, 'Source port'), '70000');
    button(element, 'Save')!.click();
    await waitUntil(() => dialog(element)!.querySelectorAll('[role="alert"]').length >= 3, 'the issues show');
    const alerts = Array.from(dialog(element)!.querySelectorAll('[role="alert"]')).map((node) => node.textContent);
    expect(alerts, JSON.stringify(alerts)).to.include('At most 100 forwarding ports at once');
    expect(alerts).to.include('Incorrect IP address');
    expect(alerts).to.include('Port Error: enter 1-65535');
    expect(ports.value, 'nothing typed is lost').to.equal('20000-20100');
    typeInto(ports, '20000-20099');
    typeInto(fieldByLabel(element, 'Source addresses'), '203.0.113.70');
    typeInto(fieldByLabel(element, 'Source port'), '9000');
    const added = oneEvent(element, 'ec-layer4-rules-added');
    button(element, 'Save')!.click();
    expect((await added).detail.ids).to.have.length(100);
    await waitUntil(() => !dialog(element), 'the dialog closes');
  });

  it('rules §5: batch edit names the chosen rules that differ, deselects them, then edits the rest', async () => {
    const element = await fixture<HTMLElement>(html`<ec-layer4-rules lang="en-US" page-size="20"></ec-layer4-rules>`);
    await settled(element);
    await waitUntil(() => rows(element).length === 20, 'a page of rules');
    // The newest rules come first: the batch just added (same source) and, on the last page, the seeded ones.
    const boxes = () => Array.from(shadow(element).querySelectorAll<HTMLInputElement>('[part="table"] tbody input[type="checkbox"]'));
    boxes()[0]!.click();
    boxes()[1]!.click();
    await waitUntil(() => shadow(element).querySelector('[part="selection-bar"]'), 'the selection bar');
    shadow(element).querySelector<HTMLElement>('[part="pagination"] button[aria-label*="ast" i], [part="pagination"] .p-paginator-last')?.click();
    await waitUntil(() => rows(element).some((row) => row.textContent?.includes('8080')), 'the seeded rules page', { timeout: 10_000 });
    const seeded = rows(element).find((row) => row.cells[1]?.textContent?.trim() === '8080')!;
    seeded.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    button(element, 'Batch edit')!.click();
    await waitUntil(() => shadow(element).querySelector('[part="batch-preview"]'), 'the preview of differing rules');
    expect(shadow(element).querySelector('[part="batch-preview"]')!.textContent).to.contain('TCP 8080');
    // PrimeReact's dialog focus-trap sentinels are aria-hidden yet focusable (as in the other dialogs' checks).
    await expect(element).to.be.accessible({ ignoredRules: ['aria-hidden-focus'] });
    button(element, 'Deselect the differing rule')!.click();
    await waitUntil(() => dialog(element)?.textContent?.includes('Tick what to change'), 'the fields');
    const remark = Array.from(dialog(element)!.querySelectorAll<HTMLInputElement>('input[role="switch"]')).at(-1)!;
    remark.click();
    await waitUntil(() => dialog(element)!.querySelectorAll('input:not([role="switch"])').length > 0, 'the remark field');
    typeInto(fieldByLabel(element, 'Remark'), 'batch edited');
    const saved = oneEvent(element, 'ec-layer4-rules-saved');
    button(element, 'Save')!.click();
    expect((await saved).detail.ids).to.have.length(2);
  });

  it('a failed load shows the error state with a retry', async () => {
    const restore = injectFault(/layer4\.rule\.list/, () => new Response('oops', { status: 500 }));
    try {
      const element = await fixture<HTMLElement>(html`<ec-layer4-rules lang="en-US"></ec-layer4-rules>`);
      await waitUntil(() => shadow(element).querySelector('[part="error-state"]'), 'the error state shows');
    } finally {
      restore();
    }
  });

  it('rules §6: a read-only sub-account sees the rules without actions and the add buttons disabled', async () => {
    await signInAsDemoViewer();
    const element = await fixture<HTMLElement>(html`<ec-layer4-rules lang="en-US"></ec-layer4-rules>`);
    await settled(element);
    await waitUntil(() => shadow(element).querySelector('[part="read-only-notice"]'), 'the read-only notice');
    expect(shadow(element).querySelectorAll('[part="table"] tbody input[type="checkbox"]').length).to.equal(0);
    expect(button(element, 'Edit')).to.equal(undefined);
    await signInAsDemoParent();
  });
});
