import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/cache-prefetch/element.js';
import { signInAsDemoParent } from '../../helpers/api-session.js';
import { shadow } from '../../helpers/list-element.js';

/** `<ec-cache-prefetch>` against the reference server (rules §5 Prefetch: 200 URLs, one txt file up to 2MB; rules §8). */
async function prefetch(lang = 'en-US'): Promise<HTMLElement> {
  const element = await fixture<HTMLElement>(html`<ec-cache-prefetch lang=${lang}></ec-cache-prefetch>`);
  await waitUntil(() => shadow(element).querySelector('[part="form"]'), 'the form loads', { timeout: 5000 });
  return element;
}

function chooseLabel(element: HTMLElement, text: string): void {
  Array.from(shadow(element).querySelectorAll('label')).find((node) => node.textContent === text)!.click();
}

async function pick(element: HTMLElement, files: File[]): Promise<void> {
  await waitUntil(() => shadow(element).querySelector('[part="file"]'), 'the file input shows');
  const input = shadow(element).querySelector<HTMLInputElement>('[part="file"]')!;
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

const previewRows = (element: HTMLElement) =>
  Array.from(shadow(element).querySelectorAll<HTMLTableRowElement>('[part="preview-table"] tbody tr')).map((row) =>
    Array.from(row.cells).map((cell) => cell.textContent?.trim() ?? ''),
  );
const part = (element: HTMLElement, name: string) => shadow(element).querySelector(`[part="${name}"]`)?.textContent ?? '';
const submitButton = (element: HTMLElement) => shadow(element).querySelector<HTMLButtonElement>('button[type="submit"]')!;

describe('<ec-cache-prefetch> (rules §5 Prefetch)', () => {
  before(async () => {
    await signInAsDemoParent();
  });

  it('rules §5: reads one txt file (CRLF, byte order mark, unicode host) into the per-row preview and submits it (real server)', async () => {
    const element = await prefetch();
    chooseLabel(element, 'A txt file');
    await pick(element, [new File(['\uFEFFhttps://www.example.com/a.js\r\nhttps://www.example.com/a.js\r\nhttps://例子.中国/x\r\n'], 'urls.txt', { type: 'text/plain' })]);
    await waitUntil(() => previewRows(element).length === 3, 'the file is previewed');
    expect(previewRows(element).map((row) => [row[1], row[3]])).to.deep.equal([
      ['https://www.example.com/a.js', 'Sent'],
      ['https://www.example.com/a.js', 'Repeat'],
      ['https://例子.中国/x', 'Refused'],
    ]);
    expect(previewRows(element)[2]![4]).to.equal('xn--fsqu00a.xn--fiqs8s is not a website of this account');
    const submitted = oneEvent(element, 'ec-cache-task-submitted');
    submitButton(element).click();
    expect((await submitted).detail).to.include({ type: 'cache.prefetch', count: 1 });
  });

  it('rules §5: one file at a time, txt only, at most 2MB (the stricter reading)', async () => {
    const element = await prefetch();
    chooseLabel(element, 'A txt file');
    await pick(element, [new File(['a'], 'a.txt'), new File(['b'], 'b.txt')]);
    await waitUntil(() => part(element, 'issue') !== '');
    expect(part(element, 'issue')).to.equal('Upload one file at a time');
    await pick(element, [new File(['x'], 'urls.csv')]);
    await waitUntil(() => part(element, 'issue') === 'Only txt files');
    await pick(element, [new File([new Uint8Array(2_000_001)], 'big.txt')]);
    await waitUntil(() => part(element, 'issue') === 'Size limit exceeded (2MB)');
    expect(submitButton(element).disabled).to.equal(true);
  });

  it('rules §5: more than 200 typed URLs blocks the task with the limit message', async () => {
    const element = await prefetch();
    const area = shadow(element).querySelector<HTMLTextAreaElement>('[part="urls"]')!;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, Array.from({ length: 201 }, (_, i) => `https://www.example.com/${i}`).join('\n'));
    area.dispatchEvent(new Event('input', { bubbles: true }));
    await waitUntil(() => part(element, 'issue') !== '');
    expect(part(element, 'issue')).to.equal('At most 200 URLs per prefetch task (201 entered)');
  });

  it('renders in Chinese and is accessible (axe)', async () => {
    const element = await prefetch('zh-CN');
    expect(submitButton(element).textContent).to.contain('预热');
    await expect(element).to.be.accessible();
  });
});
