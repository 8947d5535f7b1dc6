import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { useState } from 'react';
import { PageLayout } from '../../../../core/ui/parts/page-layout.js';
import { LANGUAGES, renderPart, shadow } from '../../../helpers/parts-probe.js';

const TABS = [
  { key: 'backsource', label: 'Origin' },
  { key: 'perform', label: 'Performance' },
  { key: 'waf', label: 'WAF' },
];

function layoutScene(picked: string[] = []) {
  return function Scene() {
    const [tab, setTab] = useState('backsource');
    return (
      <PageLayout
        title="example.com"
        breadcrumb={[{ label: 'Domains', route: 'domain-list' }, { label: 'Console', route: 'console', params: { id: 7 } }, { label: 'example.com' }]}
        back={{ route: 'domain-list', params: { page: 2 } }}
        tabs={TABS}
        activeTab={tab}
        onTabChange={(key) => {
          picked.push(key);
          setTab(key);
        }}
      >
        <p className="content">Content of {tab}</p>
      </PageLayout>
    );
  };
}

const tabs = (element: HTMLElement) => Array.from(shadow(element).querySelectorAll<HTMLButtonElement>('[role="tab"]'));
const key = (target: Element, name: string) => target.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, composed: true }));

describe('PageLayout (shell §2 page layout)', () => {
  it('shows breadcrumb, title and tabs as named parts', async () => {
    const element = await renderPart(layoutScene());
    const root = shadow(element);
    expect(root.querySelector('[part="title"]')!.textContent).to.equal('example.com');
    const crumbs = Array.from(root.querySelectorAll('[part="breadcrumb"] li'), (item) => item.textContent);
    expect(crumbs).to.deep.equal(['Domains', 'Console', 'example.com']);
    expect(root.querySelector('[part="breadcrumb"] [aria-current="page"]')!.textContent).to.equal('example.com');
    expect(root.querySelector('[part="tabs"]')!.getAttribute('role')).to.equal('tablist');
    expect(tabs(element).map((tab) => tab.getAttribute('aria-selected'))).to.deep.equal(['true', 'false', 'false']);
    expect(root.querySelector('[role="tabpanel"]')!.textContent).to.equal('Content of backsource');
  });

  it('the back link emits ec-navigate with the back route, bubbling and composed', async () => {
    const element = await renderPart(layoutScene());
    const navigated = oneEvent(document.body, 'ec-navigate');
    shadow(element).querySelector<HTMLButtonElement>('.ec-back-link')!.click();
    const event = await navigated;
    expect(event.detail).to.deep.equal({ route: 'domain-list', params: { page: 2 } });
    expect(event.composed).to.equal(true);
  });

  it('breadcrumb links emit ec-navigate; the current page is not a link', async () => {
    const element = await renderPart(layoutScene());
    const links = shadow(element).querySelectorAll<HTMLButtonElement>('[part="breadcrumb"] button');
    expect(links).to.have.length(2);
    const navigated = oneEvent(element, 'ec-navigate');
    links[1]!.click();
    expect((await navigated).detail).to.deep.equal({ route: 'console', params: { id: 7 } });
  });

  it('tabs are keyboard-navigable: arrows, Home and End move focus, Enter selects', async () => {
    const picked: string[] = [];
    const element = await renderPart(layoutScene(picked));
    const root = shadow(element);
    expect(tabs(element).map((tab) => tab.tabIndex)).to.deep.equal([0, -1, -1]);
    tabs(element)[0]!.focus();
    key(tabs(element)[0]!, 'ArrowRight');
    expect(root.activeElement).to.equal(tabs(element)[1]);
    key(tabs(element)[1]!, 'End');
    expect(root.activeElement).to.equal(tabs(element)[2]);
    key(tabs(element)[2]!, 'ArrowRight');
    expect(root.activeElement, 'wraps to the first tab').to.equal(tabs(element)[0]);
    key(tabs(element)[0]!, 'ArrowLeft');
    expect(root.activeElement, 'wraps to the last tab').to.equal(tabs(element)[2]);
    expect(picked, 'moving focus does not change tabs').to.deep.equal([]);
    tabs(element)[2]!.click();
    await waitUntil(() => tabs(element)[2]!.getAttribute('aria-selected') === 'true');
    expect(picked).to.deep.equal(['waf']);
    expect(root.querySelector('[role="tabpanel"]')!.textContent).to.equal('Content of waf');
    expect(root.querySelector('[role="tabpanel"]')!.getAttribute('aria-labelledby')).to.equal(tabs(element)[2]!.id);
  });

  it('without tabs or breadcrumb it is just the title and the content', async () => {
    const element = await renderPart(() => (
      <PageLayout title="Certificates">
        <p>List</p>
      </PageLayout>
    ));
    const root = shadow(element);
    expect(root.querySelector('[part="tabs"]')).to.equal(null);
    expect(root.querySelector('[part="breadcrumb"]')).to.equal(null);
    expect(root.querySelector('.ec-back-link')).to.equal(null);
    expect(root.querySelector('[part="title"]')!.textContent).to.equal('Certificates');
  });

  for (const lang of LANGUAGES) {
    it(`is translated and accessible in ${lang} (axe)`, async () => {
      const element = await renderPart(layoutScene(), lang);
      const root = shadow(element);
      expect(root.querySelector('.ec-back-link')!.textContent).to.equal(lang === 'zh_CN' ? '返回' : 'Back');
      expect(root.querySelector('[part="breadcrumb"]')!.getAttribute('aria-label')).to.equal(lang === 'zh_CN' ? '面包屑导航' : 'Breadcrumb');
      await expect(element).to.be.accessible();
    });
  }
});
