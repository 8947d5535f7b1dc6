/**
 * Start-up reads shared by every element on a page (issue 17): two elements, or one added later, do not ask the
 * server again for what the page already asked. An answer is kept for the page (`keep: 'page'`, for what changes
 * only with the account's contract, such as the plan's allowed actions) or only while its call is in flight
 * (`keep: 'in-flight'`, for what the user's own changes move, such as plan usage). Kept answers belong to the
 * session that read them: another token reads again. A failed read is never kept. (No import of the session
 * module: the endpoints are shared with the reference server, which must not load the browser's state.)
 */
import type { ApiClient } from './client.js';

interface Entry {
  token: string | null;
  answer: Promise<unknown>;
}

const reads = new Map<string, Entry>();

/** The shared answer of `load` for `path` on this client's API base. */
export function readShared<T>(client: ApiClient, path: string, load: () => Promise<T>, keep: 'page' | 'in-flight'): Promise<T> {
  const key = `${client.base}\u0000${path}`;
  const token = client.sessionKey?.() ?? null;
  const found = reads.get(key);
  if (found && found.token === token) return found.answer as Promise<T>;
  const answer = load();
  const entry: Entry = { token, answer };
  reads.set(key, entry);
  const forget = () => {
    if (reads.get(key) === entry) reads.delete(key);
  };
  answer.then(keep === 'page' ? () => undefined : forget, forget);
  return answer;
}

/** Forgets every kept answer (tests; a change of plan). */
export function forgetSharedReads(): void {
  reads.clear();
}
