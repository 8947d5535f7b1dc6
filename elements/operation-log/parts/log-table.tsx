/**
 * The table of `<ec-operation-log>`: one server page of entries (time in UTC+8, operator, area, action, object,
 * IP, changes), or the loading, error or empty state in its place.
 */
import { Button } from 'primereact/button';
import type { OperationLogEntry } from '../../../core/api/endpoints/platform.js';
import { formatLogTime } from '../../../core/i18n/format.js';
import { labelOf } from '../../../core/i18n/i18n.js';
import { useMemo, useRef } from 'react';
import { useT } from '../../../core/ui/element-context.js';
import { FastTable, type FastColumn } from '../../../core/ui/parts/fast-table.js';
import { NavLink } from '../../../core/ui/parts/nav-link.js';
import { Pager, type PageChange } from '../../../core/ui/parts/pager.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { ACTION_LABEL_KEYS, AREA_LABEL_KEYS } from '../labels.js';
import { LOG_RETRIEVAL_ROUTE, logLinesView } from '../log-lines.js';
import type { OperationLogState, OperatorChoice } from '../store.js';

/** Props of {@link LogTable}. */
export interface LogTableProps {
  /** What the store holds. */
  state: OperationLogState;
  /** A reload is running over the rows shown. */
  busy: boolean;
  /** Current page, 1-based. */
  page: number;
  /** Rows per page. */
  pageSize: number;
  /** Operator names are buttons that filter by that operator (not offered to child accounts). */
  operatorFilter: boolean;
  /** Called when the user picks an operator in a row. */
  onOperator: (operator: OperatorChoice) => void;
  /** Called when the user opens an entry's changes. */
  onOpen: (entry: OperationLogEntry) => void;
  /** Called with the page the user picks. */
  onPage: (change: PageChange) => void;
  /** Called by the retry button of the error state. */
  onRetry: () => void;
}

/** How the table and the diff dialog name an entry's object: its label, else its id. */
export function objectNameOf(entry: OperationLogEntry): string {
  return entry.object_label || entry.object_id;
}

/** Entries of the current page, or the state shown instead. */
export function LogTable(props: LogTableProps) {
  const { state, busy, page, pageSize, operatorFilter, onPage, onRetry } = props;
  const t = useT();
  // One columns array per language and operator mode (a new one renders every row again); cells call the latest props.
  const latest = useRef(props);
  latest.current = props;

  const columns = useMemo((): FastColumn<OperationLogEntry>[] => {
    const operatorCell = (entry: OperationLogEntry) =>
      operatorFilter ? (
        <button
          type="button"
          className="ec-link"
          aria-label={t('filter-by-operator', { operator: entry.operator })}
          onClick={() => latest.current.onOperator({ userId: entry.user_id, label: entry.operator })}
        >
          {entry.operator}
        </button>
      ) : (
        entry.operator
      );
    const objectCell = (entry: OperationLogEntry) => (
      <span className="ec-log-object">
        <span className="ec-truncate" data-ec-tip={objectNameOf(entry)}>
          {objectNameOf(entry)}
        </span>
        {entry.object_label && entry.object_id && <span className="ec-muted">{t('object-id', { id: entry.object_id })}</span>}
      </span>
    );
    const logLinks = (entry: OperationLogEntry) => {
      const query = logLinesView(entry);
      if (query === null) return null;
      return (
        <NavLink route={LOG_RETRIEVAL_ROUTE} query={query} part="log-lines-link" aria-label={t('log-lines-of', { object: objectNameOf(entry), time: formatLogTime(entry.time) })}>
          {t('log-lines')}
        </NavLink>
      );
    };
    const changesCell = (entry: OperationLogEntry) => (
      <span className="ec-actions">
        <Button
          type="button"
          text
          className="ec-log-view"
          label={t('view-changes')}
          aria-label={t('view-changes-of', { object: objectNameOf(entry), time: formatLogTime(entry.time) })}
          aria-haspopup="dialog"
          onClick={() => latest.current.onOpen(entry)}
        />
        {logLinks(entry)}
      </span>
    );
    return [
      { key: 'time', className: 'ec-col-primary ec-nowrap', header: t('column.time'), cell: (entry) => formatLogTime(entry.time) },
      { key: 'operator', header: t('column.operator'), cell: operatorCell },
      { key: 'area', header: t('column.area'), title: t('column.area'), hideable: true, cell: (entry) => labelOf(t, AREA_LABEL_KEYS, entry.area) },
      { key: 'action', header: t('column.action'), cell: (entry) => labelOf(t, ACTION_LABEL_KEYS, entry.action) },
      { key: 'object', className: 'ec-col-object', header: t('column.object'), cell: objectCell },
      { key: 'ip', header: t('column.ip'), title: t('column.ip'), hideable: true, truncate: (entry) => entry.ip },
      { key: 'changes', className: 'ec-col-actions', header: t('column.changes'), cell: changesCell },
    ];
  }, [t, operatorFilter]);

  if (state.status === 'loading') return <LoadingState message={t('loading')} />;
  if (state.status === 'error' || state.status === 'denied') return <ErrorState message={t('load-failed')} onRetry={onRetry} />;
  if (state.list.length === 0) return <EmptyState message={t('empty')} />;

  return (
    <>
      <FastTable
        rows={state.list}
        rowKey={(entry) => entry.id}
        columns={columns}
        label={t('table-label')}
        busy={busy}
        busyLabel={t('loading')}
        columnsKey="operation-log.entries"
      />
      <Pager page={page} pageSize={pageSize} total={state.total} onChange={onPage} />
    </>
  );
}
