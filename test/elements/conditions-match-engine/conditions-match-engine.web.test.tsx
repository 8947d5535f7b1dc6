import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { createApiClient } from '../../../core/api/client.js';
import { deleteConditionRule, saveConditionRule, type ConditionRule } from '../../../core/api/endpoints/conditions.js';
import { createRuleSet, deletePolicies, deleteRuleSet, savePolicy } from '../../../core/api/endpoints/waf.js';
import { sessionToken } from '../../../core/session/session.js';
import '../../../elements/conditions-match-engine/element.js';
import { signInAsDemoParent } from '../../helpers/api-session.js';
import { envelope, injectFault, rows, settled, shadow, typeInto } from '../../helpers/list-element.js';
import { QUICK_SAVE_FAULTS, stubFetch } from '../../helpers/save-faults.js';

/**
 * `<ec-conditions-match-engine>` against the real reference server (shell §2, §4 condition_source; rules §3
 * "Condition rule: name, description, citation count, status"; rules §4 "a suspended rule has no effect"; rules §5
 * Match rules and WAF). Faults are injected with a fetch stub only (DESIGN §5).
 */
const client = createApiClient({ base: '/api', getToken: () => sessionToken.value, getLanguage: () => 'en_US', notify: () => undefined });
let serial = 0;
const unique = (name: string) => `${name} ${Date.now() % 100_000}-${++serial}`;
const ADMIN = [{ rule_type: 'url' as const, data: { operator: 'prefix', value: '/admin' } }];

function button(root: ParentNode, text: string): HTMLButtonElement {
  const found = Array.from(root.querySelectorAll<HTMLButtonElement>('button')).find((candidate) => candidate.textContent?.trim() === text);
  if (!found) throw new Error(`no button "${text}"`);
  return found;
}
const dialog = (element: HTMLElement) => shadow(element).querySelector<HTMLElement>('.p-dialog')!;
const dialogText = (element: HTMLElement) => shadow(element).querySelector('.p-dialog')?.textContent ?? '';
const make = (name: string) => saveConditionRule(client, { name, description: 'made by the test', rules: ADMIN, status: 'enabled' });
const rowOf = (element: HTMLElement, name: string) => rows(element).find((row) => row.cells[0]!.textContent === name);

async function searched(element: HTMLElement, name: string): Promise<HTMLTableRowElement> {
  const search = shadow(element).querySelector<HTMLInputElement>('[part="toolbar"] input')!;
  typeInto(search, name);
  search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  await waitUntil(() => rowOf(element, name), `${name} is listed`, { timeout: 5000 });
  return rowOf(element, name)!;
}

async function confirm(element: HTMLElement, text: string, label: string): Promise<void> {
  await waitUntil(() => dialogText(element).includes(text), 'the confirmation opens');
  button(dialog(element), label).click();
}

describe('<ec-conditions-match-engine> (rules §3 condition rules, §5 Match rules and WAF)', () => {
  before(async () => {
    await signInAsDemoParent();
  });
  afterEach(() => sessionStorage.clear());

  it('lists name, description, citations and status in both languages, accessible', async () => {
    const rule = await make(unique('Listed'));
    const element = await settled(await fixture<HTMLElement>(html`<ec-conditions-match-engine lang="en-US"></ec-conditions-match-engine>`));
    const header = shadow(element).querySelector('[part="table"] thead')!.textContent!;
    for (const name of ['Name', 'Description', 'Citations', 'Status']) expect(header).to.contain(name);
    const row = await searched(element, rule.name);
    expect(row.cells[2]!.textContent).to.equal('0');
    expect(row.querySelector('[role="switch"]')!.getAttribute('aria-checked')).to.equal('true');
    await expect(element).to.be.accessible({ ignoredRules: ['aria-hidden-focus'] });

    const zh = await settled(await fixture<HTMLElement>(html`<ec-conditions-match-engine lang="zh-CN"></ec-conditions-match-engine>`));
    expect(shadow(zh).querySelector('[part="table"] thead')!.textContent).to.contain('引用数');
    expect(button(shadow(zh), '新建条件规则')).to.exist;
    await expect(zh).to.be.accessible({ ignoredRules: ['aria-hidden-focus'] });
    await deleteConditionRule(client, rule.id);
  });

  it('creates a rule: rules §5 name required and at most 32, description at most 64, conditions checked', async () => {
    const element = await settled(await fixture<HTMLElement>(html`<ec-conditions-match-engine lang="en-US"></ec-conditions-match-engine>`));
    button(shadow(element), 'New condition rule').click();
    await waitUntil(() => shadow(element).querySelector('.p-dialog input'), 'the form opens');
    const [name, description] = Array.from(dialog(element).querySelectorAll<HTMLInputElement>('.ec-form-grid input.p-inputtext'));
    button(dialog(element), 'Save').click();
    await waitUntil(() => dialogText(element).includes('Please fill in'), 'the name is required and the condition needs a value');
    typeInto(name!, 'x'.repeat(33));
    typeInto(description!, 'y'.repeat(65));
    await waitUntil(() => dialogText(element).includes('At most 32 characters') && dialogText(element).includes('At most 64 characters'), 'both lengths');
    // The builder does not offer a reference to another condition rule (one level only).
    expect(dialogText(element)).not.to.contain('Condition rule');
    const fresh = unique('Admin');
    typeInto(name!, fresh);
    typeInto(description!, 'Back office');
    const value = dialog(element).querySelector<HTMLInputElement>('[part="condition"] [part="multi-value"] input');
    typeInto(value!, '/admin');
    setTimeout(() => button(dialog(element), 'Save').click());
    const event = await oneEvent(element, 'ec-condition-rule-saved');
    expect([event.detail.created, event.detail.rule.name, event.detail.rule.status]).to.deep.equal([true, fresh, 'enabled']);
    await deleteConditionRule(client, event.detail.rule.id);
  });

  for (const fault of QUICK_SAVE_FAULTS.slice(0, 3)) {
    it(`a save that fails with ${fault.name} shows the catalogue's message and keeps everything typed`, async () => {
      const rule = await make(unique('Fault'));
      const element = await settled(await fixture<HTMLElement>(html`<ec-conditions-match-engine lang="en-US"></ec-conditions-match-engine>`));
      const row = await searched(element, rule.name);
      button(row, 'Edit').click();
      await waitUntil(() => shadow(element).querySelector('.p-dialog input'), 'the form opens');
      const [, description] = Array.from(dialog(element).querySelectorAll<HTMLInputElement>('.ec-form-grid input.p-inputtext'));
      typeInto(description!, 'typed before the fault');
      const restore = stubFetch(/condition\.rule\.save/, fault.answer);
      try {
        button(dialog(element), 'Save').click();
        await waitUntil(() => dialogText(element).includes(fault.message), fault.message, { timeout: 5000 });
        expect(dialog(element).querySelectorAll<HTMLInputElement>('.ec-form-grid input.p-inputtext')[1]!.value).to.equal('typed before the fault');
      } finally {
        restore();
      }
      setTimeout(() => button(dialog(element), 'Save').click());
      const saved = await oneEvent(element, 'ec-condition-rule-saved');
      expect(saved.detail.rule.description).to.equal('typed before the fault');
      await deleteConditionRule(client, rule.id);
    });
  }

  it('a cited rule: the count opens where it is used, suspending warns, delete is refused with the server message naming the rule', async () => {
    const rule: ConditionRule = await make(unique('Cited'));
    const set = await createRuleSet(client, { name: unique('Cites'), description: '' });
    const waf = await savePolicy(client, { main_id: set.id, rules: [{ rule_type: 'condition-rule', data: { operator: 'matches', value: String(rule.id) } }], action: { type: 'block' }, status: 'enabled', remark: '' });
    const element = await settled(await fixture<HTMLElement>(html`<ec-conditions-match-engine lang="en-US"></ec-conditions-match-engine>`));
    const row = await searched(element, rule.name);
    expect(row.cells[2]!.textContent).to.equal('1');
    row.cells[2]!.querySelector('button')!.click();
    await waitUntil(() => dialogText(element).includes(`#${waf.code}`) && dialogText(element).includes(set.name), 'the citations list the WAF rule and its set');
    button(dialog(element), 'Close').click();
    await waitUntil(() => !shadow(element).querySelector('.p-dialog'), 'the dialog closes');

    rowOf(element, rule.name)!.querySelector<HTMLButtonElement>('[role="switch"]')!.click();
    setTimeout(() => void confirm(element, 'It is used by 1 WAF rule', 'Suspend'));
    const changed = await oneEvent(element, 'ec-condition-rule-status-changed');
    expect([changed.detail.status, changed.detail.citedBy]).to.deep.equal(['suspended', 1]);
    await waitUntil(() => rowOf(element, rule.name)?.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'false', 'the switch shows suspended');
    await waitUntil(() => !shadow(element).querySelector('.p-dialog'), 'the first confirmation is gone');

    button(rowOf(element, rule.name)!, 'Delete').click();
    setTimeout(() => void confirm(element, `Delete the condition rule ${rule.name}?`, 'Delete'));
    const refused = await oneEvent(element, 'ec-error');
    expect(refused.detail.message).to.contain(`#${waf.code}`).and.to.contain(set.name);
    await deletePolicies(client, [waf.id]);
    await deleteRuleSet(client, set.id);
    await deleteConditionRule(client, rule.id);
  });

  it('shell §4: while condition_source is off the element says the engine is not enabled and lists nothing', async () => {
    const restore = injectFault(/member\.set\.info\.console/, () =>
      envelope({ version_gray: { status: 'done' }, subacl: { status: 'on' }, condition_source: { condition_source_view: 'off' }, ban: { status: 'on' } }),
    );
    try {
      const element = await fixture<HTMLElement>(html`<ec-conditions-match-engine lang="en-US"></ec-conditions-match-engine>`);
      await waitUntil(() => shadow(element).querySelector('[part="empty-state"]')?.textContent?.includes('not enabled'), 'the gate state shows');
      expect(shadow(element).querySelector('[part="table"]')).to.equal(null);
      expect(shadow(element).querySelector('[part="toolbar"]')).to.equal(null);
      await expect(element).to.be.accessible({ ignoredRules: ['aria-hidden-focus'] });
    } finally {
      restore();
    }
  });

  it('a failed load shows the error state with a retry', async () => {
    const restore = injectFault(/condition\.rule\.list/, () => new Response('Internal Server Error', { status: 500 }));
    const element = await fixture<HTMLElement>(html`<ec-conditions-match-engine lang="en-US"></ec-conditions-match-engine>`);
    try {
      await waitUntil(() => shadow(element).textContent?.includes('Condition rules could not be loaded'), 'the error state shows');
    } finally {
      restore();
    }
    button(shadow(element), 'Retry').click();
    await settled(element);
  });
});
