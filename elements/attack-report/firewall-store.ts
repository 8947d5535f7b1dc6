/**
 * Per-instance state of the firewall block lists (`<ec-attack-report type="firewall|package">`; shell §7
 * `firewall.report.block.list` and details): what the list and a policy's blocked requests answered and the page of
 * each. The range, websites and auto refresh are the report's own (store.ts). Its own module, loaded with the block
 * lists' view only, so the WAF and CC reports (and the access control report sharing store.ts) do not carry it.
 */
import { signal } from '@preact/signals-react';
import type { FieldIssue } from '../../core/api/catalogue.js';
import type { ApiClient } from '../../core/api/client.js';
import {
  getFirewallBlockDetails,
  getFirewallBlockList,
  type FirewallBlockDetails,
  type FirewallBlockList,
  type FirewallBlockWindow,
  type FirewallReportType,
} from '../../core/api/endpoints/firewall-report.js';
import { validateReportRange } from '../../core/rules/reports.js';
import { instanceStores } from '../../core/ui/instance-stores.js';
import { securityGranularity, stateOfError, type SecurityReportStore } from './store.js';

/** What a firewall block list call answered. */
export type BlockListState =
  | { status: 'loading' }
  | { status: 'ready'; value: FirewallBlockList }
  | { status: 'error'; message: string }
  | { status: 'invalid'; issue: FieldIssue };

/** What one policy's blocked requests call answered; refusals as a rule detail's. */
export type BlockDetailsState =
  | { status: 'loading' }
  | { status: 'ready'; value: FirewallBlockDetails }
  | { status: 'not-found' }
  | { status: 'gated'; issue: FieldIssue }
  | { status: 'error'; message: string }
  | { status: 'invalid'; issue: FieldIssue };

/** A list's page, 1-based, and its size (shell §9: 10, 20, 50, 100). */
export interface ListPage {
  page: number;
  pageSize: number;
}

/** Creates the state over the report's filters. A load a newer one overtook is dropped. */
export function createFirewallStore(report: SecurityReportStore) {
  const blocks = signal<BlockListState>({ status: 'loading' });
  const blockDetails = signal<BlockDetailsState>({ status: 'loading' });
  const blockPage = signal<ListPage>({ page: 1, pageSize: 10 });
  const detailPage = signal<ListPage>({ page: 1, pageSize: 10 });
  let generation = 0;

  /** The window of the filters as a query, or the rules §9 issue that keeps it from being sent. */
  function blockWindow(type: FirewallReportType, page: ListPage): { query: FirewallBlockWindow } | { issue: FieldIssue } {
    // A rolling range (today, the last 3 hours...) is brought up to now on every read.
    report.setTime({});
    const window = report.time.value.window;
    const granularity = securityGranularity(window);
    const [issue] = validateReportRange(window.start, window.end, granularity);
    if (issue) return { issue };
    const domainIds = report.domainIds.value;
    return {
      query: {
        type,
        from: new Date(window.start).toISOString(),
        to: new Date(window.end).toISOString(),
        granularity,
        ...(domainIds.length > 0 ? { domain_ids: domainIds.join(',') } : {}),
        page: page.page,
        per_page: page.pageSize,
      },
    };
  }

  /** Reads the block list of `type` (`policyId` set: that policy's blocked requests); `quiet` keeps what is shown. */
  async function load(client: ApiClient, type: FirewallReportType, policyId: number | null, quiet = false): Promise<void> {
    const mine = ++generation;
    const read = blockWindow(type, policyId === null ? blockPage.value : detailPage.value);
    if (policyId === null) {
      if ('issue' in read) return void (blocks.value = { status: 'invalid', issue: read.issue });
      if (!quiet || blocks.value.status !== 'ready') blocks.value = { status: 'loading' };
      try {
        const value = await getFirewallBlockList(client, read.query);
        if (mine === generation) blocks.value = { status: 'ready', value };
      } catch (error) {
        const state = stateOfError(error, false);
        if (mine === generation && state.status === 'error') blocks.value = state;
      }
      return;
    }
    if ('issue' in read) return void (blockDetails.value = { status: 'invalid', issue: read.issue });
    if (!quiet || blockDetails.value.status !== 'ready') blockDetails.value = { status: 'loading' };
    try {
      const value = await getFirewallBlockDetails(client, { ...read.query, id: policyId });
      if (mine === generation) blockDetails.value = { status: 'ready', value };
    } catch (error) {
      const state = stateOfError(error, true);
      if (mine === generation && state.status !== 'ready' && state.status !== 'loading') blockDetails.value = state;
    }
  }

  return { blocks, blockDetails, blockPage, detailPage, load };
}

export type FirewallStore = ReturnType<typeof createFirewallStore>;

const stores = instanceStores<FirewallStore>();

/** The state of an element instance (kept across r2wc remounts), over the report store of the same instance. */
export function firewallStoreFor(host: HTMLElement, report: SecurityReportStore): FirewallStore {
  return stores(host, () => createFirewallStore(report), report);
}
