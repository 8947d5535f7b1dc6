import { aTimeout, expect, waitUntil } from '@open-wc/testing';
import { SearchInput } from '../../../../core/ui/parts/search-input.js';
import { LANGUAGES, renderPart, shadow, typeInto } from '../../../helpers/parts-probe.js';

function searchScene(searches: string[], debounceMs?: number) {
  return function Scene() {
    return <SearchInput label="Search domains" debounceMs={debounceMs} onSearch={(text) => searches.push(text)} />;
  };
}

const input = (element: HTMLElement) => shadow(element).querySelector<HTMLInputElement>('input')!;
const clearButton = (element: HTMLElement) => shadow(element).querySelector<HTMLButtonElement>('.ec-search-clear');
const enter = (target: HTMLElement) => target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));

describe('SearchInput (shell §2)', () => {
  it('is a labelled field with a search icon; Enter searches with the trimmed text', async () => {
    const searches: string[] = [];
    const element = await renderPart(searchScene(searches));
    const root = shadow(element);
    expect(root.querySelector(`label[for="${input(element).id}"]`)!.textContent).to.equal('Search domains');
    expect(root.querySelector('.pi-search')!.getAttribute('aria-hidden')).to.equal('true');
    typeInto(input(element), '  example.com ');
    await waitUntil(() => clearButton(element));
    expect(searches, 'no search while typing without a debounce').to.deep.equal([]);
    enter(input(element));
    expect(searches).to.deep.equal(['example.com']);
  });

  it('the clear button empties the field, searches for everything and returns focus', async () => {
    const searches: string[] = [];
    const element = await renderPart(searchScene(searches));
    expect(clearButton(element), 'no clear button on an empty field').to.equal(null);
    typeInto(input(element), 'abc');
    await waitUntil(() => clearButton(element));
    clearButton(element)!.click();
    await waitUntil(() => input(element).value === '');
    expect(searches).to.deep.equal(['']);
    expect(shadow(element).activeElement).to.equal(input(element));
    expect(clearButton(element)).to.equal(null);
  });

  it('with a debounce, searches once after typing pauses; Enter does not search twice', async () => {
    const searches: string[] = [];
    const element = await renderPart(searchScene(searches, 50));
    typeInto(input(element), 'a');
    typeInto(input(element), 'ab');
    typeInto(input(element), 'abc');
    await waitUntil(() => searches.length === 1, 'the debounced search runs');
    expect(searches).to.deep.equal(['abc']);
    typeInto(input(element), 'abcd');
    enter(input(element));
    await aTimeout(120);
    expect(searches).to.deep.equal(['abc', 'abcd']);
  });

  for (const lang of LANGUAGES) {
    it(`is accessible with a translated clear button in ${lang} (axe)`, async () => {
      const element = await renderPart(searchScene([]), lang);
      typeInto(input(element), 'abc');
      await waitUntil(() => clearButton(element));
      expect(clearButton(element)!.getAttribute('aria-label')).to.equal(lang === 'zh_CN' ? '清空' : 'Clear');
      await expect(element).to.be.accessible();
    });
  }
});
