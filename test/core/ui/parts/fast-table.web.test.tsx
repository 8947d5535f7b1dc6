import { expect, waitUntil } from '@open-wc/testing';
import { useMemo, useState } from 'react';
import { FastTable, nextSort, type FastColumn, type FastTableSort } from '../../../../core/ui/parts/fast-table.js';
import { renderPart, shadow } from '../../../helpers/parts-probe.js';

interface Row {
  id: number;
  name: string;
}

const rowsOf = (count: number, from = 0): Row[] => Array.from({ length: count }, (_, i) => ({ id: from + i, name: `row ${from + i}` }));
const bodyRows = (element: HTMLElement) => Array.from(shadow(element).querySelectorAll('[part="table"] tbody tr'));

/** Counts how often each row's cell is rendered. */
const renders = new Map<number, number>();

function Scene({ initial, chunkSize, busy = false }: { initial: Row[]; chunkSize?: number; busy?: boolean }) {
  const [rows, setRows] = useState(initial);
  const [sort, setSort] = useState<FastTableSort | null>(null);
  const [marked, setMarked] = useState<number | null>(null);
  const columns = useMemo(
    (): FastColumn<Row>[] => [
      {
        key: 'name',
        header: 'Name',
        sortField: 'name',
        cell: (row) => {
          renders.set(row.id, (renders.get(row.id) ?? 0) + 1);
          return <span className="name">{row.name}</span>;
        },
      },
      { key: 'plain', header: () => 'Plain', cell: (row) => row.id },
    ],
    [],
  );
  return (
    <>
      <button type="button" id="next-page" onClick={() => setRows(rowsOf(rows.length, rows[0]!.id + rows.length))}>
        Next page
      </button>
      <button type="button" id="mark" onClick={() => setMarked(rows[1]!.id)}>
        Mark
      </button>
      <button type="button" id="rename" onClick={() => setRows(rows.map((row, index) => (index === 0 ? { ...row, name: 'renamed' } : row)))}>
        Rename
      </button>
      <FastTable
        rows={rows}
        rowKey={(row) => row.id}
        columns={columns}
        label="Things"
        busy={busy}
        busyLabel="Loading"
        sort={sort}
        onSort={setSort}
        rowState={(row) => (row.id === marked ? 'marked' : '')}
        chunkSize={chunkSize}
      />
    </>
  );
}

describe('FastTable (large server-paged lists)', () => {
  beforeEach(() => renders.clear());

  it('renders the DataTable markup and theme classes with an accessible name', async () => {
    const element = await renderPart(() => <Scene initial={rowsOf(3)} />);
    const table = shadow(element).querySelector('[part="table"]')!;
    expect(table.classList.contains('p-datatable')).to.equal(true);
    expect(table.querySelector('table')!.getAttribute('aria-label')).to.equal('Things');
    expect(Array.from(table.querySelectorAll('th')).map((th) => th.textContent)).to.deep.equal(['Name', 'Plain']);
    expect(bodyRows(element).length).to.equal(3);
    await expect(element).to.be.accessible();
  });

  it('covers the rows with an announced overlay while busy', async () => {
    const element = await renderPart(() => <Scene initial={rowsOf(2)} busy />);
    const overlay = shadow(element).querySelector('.p-datatable-loading-overlay')!;
    expect(overlay.getAttribute('role')).to.equal('status');
    expect(overlay.textContent).to.equal('Loading');
    expect(shadow(element).querySelector('[part="table"]')!.getAttribute('aria-busy')).to.equal('true');
  });

  it('sorts none -> ascending -> descending -> none, announced with aria-sort', async () => {
    expect(nextSort(null, 'a')).to.deep.equal({ field: 'a', order: 'asc' });
    expect(nextSort({ field: 'a', order: 'asc' }, 'a')).to.deep.equal({ field: 'a', order: 'desc' });
    expect(nextSort({ field: 'a', order: 'desc' }, 'a')).to.equal(null);
    expect(nextSort({ field: 'a', order: 'desc' }, 'b')).to.deep.equal({ field: 'b', order: 'asc' });
    const element = await renderPart(() => <Scene initial={rowsOf(2)} />);
    const th = shadow(element).querySelector('th.p-sortable-column')!;
    expect(th.getAttribute('aria-sort')).to.equal('none');
    th.querySelector('button')!.click();
    await waitUntil(() => th.getAttribute('aria-sort') === 'ascending', 'ascending');
    expect(th.classList.contains('p-highlight')).to.equal(true);
    th.querySelector('button')!.click();
    await waitUntil(() => th.getAttribute('aria-sort') === 'descending', 'descending');
    th.querySelector('button')!.click();
    await waitUntil(() => th.getAttribute('aria-sort') === 'none', 'none again');
  });

  it('renders a new page progressively, one chunk per frame, never the whole page in one task', async () => {
    const element = await renderPart(() => <Scene initial={rowsOf(100)} chunkSize={20} />);
    await waitUntil(() => bodyRows(element).length === 100, 'all rows after a few frames');
    // Seen from inside the DOM: how many rows the new page had when it first appeared.
    let firstCount = 0;
    const observer = new MutationObserver(() => {
      if (!firstCount && bodyRows(element)[0]?.textContent?.includes('row 100')) firstCount = bodyRows(element).length;
    });
    observer.observe(shadow(element).querySelector('tbody')!, { childList: true, subtree: true, characterData: true });
    shadow(element).querySelector<HTMLButtonElement>('#next-page')!.click();
    await waitUntil(() => firstCount > 0, 'the next page starts');
    observer.disconnect();
    expect(firstCount).to.equal(20);
    await waitUntil(() => bodyRows(element).length === 100, 'the rest of the page follows');
    expect(bodyRows(element)[99]!.textContent).to.contain('row 199');
  });

  it('renders a row again only when its data or its state changes', async () => {
    const element = await renderPart(() => <Scene initial={rowsOf(5)} />);
    const before = new Map(renders);
    shadow(element).querySelector<HTMLButtonElement>('#mark')!.click();
    await waitUntil(() => (renders.get(1) ?? 0) > (before.get(1) ?? 0), 'the marked row renders');
    shadow(element).querySelector<HTMLButtonElement>('#rename')!.click();
    await waitUntil(() => bodyRows(element)[0]!.textContent!.includes('renamed'), 'the renamed row');
    expect(renders.get(2)).to.equal(before.get(2));
    expect(renders.get(4)).to.equal(before.get(4));
  });
});
