/**
 * Browser tests of the report elements (traffic, attack, firewall block lists, bot, TCP): what every one of them sets
 * up the same way against the test file's reference server. A client signed in as whoever the test signed in, the
 * test-only hook that appends lines to the log store (the reports count them), mounting a report and waiting until it
 * has settled, and reading its text and figures.
 */
import { fixture, waitUntil, type html } from '@open-wc/testing';
import { createApiClient } from '../../core/api/client.js';
import { getReportWebsites } from '../../core/api/endpoints/reports.js';
import { createRuleSet, getPoliciesByMain, listRuleSets, quoteRuleSet, savePolicy } from '../../core/api/endpoints/waf.js';
import type { LogRow } from '../../core/logs/fields.js';
import { sessionToken } from '../../core/session/session.js';
import { signInAsDemoParent } from './api-session.js';
import { shadow } from './list-element.js';

/** An API client of the signed-in test user, answering in en_US; faults are left to the test (no toasts). */
export const reportClient = createApiClient({ base: '/api', getToken: () => sessionToken.value, getLanguage: () => 'en_US', notify: () => undefined });

/** Appends lines to the file's log store (the hook of test/web-test-runner.config.mjs). */
export async function appendLogLines(rows: readonly LogRow[]): Promise<void> {
  const answer = await fetch('/__ec-test__/log-lines', { method: 'POST', body: JSON.stringify(rows) });
  if (!answer.ok) throw new Error(`appending log lines failed: HTTP ${answer.status}`);
}

/** What a report shows once it has settled: its figures, a state or the plan prompt. */
export const REPORT_SETTLED_PARTS = ['figures', 'error-state', 'empty-state', 'plan-notice'] as const;

/** Options of {@link settledReport}. */
export interface SettledReportOptions {
  /** The parts one of which shows once the report has settled; default {@link REPORT_SETTLED_PARTS}. */
  parts?: readonly string[];
  /** Named in the failure message. */
  what?: string;
  timeout?: number;
}

/** Mounts a report and waits until one of `parts` shows and nothing is loading any more. */
export async function settledReport(markup: ReturnType<typeof html>, { parts = REPORT_SETTLED_PARTS, what = 'the report settles', timeout = 15_000 }: SettledReportOptions = {}): Promise<HTMLElement> {
  const element = await fixture<HTMLElement>(markup);
  const selector = parts.map((part) => `[part="${part}"]`).join(', ');
  await waitUntil(() => shadow(element).querySelector(selector) && !shadow(element).querySelector('[part="loading-state"]'), what, { timeout });
  return element;
}

/** The text of a report's shadow root. */
export const reportText = (element: Element): string => shadow(element).textContent ?? '';

/** The value of the figure labelled `label` (`[part="figures"]`), or undefined. */
export const figureValue = (element: Element, label: string): string | null | undefined =>
  Array.from(shadow(element).querySelectorAll('[part="figures"] li'))
    .find((item) => item.querySelector('.ec-figure-label')?.textContent === label)
    ?.querySelector('strong')?.textContent;

/** A WAF rule as the log lines name it: its policy, its code and its rule set. */
export interface ReportRule {
  id: number;
  code: number;
  setId: number;
}

/**
 * The firewall the attack and block-list reports count from, as the demo parent: www.example.com, the first policy of
 * the built-in rule set, and a custom set "Partners only" bound to www with one enabled policy blocking `/admin`.
 * Appending no lines first starts the file's reference server without the client's 15 s limit (its first start is
 * slow on a busy machine).
 */
export async function reportFirewall(): Promise<{ www: { id: number; domain: string }; builtIn: ReportRule; custom: ReportRule }> {
  await appendLogLines([]);
  await signInAsDemoParent();
  const www = (await getReportWebsites(reportClient)).websites.find((website) => website.domain === 'www.example.com')!;
  const builtInSet = (await listRuleSets(reportClient, { per_page: 100 })).list.find((set) => set.attribution === 'built-in')!;
  const first = (await getPoliciesByMain(reportClient, builtInSet.id)).list[0]!;
  const customSet = await createRuleSet(reportClient, { name: 'Partners only', description: '' });
  await quoteRuleSet(reportClient, { id: customSet.id, domain_ids: [www.id] });
  const saved = await savePolicy(reportClient, {
    main_id: customSet.id,
    rules: [{ rule_type: 'url', data: { operator: 'prefix', value: '/admin' } }],
    action: { type: 'block' },
    status: 'enabled',
    remark: 'Admin from partners only',
  });
  return {
    www,
    builtIn: { id: first.id, code: Number(first.code), setId: builtInSet.id },
    custom: { id: saved.id, code: Number(saved.code), setId: customSet.id },
  };
}
