/**
 * The domain group form (rules §3 DNS website group: group name, remark): name required, 1-40 characters; remark at
 * most 64. Messages show inline, from the rules the server checks too; what is typed is kept as a draft until saved.
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import type { DnsGroup, DnsGroupInput } from '../../../core/api/endpoints/dns.js';
import { validateDnsGroupName, validateDnsRemark } from '../../../core/rules/dns.js';
import { onField, type FieldIssue } from '../../../core/rules/types.js';
import { useT } from '../../../core/ui/element-context.js';
import { EcDialog } from '../../../core/ui/parts/dialog.js';
import { useDraft } from '../../../core/ui/use-draft.js';
import { refusalOf } from '../../dns-shared/server-issues.js';

/** Props of {@link GroupDialog}. */
export interface GroupDialogProps {
  /** The group to edit; undefined creates one. */
  group?: DnsGroup;
  onSave: (input: DnsGroupInput, id?: number) => Promise<DnsGroup>;
  onSaved: (group: DnsGroup, created: boolean) => void;
  onHide: () => void;
}

function issuesOf(input: DnsGroupInput): FieldIssue[] {
  return [...onField('name', validateDnsGroupName(input.name)), ...onField('remark', validateDnsRemark(input.remark))];
}

/** Create or edit a group; mounted while open. */
export function GroupDialog({ group, onSave, onSaved, onHide }: GroupDialogProps) {
  const t = useT();
  const tRules = useT('rules');
  const nameId = useId();
  const remarkId = useId();
  const [input, setInput, { discard }] = useDraft<DnsGroupInput>(`dns-domains:group:${group?.id ?? 'new'}`, () => ({
    name: group?.name ?? '',
    remark: group?.remark ?? '',
  }));
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverIssues, setServerIssues] = useState<FieldIssue[]>([]);
  const [serverMessage, setServerMessage] = useState('');

  const issues = attempted ? [...issuesOf(input), ...serverIssues] : serverIssues;
  const messageOf = (field: string) => {
    const found = issues.find((candidate) => candidate.field === field);
    return found ? tRules(found.key, found.values) : '';
  };

  const submit = async () => {
    setAttempted(true);
    setServerIssues([]);
    setServerMessage('');
    if (issuesOf(input).length > 0) return;
    setSaving(true);
    try {
      const saved = await onSave({ name: input.name.trim(), remark: input.remark.trim() }, group?.id);
      discard();
      onSaved(saved, group === undefined);
      onHide();
    } catch (error) {
      const refusal = refusalOf(error);
      setServerIssues(refusal?.issues ?? []);
      setServerMessage(refusal?.message ?? '');
    } finally {
      setSaving(false);
    }
  };
  const cancel = () => {
    discard();
    onHide();
  };

  const nameError = messageOf('name');
  const remarkError = messageOf('remark');
  return (
    <EcDialog
      visible
      onHide={cancel}
      header={group ? t('groups.edit-title') : t('groups.create-title')}
      footer={
        <div className="ec-dns-actions">
          <Button type="button" outlined label={t('common:action.cancel')} onClick={cancel} />
          <Button type="button" label={t('common:action.save')} loading={saving} onClick={() => void submit()} />
        </div>
      }
    >
      <form
        className="ec-dns-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="ec-field">
          <label htmlFor={nameId}>{t('groups.name')}</label>
          <InputText
            id={nameId}
            value={input.name}
            aria-invalid={nameError !== ''}
            aria-describedby={nameError ? `${nameId}-error` : undefined}
            onChange={(event) => setInput((previous) => ({ ...previous, name: event.target.value }))}
          />
          {nameError && (
            <span id={`${nameId}-error`} className="ec-error-text">
              {nameError}
            </span>
          )}
        </div>
        <div className="ec-field">
          <label htmlFor={remarkId}>{t('groups.remark')}</label>
          <InputText
            id={remarkId}
            value={input.remark}
            aria-invalid={remarkError !== ''}
            aria-describedby={remarkError ? `${remarkId}-error` : undefined}
            onChange={(event) => setInput((previous) => ({ ...previous, remark: event.target.value }))}
          />
          {remarkError && (
            <span id={`${remarkId}-error`} className="ec-error-text">
              {remarkError}
            </span>
          )}
        </div>
        {serverMessage && (
          <p role="alert" className="ec-error-text">
            {serverMessage}
          </p>
        )}
      </form>
    </EcDialog>
  );
}
