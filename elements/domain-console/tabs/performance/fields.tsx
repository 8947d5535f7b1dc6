/**
 * The small form parts the performance, error page and live tabs share: the labelled field with a group's issue
 * translated, a whole-number input that keeps what was typed, and the per-group checks run before a save (the same
 * core/settings/performance.ts rules the server runs), merged with the server's issues.
 */
import { InputText } from 'primereact/inputtext';
import { useCallback, useState, type ReactNode } from 'react';
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import type { SettingsGroupName, SettingsGroupValues } from '../../../../core/settings/catalogue.js';
import { validatePerformanceGroup } from '../../../../core/settings/performance.js';
import { useT } from '../../../../core/ui/element-context.js';
import { LabelledField, type ControlProps } from '../../../../core/ui/parts/labelled-fields.js';
import { ErrorState, LoadingState } from '../../../../core/ui/parts/state-views.js';
import type { SettingsGroups } from '../../parts/use-settings-groups.js';

/** The issues a group shows: the form's own check when it ran, else what the server answered. */
export interface GroupIssues<N extends SettingsGroupName> {
  issues(name: N): FieldIssue[];
  /** `beforeSave` of a GroupSection: checks the groups' drafts; false (issues shown) when any fails. */
  check(names: readonly N[]): () => boolean;
}

/** The form checks of a tab's groups. */
export function useGroupIssues<N extends SettingsGroupName>(state: SettingsGroups<N>): GroupIssues<N> {
  const [local, setLocal] = useState<Partial<Record<N, FieldIssue[]>>>({});
  const issues = useCallback((name: N) => {
    const own = local[name];
    return own && own.length > 0 ? own : state.issuesOf(name);
  }, [local, state]);
  const check = useCallback(
    (names: readonly N[]) => () => {
      const found: Partial<Record<N, FieldIssue[]>> = {};
      let ok = true;
      for (const name of names) {
        found[name] = validatePerformanceGroup(name, state.value(name));
        if (found[name]!.length > 0) ok = false;
      }
      setLocal((previous) => ({ ...previous, ...found }));
      return ok;
    },
    [state],
  );
  return { issues, check };
}

/** The first issue of a field (exact name), or of the list itself. */
export function issueAt(issues: readonly FieldIssue[], field: string): FieldIssue | null {
  return issues.find((entry) => (entry.field ?? '') === field) ?? null;
}

/** A translated issue under a field; `id` is what the control's aria-describedby names. */
export function IssueText({ id, found }: { id: string; found: FieldIssue | null }) {
  const rules = useT('rules');
  if (!found) return null;
  return (
    <small id={id} className="ec-error-text" role="alert">
      {rules(found.key, found.values ?? {})}
    </small>
  );
}

/** The labelled field (core/ui/parts/labelled-fields.tsx) with a group's issue translated: `children` gets the control's props. */
export function Field({ label, hint, found, children }: { label: string; hint?: string; found: FieldIssue | null; children: (props: ControlProps) => ReactNode }) {
  const rules = useT('rules');
  return (
    <LabelledField label={label} hint={hint} error={found ? rules(found.key, found.values ?? {}) : null}>
      {children}
    </LabelledField>
  );
}

/**
 * A whole number: digits become a number, anything else is kept as typed (so nothing typed is lost) and the group's
 * check names it.
 */
export function NumberInput({ id, value, onChange, describedBy, invalid, suffix }: { id: string; value: number | string; onChange: (next: number) => void; describedBy?: string; invalid: boolean; suffix?: string }) {
  return (
    <span className="ec-row">
      <InputText
        id={id}
        inputMode="numeric"
        value={Number.isNaN(value) ? '' : String(value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const text = event.target.value.trim();
          onChange((/^\d{1,9}$/.test(text) ? Number(text) : event.target.value) as number);
        }}
      />
      {suffix && <span className="ec-muted">{suffix}</span>}
    </span>
  );
}

/** The text of a switch group's value. */
export function isOn(value: { status: 'on' | 'off' }): boolean {
  return value.status === 'on';
}

/** A typed change of one field of a group's value. */
export function patch<N extends SettingsGroupName>(state: SettingsGroups<N>, name: N) {
  return (fields: Partial<SettingsGroupValues[N]>) => state.change(name, (previous) => ({ ...previous, ...fields }));
}

/** The tab's loading and failure states around its groups. */
export function TabFrame<N extends SettingsGroupName>({ state, children }: { state: SettingsGroups<N>; children: ReactNode }) {
  const t = useT('domain-console');
  if (state.status === 'error') return <ErrorState message={t('tab-load-failed')} onRetry={state.reload} />;
  if (state.status === 'loading' || !state.groups) return <LoadingState message={t('tab-loading')} />;
  return (
    <div className="ec-stack">{children}</div>
  );
}
