import { expect, html, oneEvent } from '@open-wc/testing';
import { createRuleSet, deleteRuleSet, getWafPageConfig, listRuleSets } from '../../../core/api/endpoints/waf.js';
import { waitUntil } from '@open-wc/testing';
import { signInAsDemoChild, signInAsDemoParent, signInAsDemoViewer } from '../../helpers/api-session.js';
import { expectOneLook } from '../../helpers/one-look.js';
import { apiClient, button, click, eventually, field, injectFault, rendered, root, text, typeInto, uniqueName } from './helpers.js';

const rowOf = (element: HTMLElement, name: string) =>
  Array.from(root(element).querySelectorAll<HTMLTableRowElement>('tbody tr')).find((row) => row.querySelector('td.ec-col-primary, th')?.textContent?.includes(name))!;

describe('<ec-waf-rules> rule sets (rules §3, §5, §8; shell §7)', () => {
  before(async () => {
    sessionStorage.clear();
    await signInAsDemoParent();
  });
  afterEach(() => sessionStorage.clear());

  it('rules §3: lists sets with rule count enabled/total, attribution, bound domains and latest update', async () => {
    const element = await rendered(html`<ec-waf-rules lang="en-US"></ec-waf-rules>`);
    const login = rowOf(element, 'Login protection');
    expect(login.textContent).to.contain('2 / 3 enabled');
    expect(login.textContent).to.contain('Custom');
    expect(login.textContent).to.contain('www.example.com, shop.example.com');
    expect(login.textContent).to.match(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect(rowOf(element, 'Default rule set').textContent).to.contain('Default');
    expect(rowOf(element, 'Common web attacks').textContent).to.contain('Built-in');
    // The usage line comes from the account's WAF configuration, a call of its own that may answer after the list.
    await waitUntil(() => /Custom rule sets: \d+ \/ 10/.test(text(element)), 'the custom rule set usage shows');
  });

  it('rules §5: bound, default and built-in sets cannot be deleted, each with the spec message', async () => {
    const element = await rendered(html`<ec-waf-rules lang="en-US"></ec-waf-rules>`);
    rowOf(element, 'Default rule set').querySelector<HTMLButtonElement>('.ec-actions button:last-child')!.click();
    await eventually(() => text(element).includes('The default rule set cannot be deleted'), 'the element settles');
    rowOf(element, 'Login protection').querySelector<HTMLButtonElement>('.ec-actions button:last-child')!.click();
    await eventually(() => text(element).includes('The rule set is bound to 2 domains: unbind it before deleting'), 'the element settles');
    rowOf(element, 'Common web attacks').querySelector<HTMLButtonElement>('.ec-actions button:last-child')!.click();
    await eventually(() => text(element).includes('Built-in rule sets cannot be deleted'), 'the element settles');
  });

  it('rules §5: a new set checks name (32) and description (64), then opens in the editor (ec-rule-set-saved)', async () => {
    const element = await rendered(html`<ec-waf-rules lang="en-US"></ec-waf-rules>`);
    await click(element, 'New rule set');
    await eventually(() => root(element).querySelector('[part="dialog"]'), 'the element settles');
    typeInto(field(element, 'Name'), 'n'.repeat(33));
    typeInto(field(element, 'Description'), 'd'.repeat(65));
    await click(element, 'Save');
    await eventually(() => text(element).includes('At most 32 characters') && text(element).includes('At most 64 characters'), 'the element settles');
    const name = uniqueName('Created');
    typeInto(field(element, 'Name'), name);
    typeInto(field(element, 'Description'), 'From the browser test');
    const saved = oneEvent(element, 'ec-rule-set-saved');
    await click(element, 'Save');
    const { detail } = await saved;
    expect(detail.created).to.equal(true);
    expect(detail.ruleSet.name).to.equal(name);
    await eventually(() => root(element).querySelector('[part="editor"] h2')?.textContent === name, 'the element settles');
    await deleteRuleSet(apiClient(), detail.ruleSet.id);
  });

  it('rules §5 / §8: at the package maximum the create button is off with "The number of rule sets has reached the maximum"', async () => {
    const client = apiClient();
    const config = await getWafPageConfig(client);
    const made: number[] = [];
    for (let count = config.custom_rule_sets; count < config.max_rule_sets; count++) {
      made.push((await createRuleSet(client, { name: uniqueName('Fill'), description: '' })).id);
    }
    try {
      const element = await rendered(html`<ec-waf-rules lang="en-US"></ec-waf-rules>`);
      await eventually(() => text(element).includes(`The number of rule sets has reached the maximum (${config.max_rule_sets})`), 'the element settles');
      expect(button(element, 'New rule set').disabled).to.equal(true);
    } finally {
      for (const id of made) await deleteRuleSet(client, id);
    }
  });

  it('deletes a set after confirmation (ec-rule-set-deleted)', async () => {
    const client = apiClient();
    const name = uniqueName('Doomed');
    const set = await createRuleSet(client, { name, description: '' });
    const element = await rendered(html`<ec-waf-rules lang="en-US" page-size="100"></ec-waf-rules>`);
    await eventually(() => rowOf(element, name), 'the element settles');
    rowOf(element, name).querySelector<HTMLButtonElement>('.ec-actions button:last-child')!.click();
    const deleted = oneEvent(element, 'ec-rule-set-deleted');
    await eventually(() => root(element).querySelector('.p-confirm-popup-accept'), 'the element settles');
    root(element).querySelector<HTMLButtonElement>('.p-confirm-popup-accept')!.click();
    expect((await deleted).detail.id).to.equal(set.id);
    await eventually(() => !rowOf(element, name), 'the element settles');
  });

  it('inside a domain console (domain-id) each set says whether the domain quotes it; toggling quotes it (ec-rule-set-quoted)', async () => {
    const client = apiClient();
    const name = uniqueName('Quoted');
    const set = await createRuleSet(client, { name, description: '' });
    const domains = (await listRuleSets(client, { per_page: 100 })).list.find((item) => item.name === 'Login protection')!.bound_domains;
    const www = domains.find((domain) => domain.domain === 'www.example.com')!.domain_id;
    const element = await rendered(html`<ec-waf-rules lang="en-US" domain-id=${www} page-size="100"></ec-waf-rules>`);
    await eventually(() => rowOf(element, name), 'the element settles');
    const checkbox = () => rowOf(element, name).querySelector<HTMLInputElement>(`input[aria-label="This domain quotes ${name}"]`)!;
    expect(checkbox().checked).to.equal(false);
    const quoted = oneEvent(element, 'ec-rule-set-quoted');
    checkbox().click();
    expect((await quoted).detail.ruleSet.bound_domains.map((domain: { domain: string }) => domain.domain)).to.deep.equal(['www.example.com']);
    await eventually(() => checkbox().checked, 'the element settles');
    checkbox().click();
    await eventually(() => !checkbox().checked, 'the element settles');
    await deleteRuleSet(client, set.id);
  });

  it('view="edit" starts creating a set (the editWafRuleGroup route); business-name is shown for a v5 business', async () => {
    const creating = await rendered(html`<ec-waf-rules lang="en-US" view="edit"></ec-waf-rules>`, '[part="dialog"]');
    expect(text(creating)).to.contain('New rule set');
    const business = await rendered(html`<ec-waf-rules lang="en-US" business-id="1" business-name="Shop"></ec-waf-rules>`);
    expect(text(business)).to.contain('Business: Shop');
    expect(text(business)).to.contain('This domain');
  });

  it('shows the WAF operation log (shell §7 V4/firewall.oplog) with an export', async () => {
    const element = await rendered(html`<ec-waf-rules lang="en-US"></ec-waf-rules>`);
    root(element).querySelector<HTMLButtonElement>('#waf-tab-log')!.click();
    await eventually(() => root(element).querySelector('[part="oplog"] table, [part="oplog"] [part="empty-state"]'), 'the element settles');
    expect(button(element, 'Export CSV')).to.not.equal(undefined);
  });

  it('shows the error state with a retry when the list fails (fault injection)', async () => {
    const restore = injectFault(/waf\.ruleset\.list/, () => new Response('oops', { status: 500 }));
    try {
      const element = await rendered(html`<ec-waf-rules lang="en-US"></ec-waf-rules>`, '[part="error-state"]');
      expect(text(element)).to.contain('Data loading failed');
    } finally {
      restore();
    }
  });

  it('renders in Chinese and English and is accessible in both (axe)', async () => {
    for (const lang of ['zh-CN', 'en-US']) {
      const element = await rendered(html`<ec-waf-rules lang=${lang}></ec-waf-rules>`);
      expect(text(element)).to.contain(lang === 'zh-CN' ? '默认规则集' : 'Default rule set');
      await expect(element).to.be.accessible();
    }
  });

  it('rules §6 per object: a sub-account does not see a set quoted only outside its group and cannot rename the account default set', async () => {
    await signInAsDemoChild();
    try {
      const element = await rendered(html`<ec-waf-rules lang="en-US"></ec-waf-rules>`);
      // "API hardening" reaches only api.example.com, outside the demo child's grant: not listed at all.
      expect(rowOf(element, 'API hardening')).to.equal(undefined);
      expect(rowOf(element, 'Login protection').textContent).to.contain('Rename');
      // The default set belongs to every website of the account: readable, not renamed by a limited child.
      expect(rowOf(element, 'Default rule set').textContent).to.not.contain('Rename');
    } finally {
      await signInAsDemoParent();
    }
  });

  it('rules §6; issue 19: a viewer sees the sets read-only: create denied with its reason, view-only rows, no quote', async () => {
    await signInAsDemoViewer();
    try {
      for (const lang of ['en-US', 'zh-CN']) {
        const element = await rendered(html`<ec-waf-rules lang=${lang}></ec-waf-rules>`);
        await waitUntil(() => root(element).querySelector('[part="read-only-notice"]'), 'the module is read-only');
        const create = root(element).querySelector<HTMLButtonElement>('[part="toolbar"] .ec-denied')!;
        expect(create.getAttribute('aria-disabled')).to.equal('true');
        const rows = Array.from(root(element).querySelectorAll('tbody tr'));
        expect(rows.length).to.be.above(0);
        for (const row of rows) {
          expect(row.querySelector('td.ec-col-actions .ec-read-only-mark'), 'every row says view only').to.not.equal(null);
          expect(row.querySelector('td.ec-col-actions button')).to.equal(null);
        }
        await expect(element).to.be.accessible();
      }
    } finally {
      await signInAsDemoParent();
    }
  });

  it('issue 19: the open rule set is in the view state: opening one reports it, and the view opens it again', async () => {
    const element = await rendered(html`<ec-waf-rules lang="en-US"></ec-waf-rules>`);
    const opened = oneEvent(element, 'ec-view-state');
    rowOf(element, 'Login protection').querySelector<HTMLButtonElement>('td.ec-col-primary button')!.click();
    const state = (await opened).detail.state;
    expect(state).to.match(/^set=\d+$/);
    sessionStorage.clear();
    const again = await rendered(html`<ec-waf-rules lang="en-US" view-state=${state}></ec-waf-rules>`, '[part="editor"]');
    await eventually(() => text(again).includes('Login protection'), 'the bookmarked set opens');
    sessionStorage.clear();
    const filtered = await rendered(html`<ec-waf-rules lang="en-US" view-state="attribution=built-in&tab=sets&bogus=1"></ec-waf-rules>`);
    await eventually(() => !text(filtered).includes('Login protection') && text(filtered).includes('Common web attacks'), 'the bookmarked filter applies');
    const changed = oneEvent(filtered, 'ec-view-state');
    (root(filtered).querySelector('#waf-tab-log') as HTMLButtonElement).click();
    expect((await changed).detail.state).to.equal('tab=log&attribution=built-in');
  });

  it('issue 19: the rule set dialog has the one look; the attribution filter has no blank option', async () => {
    const element = await rendered(html`<ec-waf-rules lang="en-US"></ec-waf-rules>`);
    await click(element, 'New rule set');
    await eventually(() => root(element).querySelector('[part="dialog"]') !== null, 'the dialog opens');
    expectOneLook(root(element).querySelector('[part="dialog"]')!);
    button(element, 'Cancel').click();
    const filter = root(element).querySelector<HTMLElement>('[part="filter"] .p-dropdown')!;
    filter.click();
    await eventually(() => root(element).querySelectorAll('.p-dropdown-item').length > 0, 'the filter opens');
    const labels = Array.from(root(element).querySelectorAll('.p-dropdown-item')).map((item) => item.textContent?.trim());
    expect(labels.every((label) => label !== '')).to.equal(true);
    expect(labels[0]).to.equal('All attributions');
  });
});
