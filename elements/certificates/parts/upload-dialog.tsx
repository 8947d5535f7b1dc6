/**
 * Upload and edit (rules §2 "upload", "edit"; rules §5 Certificates: name 4-50, PEM only, private key without
 * password). The certificate and key are read in the browser as they are typed or chosen from a file: the subject,
 * names, issuer, validity and key type are shown before saving, and a mismatched, encrypted or unreadable key, a
 * non-PEM text or an expired certificate is refused with its message. The private key is never kept as a draft.
 */
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { updateCertificate, uploadCertificate, type CertificateInfo } from '../../../core/api/endpoints/certificates.js';
import { formatDateTime } from '../../../core/i18n/format.js';
import { validateCertificateName } from '../../../core/rules/certificates.js';
import { onField } from '../../../core/rules/types.js';
import { inspectCertificateUpload, type CertificateInspection } from '../../../core/x509/inspect.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { useDraft } from '../../../core/ui/use-draft.js';
import { IssueList } from './issue-list.js';

/** Props of {@link UploadDialog}. */
export interface UploadDialogProps {
  /** The certificate being edited; null uploads a new one. */
  editing: CertificateInfo | null;
  onHide: () => void;
  /** Called with the saved certificate. */
  onSaved: (info: CertificateInfo, created: boolean) => void;
}

/** How long typing pauses before the certificate and key are read again. */
const INSPECT_DELAY_MS = 250;

/** The upload or edit dialog; mounted while open. */
export function UploadDialog({ editing, onHide, onSaved }: UploadDialogProps) {
  const { client, language } = useElement();
  const t = useT();
  const draftKey = editing ? `certificates:edit:${editing.id}` : 'certificates:upload';
  const [name, setName, nameDraft] = useDraft(`${draftKey}:name`, editing?.name ?? '');
  const [certificate, setCertificate, certificateDraft] = useDraft(`${draftKey}:certificate`, '');
  // Never a draft: a private key must not be written to sessionStorage (core/ui/use-draft.ts).
  const [privateKey, setPrivateKey] = useState('');
  const [inspection, setInspection] = useState<CertificateInspection | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const saving = useSave();
  const serverIssues = saving.issues;
  const ids = { name: useId(), certificate: useId(), key: useId(), certificateFile: useId(), keyFile: useId() };

  const replacing = editing === null || certificate.trim() !== '' || privateKey.trim() !== '';
  const canReplace = editing === null || editing.source === 'upload';
  const nameIssues = onField('name', validateCertificateName(name));
  const pemIssues = replacing ? (inspection?.issues ?? []) : [];
  const issuesOf = (field: string) => [
    ...(submitted || field !== 'name' ? [...nameIssues, ...pemIssues] : pemIssues).filter((found) => found.field === field),
    ...serverIssues.filter((found) => found.field === field),
  ];

  const readFile = (setter: (text: string) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) void file.text().then(setter);
  };

  const save = async () => {
    setSubmitted(true);
    saving.reset();
    if (nameIssues.length > 0 || (replacing && (inspection === null || inspection.issues.length > 0))) return;
    const body = { name: name.trim(), ...(replacing ? { certificate, private_key: privateKey } : {}) };
    const outcome = await saving.run(() =>
      editing
        ? updateCertificate(client, { id: editing.id, ...body }, { notify: false })
        : uploadCertificate(client, { name: body.name, certificate, private_key: privateKey }, { notify: false }),
    );
    if (!outcome.ok) return;
    nameDraft.discard();
    certificateDraft.discard();
    onSaved(outcome.value, editing === null);
  };

  useEffect(() => {
    if (!replacing || (certificate.trim() === '' && privateKey.trim() === '')) {
      setInspection(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      void inspectCertificateUpload({ certificate, privateKey }).then((result) => {
        if (current) setInspection(result);
      });
    }, INSPECT_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [certificate, privateKey, replacing]);

  const summary = inspection?.summary ?? null;
  const footer = <DialogFooter onCancel={onHide} onConfirm={() => void save()} busy={saving.saving} />;

  return (
    <EcDialog visible onHide={onHide} header={editing ? t('upload.edit-title') : t('upload.title')} footer={footer} width="640px" error={saving.error}>
      <form className="ec-stack ec-cert-form" onSubmit={(event) => event.preventDefault()} noValidate>
        <div className="ec-field">
          <label htmlFor={ids.name}>{t('field.name')}</label>
          <InputText id={ids.name} value={name} onChange={(event) => setName(event.target.value)} aria-describedby={`${ids.name}-issues`} />
          <IssueList id={`${ids.name}-issues`} issues={issuesOf('name')} />
        </div>
        {canReplace ? (
          <>
            {editing ? <p className="ec-muted">{t('upload.replace-hint')}</p> : null}
            <div className="ec-field">
              <label htmlFor={ids.certificate}>{t('field.certificate')}</label>
              <InputTextarea
                id={ids.certificate}
                value={certificate}
                rows={6}
                spellCheck={false}
                placeholder="-----BEGIN CERTIFICATE-----"
                onChange={(event) => setCertificate(event.target.value)}
                aria-describedby={`${ids.certificate}-issues`}
              />
              <label className="ec-file" htmlFor={ids.certificateFile}>
                {t('upload.choose-certificate-file')}
                <input id={ids.certificateFile} type="file" accept=".pem,.crt,.cer,.txt" onChange={readFile(setCertificate)} />
              </label>
              <IssueList id={`${ids.certificate}-issues`} issues={issuesOf('certificate')} />
            </div>
            <div className="ec-field">
              <label htmlFor={ids.key}>{t('field.private-key')}</label>
              <InputTextarea
                id={ids.key}
                value={privateKey}
                rows={5}
                spellCheck={false}
                autoComplete="off"
                placeholder="-----BEGIN PRIVATE KEY-----"
                onChange={(event) => setPrivateKey(event.target.value)}
                aria-describedby={`${ids.key}-issues`}
              />
              <label className="ec-file" htmlFor={ids.keyFile}>
                {t('upload.choose-key-file')}
                <input id={ids.keyFile} type="file" accept=".pem,.key,.txt" onChange={readFile(setPrivateKey)} />
              </label>
              <IssueList id={`${ids.key}-issues`} issues={issuesOf('privateKey')} />
            </div>
          </>
        ) : null}
        {summary && replacing ? (
          <section className="ec-cert-preview" aria-label={t('upload.preview')} part="preview">
            <h3>{t('upload.preview')}</h3>
            <dl>
              <dt>{t('field.subject')}</dt>
              <dd>{summary.subject_dn}</dd>
              <dt>{t('field.names')}</dt>
              <dd>{summary.names.join(', ')}</dd>
              <dt>{t('field.issuer')}</dt>
              <dd>{summary.issuer_dn}</dd>
              <dt>{t('field.validity')}</dt>
              <dd>
                {t('validity-range', { from: formatDateTime(summary.not_before, language), to: formatDateTime(summary.not_after, language) })}
              </dd>
              <dt>{t('field.key-type')}</dt>
              <dd>{summary.key_type}</dd>
              <dt>{t('field.chain')}</dt>
              <dd>{t('chain-length', { count: summary.chain_length })}</dd>
            </dl>
            <IssueList issues={inspection?.warnings ?? []} tone="warning" />
          </section>
        ) : null}
      </form>
    </EcDialog>
  );
}
