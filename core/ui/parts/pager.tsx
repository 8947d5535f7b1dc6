/**
 * The table pager of shell §9: page sizes 10, 20, 50 and 100, default 10, and shown only when the total exceeds the
 * first size (a list that fits one page of the smallest size has nothing to page through). Every label comes from
 * our catalogues rather than PrimeReact's global English locale, so a Chinese element reads Chinese.
 */
import { Paginator, type PaginatorPageChangeEvent } from 'primereact/paginator';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../config/constants.js';
import { useT } from '../element-context.js';

/** A page change: 1-based page number and page size, as list endpoints take them (`page`, `per_page`). */
export interface PageChange {
  page: number;
  pageSize: number;
}

/** Props of {@link Pager}. */
export interface PagerProps {
  /** Current page, 1-based. */
  page: number;
  /** Rows per page; default 10 (shell §9). */
  pageSize?: number;
  /** Total rows the list endpoint reported. */
  total: number;
  /** Called when the user picks another page or page size (a new size goes back to page 1). */
  onChange: (change: PageChange) => void;
  /** Page size choices; default 10/20/50/100 (shell §9). */
  pageSizes?: readonly number[];
}

/** Shell §9: the pager shows only when the total exceeds the first page size. */
export function isPagerShown(total: number, pageSizes: readonly number[] = PAGE_SIZES): boolean {
  return total > (pageSizes[0] ?? DEFAULT_PAGE_SIZE);
}

/** PrimeReact Paginator with translated, accessible controls; `part="pagination"`. */
export function Pager({ page, pageSize = DEFAULT_PAGE_SIZE, total, onChange, pageSizes = PAGE_SIZES }: PagerProps) {
  const t = useT('common');

  const rowsPerPage = t('pager.rows-per-page');

  const onPageChange = (event: PaginatorPageChangeEvent) => {
    const sizeChanged = event.rows !== pageSize;
    onChange({ page: sizeChanged ? 1 : event.page + 1, pageSize: event.rows });
  };

  if (!isPagerShown(total, pageSizes)) return null;

  return (
    <nav part="pagination" className="ec-pager" aria-label={t('pager.label')}>
      <Paginator
        first={(Math.max(page, 1) - 1) * pageSize}
        rows={pageSize}
        totalRecords={total}
        rowsPerPageOptions={[...pageSizes]}
        // PrimeReact hides itself on a single page; our own rule above decides, so a larger page size stays changeable.
        alwaysShow
        onPageChange={onPageChange}
        template={{
          layout: 'CurrentPageReport FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown',
          CurrentPageReport: (options) => (
            <span className={options.className} aria-live="polite">
              {t('pager.summary', { first: options.first, last: options.last, total: options.totalRecords })}
            </span>
          ),
          PageLinks: (options) => (
            <button
              type="button"
              className={options.className}
              onClick={options.onClick}
              aria-label={t('parts.pager.page', { page: options.page + 1 })}
              aria-current={options.page === options.currentPage ? 'page' : undefined}
            >
              {options.page + 1}
            </button>
          ),
        }}
        pt={{
          firstPageButton: { 'aria-label': t('parts.pager.first') },
          prevPageButton: { 'aria-label': t('parts.pager.previous') },
          nextPageButton: { 'aria-label': t('parts.pager.next') },
          lastPageButton: { 'aria-label': t('parts.pager.last') },
          RPPDropdown: {
            root: { title: rowsPerPage },
            input: { 'aria-label': rowsPerPage } as never,
            select: { 'aria-label': rowsPerPage } as never,
          },
        }}
      />
    </nav>
  );
}
