/**
 * `<ec-error-reports>`: the failures the console's users met, as the console reported them (shell §7 "error-reporting
 * posts go to a metrics endpoint", core/api/error-report.ts). A parent sees the whole account's reports, a child only
 * its own (the server decides). Filtered by failure kind and element, paged on the server (shell §9), newest first.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useElement } from '../../core/ui/element-context.js';
import type { PageChange } from '../../core/ui/parts/pager.js';
import { ERROR_REPORTS_FILTERED_EVENT } from './events.js';
import { ReportTable } from './parts/report-table.js';
import { ReportToolbar } from './parts/report-toolbar.js';
import { errorReportsStoreFor, type ErrorReportsFilters } from './store.js';

/** Props of the component (attributes of the element). */
export interface ErrorReportsProps {
  /** Element tag the element filter starts with, e.g. `ec-domain-list`. */
  source?: string;
  /** Rows per page: 10 (default), 20, 50 or 100 (shell §9). */
  pageSize?: number;
}

/** The error report list. */
export function ErrorReports({ source, pageSize }: ErrorReportsProps) {
  useSignals();
  const { client, host, emit } = useElement();
  const store = errorReportsStoreFor(host, { source, pageSize });

  const query = store.query.value;

  // The host hears what the list is now filtered by, once the store has applied a change that alters it.
  const setFilter = (name: keyof ErrorReportsFilters, value: string) => {
    const before = store.filter.value;
    store.setFilter(name, value);
    if (store.filter.value !== before) emit(ERROR_REPORTS_FILTERED_EVENT, { filter: store.filter.value });
  };
  const onPage = ({ page, pageSize: size }: PageChange) => store.setPage(page, size);
  const reload = () => void store.load(client);

  useEffect(() => {
    store.applySettings({ source, pageSize });
  }, [store, source, pageSize]);
  useEffect(() => {
    void store.load(client);
  }, [store, client, query]);

  return (
    <div className="ec-root ec-stack ec-error-reports">
      <ReportToolbar
        filters={store.filters.value}
        onKind={(kind) => setFilter('kind', kind)}
        onSource={(tag) => setFilter('source', tag)}
        onRefresh={reload}
      />
      <ReportTable
        state={store.state.value}
        busy={store.busy.value}
        filtered={store.filtered.value}
        page={query.page ?? 1}
        pageSize={query.per_page ?? store.pageSize.value}
        onSource={(tag) => setFilter('source', tag)}
        onPage={onPage}
        onRetry={reload}
      />
    </div>
  );
}
