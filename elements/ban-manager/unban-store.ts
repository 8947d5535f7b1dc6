/**
 * Batch unban of `<ec-ban-manager>` (rules §5 "Batch unlock: not empty; at most 2000 IPs typed, 100000 from a txt
 * file; IPv4, IPv6 or CIDR; txt only; file not empty; domain required"), per element instance so a moved element
 * keeps its run.
 *
 * Checking runs in the batch worker and answers a packed preview (valid, invalid with its reason, duplicate). The
 * valid entries are then sent in chunks; every chunk gets its Idempotency-Key when the run is planned and keeps it
 * through the client's automatic retries, a cancel and any number of resumes, so a chunk the server already applied
 * is answered from the server's record and nothing is unbanned twice. A network failure pauses the run where it
 * stopped; resuming sends the remaining chunks.
 */
import { signal } from '@preact/signals-react';
import { ApiError, CONFLICT_CODE } from '../../core/api/catalogue.js';
import { randomGuid, type ApiClient } from '../../core/api/client.js';
import { unbanBatchChunk, unbanChunkSize } from '../../core/api/endpoints/bans.js';
import { fileBatchIssue, unlockLimit, validateTxtFile, type UnlockSource } from '../../core/rules/bans.js';
import { packedEntries, type PackedBatchResult } from '../../core/rules/batch-packed.js';
import { issue, type RuleIssue } from '../../core/rules/types.js';
import { checkBatch } from '../../core/workers/batch-checker.js';
import { instanceStores } from '../../core/ui/instance-stores.js';

/** Automatic retries of one chunk after a network failure or timeout, with the same key, before the run pauses. */
export const CHUNK_RETRIES = 2;

/** The check of the input: nothing yet, running in the worker, refused before checking, or a preview. */
export type UnbanCheck =
  | { status: 'idle' }
  | { status: 'checking'; done: number; total: number }
  | { status: 'refused'; issue: RuleIssue }
  | { status: 'checked'; source: UnlockSource; text: string; packed: PackedBatchResult; issue: RuleIssue | null };

/** One planned chunk: entries `[from, to)` of the preview's valid entries and its own Idempotency-Key. */
export interface UnbanChunk {
  from: number;
  to: number;
  key: string;
  done: boolean;
}

/** Why a run stopped before its end. */
export type UnbanPause = 'network' | 'canceled' | 'failed';

/** A batch unban run and its outcome so far. */
export interface UnbanRun {
  domainId: number;
  domain: string;
  text: string;
  packed: PackedBatchResult;
  chunks: UnbanChunk[];
  state: 'running' | 'paused' | 'done';
  pause?: UnbanPause;
  /** The server's message when a chunk was refused. */
  message?: string;
  /** Entries sent and answered. */
  sent: number;
  /** Entries that released at least one ban. */
  unbannedEntries: number;
  /** Ban records released. */
  releasedRecords: number;
  /** Entries with no ban in force on the domain. */
  notBanned: string[];
}

/** The input of a check: typed text, or a picked file (read again on every check). */
export type UnbanInput = { source: 'typed'; text: string } | { source: 'file'; file: File };

/** Splits `total` entries into chunks of {@link unbanChunkSize}, each with a fresh key. */
export function planChunks(total: number): UnbanChunk[] {
  const size = unbanChunkSize(total);
  const chunks: UnbanChunk[] = [];
  for (let from = 0; from < total; from += size) chunks.push({ from, to: Math.min(total, from + size), key: randomGuid(), done: false });
  return chunks;
}

/** Whether a failed chunk may succeed when sent again: the network, a timeout, or the same key still in progress. */
function retryable(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout' || error.code === CONFLICT_CODE);
}

/** Creates the batch unban state of one element. */
export function createUnbanStore() {
  /** The dialog is open. */
  const open = signal(false);
  /** The picked file: kept as a reference and read again on each check, never copied into a draft. */
  const file = signal<File | null>(null);
  const check = signal<UnbanCheck>({ status: 'idle' });
  const run = signal<UnbanRun | null>(null);
  let checking: AbortController | null = null;
  let sending: AbortController | null = null;

  /** Forgets the preview (the input changed); a check in flight is stopped. */
  function resetCheck(): void {
    checking?.abort();
    checking = null;
    check.value = { status: 'idle' };
  }

  /**
   * Checks typed text or a file in the batch worker (rules §5): a file must be txt and not empty; entries are limited
   * to 2000 typed or 100000 from a file; each line is valid, invalid with its reason, or a duplicate.
   */
  async function checkInput(input: UnbanInput): Promise<void> {
    resetCheck();
    if (input.source === 'file') {
      const refused = validateTxtFile(input.file);
      if (refused !== null) {
        check.value = { status: 'refused', issue: refused };
        return;
      }
    }
    const controller = new AbortController();
    checking = controller;
    check.value = { status: 'checking', done: 0, total: 0 };
    let text: string;
    try {
      text = input.source === 'file' ? await input.file.text() : input.text;
    } catch {
      if (checking === controller) check.value = { status: 'refused', issue: issue('bans.file-read-failed') };
      return;
    }
    try {
      const packed = await checkBatch(
        { kind: 'ip-or-cidr', text, limits: unlockLimit(input.source) },
        {
          signal: controller.signal,
          onProgress: (done, total) => {
            if (checking === controller) check.value = { status: 'checking', done, total };
          },
        },
      );
      if (checking !== controller) return;
      check.value = { status: 'checked', source: input.source, text, packed, issue: fileBatchIssue(packed, input.source) };
    } catch (error) {
      if (checking !== controller || (error instanceof DOMException && error.name === 'AbortError')) return;
      check.value = { status: 'refused', issue: issue('bans.file-read-failed') };
    } finally {
      if (checking === controller) checking = null;
    }
  }

  async function drive(client: ApiClient): Promise<void> {
    const controller = new AbortController();
    sending = controller;
    const update = (change: Partial<UnbanRun>) => {
      if (run.value) run.value = { ...run.value, ...change };
    };
    update({ state: 'running', pause: undefined, message: undefined });
    for (let index = 0; index < (run.value?.chunks.length ?? 0); index++) {
      const current = run.value!;
      const chunk = current.chunks[index]!;
      if (chunk.done) continue;
      // A cancel between two chunks: the client only listens for an abort that happens during a request.
      if (controller.signal.aborted) {
        update({ state: 'paused', pause: 'canceled' });
        return;
      }
      try {
        const answer = await unbanBatchChunk(
          client,
          { domain_id: current.domainId, entries: packedEntries(current.text, current.packed, chunk.from, chunk.to) },
          { idempotencyKey: chunk.key, retries: CHUNK_RETRIES, notify: false, signal: controller.signal },
        );
        const latest = run.value!;
        update({
          chunks: latest.chunks.map((each, at) => (at === index ? { ...each, done: true } : each)),
          sent: latest.sent + (chunk.to - chunk.from),
          unbannedEntries: latest.unbannedEntries + answer.unbanned_entries,
          releasedRecords: latest.releasedRecords + answer.released_records,
          notBanned: [...latest.notBanned, ...answer.not_banned],
        });
      } catch (error) {
        if (sending === controller) sending = null;
        if (controller.signal.aborted) update({ state: 'paused', pause: 'canceled' });
        else if (retryable(error)) update({ state: 'paused', pause: 'network' });
        else update({ state: 'paused', pause: 'failed', message: error instanceof ApiError ? error.message : '' });
        return;
      }
    }
    if (sending === controller) sending = null;
    update({ state: 'done' });
  }

  /** Plans the chunks of the checked entries and starts sending them to one domain. */
  async function start(client: ApiClient, domain: { domain_id: number; domain: string }): Promise<void> {
    const current = check.value;
    if (current.status !== 'checked' || current.issue !== null || current.packed.summary.valid === 0) return;
    run.value = {
      domainId: domain.domain_id,
      domain: domain.domain,
      text: current.text,
      packed: current.packed,
      chunks: planChunks(current.packed.summary.valid),
      state: 'running',
      sent: 0,
      unbannedEntries: 0,
      releasedRecords: 0,
      notBanned: [],
    };
    await drive(client);
  }

  /** Sends the chunks not yet answered, each with the key it was planned with. */
  async function resume(client: ApiClient): Promise<void> {
    if (run.value?.state !== 'paused') return;
    await drive(client);
  }

  /** Stops after aborting the chunk in flight; the run can be resumed. */
  function cancel(): void {
    sending?.abort();
  }

  /** Forgets the run, the file and the preview, e.g. for a new batch after a finished run. */
  function clear(): void {
    if (run.value?.state === 'running') return;
    run.value = null;
    file.value = null;
    resetCheck();
  }

  /** Picks a file (or none); the previous preview no longer applies. */
  function pickFile(next: File | null): void {
    file.value = next;
    resetCheck();
  }

  /** Closes the dialog; a finished run is forgotten, a paused one stays to be resumed. */
  function close(): void {
    if (run.value?.state === 'running') return;
    if (run.value?.state === 'done') clear();
    open.value = false;
  }

  return { open, file, check, run, checkInput, resetCheck, pickFile, start, resume, cancel, clear, close };
}

/** The batch unban store type. */
export type UnbanStore = ReturnType<typeof createUnbanStore>;

const stores = instanceStores<UnbanStore>();

/** The batch unban store of one element. */
export function unbanStoreFor(host: HTMLElement): UnbanStore {
  return stores(host, () => createUnbanStore());
}
