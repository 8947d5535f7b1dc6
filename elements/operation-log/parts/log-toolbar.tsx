/**
 * The filters of `<ec-operation-log>`: time range (rules §9 date ranges, custom inputs in UTC+8), area, action,
 * operator and object, plus refresh. Every control has a visible label; Dropdowns also name their hidden input and
 * select for screen readers (NOTES.md, PrimeReact in a shadow root).
 */
import { Button } from 'primereact/button';
import { useMemo } from 'react';
import { labelOf } from '../../../core/i18n/i18n.js';
import { useT } from '../../../core/ui/element-context.js';
import { SearchInput } from '../../../core/ui/parts/search-input.js';
import { ACTION_LABEL_KEYS, AREA_LABEL_KEYS } from '../labels.js';
import type { OperationLogFilters, OperatorChoice } from '../store.js';
import type { TimeRangePreset } from '../../../core/i18n/time-range.js';
import { FilterField } from '../../../core/ui/parts/filter-field.js';
import { TimeRangeFields, type TimeRangeValue } from '../../../core/ui/parts/time-range-filter.js';

/** Props of {@link LogToolbar}. */
export interface LogToolbarProps {
  /** The filters as the store has them. */
  filters: OperationLogFilters;
  /** The area the element is locked to ('' when the user may choose). */
  lockedArea: string;
  /** The signed-in user as an operator choice; null when unknown or when the account only sees its own entries. */
  me: OperatorChoice | null;
  /** The operator filter is offered (a child account only ever sees its own entries). */
  showOperator: boolean;
  /** Called with the area picked ('' for all). */
  onArea: (area: string) => void;
  /** Called with the action picked ('' for all). */
  onAction: (action: string) => void;
  /** Called with the operator picked (null for all). */
  onOperator: (operator: OperatorChoice | null) => void;
  /** Called with the object ID searched for ('' for all). */
  onObject: (objectId: string) => void;
  /** Called with the range preset picked. */
  onRange: (range: TimeRangePreset) => void;
  /** Called with the custom range inputs as typed (UTC+8 `datetime-local` text). */
  onCustom: (custom: { start: string; end: string }) => void;
  /** Called by the refresh button. */
  onRefresh: () => void;
}

interface Option {
  value: string;
  label: string;
}


/** The toolbar; `part="toolbar"`. */
export function LogToolbar(props: LogToolbarProps) {
  const { filters, lockedArea, me, showOperator } = props;
  const t = useT();
  const time: TimeRangeValue = { range: filters.range, custom: filters.custom };
  // The one range part (core/ui/parts/time-range-filter.tsx) reports a preset or the custom inputs as typed.
  const onTime = (change: Partial<TimeRangeValue>) => {
    if (change.range !== undefined) props.onRange(change.range);
    else if (change.custom !== undefined) props.onCustom(change.custom);
  };
  const areaOptions: Option[] = useMemo(() => {
    const known = Object.keys(AREA_LABEL_KEYS);
    // An area the console has no name for (from the attribute) is still offered, by its id.
    const areas = filters.area && !known.includes(filters.area) ? [...known, filters.area] : known;
    return areas.map((value) => ({ value, label: labelOf(t, AREA_LABEL_KEYS, value) }));
  }, [filters.area, t]);
  const actionOptions: Option[] = useMemo(
    () => Object.keys(ACTION_LABEL_KEYS).map((value) => ({ value, label: labelOf(t, ACTION_LABEL_KEYS, value) })),
    [t],
  );
  const operatorChoices = useMemo(() => {
    const choices = new Map<string, { label: string; choice: OperatorChoice }>();
    if (me) choices.set(String(me.userId), { label: t('filter.only-me'), choice: me });
    // An operator picked from a row stays selectable under its name.
    if (filters.operator && !choices.has(String(filters.operator.userId))) {
      choices.set(String(filters.operator.userId), { label: filters.operator.label, choice: filters.operator });
    }
    return choices;
  }, [me, filters.operator, t]);

  const label = {
    area: t('filter.area'),
    action: t('filter.action'),
    operator: t('filter.operator'),
  };

  return (
    <div className="ec-stack ec-log-toolbar" part="toolbar" role="search" aria-label={t('toolbar-label')}>
      <div className="ec-row ec-toolbar">
        <TimeRangeFields value={time} onChange={onTime} />
        {/* A page that fixes the area (the DNS operation log) says so by its title; a locked, greyed filter would only
            be a control that cannot be used. */}
        {lockedArea === '' && (
          <FilterField<string> label={label.area} value={filters.area} options={areaOptions} allLabel={t('filter.all-areas')} onChange={props.onArea} />
        )}
        <FilterField<string> label={label.action} value={filters.action} options={actionOptions} allLabel={t('filter.all-actions')} onChange={props.onAction} />
        {showOperator && (
          <FilterField<string>
            label={label.operator}
            value={filters.operator ? String(filters.operator.userId) : ''}
            options={[...operatorChoices].map(([value, { label: text }]) => ({ value, label: text }))}
            allLabel={t('filter.all-operators')}
            onChange={(value) => props.onOperator(value === '' ? null : (operatorChoices.get(value)?.choice ?? null))}
          />
        )}
        <div className="ec-filter">
          <span className="ec-filter-label" aria-hidden="true">
            {t('filter.object')}
          </span>
          <SearchInput label={t('filter.object')} value={filters.objectId} onSearch={props.onObject} />
        </div>
        <span className="ec-spacer" />
        <Button type="button" icon="pi pi-refresh" outlined label={t('refresh')} onClick={props.onRefresh} />
      </div>
    </div>
  );
}
