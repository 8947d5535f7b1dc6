/**
 * The selection bar of `<ec-domain-list>`: how many websites are selected, the offer to select every website matching
 * the filters once the whole page is ticked, and the batch actions (suspend, enable, move to a group, delete). Delete
 * takes at most 500 websites at once (rules §9); the bar says so instead of sending a request bound to be refused.
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { memo, useId, useState } from 'react';
import { UNGROUPED, type WebsiteGroup } from '../../../core/api/endpoints/websites.js';
import { formatCount } from '../../../core/i18n/format.js';
import { WEBSITE_BATCH_MAX } from '../../../core/rules/websites.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import type { DomainSelection } from '../store.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';

/** A batch action of the bar. */
export type BatchAction = { kind: 'suspend' } | { kind: 'enable' } | { kind: 'delete' } | { kind: 'group'; groupId: number | null };

/** Props of {@link SelectionBar}. */
export interface SelectionBarProps {
  selection: DomainSelection;
  count: number;
  total: number;
  /** Every row of the current page is ticked. */
  pageTicked: boolean;
  groups: readonly WebsiteGroup[];
  onSelectAll: () => void;
  onClear: () => void;
  onAction: (action: BatchAction, trigger: HTMLElement) => void;
}

/** Counts, select-all-matching and batch actions; `part="selection"`. Memoised, so paging does not render it again. */
export const SelectionBar = memo(function SelectionBar({ selection, count, total, pageTicked, groups, onSelectAll, onClear, onAction }: SelectionBarProps) {
  const { language } = useElement();
  const t = useT('domain-list');
  const tRules = useT('rules');
  const groupId = useId();
  const [target, setTarget] = useState<number>(UNGROUPED);

  if (count === 0) return null;
  const all = selection.mode === 'all';
  const tooMany = count > WEBSITE_BATCH_MAX;
  const groupOptions = [{ value: UNGROUPED, label: t('group.none') }, ...groups.map((group) => ({ value: group.id, label: group.name }))];

  return (
    <div className="ec-selection-bar" part="selection" role="region" aria-label={t('selection.label')}>
      <span aria-live="polite">
        {all && selection.exclude.size === 0
          ? t('selection.all-matching', { count, formatted: formatCount(count, language) })
          : t('selection.count', { count, formatted: formatCount(count, language) })}
      </span>
      {!all && pageTicked && total > count && (
        <button type="button" className="ec-link ec-select-all-matching" onClick={onSelectAll}>
          {t('selection.select-all-matching', { count: total, formatted: formatCount(total, language) })}
        </button>
      )}
      <button type="button" className="ec-link" onClick={onClear}>
        {t('selection.clear')}
      </button>
      <span className="ec-spacer" />
      <Button type="button" size="small" outlined label={t('action.suspend')} onClick={(event) => onAction({ kind: 'suspend' }, event.currentTarget)} />
      <Button type="button" size="small" outlined label={t('action.enable')} onClick={(event) => onAction({ kind: 'enable' }, event.currentTarget)} />
      <div className="ec-row ec-move-group">
        <label htmlFor={groupId} className="ec-visually-hidden">
          {t('selection.move-to')}
        </label>
        <Dropdown
          inputId={groupId}
          value={target}
          options={groupOptions}
          onChange={(event) => setTarget(event.value as number)}
          pt={namedDropdown(t('selection.move-to'))}
        />
        <Button
          type="button"
          size="small"
          outlined
          label={t('action.move')}
          onClick={(event) => onAction({ kind: 'group', groupId: target === UNGROUPED ? null : target }, event.currentTarget)}
        />
      </div>
      <Button
        type="button"
        size="small"
        severity="danger"
        label={t('action.delete')}
        disabled={tooMany}
        onClick={(event) => onAction({ kind: 'delete' }, event.currentTarget)}
      />
      {tooMany && <span className="ec-error-text">{tRules('websites.too-many-domains', { max: WEBSITE_BATCH_MAX })}</span>}
    </div>
  );
});
