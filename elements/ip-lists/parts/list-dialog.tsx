/**
 * Create or edit an IP list (rules §3 "name, remark"): the name is required, at most 32 characters and unique in the
 * account, the remark at most 64 (the rule set's limits, see `core/rules/bans.ts`). What is typed is kept as a draft
 * until the save succeeds; the server's findings show under their fields.
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { ApiError, VALIDATION_FAILED_CODE, type FieldIssue } from '../../../core/api/catalogue.js';
import { createIpList, updateIpList, type IpListInfo } from '../../../core/api/endpoints/ip-lists.js';
import { IP_LIST_NAME_MAX_LENGTH, IP_LIST_REMARK_MAX_LENGTH, validateIpListForm } from '../../../core/rules/bans.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { EcDialog } from '../../../core/ui/parts/dialog.js';
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
  const [serverIssues, setServerIssues] = useState<FieldIssue[]>([]);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState('');
  const ids = { name: useId(), remark: useId() };

  const issues = submitted ? [...validateIpListForm({ name, remark }), ...serverIssues] : serverIssues;
  const issueOf = (field: string) => issues.find((found) => found.field === field);

  const save = async () => {
    setSubmitted(true);
    setServerIssues([]);
    setFailure('');
    if (validateIpListForm({ name, remark }).length > 0) return;
    setSaving(true);
    try {
      const body = { name: name.trim(), remark: remark.trim() };
      const list = editing ? await updateIpList(client, { ...body, id: editing.id }, { notify: false }) : await createIpList(client, body, { notify: false });
      nameDraft.discard();
      remarkDraft.discard();
      onSaved(list, !editing);
    } catch (error) {
      if (error instanceof ApiError && error.code === VALIDATION_FAILED_CODE) {
        setServerIssues((error.data as { errors?: FieldIssue[] } | null)?.errors ?? []);
      } else setFailure(error instanceof ApiError && error.message ? error.message : t('save-failed'));
    } finally {
      setSaving(false);
    }
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

  const footer = (
    <div className="ec-row ec-dialog-actions">
      <Button type="button" outlined label={t('action.cancel')} onClick={onHide} />
      <Button type="button" label={t('action.save')} loading={saving} onClick={() => void save()} />
    </div>
  );

  return (
    <EcDialog visible onHide={onHide} header={editing ? t('form.edit-title', { name: editing.name }) : t('form.create-title')} footer={footer}>
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
        {failure ? (
          <p role="alert" className="ec-error-text">
            {failure}
          </p>
        ) : null}
      </form>
    </EcDialog>
  );
}
