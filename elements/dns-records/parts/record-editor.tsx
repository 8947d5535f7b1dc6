/**
 * Inline editing of a record (rules §3 DNS "Domain record"; §5 DNS value per type, MX priority 1-50 default 5 and MX
 * only, TTL 60/600/3600 default 600, line default any): the editor's state and one input per table cell, each with
 * its inline message from `core/rules` (or from the server's refusal). What is typed is a draft until it is saved,
 * so a session expiry or a failed save loses nothing. Enter saves, Escape cancels.
 */
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import type { DnsRecord, DnsRecordFields } from '../../../core/api/endpoints/dns.js';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import { formatDuration } from '../../../core/i18n/format.js';
import { parseInteger } from '../../../core/rules/common.js';
import {
  DNS_LINE_DEFAULT,
  DNS_LINES,
  DNS_RECORD_TYPES,
  DNS_TTL_DEFAULT,
  DNS_TTL_OPTIONS,
  MX_PRIORITY_DEFAULT,
  validateDnsRecord,
} from '../../../core/rules/dns.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { useDraft } from '../../../core/ui/use-draft.js';
import { namedDropdown as named } from '../../../core/ui/parts/named.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { LINE_KEYS } from '../vocabulary.js';

/** What the editor edits; the priority is text while typed. */
export interface RecordDraft {
  host: string;
  type: string;
  line: string;
  value: string;
  priority: string;
  ttl: number;
  remark: string;
  group: string;
}

/** Value placeholders per type: what the value of that type looks like. */
const PLACEHOLDER_KEYS: Record<string, string> = {
  A: 'placeholder.a',
  AAAA: 'placeholder.aaaa',
  CNAME: 'placeholder.cname',
  MX: 'placeholder.mx',
  TXT: 'placeholder.txt',
  NS: 'placeholder.ns',
  SRV: 'placeholder.srv',
  XURL: 'placeholder.xurl',
  YURL: 'placeholder.yurl',
};

/** A new record's starting values: type A, line any, TTL 600 (rules §5 DNS defaults). */
export function newDraft(): RecordDraft {
  return { host: '', type: 'A', line: DNS_LINE_DEFAULT, value: '', priority: String(MX_PRIORITY_DEFAULT), ttl: DNS_TTL_DEFAULT, remark: '', group: '' };
}

/** The draft of an existing record. */
export function draftOf(record: DnsRecord): RecordDraft {
  return {
    host: record.host,
    type: record.type,
    line: record.line,
    value: record.value,
    priority: record.priority === null ? String(MX_PRIORITY_DEFAULT) : String(record.priority),
    ttl: record.ttl,
    remark: record.remark,
    group: record.group,
  };
}

/** The fields sent to the server: the priority only for MX records (rules §5 DNS). */
export function fieldsOf(draft: RecordDraft, status: DnsRecordFields['status']): DnsRecordFields {
  const type = draft.type;
  return {
    host: draft.host.trim(),
    type,
    line: draft.line,
    value: draft.value.trim(),
    priority: type === 'MX' ? parseInteger(draft.priority) : null,
    ttl: draft.ttl,
    remark: draft.remark.trim(),
    group: draft.group.trim(),
    status,
  };
}

/** The checks of the record form, with the typed priority text as the rules read it. */
function issuesOf(draft: RecordDraft): FieldIssue[] {
  return validateDnsRecord({ ...draft, priority: draft.type === 'MX' ? draft.priority : null });
}

/** Options of {@link useRecordEditor}. */
export interface RecordEditorOptions {
  domainId: number;
  /** The record being edited; undefined while adding one. */
  record?: DnsRecord;
  onSave: (fields: DnsRecordFields, id?: number) => Promise<DnsRecord>;
  onSaved: (record: DnsRecord, created: boolean) => void;
  onCancel: () => void;
}

/** The editor's state, its actions and its cells. */
export function useRecordEditor({ domainId, record, onSave, onSaved, onCancel }: RecordEditorOptions) {
  const { language } = useElement();
  const t = useT();
  const tRules = useT('rules');
  const [draft, setDraft, { discard }] = useDraft<RecordDraft>(`dns-records:${domainId}:${record?.id ?? 'new'}`, () => (record ? draftOf(record) : newDraft()));
  const [attempted, setAttempted] = useState(false);
  // Every fault of a save (shell §8, issue 18) leaves the row open with the draft and shows the catalogue's message.
  const saving = useSave();

  const issues = attempted ? [...issuesOf(draft), ...saving.issues] : saving.issues;
  const set = <K extends keyof RecordDraft>(field: K, value: RecordDraft[K]) => setDraft((previous) => ({ ...previous, [field]: value }));

  const save = async () => {
    setAttempted(true);
    saving.reset();
    if (issuesOf(draft).length > 0) return;
    const outcome = await saving.run(() => onSave(fieldsOf(draft, record?.status ?? 'normal'), record?.id));
    if (!outcome.ok) return;
    discard();
    onSaved(outcome.value, record === undefined);
  };
  const cancel = () => {
    discard();
    saving.reset();
    onCancel();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !(event.target as HTMLElement).closest('.p-dropdown-panel')) {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape' && !(event.target as HTMLElement).closest('.p-dropdown')) {
      event.preventDefault();
      cancel();
    }
  };

  const errorOf = (field: string): string => {
    const found = issues.find((candidate) => candidate.field === field);
    return found ? tRules(found.key, found.values) : '';
  };
  const errorId = (field: string) => `ec-dns-record-${record?.id ?? 'new'}-${field}-error`;
  const withError = (field: string, input: ReactNode): ReactNode => {
    const message = errorOf(field);
    return (
      <div className="ec-dns-cell-editor" onKeyDown={onKeyDown}>
        {input}
        {message && (
          <span id={errorId(field)} className="ec-error-text">
            {message}
          </span>
        )}
      </div>
    );
  };
  const describedBy = (field: string) => (errorOf(field) ? errorId(field) : undefined);
  const text = (field: 'host' | 'value' | 'remark' | 'group' | 'priority', label: string, extra: { placeholder?: string; autoFocus?: boolean } = {}) =>
    withError(
      field,
      <InputText
        value={draft[field]}
        aria-label={label}
        aria-invalid={errorOf(field) !== ''}
        aria-describedby={describedBy(field)}
        placeholder={extra.placeholder}
        autoFocus={extra.autoFocus}
        onChange={(event) => set(field, event.target.value)}
      />,
    );

  const typeLabel = t('column.type');
  const lineLabel = t('column.line');
  const ttlLabel = t('column.ttl');
  const cells = {
    host: () => text('host', t('column.host'), { placeholder: t('placeholder.host'), autoFocus: true }),
    type: () =>
      withError(
        'type',
        <Dropdown
          value={draft.type}
          options={DNS_RECORD_TYPES.map((type) => ({ value: type, label: type }))}
          onChange={(event) => setDraft((previous) => ({ ...previous, type: event.value as string, priority: previous.priority || String(MX_PRIORITY_DEFAULT) }))}
          pt={named(typeLabel)}
          ariaLabel={typeLabel}
        />,
      ),
    line: () =>
      withError(
        'line',
        <Dropdown value={draft.line} options={DNS_LINES.map((line) => ({ value: line, label: t(LINE_KEYS[line]) }))} onChange={(event) => set('line', event.value as string)} pt={named(lineLabel)} ariaLabel={lineLabel} />,
      ),
    value: () => text('value', t('column.value'), { placeholder: t(PLACEHOLDER_KEYS[draft.type] ?? 'placeholder.a') }),
    priority: () => (draft.type === 'MX' ? text('priority', t('column.priority')) : <span className="ec-muted">{t('priority-none')}</span>),
    ttl: () =>
      withError(
        'ttl',
        <Dropdown
          value={draft.ttl}
          options={DNS_TTL_OPTIONS.map((ttl) => ({ value: ttl, label: formatDuration(ttl, language) }))}
          onChange={(event) => set('ttl', event.value as number)}
          pt={named(ttlLabel)}
          ariaLabel={ttlLabel}
        />,
      ),
    remark: () => text('remark', t('column.remark')),
    group: () => text('group', t('column.group')),
  };

  return { draft, saving: saving.saving, serverMessage: saving.error, save, cancel, onKeyDown, cells };
}

/** The editor returned by {@link useRecordEditor}. */
export type RecordEditor = ReturnType<typeof useRecordEditor>;
