/**
 * `<ec-operation-log>`: who changed what and when (rules §2 operation logs of user center, DNS and cloud-speed).
 * Times are shown in UTC+8 (rules §9 "Log time"); the list is filtered by time range (rules §9 date ranges), area,
 * action, operator and object, paged on the server, and each entry opens its before/after values as a diff.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo } from 'react';
import type { OperationLogEntry } from '../../core/api/endpoints/platform.js';
import { labelOf } from '../../core/i18n/i18n.js';
import { currentUser, loginType, userDisplayName } from '../../core/session/session.js';
import { useViewStateReport } from '../../core/ui/view-state.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import type { PageChange } from '../../core/ui/parts/pager.js';
import { OPERATION_LOG_FILTERED_EVENT } from './events.js';
import { ACTION_LABEL_KEYS } from './labels.js';
import { DiffDialog } from './parts/diff-dialog.js';
import { LogTable, objectNameOf } from './parts/log-table.js';
import { LogToolbar } from './parts/log-toolbar.js';
import { operationLogStoreFor, type OperatorChoice } from './store.js';
import type { TimeRangePreset } from '../../core/i18n/time-range.js';

/** Props of the component (attributes of the element). */
export interface OperationLogProps {
  /** Feature area the log is locked to, e.g. `dns`; the area filter then shows it and cannot be changed. */
  area?: string;
  /** Rows per page: 10 (default), 20, 50 or 100 (shell §9). */
  pageSize?: number;
  /** The bookmarked view to start from (URL query text; core/ui/view-state.ts). */
  viewState?: string;
}

/** The operation log. */
export function OperationLog({ area, pageSize, viewState }: OperationLogProps) {
  useSignals();
  const { client, host, emit } = useElement();
  const t = useT();
  const store = operationLogStoreFor(host, { area, pageSize, viewState });
  useViewStateReport(store.viewState.value);

  const filters = store.filters.value;
  const query = store.query.value;
  const selected = store.selected.value;
  const user = currentUser.value;
  // A child account only ever sees its own entries (the server limits it), so filtering by operator means nothing.
  const showOperator = loginType.value !== 'child';
  const me: OperatorChoice | null = useMemo(() => (user ? { userId: user.id, label: userDisplayName(user) } : null), [user]);

  // Filter handlers tell the host what the list is now filtered by, after the store has applied the change.
  const filtered = (change: () => void) => {
    const before = store.filter.value;
    change();
    if (store.filter.value !== before) emit(OPERATION_LOG_FILTERED_EVENT, { filter: store.filter.value });
  };
  const onPage = ({ page, pageSize: size }: PageChange) => store.setPage(page, size);
  const reload = () => void store.load(client);
  const onRefresh = () => {
    if (!store.refreshWindow()) reload();
  };

  useEffect(() => {
    store.applySettings({ area, pageSize });
  }, [store, area, pageSize]);
  useEffect(() => {
    void store.load(client);
  }, [store, client, query]);

  return (
    <div className="ec-root ec-stack ec-operation-log">
      <LogToolbar
        filters={filters}
        lockedArea={store.lockedArea.value}
        me={me}
        showOperator={showOperator}
        onArea={(value) => filtered(() => store.setFilter('area', value))}
        onAction={(value) => filtered(() => store.setFilter('action', value))}
        onOperator={(operator) => filtered(() => store.setOperator(operator))}
        onObject={(value) => filtered(() => store.setFilter('objectId', value))}
        onRange={(range: TimeRangePreset) => filtered(() => store.setRange(range))}
        onCustom={(custom) => filtered(() => store.setCustom(custom))}
        onRefresh={onRefresh}
      />
      <LogTable
        state={store.state.value}
        busy={store.busy.value}
        page={query.page ?? 1}
        pageSize={query.per_page ?? store.pageSize.value}
        operatorFilter={showOperator}
        onOperator={(operator) => filtered(() => store.setOperator(operator))}
        onOpen={(entry: OperationLogEntry) => store.select(entry)}
        onPage={onPage}
        onRetry={reload}
      />
      <DiffDialog
        entry={selected}
        objectName={selected ? objectNameOf(selected) : ''}
        actionName={selected ? labelOf(t, ACTION_LABEL_KEYS, selected.action) : ''}
        onHide={() => store.select(null)}
      />
    </div>
  );
}
