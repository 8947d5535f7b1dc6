/**
 * What an element loads and when (issue "every page loads only what it shows"): its texts arrive with it in its
 * own language only; a language switch mid-form keeps what was typed; a catalogue or a deferred part that fails
 * to load says so, translated, with a retry that works.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { useState } from 'react';
import { catalogueLoaders } from '../../../core/i18n/catalogues.js';
import '../../../core/i18n/namespaces/operation-log.js';
import '../../../core/i18n/namespaces/job-list.js';
import { cataloguesLoaded } from '../../../core/i18n/i18n.js';
import { defineElement } from '../../../core/ui/define-element.js';
import { useT } from '../../../core/ui/element-context.js';
import { DeferredFailure, useDeferredModule } from '../../../core/ui/parts/deferred.js';

/** A small form: its label comes from the job list's catalogue, its value is React state. */
function FormProbe() {
  const t = useT('job-list');
  const [name, setName] = useState('');
  return (
    <form>
      <label htmlFor="probe-name">{t('table-label')}</label>
      <input id="probe-name" value={name} onChange={(event) => setName(event.target.value)} />
    </form>
  );
}
defineElement('ec-lazy-form-probe', FormProbe, { session: 'optional', namespace: 'job-list' });

/** A probe whose catalogue (the operation log's) is made to fail once. */
function FailingCatalogueProbe() {
  const t = useT('operation-log');
  return <h1>{t('table-label')}</h1>;
}
defineElement('ec-lazy-catalogue-probe', FailingCatalogueProbe, { session: 'optional', namespace: 'operation-log' });

let failNextPartLoad = true;
/** A deferred part whose first load fails, as a chunk cut by the network would. */
const loadPart = async () => {
  if (failNextPartLoad) {
    failNextPartLoad = false;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  return { Part: () => <p className="probe-part">part loaded</p> };
};
function DeferredProbe() {
  const { module, failed, retry } = useDeferredModule(loadPart, true);
  if (failed) return <DeferredFailure onRetry={retry} />;
  return module ? <module.Part /> : null;
}
defineElement('ec-lazy-part-probe', DeferredProbe, { session: 'optional', namespace: 'common' });

const root = (element: HTMLElement) => element.shadowRoot!;
const text = (element: HTMLElement) => root(element).textContent ?? '';

describe('lazy texts and parts (issue "every page loads only what it shows")', () => {
  it('an element downloads its texts in its own language only; the other language arrives on a switch, the form kept', async () => {
    expect(cataloguesLoaded('zh_CN', ['job-list']), 'nothing loaded before the element').to.equal(false);
    const element = await fixture<HTMLElement>(html`<ec-lazy-form-probe lang="zh-CN"></ec-lazy-form-probe>`);
    await waitUntil(() => root(element).querySelector('input'), 'the form renders once its texts are in');
    expect(cataloguesLoaded('zh_CN', ['job-list', 'common'])).to.equal(true);
    expect(cataloguesLoaded('en_US', ['job-list']), 'the language not in use is never downloaded').to.equal(false);
    const zhLabel = root(element).querySelector('label')!.textContent;

    const input = root(element).querySelector('input')!;
    input.focus();
    document.execCommand('insertText', false, 'half-typed name');
    expect(input.value).to.equal('half-typed name');

    element.setAttribute('lang', 'en-US');
    await waitUntil(() => root(element).querySelector('label')!.textContent !== zhLabel, 'the English texts arrive');
    expect(cataloguesLoaded('en_US', ['job-list', 'common'])).to.equal(true);
    const after = root(element).querySelector('input')!;
    expect(after, 'the same input, not a new form').to.equal(input);
    expect(after.value).to.equal('half-typed name');
  });

  it('a catalogue that fails to load says so in the element language, and the retry loads it', async () => {
    const loaders = catalogueLoaders('operation-log')!;
    const original = loaders.en_US;
    loaders.en_US = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    let element: HTMLElement;
    try {
      element = await fixture<HTMLElement>(html`<ec-lazy-catalogue-probe lang="en-US"></ec-lazy-catalogue-probe>`);
      await waitUntil(() => root(element).querySelector('[part="catalogue-error"]'), 'the failure is shown');
    } finally {
      loaders.en_US = original;
    }
    const failure = root(element).querySelector('[part="catalogue-error"]')!;
    expect(failure.getAttribute('role')).to.equal('alert');
    expect(failure.textContent).to.contain('could not be loaded');
    failure.querySelector('button')!.click();
    await waitUntil(() => root(element).querySelector('h1'), 'the retry loads the texts and the element renders');
    expect(root(element).querySelector('[part="catalogue-error"]')).to.equal(null);
    await expect(element).to.be.accessible();
  });

  it('a deferred part that fails to load sends ec-error and shows a translated retry (both languages); the retry loads it', async () => {
    failNextPartLoad = true;
    const errors: { source: string; message: string }[] = [];
    const listener = (event: Event) => errors.push((event as CustomEvent<{ source: string; message: string }>).detail);
    document.addEventListener('ec-error', listener);
    const element = await fixture<HTMLElement>(html`<ec-lazy-part-probe lang="zh-CN"></ec-lazy-part-probe>`);
    await waitUntil(() => root(element).querySelector('[part="deferred-error"]'), 'the failure is shown');
    document.removeEventListener('ec-error', listener);
    expect(errors.map((error) => error.source)).to.deep.equal(['ec-lazy-part-probe'], 'the host page is told (ec-error)');
    expect(text(element)).to.contain('此部分加载失败');
    await expect(element).to.be.accessible();
    element.setAttribute('lang', 'en-US');
    await waitUntil(() => text(element).includes('This part of the page could not be loaded'), 'the failure in English');
    root(element).querySelector<HTMLButtonElement>('[part="deferred-error"] button')!.click();
    await waitUntil(() => root(element).querySelector('.probe-part'), 'the retry loads the part');
  });
});
