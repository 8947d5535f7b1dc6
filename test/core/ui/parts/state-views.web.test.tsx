import { expect, waitUntil } from '@open-wc/testing';
import { EmptyState, ErrorState, LoadingState } from '../../../../core/ui/parts/state-views.js';
import { LANGUAGES, renderPart, shadow } from '../../../helpers/parts-probe.js';

function statesScene(retries: { count: number }) {
  return function Scene() {
    return (
      <>
        <LoadingState />
        <EmptyState />
        <ErrorState onRetry={() => retries.count++} />
      </>
    );
  };
}

const TEXTS = {
  en_US: { loading: 'Loading…', empty: 'No data', failed: 'Data loading failed', retry: 'Retry' },
  zh_CN: { loading: '加载中…', empty: '暂无数据', failed: '数据加载失败', retry: '重试' },
};

describe('LoadingState, EmptyState, ErrorState', () => {
  for (const lang of LANGUAGES) {
    it(`show the shared translated texts with status and alert roles in ${lang}, accessible (axe)`, async () => {
      const retries = { count: 0 };
      const element = await renderPart(statesScene(retries), lang);
      const root = shadow(element);
      const texts = TEXTS[lang];
      const loading = root.querySelector('[part="loading-state"]')!;
      expect(loading.getAttribute('role')).to.equal('status');
      expect(loading.textContent!.trim()).to.equal(texts.loading);
      expect(root.querySelector('[part="empty-state"]')!.textContent).to.equal(texts.empty);
      const error = root.querySelector('[part="error-state"]')!;
      expect(error.getAttribute('role')).to.equal('alert');
      expect(error.querySelector('p')!.textContent).to.equal(texts.failed);
      const retry = error.querySelector('button')!;
      expect(retry.textContent).to.equal(texts.retry);
      retry.click();
      expect(retries.count).to.equal(1);
      await expect(element).to.be.accessible();
    });
  }

  it('take custom messages; the empty state takes actions; no retry button without onRetry', async () => {
    const element = await renderPart(() => (
      <>
        <LoadingState message="Fetching records" />
        <EmptyState message="No certificates yet">
          <button type="button" className="add">Add</button>
        </EmptyState>
        <ErrorState message="The server said no" />
      </>
    ));
    const root = shadow(element);
    await waitUntil(() => root.querySelector('.add'));
    expect(root.querySelector('[part="loading-state"]')!.textContent).to.contain('Fetching records');
    expect(root.querySelector('[part="empty-state"] p')!.textContent).to.equal('No certificates yet');
    expect(root.querySelector('[part="error-state"]')!.textContent).to.equal('The server said no');
    expect(root.querySelector('[part="error-state"] button')).to.equal(null);
  });
});
