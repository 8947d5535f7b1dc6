/**
 * Import records (shell §2 domainList/importLog; rules §5 DNS import: xlsx up to 2MB, at most 5 domains per upload,
 * 200 records per domain table, one domain per tab; also BIND zone files). The file is checked for type and size,
 * read in a Web Worker, matched against the account's domains and shown row by row with each row's problems; nothing
 * is written until the user imports, and then only the rows without problems go, as a job whose progress is shown
 * here. `append` keeps the domains' records and skips repeats; `replace` deletes them first, after a confirmation.
 */
import { Button } from 'primereact/button';
import { RadioButton } from 'primereact/radiobutton';
import { useId, useRef, useState } from 'react';
import { importDnsRecords, listDnsDomains, type DnsImportMode, type DnsJob } from '../../../core/api/endpoints/dns.js';
import { DNS_IMPORT_MAX_DOMAINS, validateDnsImportUpload } from '../../../core/rules/dns.js';
import { formatCount } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { LoadingState } from '../../../core/ui/parts/state-views.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { saveFile } from '../../../core/ui/save-file.js';
import { JobProgress } from '../../dns-shared/job-progress.js';
import { DNS_ROUTES, rememberSelectedJob } from '../../dns-shared/routes.js';
import { useDnsJob } from '../../dns-shared/use-dns-job.js';
import { IMPORT_STARTED_EVENT } from '../events.js';
import { parseInWorker, workbookInWorker } from '../files/file-worker.js';
import { fileIssue, importableRows, toRecordFields, type FileIssue, type ImportPreview as Preview } from '../files/import-model.js';
import { workbookLabels, workbookVocabulary } from '../vocabulary.js';
import { ImportPreview } from './import-preview.js';
import { useNavigate } from '../../../core/ui/parts/nav-link.js';

/** What the panel shows. */
type PanelState =
  | { step: 'choose'; problem: string }
  | { step: 'reading'; fileName: string }
  | { step: 'preview'; preview: Preview; problem: string }
  | { step: 'started'; job: DnsJob; skippedBefore: number };

/** Props of {@link ImportPanel}. */
export interface ImportPanelProps {
  /** Called when an import job started (the history reloads). */
  onStarted: () => void;
}

/** Marks sheets whose domain is not in the account (the server would refuse them). */
async function withKnownDomains(preview: Preview, known: (domains: string[]) => Promise<Set<string>>): Promise<Preview> {
  const names = preview.sheets.filter((sheet) => sheet.issues.length === 0).map((sheet) => sheet.domain);
  if (names.length === 0 || names.length > DNS_IMPORT_MAX_DOMAINS) return preview;
  const found = await known(names);
  return {
    ...preview,
    sheets: preview.sheets.map((sheet) =>
      sheet.issues.length === 0 && !found.has(sheet.domain) ? { ...sheet, issues: [fileIssue('import.domain-unknown', { domain: sheet.domain })] } : sheet,
    ),
  };
}

/** The import panel. */
export function ImportPanel({ onStarted }: ImportPanelProps) {
  const { client, language, root, emit } = useElement();
  const navigate = useNavigate();
  const t = useT();
  const fileInputId = useId();
  const modeName = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<PanelState>({ step: 'choose', problem: '' });
  const [mode, setMode] = useState<DnsImportMode>('append');
  const saving = useSave();
  const progress = useDnsJob(client, state.step === 'started' ? state.job : null);

  const issueText = (issue: FileIssue) => t(issue.key, issue.values);
  const preview = state.step === 'preview' ? state.preview : null;
  const sheets = preview
    ? preview.sheets.map((sheet) => ({ domain: sheet.domain, rows: importableRows(sheet), soa: sheet.soa ?? null })).filter((sheet) => sheet.rows.length > 0)
    : [];
  const importable = sheets.reduce((sum, sheet) => sum + sheet.rows.length, 0);
  const blocked = !preview || preview.issue !== null || preview.sheets.some((sheet) => sheet.issues.length > 0) || importable === 0;

  const read = async (file: File) => {
    const problem = validateDnsImportUpload(file);
    if (problem) {
      setState({ step: 'choose', problem: t(`rules:${problem.key}`, problem.values) });
      return;
    }
    setState({ step: 'reading', fileName: file.name });
    const parsed = await parseInWorker(file, file.name, workbookVocabulary(language));
    if (!('sheets' in parsed)) {
      setState({ step: 'choose', problem: issueText(parsed) });
      return;
    }
    try {
      const checked = await withKnownDomains(parsed, async (domains) => {
        const answer = await listDnsDomains(client, { domains, per_page: domains.length }, { notify: false });
        return new Set(answer.list.map((domain) => domain.domain));
      });
      setState({ step: 'preview', preview: checked, problem: '' });
    } catch {
      setState({ step: 'preview', preview: parsed, problem: t('import.domains-check-failed') });
    }
  };
  const submit = async () => {
    if (!preview || blocked) return;
    const body = {
      file_name: preview.fileName,
      mode,
      sheets: sheets.map((sheet) => ({ domain: sheet.domain, records: sheet.rows.map((row) => toRecordFields(row.fields)), ...(sheet.soa ? { soa: sheet.soa } : {}) })),
    };
    // Any fault keeps the preview and says why with the error catalogue's message (the shared save pattern).
    const outcome = await saving.run(() => importDnsRecords(client, body, { notify: false }));
    if (!outcome.ok) return;
    const rowsInFile = preview.sheets.reduce((sum, sheet) => sum + sheet.rows.length, 0);
    setState({ step: 'started', job: outcome.value.job, skippedBefore: rowsInFile - importable });
    emit(IMPORT_STARTED_EVENT, { jobId: outcome.value.job.id, fileName: preview.fileName, records: importable });
    onStarted();
  };
  const reset = () => {
    saving.reset();
    if (inputRef.current) inputRef.current.value = '';
    setState({ step: 'choose', problem: '' });
  };
  const downloadTemplate = async () => {
    const file = await workbookInWorker('example.com', [
      { host: '@', type: 'A', line: 'any', value: '192.0.2.1', priority: null, ttl: 600, remark: '', status: 'normal', group: '' },
      { host: 'www', type: 'CNAME', line: 'any', value: 'example.com.', priority: null, ttl: 600, remark: '', status: 'normal', group: '' },
      { host: '@', type: 'MX', line: 'any', value: 'mail.example.com', priority: 5, ttl: 3600, remark: '', status: 'normal', group: '' },
    ], workbookLabels(language));
    if (file instanceof Blob) saveFile(root, file, t('import.template-file'));
    else setState({ step: 'choose', problem: issueText(file) });
  };
  const openDetails = (job: DnsJob) => {
    rememberSelectedJob(job.id);
    navigate({ route: DNS_ROUTES.jobDetails });
  };

  if (state.step === 'started') {
    return (
      <section className="ec-stack" aria-label={t('import.title')}>
        {progress.job && <JobProgress job={progress.job} pollFailed={progress.failed} onDetails={openDetails} skippedBefore={state.skippedBefore} />}
        <div className="ec-dns-actions">
          <Button type="button" label={t('import.another')} onClick={reset} />
        </div>
      </section>
    );
  }

  const importLabel = t('import.submit', { count: importable, formatted: formatCount(importable, language) });

  return (
    <section className="ec-stack ec-dns-import" aria-label={t('import.title')} part="import">
      <div className="ec-row">
        <input
          ref={inputRef}
          id={fileInputId}
          type="file"
          className="ec-visually-hidden"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void read(file);
          }}
        />
        <Button type="button" icon="pi pi-upload" label={t('import.choose')} onClick={() => inputRef.current?.click()} aria-describedby={`${fileInputId}-hint`} />
        <Button type="button" icon="pi pi-download" outlined label={t('import.template')} onClick={() => void downloadTemplate()} />
      </div>
      <label htmlFor={fileInputId} id={`${fileInputId}-hint`} className="ec-muted">
        {t('import.hint')}
      </label>
      <fieldset className="ec-dns-mode">
        <legend>{t('import.mode')}</legend>
        {(['append', 'replace'] as const).map((value) => (
          <div key={value} className="ec-row">
            <RadioButton inputId={`${modeName}-${value}`} name={modeName} value={value} checked={mode === value} onChange={() => setMode(value)} />
            <label htmlFor={`${modeName}-${value}`}>{t(value === 'append' ? 'import.mode-append' : 'import.mode-replace')}</label>
          </div>
        ))}
      </fieldset>
      {(state.step === 'choose' || state.step === 'preview') && state.problem && (
        <p role="alert" className="ec-error-text ec-dns-file-issue">
          {state.problem}
        </p>
      )}
      {state.step === 'preview' && (saving.error || saving.issues.length > 0) && (
        <p role="alert" className="ec-error-text ec-dns-import-failure">
          {saving.error || saving.issues.map((found) => t(`rules:${found.key}`, found.values)).join(' ')}
        </p>
      )}
      {state.step === 'reading' && <LoadingState message={t('import.reading', { name: state.fileName })} />}
      {preview && (
        <>
          <h2 className="ec-dns-preview-title">{t('import.preview-title', { name: preview.fileName })}</h2>
          <ImportPreview preview={preview} />
          <div className="ec-dns-actions">
            {mode === 'replace' ? (
              <ConfirmPopover message={t('import.confirm-replace', { count: sheets.length })} confirmLabel={t('import.replace-confirm')} danger onConfirm={() => void submit()}>
                {(trigger) => <Button type="button" label={importLabel} disabled={blocked} loading={saving.saving} {...trigger} />}
              </ConfirmPopover>
            ) : (
              <Button type="button" label={importLabel} disabled={blocked} loading={saving.saving} onClick={() => void submit()} />
            )}
            <Button type="button" outlined label={t('import.cancel')} onClick={reset} />
          </div>
        </>
      )}
    </section>
  );
}
