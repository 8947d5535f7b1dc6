/**
 * Per-instance store of `<ec-sdk>`: the account's businesses as the pickers of the package, configuration, keys and
 * report views offer them (read once per instance, refreshed after a business changes), and the business the
 * views last chose, so switching views keeps it.
 */
import { signal } from '@preact/signals-react';
import { useEffect, useState, type DependencyList } from 'react';
import { ApiError, PERMISSION_DENIED_CODE } from '../../core/api/catalogue.js';
import type { ApiClient } from '../../core/api/client.js';
import { listSdkBusinesses, type SdkBusiness } from '../../core/api/endpoints/sdk.js';

/** A loaded value, or where loading stands; `forbidden` when the server refused the caller (shell §4: sub-accounts). */
export type Loaded<T> = { status: 'loading' } | { status: 'error'; forbidden?: boolean } | { status: 'ready'; value: T };

/** The error state of a failed load: refused (a sub-account, shell §4) or failed. */
export function failed(error: unknown): { status: 'error'; forbidden: boolean } {
  return { status: 'error', forbidden: error instanceof ApiError && error.code === PERMISSION_DENIED_CODE };
}

/**
 * Reads a value again whenever `deps` change or `reload()` is called; an answer that arrives after the next read
 * started (or after unmounting) is dropped, so a slow page never overwrites a newer one.
 */
export function useLoaded<T>(load: () => Promise<T>, deps: DependencyList): [Loaded<T>, () => void] {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    load().then(
      (value) => live && setState({ status: 'ready', value }),
      (error: unknown) => live && setState(failed(error)),
    );
    return () => {
      live = false;
    };
    // `load` is a new closure each render; what it reads is in `deps`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, count]);
  return [state, () => setCount((value) => value + 1)];
}

/** The most businesses a picker offers (an account has a handful; the list view pages through more). */
const PICKER_SIZE = 1000;

/** Creates the store. */
export function createSdkStore(client: ApiClient, initialBusiness: number | undefined) {
  const businesses = signal<Loaded<SdkBusiness[]>>({ status: 'loading' });
  const chosen = signal<number | null>(initialBusiness ?? null);
  let started = false;

  async function loadBusinesses(): Promise<void> {
    started = true;
    businesses.value = { status: 'loading' };
    try {
      const answer = await listSdkBusinesses(client, { page: 1, per_page: PICKER_SIZE });
      // Pickers offer the businesses in the order they were created, the first one chosen: the account's main app
      // rather than whichever was added last (the list page shows newest first).
      const list = [...answer.list].sort((a, b) => a.id - b.id);
      businesses.value = { status: 'ready', value: list };
      if (chosen.value === null || !list.some((business) => business.id === chosen.value)) chosen.value = list[0]?.id ?? null;
    } catch (error) {
      businesses.value = failed(error);
    }
  }
  function ensureBusinesses(): void {
    if (!started) void loadBusinesses();
  }
  return { businesses, chosen, loadBusinesses, ensureBusinesses };
}

/** The store type. */
export type SdkStore = ReturnType<typeof createSdkStore>;
