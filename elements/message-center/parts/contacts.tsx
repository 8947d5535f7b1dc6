/**
 * Recipients (shell §2 PersonManage): contact groups (rules §5 group name not empty, 1-40 characters) and contacts
 * (rules §3 full name, mail, mobile, group; rules §5 name and mailbox not empty, email format) with their mailbox
 * state (rules §4: an unverified mailbox receives nothing, with rules §8's message), verified by a mailed code that
 * can be resent after a countdown (rules §8). The form checks with core/rules before saving; the server checks again.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useEffect, useId, useState } from 'react';
import {
  createContact,
  createContactGroup,
  deleteContact,
  deleteContactGroup,
  sendContactCode,
  updateContact,
  verifyContact,
  type Contact,
  type ContactGroup,
  type ContactInput,
} from '../../../core/api/endpoints/messages.js';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import { publishNotice } from '../../../core/api/notices.js';
import { LANGUAGES } from '../../../core/i18n/language.js';
import { validateContactCode, validateContactForm, validateContactGroup } from '../../../core/rules/message-center.js';
import { onField } from '../../../core/rules/types.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { FilterField } from '../../../core/ui/parts/filter-field.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';
import { Pager } from '../../../core/ui/parts/pager.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { StatusTag, type StatusSetting } from '../../../core/ui/parts/status-tag.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { CONTACT_SAVED_EVENT } from '../events.js';
import { LANGUAGE_KEYS } from '../labels.js';
import type { MessageCenterStore } from '../store.js';

const EMPTY: ContactInput = { name: '', email: '', mobile: '', group_id: null, language: 'zh_CN' };

/** The first message for a field among issues, translated from the `rules` namespace. */
function useFieldError(issues: readonly FieldIssue[]) {
  const rules = useT('rules');
  return (field: string) => {
    const found = issues.find((item) => item.field === field);
    return found ? rules(found.key, found.values) : '';
  };
}

function Field({ label, error, children, id }: { label: string; error: string; children: (props: { id: string; invalid: boolean; describedBy?: string }) => React.ReactNode; id: string }) {
  return (
    <div className="ec-field ec-stack">
      <label htmlFor={id}>{label}</label>
      {children({ id, invalid: error !== '', describedBy: error ? `${id}-error` : undefined })}
      {error && (
        <small id={`${id}-error`} className="ec-field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

function ContactDialog({ contact, groups, onClose, onSaved }: { contact: Contact | 'new'; groups: ContactGroup[]; onClose: () => void; onSaved: (saved: Contact) => void }) {
  const { client } = useElement();
  const t = useT();
  const save = useSave();
  const base = useId();
  const [draft, setDraft] = useState<ContactInput>(contact === 'new' ? EMPTY : { name: contact.name, email: contact.email, mobile: contact.mobile, group_id: contact.group_id, language: contact.language });
  const [local, setLocal] = useState<FieldIssue[]>([]);
  const errorOf = useFieldError([...local, ...save.issues.map((item) => (item.field === 'group_id' ? { ...item, field: 'group' } : item))]);
  const set = (patch: Partial<ContactInput>) => setDraft({ ...draft, ...patch });
  const onConfirm = async () => {
    const issues = validateContactForm(draft);
    setLocal(issues);
    if (issues.length > 0) return;
    const outcome = await save.run(() => (contact === 'new' ? createContact(client, draft) : updateContact(client, contact.id, draft)));
    if (outcome.ok) onSaved(outcome.value);
  };
  return (
    <EcDialog
      visible
      onHide={onClose}
      header={contact === 'new' ? t('contacts.dialog-add') : t('contacts.dialog-edit')}
      error={save.error}
      footer={<DialogFooter onCancel={onClose} onConfirm={() => void onConfirm()} confirmLabel={t('contacts.save')} busy={save.saving} />}
    >
      <div className="ec-stack">
        <Field label={t('column.name')} error={errorOf('name')} id={`${base}-name`}>
          {({ id, invalid, describedBy }) => <InputText id={id} value={draft.name} invalid={invalid} aria-describedby={describedBy} onChange={(event) => set({ name: event.target.value })} />}
        </Field>
        <Field label={t('column.email')} error={errorOf('email')} id={`${base}-email`}>
          {({ id, invalid, describedBy }) => <InputText id={id} type="email" value={draft.email} invalid={invalid} aria-describedby={describedBy} onChange={(event) => set({ email: event.target.value })} />}
        </Field>
        <Field label={t('column.mobile')} error={errorOf('mobile')} id={`${base}-mobile`}>
          {({ id, invalid, describedBy }) => <InputText id={id} value={draft.mobile} invalid={invalid} aria-describedby={describedBy} onChange={(event) => set({ mobile: event.target.value })} />}
        </Field>
        <Field label={t('column.group')} error={errorOf('group')} id={`${base}-group`}>
          {({ id }) => (
            <Dropdown
              inputId={id}
              value={draft.group_id ?? 0}
              options={[{ value: 0, label: t('contacts.no-group') }, ...groups.map((group) => ({ value: group.id, label: group.name }))]}
              onChange={(event) => set({ group_id: event.value === 0 ? null : (event.value as number) })}
              pt={namedDropdown(t('column.group'))}
            />
          )}
        </Field>
        <Field label={t('column.language')} error="" id={`${base}-language`}>
          {({ id }) => (
            <Dropdown
              inputId={id}
              value={draft.language}
              options={LANGUAGES.map((value) => ({ value, label: t(LANGUAGE_KEYS[value]) }))}
              onChange={(event) => set({ language: event.value as ContactInput['language'] })}
              pt={namedDropdown(t('column.language'))}
            />
          )}
        </Field>
      </div>
    </EcDialog>
  );
}

/** Mailbox state with the send-code countdown and the code form (rules §4, §8). */
function MailboxCell({ contact, onChanged }: { contact: Contact; onChanged: (contact: Contact) => void }) {
  const { client, emit } = useElement();
  const t = useT();
  const save = useSave();
  const base = useId();
  const [code, setCode] = useState('');
  const [local, setLocal] = useState<FieldIssue[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const errorOf = useFieldError([...local, ...save.issues]);
  const wait = contact.resend_at ? Math.max(0, Math.ceil((Date.parse(contact.resend_at) - now) / 1000)) : 0;
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [wait]);
  const tags: StatusSetting[] = [
    { value: 'verified', label: t('contacts.verified'), color: 'success' },
    { value: 'unverified', label: t('contacts.unverified'), color: 'warning' },
  ];
  const tag = <StatusTag settings={tags} value={contact.email_verified ? 'verified' : 'unverified'} />;
  if (contact.email_verified) return tag;
  const onSend = async () => {
    const outcome = await save.run(() => sendContactCode(client, contact.id));
    if (!outcome.ok) return;
    setNow(Date.now());
    onChanged(outcome.value);
    publishNotice({ severity: 'success', namespace: 'message-center', key: 'contacts.code-sent', values: { email: contact.email } });
  };
  const onVerify = async () => {
    const issues = onField('code', validateContactCode(code));
    setLocal(issues);
    if (issues.length > 0) return;
    const outcome = await save.run(() => verifyContact(client, contact.id, code.trim()));
    if (!outcome.ok) return;
    onChanged(outcome.value);
    publishNotice({ severity: 'success', namespace: 'message-center', key: 'contacts.verified-done' });
    emit(CONTACT_SAVED_EVENT, { id: contact.id, verified: true });
  };
  return (
    <div className="ec-stack ec-mailbox">
      <span className="ec-row">
        {tag}
        <small className="ec-hint">{t('contacts.mailbox-unverified')}</small>
      </span>
      <span className="ec-row">
        <Button type="button" size="small" outlined label={wait > 0 ? t('contacts.resend-in', { seconds: wait }) : t('contacts.send-code')} disabled={wait > 0 || save.saving} onClick={() => void onSend()} />
        {contact.resend_at && (
          <>
            <label htmlFor={`${base}-code`} className="ec-visually-hidden">
              {t('contacts.code')}
            </label>
            <InputText id={`${base}-code`} className="ec-code-input" value={code} placeholder={t('contacts.code')} inputMode="numeric" invalid={errorOf('code') !== ''} onChange={(event) => setCode(event.target.value)} />
            <Button type="button" size="small" label={t('contacts.verify')} disabled={save.saving} onClick={() => void onVerify()} />
          </>
        )}
      </span>
      {(errorOf('code') || save.error) && (
        <small className="ec-field-error" role="alert">
          {errorOf('code') || save.error}
        </small>
      )}
    </div>
  );
}

function GroupBar({ groups, onChanged }: { groups: ContactGroup[]; onChanged: () => void }) {
  const { client } = useElement();
  const t = useT();
  const save = useSave();
  const id = useId();
  const [name, setName] = useState('');
  const [local, setLocal] = useState<FieldIssue[]>([]);
  const errorOf = useFieldError([...local, ...save.issues]);
  const onAdd = async () => {
    const found = onField('name', validateContactGroup(name, groups.some((group) => group.name.toLowerCase() === name.trim().toLowerCase())));
    setLocal(found);
    if (found.length > 0) return;
    const outcome = await save.run(() => createContactGroup(client, name.trim()));
    if (!outcome.ok) return;
    setName('');
    onChanged();
  };
  const onDelete = async (group: ContactGroup) => {
    const outcome = await save.run(() => deleteContactGroup(client, group.id));
    if (outcome.ok) onChanged();
  };
  return (
    <section className="ec-stack" aria-label={t('contacts.groups-label')} part="groups">
      <div className="ec-row ec-wrap">
        {groups.map((group) => (
          <span key={group.id} className="ec-row ec-contact-group">
            <span>{`${group.name} (${group.contact_count})`}</span>
            <ConfirmPopover message={t('contacts.group-delete-confirm', { name: group.name })} confirmLabel={t('contacts.delete-yes')} cancelLabel={t('contacts.keep')} danger onConfirm={() => void onDelete(group)}>
              {(trigger) => <Button type="button" text size="small" severity="danger" icon="pi pi-times" aria-label={`${t('contacts.group-delete')}: ${group.name}`} {...trigger} />}
            </ConfirmPopover>
          </span>
        ))}
      </div>
      <div className="ec-row">
        <label htmlFor={id}>{t('contacts.group-name')}</label>
        <InputText id={id} value={name} invalid={errorOf('name') !== ''} aria-describedby={errorOf('name') ? `${id}-error` : undefined} onChange={(event) => setName(event.target.value)} />
        <Button type="button" outlined icon="pi pi-plus" label={t('contacts.group-add')} loading={save.saving} onClick={() => void onAdd()} />
      </div>
      {(errorOf('name') || save.error) && (
        <small id={`${id}-error`} className="ec-field-error" role="alert">
          {errorOf('name') || save.error}
        </small>
      )}
    </section>
  );
}

/** Contacts and groups of one store. */
export function Contacts({ store }: { store: MessageCenterStore }) {
  useSignals();
  const { client, emit } = useElement();
  const t = useT();
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const state = store.contacts.state.value;
  const groups = store.groups.value;
  const groupList = groups.status === 'ready' ? groups.item : [];
  const groupFilter = store.contactGroupFilter.value;
  const page = store.contacts.page.value;
  const size = store.contacts.size.value;
  const reload = () => {
    void store.loadGroups();
    void store.contacts.load();
  };
  useEffect(() => {
    void store.loadGroups();
  }, [store]);
  useEffect(() => {
    void store.contacts.load();
  }, [store, groupFilter, page, size]);

  const replace = (contact: Contact) => {
    if (state.status === 'ready') store.contacts.state.value = { ...state, list: state.list.map((item) => (item.id === contact.id ? contact : item)) };
  };
  const onDelete = async (contact: Contact) => {
    try {
      await deleteContact(client, contact.id);
      reload();
    } catch {
      // The client has shown why; the list stays as it is.
    }
  };
  const groupName = (id: number | null) => groupList.find((group) => group.id === id)?.name ?? t('contacts.no-group');

  if (groups.status === 'denied' || state.status === 'denied') return <EmptyState message={t('config.owner-only')} />;
  const table = () => {
    if (state.status === 'loading') return <LoadingState message={t('contacts.loading')} />;
    if (state.status !== 'ready') return <ErrorState message={t('contacts.load-failed')} onRetry={reload} />;
    if (state.list.length === 0) return <EmptyState message={t('contacts.empty')} />;
    return (
      <>
        <DataTable value={state.list} dataKey="id" lazy cellMemo={false} size="small" pt={{ root: { part: 'table' } as never, table: { 'aria-label': t('contacts.table-label') } as never }}>
          <Column header={t('column.name')} field="name" />
          <Column header={t('column.email')} field="email" />
          <Column header={t('column.mobile')} field="mobile" />
          <Column header={t('column.group')} body={(row: Contact) => groupName(row.group_id)} />
          <Column header={t('column.language')} body={(row: Contact) => t(LANGUAGE_KEYS[row.language])} />
          <Column header={t('column.mailbox')} body={(row: Contact) => <MailboxCell contact={row} onChanged={replace} />} />
          <Column
            header={t('column.actions')}
            body={(row: Contact) => (
              <span className="ec-row ec-nowrap">
                <Button type="button" text label={t('contacts.edit')} aria-label={`${t('contacts.edit')}: ${row.name}`} onClick={() => setEditing(row)} />
                <ConfirmPopover message={t('contacts.delete-confirm', { name: row.name })} confirmLabel={t('contacts.delete-yes')} cancelLabel={t('contacts.keep')} danger onConfirm={() => void onDelete(row)}>
                  {(trigger) => <Button type="button" text severity="danger" label={t('contacts.delete')} aria-label={`${t('contacts.delete')}: ${row.name}`} {...trigger} />}
                </ConfirmPopover>
              </span>
            )}
          />
        </DataTable>
        <Pager page={page} pageSize={size} total={state.total} onChange={(change) => store.contacts.setPage(change.page, change.pageSize)} />
      </>
    );
  };

  return (
    <div className="ec-stack">
      <GroupBar groups={groupList} onChanged={reload} />
      <div className="ec-row ec-toolbar" part="toolbar">
        <FilterField
          label={t('column.group')}
          value={groupFilter}
          options={groupList.map((group) => ({ value: group.id, label: group.name }))}
          allLabel={t('contacts.all-groups')}
          onChange={(value) => {
            store.contactGroupFilter.value = value;
            store.contacts.page.value = 1;
          }}
        />
        <span className="ec-spacer" />
        <Button type="button" icon="pi pi-plus" label={t('contacts.add')} onClick={() => setEditing('new')} />
      </div>
      {table()}
      {editing !== null && (
        <ContactDialog
          contact={editing}
          groups={groupList}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            publishNotice({ severity: 'success', namespace: 'message-center', key: 'contacts.saved' });
            emit(CONTACT_SAVED_EVENT, { id: saved.id, verified: saved.email_verified });
            reload();
          }}
        />
      )}
    </div>
  );
}
