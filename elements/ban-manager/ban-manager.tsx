/**
 * `<ec-ban-manager>`: ban management (rules §2 "overview, ban record, immediate unlock, batch unlock"). The overview
 * counts bans by state (rules §4) and shows the most banned addresses and domains; the record view lists ban records
 * (rules §3) with filters and an immediate unban; both open batch unban (rules §5). Ban times are UTC+8 (rules §9
 * "Log time"); released records are kept 180 days (rules §4, §9), which the list says.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import type { BanRecord } from '../../core/api/endpoints/bans.js';
import { publishNotice } from '../../core/api/notices.js';
import { useElement } from '../../core/ui/element-context.js';
import { ReadOnlyNotice } from '../../core/ui/parts/read-only.js';
import { useViewStateReport } from '../../core/ui/view-state.js';
import { BANS_UNBANNED_EVENT, BATCH_UNBAN_FINISHED_EVENT } from './events.js';
import { BatchUnbanDialog } from './parts/batch-unban-dialog.js';
import { Overview } from './parts/overview.js';
import { Records } from './parts/records.js';
import { banManagerStoreFor } from './store.js';
import { unbanStoreFor } from './unban-store.js';

/** The views of the element: the overview (default) or the ban records. */
export type BanManagerView = 'overview' | 'records';

/** Props of the component (attributes of the element). */
export interface BanManagerProps {
  /** `overview` (default) or `records`. */
  view?: string;
  /** Rows per page of the records: 10 (default), 20, 50 or 100 (shell §9). */
  pageSize?: number;
  /** Limits both views to one domain and picks it for batch unban. */
  domainId?: number;
  /** The bookmarked view to start from (URL query text; core/ui/view-state.ts). */
  viewState?: string;
}

/** Ban management. */
export function BanManager({ view, pageSize, domainId, viewState }: BanManagerProps) {
  useSignals();
  const { client, host, emit, namespace } = useElement();
  const store = banManagerStoreFor(host, { pageSize, domainId, viewState });
  const unban = unbanStoreFor(host);

  const current: BanManagerView = view === 'records' ? 'records' : 'overview';
  useViewStateReport(current === 'records' ? store.recordsViewState.value : store.overviewViewState.value);
  const overviewQuery = store.overviewQuery.value;
  const recordQuery = store.recordQuery.value;

  const reload = () => {
    if (current === 'records') void store.loadRecords(client);
    else void store.loadOverview(client);
  };
  const onRefresh = () => {
    if (!store.refreshWindows()) reload();
  };
  const onUnban = async (record: BanRecord) => {
    try {
      const unbanned = await store.unban(client, record);
      publishNotice({ severity: 'success', namespace, key: unbanned > 0 ? 'unban.done' : 'unban.already', values: { ip: record.ip } });
      emit(BANS_UNBANNED_EVENT, { ids: [record.id], unbanned });
    } finally {
      reload();
    }
  };
  const onFinished = () => {
    const run = unban.run.value;
    if (run) {
      emit(BATCH_UNBAN_FINISHED_EVENT, {
        domain_id: run.domainId,
        entries: run.sent,
        unbanned_entries: run.unbannedEntries,
        released_records: run.releasedRecords,
        not_banned: run.notBanned.length,
      });
    }
    reload();
  };

  useEffect(() => {
    store.applySettings({ pageSize, domainId });
  }, [store, pageSize, domainId]);
  useEffect(() => {
    void store.loadDomains(client);
  }, [store, client]);
  useEffect(() => {
    if (current === 'overview') void store.loadOverview(client);
  }, [store, client, current, overviewQuery]);
  useEffect(() => {
    if (current === 'records') void store.loadRecords(client);
  }, [store, client, current, recordQuery]);

  return (
    <div className="ec-root ec-stack ec-ban-manager">
      <ReadOnlyNotice module="security_policy" />
      {current === 'records' ? (
        <Records
          records={store.records.value}
          busy={store.recordsBusy.value}
          filters={store.filters.value}
          time={store.recordTime.value}
          domains={store.domains.value}
          page={store.page.value}
          pageSize={store.pageSize.value}
          unbanning={store.unbanning.value}
          onFilter={store.setFilter}
          onTime={store.setRecordTime}
          onPage={({ page, pageSize: size }) => store.setPage(page, size)}
          onRefresh={onRefresh}
          onRetry={reload}
          onUnban={(record) => void onUnban(record)}
          onBatchUnban={() => (unban.open.value = true)}
        />
      ) : (
        <Overview
          overview={store.overview.value}
          time={store.overviewTime.value}
          domainId={store.overviewDomain.value}
          domains={store.domains.value}
          onTime={store.setOverviewTime}
          onDomain={store.setOverviewDomain}
          onRefresh={onRefresh}
          onRetry={reload}
          onBatchUnban={() => (unban.open.value = true)}
        />
      )}
      {unban.open.value && (
        <BatchUnbanDialog
          store={unban}
          domains={store.domains.value}
          initialDomainId={current === 'records' ? store.filters.value.domainId : store.overviewDomain.value}
          onFinished={onFinished}
        />
      )}
    </div>
  );
}
