/**
 * The domain group form (rules §3 DNS website group: group name, remark): name required, 1-40 characters; remark at
 * most 64. Messages show inline, from the rules the server checks too; what is typed is kept as a draft until saved.
 */
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import type { DnsGroup, DnsGroupInput } from '../../../core/api/endpoints/dns.js';
import { validateDnsGroupName, validateDnsRemark } from '../../../core/rules/dns.js';
import { onField, type FieldIssue } from '../../../core/rules/types.js';
import { useT } from '../../../core/ui/element-context.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { useDraft } from '../../../core/ui/use-draft.js';

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
  const saving = useSave();

  const issues = attempted ? [...issuesOf(input), ...saving.issues] : saving.issues;
  const messageOf = (field: string) => {
    const found = issues.find((candidate) => candidate.field === field);
    return found ? tRules(found.key, found.values) : '';
  };

  const submit = async () => {
    setAttempted(true);
    saving.reset();
    if (issuesOf(input).length > 0) return;
    const outcome = await saving.run(() => onSave({ name: input.name.trim(), remark: input.remark.trim() }, group?.id));
    if (!outcome.ok) return;
    discard();
    onSaved(outcome.value, group === undefined);
    onHide();
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
      error={saving.error}
      footer={<DialogFooter onCancel={cancel} onConfirm={() => void submit()} busy={saving.saving} />}
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
      </form>
    </EcDialog>
  );
}
