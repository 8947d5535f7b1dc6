/**
 * The dialogs of `<ec-website-groups>`: create or rename a group (name 1-40, remark 4-32; the server's "A group with
 * this name already exists" lands on the name), and move websites into a group with the website picker.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { InputText } from 'primereact/inputtext';
import { useId, useMemo, useState } from 'react';
import type { WebsiteGroup, WebsiteGroupInput } from '../../../core/api/endpoints/websites.js';
import { validateWebsiteGroup } from '../../../core/rules/websites.js';
import { useT } from '../../../core/ui/element-context.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { createWebsitePickerStore } from '../../domain-list/picker-store.js';
import { WebsitePicker } from '../../domain-list/parts/website-picker.js';

/** Props of {@link GroupFormDialog}. */
export interface GroupFormDialogProps {
  /** The group to rename; creates a new one when absent. */
  group?: WebsiteGroup;
  /** Saves the group; throws on failure, which the dialog shows (the shared save pattern) while staying open. */
  onSave: (input: WebsiteGroupInput) => Promise<WebsiteGroup>;
  onSaved: (group: WebsiteGroup) => void;
  onCancel: () => void;
}

/** Create or rename a group. */
export function GroupFormDialog({ group, onSave, onSaved, onCancel }: GroupFormDialogProps) {
  const t = useT('website-groups');
  const tRules = useT('rules');
  const baseId = useId();
  const [name, setName] = useState(group?.name ?? '');
  const [remark, setRemark] = useState(group?.remark ?? '');
  const [tried, setTried] = useState(false);
  const [edited, setEdited] = useState(false);
  const saving = useSave();

  const issues = [...validateWebsiteGroup({ name, remark }), ...(edited ? [] : saving.issues)];
  const message = (field: string) => {
    const found = issues.find((item) => item.field === field);
    return (tried || !edited) && found ? tRules(found.key, found.values ?? {}) : null;
  };
  const save = async () => {
    setTried(true);
    setEdited(false);
    saving.reset();
    if (validateWebsiteGroup({ name, remark }).length > 0) return;
    const outcome = await saving.run(() => onSave({ name: name.trim(), remark: remark.trim() }));
    if (outcome.ok) onSaved(outcome.value);
  };
  const field = (id: string, label: string, value: string, set: (value: string) => void, error: string | null, hint: string) => (
    <div className="ec-field">
      <label htmlFor={id}>{label}</label>
      <InputText
        id={id}
        value={value}
        invalid={error !== null}
        aria-invalid={error !== null ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setEdited(true);
          set(event.target.value);
        }}
      />
      <small id={`${id}-hint`} className={error ? 'ec-error-text' : 'ec-muted'}>
        {error ?? hint}
      </small>
    </div>
  );

  return (
    <EcDialog
      visible
      onHide={onCancel}
      header={group ? t('form.rename-title', { name: group.name }) : t('form.create-title')}
      error={saving.error}
      footer={<DialogFooter onCancel={onCancel} onConfirm={() => void save()} busy={saving.saving} />}
    >
      <div className="ec-stack">
        {field(`${baseId}-name`, t('form.name'), name, setName, message('name'), t('form.name-hint'))}
        {field(`${baseId}-remark`, t('form.remark'), remark, setRemark, message('remark'), t('form.remark-hint'))}
      </div>
    </EcDialog>
  );
}

/** Props of {@link AssignDialog}. */
export interface AssignDialogProps {
  group: WebsiteGroup;
  busy: boolean;
  onAssign: (ids: number[]) => void;
  onCancel: () => void;
}

/** Pick websites to move into a group. */
export function AssignDialog({ group, busy, onAssign, onCancel }: AssignDialogProps) {
  useSignals();
  const t = useT('website-groups');
  const tRules = useT('rules');
  const picker = useMemo(() => createWebsitePickerStore(), []);
  const [tried, setTried] = useState(false);
  const ticked = picker.ticked.value;

  const assign = () => {
    setTried(true);
    if (ticked.size > 0) onAssign([...ticked]);
  };

  return (
    <EcDialog
      visible
      onHide={onCancel}
      width="720px"
      header={t('assign.title', { name: group.name })}
      footer={
        <DialogFooter
          onCancel={onCancel}
          onConfirm={assign}
          confirmLabel={t('assign.submit', { count: ticked.size })}
          busy={busy}
          extra={tried && ticked.size === 0 ? <span className="ec-error-text">{tRules('websites.select-domain')}</span> : undefined}
        />
      }
    >
      <WebsitePicker store={picker} label={t('assign.sites')} />
    </EcDialog>
  );
}
