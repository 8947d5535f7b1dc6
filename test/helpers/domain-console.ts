/**
 * Opening one tab of `<ec-domain-console>` in a browser test, finding its group sections and fields, and setting the
 * demo account's plan actions (through the test-only hook of test/web-test-runner.config.mjs).
 */
import { fixture, html, waitUntil } from '@open-wc/testing';
import '../../elements/domain-console/element.js';
import { shadow } from './list-element.js';
import { siteId } from './websites.js';

/** Opens the console of `domain` on `tab` and waits until the tab's first group section shows. */
export async function openConsoleTab(tab: string, options: { domain?: string; lang?: string; mode?: string; ready?: string } = {}): Promise<HTMLElement> {
  const id = await siteId(options.domain ?? 'www.example.com');
  // Drafts of an earlier test would be restored: each test starts from what the server holds.
  sessionStorage.clear();
  const element = await fixture<HTMLElement>(
    html`<ec-domain-console domain-id=${id} tab=${tab} lang=${options.lang ?? 'en-US'} mode=${options.mode ?? 'manage'}></ec-domain-console>`,
  );
  await waitUntil(() => shadow(element).querySelector(options.ready ?? '.ec-settings-group'), `the ${tab} tab shows`, { timeout: 10_000 });
  return element;
}

/** The group section whose heading reads `title`. */
export function section(element: HTMLElement, title: string): HTMLElement {
  const found = Array.from(shadow(element).querySelectorAll<HTMLElement>('.ec-settings-group')).find((node) => node.querySelector('h3')?.textContent?.trim() === title);
  if (!found) throw new Error(`no section "${title}"`);
  return found;
}

/** The control labelled `label` inside `root` (label[for]). */
export function control<T extends HTMLElement = HTMLInputElement>(root: ParentNode, label: string, nth = 0): T {
  const labels = Array.from(root.querySelectorAll('label')).filter((node) => node.textContent?.trim() === label);
  const target = labels[nth] && (labels[nth]!.getRootNode() as ShadowRoot).getElementById(labels[nth]!.htmlFor);
  if (!target) throw new Error(`no field "${label}"`);
  return target as T;
}

/** The translated issues shown in `root`. */
export function shownIssues(root: ParentNode): string[] {
  return Array.from(root.querySelectorAll('.ec-error-text[role="alert"]')).map((node) => node.textContent?.trim() ?? '').filter(Boolean);
}

/** Replaces the demo account's plan actions on the test file's reference server. */
export async function setPlanActions(actions: readonly string[]): Promise<void> {
  const answer = await fetch('/__ec-test__/plan-actions', { method: 'POST', body: JSON.stringify({ actions }) });
  if (answer.status !== 204) throw new Error(`plan actions not set: ${answer.status}`);
}

/** Sets a select's value the way choosing does. */
export function choose(select: HTMLSelectElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!;
  setter.call(select, value);
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Clicks a checkbox or switch. */
export function toggle(input: HTMLInputElement): void {
  input.click();
}
