/**
 * The domain console's cache tab (issue 20: "cache rules (the existing element, with the domain named)"): the
 * `<ec-cache-rules>` element loads with the tab (not before), names the domain, loads its own catalogues in the
 * console's language, is view-only for a read grant, and is axe clean.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { signInAsDemoParent, signInAsDemoViewer } from '../../helpers/api-session.js';
import { openConsoleTab } from '../../helpers/domain-console.js';
import { shadow } from '../../helpers/list-element.js';

const rulesOf = (element: HTMLElement) => shadow(element).querySelector<HTMLElement>('ec-cache-rules');
const titleOf = (element: HTMLElement) => rulesOf(element)?.shadowRoot?.querySelector('[part="title"]')?.textContent?.trim();

describe('<ec-domain-console tab="cache">', () => {
  before(async () => {
    await signInAsDemoParent();
  });

  it('loads <ec-cache-rules> only with the tab, for this domain, named in its title; axe', async () => {
    const origin = await openConsoleTab('performance');
    expect(customElements.get('ec-cache-rules'), 'not loaded with another tab').to.equal(undefined);
    origin.remove();
    const element = await openConsoleTab('cache', { ready: 'ec-cache-rules' });
    expect(customElements.get('ec-cache-rules')).to.not.equal(undefined);
    await waitUntil(() => titleOf(element), 'the cache rules show');
    expect(titleOf(element)).to.equal('Cache rules of www.example.com');
    expect(rulesOf(element)!.getAttribute('mode')).to.equal('manage');
    await waitUntil(() => rulesOf(element)!.shadowRoot!.querySelector('[part="table"]'), 'the rules table');
    await expect(element).to.be.accessible();
  });

  it('zh_CN: the element loads its own Chinese catalogue', async () => {
    const element = await openConsoleTab('cache', { ready: 'ec-cache-rules', lang: 'zh-CN' });
    await waitUntil(() => titleOf(element), 'the cache rules show');
    expect(titleOf(element)).to.equal('www.example.com 的缓存规则');
  });

  it('rules §6: a read grant sees the rules view-only', async () => {
    await signInAsDemoViewer();
    try {
      const element = await openConsoleTab('cache', { ready: 'ec-cache-rules' });
      await waitUntil(() => rulesOf(element)!.shadowRoot?.querySelector('[part="read-only-notice"]'), 'the view-only notice');
      expect(Array.from(rulesOf(element)!.shadowRoot!.querySelectorAll('button')).some((node) => /Add/.test(node.textContent ?? '') && !node.disabled && node.getAttribute('aria-disabled') !== 'true')).to.equal(false);
    } finally {
      await signInAsDemoParent();
    }
  });
});
