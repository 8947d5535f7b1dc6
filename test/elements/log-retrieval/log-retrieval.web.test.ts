import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { VALIDATION_FAILED_CODE } from '../../../core/api/catalogue.js';
import { getLogContext } from '../../../core/api/endpoints/logs.js';
import { formatLogTime } from '../../../core/i18n/format.js';
import type { LogRow } from '../../../core/logs/fields.js';
import { loadCatalogues, translator } from '../../../core/i18n/i18n.js';
import { parseLogExpression } from '../../../core/logs/expression.js';
import { validateSavedQueryName } from '../../../core/rules/bans.js';
import { validateIpOrCidr } from '../../../core/rules/ip.js';
import '../../../elements/log-retrieval/element.js';
import { logsView } from '../../../elements/reports-shared/drill-down.js';
import { toLogWallTime } from '../../../core/i18n/time-range.js';
import { signInAsDemoParent } from '../../helpers/api-session.js';
import { choose, chosen, dropdownByLabel, envelope, injectFault, press, shadow, typeInto, watchCalls } from '../../helpers/list-element.js';
import { logLine } from '../../helpers/log-lines.js';
import { appendLogLines, reportClient as client } from '../../helpers/report-element.js';

/**
 * `<ec-log-retrieval>` against the real reference server (rules §2 "Log retrieval", §3/§5 saved queries, §9 limits,
 * ranges and UTC+8). A fetch stub only injects faults (DESIGN §5): a 502, a body that is not JSON, and the server's
 * VALIDATION_FAILED answer to an expression it refuses.
 */

const SEARCH = /V4\/logs\.record\.list/;

/** A log line of the demo account with everything a line has; `change` sets what a test looks at. */
function logRow(change: Partial<LogRow> & Pick<LogRow, 'ts' | 'log_type' | 'domain_id' | 'domain'>): LogRow {
  return logLine({
    member_id: 100001,
    request_id: Math.random().toString(16).slice(2).padEnd(32, '0').slice(0, 32),
    client_ip: '198.51.100.20',
    country: 'US',
    province: '',
    bytes_sent: 1200,
    response_ms: 12,
    ...change,
  });
}

async function logRetrieval(markup = html`<ec-log-retrieval lang="en-US"></ec-log-retrieval>`): Promise<HTMLElement> {
  const element = await fixture<HTMLElement>(markup);
  await waitUntil(() => shadow(element).querySelector('[part="tabs"]'), 'the element renders');
  return element;
}

/** Waits for the lines, the empty state or the error state of a finished search. */
async function searched(element: HTMLElement): Promise<void> {
  await waitUntil(
    () => shadow(element).querySelector('[part="table"], [part="empty-state"], [part="error-state"]') && !shadow(element).querySelector('[part="loading-state"]'),
    'the search finishes',
    { timeout: 8000 },
  );
}

function tabs(element: HTMLElement): HTMLButtonElement[] {
  return Array.from(shadow(element).querySelectorAll<HTMLButtonElement>('[role="tab"]'));
}

function selectedTab(element: HTMLElement): string {
  return tabs(element).find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent ?? '';
}

function inputByLabel(element: HTMLElement, label: string): HTMLInputElement {
  const found = Array.from(shadow(element).querySelectorAll('label')).find((node) => node.textContent === label);
  if (!found) throw new Error(`no label "${label}"`);
  return shadow(element).getElementById(found.htmlFor) as HTMLInputElement;
}

function button(element: HTMLElement, text: string): HTMLButtonElement {
  const found = Array.from(shadow(element).querySelectorAll<HTMLButtonElement>('button')).find((candidate) => candidate.textContent?.trim() === text);
  if (!found) throw new Error(`no button "${text}"`);
  return found;
}

function expressionInput(element: HTMLElement): HTMLInputElement {
  return shadow(element).querySelector<HTMLInputElement>('[part="expression"] input[role="combobox"]')!;
}

function expressionError(element: HTMLElement): HTMLElement {
  return shadow(element).querySelector<HTMLElement>('[part="expression-error"]')!;
}

function validationAnswer(errors: unknown[]): Response {
  return new Response(JSON.stringify({ status: { code: VALIDATION_FAILED_CODE, message: 'Form verification failed' }, data: { errors } }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

describe('<ec-log-retrieval> (rules §2 log retrieval, §9 log limits, ranges and UTC+8)', () => {
  before(async () => {
    await signInAsDemoParent();
    await loadCatalogues('en_US', ['rules', 'log-retrieval']);
    await loadCatalogues('zh_CN', ['rules', 'log-retrieval']);
  });

  it('rules §2: tabs for access, WAF, CC and granular access control logs; log-type picks the first; arrows move and search', async () => {
    const calls = watchCalls();
    try {
      const element = await logRetrieval(html`<ec-log-retrieval lang="en-US" log-type="waf"></ec-log-retrieval>`);
      expect(tabs(element).map((tab) => tab.textContent)).to.deep.equal(['Access logs', 'WAF logs', 'CC logs', 'Granular access control logs']);
      expect(selectedTab(element)).to.equal('WAF logs');
      await waitUntil(() => calls.urls.some((url) => SEARCH.test(url)), 'the first search is sent');
      expect(calls.lastQuery(SEARCH).get('log_type')).to.equal('waf');
      // Rule ID and action are security fields: offered on the WAF tab, not on the access tab.
      expect(() => inputByLabel(element, 'Rule ID')).to.not.throw();
      const waf = tabs(element)[1]!;
      waf.focus();
      press(waf, 'ArrowRight');
      await waitUntil(() => selectedTab(element) === 'CC logs', 'the CC tab opens');
      await waitUntil(() => calls.lastQuery(SEARCH).get('log_type') === 'cc', 'the CC logs are searched');
      expect(shadow(element).activeElement).to.equal(tabs(element)[2]);
      press(tabs(element)[2]!, 'Home');
      await waitUntil(() => selectedTab(element) === 'Access logs', 'Home opens the first tab');
      expect(() => inputByLabel(element, 'Rule ID')).to.throw();
    } finally {
      calls.restore();
    }
  });

  it('rules §9 date ranges: the presets and custom, sent as UTC instants of UTC+8 wall times', async () => {
    const calls = watchCalls();
    try {
      const element = await logRetrieval();
      expect(chosen(element, 'Time range')).to.equal('Last 3 hours');
      await choose(element, 'Time range', 'Last 15 minutes');
      await waitUntil(() => {
        const query = calls.lastQuery(SEARCH);
        return Date.parse(query.get('to')!) - Date.parse(query.get('from')!) <= 15 * 60_000 + 1;
      }, 'the 15 minute window is searched');
      await choose(element, 'Time range', 'Custom');
      typeInto(inputByLabel(element, 'From (UTC+8)'), '2026-03-10T00:30');
      typeInto(inputByLabel(element, 'To (UTC+8)'), '2026-03-10T01:00');
      await waitUntil(() => calls.lastQuery(SEARCH).get('from') === '2026-03-09T16:30:00.000Z', 'the custom window is searched');
      expect(calls.lastQuery(SEARCH).get('to')).to.equal('2026-03-09T17:01:00.000Z');
    } finally {
      calls.restore();
    }
  });

  it('rules §2 conditional filter: a wrong status, IP/CIDR or rule ID is named next to its field, translated, and nothing is searched', async () => {
    const element = await logRetrieval(html`<ec-log-retrieval lang="en-US" log-type="waf"></ec-log-retrieval>`);
    await searched(element);
    const calls = watchCalls();
    try {
      typeInto(inputByLabel(element, 'Status code'), '6xx');
      typeInto(inputByLabel(element, 'Client IP'), '10.1.2.3/8');
      typeInto(inputByLabel(element, 'Rule ID'), '-4');
      button(element, 'Search').click();
      await waitUntil(() => inputByLabel(element, 'Status code').getAttribute('aria-invalid') === 'true', 'the status is marked');
      const rules = translator('en_US', 'rules');
      const ipIssue = validateIpOrCidr('10.1.2.3/8')!;
      const messageOf = (label: string) => shadow(element).getElementById(inputByLabel(element, label).getAttribute('aria-describedby')!)!.textContent;
      expect(messageOf('Status code')).to.equal('Enter a status code (100-599) or a class such as 4xx.');
      expect(messageOf('Client IP')).to.equal(rules(ipIssue.key, ipIssue.values ?? {}));
      expect(messageOf('Rule ID')).to.equal('Enter a rule ID, a positive whole number.');
      expect(calls.urls.filter((url) => SEARCH.test(url))).to.have.length(0);
      expect(inputByLabel(element, 'Client IP').value, 'nothing typed is lost').to.equal('10.1.2.3/8');
      // Fixed values are sent as the filters of the call.
      typeInto(inputByLabel(element, 'Status code'), '5XX');
      typeInto(inputByLabel(element, 'Client IP'), '10.0.0.0/8');
      typeInto(inputByLabel(element, 'Rule ID'), '1001');
      typeInto(inputByLabel(element, 'URL prefix'), '/admin');
      await choose(element, 'Method', 'POST');
      await choose(element, 'Action', 'Block');
      button(element, 'Search').click();
      await waitUntil(() => calls.urls.some((url) => SEARCH.test(url)), 'the search is sent');
      const query = calls.lastQuery(SEARCH);
      expect(Object.fromEntries(['status', 'client_ip', 'rule_id', 'uri', 'method', 'action'].map((name) => [name, query.get(name)]))).to.deep.equal({
        status: '5xx',
        client_ip: '10.0.0.0/8',
        rule_id: '1001',
        uri: '/admin',
        method: 'POST',
        action: 'block',
      });
    } finally {
      calls.restore();
    }
  });

  it('the host opens it pre-filtered: expression, log-type and client-ip attributes are searched at once', async () => {
    const calls = watchCalls();
    try {
      const element = await logRetrieval(html`<ec-log-retrieval lang="en-US" log-type="cc" client-ip="203.0.113.9" expression='status >= 400'></ec-log-retrieval>`);
      await waitUntil(() => calls.urls.some((url) => SEARCH.test(url)), 'the search is sent');
      const query = calls.lastQuery(SEARCH);
      expect([query.get('log_type'), query.get('client_ip'), query.get('expression')]).to.deep.equal(['cc', '203.0.113.9', 'status >= 400']);
      expect(inputByLabel(element, 'Client IP').value).to.equal('203.0.113.9');
      expect(expressionInput(element).value).to.equal('status >= 400');
      element.setAttribute('client-ip', '198.51.100.7');
      await waitUntil(() => calls.lastQuery(SEARCH).get('client_ip') === '198.51.100.7', 'a changed attribute searches again');
    } finally {
      calls.restore();
    }
  });

  it('advanced search: a syntax error shows inline while typing, with a caret under its position, and blocks the search', async () => {
    const element = await logRetrieval();
    await searched(element);
    const calls = watchCalls();
    try {
      const text = 'status = "5';
      const parsed = parseLogExpression(text, 'access');
      expect(parsed.ok, 'the sample does not parse').to.equal(false);
      const issue = (parsed as Extract<typeof parsed, { ok: false }>).issue;
      const input = expressionInput(element);
      typeInto(input, text);
      await waitUntil(() => expressionError(element).textContent !== '', 'the error shows while typing');
      const message = translator('en_US', 'rules')(issue.key, issue.values ?? {});
      expect(expressionError(element).querySelector('p')!.textContent).to.equal(`${message} (at character ${issue.position + 1})`);
      const caret = expressionError(element).querySelectorAll('pre code')[1]!.textContent!;
      expect(caret.indexOf('^')).to.equal(issue.position);
      expect(input.getAttribute('aria-invalid')).to.equal('true');
      expect(input.getAttribute('aria-describedby')).to.contain(expressionError(element).id);
      button(element, 'Search').click();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(calls.urls.filter((url) => SEARCH.test(url)), 'no search with a wrong expression').to.have.length(0);
      typeInto(input, 'status >= 500');
      await waitUntil(() => expressionError(element).textContent === '', 'the error goes once the text parses');
      // Suggestions may be open (keywords after a value): none is chosen until the arrows choose one, so Enter searches.
      press(input, 'Enter');
      await waitUntil(() => calls.urls.some((url) => SEARCH.test(url)), 'Enter searches');
      expect(calls.lastQuery(SEARCH).get('expression')).to.equal('status >= 500');
    } finally {
      calls.restore();
    }
  });

  it('advanced search: the server refusing the expression (VALIDATION_FAILED on `expression`) is shown the same way', async () => {
    const restore = injectFault(SEARCH, () => validationAnswer([{ field: 'expression', key: 'common.required', values: { position: 7, length: 3 } }]));
    try {
      const element = await logRetrieval(html`<ec-log-retrieval lang="en-US" expression="status = 500"></ec-log-retrieval>`);
      await waitUntil(() => expressionError(element).textContent !== '', 'the server error shows');
      const message = translator('en_US', 'rules')('common.required');
      expect(expressionError(element).querySelector('p')!.textContent).to.equal(`${message} (at character 8)`);
      expect(expressionError(element).querySelectorAll('pre code')[1]!.textContent).to.equal('       ^^^');
    } finally {
      restore();
    }
  });

  it('advanced search autocomplete: an ARIA combobox; arrows move, Enter accepts, Esc closes', async () => {
    const element = await logRetrieval();
    await searched(element);
    const input = expressionInput(element);
    const list = shadow(element).querySelector<HTMLElement>('[part="suggestions"]')!;
    expect(input.getAttribute('aria-controls')).to.equal(list.id);
    input.focus();
    input.setSelectionRange(0, 0);
    typeInto(input, 'sta');
    await waitUntil(() => !list.hidden, 'suggestions open');
    expect(input.getAttribute('aria-expanded')).to.equal('true');
    const options = () => Array.from(list.querySelectorAll<HTMLElement>('[role="option"]'));
    expect(options().map((option) => option.querySelector('code')!.textContent)).to.include('status');
    const active = () => shadow(element).getElementById(input.getAttribute('aria-activedescendant') ?? '');
    expect(input.hasAttribute('aria-activedescendant'), 'no suggestion is chosen before the arrows move').to.equal(false);
    const index = options().findIndex((option) => option.querySelector('code')!.textContent === 'status');
    for (let step = 0; step <= index; step++) press(input, 'ArrowDown');
    await waitUntil(() => active()?.querySelector('code')!.textContent === 'status', 'the arrows reach "status"');
    expect(active()!.getAttribute('aria-selected')).to.equal('true');
    press(input, 'Enter');
    await waitUntil(() => input.value === 'status ', 'Enter takes the suggestion');
    expect(shadow(element).activeElement).to.equal(input);
    typeInto(input, 'status ');
    press(input, 'ArrowDown');
    await waitUntil(() => !list.hidden, 'operators are suggested after a field');
    press(input, 'Escape');
    await waitUntil(() => list.hidden, 'Esc closes the list');
    expect(input.getAttribute('aria-expanded')).to.equal('false');
  });

  it('advanced search autocomplete: the values of a text field come from the server (V4/logs.field.values), debounced', async () => {
    const element = await logRetrieval(html`<ec-log-retrieval lang="en-US" log-type="waf"></ec-log-retrieval>`);
    await searched(element);
    const calls = watchCalls();
    try {
      const input = expressionInput(element);
      input.focus();
      typeInto(input, 'domain = "w');
      typeInto(input, 'domain = "ww');
      await waitUntil(() => calls.urls.some((url) => /V4\/logs\.field\.values/.test(url)), 'the values are asked for');
      const asked = calls.urls.filter((url) => /V4\/logs\.field\.values/.test(url));
      expect(asked, 'one call after the pause, not one per key').to.have.length(1);
      const query = new URL(asked[0]!, location.href).searchParams;
      expect([query.get('field'), query.get('prefix'), query.get('log_type')]).to.deep.equal(['domain', 'ww', 'waf']);
    } finally {
      calls.restore();
    }
  });

  it('advanced search help documents the language and closes with Esc', async () => {
    const element = await logRetrieval();
    const help = shadow(element).querySelector<HTMLElement>('[part="expression-help"]')!;
    expect(help.hidden).to.equal(true);
    const toggle = button(element, 'Syntax help');
    toggle.click();
    await waitUntil(() => !help.hidden, 'the help opens');
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    for (const part of ['= != > >= < <=', '~', 'contains', 'in', 'and, or and not', 'double quotes', 'YYYY-MM-DD HH:mm', '10.0.0.0/8']) expect(help.textContent).to.contain(part);
    press(help.querySelector('li')!, 'Escape');
    await waitUntil(() => help.hidden, 'Esc closes the help');
  });

  it('rules §5: a saved query needs a name of 4-50 characters and a statement that parses; nothing typed is lost', async () => {
    const element = await logRetrieval();
    await searched(element);
    button(element, 'Save query').click();
    const dialog = await waitUntil(() => shadow(element).querySelector('.p-dialog'), 'the dialog opens').then(() => shadow(element).querySelector<HTMLElement>('.p-dialog')!);
    const name = inputByLabel(element, 'Name');
    typeInto(name, 'abc');
    const statement = inputByLabel(element, 'Statement') as unknown as HTMLTextAreaElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    setter.call(statement, 'status = "5');
    statement.dispatchEvent(new Event('input', { bubbles: true }));
    dialog.querySelector<HTMLButtonElement>('.ec-dialog-confirm')!.click();
    await waitUntil(() => name.getAttribute('aria-invalid') === 'true', 'the name is marked');
    const rules = translator('en_US', 'rules');
    const nameIssue = validateSavedQueryName('abc')!;
    expect(shadow(element).getElementById(name.getAttribute('aria-describedby')!)!.textContent).to.equal(rules(nameIssue.key, nameIssue.values ?? {}));
    const parsed = parseLogExpression('status = "5', 'access') as { ok: false; issue: { key: string; values?: Record<string, unknown> } };
    expect(shadow(element).getElementById(statement.getAttribute('aria-describedby')!)!.textContent).to.equal(rules(parsed.issue.key, parsed.issue.values ?? {}));
    expect(name.value).to.equal('abc');
    typeInto(name, 'x'.repeat(51));
    await waitUntil(() => shadow(element).getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent === rules(validateSavedQueryName('x'.repeat(51))!.key, validateSavedQueryName('x'.repeat(51))!.values ?? {}), 'too long is refused');
  });

  it('rules §2/§3 saved queries on the real server: save the current expression, list, run, edit, a taken name refused inline, delete (confirmed)', async () => {
    const element = await logRetrieval();
    const calls = watchCalls();
    try {
      const name = `Server errors ${Date.now() % 100000}`;
      typeInto(expressionInput(element), 'status >= 500');
      button(element, 'Save query').click();
      await waitUntil(() => shadow(element).querySelector('.p-dialog'), 'the dialog opens');
      const statement = inputByLabel(element, 'Statement') as unknown as HTMLTextAreaElement;
      expect(statement.value, 'the current expression is offered').to.equal('status >= 500');
      expect(shadow(element).querySelector('.p-dialog')!.textContent).to.contain('Log type: Access logs');
      typeInto(inputByLabel(element, 'Name'), name);
      const saved = oneEvent(element, 'ec-saved-query-saved');
      shadow(element).querySelector<HTMLButtonElement>('.p-dialog .ec-dialog-confirm')!.click();
      const query = (await saved).detail.query;
      expect([query.name, query.statement, query.log_type]).to.deep.equal([name, 'status >= 500', 'access']);
      await waitUntil(() => !shadow(element).querySelector('.p-dialog'), 'the dialog closes');

      button(element, 'Saved queries').click();
      const item = () => shadow(element).querySelector<HTMLElement>(`[part="saved-queries"] [data-id="${query.id}"]`);
      await waitUntil(item, 'the saved query is listed');
      expect(item()!.textContent).to.contain(name);
      typeInto(expressionInput(element), '');
      item()!.querySelector<HTMLButtonElement>(`button[aria-label="Run ${name}"]`)!.click();
      await waitUntil(() => calls.urls.some((url) => SEARCH.test(url) && new URL(url, location.href).searchParams.get('expression') === 'status >= 500'), 'running it searches by its statement');
      expect(expressionInput(element).value).to.equal('status >= 500');

      item()!.querySelector<HTMLButtonElement>(`button[aria-label="Edit ${name}"]`)!.click();
      await waitUntil(() => shadow(element).querySelector('.p-dialog'), 'the edit dialog opens');
      const description = inputByLabel(element, 'Description') as unknown as HTMLTextAreaElement;
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(description, 'Every 5xx');
      description.dispatchEvent(new Event('input', { bubbles: true }));
      shadow(element).querySelector<HTMLButtonElement>('.p-dialog .ec-dialog-confirm')!.click();
      await waitUntil(() => item()?.textContent?.includes('Every 5xx'), 'the change is listed');

      // A second query under the same name: the server refuses it, next to the name field, translated.
      button(element, 'Save query').click();
      await waitUntil(() => shadow(element).querySelector('.p-dialog'), 'the dialog opens');
      const nameInput = inputByLabel(element, 'Name');
      typeInto(nameInput, name);
      shadow(element).querySelector<HTMLButtonElement>('.p-dialog .ec-dialog-confirm')!.click();
      await waitUntil(() => nameInput.getAttribute('aria-invalid') === 'true', 'the taken name is marked');
      expect(shadow(element).getElementById(nameInput.getAttribute('aria-describedby')!)!.textContent).to.equal('A saved query with this name already exists');
      expect(nameInput.value).to.equal(name);
      shadow(element).querySelector<HTMLButtonElement>('.p-dialog .ec-dialog-cancel')!.click();
      await waitUntil(() => !shadow(element).querySelector('.p-dialog'), 'the dialog closes');

      const deleted = oneEvent(element, 'ec-saved-queries-deleted');
      item()!.querySelector<HTMLButtonElement>(`button[aria-label="Delete ${name}"]`)!.click();
      await waitUntil(() => shadow(element).querySelector('.p-confirm-popup-accept'), 'the confirmation opens');
      expect(shadow(element).querySelector('.p-confirm-popup')!.textContent).to.contain(`Delete the saved query ${name}?`);
      setTimeout(() => shadow(element).querySelector<HTMLButtonElement>('.p-confirm-popup-accept')!.click());
      expect((await deleted).detail.ids).to.deep.equal([query.id]);
      await waitUntil(() => !item(), 'it leaves the list');
    } finally {
      calls.restore();
    }
  });

  it('rules §9: at most 500 lines, newest first, with the total ("showing 500 of 520"), times in UTC+8; a line opens a drawer with every field in catalogue order, a copyable request ID and "search lines with this value"', async () => {
    const { websites } = await getLogContext(client);
    const site = websites[0]!;
    // Whole seconds, so the time shown in UTC+8 can be compared with the stored instant.
    const newest = Math.floor(Date.now() / 1000) * 1000 - 60_000;
    const rows = Array.from({ length: 520 }, (_, index) =>
      logRow({ ts: newest - index * 1000, log_type: 'waf', domain_id: site.id, domain: site.domain, uri: '/cap-test', query: 'a=1', status: 403, rule_id: 1001, rule_set_id: 7, action: 'block', attack_type: 'scanner', country: 'CN', province: 'CN-GD' }),
    );
    await appendLogLines(rows);
    const calls = watchCalls();
    try {
      const element = await logRetrieval(html`<ec-log-retrieval lang="en-US" log-type="waf" range="15m" expression='uri = "/cap-test"'></ec-log-retrieval>`);
      await waitUntil(() => shadow(element).querySelector('[part="total"]'), 'the lines show', { timeout: 15_000 });
      expect(shadow(element).querySelector('[part="total"]')!.textContent).to.equal('Showing the newest 500 of 520 lines (at most 500 per search; narrow the search to see others).');
      const table = shadow(element).querySelector<HTMLElement>('[part="table"]')!;
      // FastTable renders a page a chunk of rows per frame: every one of the 500 comes.
      // About 10 s on a loaded two-core machine (a chunk of rows per frame, each row measured).
      await waitUntil(() => table.querySelectorAll('tbody tr').length === 500, 'all 500 lines render', { timeout: 40_000 });
      const first = table.querySelector<HTMLTableRowElement>('tbody tr')!;
      expect(first.cells[0]!.textContent).to.equal(formatLogTime(newest));
      first.querySelector<HTMLButtonElement>('.ec-log-open')!.click();
      await waitUntil(() => shadow(element).querySelector('[part="detail"] [data-field]'), 'the drawer opens');
      const drawer = shadow(element).querySelector<HTMLElement>('[part="detail"]')!;
      const fields = Array.from(drawer.querySelectorAll<HTMLElement>('[data-field]')).map((node) => node.dataset.field);
      expect(fields).to.deep.equal(['ts', 'domain', 'client_ip', 'country', 'province', 'method', 'scheme', 'uri', 'query', 'status', 'bytes_sent', 'response_ms', 'user_agent', 'referer', 'ja3', 'ja4', 'request_id', 'rule_id', 'rule_set_id', 'action', 'attack_type']);
      expect(drawer.querySelector('[data-field="ts"] code')!.textContent).to.equal(formatLogTime(newest));
      // Field names come from the shared log-fields catalogue (a downloaded file's header row says the same); the time
      // adds the zone it is shown in.
      expect(drawer.querySelector('[data-field="ts"] dt')!.textContent).to.equal('Time (UTC+8)');
      expect(drawer.querySelector('[data-field="status"] dt')!.textContent).to.equal('Status code');
      expect(drawer.querySelector('[data-field="uri"] dt')!.textContent).to.equal('URL path');
      expect(drawer.querySelector('[data-field="action"] code')!.textContent).to.equal('Block');
      expect(drawer.querySelector('[data-field="request_id"] code')!.textContent).to.equal(rows[0]!.request_id);
      expect(drawer.querySelector('[data-field="request_id"] button[aria-label="Copy the request ID"]')).to.not.equal(null);
      drawer.querySelector<HTMLButtonElement>('[data-field="request_id"] .ec-log-search-value')!.click();
      const expression = `uri = "/cap-test" and request_id = "${rows[0]!.request_id}"`;
      await waitUntil(() => calls.urls.some((url) => SEARCH.test(url) && new URL(url, location.href).searchParams.get('expression') === expression), 'the value is searched');
      expect(expressionInput(element).value).to.equal(expression);
      await waitUntil(() => !shadow(element).querySelector('[part="detail"] [data-field]'), 'the drawer closes');
      await waitUntil(() => shadow(element).querySelector('[part="total"]')?.textContent === '1 line', 'one line has that request ID');
      // axe over the drawer open on the table: here, over the one line, not the 500 above. axe's rules go by the kind
      // of element (a row, its cells, its buttons), so 500 rows check nothing one does not, and on two busy cores they
      // cost axe close to a minute.
      await waitUntil(() => table.querySelectorAll('tbody tr').length === 1, 'the one line renders');
      table.querySelector<HTMLButtonElement>('tbody tr .ec-log-open')!.click();
      await waitUntil(() => shadow(element).querySelector('[part="detail"] [data-field]'), 'the drawer opens again');
      const reopened = shadow(element).querySelector<HTMLElement>('[part="detail"]')!;
      // Once its opening slide has ended (no fixed pause): mid-slide axe would judge blended colours.
      await waitUntil(
        () =>
          reopened.classList.contains('p-sidebar-enter-done') &&
          [...reopened.getAnimations({ subtree: true }), ...reopened.parentElement!.getAnimations()].every((animation) => animation.playState === 'finished'),
        'the drawer has finished opening',
      );
      await expect(element).to.be.accessible({ ignoredRules: ['aria-hidden-focus'] });
    } finally {
      calls.restore();
    }
  });

  it('rules §6 read-only: a saved query the caller may not change can be run but offers no edit or delete', async () => {
    // The reference server gives every caller edit rights over its account's queries today; a query marked
    // `editable: false` (a sub-account's view) stands in for that answer.
    const query = { id: 999001, name: 'Parent query', description: '', log_type: 'access', statement: 'status = 404', created_at: '2026-03-09T16:30:00.000Z', updated_at: '2026-03-09T16:30:00.000Z', editable: false };
    const restore = injectFault(/V4\/logs\.query\.list/, () => envelope({ list: [query], total: 1 }));
    try {
      const element = await logRetrieval();
      button(element, 'Saved queries').click();
      const item = () => shadow(element).querySelector<HTMLElement>('[part="saved-queries"] [data-id="999001"]');
      await waitUntil(item, 'the query is listed');
      expect(item()!.querySelector('button[aria-label="Run Parent query"]')).to.not.equal(null);
      expect(item()!.querySelector('button[aria-label="Edit Parent query"]')).to.equal(null);
      expect(item()!.querySelector('button[aria-label="Delete Parent query"]')).to.equal(null);
      expect(item()!.querySelector('.ec-read-only-mark')!.textContent).to.contain('you may run it but not change it');
      await expect(element).to.be.accessible();
    } finally {
      restore();
    }
  });

  it('rules §2 on the real log store: the newest matching lines first with the total, filters and the expression narrow them, a line\'s value searches', async () => {
    const { websites } = await getLogContext(client);
    const site = websites[0]!;
    const now = Date.now();
    const ip = '203.0.113.77';
    const blocked = [3, 2, 1].map((minutes) =>
      logRow({ ts: now - minutes * 60_000, log_type: 'waf', domain_id: site.id, domain: site.domain, client_ip: ip, uri: '/admin', status: 403, rule_id: 1001, rule_set_id: 7, action: 'block', attack_type: 'scanner', cache_status: 'bypass' }),
    );
    const other = logRow({ ts: now - 30_000, log_type: 'waf', domain_id: site.id, domain: site.domain, uri: '/login', status: 200, rule_id: 1002, action: 'log', attack_type: 'sqli' });
    await appendLogLines([...blocked, other]);

    const element = await logRetrieval(html`<ec-log-retrieval lang="en-US" log-type="waf" range="15m"></ec-log-retrieval>`);
    await searched(element);
    const lines = () => Array.from(shadow(element).querySelectorAll<HTMLTableRowElement>('[part="table"] tbody tr'));
    await waitUntil(() => lines().length >= 4, 'the lines show');
    const times = lines().map((row) => row.cells[0]!.textContent);
    expect(times, 'newest first').to.deep.equal([...times].sort().reverse());
    expect(times).to.include(formatLogTime(blocked[2]!.ts));
    expect(shadow(element).querySelector('[part="total"]')!.textContent).to.match(/\d+ lines/);

    typeInto(inputByLabel(element, 'Rule ID'), '1001');
    typeInto(inputByLabel(element, 'URL prefix'), '/adm');
    button(element, 'Search').click();
    await waitUntil(() => lines().length === 3, 'the filters narrow the lines');
    expect(shadow(element).querySelector('[part="total"]')!.textContent).to.equal('3 lines');

    typeInto(inputByLabel(element, 'Rule ID'), '');
    typeInto(inputByLabel(element, 'URL prefix'), '');
    typeInto(expressionInput(element), `status >= 400 and action = "block" and client_ip = "${ip}"`);
    button(element, 'Search').click();
    await waitUntil(() => lines().length === 3 && lines().every((row) => row.textContent!.includes('/admin')), 'the expression narrows the lines');

    typeInto(expressionInput(element), 'attack_type = "sqli"');
    button(element, 'Search').click();
    await waitUntil(() => lines().length >= 1 && lines().every((row) => row.textContent!.includes('/login')), 'another expression');
    lines()[0]!.querySelector<HTMLButtonElement>('.ec-log-open')!.click();
    await waitUntil(() => shadow(element).querySelector('[part="detail"] [data-field="rule_id"]'), 'the drawer opens');
    shadow(element).querySelector<HTMLButtonElement>('[part="detail"] [data-field="rule_id"] .ec-log-search-value')!.click();
    await waitUntil(() => expressionInput(element).value === 'attack_type = "sqli" and rule_id = 1002', 'the value is added to the expression');
    await searched(element);
    await waitUntil(() => lines().length >= 1 && lines().every((row) => row.textContent!.includes('/login')), 'the narrowed search answers');

    // Suggestions of a text field's values come from the store.
    const input = expressionInput(element);
    input.focus();
    typeInto(input, 'domain = "');
    const list = shadow(element).querySelector<HTMLElement>('[part="suggestions"]')!;
    await waitUntil(() => Array.from(list.querySelectorAll('[role="option"] code')).some((option) => option.textContent === `"${site.domain}"`), 'the domain is suggested', { timeout: 8000 });
  });

  it('shows the error state when the search fails (HTTP 502, a body that is not JSON) and retries', async () => {
    let restore = injectFault(SEARCH, () => new Response('<html>bad gateway</html>', { status: 502 }));
    try {
      const element = await logRetrieval();
      await searched(element);
      const alert = shadow(element).querySelector('[part="error-state"]')!;
      expect(alert.getAttribute('role')).to.equal('alert');
      expect(alert.textContent).to.contain('The logs could not be searched');
      restore();
      let answered = 0;
      restore = injectFault(SEARCH, () => {
        answered++;
        return new Response('not json', { status: 200, headers: { 'content-type': 'application/json' } });
      });
      shadow(element).querySelector<HTMLButtonElement>('[part="error-state"] button')!.click();
      await waitUntil(() => answered === 1, 'the retry is sent');
      await searched(element);
      expect(shadow(element).querySelector('[part="error-state"]')!.textContent).to.contain('The logs could not be searched');
    } finally {
      restore();
    }
  });

  it('issue 19: starts from a bookmarked view and reports the searched view with ec-view-state', async () => {
    const calls = watchCalls();
    try {
      const element = await logRetrieval(html`<ec-log-retrieval lang="en-US" view-state="type=waf&range=7d&status=404&q=status%20%3D%20404&bogus=1"></ec-log-retrieval>`);
      await waitUntil(() => calls.urls.some((url) => SEARCH.test(url)), 'the bookmarked view is searched');
      const query = calls.lastQuery(SEARCH);
      expect([query.get('log_type'), query.get('status'), query.get('expression')]).to.deep.equal(['waf', '404', 'status = 404']);
      expect(selectedTab(element)).to.equal('WAF logs');
      expect(chosen(element, 'Time range')).to.equal('Last 7 days');
      const changed = oneEvent(element, 'ec-view-state');
      tabs(element)[0]!.click();
      expect((await changed).detail.state).to.equal('range=7d&status=404&q=status+%3D+404');
    } finally {
      calls.restore();
    }
  });

  it('issue 25: drill-down filters from a report arrive in the form and in the search it sends', async () => {
    const context = await getLogContext(client);
    const [first, second] = context.websites;
    const to = Date.now() - 60_000;
    const from = to - 3_600_000;
    // A map region of a report filtered by two websites, and a URL slice (matched exactly through the expression).
    const region = logsView({ from, to, domainIds: [first!.id, second!.id], table: 'countries', value: 'US' });
    const calls = watchCalls();
    try {
      const element = await logRetrieval(html`<ec-log-retrieval lang="en-US" view-state=${region}></ec-log-retrieval>`);
      await waitUntil(() => calls.urls.some((url) => SEARCH.test(url)), 'the drill-down is searched');
      const query = calls.lastQuery(SEARCH);
      expect([query.get('log_type'), query.get('domain_ids'), query.get('region')]).to.deep.equal(['access', `${first!.id},${second!.id}`, 'US']);
      expect(Date.parse(query.get('from')!)).to.equal(Date.parse(`${toLogWallTime(from)}:00+08:00`));
      expect(chosen(element, 'Time range')).to.equal('Custom');
      expect([inputByLabel(element, 'From (UTC+8)').value, inputByLabel(element, 'To (UTC+8)').value]).to.deep.equal([toLogWallTime(from), toLogWallTime(to)]);
      expect(chosen(element, 'Region')).to.equal('United States');
      // The two websites chosen, by name once the list of websites has arrived.
      await waitUntil(() => shadow(element).querySelector('.p-multiselect-label')!.textContent === `${first!.domain}, ${second!.domain}`, 'both websites are chosen in the form');
      const url = logsView({ from, to, logType: 'waf', table: 'urls', value: '/a "b"' });
      const waf = await logRetrieval(html`<ec-log-retrieval lang="en-US" view-state=${url}></ec-log-retrieval>`);
      await waitUntil(() => calls.lastQuery(SEARCH).get('expression') === 'uri = "/a \\"b\\""', 'the URL travels in the expression');
      expect(calls.lastQuery(SEARCH).get('log_type')).to.equal('waf');
      expect(selectedTab(waf)).to.equal('WAF logs');
      expect(inputByLabel(waf, 'Advanced search').value).to.equal('uri = "/a \\"b\\""');
    } finally {
      calls.restore();
    }
  });

  it('shell §9 auto refresh: off, 30 s, 1, 5, 10 and 15 minutes', async () => {
    const element = await logRetrieval();
    expect(chosen(element, 'Auto refresh')).to.equal('Off');
    dropdownByLabel(element, 'Auto refresh').click();
    const options = () => Array.from(shadow(element).querySelectorAll('.p-dropdown-panel li[role="option"]')).map((option) => option.textContent);
    await waitUntil(() => options().length > 0, 'the choices open');
    expect(options()).to.deep.equal(['Off', 'Every 30 seconds', 'Every minute', 'Every 5 minutes', 'Every 10 minutes', 'Every 15 minutes']);
    press(dropdownByLabel(element, 'Auto refresh'), 'Escape');
    await choose(element, 'Auto refresh', 'Every 5 minutes');
    expect(chosen(element, 'Auto refresh')).to.equal('Every 5 minutes');
  });

  it('shell §9 auto refresh repeats the search at the chosen interval and pauses while the page is hidden', async () => {
    const element = await logRetrieval();
    await searched(element);
    // The intervals are 30 s and more: the element's timers are recorded here and fired by hand.
    const realSet = window.setInterval;
    const realClear = window.clearInterval;
    const timers = new Map<number, { run: () => void; ms: number }>();
    let nextId = 1;
    window.setInterval = ((run: () => void, ms: number) => {
      const id = nextId++;
      timers.set(id, { run, ms });
      return id;
    }) as typeof window.setInterval;
    window.clearInterval = ((id: number) => void timers.delete(id)) as typeof window.clearInterval;
    const calls = watchCalls();
    const visibility = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState')!;
    try {
      await choose(element, 'Auto refresh', 'Every 30 seconds');
      await waitUntil(() => [...timers.values()].some((timer) => timer.ms === 30_000), 'a 30 s timer runs');
      [...timers.values()].find((timer) => timer.ms === 30_000)!.run();
      await waitUntil(() => calls.urls.some((url) => SEARCH.test(url)), 'the timer searches again');
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
      await waitUntil(() => ![...timers.values()].some((timer) => timer.ms === 30_000), 'hidden: the timer stops');
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
      await waitUntil(() => [...timers.values()].some((timer) => timer.ms === 30_000), 'visible again: it goes on');
      await choose(element, 'Auto refresh', 'Off');
      await waitUntil(() => ![...timers.values()].some((timer) => timer.ms === 30_000), 'off: no timer');
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
      Object.defineProperty(Document.prototype, 'visibilityState', visibility);
      window.setInterval = realSet;
      window.clearInterval = realClear;
      calls.restore();
    }
  });

  it('renders in Chinese (zh-CN)', async () => {
    const element = await logRetrieval(html`<ec-log-retrieval lang="zh-CN"></ec-log-retrieval>`);
    expect(tabs(element).map((tab) => tab.textContent)).to.deep.equal(['访问日志', 'WAF 日志', 'CC 日志', '精准访问控制日志']);
    expect(chosen(element, '时间范围')).to.equal('最近 3 小时');
    expect(chosen(element, '自动刷新')).to.equal('关闭');
  });

  for (const lang of ['zh-CN', 'en-US']) {
    it(`is accessible in ${lang}: tabs, filters, expression error and suggestions, help, save dialog (axe)`, async () => {
      const element = await logRetrieval(html`<ec-log-retrieval lang=${lang}></ec-log-retrieval>`);
      await searched(element);
      await expect(element).to.be.accessible();
      const input = expressionInput(element);
      input.focus();
      typeInto(input, 'status = "5');
      await waitUntil(() => expressionError(element).textContent !== '', 'the error shows');
      await expect(element).to.be.accessible();
      typeInto(input, 'sta');
      await waitUntil(() => !shadow(element).querySelector<HTMLElement>('[part="suggestions"]')!.hidden, 'suggestions open');
      await expect(element).to.be.accessible();
      shadow(element).querySelector<HTMLButtonElement>('[part="expression"] button[aria-controls]')!.click();
      await expect(element).to.be.accessible();
      button(element, lang === 'zh-CN' ? '保存查询' : 'Save query').click();
      await waitUntil(() => shadow(element).querySelector('.p-dialog-enter-done'), 'the dialog finished opening');
      // PrimeReact's modal focus trap uses two aria-hidden sentinels with tabindex 0 to wrap focus; axe flags them.
      await expect(element).to.be.accessible({ ignoredRules: ['aria-hidden-focus'] });
    });
  }
});
