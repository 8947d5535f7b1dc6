/**
 * The states every access-management list goes through, in one place: loading, refused (not a main account, or
 * access management switched off), failed with a retry, empty, or the table with its pager.
 */
import type { ReactNode } from 'react';
import type { PagedList } from '../../../core/ui/paged-list.js';
import { Pager } from '../../../core/ui/parts/pager.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { useT } from '../../../core/ui/element-context.js';

/** Props of {@link ListFrame}. */
export interface ListFrameProps<T, Extra> {
  list: PagedList<T, Extra>;
  /** Translated text of the empty list. */
  empty: string;
  /** The table, given the rows of the page. */
  children: (rows: T[]) => ReactNode;
}

/** A paged list's states around its table. */
export function ListFrame<T, Extra>({ list, empty, children }: ListFrameProps<T, Extra>) {
  const t = useT('access-management');
  const state = list.state.value;
  if (state.status === 'loading') return <LoadingState message={t('loading')} />;
  if (state.status === 'denied') return <ErrorState message={t('denied')} />;
  if (state.status === 'error') return <ErrorState message={t('load-failed')} onRetry={() => void list.load()} />;
  if (state.list.length === 0) return <EmptyState message={empty} />;
  return (
    <>
      {children(state.list)}
      <Pager page={list.page.value} pageSize={list.size.value} total={state.total} onChange={({ page, pageSize }) => list.setPage(page, pageSize)} />
    </>
  );
}
