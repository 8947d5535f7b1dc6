import { expect, waitUntil } from '@open-wc/testing';
import { useState } from 'react';
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import type { IpRegion } from '../../../../core/api/endpoints/platform.js';
import type { MatchType } from '../../../../core/rules/waf.js';
import { ConditionBuilder } from '../../../../core/ui/parts/condition-builder/condition-builder.js';
import { validateMatchConditions } from '../../../../core/rules/waf.js';
import { newCondition, toConditionInput, type ConditionDraft } from '../../../../core/ui/parts/condition-builder/model.js';
import { LANGUAGES, renderPart, shadow, typeInto } from '../../../helpers/parts-probe.js';

interface SceneOptions {
  initial?: ConditionDraft[];
  wildcardDomain?: boolean;
  types?: MatchType[];
  issues?: FieldIssue[];
  regions?: IpRegion[];
}

/** A stateful builder; the latest conditions land in `seen.value`. */
function builderScene(seen: { value: ConditionDraft[] }, options: SceneOptions = {}) {
  return function Scene() {
    const [value, setValue] = useState<ConditionDraft[]>(options.initial ?? [newCondition('url')]);
    seen.value = value;
    return (
      <ConditionBuilder
        value={value}
        onChange={setValue}
        wildcardDomain={options.wildcardDomain}
        types={options.types}
        issues={options.issues}
        regions={options.regions}
        consequence="THEN Block"
      />
    );
  };
}

const root = (element: HTMLElement) => shadow(element);
const conditions = (element: HTMLElement) => Array.from(root(element).querySelectorAll<HTMLFieldSetElement>('fieldset.ec-condition'));
const preview = (element: HTMLElement) => root(element).querySelector('[data-preview]')!.textContent ?? '';
const button = (element: HTMLElement, text: string) =>
  Array.from(root(element).querySelectorAll<HTMLButtonElement>('button')).find((candidate) => candidate.textContent?.trim() === text)!;

/** Opens the n-th Dropdown of a condition (0 = type, last = operator) and returns its options. */
async function openDropdown(element: HTMLElement, condition: number, which: 'type' | 'operator'): Promise<HTMLElement[]> {
  const dropdowns = conditions(element)[condition]!.querySelectorAll<HTMLElement>('.ec-condition-head .p-dropdown');
  const dropdown = which === 'type' ? dropdowns[0]! : dropdowns[dropdowns.length - 1]!;
  dropdown.click();
  await waitUntil(() => root(element).querySelectorAll('.p-dropdown-panel li[role="option"]').length > 0, `${which} options open`);
  return Array.from(root(element).querySelectorAll<HTMLElement>('.p-dropdown-panel li[role="option"]'));
}

async function choose(element: HTMLElement, condition: number, which: 'type' | 'operator', label: string): Promise<void> {
  const option = (await openDropdown(element, condition, which)).find((item) => item.textContent?.startsWith(label));
  expect(option, `option ${label}`).to.not.equal(undefined);
  option!.click();
  await waitUntil(() => root(element).querySelectorAll('.p-dropdown-panel').length === 0, 'panel closes');
}

async function typeValue(element: HTMLElement, condition: number, text: string): Promise<void> {
  const input = conditions(element)[condition]!.querySelector<HTMLInputElement>('.ec-multi-value input')!;
  typeInto(input, text);
  await waitUntil(() => input.value === text);
}

describe('ConditionBuilder (rules §5 Match rules and WAF; shared with the cache rule editor)', () => {
  it('edits a condition and keeps the read-only preview of the whole rule in sync', async () => {
    const seen = { value: [] as ConditionDraft[] };
    const element = await renderPart(builderScene(seen));
    await choose(element, 0, 'operator', 'starts with');
    await typeValue(element, 0, '/login');
    await waitUntil(() => preview(element) === 'IF URL path starts with "/login" THEN Block', 'the preview follows the form');
    expect(seen.value[0]).to.include({ type: 'url', operator: 'prefix', value: '/login' });
    button(element, 'Add condition').click();
    await waitUntil(() => conditions(element).length === 2);
    await choose(element, 1, 'type', 'Header');
    const name = conditions(element)[1]!.querySelector<HTMLInputElement>('.ec-condition-head input.p-inputtext')!;
    typeInto(name, 'User-Agent');
    await choose(element, 1, 'operator', 'contains');
    await typeValue(element, 1, 'curl');
    await waitUntil(() => preview(element).includes(' AND Header "User-Agent" contains "curl"'), 'the preview adds the header condition');
  });

  it('rules §5 / §9: at most 5 conditions, with the spec message once the limit is reached', async () => {
    const element = await renderPart(builderScene({ value: [] }));
    for (let count = 1; count < 5; count++) {
      button(element, 'Add condition').click();
      await waitUntil(() => conditions(element).length === count + 1);
    }
    expect(button(element, 'Add condition').disabled).to.equal(true);
    expect(root(element).textContent).to.contain('At most 5 matching conditions per rule');
  });

  it('rules §5: IP match and region match are mutually exclusive (the other is offered disabled, with the reason)', async () => {
    const element = await renderPart(builderScene({ value: [] }, { initial: [newCondition('ip'), newCondition('url')] }));
    const options = await openDropdown(element, 1, 'type');
    const region = options.find((option) => option.textContent?.startsWith('Region'))!;
    expect(region.getAttribute('aria-disabled')).to.equal('true');
    expect(region.textContent).to.contain('IP match and region match cannot be used in the same rule');
  });

  it('rules §5: the domain match type only for wildcard domains', async () => {
    const plain = await renderPart(builderScene({ value: [] }));
    const blocked = (await openDropdown(plain, 0, 'type')).find((option) => option.textContent?.startsWith('Domain'))!;
    expect(blocked.getAttribute('aria-disabled')).to.equal('true');
    expect(blocked.textContent).to.contain('The domain match type is only for wildcard domains');
    const wildcard = await renderPart(builderScene({ value: [] }, { wildcardDomain: true }));
    const offered = (await openDropdown(wildcard, 0, 'type')).find((option) => option.textContent?.startsWith('Domain'))!;
    expect(offered.getAttribute('aria-disabled')).to.not.equal('true');
  });

  it('rules §5: the source status code condition is kept last, with the spec note', async () => {
    const seen = { value: [] as ConditionDraft[] };
    const element = await renderPart(builderScene(seen, { initial: [newCondition('url'), newCondition('method')] }));
    await choose(element, 0, 'type', 'Source response status code');
    await waitUntil(() => seen.value.map((condition) => condition.type).join() === 'method,status-code');
    expect(conditions(element)[1]!.textContent).to.contain('The source response status code condition must be the last one');
  });

  it('rules §5: PCRE is checked as it is typed; fingerprint types note the data start date', async () => {
    const element = await renderPart(builderScene({ value: [] }));
    await choose(element, 0, 'operator', 'matches regex (PCRE)');
    await typeValue(element, 0, '(a');
    await waitUntil(() => root(element).textContent!.includes('Missing closing parenthesis (offset 0)'));
    await choose(element, 0, 'type', 'JA4 fingerprint');
    await waitUntil(() => root(element).textContent!.includes('Fingerprint data is only available from 2024-12-19'));
  });

  it('rules §5 / §9: OR lists stop at 20 rows; more (from stored data) shows the spec message; strings match case-insensitively', async () => {
    const twenty = Array.from({ length: 20 }, (_, index) => `/p${index}`).join('|');
    const element = await renderPart(builderScene({ value: [] }, { initial: [{ ...newCondition('url'), operator: 'prefix', value: twenty }] }));
    expect(button(element, 'Add row').disabled).to.equal(true);
    expect(root(element).textContent).to.contain('Up to 20 rows');
    expect(root(element).textContent).to.contain('String matching is case-insensitive.');
    const issues = validateMatchConditions([toConditionInput({ ...newCondition('url'), operator: 'prefix', value: `${twenty}|/p20` })]);
    const over = await renderPart(builderScene({ value: [] }, { initial: [{ ...newCondition('url'), operator: 'prefix', value: `${twenty}|/p20` }], issues }));
    expect(conditions(over)[0]!.textContent).to.contain('At most 20 rows per condition');
  });

  it('rules §5 "Request frequency window 1-20 s": a rate condition checks its window as it is typed', async () => {
    const element = await renderPart(builderScene({ value: [] }, { initial: [newCondition('ip-rate')] }));
    const window = Array.from(conditions(element)[0]!.querySelectorAll<HTMLInputElement>('.ec-rate input'))[1]!;
    typeInto(window, '21');
    await waitUntil(() => root(element).textContent!.includes('The time window must be 1-20 seconds'));
    expect(preview(element)).to.contain('IP request rate exceeds … requests in 21 s');
  });

  it('shows findings passed in (from core/rules or the server) beside the conditions they name', async () => {
    const issues: FieldIssue[] = [
      { field: 'conditions', key: 'waf.ip-region-exclusive' },
      { field: 'conditions.0.value', key: 'waf.region-unknown', values: { name: 'XX' } },
    ];
    const element = await renderPart(builderScene({ value: [] }, { initial: [{ ...newCondition('region'), value: 'XX' }], issues }));
    expect(root(element).textContent).to.contain('IP match and region match cannot be used in the same rule');
    expect(conditions(element)[0]!.textContent).to.contain('Unknown region: XX');
  });

  it('the cache rule editor can offer fewer match types', async () => {
    const element = await renderPart(builderScene({ value: [] }, { types: ['url', 'suffix', 'header'] }));
    const options = await openDropdown(element, 0, 'type');
    expect(options.map((option) => option.textContent)).to.deep.equal(['URL path', 'Header', 'File suffix']);
  });

  it('is accessible and translated in both languages (axe)', async () => {
    for (const language of LANGUAGES) {
      const element = await renderPart(builderScene({ value: [] }, { initial: [newCondition('url'), newCondition('method'), newCondition('time')] }), language);
      expect(root(element).textContent).to.contain(language === 'zh_CN' ? '匹配条件' : 'Matching conditions');
      await expect(element).to.be.accessible();
    }
  });
});
