import { expect, waitUntil } from '@open-wc/testing';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../../core/config/constants.js';
import { isPagerShown, Pager, type PageChange } from '../../../../core/ui/parts/pager.js';
import { LANGUAGES, renderPart, shadow } from '../../../helpers/parts-probe.js';

function pagerScene(total: number, changes: PageChange[] = [], pageSize?: number) {
  return function Scene() {
    const [state, setState] = useState<PageChange>({ page: 1, pageSize: pageSize ?? DEFAULT_PAGE_SIZE });
    return (
      <Pager
        page={state.page}
        pageSize={state.pageSize}
        total={total}
        onChange={(change) => {
          changes.push(change);
          setState(change);
        }}
      />
    );
  };
}

/** No page size given: the Pager's own default applies. */
function DefaultSizeScene() {
  return <Pager page={1} total={135} onChange={() => undefined} />;
}

const pagination = (element: HTMLElement) => shadow(element).querySelector<HTMLElement>('[part="pagination"]');

describe('Pager (shell §9)', () => {
  it('shell §9: the pager shows only when the total exceeds the first page size (hidden at 10, shown at 11)', async () => {
    const ten = await renderPart(pagerScene(10));
    expect(pagination(ten)).to.equal(null);
    const eleven = await renderPart(pagerScene(11));
    expect(pagination(eleven)).to.not.equal(null);
    expect(isPagerShown(0)).to.equal(false);
    expect(isPagerShown(10)).to.equal(false);
    expect(isPagerShown(11)).to.equal(true);
  });

  it('shell §9: page sizes are 10, 20, 50, 100 and the default is 10', async () => {
    expect([...PAGE_SIZES]).to.deep.equal([10, 20, 50, 100]);
    expect(DEFAULT_PAGE_SIZE).to.equal(10);
    const element = await renderPart(DefaultSizeScene);
    const root = shadow(element);
    expect(root.querySelector('.p-dropdown-label')!.textContent).to.equal('10');
    expect(root.querySelector('.p-paginator-current')!.textContent).to.equal('1–10 of 135');
    expect(root.querySelectorAll('.p-paginator-page')).to.have.length(5);
    root.querySelector<HTMLElement>('.p-dropdown')!.click();
    await waitUntil(() => root.querySelector('.p-dropdown-panel'), 'the page size panel opens inside the shadow root');
    const sizes = Array.from(root.querySelectorAll('.p-dropdown-item'), (item) => item.textContent);
    expect(sizes).to.deep.equal(['10', '20', '50', '100']);
    expect(document.querySelector('.p-dropdown-panel')).to.equal(null);
  });

  it('reports 1-based pages, and a new page size goes back to page 1', async () => {
    const changes: PageChange[] = [];
    const element = await renderPart(pagerScene(135, changes));
    const root = shadow(element);
    root.querySelector<HTMLButtonElement>('.p-paginator-next')!.click();
    await waitUntil(() => changes.length === 1);
    expect(changes[0]).to.deep.equal({ page: 2, pageSize: 10 });
    await waitUntil(() => root.querySelector('.p-paginator-current')!.textContent === '11–20 of 135');
    expect(root.querySelector('[aria-current="page"]')!.textContent).to.equal('2');

    root.querySelector<HTMLElement>('.p-dropdown')!.click();
    await waitUntil(() => root.querySelector('.p-dropdown-panel'));
    Array.from(root.querySelectorAll<HTMLElement>('.p-dropdown-item')).find((item) => item.textContent === '50')!.click();
    await waitUntil(() => changes.length === 2);
    expect(changes[1]).to.deep.equal({ page: 1, pageSize: 50 });
  });

  it('stays visible with a larger page size, so the size can be changed back', async () => {
    const element = await renderPart(pagerScene(15, [], 20));
    expect(pagination(element)).to.not.equal(null);
    expect(shadow(element).querySelector('.p-dropdown-label')!.textContent).to.equal('20');
  });

  for (const lang of LANGUAGES) {
    it(`is labelled for screen readers and accessible in ${lang} (axe)`, async () => {
      const element = await renderPart(pagerScene(55), lang);
      const root = shadow(element);
      const zh = lang === 'zh_CN';
      expect(pagination(element)!.getAttribute('aria-label')).to.equal(zh ? '分页' : 'Pagination');
      expect(root.querySelector('.p-paginator-prev')!.getAttribute('aria-label')).to.equal(zh ? '上一页' : 'Previous page');
      expect(root.querySelector('.p-paginator-last')!.getAttribute('aria-label')).to.equal(zh ? '最后一页' : 'Last page');
      expect(root.querySelector('.p-paginator-page')!.getAttribute('aria-label')).to.equal(zh ? '第 1 页' : 'Page 1');
      expect(root.querySelector('.p-dropdown input')!.getAttribute('aria-label')).to.equal(zh ? '每页条数' : 'Rows per page');
      await expect(element).to.be.accessible();
    });
  }
});
