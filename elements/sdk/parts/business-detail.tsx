/**
 * One business (shell §2 "business detail"): its facts, how the reputation levels are decided (rules §3, §9, with the
 * strict reading of "over" spelled out), and its devices with their level and why, filtered by level and paged. The
 * levels come from the server, which computes them from the devices' sessions at each read (core/rules/sdk.ts).
 */
import { useEffect, useId, useState } from 'react';
import { ApiError, NOT_FOUND_CODE } from '../../../core/api/catalogue.js';
import type { ListAnswer } from '../../../core/api/endpoints/platform.js';
import { getSdkBusiness, listSdkDevices, SDK_REPUTATION_LEVELS, type SdkBusiness, type SdkDevice, type SdkReputationLevel } from '../../../core/api/endpoints/sdk.js';
import { formatDateTime } from '../../../core/i18n/format.js';
import { SDK_REPUTATION_THRESHOLDS } from '../../../core/rules/sdk.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { NavLink } from '../../../core/ui/parts/nav-link.js';
import { Pager } from '../../../core/ui/parts/pager.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { SDK_ROUTES } from '../routes.js';
import type { SdkViewProps } from '../sdk.js';
import type { Loaded } from '../store.js';
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
  const [reload, setReload] = useState(0);
  const [state, setState] = useState<Loaded<ListAnswer<SdkDevice>>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    listSdkDevices(client, { business_id: businessId, page: page.page, per_page: page.perPage, ...(level ? { level } : {}) }).then(
      (value) => live && setState({ status: 'ready', value }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [client, businessId, level, page, reload]);

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
      {state.status === 'loading' ? <LoadingState message={t('loading')} /> : null}
      {state.status === 'error' ? <ErrorState message={t('load-failed')} onRetry={() => setReload((count) => count + 1)} /> : null}
      {state.status === 'ready' && state.value.total === 0 ? <EmptyState message={t('device.empty')} /> : null}
      {state.status === 'ready' && state.value.total > 0 ? (
        <>
          <table className="ec-sdk-table" part="table">
            <thead>
              <tr>
                <th scope="col">{t('device.key')}</th>
                <th scope="col">{t('device.platform')}</th>
                <th scope="col" className="ec-sdk-number">
                  {t('device.hours')}
                </th>
                <th scope="col" className="ec-sdk-number">
                  {t('device.launches')}
                </th>
                <th scope="col">{t('device.last-seen')}</th>
                <th scope="col">{t('device.level')}</th>
                <th scope="col">{t('device.why')}</th>
              </tr>
            </thead>
            <tbody>
              {state.value.list.map((device) => (
                <tr key={device.id} data-device={device.device_key} data-level={device.level}>
                  <td>
                    <span className="ec-sdk-key">{device.device_key}</span>
                    <div className="ec-muted">{device.model}</div>
                  </td>
                  <td>{t(`platform.${device.platform}`)}</td>
                  <td className="ec-sdk-number">{device.online_hours}</td>
                  <td className="ec-sdk-number">{device.launches}</td>
                  <td>{device.last_seen ? formatDateTime(device.last_seen, language) : t('device.never')}</td>
                  <td>
                    <ReputationTag level={device.level} />
                  </td>
                  <td className="ec-sdk-why">{rules(device.reason.key, device.reason.values)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page.page} pageSize={page.perPage} total={state.value.total} onChange={(next) => setPage({ page: next.page, perPage: next.pageSize })} />
        </>
      ) : null}
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
