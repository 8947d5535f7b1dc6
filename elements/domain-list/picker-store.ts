/**
 * The store of a website picker (batch setting's website selection, a group's "add websites"): one search and the
 * first 500 matching websites (rules §5 "Website picker shows 500 rows by default"), with the ticked ids.
 */
import { signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import { listWebsites, type WebsiteInfo } from '../../core/api/endpoints/websites.js';
import { WEBSITE_PICKER_ROWS } from '../../core/rules/websites.js';

/** What the picker shows. */
export type PickerState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; list: WebsiteInfo[]; total: number };

/** Creates a picker store. */
export function createWebsitePickerStore() {
  const state = signal<PickerState>({ status: 'loading' });
  const search = signal('');
  const ticked = signal<ReadonlySet<number>>(new Set());
  let generation = 0;

  /** Loads the first rows matching the search. */
  async function load(client: ApiClient): Promise<void> {
    const current = ++generation;
    try {
      const answer = await listWebsites(client, { per_page: WEBSITE_PICKER_ROWS, search: search.value || undefined, sort: 'domain', order: 'asc' });
      if (current === generation) state.value = { status: 'ready', list: answer.list, total: answer.total };
    } catch {
      if (current === generation) state.value = { status: 'error' };
    }
  }

  /** Ticks or unticks websites. */
  function set(ids: readonly number[], on: boolean): void {
    const next = new Set(ticked.value);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    ticked.value = next;
  }

  return { state, search, ticked, load, set };
}

/** The picker store type. */
export type WebsitePickerStore = ReturnType<typeof createWebsitePickerStore>;
