/**
 * Free certificates (rules §2 "apply, batch apply"; rules §5 Certificates: at most 1000 domains at once; rules §9:
 * valid 3 months, renewed automatically, two issuers; 50 per registered domain per week and 5 duplicates, which the
 * server counts and answers with a message naming the domain). One certificate per domain line.
 */
import { InputTextarea } from 'primereact/inputtextarea';
import { RadioButton } from 'primereact/radiobutton';
import { useId, useState } from 'react';
import { applyFreeCertificates, type FreeCertificateApplyAnswer } from '../../../core/api/endpoints/certificates.js';
import { formatCount } from '../../../core/i18n/format.js';
import { splitLines } from '../../../core/rules/batch.js';
import {
  CERTIFICATE_BATCH_APPLY_MAX,
  FREE_CERTIFICATE_ISSUERS,
  FREE_CERTIFICATE_VALIDITY_MONTHS,
  validateFreeCertificateApplication,
  type FreeCertificateIssuer,
} from '../../../core/rules/certificates.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { useDraft } from '../../../core/ui/use-draft.js';
import { IssueList } from './issue-list.js';

/** Props of {@link ApplyDialog}. */
export interface ApplyDialogProps {
  onHide: () => void;
  onApplied: (answer: FreeCertificateApplyAnswer) => void;
}

/** Catalogue keys of the issuers' names. */
export const ISSUER_LABEL_KEYS: Record<FreeCertificateIssuer, string> = {
  'demo-trust-g1': 'issuer.demo-trust-g1',
  'demo-secure-g2': 'issuer.demo-secure-g2',
};

/** The application dialog; mounted while open. */
export function ApplyDialog({ onHide, onApplied }: ApplyDialogProps) {
  const { client, language } = useElement();
  const t = useT();
  const [issuer, setIssuer, issuerDraft] = useDraft<FreeCertificateIssuer>('certificates:apply:issuer', FREE_CERTIFICATE_ISSUERS[0]);
  const [domains, setDomains, domainsDraft] = useDraft('certificates:apply:domains', '');
  const [submitted, setSubmitted] = useState(false);
  const saving = useSave();
  const serverIssues = saving.issues;
  const domainsId = useId();
  const issuerGroupId = useId();

  const lines = splitLines(domains).map((line) => line.trim()).filter((line) => line.length > 0);
  const issues = validateFreeCertificateApplication({ issuer, domains });
  const shown = submitted ? issues : issues.filter((found) => found.key !== 'certificates.domains-required');

  const submit = async () => {
    setSubmitted(true);
    saving.reset();
    if (issues.length > 0) return;
    const outcome = await saving.run(() => applyFreeCertificates(client, { issuer, domains: lines }, { notify: false }));
    if (!outcome.ok) return;
    issuerDraft.discard();
    domainsDraft.discard();
    onApplied(outcome.value);
  };

  const footer = <DialogFooter onCancel={onHide} onConfirm={() => void submit()} confirmLabel={t('apply.submit')} busy={saving.saving} />;

  return (
    <EcDialog visible onHide={onHide} header={t('apply.title')} footer={footer} width="560px" error={saving.error}>
      <form className="ec-stack ec-cert-form" onSubmit={(event) => event.preventDefault()} noValidate>
        <p className="ec-muted">{t('apply.terms', { months: FREE_CERTIFICATE_VALIDITY_MONTHS })}</p>
        <fieldset className="ec-field ec-cert-issuers" aria-describedby={`${issuerGroupId}-issues`}>
          <legend>{t('field.issuer')}</legend>
          {FREE_CERTIFICATE_ISSUERS.map((code) => (
            <div key={code} className="ec-row">
              <RadioButton inputId={`${issuerGroupId}-${code}`} name="issuer" value={code} checked={issuer === code} onChange={() => setIssuer(code)} />
              <label htmlFor={`${issuerGroupId}-${code}`}>{t(ISSUER_LABEL_KEYS[code])}</label>
            </div>
          ))}
          <IssueList id={`${issuerGroupId}-issues`} issues={shown.filter((found) => found.field === 'issuer')} />
        </fieldset>
        <div className="ec-field">
          <label htmlFor={domainsId}>{t('apply.domains')}</label>
          <InputTextarea
            id={domainsId}
            value={domains}
            rows={8}
            spellCheck={false}
            placeholder={t('apply.domains-placeholder')}
            onChange={(event) => setDomains(event.target.value)}
            aria-describedby={`${domainsId}-count ${domainsId}-issues`}
          />
          <span id={`${domainsId}-count`} className="ec-muted">
            {t('apply.count', { count: formatCount(lines.length, language), max: formatCount(CERTIFICATE_BATCH_APPLY_MAX, language) })}
          </span>
          <IssueList id={`${domainsId}-issues`} issues={[...shown.filter((found) => found.field === 'domains'), ...serverIssues]} />
        </div>
      </form>
    </EcDialog>
  );
}
