/**
 * Per-instance store of `<ec-cache-rules>`: the domain's `cdn_advance_cache` and `browser_cache` groups, the plan
 * actions (rules §6 gating of regular expressions) and the saves. Every change (add, edit, delete, reorder, status)
 * sends the whole rule list with the revision it was made from (shell §7 `V4/web.domain.set.save`), so two editors
 * never overwrite each other unseen: a stale revision reloads the list and says so. Kept per host element, so moving
 * the element (which unmounts React) keeps what it loaded.
 */
import { batch, signal } from '@preact/signals-react';
import { ApiError, CONFLICT_CODE, VALIDATION_FAILED_CODE, type FieldIssue } from '../../core/api/catalogue.js';
import type { ApiClient } from '../../core/api/client.js';
import {
  getDomainSettings,
  saveDomainSettings,
  type BrowserCacheSettings,
  type CacheRuleInfo,
  type CacheRuleSave,
  type CdnAdvanceCacheSettings,
} from '../../core/api/endpoints/domain-settings.js';
import { getPlanActions, type PlanActionsAnswer } from '../../core/api/endpoints/platform.js';
import { DEFAULT_PAGE_SIZE, pageSizeOrDefault } from '../../core/config/constants.js';
import { instanceStores } from '../../core/ui/instance-stores.js';

/** What the element shows. */
export type CacheRulesState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; cache: CdnAdvanceCacheSettings; browser: BrowserCacheSettings };

/** How a save ended: saved, refused with field findings (fields relative to the rule list), or overtaken. */
export type SaveOutcome =
  | { kind: 'saved'; rules: CacheRuleInfo[] }
  | { kind: 'invalid'; issues: FieldIssue[] }
  | { kind: 'conflict' }
  /** Any other fault; `error` is what the call threw, so a dialog can show the error catalogue's message for it. */
  | { kind: 'failed'; error?: unknown };

/** The rule as it is saved again: the stored fields without what the server derives. */
export function toSave(rule: CacheRuleInfo): CacheRuleSave {
  const { priority: _priority, share_domain: _share, updated_at: _updated, ...save } = rule;
  return save;
}

/** Creates a store; {@link cacheRulesStoreFor} gives each element its own. */
export function createCacheRulesStore() {
  const state = signal<CacheRulesState>({ status: 'loading' });
  // Rules page like every list (shell §9): a domain may hold 400, and each row carries its own controls.
  const page = signal(1);
  const size = signal(DEFAULT_PAGE_SIZE);
  const actions = signal<PlanActionsAnswer | null>(null);
  const saving = signal(false);
  let generation = 0;
  let loadedDomain: number | null = null;

  async function load(client: ApiClient, domainId: number): Promise<void> {
    const mine = ++generation;
    if (loadedDomain !== domainId || state.value.status !== 'ready') state.value = { status: 'loading' };
    loadedDomain = domainId;
    try {
      const [groups, plan] = await Promise.all([
        getDomainSettings(client, domainId, ['cdn_advance_cache', 'browser_cache'] as const),
        // Without the plan actions, gating denies (plan-gating.ts), so a failure here only hides regular expressions.
        getPlanActions(client).catch(() => null),
      ]);
      if (mine !== generation) return;
      batch(() => {
        state.value = { status: 'ready', cache: groups.cdn_advance_cache, browser: groups.browser_cache };
        actions.value = plan;
      });
    } catch {
      if (mine === generation) state.value = { status: 'error' };
    }
  }

  /** Saves the whole list in this order. Field findings come back relative to the list (`rules.<i>.<field>`). */
  async function saveRules(client: ApiClient, domainId: number, rules: CacheRuleSave[]): Promise<SaveOutcome> {
    const current = state.value;
    if (current.status !== 'ready') return { kind: 'failed' };
    saving.value = true;
    try {
      const answer = await saveDomainSettings(
        client,
        { domain_id: domainId, group: { cdn_advance_cache: { revision: current.cache.revision, rules } } },
        { notify: false },
      );
      const cache = answer.cdn_advance_cache!;
      state.value = { ...current, cache };
      return { kind: 'saved', rules: cache.rules };
    } catch (error) {
      if (error instanceof ApiError && error.code === VALIDATION_FAILED_CODE) {
        const found = (error.data as { errors?: FieldIssue[] } | null)?.errors ?? [];
        const issues = found.map((entry) => ({ ...entry, field: entry.field.replace(/^cdn_advance_cache\./, '') }));
        return { kind: 'invalid', issues: issues.length > 0 ? issues : [{ field: 'rules', key: 'common.format-error' }] };
      }
      if (error instanceof ApiError && error.code === CONFLICT_CODE) {
        await load(client, domainId);
        return { kind: 'conflict' };
      }
      return { kind: 'failed', error };
    } finally {
      saving.value = false;
    }
  }

  /** Switches the browser_cache group; answers whether it was saved (the client shows why not). */
  async function setBrowserCache(client: ApiClient, domainId: number, status: BrowserCacheSettings['status']): Promise<boolean> {
    const current = state.value;
    if (current.status !== 'ready') return false;
    saving.value = true;
    try {
      const answer = await saveDomainSettings(client, { domain_id: domainId, group: { browser_cache: { status } } });
      state.value = { ...current, browser: answer.browser_cache! };
      return true;
    } catch {
      return false;
    } finally {
      saving.value = false;
    }
  }

  return {
    state,
    actions,
    saving,
    page,
    size,
    load,
    saveRules,
    setBrowserCache,
    setPage(next: number, nextSize: number): void {
      batch(() => {
        page.value = next;
        size.value = pageSizeOrDefault(nextSize);
      });
    },
    applyPageSize(value: number | undefined): void {
      if (value !== undefined) size.value = pageSizeOrDefault(value);
    },
    /** Turns to the page that shows the rule at a 0-based position. */
    showPosition(index: number): void {
      page.value = Math.floor(index / size.value) + 1;
    },
  };
}

/** The store type. */
export type CacheRulesStore = ReturnType<typeof createCacheRulesStore>;

const stores = instanceStores<CacheRulesStore>();

/** The store of one element instance. */
export function cacheRulesStoreFor(host: HTMLElement): CacheRulesStore {
  return stores(host, () => createCacheRulesStore());
}
