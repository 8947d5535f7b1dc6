/**
 * Helpers of the `<ec-waf-rules>` browser tests: queries inside the shadow root, PrimeReact Dropdown choices, typing,
 * and direct API calls for set-up against the reference server the test runner proxies.
 */
import { fixture, waitUntil } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import { createApiClient, type ApiClient } from '../../../core/api/client.js';
import { sessionToken } from '../../../core/session/session.js';
import '../../../elements/waf-rules/element.js';

/** A client for set-up calls, with the signed-in session. */
export function apiClient(): ApiClient {
  return createApiClient({ base: '/api', getToken: () => sessionToken.value, getLanguage: () => 'en_US', notify: () => undefined });
}

/** The element's shadow root. */
export const root = (element: HTMLElement): ShadowRoot => element.shadowRoot!;

/** Renders the element and waits until it shows the list, the editor, or a state view. */
export async function rendered(markup: TemplateResult, ready = '.ec-table, .ec-fast-table, [part="editor"], [part="error-state"], [part="empty-state"]'): Promise<HTMLElement> {
  const element = await fixture<HTMLElement>(markup);
  await waitUntil(() => root(element).querySelector(ready), `the element shows ${ready}`, { timeout: 8000 });
  return element;
}

/** The button whose text is exactly `text` (or whose accessible name is, when `byName`). */
export function button(element: HTMLElement | ShadowRoot, text: string, byName = false): HTMLButtonElement {
  const scope = element instanceof ShadowRoot ? element : root(element);
  const found = Array.from(scope.querySelectorAll<HTMLButtonElement>('button')).find((candidate) =>
    byName ? candidate.getAttribute('aria-label') === text : candidate.textContent?.trim() === text,
  );
  if (!found) throw new Error(`no button "${text}"`);
  return found;
}

/** Waits for a button and clicks it. */
export async function click(element: HTMLElement, text: string, byName = false): Promise<void> {
  await waitUntil(() => {
    try {
      return !button(element, text, byName).disabled;
    } catch {
      return false;
    }
  }, `button "${text}" is there and enabled`);
  button(element, text, byName).click();
}

/** Sets an input's value as typing does. */
export function typeInto(input: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  const prototype = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The input labelled `label` (a `<label for>` or a wrapping `<label>`). */
export function field(element: HTMLElement, label: string): HTMLInputElement {
  const scope = root(element);
  for (const candidate of Array.from(scope.querySelectorAll('label'))) {
    const text = candidate.textContent?.trim() ?? '';
    if (text !== label && !text.startsWith(label)) continue;
    const target = candidate.htmlFor ? scope.getElementById(candidate.htmlFor) : candidate.querySelector('input, textarea');
    if (target) return target as HTMLInputElement;
  }
  throw new Error(`no field "${label}"`);
}

/** Opens the Dropdown inside `container` at `index` and picks the option whose text starts with `label`. */
export async function choose(element: HTMLElement, container: Element, index: number, label: string): Promise<void> {
  const dropdown = container.querySelectorAll<HTMLElement>('.p-dropdown')[index]!;
  dropdown.click();
  await waitUntil(() => root(element).querySelectorAll('.p-dropdown-panel li[role="option"]').length > 0, 'options open');
  const option = Array.from(root(element).querySelectorAll<HTMLElement>('.p-dropdown-panel li[role="option"]')).find((item) =>
    item.textContent?.trim().startsWith(label),
  );
  if (!option) throw new Error(`no option "${label}"`);
  option.click();
  await waitUntil(() => root(element).querySelectorAll('.p-dropdown-panel').length === 0, 'options close');
}

/** Text of the shadow root. */
export const text = (element: HTMLElement): string => root(element).textContent ?? '';

/** Answers matching calls with `answer` and passes the rest to the real server (DESIGN §5 fault injection). */
export function injectFault(match: RegExp, answer: () => Response): () => void {
  const realFetch = window.fetch;
  window.fetch = (input, init) => (match.test(String(input)) ? Promise.resolve(answer()) : realFetch(input, init));
  return () => {
    window.fetch = realFetch;
  };
}

/** A unique name for sets a test creates on the shared reference server. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 7)}`;
}

/** Waits up to 5 s: these tests wait on the reference server. */
export function eventually(predicate: () => unknown, message: string): Promise<void> {
  return waitUntil(predicate, message, { timeout: 5000 });
}
