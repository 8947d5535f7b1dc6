/**
 * Binding a certificate to domains (rules §2 "bind"). A domain the certificate's names do not cover is allowed, with
 * a warning (wildcards cover one label). The server binds all or nothing: "Certificate binding failed" (rules §8)
 * lists each refused domain; a child without the certificate grant is told "Unauthorized certificates cannot be
 * linked" (rules §6).
 */
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useEffect, useId, useMemo, useState } from 'react';
import { ApiError, PERMISSION_DENIED_CODE, REJECT_WITH_DATA_CODE } from '../../../core/api/catalogue.js';
import {
  bindCertificate,
  type CertificateBindAnswer,
  type CertificateBindFailedData,
  type CertificateInfo,
} from '../../../core/api/endpoints/certificates.js';
import { listDomainPicker, type DomainListItem } from '../../../core/api/endpoints/platform.js';
import { certificateCovers } from '../../../core/rules/certificates.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';

/** Domains listed at once; the filter narrows longer lists. */
const SHOWN_DOMAINS = 100;

/** Props of {@link BindDialog}. */
export interface BindDialogProps {
  certificate: CertificateInfo;
  onHide: () => void;
  onBound: (answer: CertificateBindAnswer) => void;
}

/** The binding dialog; mounted while open. */
export function BindDialog({ certificate, onHide, onBound }: BindDialogProps) {
  const { client } = useElement();
  const t = useT();
  const [domains, setDomains] = useState<DomainListItem[] | null | 'error'>(null);
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const saving = useSave();
  const [failure, setFailure] = useState<{ message: string; lines: string[] } | null>(null);
  const filterId = useId();

  const bound = useMemo(() => new Set(certificate.bound_domains.map((domain) => domain.domain_id)), [certificate]);
  const available = domains === null || domains === 'error' ? [] : domains.filter((domain) => !bound.has(domain.domain_id));
  const matching = available.filter((domain) => domain.domain.includes(filter.trim().toLowerCase()));
  const uncovered = available.filter((domain) => selected.includes(domain.domain_id) && !certificateCovers(certificate.domains, domain.domain));

  const toggle = (id: number, checked: boolean) => setSelected((current) => (checked ? [...current, id] : current.filter((value) => value !== id)));
  const load = () => {
    setDomains(null);
    listDomainPicker(client).then((answer) => setDomains(answer.list), () => setDomains('error'));
  };
  const submit = async () => {
    setFailure(null);
    // The binding's own refusals (rules §8 "Certificate binding failed" with each domain, rules §6 "Unauthorized
    // certificates cannot be linked") keep their wording; any other fault is the shared save pattern's, with the
    // error catalogue's message.
    const outcome = await saving.run(async () => {
      try {
        return { answer: await bindCertificate(client, { certificate_id: certificate.id, domain_ids: selected }, { notify: false }) };
      } catch (error) {
        if (error instanceof ApiError && error.code === REJECT_WITH_DATA_CODE) {
          const data = error.data as CertificateBindFailedData;
          const lines = data.reason ? [t(`bind.reason.${data.reason}`)] : data.failures.map((found) => t(`bind.failure.${found.reason}`, { domain: found.domain || `#${found.domain_id}` }));
          return { refused: { message: t('bind.failed'), lines } };
        }
        if (error instanceof ApiError && error.code === PERMISSION_DENIED_CODE) return { refused: { message: t('bind.unauthorized'), lines: [] } };
        throw error;
      }
    });
    if (!outcome.ok) return;
    const { answer, refused } = outcome.value;
    if (refused) setFailure(refused);
    else if (answer) onBound(answer);
  };

  useEffect(load, [client]);

  const footer = (
    <DialogFooter onCancel={onHide} onConfirm={() => void submit()} confirmLabel={t('bind.submit')} confirmDisabled={selected.length === 0} busy={saving.saving} />
  );

  return (
    <EcDialog visible onHide={onHide} header={t('bind.title', { name: certificate.name })} footer={footer} error={saving.error}>
      <div className="ec-stack">
        <p className="ec-muted">{t('bind.covers', { names: certificate.domains.join(', ') })}</p>
        {domains === null ? <LoadingState /> : null}
        {domains === 'error' ? <ErrorState onRetry={load} /> : null}
        {Array.isArray(domains) ? (
          <>
            <div className="ec-field">
              <label htmlFor={filterId}>{t('bind.filter')}</label>
              <InputText id={filterId} value={filter} onChange={(event) => setFilter(event.target.value)} />
            </div>
            {available.length === 0 ? <p>{t('bind.no-domains')}</p> : null}
            <fieldset className="ec-cert-domain-list">
              <legend className="ec-visually-hidden">{t('bind.domains')}</legend>
              {matching.slice(0, SHOWN_DOMAINS).map((domain) => (
                <div key={domain.domain_id} className="ec-row">
                  <Checkbox
                    inputId={`${filterId}-${domain.domain_id}`}
                    checked={selected.includes(domain.domain_id)}
                    onChange={(event) => toggle(domain.domain_id, event.checked === true)}
                  />
                  <label htmlFor={`${filterId}-${domain.domain_id}`}>{domain.domain}</label>
                </div>
              ))}
            </fieldset>
            {matching.length > SHOWN_DOMAINS ? <p className="ec-muted">{t('bind.refine', { count: matching.length })}</p> : null}
          </>
        ) : null}
        {uncovered.length > 0 ? (
          <ul className="ec-issues ec-issues-warning" role="status">
            {uncovered.map((domain) => (
              <li key={domain.domain_id}>{t('bind.not-covered', { domain: domain.domain })}</li>
            ))}
          </ul>
        ) : null}
        {failure ? (
          <div role="alert" className="ec-error-text">
            <p>{failure.message}</p>
            {failure.lines.length > 0 ? (
              <ul>
                {failure.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
    </EcDialog>
  );
}
