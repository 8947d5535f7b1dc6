/**
 * Per-instance store of `<ec-conditions-match-engine>`: whether the engine is on for the account (shell §4
 * condition_source), one page of condition rules with the search, and the dialog open over them. Kept per host
 * element, so moving the element keeps the page and the search.
 */
import { computed, signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import { listConditionRules, type ConditionRule, type ConditionRuleListQuery } from '../../core/api/endpoints/conditions.js';
import { getMemberConsoleInfo } from '../../core/api/endpoints/platform.js';
import { moduleGates } from '../../core/config/member-console.js';
import { pageSizeOrDefault } from '../../core/config/constants.js';
import { instanceStores } from '../../core/ui/instance-stores.js';

/** A load: first load, failed load, the engine off for the account, or data. */
export type Loaded<T> = { status: 'loading' } | { status: 'error' } | { status: 'off' } | { status: 'ready'; data: T };

/** The dialog open over the list. */
export type EngineDialog =
  | { kind: 'create' }
  | { kind: 'edit'; rule: ConditionRule }
  | { kind: 'citations'; rule: ConditionRule }
  | { kind: 'status'; rule: ConditionRule }
  | { kind: 'delete'; rule: ConditionRule }
  | null;

/** Attributes the store starts from. */
export interface EngineSettings {
  pageSize?: number;
}

/** Creates a store; {@link engineStoreFor} gives each element its own. */
export function createEngineStore(settings: EngineSettings = {}) {
  const keyword = signal('');
  const page = signal(1);
  const pageSize = signal(pageSizeOrDefault(settings.pageSize));
  const rules = signal<Loaded<{ list: ConditionRule[]; total: number }>>({ status: 'loading' });
  const busy = signal(false);
  const dialog = signal<EngineDialog>(null);
  /** The gate, asked once per element: null until known. */
  let engineOn: boolean | null = null;
  let generation = 0;

  const query = computed<ConditionRuleListQuery>(() => ({ page: page.value, per_page: pageSize.value, ...(keyword.value ? { keyword: keyword.value } : {}) }));

  /** Loads the page; the gate first (shell §4): while it is off nothing else is asked, the element says so. */
  async function load(client: ApiClient): Promise<void> {
    const current = ++generation;
    if (rules.value.status === 'ready') busy.value = true;
    else rules.value = { status: 'loading' };
    try {
      engineOn ??= moduleGates(await getMemberConsoleInfo(client)).conditionsMatchEngine;
      if (!engineOn) {
        if (current === generation) rules.value = { status: 'off' };
        return;
      }
      const answer = await listConditionRules(client, query.value);
      if (current !== generation) return;
      // A page emptied by a deletion or a narrower search goes back to the last page that has rows.
      const lastPage = Math.max(1, Math.ceil(answer.total / pageSize.value));
      if (answer.list.length === 0 && page.value > lastPage) {
        page.value = lastPage;
        return;
      }
      rules.value = { status: 'ready', data: answer };
    } catch {
      if (current === generation) rules.value = { status: 'error' };
    } finally {
      if (current === generation) busy.value = false;
    }
  }

  return {
    keyword,
    page,
    pageSize,
    rules,
    busy,
    dialog,
    query,
    load,
    setKeyword(next: string) {
      keyword.value = next.trim();
      page.value = 1;
    },
    setPage(next: number, size: number) {
      if (size !== pageSize.value) {
        pageSize.value = pageSizeOrDefault(size);
        page.value = 1;
      } else page.value = next;
    },
    setDialog(next: EngineDialog) {
      dialog.value = next;
    },
    applySettings(next: EngineSettings) {
      const size = pageSizeOrDefault(next.pageSize);
      if (size !== pageSize.value) {
        pageSize.value = size;
        page.value = 1;
      }
    },
  };
}

/** The store of one element. */
export type EngineStore = ReturnType<typeof createEngineStore>;

const stores = instanceStores<EngineStore>();

/** The store of one element, created on first use with the element's attributes. */
export function engineStoreFor(host: HTMLElement, settings: EngineSettings): EngineStore {
  return stores(host, () => createEngineStore(settings));
}
