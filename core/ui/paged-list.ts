/**
 * A server-paged list as element stores keep it (shell §9: page sizes 10/20/50/100, default 10): the state of the
 * last load, the page, the page size, a flag while a reload runs over the rows shown, and a load that drops answers
 * of loads started earlier. One implementation for every list store, rather than one per element.
 */
import { batch, signal } from '@preact/signals-react';
import { ApiError, PERMISSION_DENIED_CODE } from '../api/catalogue.js';
import type { ListAnswer } from '../api/endpoints/platform.js';
import { DEFAULT_PAGE_SIZE, pageSizeOrDefault } from '../config/constants.js';

/** What a list shows: the first load, a refusal of the domainList permission, a failure, or a page of rows. */
export type PagedState<T, Extra = unknown> =
  | { status: 'loading' }
  | { status: 'denied' }
  | { status: 'error' }
  | { status: 'ready'; list: T[]; total: number; extra: Extra };

/** Creates a paged list; `fetch` loads one page. */
export function createPagedList<T, Extra = unknown>(
  fetch: (page: number, perPage: number) => Promise<ListAnswer<T> & { extra?: Extra }>,
  pageSize: number = DEFAULT_PAGE_SIZE,
) {
  const state = signal<PagedState<T, Extra>>({ status: 'loading' });
  const page = signal(1);
  const size = signal(pageSizeOrDefault(pageSize));
  const busy = signal(false);
  let generation = 0;

  /** Loads the current page; rows already shown stay until the answer arrives. */
  async function load(): Promise<void> {
    const current = ++generation;
    if (state.value.status === 'ready') busy.value = true;
    else state.value = { status: 'loading' };
    try {
      const answer = await fetch(page.value, size.value);
      if (current !== generation) return;
      // A page past the end (rows deleted meanwhile) goes back to the last page that has rows.
      const lastPage = Math.max(1, Math.ceil(answer.total / size.value));
      if (answer.list.length === 0 && page.value > lastPage) {
        page.value = lastPage;
        void load();
        return;
      }
      state.value = { status: 'ready', list: answer.list, total: answer.total, extra: answer.extra as Extra };
    } catch (error) {
      if (current !== generation) return;
      state.value = error instanceof ApiError && error.code === PERMISSION_DENIED_CODE ? { status: 'denied' } : { status: 'error' };
    } finally {
      if (current === generation) busy.value = false;
    }
  }

  /** Goes to a page or changes the page size (back to page 1). */
  function setPage(next: number, nextSize: number = size.value): void {
    batch(() => {
      page.value = nextSize !== size.value ? 1 : Math.max(1, next);
      size.value = pageSizeOrDefault(nextSize);
    });
  }

  return { state, page, size, busy, load, setPage };
}

/** A paged list. */
export type PagedList<T, Extra = unknown> = ReturnType<typeof createPagedList<T, Extra>>;
