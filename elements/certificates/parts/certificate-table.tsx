/**
 * The certificate table (rules §3 certificate fields): name, covered domains, issuer, issue and due dates, expiry
 * state, apply status (with the review-failure reason), business status, bound domains, automatic renewal, actions.
 */
import { Button } from 'primereact/button';
import type { CertificateApplyStatus, CertificateExpiryState, CertificateInfo } from '../../../core/api/endpoints/certificates.js';
import { formatDate } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { StatusTag, type StatusSetting } from '../../../core/ui/parts/status-tag.js';

/** Props of {@link CertificateTable}. */
export interface CertificateTableProps {
  rows: readonly CertificateInfo[];
  readonly: boolean;
  expiryTags: readonly StatusSetting[];
  statusTags: readonly StatusSetting[];
  onDetail: (row: CertificateInfo) => void;
  onBind: (row: CertificateInfo) => void;
  onEdit: (row: CertificateInfo) => void;
  onDelete: (row: CertificateInfo) => void;
}

/** Whether a certificate can be bound: issued or uploaded, and not expired. */
export function isBindable(row: Pick<CertificateInfo, 'apply_status' | 'expiry_state'>): boolean {
  const usable: readonly CertificateApplyStatus[] = ['issued', 'uploaded'];
  const expired: CertificateExpiryState = 'expired';
  return usable.includes(row.apply_status) && row.expiry_state !== expired;
}

/** The table. */
export function CertificateTable({ rows, readonly, expiryTags, statusTags, onDetail, onBind, onEdit, onDelete }: CertificateTableProps) {
  const { language } = useElement();
  const t = useT();
  return (
    <div className="ec-table-scroll">
      <table className="ec-cert-table" part="table">
        <thead>
          <tr>
            <th scope="col">{t('field.name')}</th>
            <th scope="col">{t('field.names')}</th>
            <th scope="col">{t('field.issuer')}</th>
            <th scope="col">{t('field.issued-at')}</th>
            <th scope="col">{t('field.due-at')}</th>
            <th scope="col">{t('field.expiry-state')}</th>
            <th scope="col">{t('field.apply-status')}</th>
            <th scope="col">{t('field.business-status')}</th>
            <th scope="col">{t('field.bound-domains')}</th>
            <th scope="col">{t('field.auto-renew')}</th>
            <th scope="col" className="ec-col-actions">{t('field.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-id={row.id}>
              <th scope="row">{row.name}</th>
              <td>{row.domains.join(', ')}</td>
              <td>{row.issuer ?? '—'}</td>
              <td>{row.not_before ? formatDate(row.not_before, language) : '—'}</td>
              <td>{row.not_after ? formatDate(row.not_after, language) : '—'}</td>
              <td>{row.expiry_state ? <StatusTag settings={expiryTags} value={row.expiry_state} /> : '—'}</td>
              <td>
                <StatusTag settings={statusTags} value={row.apply_status} />
                {row.apply_status === 'review_failed' && row.review_reason ? (
                  <div className="ec-muted ec-cert-reason">{t(`review-reason.${row.review_reason}`)}</div>
                ) : null}
              </td>
              <td>{row.business_status === 'bound' ? t('business.bound') : t('business.unbound')}</td>
              <td className="ec-cert-bound">
                {row.bound_domains.map((domain) => domain.domain).join(', ') || '—'}
                {row.bound_count > row.bound_domains.length ? ` ${t('more-count', { count: row.bound_count - row.bound_domains.length })}` : ''}
              </td>
              <td>{row.source === 'free' ? (row.auto_renew ? t('yes') : t('no')) : '—'}</td>
              <td className="ec-col-actions">
                <div className="ec-row ec-cert-actions">
                  <Button type="button" link label={t('action.detail')} aria-label={t('action.detail-named', { name: row.name })} onClick={() => onDetail(row)} />
                  {readonly ? null : (
                    <>
                      <Button
                        type="button"
                        link
                        label={t('action.bind')}
                        aria-label={t('action.bind-named', { name: row.name })}
                        disabled={!isBindable(row)}
                        onClick={() => onBind(row)}
                      />
                      <Button type="button" link label={t('action.edit')} aria-label={t('action.edit-named', { name: row.name })} onClick={() => onEdit(row)} />
                      <ConfirmPopover message={t('delete-confirm', { name: row.name })} onConfirm={() => onDelete(row)} danger>
                        {(trigger) => <Button type="button" link label={t('action.delete')} aria-label={t('action.delete-named', { name: row.name })} {...trigger} />}
                      </ConfirmPopover>
                    </>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
