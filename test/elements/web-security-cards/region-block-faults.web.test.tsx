/**
 * The regional blocking card editor when the region data cannot be loaded (issue 22; DESIGN §5 fault injection with a
 * fetch stub): an error with a retry, and the tree once the retry succeeds. Its own file: the region data is loaded
 * once per page (core/region/region.ts), so the failure must come before any other test loads it.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { renderEditor } from './harness.js';

describe('regional blocking card editor, region data failing (issue 22)', () => {
  it('a failed region load shows an error with a retry that loads the tree', async () => {
    const realFetch = window.fetch;
    window.fetch = (input, init) =>
      String(input instanceof Request ? input.url : input).includes('share_data.region') ? Promise.resolve(new Response('oops', { status: 500 })) : realFetch(input, init);
    try {
      const { root, element } = await renderEditor('region_block');
      await waitUntil(() => root.querySelector('[part="error-state"]'), 'the error shows', { timeout: 10000 });
      expect(root.querySelector('[part="error-state"]')!.textContent).to.contain('The regions could not be loaded.');
      await expect(element).to.be.accessible();
      window.fetch = realFetch;
      root.querySelector<HTMLButtonElement>('[part="error-state"] button')!.click();
      await waitUntil(() => root.querySelector('[part="region-tree"]'), 'the retry loads the tree', { timeout: 10000 });
    } finally {
      window.fetch = realFetch;
    }
  });
});
