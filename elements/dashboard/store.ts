/**
 * Per-instance store of `<ec-dashboard>`: today's summary (`V4/report.dashboard.summary`) and the auto refresh
 * interval. A refresh keeps the figures on screen while it reads; an answer older than a newer request is dropped.
 */
import { signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import { failureText, type FailureText } from '../../core/api/catalogue.js';
import { getDashboardSummary, type DashboardSummary } from '../../core/api/endpoints/reports.js';
import { instanceStores } from '../../core/ui/instance-stores.js';

/** The summary: loading, failed with a translated reason, or ready (with the time it was read). */
export type SummaryState =
  | { status: 'loading' }
  | { status: 'error'; message: FailureText }
  | { status: 'ready'; data: DashboardSummary; refreshing: boolean };

/** Creates the store. */
export function createDashboardStore(refresh: number) {
  const summary = signal<SummaryState>({ status: 'loading' });
  const refreshSeconds = signal(refresh);
  let sequence = 0;

  async function load(client: ApiClient, options: { quiet?: boolean } = {}): Promise<void> {
    const mine = ++sequence;
    const current = summary.value;
    if (options.quiet && current.status === 'ready') summary.value = { ...current, refreshing: true };
    else summary.value = { status: 'loading' };
    try {
      const data = await getDashboardSummary(client);
      if (mine === sequence) summary.value = { status: 'ready', data, refreshing: false };
    } catch (error) {
      if (mine === sequence) summary.value = { status: 'error', message: failureText(error) };
    }
  }

  return { summary, refreshSeconds, load };
}

/** The store type. */
export type DashboardStore = ReturnType<typeof createDashboardStore>;

const stores = instanceStores<DashboardStore>();

/** The store of one element instance. */
export function dashboardStoreFor(host: HTMLElement, refresh: number): DashboardStore {
  return stores(host, () => createDashboardStore(refresh));
}
