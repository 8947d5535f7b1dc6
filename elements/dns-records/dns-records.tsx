/**
 * `<ec-dns-records>`: a DNS domain's records (shell §2 cloud-resolving domainList/console/:id/record,
 * batch-record-save, importLog; rules §3-§5, §9 DNS). `view` picks the page: the record list of `domain-id` (default;
 * a domain picker when no id is given), batch add, or import with its history. A child account without the
 * domainList permission (shell §6) sees a refusal.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useElement } from '../../core/ui/element-context.js';
import { ReadOnlyNotice } from '../../core/ui/parts/read-only.js';
import { BatchAddRecords } from './parts/batch-add-records.js';
import { DomainPicker } from './parts/domain-picker.js';
import { ImportHistory } from './parts/import-history.js';
import { ImportPanel } from './parts/import-panel.js';
import { RecordList } from './parts/record-list.js';
import { dnsRecordsStoreFor, lastDomain } from './store.js';

/** Props of the component (attributes of the element). */
export interface DnsRecordsProps {
  /** The domain whose records are shown (and first chosen on batch add). */
  domainId?: number;
  /** `list` (default), `batch-add` or `import-log`. */
  view?: string;
  /** Rows per page: 10 (default), 20, 50 or 100 (shell §9). */
  pageSize?: number;
}

/** The DNS records. */
export function DnsRecords({ domainId, view, pageSize }: DnsRecordsProps) {
  useSignals();
  const { client, host } = useElement();
  const store = dnsRecordsStoreFor(host, client, pageSize);
  const givenDomain = typeof domainId === 'number' && Number.isSafeInteger(domainId) && domainId > 0 ? domainId : null;

  useEffect(() => {
    if (givenDomain !== null) store.setDomain(givenDomain);
  }, [store, givenDomain]);

  if (view === 'batch-add') {
    const first = givenDomain ?? lastDomain();
    return (
      <div className="ec-root ec-stack ec-dns-records">
        <ReadOnlyNotice module="dns" />
        <BatchAddRecords initialDomains={first === null ? [] : [first]} />
      </div>
    );
  }
  if (view === 'import-log') {
    return (
      <div className="ec-root ec-stack ec-dns-records">
        <ReadOnlyNotice module="dns" />
        <ImportPanel onStarted={() => void store.imports.load()} />
        <ImportHistory imports={store.imports} />
      </div>
    );
  }
  return (
    <div className="ec-root ec-stack ec-dns-records">
      <ReadOnlyNotice module="dns" />
      {givenDomain === null && <DomainPicker value={store.domainId.value} onChange={store.setDomain} />}
      {store.domainId.value !== null && <RecordList store={store} />}
    </div>
  );
}
