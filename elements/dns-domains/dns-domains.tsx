/**
 * `<ec-dns-domains>`: the Cloud DNS domains (shell §2 cloud-resolving domainList, batch-domain-save, statistics,
 * domainGroup; rules §3-§5 DNS). `view` picks the page: the domain list (default, remembers its page), batch add,
 * the domain groups or the statistics. A child account without the domainList permission (shell §6) sees a refusal.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useElement } from '../../core/ui/element-context.js';
import { ReadOnlyNotice } from '../../core/ui/parts/read-only.js';
import { BatchAddDomains } from './parts/batch-add-domains.js';
import { DomainGroups } from './parts/domain-groups.js';
import { DomainList } from './parts/domain-list.js';
import { DomainStatistics } from './parts/domain-statistics.js';
import { dnsDomainsStoreFor } from './store.js';

/** Props of the component (attributes of the element). */
export interface DnsDomainsProps {
  /** `list` (default), `batch-add`, `groups` or `statistics`. */
  view?: string;
  /** Rows per page: 10 (default), 20, 50 or 100 (shell §9). */
  pageSize?: number;
  /** The list's bookmarked view (URL query text; core/ui/view-state.ts). */
  viewState?: string;
}

/** The DNS domains. */
export function DnsDomains({ view, pageSize, viewState }: DnsDomainsProps) {
  useSignals();
  const { client, host } = useElement();
  const store = dnsDomainsStoreFor(host, client, pageSize, viewState);

  return (
    <div className="ec-root ec-stack ec-dns-domains">
      <ReadOnlyNotice module="dns" />
      {view === 'batch-add' ? (
        <BatchAddDomains store={store} />
      ) : view === 'groups' ? (
        <DomainGroups store={store} />
      ) : view === 'statistics' ? (
        <DomainStatistics store={store} />
      ) : (
        <DomainList store={store} />
      )}
    </div>
  );
}
