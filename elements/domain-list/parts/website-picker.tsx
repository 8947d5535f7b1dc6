/**
 * A website picker: search, then tick websites from the first 500 matches (rules §5 "Website picker shows 500 rows by
 * default"). A site that cannot be picked (for batch setting: unapproved or without an origin, rules §5) is shown
 * disabled with its reason, so the user sees why before submitting.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId } from 'react';
import type { WebsiteInfo } from '../../../core/api/endpoints/websites.js';
import { formatCount } from '../../../core/i18n/format.js';
import type { RuleIssue } from '../../../core/rules/types.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { SearchInput } from '../../../core/ui/parts/search-input.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { StatusTag } from '../../../core/ui/parts/status-tag.js';
import type { WebsitePickerStore } from '../picker-store.js';
import { reasonText, statusTags } from '../vocabulary.js';

/** Props of {@link WebsitePicker}. */
export interface WebsitePickerProps {
  store: WebsitePickerStore;
  /** Accessible name of the list. */
  label: string;
  /** Why a site cannot be picked, or null. */
  refusal?: (site: WebsiteInfo) => RuleIssue | null;
}

/** Search and tick websites; `part="picker"`. */
export function WebsitePicker({ store, label, refusal }: WebsitePickerProps) {
  useSignals();
  const { client, language } = useElement();
  const t = useT('domain-list');
  const tRules = useT('rules');
  const tCommon = useT('common');
  const baseId = useId();
  const state = store.state.value;
  const ticked = store.ticked.value;
  const tags = statusTags(t);
  const search = store.search.value;

  useEffect(() => {
    void store.load(client);
  }, [store, client, search]);

  const pickable = state.status === 'ready' ? state.list.filter((site) => !refusal?.(site)) : [];
  const allTicked = pickable.length > 0 && pickable.every((site) => ticked.has(site.id));

  return (
    <div className="ec-stack" part="picker">
      <div className="ec-row">
        <SearchInput label={t('picker.search')} placeholder={t('search-placeholder')} value={search} debounceMs={300} onSearch={(text) => (store.search.value = text)} />
        <span className="ec-muted" aria-live="polite">
          {t('picker.ticked', { count: ticked.size, formatted: formatCount(ticked.size, language) })}
        </span>
      </div>
      {state.status === 'loading' && <LoadingState />}
      {state.status === 'error' && <ErrorState onRetry={() => void store.load(client)} />}
      {state.status === 'ready' && state.list.length === 0 && <EmptyState message={t('empty-filtered')} />}
      {state.status === 'ready' && state.list.length > 0 && (
        <div className="ec-picker">
          <div className="ec-checkbox ec-picker-all">
            <input
              id={`${baseId}-all`}
              type="checkbox"
              className="ec-check"
              checked={allTicked}
              disabled={pickable.length === 0}
              onChange={(event) => store.set(pickable.map((site) => site.id), event.target.checked)}
            />
            <label htmlFor={`${baseId}-all`}>{tCommon('action.select-all')}</label>
            {state.total > state.list.length && <span className="ec-muted ec-small">{t('picker.first-rows', { shown: state.list.length, total: formatCount(state.total, language) })}</span>}
          </div>
          <ul aria-label={label}>
            {state.list.map((site) => {
              const reason = refusal?.(site) ?? null;
              const id = `${baseId}-${site.id}`;
              return (
                <li key={site.id}>
                  <input
                    id={id}
                    type="checkbox"
                    className="ec-check"
                    checked={ticked.has(site.id)}
                    disabled={reason !== null}
                    aria-describedby={reason ? `${id}-reason` : undefined}
                    onChange={(event) => store.set([site.id], event.target.checked)}
                  />
                  <label htmlFor={id}>{site.domain}</label>
                  <StatusTag settings={tags} value={site.status} />
                  {reason && (
                    <span id={`${id}-reason`} className="ec-muted ec-small">
                      {reasonText(tRules, reason)}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
