/**
 * Drafts: an unsaved form kept in sessionStorage so nothing typed is lost when the session expires mid-edit, the
 * network fails or the page reloads. A draft remembers who wrote it and is only given back to the same user, so a
 * shared browser never shows one account's input to another.
 */
import { USER_ID_KEY } from './session.js';

const PREFIX = 'ec.draft.';

interface StoredDraft<T> {
  owner: string | null;
  savedAt: number;
  value: T;
}

function store(): Storage | undefined {
  try {
    return globalThis.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}

function currentOwner(): string | null {
  try {
    return globalThis.localStorage?.getItem(USER_ID_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * Saves a draft. The owner is remembered from the moment the user started typing: after an expiry the user id is
 * cleared, but the draft keeps the id of whoever wrote it.
 */
export function saveDraft<T>(key: string, value: T): void {
  const existing = readStored<T>(key);
  const owner = currentOwner() ?? existing?.owner ?? null;
  try {
    store()?.setItem(PREFIX + key, JSON.stringify({ owner, savedAt: Date.now(), value } satisfies StoredDraft<T>));
  } catch {
    // Quota or unavailable storage: the draft simply is not kept.
  }
}

function readStored<T>(key: string): StoredDraft<T> | undefined {
  try {
    const raw = store()?.getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as StoredDraft<T>) : undefined;
  } catch {
    return undefined;
  }
}

/** The draft for `key` if it belongs to the signed-in user (or nobody is known yet); otherwise undefined. */
export function loadDraft<T>(key: string): T | undefined {
  const stored = readStored<T>(key);
  if (!stored) return undefined;
  const owner = currentOwner();
  if (stored.owner !== null && owner !== null && stored.owner !== owner) {
    discardDraft(key);
    return undefined;
  }
  return stored.value;
}

/** Forgets a draft (after a successful save, or when the user discards it). */
export function discardDraft(key: string): void {
  try {
    store()?.removeItem(PREFIX + key);
  } catch {
    // Nothing to clean up.
  }
}
