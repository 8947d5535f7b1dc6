/**
 * Driving list elements (toolbar, DataTable, pager) in browser tests: wait for the list to settle, read rows, pick a
 * Dropdown option by its label, watch the calls the element makes, and inject faults on one path (DESIGN §5: a fetch
 * stub is for fault injection only; everything else reaches the real reference server).
 */
import { waitUntil } from '@open-wc/testing';
import { registerNoticeOutlet, type Notice } from '../../core/api/notices.js';

/** The element's shadow root. */
export function shadow(element: Element): ShadowRoot {
  return element.shadowRoot!;
}

/** Waits until the element shows rows, the empty state or the error state, with no reload running. */
export async function settled(element: HTMLElement, what = 'the list settles'): Promise<HTMLElement> {
  await waitUntil(
    () =>
      shadow(element).querySelector('[part="table"], [part="error-state"], [part="empty-state"]') &&
      !shadow(element).querySelector('.p-datatable-loading-overlay, [part="loading-state"]'),
    what,
    // The default (10 s, test/helpers/open-wc-testing.ts), not 5 s: the ban manager's records have been seen taking
    // over 5 s to settle after a filter change on two loaded cores; a settled list returns as soon as it is.
  );
  return element;
}

/** Body rows of the element's table. */
export function rows(element: HTMLElement): HTMLTableRowElement[] {
  return Array.from(shadow(element).querySelectorAll<HTMLTableRowElement>('[part="table"] tbody tr'));
}

/** The text of one column (0-based) in every body row. */
export function column(element: HTMLElement, index: number): string[] {
  return rows(element).map((row) => row.cells[index]?.textContent?.trim() ?? '');
}

/** The Dropdown whose visible label reads `label`. */
export function dropdownByLabel(element: HTMLElement, label: string): HTMLElement {
  const labelElement = Array.from(shadow(element).querySelectorAll('label')).find((node) => node.textContent === label);
  if (!labelElement) throw new Error(`no label "${label}"`);
  const input = shadow(element).getElementById(labelElement.htmlFor);
  const dropdown = input?.closest<HTMLElement>('.p-dropdown');
  if (!dropdown) throw new Error(`no dropdown for "${label}"`);
  return dropdown;
}

/** Opens the Dropdown labelled `label` and picks the option reading `option`. */
export async function choose(element: HTMLElement, label: string, option: string): Promise<void> {
  const dropdown = dropdownByLabel(element, label);
  dropdown.click();
  const find = () =>
    Array.from(shadow(element).querySelectorAll<HTMLElement>('.p-dropdown-panel li[role="option"]')).find((node) => node.textContent === option);
  await waitUntil(find, `option "${option}" of "${label}"`);
  find()!.click();
  // Gone, not just closing: an axe check or a screenshot right after must not meet the fading panel. PrimeReact removes
  // it when its exit transition ends, which on two busy cores can take longer than the default wait.
  await waitUntil(() => !shadow(element).querySelector('.p-dropdown-panel'), 'the dropdown closes', { timeout: 15_000 });
}

/**
 * Waits until the element's modal dialog has finished opening: its enter transition done, no CSS transition or
 * animation still running on it or its mask, and focus inside it. axe accepts PrimeReact's focus-trap sentinels
 * (aria-hidden, tabindex 0) only once it sees a modal open on screen, which on two busy cores comes a moment after the
 * transition's classes say it ended.
 */
export async function dialogOpened(element: HTMLElement): Promise<HTMLElement> {
  const root = shadow(element);
  await waitUntil(() => {
    const dialog = root.querySelector<HTMLElement>('.p-dialog.p-dialog-enter-done');
    if (!dialog || !dialog.contains(root.activeElement)) return false;
    const mask = dialog.parentElement!;
    // Finished animations that fill forwards (the mask's) stay listed: only running ones count.
    const running = [...dialog.getAnimations(), ...mask.getAnimations()].some((animation) => animation.playState !== 'finished');
    return !running && getComputedStyle(dialog).opacity === '1';
  }, 'the dialog finished opening and holds focus', { timeout: 15_000 });
  return root.querySelector<HTMLElement>('.p-dialog')!;
}

/** The label a Dropdown shows for its value. */
export function chosen(element: HTMLElement, label: string): string {
  return dropdownByLabel(element, label).querySelector('.p-dropdown-label')!.textContent ?? '';
}

/** Calls seen by {@link watchCalls}, as URLs. */
export interface CallLog {
  urls: string[];
  /** The query of the last call to a path matching `match`. */
  lastQuery(match: RegExp): URLSearchParams;
  restore(): void;
}

/** Records the URLs of API calls and passes them on to the real server. */
export function watchCalls(): CallLog {
  const realFetch = window.fetch;
  const urls: string[] = [];
  window.fetch = (input, init) => {
    urls.push(String(input));
    return realFetch(input, init);
  };
  return {
    urls,
    lastQuery(match) {
      const url = [...urls].reverse().find((candidate) => match.test(candidate));
      if (!url) throw new Error(`no call matching ${match}`);
      return new URL(url, location.href).searchParams;
    },
    restore() {
      window.fetch = realFetch;
    },
  };
}

/** Fault injection (DESIGN §5): answers calls matching `match` with `answer`, passes the rest to the real server. */
export function injectFault(match: RegExp, answer: (url: string, init?: RequestInit) => Response | Promise<Response>): () => void {
  const realFetch = window.fetch;
  window.fetch = (input, init) => (match.test(String(input)) ? Promise.resolve(answer(String(input), init)) : realFetch(input, init));
  return () => {
    window.fetch = realFetch;
  };
}

/** A successful API envelope around `data`. */
export function envelope(data: unknown): Response {
  return new Response(JSON.stringify({ status: { code: 1, message: '' }, data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

/** Sets an input's value the way typing does, so React's onChange fires. */
export function typeInto(input: HTMLInputElement, text: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Presses a key on an element, as the keyboard would. */
export function press(target: Element, key: string): void {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, code: key, bubbles: true, composed: true }));
}

/**
 * Collects the notices published while it is on, in place of the page's notice host (which it takes over from; the
 * notices published after `restore` wait in the bus's backlog). A check that no notice was shown reads the bus, not
 * the toasts, which load lazily and would let a late toast pass unseen.
 */
export function watchNotices(): { notices: Notice[]; restore(): void } {
  const notices: Notice[] = [];
  const restore = registerNoticeOutlet((notice) => notices.push(notice));
  return { notices, restore };
}

