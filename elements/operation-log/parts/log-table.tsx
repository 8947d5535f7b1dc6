/**
 * The table of `<ec-operation-log>`: one server page of entries (time in UTC+8, operator, area, action, object,
 * IP, changes), or the loading, error or empty state in its place.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { OperationLogEntry } from '../../../core/api/endpoints/platform.js';
import { formatLogTime } from '../../../core/i18n/format.js';
import { labelOf } from '../../../core/i18n/i18n.js';
import { useT } from '../../../core/ui/element-context.js';
import { Pager, type PageChange } from '../../../core/ui/parts/pager.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { ACTION_LABEL_KEYS, AREA_LABEL_KEYS } from '../labels.js';
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
export function LogTable({ state, busy, page, pageSize, operatorFilter, onOperator, onOpen, onPage, onRetry }: LogTableProps) {
  const t = useT();

  const operatorCell = (entry: OperationLogEntry) =>
    operatorFilter ? (
      <button
        type="button"
        className="ec-link"
        aria-label={t('filter-by-operator', { operator: entry.operator })}
        onClick={() => onOperator({ userId: entry.user_id, label: entry.operator })}
      >
        {entry.operator}
      </button>
    ) : (
      entry.operator
    );

  const objectCell = (entry: OperationLogEntry) => (
    <span className="ec-log-object">
      <span>{objectNameOf(entry)}</span>
      {entry.object_label && entry.object_id && <span className="ec-muted">{t('object-id', { id: entry.object_id })}</span>}
    </span>
  );

  const changesCell = (entry: OperationLogEntry) => (
    <Button
      type="button"
      text
      className="ec-log-view"
      label={t('view-changes')}
      aria-label={t('view-changes-of', { object: objectNameOf(entry), time: formatLogTime(entry.time) })}
      aria-haspopup="dialog"
      onClick={() => onOpen(entry)}
    />
  );

  if (state.status === 'loading') return <LoadingState message={t('loading')} />;
  if (state.status === 'error') return <ErrorState message={t('load-failed')} onRetry={onRetry} />;
  if (state.list.length === 0) return <EmptyState message={t('empty')} />;

  return (
    <>
      <DataTable
        value={state.list}
        dataKey="id"
        lazy
        loading={busy}
        // Cells are memoized on the row data by default; they must also follow the language and the cancel state.
        cellMemo={false}
        size="small"
        pt={{ root: { part: 'table' } as never, table: { 'aria-label': t('table-label') } as never }}
      >
        <Column header={t('column.time')} body={(entry: OperationLogEntry) => <span className="ec-nowrap">{formatLogTime(entry.time)}</span>} />
        <Column header={t('column.operator')} body={operatorCell} />
        <Column header={t('column.area')} body={(entry: OperationLogEntry) => labelOf(t, AREA_LABEL_KEYS, entry.area)} />
        <Column header={t('column.action')} body={(entry: OperationLogEntry) => labelOf(t, ACTION_LABEL_KEYS, entry.action)} />
        <Column header={t('column.object')} body={objectCell} />
        <Column header={t('column.ip')} field="ip" />
        <Column header={t('column.changes')} body={changesCell} />
      </DataTable>
      <Pager page={page} pageSize={pageSize} total={state.total} onChange={onPage} />
    </>
  );
}
