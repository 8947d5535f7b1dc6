/**
 * Detail of one certificate (rules §2 "detail", "download"): what the X.509 certificate says, its bound domains with
 * unbind, automatic renewal (free certificates; switched with a confirmation, rules §4 feature toggles) and downloads
 * of the certificate chain, and of the private key only after an explicit confirmation.
 */
import { Button } from 'primereact/button';
import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../../core/api/catalogue.js';
import {
  downloadCertificate,
  getCertificate,
  setCertificateAutoRenew,
  unbindCertificate,
  type CertificateDetail,
} from '../../../core/api/endpoints/certificates.js';
import { formatDateTime } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { saveFile } from '../../../core/ui/save-file.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { useReadOnlyReason } from '../../../core/ui/parts/read-only.js';
import { ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';

/** Props of {@link DetailDialog}. */
export interface DetailDialogProps {
  id: number;
  /**
   * The element's `mode="readonly"`: hides unbind, renewal and key download. A certificate the caller may not change
   * (`editable` false, rules §6) hides them too and says why.
   */
  readonly: boolean;
  onHide: () => void;
  /** Something changed (unbind, renewal): the list reloads. */
  onChanged: (change: { unbound?: number[] }) => void;
}

/** The media type of a PEM download. */
const PEM_TYPE = 'application/x-pem-file';

function fileStem(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '') || 'certificate';
}

/** The detail dialog; mounted while open. */
export function DetailDialog({ id, readonly, onHide, onChanged }: DetailDialogProps) {
  const { client, language, root } = useElement();
  const t = useT();
  const [detail, setDetail] = useState<CertificateDetail | null | 'error'>(null);
  const [message, setMessage] = useState('');
  const headingId = useId();
  const readOnlyReason = useReadOnlyReason('certificate');

  const load = () => {
    getCertificate(client, id).then(setDetail, () => setDetail('error'));
  };
  const report = (error: unknown) => setMessage(error instanceof ApiError && error.message ? error.message : t('action-failed'));
  const download = async (withKey: boolean) => {
    setMessage('');
    try {
      const answer = await downloadCertificate(client, { id, include_private_key: withKey, confirm_private_key: withKey }, { notify: false });
      const stem = fileStem(answer.name);
      if (withKey && answer.private_key) saveFile(root, new Blob([answer.private_key], { type: PEM_TYPE }), `${stem}.key`);
      else saveFile(root, new Blob([answer.full_chain], { type: PEM_TYPE }), `${stem}.pem`);
      setMessage(withKey ? t('download.key-done') : t('download.done'));
    } catch (error) {
      report(error);
    }
  };
  const unbind = async (domainId: number) => {
    try {
      await unbindCertificate(client, { certificate_id: id, domain_ids: [domainId] }, { notify: false });
      onChanged({ unbound: [domainId] });
      load();
    } catch (error) {
      report(error);
    }
  };
  const toggleRenewal = async (next: boolean) => {
    try {
      await setCertificateAutoRenew(client, { id, auto_renew: next }, { notify: false });
      onChanged({});
      load();
    } catch (error) {
      report(error);
    }
  };

  useEffect(load, [client, id]);

  const footer = <DialogFooter onCancel={onHide} />;
  if (detail === null || detail === 'error') {
    return (
      <EcDialog visible onHide={onHide} header={t('detail.title')} footer={footer}>
        {detail === null ? <LoadingState /> : <ErrorState onRetry={load} />}
      </EcDialog>
    );
  }
  const summary = detail.summary;
  const locked = readonly || !detail.editable;
  return (
    <EcDialog visible onHide={onHide} header={t('detail.title-named', { name: detail.name })} footer={footer} width="640px">
      <div className="ec-stack ec-cert-detail" part="detail">
        {!readonly && !detail.editable ? (
          // In a dialog there is no table tip layer to show ReadOnlyMark's reason, so the reason is the line itself.
          <p className="ec-read-only-notice" role="note">
            <i className="pi pi-lock" aria-hidden="true" /> {readOnlyReason}
          </p>
        ) : null}
        {summary ? (
          <dl>
            <dt>{t('field.subject')}</dt>
            <dd>{summary.subject_dn}</dd>
            <dt>{t('field.names')}</dt>
            <dd>{summary.names.join(', ')}</dd>
            <dt>{t('field.issuer')}</dt>
            <dd>{summary.issuer_dn}</dd>
            <dt>{t('field.validity')}</dt>
            <dd>{t('validity-range', { from: formatDateTime(summary.not_before, language), to: formatDateTime(summary.not_after, language) })}</dd>
            <dt>{t('field.key-type')}</dt>
            <dd>{summary.key_type}</dd>
            <dt>{t('field.serial')}</dt>
            <dd className="ec-mono">{summary.serial}</dd>
            <dt>{t('field.fingerprint')}</dt>
            <dd className="ec-mono">{summary.fingerprint_sha256}</dd>
            <dt>{t('field.chain')}</dt>
            <dd>{t('chain-length', { count: summary.chain_length })}</dd>
          </dl>
        ) : (
          <p>{detail.apply_status === 'review_failed' ? t(`review-reason.${detail.review_reason || 'domain-not-verified'}`) : t('detail.not-issued')}</p>
        )}
        <section aria-labelledby={`${headingId}-bound`}>
          <h3 id={`${headingId}-bound`}>{t('detail.bound-domains')}</h3>
          {detail.bound_domains.length === 0 ? <p className="ec-muted">{t('detail.no-bindings')}</p> : null}
          <ul className="ec-cert-bindings" part="bindings">
            {detail.bound_domains.map((domain) => (
              <li key={domain.domain_id} className="ec-row">
                <span>{domain.domain}</span>
                {locked ? null : (
                  <ConfirmPopover message={t('detail.unbind-confirm', { domain: domain.domain })} onConfirm={() => void unbind(domain.domain_id)}>
                    {(trigger) => <Button type="button" link label={t('detail.unbind')} aria-label={t('detail.unbind-named', { domain: domain.domain })} {...trigger} />}
                  </ConfirmPopover>
                )}
              </li>
            ))}
          </ul>
        </section>
        {detail.source === 'free' ? (
          <div className="ec-row">
            <span>{t('field.auto-renew')}:</span>
            <strong>{detail.auto_renew ? t('yes') : t('no')}</strong>
            {locked ? null : (
              <ConfirmPopover
                message={detail.auto_renew ? t('detail.renew-off-confirm') : t('detail.renew-on-confirm')}
                onConfirm={() => void toggleRenewal(!detail.auto_renew)}
              >
                {(trigger) => <Button type="button" link label={detail.auto_renew ? t('detail.renew-off') : t('detail.renew-on')} {...trigger} />}
              </ConfirmPopover>
            )}
          </div>
        ) : null}
        {detail.chain_pem ? (
          <div className="ec-row" part="downloads">
            <Button type="button" outlined icon="pi pi-download" label={t('download.chain')} onClick={() => void download(false)} />
            {locked ? null : (
              <ConfirmPopover message={t('download.key-confirm')} onConfirm={() => void download(true)} danger>
                {(trigger) => <Button type="button" outlined severity="danger" icon="pi pi-key" label={t('download.key')} {...trigger} />}
              </ConfirmPopover>
            )}
          </div>
        ) : null}
        {message ? <p role="status">{message}</p> : null}
      </div>
    </EcDialog>
  );
}
