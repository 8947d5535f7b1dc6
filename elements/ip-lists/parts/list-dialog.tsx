/**
 * Create or edit an IP list (rules §3 "name, remark"): the name is required, at most 32 characters and unique in the
 * account, the remark at most 64 (the rule set's limits, see `core/rules/bans.ts`). What is typed is kept as a draft
 * until the save succeeds; the server's findings show under their fields.
 */
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { createIpList, updateIpList, type IpListInfo } from '../../../core/api/endpoints/ip-lists.js';
import { IP_LIST_NAME_MAX_LENGTH, IP_LIST_REMARK_MAX_LENGTH, validateIpListForm } from '../../../core/rules/bans.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { useDraft } from '../../../core/ui/use-draft.js';

/** Props of {@link ListDialog}. */
export interface ListDialogProps {
  /** The list to edit; absent to create one. */
  editing?: IpListInfo;
  onHide: () => void;
  onSaved: (list: IpListInfo, created: boolean) => void;
}

/** The form dialog; mounted while open. */
export function ListDialog({ editing, onHide, onSaved }: ListDialogProps) {
  const { client } = useElement();
  const t = useT();
  const tRules = useT('rules');
  const draftKey = `ip-lists:${editing ? `edit:${editing.id}` : 'create'}`;
  const [name, setName, nameDraft] = useDraft(`${draftKey}:name`, editing?.name ?? '');
  const [remark, setRemark, remarkDraft] = useDraft(`${draftKey}:remark`, editing?.remark ?? '');
  const [submitted, setSubmitted] = useState(false);
  const saving = useSave();
  const ids = { name: useId(), remark: useId() };

  const issues = submitted ? [...validateIpListForm({ name, remark }), ...saving.issues] : saving.issues;
  const issueOf = (field: string) => issues.find((found) => found.field === field);

  const save = async () => {
    setSubmitted(true);
    saving.reset();
    if (validateIpListForm({ name, remark }).length > 0) return;
    const body = { name: name.trim(), remark: remark.trim() };
    const outcome = await saving.run(() =>
      editing ? updateIpList(client, { ...body, id: editing.id }, { notify: false }) : createIpList(client, body, { notify: false }),
    );
    if (!outcome.ok) return;
    nameDraft.discard();
    remarkDraft.discard();
    onSaved(outcome.value, !editing);
  };

  const field = (key: 'name' | 'remark', label: string, value: string, onChange: (next: string) => void, max: number) => {
    const found = issueOf(key);
    return (
      <div className="ec-field">
        <label htmlFor={ids[key]}>{label}</label>
        <InputText
          id={ids[key]}
          value={value}
          className={found ? 'p-invalid' : undefined}
          aria-invalid={found ? true : undefined}
          aria-describedby={`${ids[key]}-hint ${ids[key]}-issue`}
          onChange={(event) => onChange(event.target.value)}
        />
        <span id={`${ids[key]}-hint`} className="ec-muted">
          {t('form.max-length', { max })}
        </span>
        <span id={`${ids[key]}-issue`} className="ec-error-text" role={found ? 'alert' : undefined}>
          {found ? tRules(found.key, found.values ?? {}) : ''}
        </span>
      </div>
    );
  };

  const footer = <DialogFooter onCancel={onHide} onConfirm={() => void save()} busy={saving.saving} />;

  return (
    <EcDialog visible onHide={onHide} header={editing ? t('form.edit-title', { name: editing.name }) : t('form.create-title')} footer={footer} error={saving.error}>
      <form
        className="ec-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {field('name', t('form.name'), name, setName, IP_LIST_NAME_MAX_LENGTH)}
        {field('remark', t('form.remark'), remark, setRemark, IP_LIST_REMARK_MAX_LENGTH)}
      </form>
    </EcDialog>
  );
}
