/**
 * The one notice (toast) bus. The API client, stores and the host publish here; every element and the demo host
 * render it through `NoticeOutlet`, and only one outlet on a page shows each notice (the host's when present,
 * otherwise the first element's), so three elements on a page never show a toast three times.
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
  /** Milliseconds the toast stays; undefined keeps PrimeReact's default. */
  life?: number;
}

type Listener = (notice: Notice) => void;

interface Outlet {
  priority: number;
  listener: Listener;
  order: number;
}

const outlets = new Set<Outlet>();
let nextId = 1;
let nextOrder = 1;
const backlog: Notice[] = [];
const BACKLOG_LIMIT = 20;

/** Publishes a notice to the outlet in charge, or keeps it until one mounts. */
export function publishNotice(notice: Omit<Notice, 'id'>): Notice {
  const full: Notice = { ...notice, id: nextId++ };
  const outlet = activeOutlet();
  if (outlet) outlet.listener(full);
  else {
    backlog.push(full);
    if (backlog.length > BACKLOG_LIMIT) backlog.shift();
  }
  return full;
}

/**
 * Registers a renderer. `priority` 10 is the host's, 0 an element's; the highest priority wins, ties go to the
 * earliest. Returns the unregister function.
 */
export function registerNoticeOutlet(listener: Listener, priority = 0): () => void {
  const outlet: Outlet = { listener, priority, order: nextOrder++ };
  outlets.add(outlet);
  if (activeOutlet() === outlet) {
    for (const notice of backlog.splice(0)) listener(notice);
  }
  return () => {
    outlets.delete(outlet);
  };
}

function activeOutlet(): Outlet | undefined {
  let best: Outlet | undefined;
  for (const outlet of outlets) {
    if (!best || outlet.priority > best.priority || (outlet.priority === best.priority && outlet.order < best.order)) {
      best = outlet;
    }
  }
  return best;
}

/** Whether the given listener is the one currently showing notices (for tests and the outlet itself). */
export function isActiveNoticeOutlet(listener: Listener): boolean {
  return activeOutlet()?.listener === listener;
}
