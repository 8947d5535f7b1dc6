/**
 * What the SDK lists share (the business list, the packages, the keys and a business's devices): a list read from
 * the server with its loading, error and empty states, the SDK's plain table (`part="table"`, a few rows a page, so
 * no FastTable and its column chooser in the chunk), the shared pager, and row actions, some confirmed in the
 * shared popover first (shell §2 "delete after a confirm"). Each list keeps only its columns and its calls.
 */
import type { ReactNode } from 'react';
import type { ListAnswer } from '../../../core/api/endpoints/platform.js';
import { useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { Pager } from '../../../core/ui/parts/pager.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import type { Loaded } from '../store.js';

/** One column of an SDK table. */
export interface SdkColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Class of the header and the cells (`ec-sdk-number` right-aligns figures). */
  className?: string;
  /** Class of the cells only. */
  cellClassName?: string;
}

/** The page a paged list shows. */
export interface SdkPage {
  page: number;
  perPage: number;
}

/** Props of {@link SdkListTable}. */
export interface SdkListTableProps<Row> {
  state: Loaded<ListAnswer<Row>>;
  columns: readonly SdkColumn<Row>[];
  rowKey: (row: Row) => string | number;
  /** Extra attributes of a row (data-* the tests and the host's styles read). */
  rowAttributes?: (row: Row) => Record<string, string>;
  /** Translated text of the empty list. */
  empty: string;
  /** The error text; default "refused" for a sub-account the server turned away, "failed" otherwise. */
  errorMessage?: string;
  onRetry: () => void;
  /** A paged list: the pager under the table. */
  page?: SdkPage;
  onPage?: (page: SdkPage) => void;
  /** Why the last row action failed, announced above the list. */
  actionError?: string | null;
  /** Shown under the action error, above the list (a notice of what the last action did). */
  children?: ReactNode;
}

/** The states of a list, or its table (and pager). */
export function SdkListTable<Row>({ state, columns, rowKey, rowAttributes, empty, errorMessage, onRetry, page, onPage, actionError, children }: SdkListTableProps<Row>) {
  const t = useT('sdk');
  return (
    <>
      {actionError ? (
        <p role="alert" className="ec-error-text">
          {actionError}
        </p>
      ) : null}
      {children}
      {state.status === 'loading' ? <LoadingState message={t('loading')} /> : null}
      {state.status === 'error' ? <ErrorState message={errorMessage ?? t(state.forbidden ? 'forbidden' : 'load-failed')} onRetry={onRetry} /> : null}
      {state.status === 'ready' && state.value.total === 0 ? <EmptyState message={empty} /> : null}
      {state.status === 'ready' && state.value.total > 0 ? (
        <>
          <table className="ec-sdk-table" part="table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.key} scope="col" className={column.className}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {state.value.list.map((row) => (
                <tr key={rowKey(row)} {...rowAttributes?.(row)}>
                  {columns.map((column) => (
                    <td key={column.key} className={column.cellClassName ?? column.className}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {page && onPage ? <Pager page={page.page} pageSize={page.perPage} total={state.value.total} onChange={(next) => onPage({ page: next.page, perPage: next.pageSize })} /> : null}
        </>
      ) : null}
    </>
  );
}

const ACTION_CLASS = 'p-button p-component p-button-sm p-button-text';

/** Props of {@link RowAction}. */
export interface RowActionProps {
  /** The action's text ("Edit"). */
  label: string;
  /** The row's name, so the button's accessible name says which row ("Edit shop"). */
  name: string;
  onClick: () => void;
}

/** An action of a row that needs no confirmation. */
export function RowAction({ label, name, onClick }: RowActionProps) {
  return (
    <button type="button" className={ACTION_CLASS} onClick={onClick} aria-label={`${label} ${name}`}>
      {label}
    </button>
  );
}

/** Props of {@link ConfirmedAction}. */
export interface ConfirmedActionProps {
  label: string;
  name: string;
  /** The question, translated ("Delete shop?"). */
  message: string;
  /** A permanent change (delete): the button and the confirm are painted as dangerous. */
  danger?: boolean;
  onConfirm: () => void;
}

/** An action of a row that asks first, in the shared confirm popover. */
export function ConfirmedAction({ label, name, message, danger = false, onConfirm }: ConfirmedActionProps) {
  return (
    <ConfirmPopover message={message} danger={danger} onConfirm={onConfirm}>
      {(trigger) => (
        <button type="button" className={danger ? `${ACTION_CLASS} p-button-danger` : ACTION_CLASS} {...trigger} aria-label={`${label} ${name}`}>
          {label}
        </button>
      )}
    </ConfirmPopover>
  );
}

/** The actions cell of a row. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="ec-sdk-actions">{children}</div>;
}
