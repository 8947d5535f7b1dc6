/**
 * The condition rules (rules §3 "Condition rule: name, description, citation count, status"): search by name or
 * description, the status switch and delete (both confirmed by the element: ./confirm-dialog.tsx), the citation count
 * opening where the rule is used, and edit. A rule the caller may
 * not change (rules §6, `editable` from the server) shows the read-only mark in place of the actions.
 */
import { Button } from 'primereact/button';
import { useMemo, useRef } from 'react';
import type { ConditionRule } from '../../../core/api/endpoints/conditions.js';
import { formatLogTime } from '../../../core/i18n/format.js';
import { useT } from '../../../core/ui/element-context.js';
import type { FastColumn } from '../../../core/ui/parts/fast-table.js';
import { ReadOnlyMark, useReadOnlyReason } from '../../../core/ui/parts/read-only.js';
import { SearchableTable, type SearchableListProps } from '../../../core/ui/parts/searchable-table.js';
import { EmptyState } from '../../../core/ui/parts/state-views.js';
import type { Loaded } from '../store.js';

/** Props of {@link RuleTable}. */
export interface RuleTableProps extends SearchableListProps {
  rules: Loaded<{ list: ConditionRule[]; total: number }>;
  onEdit: (rule: ConditionRule) => void;
  onCitations: (rule: ConditionRule) => void;
  /** Asks to switch the status (the caller confirms). */
  onStatus: (rule: ConditionRule) => void;
  /** Asks to delete (the caller confirms). */
  onDelete: (rule: ConditionRule) => void;
}

/** Toolbar, table and pager of the condition rules (the shared searchable table, as the IP lists use it). */
export function RuleTable(props: RuleTableProps) {
  const { rules } = props;
  const t = useT();
  const reason = useReadOnlyReason('security_policy');
  // The columns stay one array (FastTable renders every row again for a new one); the cells call the latest props.
  const latest = useRef(props);
  latest.current = props;

  const columns = useMemo((): FastColumn<ConditionRule>[] => {
    const statusCell = (rule: ConditionRule) => {
      const on = rule.status === 'enabled';
      const label = t(on ? 'status.enabled' : 'status.suspended');
      if (!rule.editable) return <span className={`ec-status-tag ec-status-${on ? 'success' : 'neutral'}`}>{label}</span>;
      return (
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-haspopup="dialog"
          aria-label={t('list.switch-of', { name: rule.name })}
          className={`ec-switch${on ? ' ec-switch-on' : ''}`}
          onClick={() => latest.current.onStatus(rule)}
        >
          <span className="ec-switch-track" aria-hidden="true">
            <span className="ec-switch-thumb" />
          </span>
          <span>{label}</span>
        </button>
      );
    };
    const actions = (rule: ConditionRule) => {
      const handlers = latest.current;
      if (!rule.editable) return <ReadOnlyMark reason={reason} />;
      return (
        <div className="ec-row ec-row-actions">
          <Button type="button" text size="small" label={t('action.edit')} aria-label={t('list.edit-of', { name: rule.name })} onClick={() => handlers.onEdit(rule)} />
          <Button
            type="button"
            text
            size="small"
            severity="danger"
            label={t('action.delete')}
            aria-label={t('list.delete-of', { name: rule.name })}
            aria-haspopup="dialog"
            onClick={() => handlers.onDelete(rule)}
          />
        </div>
      );
    };
    return [
      { key: 'name', className: 'ec-col-primary', header: t('column.name'), truncate: (rule) => rule.name },
      { key: 'description', header: t('column.description'), title: t('column.description'), hideable: true, truncate: (rule) => rule.description },
      {
        key: 'citations',
        header: t('column.citations'),
        title: t('column.citations'),
        className: 'ec-nowrap',
        cell: (rule) => (
          <button type="button" className="ec-link" aria-label={t('list.citations-of', { name: rule.name, count: rule.citations })} onClick={() => latest.current.onCitations(rule)}>
            {rule.citations}
          </button>
        ),
      },
      { key: 'status', header: t('column.status'), title: t('column.status'), className: 'ec-nowrap', cell: statusCell },
      { key: 'updated', header: t('column.updated-at'), title: t('column.updated-at'), hideable: true, className: 'ec-nowrap', cell: (rule) => formatLogTime(rule.updated_at) },
      { key: 'actions', className: 'ec-col-actions', header: t('column.actions'), cell: actions },
    ];
  }, [t, reason]);

  // Shell §4: with the engine's gate off there is nothing to search or create, only the notice.
  if (rules.status === 'off') {
    return (
      <div className="ec-stack">
        <EmptyState message={t('engine-off')} />
      </div>
    );
  }
  return (
    <SearchableTable
      {...props}
      rows={rules}
      columns={columns}
      rowKey={(rule) => rule.id}
      rowState={(rule) => `${rule.status}:${rule.citations}:${rule.editable}:${rule.updated_at}`}
      columnsKey="conditions-match-engine.rules"
      module="security_policy"
    />
  );
}
