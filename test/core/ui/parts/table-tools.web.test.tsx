/**
 * The table part's everyday tools (issue 19 "Tables": long values truncated with a tooltip after 500 ms (shell §9)
 * and copy; columns the user can hide, remembered; one tip layer instead of a tooltip per cell).
 */
import { expect, waitUntil } from '@open-wc/testing';
import { useMemo } from 'react';
import { TOOLTIP_DELAY_MS } from '../../../../core/config/constants.js';
import { HIDDEN_COLUMNS_PREFIX } from '../../../../core/ui/parts/column-chooser.js';
import { FastTable, type FastColumn } from '../../../../core/ui/parts/fast-table.js';
import { ReadOnlyMark } from '../../../../core/ui/parts/read-only.js';
import { LANGUAGES, renderPart, shadow } from '../../../helpers/parts-probe.js';

interface Row {
  id: number;
  host: string;
  remark: string;
}

const LONG_HOST = `${'very-long-subdomain-label.'.repeat(6)}example.com`;
const ROWS: Row[] = [
  { id: 1, host: LONG_HOST, remark: 'first' },
  { id: 2, host: 'a.example.com', remark: 'second' },
];
const KEY = 'table-tools-test';

function Scene({ columnsKey = KEY, readOnly = false }: { columnsKey?: string; readOnly?: boolean }) {
  const columns = useMemo(
    (): FastColumn<Row>[] => [
      { key: 'host', header: 'Host', title: 'Host', truncate: (row) => row.host, className: 'ec-col-primary' },
      { key: 'remark', header: 'Remark', title: 'Remark', hideable: true, cell: (row) => row.remark },
      { key: 'id', header: 'ID', title: 'ID', hideable: true, cell: (row) => row.id },
      { key: 'actions', header: 'Actions', className: 'ec-col-actions', cell: () => (readOnly ? <ReadOnlyMark reason="Your group may only view this website." /> : <button type="button">Edit</button>) },
    ],
    [readOnly],
  );
  return (
    <div style={{ width: '600px' }}>
      <FastTable rows={ROWS} rowKey={(row) => row.id} columns={columns} label="Websites" columnsKey={columnsKey} />
    </div>
  );
}

const headers = (element: HTMLElement) => Array.from(shadow(element).querySelectorAll('thead th')).map((th) => th.textContent);
const tipText = (element: HTMLElement) => shadow(element).querySelector('[role="tooltip"]')?.textContent ?? null;
const hover = (target: Element) => target.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, composed: true }));

describe('FastTable tools (issue 19 tables)', () => {
  beforeEach(() => localStorage.removeItem(HIDDEN_COLUMNS_PREFIX + KEY));

  it('cuts a long value to one line and shows it whole after 500 ms, not before (shell §9)', async () => {
    const element = await renderPart(() => <Scene />);
    const cut = shadow(element).querySelector('.ec-truncate') as HTMLElement;
    expect(cut.scrollWidth).to.be.greaterThan(cut.clientWidth);
    expect(cut.getBoundingClientRect().height).to.be.lessThan(30);
    // The moment the tip appears, taken by an observer rather than a timed check that a busy machine could delay.
    let shownAt = 0;
    const observer = new MutationObserver(() => {
      if (!shownAt && tipText(element)) shownAt = performance.now();
    });
    observer.observe(shadow(element), { childList: true, subtree: true });
    const started = performance.now();
    hover(cut);
    await waitUntil(() => tipText(element) === LONG_HOST, 'the whole value shows');
    observer.disconnect();
    expect(shownAt - started).to.be.at.least(TOOLTIP_DELAY_MS - 5);
  });

  it('shows no tip for a value that fits, and hides the tip on Esc', async () => {
    const element = await renderPart(() => <Scene />);
    const [, short] = Array.from(shadow(element).querySelectorAll('.ec-truncate'));
    hover(short!);
    await new Promise((resolve) => setTimeout(resolve, TOOLTIP_DELAY_MS + 100));
    expect(tipText(element)).to.equal(null);
    const copy = shadow(element).querySelector('.ec-cell-copy') as HTMLButtonElement;
    copy.focus();
    await waitUntil(() => tipText(element) === 'Copy Host', 'the copy button names itself');
    copy.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await waitUntil(() => tipText(element) === null, 'Esc hides the tip');
  });

  it('copies the whole value with the copy button', async () => {
    const element = await renderPart(() => <Scene />);
    const written: string[] = [];
    const original = navigator.clipboard.writeText;
    navigator.clipboard.writeText = async (text: string) => {
      written.push(text);
    };
    try {
      (shadow(element).querySelector('.ec-cell-copy') as HTMLButtonElement).click();
      await waitUntil(() => written.length === 1);
      expect(written[0]).to.equal(LONG_HOST);
    } finally {
      navigator.clipboard.writeText = original;
    }
  });

  it('hides and shows columns from the chooser and remembers the choice per table', async () => {
    const element = await renderPart(() => <Scene />);
    expect(headers(element)).to.deep.equal(['Host', 'Remark', 'ID', 'Actions']);
    const button = shadow(element).querySelector('.ec-column-button') as HTMLButtonElement;
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    button.click();
    await waitUntil(() => shadow(element).querySelector('.ec-column-panel'));
    // Only hideable columns are offered: the name and the actions always show.
    const options = Array.from(shadow(element).querySelectorAll('.ec-column-option'));
    expect(options.map((option) => option.textContent)).to.deep.equal(['Remark', 'ID']);
    (options[0]!.querySelector('input') as HTMLInputElement).click();
    await waitUntil(() => headers(element).length === 3);
    expect(headers(element)).to.deep.equal(['Host', 'ID', 'Actions']);
    expect(JSON.parse(localStorage.getItem(HIDDEN_COLUMNS_PREFIX + KEY)!)).to.deep.equal(['remark']);
    await expect(element).to.be.accessible();

    const again = await renderPart(() => <Scene />);
    expect(headers(again)).to.deep.equal(['Host', 'ID', 'Actions']);
    expect(shadow(again).querySelector('.ec-column-count')!.textContent).to.equal('1 hidden');
    (shadow(again).querySelector('.ec-column-button') as HTMLButtonElement).click();
    await waitUntil(() => shadow(again).querySelector('.ec-column-panel'));
    (Array.from(shadow(again).querySelectorAll('.ec-column-panel button')).at(-1) as HTMLButtonElement).click();
    await waitUntil(() => headers(again).length === 4);
  });

  it('closes the chooser on Esc and returns focus to its button', async () => {
    const element = await renderPart(() => <Scene />);
    const button = shadow(element).querySelector('.ec-column-button') as HTMLButtonElement;
    button.click();
    await waitUntil(() => shadow(element).querySelector('.ec-column-panel input'));
    const first = shadow(element).querySelector('.ec-column-panel input') as HTMLInputElement;
    first.focus();
    first.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await waitUntil(() => !shadow(element).querySelector('.ec-column-panel'));
    expect(shadow(element).activeElement).to.equal(button);
  });

  it('offers no chooser without a storage key', async () => {
    const element = await renderPart(() => <Scene columnsKey="" />);
    expect(shadow(element).querySelector('.ec-column-button')).to.equal(null);
  });

  it('keeps the first column and the actions in view while the table scrolls sideways', async () => {
    const element = await renderPart(() => <Scene />);
    const primary = shadow(element).querySelector('td.ec-col-primary')!;
    const actions = shadow(element).querySelector('td.ec-col-actions')!;
    expect(getComputedStyle(primary).position).to.equal('sticky');
    expect(getComputedStyle(actions).position).to.equal('sticky');
  });

  for (const language of LANGUAGES) {
    it(`marks a read-only row with its reason, tipped and read out (${language})`, async () => {
      const element = await renderPart(() => <Scene readOnly />, language);
      const mark = shadow(element).querySelector('.ec-read-only-mark') as HTMLElement;
      expect(mark.textContent).to.contain(language === 'zh_CN' ? '仅可查看' : 'View only');
      expect(mark.textContent).to.contain('Your group may only view this website.');
      mark.focus();
      await waitUntil(() => tipText(element) === 'Your group may only view this website.');
      await expect(element).to.be.accessible();
    });
  }
});
