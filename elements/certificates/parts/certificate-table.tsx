/**
 * The certificate table (rules §3 certificate fields): name, covered domains, issuer, issue and due dates, expiry
 * state, apply status (with the review-failure reason), business status, bound domains, automatic renewal, actions.
 * It is a {@link FastTable} (issue 19: the hand-written table broke at 1280 px, zh_CN headers one character per
 * line, en_US actions cut): names and domain lists are cut with a tip and a copy button, secondary columns can be
 * hidden, the name stays on the left and the actions on the right. A certificate the caller may not change
 * (`editable` from the server, rules §6) shows "view only" with the reason in place of bind, edit and delete.
 */
import { Button } from 'primereact/button';
import { useMemo, useRef } from 'react';
import type { CertificateApplyStatus, CertificateExpiryState, CertificateInfo } from '../../../core/api/endpoints/certificates.js';
import { formatDate } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { FastTable, type FastColumn, type FastTableSort } from '../../../core/ui/parts/fast-table.js';
import { ReadOnlyMark, useReadOnlyReason } from '../../../core/ui/parts/read-only.js';
import { StatusTag, type StatusSetting } from '../../../core/ui/parts/status-tag.js';

/** Props of {@link CertificateTable}. */
export interface CertificateTableProps {
  rows: readonly CertificateInfo[];
  /** The element's `mode="readonly"`: no write action at all (the embedding page asked for a viewer). */
  readonly: boolean;
  expiryTags: readonly StatusSetting[];
  statusTags: readonly StatusSetting[];
  onDetail: (row: CertificateInfo) => void;
  onBind: (row: CertificateInfo) => void;
  onEdit: (row: CertificateInfo) => void;
  onDelete: (row: CertificateInfo) => void;
  /** The sort shown on the due date's header; null for the newest first. */
  sort: FastTableSort | null;
  onSort: (sort: FastTableSort | null) => void;
}

/** Whether a certificate can be bound: issued or uploaded, and not expired. */
export function isBindable(row: Pick<CertificateInfo, 'apply_status' | 'expiry_state'>): boolean {
  const usable: readonly CertificateApplyStatus[] = ['issued', 'uploaded'];
  const expired: CertificateExpiryState = 'expired';
  return usable.includes(row.apply_status) && row.expiry_state !== expired;
}

/** The table. */
export function CertificateTable(props: CertificateTableProps) {
  const { rows, readonly, expiryTags, statusTags, sort, onSort } = props;
  const { language } = useElement();
  const t = useT();
  const reason = useReadOnlyReason('certificate');
  // Columns are built once per language and setting; handlers read the latest props, so a new callback from the
  // parent does not render every row again.
  const latest = useRef(props);
  latest.current = props;

  const columns = useMemo((): FastColumn<CertificateInfo>[] => {
    const dash = '—';
    const boundText = (row: CertificateInfo) => {
      const names = row.bound_domains.map((domain) => domain.domain).join(', ');
      const more = row.bound_count - row.bound_domains.length;
      return names && more > 0 ? `${names} ${t('more-count', { count: more })}` : names;
    };
    return [
      { key: 'name', className: 'ec-col-primary', header: t('field.name'), title: t('field.name'), truncate: (row) => row.name },
      { key: 'names', header: t('field.names'), title: t('field.names'), truncate: (row) => row.domains.join(', ') },
      { key: 'issuer', header: t('field.issuer'), title: t('field.issuer'), hideable: true, truncate: (row) => row.issuer ?? '' },
      {
        key: 'issued-at',
        className: 'ec-nowrap',
        header: t('field.issued-at'),
        title: t('field.issued-at'),
        hideable: true,
        cell: (row) => (row.not_before ? formatDate(row.not_before, language) : dash),
      },
      { key: 'due-at', className: 'ec-nowrap', sortField: 'due', header: t('field.due-at'), cell: (row) => (row.not_after ? formatDate(row.not_after, language) : dash) },
      {
        key: 'expiry',
        header: t('field.expiry-state'),
        cell: (row) => (row.expiry_state ? <StatusTag settings={expiryTags} value={row.expiry_state} /> : dash),
      },
      {
        key: 'status',
        header: t('field.apply-status'),
        cell: (row) => (
          <>
            <StatusTag settings={statusTags} value={row.apply_status} />
            {row.apply_status === 'review_failed' && row.review_reason ? (
              <div className="ec-muted ec-cert-reason">{t(`review-reason.${row.review_reason}`)}</div>
            ) : null}
          </>
        ),
      },
      {
        key: 'business',
        className: 'ec-nowrap',
        header: t('field.business-status'),
        title: t('field.business-status'),
        hideable: true,
        cell: (row) => (row.business_status === 'bound' ? t('business.bound') : t('business.unbound')),
      },
      { key: 'bound', header: t('field.bound-domains'), title: t('field.bound-domains'), hideable: true, truncate: boundText },
      {
        key: 'auto-renew',
        className: 'ec-nowrap',
        header: t('field.auto-renew'),
        title: t('field.auto-renew'),
        hideable: true,
        cell: (row) => (row.source === 'free' ? (row.auto_renew ? t('yes') : t('no')) : dash),
      },
      {
        key: 'actions',
        className: 'ec-col-actions',
        header: t('field.actions'),
        cell: (row) => {
          const { onDetail, onBind, onEdit, onDelete } = latest.current;
          return (
            <div className="ec-row ec-cert-actions">
              <Button type="button" link label={t('action.detail')} aria-label={t('action.detail-named', { name: row.name })} onClick={() => onDetail(row)} />
              {readonly ? null : !row.editable ? (
                <ReadOnlyMark reason={reason} />
              ) : (
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
          );
        },
      },
    ];
  }, [t, language, readonly, reason, expiryTags, statusTags]);

  return <FastTable rows={rows} rowKey={(row) => row.id} columns={columns} label={t('table-label')} columnsKey="certificates" sort={sort} onSort={onSort} />;
}
