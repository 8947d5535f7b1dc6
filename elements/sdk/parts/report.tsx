/**
 * The data reports (shell §2: CC attack, visit, WAF) of one business: requests over time and the top client IPs and
 * URLs, counted by the server from the log lines of the website the business's SDK traffic goes through.
 */
import { useId, useMemo, useState } from 'react';
import { getSdkReport, SDK_REPORT_TYPES, type SdkReportRow, type SdkReportType } from '../../../core/api/endpoints/sdk.js';
import { formatLargeNumber } from '../../../core/i18n/format.js';
import type { ReportGranularity } from '../../../core/rules/reports.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { Chart } from '../../../core/ui/parts/chart.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import type { SdkViewProps } from '../sdk.js';
import { useLoaded } from '../store.js';
import { BusinessPicker } from './shared.js';

/** The ranges offered, each with the granularity that keeps the chart readable and within rules §9's limits. */
const RANGES: ReadonlyArray<{ key: '1h' | '24h' | '7d'; ms: number; granularity: ReportGranularity }> = [
  { key: '1h', ms: 3_600_000, granularity: '5m' },
  { key: '24h', ms: 86_400_000, granularity: '1h' },
  { key: '7d', ms: 7 * 86_400_000, granularity: '1d' },
];

function TopTable({ title, rows }: { title: string; rows: readonly SdkReportRow[] }) {
  const t = useT('sdk');
  const { language } = useElement();
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="ec-section-title">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="ec-muted">{t('report.empty')}</p>
      ) : (
        <table className="ec-sdk-table" part="table">
          <thead>
            <tr>
              <th scope="col">{t('report.key')}</th>
              <th scope="col" className="ec-sdk-number">
                {t('report.requests')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <td className="ec-sdk-key">{row.key || '—'}</td>
                <td className="ec-sdk-number">{formatLargeNumber(row.requests, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function BusinessReport({ businessId, type }: { businessId: number; type: SdkReportType }) {
  const t = useT('sdk');
  const { client, language } = useElement();
  const rangeId = useId();
  const [range, setRange] = useState<(typeof RANGES)[number]['key']>('24h');
  const [state, reload] = useLoaded(() => {
    const chosen = RANGES.find((entry) => entry.key === range)!;
    const to = Date.now();
    return getSdkReport(client, { business_id: businessId, type, from: new Date(to - chosen.ms).toISOString(), to: new Date(to).toISOString(), granularity: chosen.granularity });
  }, [client, businessId, type, range]);
  const data = useMemo(
    () => (state.status === 'ready' ? { columns: ['time', 'requests'], rows: state.value.series.map((point) => ({ time: Date.parse(point.bucket), requests: point.requests })) } : null),
    [state],
  );
  const title = t(`report.title.${type}`);

  return (
    <div className="ec-stack">
      <div className="ec-row" part="toolbar">
        <label htmlFor={rangeId}>{t('report.range')}</label>
        <select id={rangeId} className="p-inputtext p-component" value={range} onChange={(event) => setRange(event.target.value as typeof range)}>
          {RANGES.map((entry) => (
            <option key={entry.key} value={entry.key}>
              {t(`report.range-${entry.key}`)}
            </option>
          ))}
        </select>
      </div>
      {state.status === 'loading' ? <LoadingState message={t('loading')} /> : null}
      {state.status === 'error' ? <ErrorState message={t('load-failed')} onRetry={reload} /> : null}
      {state.status === 'ready' && state.value.domain === null ? <EmptyState message={t('report.no-website')} /> : null}
      {state.status === 'ready' && state.value.domain !== null ? (
        <>
          <p className="ec-muted">
            {t('report.website', { domain: state.value.domain })} · {t('report.total', { total: formatLargeNumber(state.value.total, language) })}
          </p>
          <Chart type="line" data={data} label={title} columnLabels={{ time: t('report.time'), requests: t('report.requests') }} valueFormat="large" exportName={`sdk-${type}`} />
          <div className="ec-sdk-tops">
            <TopTable title={t('report.top-ips')} rows={state.value.ips} />
            <TopTable title={t('report.top-urls')} rows={state.value.urls} />
          </div>
        </>
      ) : null}
    </div>
  );
}

/** The data report page of one type. */
export function Report({ store, type }: SdkViewProps) {
  const t = useT('sdk');
  const reportType: SdkReportType = (SDK_REPORT_TYPES as readonly string[]).includes(type ?? '') ? (type as SdkReportType) : 'cc';
  return (
    <div className="ec-stack">
      <h2 className="ec-section-title">{t(`report.title.${reportType}`)}</h2>
      <BusinessPicker store={store}>{(businessId) => <BusinessReport key={businessId} businessId={businessId} type={reportType} />}</BusinessPicker>
    </div>
  );
}
