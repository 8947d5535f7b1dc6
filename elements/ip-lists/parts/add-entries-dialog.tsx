/**
 * Add entries to an IP list (rules §5 "IP list: IPv4, IPv6, CIDR; up to 200,000 per list and 20,000 per uploaded
 * CSV/TXT file"): typed, one per line, or from a CSV (first column) or TXT file. The batch worker checks each line
 * and the preview shows it as valid, invalid with its reason, or a duplicate; entries that would take the list past
 * 200,000 are refused before sending, and the server adds all or none. Typed text is kept as a draft; a picked file
 * is kept by reference and read again, never copied into storage.
 */
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useEffect, useId } from 'react';
import { addIpListEntries, type IpListEntryAddAnswer, type IpListInfo } from '../../../core/api/endpoints/ip-lists.js';
import { formatCount } from '../../../core/i18n/format.js';
import { IP_LIST_FILE_MAX, IP_LIST_MAX, validateIpListCapacity, type UnlockSource } from '../../../core/rules/bans.js';
import { packedEntries } from '../../../core/rules/batch-packed.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { LineSourceInput } from '../../../core/ui/parts/line-source-input.js';
import { BatchPreview } from '../../../core/ui/parts/batch-preview.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { useDraft } from '../../../core/ui/use-draft.js';
import { warmBatchWorker } from '../../../core/workers/batch-checker.js';
import type { IpListsStore } from '../store.js';

/** Props of {@link AddEntriesDialog}. */
export interface AddEntriesDialogProps {
  store: IpListsStore;
  list: IpListInfo;
  onHide: () => void;
  onAdded: (answer: IpListEntryAddAnswer) => void;
}

/** The dialog; mounted while open. */
export function AddEntriesDialog({ store, list, onHide, onAdded }: AddEntriesDialogProps) {
  const { client, language } = useElement();
  const t = useT();
  const tRules = useT('rules');
  const draftKey = `ip-lists:add:${list.id}`;
  const [source, setSource, sourceDraft] = useDraft<UnlockSource>(`${draftKey}:source`, 'typed');
  const [text, setText, textDraft] = useDraft(`${draftKey}:text`, '');
  const saving = useSave();
  const serverIssues = saving.issues;
  const failure = saving.error;
  const ids = { text: useId(), file: useId(), hint: useId(), issue: useId() };

  const check = store.check.value;
  const file = store.file.value;
  const checked = check.status === 'checked' ? check : null;
  const capacity = checked ? validateIpListCapacity(list.entry_count, checked.packed.summary.valid) : null;
  const batchIssue = check.status === 'refused' ? check.issue : (checked?.issue ?? capacity);
  const ready = checked !== null && batchIssue === null && checked.packed.summary.valid > 0;
  const shownIssues = batchIssue ? [batchIssue, ...serverIssues] : serverIssues;

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
    if (picked) void store.checkEntries({ source: 'file', file: picked });
  };
  const runCheck = () => {
    saving.reset();
    if (source === 'file') {
      if (file) void store.checkEntries({ source: 'file', file });
    } else void store.checkEntries({ source: 'typed', text });
  };
  const submit = async () => {
    if (!ready) return;
    const entries = packedEntries(checked.text, checked.packed, 0, checked.packed.summary.valid);
    const outcome = await saving.run(() =>
      addIpListEntries(client, { id: list.id, entries, source: checked.source, ...(checked.fileName ? { file_name: checked.fileName } : {}) }, { notify: false }),
    );
    if (!outcome.ok) return;
    sourceDraft.discard();
    textDraft.discard();
    onAdded(outcome.value);
  };

  // The worker loads while the user types or picks a file, so the first check does not wait for it.
  useEffect(() => warmBatchWorker(), []);

  const footer = (
    <DialogFooter
      onCancel={onHide}
      onConfirm={() => void submit()}
      confirmLabel={t('add.submit', { count: formatCount(checked?.packed.summary.valid ?? 0, language) })}
      confirmDisabled={!ready}
      busy={saving.saving}
      extra={
        <Button
          type="button"
          outlined
          label={t('add.check')}
          disabled={saving.saving || check.status === 'checking' || (source === 'file' ? !file : text.trim() === '')}
          onClick={runCheck}
        />
      }
    />
  );

  return (
    <EcDialog visible onHide={onHide} header={t('add.title', { name: list.name })} footer={footer} width="760px">
      <form className="ec-stack" onSubmit={(event) => event.preventDefault()} noValidate>
        <p className="ec-muted">
          {t('add.room', { count: formatCount(list.entry_count, language), available: formatCount(Math.max(0, IP_LIST_MAX - list.entry_count), language) })}
        </p>
        <LineSourceInput
          ids={ids}
          source={source}
          onSourceChange={changeSource}
          text={text}
          onTextChange={changeText}
          file={file}
          onFileChange={pickFile}
          accept=".csv,.txt,text/csv,text/plain"
          labels={{
            legend: t('add.source'),
            typed: t('add.source-typed'),
            file: t('add.source-file'),
            entries: t('add.entries'),
            placeholder: t('add.entries-placeholder'),
            typedHint: t('add.typed-hint', { max: formatCount(IP_LIST_FILE_MAX, language) }),
            fileLabel: t('add.file'),
            fileChoose: t('add.file-choose'),
            fileNone: t('add.file-none'),
            fileHint: t('add.file-hint', { max: formatCount(IP_LIST_FILE_MAX, language) }),
            filePicked: file ? t('add.file-picked', { name: file.name }) : '',
          }}
        />
        <div id={ids.issue} role={shownIssues.length > 0 || failure ? 'alert' : undefined} className="ec-error-text">
          {shownIssues.map((found, index) => (
            <p key={`${found.key}-${index}`}>{tRules(found.key, found.values ?? {})}</p>
          ))}
          {failure && <p>{failure}</p>}
        </div>
        {check.status === 'checking' && (
          <div className="ec-stack" role="status">
            <ProgressBar value={check.total ? Math.round((check.done / check.total) * 100) : 0} showValue={false} aria-label={t('add.checking')} />
          </div>
        )}
        {checked && <BatchPreview text={checked.text} packed={checked.packed} label={t('add.preview')} />}
      </form>
    </EcDialog>
  );
}
