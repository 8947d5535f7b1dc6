/**
 * The sub-account dialogs: create or edit (rules §5 Accounts and groups: name 1-40, password 8-20 with three kinds of
 * characters and a strength meter, the repeated password "inconsistent" message, mail format, exactly one group) and
 * reset password. Messages come from core/rules, the same the server answers with; a server refusal lands on its field.
 */
import { useId, useState } from 'react';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import type { PermissionGroup, SubAccount } from '../../../core/api/endpoints/access.js';
import { validateSubAccount } from '../../../core/rules/accounts.js';
import { validateAccessRemark } from '../../../core/rules/access.js';
import { onField } from '../../../core/rules/types.js';
import { useT } from '../../../core/ui/element-context.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { StrengthMeter } from '../../../core/ui/parts/strength-meter.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { SelectField, TextField } from './fields.js';

/** The server names two fields in the API's spelling; the form uses the rules' names. */
const FORM_FIELD: Record<string, string> = { confirm_password: 'confirmPassword', group_id: 'groupId' };
const formIssues = (issues: readonly FieldIssue[]) => issues.map((found) => ({ ...found, field: FORM_FIELD[found.field] ?? found.field }));

/** Props of {@link AccountDialog}. */
export interface AccountDialogProps {
  /** The sub-account to edit; creates one when absent. */
  account?: SubAccount;
  groups: readonly PermissionGroup[];
  onSave: (input: { name: string; email: string; remark: string; group_id: number | null; password?: string; confirm_password?: string }) => Promise<SubAccount>;
  onSaved: (account: SubAccount) => void;
  onCancel: () => void;
}

/** Create or edit a sub-account. */
export function AccountDialog({ account, groups, onSave, onSaved, onCancel }: AccountDialogProps) {
  const t = useT('access-management');
  const tRules = useT('rules');
  const id = useId();
  const [name, setName] = useState(account?.name ?? '');
  const [email, setEmail] = useState(account?.email ?? '');
  const [remark, setRemark] = useState(account?.remark ?? '');
  const [groupId, setGroupId] = useState<number | null>(account?.group_id ?? null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [tried, setTried] = useState(false);
  const saving = useSave();
  const creating = account === undefined;

  const local = [
    ...validateSubAccount({ name, email, groupId, ...(creating ? { password, confirmPassword: confirm } : {}) }),
    ...onField('remark', validateAccessRemark(remark)),
  ];
  const issues = [...local, ...formIssues(saving.issues)];
  const message = (field: string) => {
    const found = issues.find((item) => item.field === field);
    return tried && found ? tRules(found.key, found.values ?? {}) : null;
  };
  const change = (set: (value: string) => void) => (value: string) => {
    saving.reset();
    set(value);
  };
  const save = async () => {
    setTried(true);
    saving.reset();
    if (local.length > 0) return;
    const input = { name: name.trim(), email: email.trim(), remark: remark.trim(), group_id: groupId, ...(creating ? { password, confirm_password: confirm } : {}) };
    const outcome = await saving.run(() => onSave(input));
    if (outcome.ok) onSaved(outcome.value);
  };

  return (
    <EcDialog
      visible
      onHide={onCancel}
      header={creating ? t('account.create-title') : t('account.edit-title', { name: account.name })}
      error={saving.error}
      footer={<DialogFooter onCancel={onCancel} onConfirm={() => void save()} busy={saving.saving} />}
    >
      <form className="ec-stack" part="form" onSubmit={(event) => { event.preventDefault(); void save(); }}>
        <TextField id={`${id}-name`} label={t('account.name')} value={name} onChange={change(setName)} error={message('name')} hint={t('account.name-hint')} autoComplete="off" />
        {creating && (
          <>
            <TextField
              id={`${id}-password`}
              type="password"
              label={t('account.password')}
              value={password}
              onChange={change(setPassword)}
              error={message('password')}
              hint={t('account.password-hint')}
              autoComplete="new-password"
              extra={<StrengthMeter password={password} />}
            />
            <TextField id={`${id}-confirm`} type="password" label={t('account.confirm-password')} value={confirm} onChange={change(setConfirm)} error={message('confirmPassword')} autoComplete="new-password" />
          </>
        )}
        <TextField id={`${id}-email`} type="email" label={t('account.email')} value={email} onChange={change(setEmail)} error={message('email')} hint={t('account.email-hint')} />
        <SelectField
          id={`${id}-group`}
          label={t('account.group')}
          value={groupId}
          options={groups.map((group) => ({ value: group.id, label: group.name }))}
          onChange={(value) => {
            saving.reset();
            setGroupId(value);
          }}
          error={message('groupId')}
          placeholder={t('account.group-placeholder')}
        />
        <TextField id={`${id}-remark`} label={t('account.remark')} value={remark} onChange={change(setRemark)} error={message('remark')} />
      </form>
    </EcDialog>
  );
}

/** Props of {@link PasswordDialog}. */
export interface PasswordDialogProps {
  account: SubAccount;
  onSave: (password: string, confirm: string) => Promise<null>;
  onSaved: () => void;
  onCancel: () => void;
}

/** Reset a sub-account's password (its sessions end). */
export function PasswordDialog({ account, onSave, onSaved, onCancel }: PasswordDialogProps) {
  const t = useT('access-management');
  const tRules = useT('rules');
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [tried, setTried] = useState(false);
  const saving = useSave();
  const local = validateSubAccount({ name: account.name, groupId: account.group_id ?? 0, password, confirmPassword: confirm });
  const issues = [...local, ...formIssues(saving.issues)];
  const message = (field: string) => {
    const found = issues.find((item) => item.field === field);
    return tried && found ? tRules(found.key, found.values ?? {}) : null;
  };
  const save = async () => {
    setTried(true);
    saving.reset();
    if (local.length > 0) return;
    const outcome = await saving.run(() => onSave(password, confirm));
    if (outcome.ok) onSaved();
  };
  return (
    <EcDialog
      visible
      onHide={onCancel}
      header={t('account.reset-title', { name: account.name })}
      error={saving.error}
      footer={<DialogFooter onCancel={onCancel} onConfirm={() => void save()} busy={saving.saving} />}
    >
      <div className="ec-stack">
        <p className="ec-muted">{t('account.reset-note')}</p>
        <TextField
          id={`${id}-password`}
          type="password"
          label={t('account.new-password')}
          value={password}
          onChange={setPassword}
          error={message('password')}
          hint={t('account.password-hint')}
          autoComplete="new-password"
          extra={<StrengthMeter password={password} />}
        />
        <TextField id={`${id}-confirm`} type="password" label={t('account.confirm-password')} value={confirm} onChange={setConfirm} error={message('confirmPassword')} autoComplete="new-password" />
      </div>
    </EcDialog>
  );
}
