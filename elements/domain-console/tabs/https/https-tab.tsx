/**
 * The HTTPS tab (rules §3 HTTPS settings; rules §5 jump port; rules §6 only certificates the caller may use, plan
 * gate `https`; rules §9 HSTS persists one month after disabling): the certificate, HTTP-to-HTTPS redirect and its
 * jump port, HSTS, HTTP/2, OCSP stapling, minimum TLS version and cipher suite of the `https` group.
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { listCertificates, type CertificateInfo } from '../../../../core/api/endpoints/certificates.js';
import { formatDate } from '../../../../core/i18n/format.js';
import '../../../../core/i18n/namespaces/domain-https.js';
import { certificateCovers } from '../../../../core/rules/certificates.js';
import { groupsOfTab, type SettingsGroupName } from '../../../../core/settings/catalogue.js';
import {
  CIPHER_SUITES,
  HSTS_PERSIST_MONTHS,
  HTTPS_REDIRECTS,
  hstsPersistsUntil,
  TLS_VERSIONS,
  validateHttps,
  type HttpsGroup,
} from '../../../../core/settings/https.js';
import { useElement, useT } from '../../../../core/ui/element-context.js';
import { ErrorState, LoadingState } from '../../../../core/ui/parts/state-views.js';
import { GroupSection } from '../../parts/group-section.js';
import { useSettingsGroups, type SettingsGroups } from '../../parts/use-settings-groups.js';
import type { TabProps } from '../tab-module.js';
import { SelectField, SwitchField, TextField } from '../../../../core/ui/parts/labelled-fields.js';
import { typedNumber, useFieldMessages } from './fields.js';

export const namespaces = ['domain-https'] as const;

const TAB_GROUPS = groupsOfTab('https');

/** Certificates that can serve `domain`: issued or uploaded, unexpired, covering it, and the caller's to link. */
function usable(certificate: CertificateInfo, domain: string): boolean {
  return (
    (certificate.apply_status === 'issued' || certificate.apply_status === 'uploaded') &&
    certificate.not_after !== null &&
    certificate.expiry_state !== 'expired' &&
    certificate.editable &&
    certificateCovers(certificate.domains, domain)
  );
}

/** The account's certificates the picker offers, loaded once per tab. */
function useUsableCertificates(domain: string) {
  const { client } = useElement();
  const [state, setState] = useState<{ status: 'loading' | 'error' | 'ready'; list: CertificateInfo[] }>({ status: 'loading', list: [] });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState((previous) => ({ ...previous, status: 'loading' }));
    listCertificates(client, { per_page: 1000, sort: 'due_desc' }).then(
      (answer) => live && setState({ status: 'ready', list: answer.list.filter((certificate) => usable(certificate, domain)) }),
      () => live && setState({ status: 'error', list: [] }),
    );
    return () => {
      live = false;
    };
  }, [client, domain, attempt]);
  return { ...state, retry: () => setAttempt((count) => count + 1) };
}

function HttpsForm({ state, domain, editable }: { state: SettingsGroups<SettingsGroupName>; domain: string; editable: boolean }) {
  const t = useT('domain-https');
  const id = useId();
  const value = state.value('https');
  const certificates = useUsableCertificates(domain);
  const validate = useCallback(() => validateHttps(value), [value]);
  const { message, check } = useFieldMessages(validate, state.issuesOf('https'));
  const change = (patch: Partial<HttpsGroup>) => state.change('https', (previous) => ({ ...previous, ...patch }));
  const changeHsts = (patch: Partial<HttpsGroup['hsts']>) => state.change('https', (previous) => ({ ...previous, hsts: { ...previous.hsts, ...patch } }));

  const certificateOptions = useMemo(() => {
    const options = certificates.list.map((certificate) => ({
      value: certificate.id,
      label: t(certificate.expiry_state === 'expiring' ? 'https.certificate-option-expiring' : 'https.certificate-option', {
        name: certificate.name,
        date: formatDate(certificate.not_after!),
      }),
    }));
    // The bound certificate stays shown even when this caller could not pick it again (a read grant, say).
    const stored = state.groups?.https.value;
    if (stored && stored.certificate_id !== null && !options.some((option) => option.value === stored.certificate_id)) {
      options.unshift({ value: stored.certificate_id, label: stored.certificate_name || String(stored.certificate_id) });
    }
    return options;
  }, [certificates.list, state.groups, t]);

  const persistsUntil = hstsPersistsUntil(value.hsts_disabled_at);

  return (
    <GroupSection state={state} names={TAB_GROUPS} title={t('https.title')} description={t('https.description')} beforeSave={check}>
      <div className="ec-stack">
        <SwitchField id={`${id}-status`} label={t('https.status')} checked={value.status === 'on'} error={message('status')} onChange={(on) => change({ status: on ? 'on' : 'off' })} />
        <SelectField
          id={`${id}-certificate`}
          label={t('https.certificate')}
          value={value.certificate_id}
          options={certificateOptions}
          placeholder={t('https.certificate-placeholder')}
          clearable={editable}
          emptyMessage={t('https.certificate-none', { domain })}
          error={message('certificate_id')}
          onChange={(next) => change({ certificate_id: next, certificate_name: certificates.list.find((certificate) => certificate.id === next)?.name ?? '' })}
        />
        {certificates.status === 'loading' ? (
          <small className="ec-muted">{t('https.certificates-loading')}</small>
        ) : certificates.status === 'error' ? (
          <small className="ec-error-text" role="alert">
            {t('https.certificates-failed')}{' '}
            <button type="button" className="ec-link" onClick={certificates.retry}>
              {t('https.retry')}
            </button>
          </small>
        ) : (
          <small className="ec-muted" part="certificate-hint">
            {certificates.list.length === 0 ? t('https.certificate-none', { domain }) : t('https.certificate-hint', { domain })}
          </small>
        )}
        <div className="ec-row">
          <SelectField
            id={`${id}-redirect`}
            label={t('https.redirect')}
            value={value.redirect}
            options={HTTPS_REDIRECTS.map((option) => ({ value: option, label: t(`https.redirect-${option}`) }))}
            error={message('redirect')}
            onChange={(next) => change({ redirect: next ?? 'off' })}
          />
          {value.redirect !== 'off' && (
            <TextField
              id={`${id}-jump-port`}
              label={t('https.jump-port')}
              value={value.jump_port}
              numeric
              hint={t('https.jump-port-hint')}
              error={message('jump_port')}
              onChange={(text) => change({ jump_port: typedNumber(text) })}
            />
          )}
        </div>
        <SwitchField
          id={`${id}-hsts`}
          label={t('https.hsts')}
          checked={value.hsts.status === 'on'}
          error={message('hsts.status')}
          hint={t('https.hsts-note', { count: HSTS_PERSIST_MONTHS })}
          onChange={(on) => changeHsts({ status: on ? 'on' : 'off' })}
        />
        {persistsUntil && value.hsts.status === 'off' && (
          <p className="ec-notice" role="note" part="hsts-persists">
            {t('https.hsts-disabled', { since: formatDate(value.hsts_disabled_at!), until: formatDate(persistsUntil) })}
          </p>
        )}
        {value.hsts.status === 'on' && (
          <div className="ec-row">
            <TextField
              id={`${id}-hsts-max-age`}
              label={t('https.hsts-max-age')}
              value={value.hsts.max_age}
              numeric
              error={message('hsts.max_age')}
              onChange={(text) => changeHsts({ max_age: typedNumber(text) })}
            />
            <SwitchField id={`${id}-hsts-subdomains`} label={t('https.hsts-subdomains')} checked={value.hsts.include_subdomains} onChange={(on) => changeHsts({ include_subdomains: on })} />
          </div>
        )}
        <div className="ec-row">
          <SwitchField id={`${id}-http2`} label={t('https.http2')} checked={value.http2 === 'on'} error={message('http2')} onChange={(on) => change({ http2: on ? 'on' : 'off' })} />
          <SwitchField id={`${id}-ocsp`} label={t('https.ocsp')} checked={value.ocsp === 'on'} error={message('ocsp')} onChange={(on) => change({ ocsp: on ? 'on' : 'off' })} />
        </div>
        <div className="ec-row">
          <SelectField
            id={`${id}-min-tls`}
            label={t('https.min-tls')}
            value={value.min_tls}
            options={TLS_VERSIONS.map((version) => ({ value: version, label: version }))}
            error={message('min_tls')}
            onChange={(next) => change({ min_tls: next ?? value.min_tls })}
          />
          <SelectField
            id={`${id}-ciphers`}
            label={t('https.ciphers')}
            value={value.ciphers}
            options={CIPHER_SUITES.map((suite) => ({ value: suite, label: t(`https.ciphers-${suite}`) }))}
            error={message('ciphers')}
            onChange={(next) => change({ ciphers: next ?? value.ciphers })}
          />
        </div>
        {value.ciphers === 'custom' && (
          <TextField
            id={`${id}-custom-ciphers`}
            label={t('https.custom-ciphers')}
            value={value.custom_ciphers}
            hint={t('https.custom-ciphers-hint')}
            error={message('custom_ciphers')}
            onChange={(text) => change({ custom_ciphers: text })}
          />
        )}
      </div>
    </GroupSection>
  );
}

export default function HttpsTab({ context, readonly, onSaved }: TabProps) {
  const t = useT('domain-console');
  const state = useSettingsGroups(context.id, TAB_GROUPS, { readonly, onSaved });
  if (state.status === 'loading') return <LoadingState message={t('tab-loading')} />;
  if (state.status === 'error') return <ErrorState message={t('tab-load-failed')} onRetry={state.reload} />;
  return <HttpsForm state={state} domain={context.info.domain} editable={state.editable('https')} />;
}
