/**
 * The one notice (toast) bus. The API client, stores and the host publish here; the page's one notice host
 * (core/ui/notice-host.tsx, on document.body, owned by no element) shows them, so three elements on a page never
 * show a toast three times, and a hidden or removed element never takes the page's toasts with it.
 */

/** Severity, mapped to PrimeReact's Toast severities. */
export type NoticeSeverity = 'success' | 'info' | 'warn' | 'error';

/** A toast. Text comes either as a catalogue key (translated by the outlet in its language) or as server text. */
export interface Notice {
  id: number;
  severity: NoticeSeverity;
  /** i18n key in `namespace`, e.g. `api.operation-failed`. */
  key?: string;
  namespace?: string;
  values?: Record<string, unknown>;
  /** Text from the server, shown as is (escaped by React). */
  text?: string;
  /** The language to translate `key` in: the publishing element's; the page language when absent. */
  language?: string;
  /** Milliseconds the toast stays; undefined keeps PrimeReact's default. */
  life?: number;
}

type Listener = (notice: Notice) => void;

let outlet: Listener | undefined;
let nextId = 1;
const backlog: Notice[] = [];
const BACKLOG_LIMIT = 20;

/** Publishes a notice to the page's notice host, or keeps it until the host is there. */
export function publishNotice(notice: Omit<Notice, 'id'>): Notice {
  const full: Notice = { ...notice, id: nextId++ };
  if (outlet) outlet(full);
  else {
    backlog.push(full);
    if (backlog.length > BACKLOG_LIMIT) backlog.shift();
  }
  return full;
}

/**
 * Registers the page's renderer (core/ui/notice-host.tsx; tests register their own). There is one: a second
 * registration takes over from the first. Returns the unregister function.
 */
export function registerNoticeOutlet(listener: Listener): () => void {
  outlet = listener;
  for (const notice of backlog.splice(0)) listener(notice);
  return () => {
    if (outlet === listener) outlet = undefined;
  };
}
