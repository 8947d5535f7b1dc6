/**
 * Driving the DNS elements in browser tests: wait for a view to settle, read table rows, pick Dropdown options, type
 * into PrimeReact inputs, wait for jobs through the API, and inject a fault on one path (DESIGN §5: a fetch stub is
 * for fault injection only; everything else reaches the real reference server).
 */
import { waitUntil } from '@open-wc/testing';
import { createApiClient } from '../../core/api/client.js';
import { listDnsJobDetails, type DnsJob } from '../../core/api/endpoints/dns.js';
import { sessionToken } from '../../core/session/session.js';

/**
 * `waitUntil` with a 5 s default instead of 1 s: the machines running these tests are shared, and a job, a worker or
 * a lazy chunk can take longer than a second there.
 */
export function until(predicate: () => unknown, message?: string, options: { timeout?: number; interval?: number } = {}): Promise<void> {
  return waitUntil(predicate, message, { timeout: 5000, ...options });
}

/** The element's shadow root. */
export function shadow(element: Element): ShadowRoot {
  return element.shadowRoot!;
}

/** A client with the test page's session, for setting up data through the API. */
export function testClient() {
  return createApiClient({ base: '/api', getToken: () => sessionToken.value, getLanguage: () => 'en_US', notify: () => undefined });
}

/** Waits until `selector` matches inside the element and no load is running. */
export async function settled(element: HTMLElement, selector = '[part="table"], [part="error-state"], [part="empty-state"]'): Promise<HTMLElement> {
  await waitUntil(
    () => shadow(element).querySelector(selector) && !shadow(element).querySelector('.p-datatable-loading-overlay, [part="loading-state"]'),
    `the element settles (${selector})`,
    // A first render loads the element's catalogues and the domain list: over 8 s on a loaded two-core machine.
    { timeout: 20_000 },
  );
  return element;
}

/** Body rows of the element's table (none when the table is not shown). */
export function rows(element: HTMLElement): HTMLTableRowElement[] {
  const table = shadow(element).querySelector('[part="table"]');
  if (!table) return [];
  return Array.from(table.querySelectorAll<HTMLTableRowElement>('tbody tr')).filter((row) => !row.classList.contains('p-datatable-emptymessage'));
}

/** Text of the element's content (its root container, without the adopted style elements). */
export function text(element: HTMLElement): string {
  return shadow(element).querySelector('.ec-root')?.textContent ?? '';
}

/** A button of the element by its visible label (or aria-label). */
export function button(element: HTMLElement | ParentNode, label: string | RegExp): HTMLButtonElement {
  const root = element instanceof HTMLElement && element.shadowRoot ? element.shadowRoot : element;
  const found = Array.from(root.querySelectorAll<HTMLButtonElement>('button')).find((node) => {
    const name = node.getAttribute('aria-label') ?? node.textContent?.trim() ?? '';
    const shown = node.textContent?.trim() ?? '';
    return typeof label === 'string' ? shown === label || name === label : label.test(shown) || label.test(name);
  });
  if (!found) throw new Error(`no button "${String(label)}"`);
  return found;
}

/** Sets a PrimeReact (React-controlled) input's or textarea's value as typing would. */
export function type(input: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Opens a Dropdown and picks the option reading `option`. */
export async function choose(element: HTMLElement, dropdown: HTMLElement, option: string): Promise<void> {
  (dropdown.closest('.p-dropdown') as HTMLElement).click();
  const find = () => Array.from(shadow(element).querySelectorAll<HTMLElement>('.p-dropdown-panel li[role="option"]')).find((node) => node.textContent === option);
  await until(find, `option "${option}"`);
  find()!.click();
  await until(() => !shadow(element).querySelector('.p-dropdown-panel'), 'the dropdown closes');
}

/** The Dropdown whose hidden select or input is named `name`. */
export function dropdownNamed(element: HTMLElement, name: string): HTMLElement {
  const input = shadow(element).querySelector<HTMLElement>(`.p-dropdown [aria-label="${name}"]`);
  if (!input) throw new Error(`no dropdown named "${name}"`);
  return input.closest<HTMLElement>('.p-dropdown')!;
}

/** Waits until a DNS job is finished (through the API) and answers it. */
export async function finishedJob(id: number): Promise<DnsJob> {
  let job: DnsJob | undefined;
  await waitUntil(
    async () => {
      job = (await listDnsJobDetails(testClient(), { job_id: id, per_page: 1 })).job;
      return job.status === 'success' || job.status === 'fail';
    },
    `job ${id} finishes`,
    { timeout: 8000, interval: 100 },
  );
  return job!;
}

/** Answers matching calls with `answer`, passes the rest to the real server; returns the restore function. */
export function injectFault(match: RegExp, answer: () => Response): () => void {
  const realFetch = window.fetch;
  window.fetch = (input, init) => (match.test(String(input)) ? Promise.resolve(answer()) : realFetch(input, init));
  return () => {
    window.fetch = realFetch;
  };
}

/** An envelope answer with a status code. */
export function envelope(code: number, message: string, data: unknown = null): Response {
  return new Response(JSON.stringify({ status: { code, message }, data }), { status: 200, headers: { 'content-type': 'application/json' } });
}
