/** The announcements (shell §2 notice-list), newest first; each title opens it. */
import { useSignals } from '@preact/signals-react/runtime';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useEffect } from 'react';
import type { NoticeInfo } from '../../../core/api/endpoints/messages.js';
import { formatDateTime } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { NavLink } from '../../../core/ui/parts/nav-link.js';
import { Pager } from '../../../core/ui/parts/pager.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import type { MessageCenterStore } from '../store.js';

/** Route of one announcement (shell §2 `notice-list/detail/:id`). */
export const NOTICE_DETAIL_ROUTE = 'message-center-notice-list-detail-id';

/** The announcement list of one store. */
export function NoticeList({ store }: { store: MessageCenterStore }) {
  useSignals();
  const { language } = useElement();
  const t = useT();
  const state = store.notices.state.value;
  const page = store.notices.page.value;
  const size = store.notices.size.value;
  useEffect(() => {
    void store.notices.load();
  }, [store, page, size]);

  if (state.status === 'loading') return <LoadingState message={t('notices.loading')} />;
  if (state.status !== 'ready') return <ErrorState message={t('notices.load-failed')} onRetry={() => void store.notices.load()} />;
  if (state.list.length === 0) return <EmptyState message={t('notices.empty')} />;
  return (
    <>
      <DataTable value={state.list} dataKey="id" lazy cellMemo={false} size="small" pt={{ root: { part: 'table' } as never, table: { 'aria-label': t('notices.table-label') } as never }}>
        <Column
          header={t('column.title')}
          body={(row: NoticeInfo) => (
            <NavLink route={NOTICE_DETAIL_ROUTE} params={{ id: row.id }} aria-label={t('notices.open', { title: row.title })}>
              {row.title}
            </NavLink>
          )}
        />
        <Column header={t('column.published')} body={(row: NoticeInfo) => <span className="ec-nowrap">{formatDateTime(row.published_at, language)}</span>} />
      </DataTable>
      <Pager page={page} pageSize={size} total={state.total} onChange={(change) => store.notices.setPage(change.page, change.pageSize)} />
    </>
  );
}
