/**
 * The WAF operation log (shell §7 `V4/firewall.oplog`): who changed which rule set or rule, when (UTC+8, rules §9),
 * newest first, paged; and its CSV export (`V4/firewall.oplog.export`), saved as a file.
 */
import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import type { ListAnswer, OperationLogEntry } from '../../../core/api/endpoints/platform.js';
import { exportFirewallOplog, listFirewallOplog } from '../../../core/api/endpoints/waf.js';
import { DEFAULT_PAGE_SIZE } from '../../../core/config/constants.js';
import { formatLogTime } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { Pager } from '../../../core/ui/parts/pager.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';

const ACTION_KEYS: Record<string, string> = {
  create: 'oplog.action-create',
  update: 'oplog.action-update',
  delete: 'oplog.action-delete',
  enable: 'oplog.action-enable',
  observe: 'oplog.action-observe',
  disable: 'oplog.action-disable',
  sort: 'oplog.action-sort',
  copy: 'oplog.action-copy',
  bind: 'oplog.action-bind',
};

/** The log; `part="oplog"`. */
export function OplogPanel() {
  const { client } = useElement();
  const t = useT();
  const [page, setPage] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [state, setState] = useState<ListAnswer<OperationLogEntry> | 'loading' | 'error'>('loading');
  const [exporting, setExporting] = useState(false);

  const load = () => {
    setState('loading');
    listFirewallOplog(client, { page: page.page, per_page: page.pageSize }).then(setState, () => setState('error'));
  };
  const download = async () => {
    setExporting(true);
    try {
      const file = await exportFirewallOplog(client);
      const url = URL.createObjectURL(new Blob([file.content], { type: file.content_type }));
      const link = document.createElement('a');
      link.href = url;
      link.download = file.file_name;
      link.click();
      URL.revokeObjectURL(url);
    } catch {
      // The client has shown the failure.
    } finally {
      setExporting(false);
    }
  };

  useEffect(load, [client, page]);

  return (
    <section className="ec-stack" part="oplog" aria-label={t('oplog.title')}>
      <div className="ec-row" part="toolbar">
        <span className="ec-spacer" />
        <Button type="button" icon="pi pi-download" label={t('oplog.export')} outlined loading={exporting} onClick={() => void download()} />
      </div>
      {state === 'loading' && <LoadingState />}
      {state === 'error' && <ErrorState onRetry={load} />}
      {typeof state === 'object' && state.list.length === 0 && <EmptyState message={t('oplog.empty')} />}
      {typeof state === 'object' && state.list.length > 0 && (
        <div className="ec-table-scroll">
          <table className="ec-table" part="table">
            <caption className="ec-visually-hidden">{t('oplog.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('oplog.time')}</th>
                <th scope="col">{t('oplog.operator')}</th>
                <th scope="col">{t('oplog.action')}</th>
                <th scope="col">{t('oplog.object')}</th>
              </tr>
            </thead>
            <tbody>
              {state.list.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatLogTime(entry.time)}</td>
                  <td>{entry.operator}</td>
                  <td>{Object.hasOwn(ACTION_KEYS, entry.action) ? t(ACTION_KEYS[entry.action]!) : entry.action}</td>
                  <td>{entry.object_label}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {typeof state === 'object' && <Pager page={page.page} pageSize={page.pageSize} total={state.total} onChange={setPage} />}
    </section>
  );
}
