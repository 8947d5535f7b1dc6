/**
 * Batch unban (rules §2 "batch unlock"; rules §5 "not empty; at most 2000 IPs typed, 100000 from a txt file; IPv4,
 * IPv6 or CIDR; txt only; file not empty; domain required"). The user types addresses or picks a txt file and a
 * domain; the batch worker checks every line off the main thread and the preview shows each one as valid, invalid
 * with its reason, or a duplicate; the valid entries are then unbanned in chunks with a progress bar, cancel and
 * resume (see `unban-store.ts`), and a summary ends the run. Typed text, the source and the domain are kept as a
 * draft; a picked file is kept by reference and read again, never copied into storage.
 */
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useEffect, useId, useState } from 'react';
import type { DomainListItem } from '../../../core/api/endpoints/platform.js';
import { formatCount } from '../../../core/i18n/format.js';
import { UNLOCK_FILE_MAX, UNLOCK_TYPED_MAX, validateDomainSelected, type UnlockSource } from '../../../core/rules/bans.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { LineSourceInput } from '../../../core/ui/parts/line-source-input.js';
import { BatchPreview } from '../../../core/ui/parts/batch-preview.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { useDraft } from '../../../core/ui/use-draft.js';
import { warmBatchWorker } from '../../../core/workers/batch-checker.js';
import type { Loaded } from '../store.js';
import type { UnbanStore } from '../unban-store.js';
import { DomainSelect } from './filters.js';
import { UnbanRunView } from './unban-run.js';

/** Props of {@link BatchUnbanDialog}. */
export interface BatchUnbanDialogProps {
  store: UnbanStore;
  domains: Loaded<DomainListItem[]>;
  /** The domain to start with (the element's `domain-id`, or the one the list is filtered by). */
  initialDomainId: number | null;
  /** Called once a run has sent every chunk. */
  onFinished: () => void;
}

const DRAFT = 'ban-manager:batch-unban';

/** The batch unban dialog; mounted while open. */
export function BatchUnbanDialog({ store, domains, initialDomainId, onFinished }: BatchUnbanDialogProps) {
  const { client, language } = useElement();
  const t = useT();
  const tRules = useT('rules');
  const [source, setSource, sourceDraft] = useDraft<UnlockSource>(`${DRAFT}:source`, 'typed');
  const [text, setText, textDraft] = useDraft(`${DRAFT}:text`, '');
  const [domainId, setDomainId, domainDraft] = useDraft<number | null>(`${DRAFT}:domain`, initialDomainId);
  const [submitted, setSubmitted] = useState(false);
  const ids = { domain: useId(), domainError: useId(), text: useId(), file: useId(), hint: useId(), issue: useId() };

  const check = store.check.value;
  const run = store.run.value;
  const file = store.file.value;
  const domain = domains.status === 'ready' ? domains.data.find((item) => item.domain_id === domainId) : undefined;
  // A kept choice that is no longer one of the domains (deleted since the draft was saved) is no choice.
  const domainIssue = validateDomainSelected(domains.status === 'ready' && domain === undefined ? null : domainId);
  // While the domains load, a chosen domain cannot be sent yet: the button waits rather than ignoring a click.
  const domainPending = domainIssue === null && domain === undefined;
  const checked = check.status === 'checked' ? check : null;
  const ready = checked !== null && checked.issue === null && checked.packed.summary.valid > 0;
  const batchIssue = check.status === 'refused' ? check.issue : (checked?.issue ?? null);
  const running = run?.state === 'running';

  const changeSource = (next: UnlockSource) => {
    setSource(next);
    store.resetCheck();
  };
  const changeText = (next: string) => {
    setText(next);
    if (store.check.value.status !== 'idle') store.resetCheck();
  };
  const pickFile = (picked: File | null) => {
    store.pickFile(picked);
    if (picked) void store.checkInput({ source: 'file', file: picked });
  };
  const runCheck = () => {
    if (source === 'file') {
      if (file) void store.checkInput({ source: 'file', file });
    } else void store.checkInput({ source: 'typed', text });
  };
  const submit = async () => {
    setSubmitted(true);
    if (!ready || domainIssue !== null || !domain) return;
    await store.start(client, domain);
    if (store.run.value?.state === 'done') finish();
  };
  const resume = async () => {
    await store.resume(client);
    if (store.run.value?.state === 'done') finish();
  };
  const finish = () => {
    sourceDraft.discard();
    textDraft.discard();
    domainDraft.discard();
    onFinished();
  };
  const startOver = () => {
    store.clear();
    setText('');
    setSubmitted(false);
  };

  // The worker loads while the user types or picks a file, so the first check does not wait for it.
  useEffect(() => warmBatchWorker(), []);

  const footer = () => {
    if (run?.state === 'running') return <DialogFooter onCancel={() => store.cancel()} cancelLabel={t('run.cancel')} />;
    if (run?.state === 'paused') return <DialogFooter onCancel={() => store.close()} onConfirm={() => void resume()} confirmLabel={t('run.resume')} />;
    if (run?.state === 'done') return <DialogFooter onCancel={() => store.close()} extra={<Button type="button" outlined label={t('run.new-batch')} onClick={startOver} />} />;
    return (
      <DialogFooter
        onCancel={() => store.close()}
        onConfirm={() => void submit()}
        confirmLabel={t('batch.submit', { count: formatCount(checked?.packed.summary.valid ?? 0, language) })}
        confirmDisabled={!ready || domainPending}
        extra={
          <Button
            type="button"
            outlined
            label={t('batch.check')}
            disabled={check.status === 'checking' || (source === 'file' ? !file : text.trim() === '')}
            onClick={runCheck}
          />
        }
      />
    );
  };

  const input = (
    <form className="ec-stack" onSubmit={(event) => event.preventDefault()} noValidate>
      <DomainSelect
        domains={domains}
        value={domainId}
        onChange={setDomainId}
        label={t('batch.domain')}
        inputId={ids.domain}
        invalid={submitted && domainIssue !== null}
        describedBy={ids.domainError}
      />
      <p id={ids.domainError} className="ec-error-text" role={submitted && domainIssue ? 'alert' : undefined}>
        {submitted && domainIssue ? tRules(domainIssue.key) : ''}
      </p>
      <LineSourceInput
        ids={ids}
        source={source}
        onSourceChange={changeSource}
        text={text}
        onTextChange={changeText}
        file={file}
        onFileChange={pickFile}
        accept=".txt,text/plain"
        labels={{
          legend: t('batch.source'),
          typed: t('batch.source-typed'),
          file: t('batch.source-file'),
          entries: t('batch.entries'),
          placeholder: t('batch.entries-placeholder'),
          typedHint: t('batch.typed-hint', { max: formatCount(UNLOCK_TYPED_MAX, language) }),
          fileLabel: t('batch.file'),
          fileChoose: t('batch.file-choose'),
          fileNone: t('batch.file-none'),
          fileHint: t('batch.file-hint', { max: formatCount(UNLOCK_FILE_MAX, language) }),
          filePicked: file ? t('batch.file-picked', { name: file.name }) : '',
        }}
      />
      <div id={ids.issue} role={batchIssue ? 'alert' : undefined} className="ec-error-text">
        {batchIssue ? tRules(batchIssue.key, batchIssue.values ?? {}) : ''}
      </div>
      {check.status === 'checking' && (
        <div className="ec-stack" role="status">
          <ProgressBar
            value={check.total ? Math.round((check.done / check.total) * 100) : 0}
            showValue={false}
            aria-label={t('batch.checking')}
          />
          <span className="ec-muted">{t('batch.checking-lines', { done: formatCount(check.done, language), total: formatCount(check.total, language) })}</span>
        </div>
      )}
      {checked && <BatchPreview text={checked.text} packed={checked.packed} label={t('batch.preview')} />}
    </form>
  );

  return (
    <EcDialog visible onHide={() => store.close()} header={t('batch.title')} footer={footer()} width="760px">
      {run ? (
        <div className="ec-stack">
          <p>{t('batch.run-domain', { domain: run.domain })}</p>
          <UnbanRunView run={run} />
          {running && <p className="ec-muted">{t('run.keep-open')}</p>}
        </div>
      ) : (
        input
      )}
    </EcDialog>
  );
}
