/**
 * The login log (issue 27: time, IP, region, result, user agent; every sign-in attempt, success or refusal with its
 * reason). A parent sees every user of the account, a sub-account its own attempts (the server decides).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useState } from 'react';
import type { ListAnswer } from '../../../core/api/endpoints/platform.js';
import { listLoginLog, type LoginLogEntry, type LoginLogQuery } from '../../../core/api/endpoints/user-center.js';
import { formatLogTime } from '../../../core/i18n/format.js';
import { findIpRegion, loadRegionData, regionLabel } from '../../../core/region/region.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { Pager, isPagerShown } from '../../../core/ui/parts/pager.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { StatusTag } from '../../../core/ui/parts/status-tag.js';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; value: ListAnswer<LoginLogEntry> };

/** The table with its filter and pager. */
export function LoginLog() {
  useSignals();
  const { client, language } = useElement();
  const t = useT();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [result, setResult] = useState<'' | NonNullable<LoginLogQuery['result']>>('');
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const fetchPage = useCallback(() => {
    setLoad({ state: 'loading' });
    listLoginLog(client, { page, per_page: pageSize, ...(result ? { result } : {}) }).then(
      (value) => setLoad({ state: 'ready', value }),
      () => setLoad({ state: 'error' }),
    );
  }, [client, page, pageSize, result]);

  useEffect(fetchPage, [fetchPage]);
  useEffect(() => {
    loadRegionData(client).catch(() => undefined);
  }, [client]);

  const region = (key: string) => {
    if (!key) return t('log.region-unknown');
    const node = findIpRegion(key);
    return node ? regionLabel(node, language) : key;
  };

  const body = () => {
    if (load.state === 'loading') return <LoadingState message={t('log.loading')} />;
    if (load.state === 'error') return <ErrorState message={t('log.load-failed')} onRetry={fetchPage} />;
    if (load.value.total === 0) return <EmptyState message={t('log.empty')} />;
    return (
      <>
        <table className="ec-uc-log" part="table">
          <thead>
            <tr>
              <th scope="col">{t('log.time')}</th>
              <th scope="col">{t('log.account')}</th>
              <th scope="col">{t('log.ip')}</th>
              <th scope="col">{t('log.region')}</th>
              <th scope="col">{t('log.result')}</th>
              <th scope="col">{t('log.user-agent')}</th>
            </tr>
          </thead>
          <tbody>
            {load.value.list.map((entry) => (
              <tr key={entry.id}>
                <td className="ec-uc-log-short">{formatLogTime(entry.at)}</td>
                <td>{entry.account}</td>
                <td className="ec-uc-log-short">{entry.ip}</td>
                <td className="ec-uc-log-short">{region(entry.region)}</td>
                <td className="ec-uc-log-short">
                  <StatusTag
                    settings={[{ value: entry.result, label: t(`log.result-${entry.result}`), color: entry.result === 'success' ? 'success' : 'danger' }]}
                    value={entry.result}
                  />
                </td>
                <td>{entry.user_agent}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {isPagerShown(load.value.total) ? (
          <Pager page={page} pageSize={pageSize} total={load.value.total} onChange={(change) => {
            setPage(change.page);
            setPageSize(change.pageSize);
          }} />
        ) : null}
      </>
    );
  };

  return (
    <section className="ec-uc-section ec-stack" aria-labelledby="uc-log-title">
      <h2 id="uc-log-title">{t('log.title')}</h2>
      <div className="ec-uc-row" part="toolbar">
        <div className="ec-field">
          <label htmlFor="uc-log-result">{t('log.filter-result')}</label>
          <select id="uc-log-result" className="p-inputtext" value={result} onChange={(event) => {
            setPage(1);
            setResult(event.target.value as typeof result);
          }}>
            <option value="">{t('log.all')}</option>
            <option value="success">{t('log.result-success')}</option>
            <option value="refused">{t('log.refused')}</option>
          </select>
        </div>
      </div>
      {body()}
    </section>
  );
}
