import { expect, nextFrame, waitUntil } from '@open-wc/testing';
import { useState } from 'react';
import { joinMultiValue, splitMultiValue } from '../../../../core/rules/multi-value.js';
import { MultiValueInput } from '../../../../core/ui/parts/multi-value-input.js';
import { LANGUAGES, renderPart, shadow, typeInto } from '../../../helpers/parts-probe.js';

interface SceneOptions {
  initial?: string;
  separator?: string;
  maxRows?: number;
}

const isDomain = (item: string) => (/^[a-z0-9.-]+$/.test(item) ? null : 'Not a domain');

/** A stateful multi-value input; every onChange value lands in `changes`. */
function multiValueScene(changes: string[], options: SceneOptions = {}) {
  return function Scene() {
    const [value, setValue] = useState(options.initial ?? '');
    return (
      <>
        <MultiValueInput
          label="Domains"
          value={value}
          separator={options.separator}
          maxRows={options.maxRows}
          validate={isDomain}
          onChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
        />
        <button type="button" className="reset" onClick={() => setValue('x.com|y.com')}>
          reset
        </button>
      </>
    );
  };
}

const inputs = (element: HTMLElement) => Array.from(shadow(element).querySelectorAll<HTMLInputElement>('.ec-multi-value input'));
const removeButtons = (element: HTMLElement) => Array.from(shadow(element).querySelectorAll<HTMLButtonElement>('.ec-multi-value-row button'));
const addButton = (element: HTMLElement) =>
  Array.from(shadow(element).querySelectorAll<HTMLButtonElement>('.ec-multi-value button')).find((button) => button.textContent?.includes('Add row') || button.textContent?.includes('添加一行'))!;

async function typeRow(element: HTMLElement, index: number, text: string) {
  typeInto(inputs(element)[index]!, text);
  await waitUntil(() => inputs(element)[index]!.value === text.split('|').join(''), `row ${index} shows the typed text`);
}

describe('MultiValueInput (shell §5)', () => {
  it('shell §5: items are joined with "|" by default', async () => {
    const changes: string[] = [];
    const element = await renderPart(multiValueScene(changes));
    await typeRow(element, 0, 'a.com');
    addButton(element).click();
    await waitUntil(() => inputs(element).length === 2);
    await typeRow(element, 1, 'b.com');
    expect(changes.at(-1)).to.equal('a.com|b.com');
  });

  it('shell §5: the separator is configurable and the joined value uses it', async () => {
    const changes: string[] = [];
    const element = await renderPart(multiValueScene(changes, { separator: ',', initial: 'a.com,b.com' }));
    expect(inputs(element).map((input) => input.value)).to.deep.equal(['a.com', 'b.com']);
    await typeRow(element, 1, 'c.com');
    expect(changes.at(-1)).to.equal('a.com,c.com');
  });

  it('shell §5: the separator is stripped from each typed item', async () => {
    const changes: string[] = [];
    const element = await renderPart(multiValueScene(changes));
    typeInto(inputs(element)[0]!, 'a.c|om|');
    await waitUntil(() => inputs(element)[0]!.value === 'a.com');
    expect(changes.at(-1)).to.equal('a.com');
    expect(joinMultiValue(['x,y,', 'z'], ',')).to.equal('xy,z');
    expect(joinMultiValue(['a|b', 'c'])).to.equal('ab|c');
  });

  it('shell §5: empty items are dropped from the value', async () => {
    const changes: string[] = [];
    const element = await renderPart(multiValueScene(changes, { initial: 'a.com|b.com|c.com' }));
    await typeRow(element, 1, '   ');
    expect(changes.at(-1)).to.equal('a.com|c.com');
    expect(joinMultiValue(['a', '', '  ', 'b'])).to.equal('a|b');
    expect(splitMultiValue('|a||b| ')).to.deep.equal(['a', 'b']);
  });

  it('shell §5: a new row can be added only after the current rows validate', async () => {
    const changes: string[] = [];
    const element = await renderPart(multiValueScene(changes));
    expect(addButton(element).disabled, 'an empty row does not validate').to.equal(true);

    await typeRow(element, 0, 'NOT A DOMAIN');
    await waitUntil(() => shadow(element).querySelector('.ec-error-text'));
    const input = inputs(element)[0]!;
    expect(shadow(element).querySelector('.ec-error-text')!.textContent).to.equal('Not a domain');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(shadow(element).getElementById(input.getAttribute('aria-describedby')!)!.textContent).to.equal('Not a domain');
    expect(addButton(element).disabled, 'an invalid row blocks adding').to.equal(true);

    await typeRow(element, 0, 'good.com');
    await waitUntil(() => !addButton(element).disabled, 'a valid row allows adding');
    expect(shadow(element).querySelector('.ec-error-text')).to.equal(null);
    addButton(element).click();
    await waitUntil(() => inputs(element).length === 2);
    await nextFrame();
    expect(shadow(element).activeElement, 'the new row takes focus').to.equal(inputs(element)[1]);
    expect(addButton(element).disabled, 'the new empty row must be filled first').to.equal(true);
  });

  it('shell §5: at least one empty row is kept', async () => {
    const changes: string[] = [];
    const empty = await renderPart(multiValueScene([]));
    expect(inputs(empty).map((input) => input.value)).to.deep.equal(['']);
    expect(removeButtons(empty)[0]!.disabled, 'the only empty row cannot be removed').to.equal(true);

    const element = await renderPart(multiValueScene(changes, { initial: 'a.com|b.com' }));
    removeButtons(element)[0]!.click();
    await waitUntil(() => inputs(element).length === 1);
    expect(changes.at(-1)).to.equal('b.com');
    removeButtons(element)[0]!.click();
    await waitUntil(() => inputs(element)[0]!.value === '');
    expect(inputs(element)).to.have.length(1);
    expect(changes.at(-1)).to.equal('');
  });

  it('stops adding rows at maxRows and says so', async () => {
    const element = await renderPart(multiValueScene([], { initial: 'a.com|b.com', maxRows: 2 }));
    expect(addButton(element).disabled).to.equal(true);
    expect(shadow(element).querySelector('.ec-multi-value .ec-muted')!.textContent).to.equal('Up to 2 rows');
  });

  it('a value set from outside replaces the rows', async () => {
    const element = await renderPart(multiValueScene([], { initial: 'a.com' }));
    shadow(element).querySelector<HTMLButtonElement>('.reset')!.click();
    await waitUntil(() => inputs(element).length === 2);
    expect(inputs(element).map((input) => input.value)).to.deep.equal(['x.com', 'y.com']);
  });

  for (const lang of LANGUAGES) {
    it(`is labelled and accessible in ${lang} (axe)`, async () => {
      const element = await renderPart(multiValueScene([], { initial: 'a.com|BAD' }), lang);
      await waitUntil(() => shadow(element).querySelector('.ec-error-text'));
      const labels = removeButtons(element).map((button) => button.getAttribute('aria-label'));
      expect(labels).to.deep.equal(lang === 'en_US' ? ['Remove row 1', 'Remove row 2'] : ['移除第 1 行', '移除第 2 行']);
      expect(inputs(element)[1]!.getAttribute('aria-label')).to.equal(lang === 'en_US' ? 'Domains, row 2' : 'Domains，第 2 行');
      await expect(element).to.be.accessible();
    });
  }
});
