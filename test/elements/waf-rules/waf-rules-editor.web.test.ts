import { expect, html, oneEvent } from '@open-wc/testing';
import { createRuleSet, deleteRuleSet, getPoliciesByMain, listRuleSets, savePolicy, type RuleSetInfo } from '../../../core/api/endpoints/waf.js';
import { setDemoPlanLevel } from '../../helpers/demo-plan.js';
import { signInAsDemoParent } from '../../helpers/api-session.js';
import { apiClient, button, choose, click, eventually, field, injectFault, rendered, root, text, typeInto, uniqueName } from './helpers.js';

const rows = (element: HTMLElement) => Array.from(root(element).querySelectorAll<HTMLTableRowElement>('.ec-rule-table tbody tr'));
const dialog = (element: HTMLElement) => root(element).querySelector<HTMLElement>('[part="dialog"]')!;

async function openEditor(set: RuleSetInfo, lang = 'en-US'): Promise<HTMLElement> {
  return rendered(html`<ec-waf-rules lang=${lang} group-id=${set.id}></ec-waf-rules>`, '[part="editor"] h2');
}

/** Adds a rule "URL path starts with <prefix>" with the given action through the rule dialog. */
async function addRule(element: HTMLElement, prefix: string, action?: string): Promise<void> {
  await click(element, 'Add rule');
  await eventually(() => root(element).querySelector('[part="condition-builder"]'), 'the rule dialog opens');
  const condition = root(element).querySelector('fieldset.ec-condition')!;
  await choose(element, condition, 1, 'starts with');
  typeInto(condition.querySelector<HTMLInputElement>('.ec-multi-value input')!, prefix);
  if (action) await choose(element, root(element).querySelector('[part="action"]')!, 0, action);
  await eventually(() => root(element).querySelector('[data-preview]')!.textContent!.includes(`"${prefix}"`), 'the preview follows');
  await click(element, 'Apply');
  await eventually(() => !root(element).querySelector('[part="condition-builder"]'), 'the rule dialog closes');
}

async function saveChanges(element: HTMLElement): Promise<void> {
  await click(element, 'Save changes');
  await eventually(() => text(element).includes('The rule set was saved.'), 'the set is saved');
}

describe('<ec-waf-rules> rule editor (rules §3-§5; shell §7 firewall policy calls)', () => {
  let set: RuleSetInfo;
  before(async () => {
    sessionStorage.clear();
    await signInAsDemoParent();
  });
  beforeEach(async () => {
    set = await createRuleSet(apiClient(), { name: uniqueName('Editor'), description: '' });
  });
  afterEach(async () => {
    sessionStorage.clear();
    await deleteRuleSet(apiClient(), set.id);
  });

  it('adds rules with the condition builder and saves them with V4/firewall.policy.save (ec-rule-saved)', async () => {
    // A ban action needs a package whose WAF modes include ban (rules §6; flagship and above).
    const previous = await setDemoPlanLevel('flagship');
    try {
      const element = await openEditor(set);
      expect(root(element).querySelector('[part="editor"]')!.textContent).to.not.contain('Back to rule sets');
      await addRule(element, '/a');
      await addRule(element, '/b', 'Ban');
      expect(text(element)).to.contain('2 unsaved changes');
      const saved: boolean[] = [];
      element.addEventListener('ec-rule-saved', (event) => saved.push(event.detail.created));
      await saveChanges(element);
      expect(saved).to.deep.equal([true, true]);
      const server = await getPoliciesByMain(apiClient(), set.id);
      expect(server.list.map((rule) => rule.rules[0]!.data.value)).to.deep.equal(['/a', '/b']);
      expect(server.list[1]!.action).to.deep.equal({ type: 'ban', duration: 600 });
      expect(rows(element)[0]!.textContent).to.contain('URL path starts with "/a"');
    } finally {
      await setDemoPlanLevel(previous);
    }
  });

  it('reorders by keyboard ("place at position") and by drag, and saves the order with {new_sorts} (ec-rules-reordered)', async () => {
    const client = apiClient();
    for (const prefix of ['/one', '/two', '/three']) await savePolicy(client, { main_id: set.id, rules: [{ rule_type: 'url', data: { operator: 'prefix', value: prefix } }], action: { type: 'block' }, status: 'enabled', remark: '' });
    const ids = (await getPoliciesByMain(client, set.id)).list.map((rule) => rule.id);
    const element = await openEditor(set);
    await click(element, `Move rule #${ids[2]} to a position`, true);
    await eventually(() => root(element).querySelector('[part="dialog"]'), 'the position dialog opens');
    const position = field(element, 'Position');
    typeInto(position, '1');
    position.form!.requestSubmit();
    await eventually(() => rows(element)[0]!.textContent!.includes('/three'), 'the rule moved to the top');
    // Drag the (now) last rule onto the first row.
    const [first, , last] = rows(element);
    const transfer = new DataTransfer();
    last!.dispatchEvent(new DragEvent('dragstart', { bubbles: true, dataTransfer: transfer }));
    first!.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer }));
    first!.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
    await eventually(() => rows(element)[0]!.textContent!.includes('/two'), 'the dragged rule moved');
    const reordered = oneEvent(element, 'ec-rules-reordered');
    await saveChanges(element);
    const expected = [ids[1], ids[2], ids[0]];
    expect((await reordered).detail.ids).to.deep.equal(expected);
    expect((await getPoliciesByMain(client, set.id)).list.map((rule) => rule.id)).to.deep.equal(expected);
  });

  it('batch status (stop = observation) and delete with the spec warning for lasting actions (ec-rule-status-changed, ec-rule-deleted)', async () => {
    const client = apiClient();
    await savePolicy(client, { main_id: set.id, rules: [{ rule_type: 'url', data: { operator: 'prefix', value: '/x' } }], action: { type: 'block' }, status: 'enabled', remark: '' });
    const whitelist = await savePolicy(client, { main_id: set.id, rules: [{ rule_type: 'ip', data: { operator: 'equals', value: '10.0.0.0/8' } }], action: { type: 'whitelist' }, status: 'enabled', remark: '' });
    const element = await openEditor(set);
    rows(element)[0]!.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    await click(element, 'Observe');
    const changed = oneEvent(element, 'ec-rule-status-changed');
    await saveChanges(element);
    expect((await changed).detail.status).to.equal('observation');
    await click(element, `Delete rule #${whitelist.code}`, true);
    await eventually(() => root(element).querySelector('.p-confirm-popup'), 'the confirmation opens');
    expect(root(element).querySelector('.p-confirm-popup')!.textContent).to.contain('Bans and whitelist entries it made are not undone by deleting the rule');
    root(element).querySelector<HTMLButtonElement>('.p-confirm-popup-accept')!.click();
    const deleted = oneEvent(element, 'ec-rule-deleted');
    await saveChanges(element);
    expect((await deleted).detail.ids).to.deep.equal([whitelist.id]);
    expect((await getPoliciesByMain(client, set.id)).list.map((rule) => rule.status)).to.deep.equal(['observation']);
  });

  it('rules §4 / §5: the rule form shows the matching flow, the lasting-action warning, the URL rule and the 255-byte remark limit', async () => {
    const element = await openEditor(set);
    await click(element, 'Add rule');
    await eventually(() => root(element).querySelector('[part="action"]'), 'the rule dialog opens');
    const action = root(element).querySelector('[part="action"]')!;
    expect(action.textContent).to.contain('Matching stops after this rule');
    await choose(element, action, 0, 'Observation');
    expect(action.textContent).to.contain('Matching continues with the next rule');
    await choose(element, action, 0, 'Whitelist');
    expect(action.textContent).to.contain('Bans and whitelist entries made by this rule are not undone by deleting the rule.');
    await choose(element, action, 0, 'Redirect to URL');
    typeInto(field(element, 'Redirect URL'), 'ftp://example.com');
    typeInto(field(element, 'Remark'), '备'.repeat(86));
    expect(dialog(element).textContent).to.contain('Remark too long: at most 255 bytes');
    await click(element, 'Apply');
    await eventually(() => dialog(element).textContent!.includes('The URL must begin with http:// or https://'), 'the URL rule shows');
    expect(dialog(element).textContent).to.contain('Please fill in');
    expect(root(element).querySelector('[data-preview]')!.textContent).to.contain('THEN Redirect to URL');
    await expect(element).to.be.accessible();
  });

  it('rules §4: a ban needs a duration of 1-3600 seconds', async () => {
    const element = await openEditor(set);
    await click(element, 'Add rule');
    await eventually(() => root(element).querySelector('[part="action"]'), 'the rule dialog opens');
    await choose(element, root(element).querySelector('[part="action"]')!, 0, 'Ban');
    expect(field(element, 'Ban duration').value).to.equal('600');
    typeInto(field(element, 'Ban duration'), '0');
    await click(element, 'Apply');
    await eventually(() => dialog(element).textContent!.includes('The ban duration must be 1-3600 seconds'), 'the duration rule shows');
  });

  it('copies selected rules to another set (ec-rules-copied)', async () => {
    const client = apiClient();
    await savePolicy(client, { main_id: set.id, rules: [{ rule_type: 'url', data: { operator: 'prefix', value: '/copied' } }], action: { type: 'block' }, status: 'enabled', remark: '' });
    const target = await createRuleSet(client, { name: uniqueName('Target'), description: '' });
    try {
      const element = await openEditor(set);
      rows(element)[0]!.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
      await click(element, 'Copy to…');
      await eventually(() => root(element).querySelector('[part="dialog"] .p-dropdown'), 'the copy dialog loads the sets');
      await choose(element, dialog(element), 0, target.name);
      const copied = oneEvent(element, 'ec-rules-copied');
      await click(element, 'Copy');
      expect((await copied).detail).to.deep.equal({ targetId: target.id, count: 1 });
      expect((await getPoliciesByMain(client, target.id)).list.map((rule) => rule.rules[0]!.data.value)).to.deep.equal(['/copied']);
    } finally {
      await deleteRuleSet(client, target.id);
    }
  });

  it('the tester runs a sample against the unsaved rules: first rule that fires, each condition, rules that can never fire', async () => {
    const element = await openEditor(set);
    await addRule(element, '/api');
    await addRule(element, '/b');
    await addRule(element, '/b/deeper');
    await click(element, 'Test rules');
    await eventually(() => root(element).querySelector('[part="tester"]'), 'the tester opens');
    typeInto(field(element, 'URL (path and query)'), '/b/page?x=1');
    await click(element, 'Run test');
    await eventually(() => root(element).querySelector('[part="tester-result"]'), 'the result shows');
    const result = root(element).querySelector('[part="tester-result"]')!;
    expect(result.querySelector('.ec-tester-summary')!.textContent).to.match(/^new \(priority 2\) fires first: Block\. Matching stops after this rule\./);
    expect(result.querySelector('[data-outcome="match"]')!.textContent).to.contain('The request has: /b/page');
    expect(result.textContent).to.contain('new (priority 3) can never fire: new (priority 2) always matches first.');
    expect(rows(element)[2]!.textContent).to.contain('Never fires');
  });

  it('the tester says clearly when a pattern cannot be evaluated in the browser; nested repetition cannot be saved (issue "a regex that cannot stall the firewall")', async () => {
    const client = apiClient();
    await savePolicy(client, { main_id: set.id, rules: [{ rule_type: 'url', data: { operator: 'regex', value: '(a)\\1' } }], action: { type: 'block' }, status: 'enabled', remark: '' });
    const nested = await savePolicy(client, { main_id: set.id, rules: [{ rule_type: 'url', data: { operator: 'regex', value: '^/(\\w+/?)+$' } }], action: { type: 'block' }, status: 'enabled', remark: '' }).then(
      () => 'saved',
      (error: unknown) => (error as Error).message,
    );
    // The server refuses it with the form's field issue (test/server/waf.test.ts checks the key and its offset).
    expect(nested).to.equal('Form verification failed');
    const element = await openEditor(set);
    await click(element, 'Test rules');
    typeInto(field(element, 'URL (path and query)'), '/shop/cart');
    await click(element, 'Run test');
    await eventually(() => root(element).querySelector('[part="tester-result"]'), 'the result shows');
    expect(text(element)).to.contain('Cannot be evaluated in the browser: the pattern "(a)\\1" uses a back reference.');
  });

  it('keeps the working copy across a reload of the element (draft) and can discard it', async () => {
    let element = await openEditor(set);
    await addRule(element, '/kept');
    element.remove();
    element = await openEditor(set);
    await eventually(() => text(element).includes('Your unsaved changes were restored.'), 'the draft is restored');
    expect(rows(element)[0]!.textContent).to.contain('/kept');
    await click(element, 'Discard changes');
    await eventually(() => root(element).querySelector('.p-confirm-popup-accept'), 'the confirmation opens');
    root(element).querySelector<HTMLButtonElement>('.p-confirm-popup-accept')!.click();
    await eventually(() => text(element).includes('No rules yet'), 'the working copy is back to the server state');
  });

  it('shows the server refusal on the rule it concerns and keeps everything unsaved (fault injection)', async () => {
    const element = await openEditor(set);
    await addRule(element, '/refused');
    const body = { status: { code: 100400, message: 'Form verification failed' }, data: { errors: [{ field: 'conditions.0.value', key: 'waf.region-unknown', values: { name: 'XX' } }] } };
    const restore = injectFault(/firewall\.policy\.save/, () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
    try {
      await click(element, 'Save changes');
      await eventually(() => text(element).includes('was not saved'), 'the refusal shows');
      expect(text(element)).to.contain('Unknown region: XX');
      expect(text(element)).to.contain('1 unsaved changes');
    } finally {
      restore();
    }
  });

  it('rules §3: built-in sets are read-only and show attack type, risk level, application type, vulnerability number', async () => {
    const builtIn = (await listRuleSets(apiClient(), { attribution: 'built-in' })).list.find((item) => item.name === 'Framework and CMS vulnerabilities')!;
    const element = await openEditor(builtIn);
    expect(text(element)).to.contain('Built-in rules cannot be edited');
    expect(() => button(element, 'Add rule')).to.throw();
    const log4j = rows(element).find((row) => row.textContent!.includes('CVE-2021-44228'))!;
    expect(log4j.textContent).to.contain('Remote code execution');
    expect(log4j.textContent).to.contain('Critical');
    expect(log4j.textContent).to.contain('Apache Log4j2');
  });

  it('the editor is accessible in Chinese and English (axe)', async () => {
    await savePolicy(apiClient(), { main_id: set.id, rules: [{ rule_type: 'method', data: { operator: 'equals', value: 'POST' } }], action: { type: 'verify-js' }, status: 'observation', remark: '备注' });
    for (const lang of ['zh-CN', 'en-US']) {
      const element = await openEditor(set, lang);
      await eventually(() => rows(element).length === 1, 'the rule shows');
      expect(text(element)).to.contain(lang === 'zh-CN' ? '人机验证：JS' : 'Human verification: JavaScript');
      await expect(element).to.be.accessible();
    }
  });
});
