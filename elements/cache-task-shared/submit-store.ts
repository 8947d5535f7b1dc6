/**
 * Per-instance store of `<ec-cache-purge>` and `<ec-cache-prefetch>` (rules §5 Purge, Prefetch): the caller's
 * websites and submission allowance, what is typed (or read from a txt file), the per-row preview computed with the
 * same core/rules code the server runs, and the submission with its outcome (submitted, refused, rate limited).
 * Kept per host element, so moving the element keeps what was typed; a failed submission keeps it too.
 */
import { batch, computed, signal } from '@preact/signals-react';
import { ApiError, RATE_LIMITED_CODE, VALIDATION_FAILED_CODE, type FieldIssue } from '../../core/api/catalogue.js';
import type { ApiClient } from '../../core/api/client.js';
import {
  getCacheTaskContext,
  submitPrefetch,
  submitPurge,
  type CacheTaskContext,
  type CacheTaskRateLimitedData,
  type CacheTaskSubmitted,
} from '../../core/api/endpoints/cache-tasks.js';
import { validatePrefetchFiles } from '../../core/rules/bans.js';
import { previewCacheTask, type CacheTaskKind, type CacheTaskReach } from '../../core/rules/cache-tasks.js';
import { issue, type RuleIssue } from '../../core/rules/types.js';
import { instanceStores } from '../../core/ui/instance-stores.js';

/** Where prefetch URLs come from. */
export type UrlSource = 'typed' | 'file';

/** The websites and allowance, as loaded. */
export type ContextState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; context: CacheTaskContext };

/** The last submission's outcome. */
export type SubmitOutcome =
  | { status: 'idle' }
  | { status: 'submitting' }
  | { status: 'submitted'; answer: CacheTaskSubmitted }
  | { status: 'refused'; message: string; issues: FieldIssue[] };

/** The reach of the loaded context (which websites the caller may purge). */
export function reachOf(context: CacheTaskContext): CacheTaskReach {
  const websites = context.websites.map((website) => website.domain);
  return { websites, manageable: context.websites.filter((website) => website.manage).map((website) => website.domain) };
}

/** Creates a store; `kinds` are the submission kinds the element offers (purge: URLs and directories). */
export function createSubmitStore(kinds: readonly CacheTaskKind[]) {
  const contextState = signal<ContextState>({ status: 'loading' });
  const kind = signal<CacheTaskKind>(kinds[0] as CacheTaskKind);
  const source = signal<UrlSource>('typed');
  const text = signal('');
  const file = signal<File | null>(null);
  const fileText = signal('');
  const fileIssue = signal<RuleIssue | null>(null);
  const outcome = signal<SubmitOutcome>({ status: 'idle' });
  /** The next allowed submission per kind, in ms, learned from the context or a refusal. */
  const nextAllowed = signal<Partial<Record<CacheTaskKind, number>>>({});
  const now = signal(Date.now());

  const lines = computed(() => (source.value === 'file' ? fileText.value : text.value));
  const preview = computed(() => {
    if (lines.value.trim() === '') return null;
    const current = contextState.value;
    return previewCacheTask(lines.value, kind.value, current.status === 'ready' ? reachOf(current.context) : undefined);
  });
  /** The caller may manage no website: the form is read-only (rules §6). */
  const readOnly = computed(() => contextState.value.status === 'ready' && !contextState.value.context.websites.some((website) => website.manage));
  const waitUntil = computed(() => {
    const until = nextAllowed.value[kind.value];
    return until !== undefined && until > now.value ? until : null;
  });

  function applyContext(context: CacheTaskContext): void {
    const next: Partial<Record<CacheTaskKind, number>> = {};
    for (const [name, allowance] of Object.entries(context.allowance)) {
      if (allowance.next_allowed_at) next[name as CacheTaskKind] = Date.parse(allowance.next_allowed_at);
    }
    batch(() => {
      contextState.value = { status: 'ready', context };
      nextAllowed.value = next;
      now.value = Date.now();
    });
  }

  /** Loads the websites and the allowance. */
  async function load(client: ApiClient): Promise<void> {
    if (contextState.value.status !== 'ready') contextState.value = { status: 'loading' };
    try {
      applyContext(await getCacheTaskContext(client));
    } catch {
      if (contextState.value.status !== 'ready') contextState.value = { status: 'error' };
    }
  }

  /** Reads a picked txt file (rules §5 Prefetch: one file at a time, txt, at most 2MB). */
  async function pickFiles(files: readonly File[]): Promise<void> {
    const found = validatePrefetchFiles(files);
    batch(() => {
      file.value = files[0] ?? null;
      fileText.value = '';
      fileIssue.value = found;
    });
    if (found !== null) return;
    try {
      const content = await (files[0] as File).text();
      if (file.value === files[0]) fileText.value = content;
    } catch {
      // Rules §8 "File read failed": the file vanished or cannot be read.
      if (file.value === files[0]) fileIssue.value = issue('bans.file-read-failed');
    }
  }

  /** Sends the checked URLs; answers true when a task was created. */
  async function submit(client: ApiClient): Promise<CacheTaskSubmitted | null> {
    const checked = preview.value;
    if (!checked || checked.entries.length === 0) return null;
    const submitting = kind.value;
    // What the user wrote is sent as written (repeats too, so the server counts them): the server normalises and
    // checks it the same way the preview did. Refused rows are not sent.
    const urls = checked.lines.filter((line) => line.status !== 'invalid').map((line) => line.text);
    const refused = checked.lines.filter((line) => line.status === 'invalid').map((line) => line.text);
    outcome.value = { status: 'submitting' };
    try {
      const answer =
        submitting === 'prefetch'
          ? await submitPrefetch(client, { urls })
          : await submitPurge(client, { kind: submitting === 'purge-directory' ? 'directory' : 'url', urls });
      batch(() => {
        outcome.value = { status: 'submitted', answer };
        // The refused rows stay in the box to be corrected; what was sent is cleared.
        text.value = source.value === 'typed' ? refused.join('\n') : '';
        file.value = null;
        fileText.value = '';
      });
      void load(client);
      return answer;
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError?.code === RATE_LIMITED_CODE) {
        const data = apiError.data as CacheTaskRateLimitedData;
        batch(() => {
          nextAllowed.value = { ...nextAllowed.value, [data.kind]: Date.parse(data.next_allowed_at) };
          now.value = Date.now();
        });
      }
      const issues = apiError?.code === VALIDATION_FAILED_CODE ? ((apiError.data as { errors?: FieldIssue[] } | null)?.errors ?? []) : [];
      outcome.value = { status: 'refused', message: error instanceof Error ? error.message : String(error), issues };
      return null;
    }
  }

  /** Moves the clock the countdown is shown against. */
  function tick(): void {
    now.value = Date.now();
  }

  return { contextState, kind, source, text, file, fileText, fileIssue, outcome, nextAllowed, now, preview, readOnly, waitUntil, load, pickFiles, submit, tick, kinds };
}

/** The store type. */
export type SubmitStore = ReturnType<typeof createSubmitStore>;

const stores = instanceStores<SubmitStore>();

/** The store of one element. */
export function submitStoreFor(host: HTMLElement, kinds: readonly CacheTaskKind[]): SubmitStore {
  return stores(host, () => createSubmitStore(kinds));
}
