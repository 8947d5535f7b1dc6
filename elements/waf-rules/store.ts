/**
 * Per-instance store of `<ec-waf-rules>`: the rule-set list, the page configuration (package limit, IP lists) and the
 * rule set open in the editor as a working copy. The working copy is kept as a draft (sessionStorage, DESIGN "nothing
 * typed is lost"), and saving replays its differences with the calls of shell §7 in a safe order: delete, save new and
 * changed rules, stop/open/close, then sort with `{new_sorts}`. A failure stops the replay; what was not sent stays
 * unsaved and the failing rule shows the server's findings.
 */
import { batch, computed, signal } from '@preact/signals-react';
import { ApiError, VALIDATION_FAILED_CODE, type FieldIssue } from '../../core/api/catalogue.js';
import type { ApiClient } from '../../core/api/client.js';
import type { ListAnswer } from '../../core/api/endpoints/platform.js';
import {
  closePolicies,
  deletePolicies,
  getPoliciesByMain,
  getRuleSet,
  getWafPageConfig,
  listRuleSets,
  openPolicies,
  savePolicy,
  sortPolicies,
  stopPolicies,
  toPolicyConditions,
  type FirewallPolicy,
  type RuleSetInfo,
  type WafPageConfig,
} from '../../core/api/endpoints/waf.js';
import { pageSizeOrDefault } from '../../core/config/constants.js';
import type { RuleSetAttribution, WafRuleStatus } from '../../core/rules/waf.js';
import { discardDraft, loadDraft, saveDraft } from '../../core/session/drafts.js';
import type { EcEventName } from '../../core/ui/emit.js';
import { diff, fromPolicy, type WorkingRule } from './working-copy.js';
import { instanceStores } from '../../core/ui/instance-stores.js';
import { viewStateText } from '../../core/ui/view-state.js';

/** The element's tabs: the rule sets or the operation log. */
export type WafTab = 'sets' | 'log';
const ATTRIBUTIONS: readonly RuleSetAttribution[] = ['default', 'built-in', 'custom'];

/** Sends an element event (the element context's `emit`). */
export type Emit = <Name extends EcEventName>(name: Name, detail: EcEventDetails[Name]) => unknown;

/** The list's filters and page. */
export interface SetQuery {
  page: number;
  pageSize: number;
  name: string;
  attribution: RuleSetAttribution | '';
}

/** The rule-set list. */
export type SetsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; list: RuleSetInfo[]; total: number };

/** The rule set open in the editor. */
export type EditorState =
  | { status: 'loading'; id: number }
  | { status: 'error'; id: number }
  | { status: 'ready'; id: number; set: RuleSetInfo; baseline: WorkingRule[]; restored: boolean };

/** What the last save attempt left: nothing, the findings of the rule that was refused, or a failed call. */
export type SaveProblem = null | { kind: 'invalid'; key: string; issues: FieldIssue[] } | { kind: 'failed'; message: string };

/** Where the store keeps the open set of an element across reloads of the page (per tab). */
const OPEN_SET_KEY = 'ec-waf-rules.open-set';

function draftKey(setId: number): string {
  return `waf-rules:set:${setId}`;
}

async function allRules(client: ApiClient, setId: number): Promise<FirewallPolicy[]> {
  const rules: FirewallPolicy[] = [];
  for (let page = 1; ; page++) {
    const answer: ListAnswer<FirewallPolicy> = await getPoliciesByMain(client, setId, page);
    rules.push(...answer.list);
    if (rules.length >= answer.total || answer.list.length === 0) return rules;
  }
}

/**
 * Creates the store of one element. The API client is bound on every render (`bind`): it changes with the `lang` and
 * `api-base` attributes, and data is then fetched again in the new language.
 */
export function createWafRulesStore(settings: { pageSize?: number }) {
  let client: ApiClient | null = null;
  const query = signal<SetQuery>({ page: 1, pageSize: pageSizeOrDefault(settings.pageSize), name: '', attribution: '' });
  const sets = signal<SetsState>({ status: 'loading' });
  const config = signal<WafPageConfig | null>(null);
  const editor = signal<EditorState | null>(null);
  const working = signal<WorkingRule[]>([]);
  const saving = signal(false);
  const problem = signal<SaveProblem>(null);
  const changes = computed(() => (editor.value?.status === 'ready' ? diff(editor.value.baseline, working.value) : null));
  const tab = signal<WafTab>('sets');
  /** The set open in the editor was opened from the list (not named by `group-id`), so the view names it. */
  const openedFromList = signal(false);
  /** A set the bookmarked view names, opened when the element starts. */
  let bookmarkedSet: number | null = null;
  /**
   * The bookmarkable view (core/ui/view-state.ts; issue 19 "open WAF rule set"): the open set, the tab, the list's
   * search, attribution filter, page and page size.
   */
  const viewState = computed(() => {
    const open = editor.value !== null && openedFromList.value ? editor.value.id : '';
    return viewStateText(
      {
        set: open,
        tab: open ? '' : tab.value,
        search: query.value.name,
        attribution: query.value.attribution,
        page: query.value.page,
        size: query.value.pageSize,
      },
      { tab: 'sets', page: 1, size: pageSizeOrDefault(settings.pageSize) },
    );
  });

  /** Starts from a bookmarked view (the `view-state` attribute); values not allowed stay at their defaults. */
  function restoreViewState(text: string | undefined): void {
    if (!text) return;
    const params = new URLSearchParams(text);
    const set = Number(params.get('set'));
    const page = Number(params.get('page'));
    const attribution = params.get('attribution') ?? '';
    bookmarkedSet = Number.isSafeInteger(set) && set > 0 ? set : null;
    batch(() => {
      tab.value = params.get('tab') === 'log' ? 'log' : 'sets';
      query.value = {
        name: params.get('search') ?? '',
        attribution: ATTRIBUTIONS.find((known) => known === attribution) ?? '',
        page: Number.isSafeInteger(page) && page > 0 ? page : 1,
        pageSize: params.has('size') ? pageSizeOrDefault(Number(params.get('size'))) : query.value.pageSize,
      };
    });
  }

  /** The set the bookmarked view names, once: later starts follow the element's own state. */
  function takeBookmarkedSet(): number | null {
    const found = bookmarkedSet;
    bookmarkedSet = null;
    return found;
  }

  function api(): ApiClient {
    if (!client) throw new Error('the WAF rules store is used before its client is bound');
    return client;
  }

  /** Binds the element's current client (the component fetches again when it changes). */
  function bind(next: ApiClient): void {
    client = next;
  }

  async function loadSets(): Promise<void> {
    if (sets.value.status !== 'ready') sets.value = { status: 'loading' };
    const { page, pageSize, name, attribution } = query.value;
    try {
      const answer = await listRuleSets(api(), {
        page,
        per_page: pageSize,
        ...(name ? { name } : {}),
        ...(attribution ? { attribution } : {}),
      });
      sets.value = { status: 'ready', list: answer.list, total: answer.total };
    } catch {
      sets.value = { status: 'error' };
    }
  }

  async function loadConfig(): Promise<void> {
    try {
      config.value = await getWafPageConfig(api());
    } catch {
      config.value = null;
    }
  }

  function setQuery(next: Partial<SetQuery>): void {
    query.value = { ...query.value, ...next };
    void loadSets();
  }

  function persistWorking(): void {
    const state = editor.value;
    if (state?.status !== 'ready') return;
    if (diff(state.baseline, working.value).count > 0) saveDraft(draftKey(state.id), working.value);
    else discardDraft(draftKey(state.id));
  }

  async function openSet(id: number, remember: boolean): Promise<void> {
    if (remember) sessionStorage.setItem(OPEN_SET_KEY, String(id));
    batch(() => {
      openedFromList.value = remember;
      editor.value = { status: 'loading', id };
      problem.value = null;
    });
    try {
      const [set, rules] = await Promise.all([getRuleSet(api(), id), allRules(api(), id)]);
      const baseline = rules.map(fromPolicy);
      const draft = loadDraft<WorkingRule[]>(draftKey(id));
      batch(() => {
        editor.value = { status: 'ready', id, set, baseline, restored: draft !== undefined };
        working.value = draft ?? baseline;
      });
    } catch {
      editor.value = { status: 'error', id };
    }
  }

  function closeSet(): void {
    sessionStorage.removeItem(OPEN_SET_KEY);
    batch(() => {
      editor.value = null;
      openedFromList.value = false;
    });
    void loadSets();
  }

  /** The set this element had open before the page reloaded, if any. */
  function rememberedSet(): number | null {
    const stored = Number(sessionStorage.getItem(OPEN_SET_KEY));
    return Number.isSafeInteger(stored) && stored > 0 ? stored : null;
  }

  function setWorking(next: WorkingRule[]): void {
    working.value = next;
    problem.value = null;
    persistWorking();
  }

  function discardChanges(): void {
    const state = editor.value;
    if (state?.status !== 'ready') return;
    discardDraft(draftKey(state.id));
    batch(() => {
      working.value = state.baseline;
      problem.value = null;
      editor.value = { ...state, restored: false };
    });
  }

  /** Replays the working copy's changes on the server; see the module comment. */
  async function saveChanges(emit: Emit): Promise<boolean> {
    const state = editor.value;
    if (state?.status !== 'ready' || saving.value) return false;
    const setId = state.id;
    const change = diff(state.baseline, working.value);
    saving.value = true;
    problem.value = null;
    let current = 'set';
    try {
      if (change.deleted.length > 0) {
        await deletePolicies(api(), change.deleted);
        emit('ec-rule-deleted', { ruleSetId: setId, ids: change.deleted });
      }
      for (const rule of change.saved) {
        current = rule.key;
        const saved = await savePolicy(api(), {
          ...(rule.id === undefined ? {} : { id: rule.id }),
          main_id: setId,
          rules: toPolicyConditions(rule.conditions),
          action: rule.action,
          status: rule.status,
          remark: rule.remark,
        });
        // The rule keeps its key, so the row (and a failure shown on it) stays put while the save goes on.
        working.value = working.value.map((item) => (item.key === rule.key ? { ...fromPolicy(saved), key: rule.key } : item));
        emit('ec-rule-saved', { ruleSetId: setId, rule: saved, created: rule.id === undefined });
      }
      current = 'set';
      const calls: Record<WafRuleStatus, typeof openPolicies> = { enabled: openPolicies, observation: stopPolicies, closed: closePolicies };
      for (const [status, ids] of change.status) {
        await calls[status](api(), ids);
        emit('ec-rule-status-changed', { ruleSetId: setId, ids, status });
      }
      const ids = working.value.map((rule) => rule.id!);
      if (change.reordered) {
        await sortPolicies(api(), ids.map((id, index) => ({ id, sort: index + 1 })));
        emit('ec-rules-reordered', { ruleSetId: setId, ids });
      }
      discardDraft(draftKey(setId));
      await openSet(setId, false);
      return true;
    } catch (error) {
      const data = error instanceof ApiError ? (error.data as { errors?: FieldIssue[] } | undefined) : undefined;
      if (error instanceof ApiError && error.code === VALIDATION_FAILED_CODE && data?.errors) {
        problem.value = { kind: 'invalid', key: current, issues: data.errors };
      } else {
        problem.value = { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
      }
      // What was sent is on the server now: reload it as the baseline, keep the rest of the working copy.
      await refreshBaseline(setId);
      return false;
    } finally {
      saving.value = false;
    }
  }

  async function refreshBaseline(setId: number): Promise<void> {
    try {
      const rules = await allRules(api(), setId);
      const state = editor.value;
      if (state?.status === 'ready' && state.id === setId) {
        const known = new Set(rules.map((rule) => rule.id));
        // Rules deleted on the server leave the working copy too; everything else stays as the user left it.
        working.value = working.value.filter((rule) => rule.id === undefined || known.has(rule.id));
        editor.value = { ...state, baseline: rules.map(fromPolicy) };
        persistWorking();
      }
    } catch {
      // The next save or reload tries again; the working copy stays as it is.
    }
  }

  return {
    bind,
    tab,
    viewState,
    restoreViewState,
    takeBookmarkedSet,
    query,
    sets,
    config,
    editor,
    working,
    saving,
    problem,
    changes,
    loadSets,
    loadConfig,
    setQuery,
    openSet,
    closeSet,
    rememberedSet,
    setWorking,
    discardChanges,
    saveChanges,
  };
}

/** The store type. */
export type WafRulesStore = ReturnType<typeof createWafRulesStore>;

const stores = instanceStores<WafRulesStore>();

/** The store of an element: created once per host, so moving the element keeps the open set and its working copy. */
export function wafRulesStoreFor(host: HTMLElement, settings: { pageSize?: number; viewState?: string }): WafRulesStore {
  return stores(host, () => {
    const store = createWafRulesStore(settings);
    store.restoreViewState(settings.viewState);
    return store;
  });
}
