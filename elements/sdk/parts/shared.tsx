/** Parts the SDK views share: field issues, the reputation tag, the business picker. */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useMemo } from 'react';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import { SDK_REPUTATION_LEVELS, type SdkReputationLevel } from '../../../core/api/endpoints/sdk.js';
import { useT } from '../../../core/ui/element-context.js';
import { ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { StatusTag, type StatusSetting } from '../../../core/ui/parts/status-tag.js';
import type { SdkStore } from '../store.js';

/** Field issues in the `rules` namespace, announced. */
export function Issues({ id, issues }: { id: string; issues: readonly FieldIssue[] }) {
  const rules = useT('rules');
  if (issues.length === 0) return <span id={id} hidden />;
  // The alert wraps the list: a list with role="alert" stops being a list to assistive technology.
  return (
    <div id={id} role="alert">
      <ul className="ec-issues ec-issues-error">
        {issues.map((found, index) => (
          <li key={`${found.key}-${index}`}>{rules(found.key, found.values ?? {})}</li>
        ))}
      </ul>
    </div>
  );
}

const LEVEL_COLOR: Readonly<Record<SdkReputationLevel, StatusSetting['color']>> = { premium: 'success', normal: 'info', risk: 'danger' };

/** A reputation level as a coloured tag (rules §3). */
export function ReputationTag({ level }: { level: SdkReputationLevel }) {
  const t = useT('sdk');
  const settings = useMemo(() => SDK_REPUTATION_LEVELS.map((value) => ({ value, label: t(`level.${value}`), color: LEVEL_COLOR[value] })), [t]);
  return <StatusTag settings={settings} value={level} />;
}

/**
 * Picks the business a view works on; renders `children` once one is chosen, the loading, error and "create a
 * business first" states otherwise.
 */
export function BusinessPicker({ store, children }: { store: SdkStore; children: (businessId: number) => React.ReactNode }) {
  useSignals();
  const t = useT('sdk');
  const id = useId();
  useEffect(() => store.ensureBusinesses(), [store]);
  const state = store.businesses.value;
  if (state.status === 'loading') return <LoadingState message={t('loading')} />;
  if (state.status === 'error') return <ErrorState message={t(state.forbidden ? 'forbidden' : 'load-failed')} onRetry={() => void store.loadBusinesses()} />;
  if (state.value.length === 0) return <p className="ec-muted">{t('picker.none')}</p>;
  const chosen = store.chosen.value ?? state.value[0]!.id;
  return (
    <div className="ec-stack">
      <div className="ec-row" part="toolbar">
        <label htmlFor={id}>{t('picker.label')}</label>
        <select id={id} className="p-inputtext p-component" value={chosen} onChange={(event) => (store.chosen.value = Number(event.target.value))}>
          {state.value.map((business) => (
            <option key={business.id} value={business.id}>
              {business.name}
            </option>
          ))}
        </select>
      </div>
      {children(chosen)}
    </div>
  );
}
