/**
 * One business (shell §2 "business detail"): its facts, how the reputation levels are decided (rules §3, §9, with the
 * strict reading of "over" spelled out), and its devices with their level and why, filtered by level and paged. The
 * levels come from the server, which computes them from the devices' sessions at each read (core/rules/sdk.ts).
 */
import { useEffect, useId, useState } from 'react';
import { ApiError, NOT_FOUND_CODE } from '../../../core/api/catalogue.js';
import { getSdkBusiness, listSdkDevices, SDK_REPUTATION_LEVELS, type SdkBusiness, type SdkDevice, type SdkReputationLevel } from '../../../core/api/endpoints/sdk.js';
import { formatDateTime } from '../../../core/i18n/format.js';
import { SDK_REPUTATION_THRESHOLDS } from '../../../core/rules/sdk.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { NavLink } from '../../../core/ui/parts/nav-link.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { SDK_ROUTES } from '../routes.js';
import type { SdkViewProps } from '../sdk.js';
import { useLoaded, type Loaded } from '../store.js';
import { SdkListTable, type SdkColumn } from './list-table.js';
import { ReputationTag } from './shared.js';

function Thresholds() {
  const t = useT('sdk');
  const id = useId();
  const { premium, normal } = SDK_REPUTATION_THRESHOLDS;
  return (
    <section className="ec-sdk-thresholds" aria-labelledby={id} part="thresholds">
      <h3 id={id} className="ec-section-title">
        {t('thresholds.title')}
      </h3>
      <ul>
        <li>{t('thresholds.premium', premium)}</li>
        <li>{t('thresholds.normal', normal)}</li>
        <li>{t('thresholds.risk', normal)}</li>
      </ul>
      <p className="ec-muted">{t('thresholds.live')}</p>
    </section>
  );
}

function Devices({ businessId }: { businessId: number }) {
  const t = useT('sdk');
  const rules = useT('rules');
  const { client, language } = useElement();
  const filterId = useId();
  const [level, setLevel] = useState<SdkReputationLevel | ''>('');
  const [page, setPage] = useState({ page: 1, perPage: 10 });
  const [state, reload] = useLoaded(
    () => listSdkDevices(client, { business_id: businessId, page: page.page, per_page: page.perPage, ...(level ? { level } : {}) }),
    [client, businessId, level, page],
  );
  const columns: SdkColumn<SdkDevice>[] = [
    {
      key: 'key',
      header: t('device.key'),
      cell: (device) => (
        <>
          <span className="ec-sdk-key">{device.device_key}</span>
          <div className="ec-muted">{device.model}</div>
        </>
      ),
    },
    { key: 'platform', header: t('device.platform'), cell: (device) => t(`platform.${device.platform}`) },
    { key: 'hours', header: t('device.hours'), className: 'ec-sdk-number', cell: (device) => device.online_hours },
    { key: 'launches', header: t('device.launches'), className: 'ec-sdk-number', cell: (device) => device.launches },
    { key: 'last-seen', header: t('device.last-seen'), cell: (device) => (device.last_seen ? formatDateTime(device.last_seen, language) : t('device.never')) },
    { key: 'level', header: t('device.level'), cell: (device) => <ReputationTag level={device.level} /> },
    { key: 'why', header: t('device.why'), cellClassName: 'ec-sdk-why', cell: (device) => rules(device.reason.key, device.reason.values) },
  ];

  return (
    <section className="ec-stack" aria-label={t('device.title')}>
      <div className="ec-row" part="toolbar">
        <h3 className="ec-section-title">{t('device.title')}</h3>
        <label htmlFor={filterId}>{t('device.filter')}</label>
        <select
          id={filterId}
          className="p-inputtext p-component"
          value={level}
          onChange={(event) => {
            setLevel(event.target.value as SdkReputationLevel | '');
            setPage((current) => ({ ...current, page: 1 }));
          }}
        >
          <option value="">{t('device.all')}</option>
          {SDK_REPUTATION_LEVELS.map((value) => (
            <option key={value} value={value}>
              {t(`level.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <SdkListTable
        state={state}
        columns={columns}
        rowKey={(device) => device.id}
        rowAttributes={(device) => ({ 'data-device': device.device_key, 'data-level': device.level })}
        empty={t('device.empty')}
        errorMessage={t('load-failed')}
        onRetry={reload}
        page={page}
        onPage={setPage}
      />
    </section>
  );
}

/** The business detail page. */
export function BusinessDetail({ businessId }: SdkViewProps) {
  const t = useT('sdk');
  const { client, language } = useElement();
  const [state, setState] = useState<Loaded<SdkBusiness> | { status: 'missing' }>({ status: 'loading' });
  const [reload, setReload] = useState(0);
  useEffect(() => {
    if (!businessId) return undefined;
    let live = true;
    setState({ status: 'loading' });
    getSdkBusiness(client, businessId, { notify: false }).then(
      (value) => live && setState({ status: 'ready', value }),
      (error: unknown) => live && setState({ status: error instanceof ApiError && error.code === NOT_FOUND_CODE ? 'missing' : 'error' }),
    );
    return () => {
      live = false;
    };
  }, [client, businessId, reload]);

  if (!businessId || state.status === 'missing') {
    return (
      <EmptyState message={t('not-found')}>
        <NavLink route={SDK_ROUTES.businesses}>{t('business.search')}</NavLink>
      </EmptyState>
    );
  }
  if (state.status === 'loading') return <LoadingState message={t('loading')} />;
  if (state.status === 'error') return <ErrorState message={t('load-failed')} onRetry={() => setReload((count) => count + 1)} />;
  const business = state.value;
  return (
    <article className="ec-stack">
      <h2 className="ec-section-title">{business.name}</h2>
      <dl className="ec-sdk-facts">
        <dt>{t('business.android')}</dt>
        <dd>{business.android_package || '—'}</dd>
        <dt>{t('business.ios')}</dt>
        <dd>{business.ios_bundle || '—'}</dd>
        <dt>{t('business.website')}</dt>
        <dd>{business.domain ?? t('business.no-website')}</dd>
        <dt>{t('business.devices')}</dt>
        <dd>{t('business.counts', business.devices)}</dd>
        <dt>{t('business.created')}</dt>
        <dd>{formatDateTime(business.created_at, language)}</dd>
        {business.remark ? (
          <>
            <dt>{t('business.remark')}</dt>
            <dd>{business.remark}</dd>
          </>
        ) : null}
      </dl>
      <Thresholds />
      <Devices businessId={business.id} />
    </article>
  );
}
