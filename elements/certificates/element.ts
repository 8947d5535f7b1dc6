import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { Certificates, type CertificatesProps } from './certificates.js';
import styles from './certificates.css';
import '../../core/i18n/namespaces/certificates.js';
import '../../core/i18n/namespaces/rules.js';

/**
 * The certificate manager (rules §2 certificate list; rules §3-§6, §8, §9 certificates): the list with counts by
 * expiry state, filters, search and sort by due date; upload with the PEM read in the browser before saving; free
 * certificates (two issuers, batch of up to 1000 domains, quotas); binding to domains with coverage warnings; detail,
 * edit, download (the private key only after a confirmation), delete and automatic renewal.
 *
 * @tag ec-certificates
 * @summary Certificates: upload, free certificates, binding to domains, expiry and downloads.
 * @fires ec-certificate-uploaded - A certificate was uploaded; detail `{ id, name }`.
 * @fires ec-certificate-updated - A certificate was renamed or replaced; detail `{ id, name }`.
 * @fires ec-certificate-applied - Free certificates were applied for; detail `{ job_id, certificate_ids }`.
 * @fires ec-certificate-bound - A certificate was bound to domains; detail `{ id, domain_ids }`.
 * @fires ec-certificate-unbound - A certificate was unbound from domains; detail `{ id, domain_ids }`.
 * @fires ec-certificate-deleted - A certificate was deleted; detail `{ id }`.
 * @fires ec-view-state - The filters, sort, page or page size changed; detail `{ state }`, URL query text for the page's address (the `view-state` attribute takes it back).
 * @csspart toolbar - The expiry-state filter and the upload and apply buttons.
 * @csspart table - The certificate table.
 * @csspart pagination - The pager under the table.
 * @csspart preview - What the uploaded certificate says, shown before saving.
 * @csspart detail - The detail dialog's content.
 * @csspart bindings - The bound domains in the detail dialog.
 * @csspart downloads - The download buttons in the detail dialog.
 * @csspart empty-state - Shown when there is no certificate.
 * @cssprop --ec-color-card - Background of the table and the certificate preview.
 */
export const CertificatesElement = defineElement<CertificatesProps>('ec-certificates', Certificates, {
  namespace: 'certificates',
  uses: ['rules'],
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-certificates': EcElementOf<typeof attributes>;
  }
}
