/**
 * The one way a domain console tab reads and saves its settings groups (shell §7 `V4/web.domain.set.get` by group and
 * `V4/web.domain.set.save`): it loads only the tab's groups, keeps an editable draft per group that survives a reload,
 * a session expiry or a failed save (useDraft), saves one or more groups with the revisions they were read at, and
 * answers the server's field issues per group. A save overtaken by another editor (CONFLICT_CODE) keeps the draft and
 * says so; "Reload" then fetches the new values and drops the draft.
 */
import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ApiError, CONFLICT_CODE, type FieldIssue } from '../../../core/api/catalogue.js';
import { getDomainSettings, saveDomainSettings, type DomainSettingsSaveGroups } from '../../../core/api/endpoints/domain-settings.js';
import type { SettingsGroupName, SettingsGroupState, SettingsGroupValues } from '../../../core/settings/catalogue.js';
import { useElement } from '../../../core/ui/element-context.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { useDraft } from '../../../core/ui/use-draft.js';
import { SettingsTargetContext } from './settings-target.js';

type States<N extends SettingsGroupName> = { [K in N]: SettingsGroupState<SettingsGroupValues[K]> };
type Drafts<N extends SettingsGroupName> = { [K in N]?: SettingsGroupValues[K] };

/** What {@link useSettingsGroups} answers. */
export interface SettingsGroups<N extends SettingsGroupName> {
  status: 'loading' | 'error' | 'ready';
  /** The groups as last read (or saved); undefined until loaded. */
  groups: States<N> | undefined;
  /** The value a form shows: the draft when the user changed the group, the stored value otherwise. */
  value<K extends N>(name: K): SettingsGroupValues[K];
  /** Changes a group's draft. */
  change<K extends N>(name: K, next: SettingsGroupValues[K] | ((previous: SettingsGroupValues[K]) => SettingsGroupValues[K])): void;
  /** Whether the user changed a group since it was read. */
  dirty(name: N): boolean;
  /** Drops a group's draft (the form shows the stored value again). */
  reset(name: N): void;
  /** Whether a group may be changed here: the server says editable and the element is not read-only. */
  editable(name: N): boolean;
  /** Saves groups (their drafts, or their stored values when unchanged); true when saved. */
  save(names: readonly N[]): Promise<boolean>;
  saving: boolean;
  /** The translated message of the last failed save, or ''. */
  error: string;
  /** The last save was overtaken by another editor's: the drafts are kept; offer {@link reload}. */
  conflict: boolean;
  /** The server's (or a check's) issues of a group, with field names relative to the group's value. */
  issuesOf(name: N): FieldIssue[];
  /** Reads the groups again and forgets every draft. */
  reload(): void;
  /** True when drafts from an earlier visit were restored. */
  restored: boolean;
}

/**
 * Loads `names` of a domain and manages their drafts and saves. `names` must be stable (a module constant).
 * `readonly` (the element's mode) makes every group view-only whatever the server allows.
 */
export function useSettingsGroups<N extends SettingsGroupName>(
  domainId: number,
  names: readonly N[],
  options: { readonly: boolean; onSaved?: (names: readonly N[]) => void },
): SettingsGroups<N> {
  const { client } = useElement();
  // A template or the global policy (issue 21) renders these tabs with its own target; otherwise the domain's.
  const target = useContext(SettingsTargetContext);
  const [status, setStatus] = useState<'loading' | 'error' | 'ready'>('loading');
  const [groups, setGroups] = useState<States<N> | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  const [conflict, setConflict] = useState(false);
  const [drafts, setDrafts, draftControls] = useDraft<Drafts<N>>(`${target ? target.key : `domain-console:${domainId}`}:${names.join(',')}`, {});
  const saver = useSave();

  useEffect(() => {
    const controller = new AbortController();
    setStatus((previous) => (previous === 'ready' ? previous : 'loading'));
    const read = target ? target.read(client, names, { signal: controller.signal }) : getDomainSettings(client, domainId, names, { signal: controller.signal });
    read.then(
      (answer) => {
        setGroups(answer as unknown as States<N>);
        setStatus('ready');
      },
      () => {
        if (!controller.signal.aborted) setStatus('error');
      },
    );
    return () => controller.abort();
  }, [client, domainId, names, attempt, target]);

  const value = useCallback(
    <K extends N>(name: K): SettingsGroupValues[K] => (drafts[name] ?? groups?.[name].value) as SettingsGroupValues[K],
    [drafts, groups],
  );

  const change = useCallback(
    <K extends N>(name: K, next: SettingsGroupValues[K] | ((previous: SettingsGroupValues[K]) => SettingsGroupValues[K])) => {
      setDrafts((previous) => {
        const current = (previous[name] ?? groups?.[name].value) as SettingsGroupValues[K];
        const computed = typeof next === 'function' ? (next as (p: SettingsGroupValues[K]) => SettingsGroupValues[K])(current) : next;
        return { ...previous, [name]: computed };
      });
    },
    [groups, setDrafts],
  );

  const reset = useCallback(
    (name: N) =>
      setDrafts((previous) => {
        const rest = { ...previous } as Record<string, unknown>;
        delete rest[name];
        return rest as Drafts<N>;
      }),
    [setDrafts],
  );

  const save = useCallback(
    async (toSave: readonly N[]): Promise<boolean> => {
      if (!groups) return false;
      setConflict(false);
      const body: DomainSettingsSaveGroups = {};
      for (const name of toSave) {
        (body as Record<string, unknown>)[name] = { revision: groups[name].revision, value: drafts[name] ?? groups[name].value };
      }
      const outcome = await saver.run(() =>
        (target
          ? target.save(client, body as Parameters<typeof target.save>[1], { notify: false })
          : saveDomainSettings(client, { domain_id: domainId, group: body }, { notify: false })
        ).catch((error: unknown) => {
          if (isConflict(error)) setConflict(true);
          throw error;
        }),
      );
      if (!outcome.ok) return false;
      setGroups((previous) => (previous ? ({ ...previous, ...(outcome.value as Partial<States<N>>) } as States<N>) : previous));
      setDrafts((previous) => {
        const rest = { ...previous } as Record<string, unknown>;
        for (const name of toSave) delete rest[name];
        return rest as Drafts<N>;
      });
      options.onSaved?.(toSave);
      return true;
    },
    [client, domainId, drafts, groups, options, saver, setDrafts, target],
  );

  const issuesOf = useCallback(
    (name: N) =>
      saver.issues
        .filter((entry) => entry.field === name || entry.field?.startsWith(`${name}.`))
        .map((entry) => ({ ...entry, field: entry.field === name ? '' : entry.field!.slice(name.length + 1) })),
    [saver.issues],
  );

  return useMemo(
    () => ({
      status,
      groups,
      value,
      change,
      dirty: (name: N) => drafts[name] !== undefined,
      reset,
      editable: (name: N) => !options.readonly && groups?.[name].editable === true,
      save,
      saving: saver.saving,
      error: saver.error,
      conflict,
      issuesOf,
      reload: () => {
        draftControls.discard();
        setDrafts({});
        setConflict(false);
        saver.reset();
        setAttempt((count) => count + 1);
      },
      restored: draftControls.restored,
    }),
    [status, groups, value, change, drafts, reset, options.readonly, save, saver, conflict, issuesOf, draftControls, setDrafts],
  );
}

/** Whether a failure is another editor's save overtaking this one. */
function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.code === CONFLICT_CODE;
}
