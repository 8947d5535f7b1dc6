/**
 * Change password (rules §5: the current password required; the new one 8-20 characters with three of digit, upper
 * case, lower case and special characters, typed twice; rules §8 "The two password inputs are inconsistent"). After
 * the change the user's other sessions are signed out by the server; this one stays. The strength meter is the one the
 * sub-account form uses (core/ui/parts/strength-meter.tsx).
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import { changePassword } from '../../../core/api/endpoints/user-center.js';
import { validatePassword, validatePasswordConfirmation } from '../../../core/rules/accounts.js';
import { issue, onField } from '../../../core/rules/types.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { StrengthMeter } from '../../../core/ui/parts/strength-meter.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { USER_SECURITY_SAVED_EVENT } from '../events.js';
import { Field, issueOn } from './field.js';

/** The form. */
export function PasswordForm() {
  const { client, emit } = useElement();
  const t = useT();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [local, setLocal] = useState<FieldIssue[]>([]);
  const [done, setDone] = useState<number | null>(null);
  const save = useSave();
  const issues = [...local, ...save.issues];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const found = [
      ...onField('current_password', current ? null : issue('accounts.password-required')),
      ...onField('password', validatePassword(password)),
      ...onField('confirm_password', validatePasswordConfirmation(password, confirm)),
    ];
    setLocal(found);
    if (found.length > 0) return;
    const outcome = await save.run(() => changePassword(client, { current_password: current, password, confirm_password: confirm }));
    if (outcome.ok) {
      setDone(outcome.value.signed_out_sessions);
      setCurrent('');
      setPassword('');
      setConfirm('');
      emit(USER_SECURITY_SAVED_EVENT, { setting: 'password' });
    }
  };

  const input = (id: string, field: string, value: string, set: (value: string) => void, autoComplete: string) => (
    <InputText id={id} type="password" autoComplete={autoComplete} value={value} invalid={Boolean(issueOn(issues, field))}
      aria-describedby={issueOn(issues, field) ? `${id}-error` : undefined} onChange={(event) => set(event.target.value)} />
  );

  return (
    <form className="ec-uc-section ec-stack" onSubmit={submit} noValidate aria-labelledby="uc-password-title">
      <h2 id="uc-password-title">{t('password.title')}</h2>
      <Field id="uc-current" label={t('password.current')} error={issueOn(issues, 'current_password')}>
        {input('uc-current', 'current_password', current, setCurrent, 'current-password')}
      </Field>
      <Field id="uc-new" label={t('password.new')} error={issueOn(issues, 'password')}>
        {input('uc-new', 'password', password, setPassword, 'new-password')}
        <StrengthMeter password={password} />
      </Field>
      <p className="ec-muted">{t('password.rule')}</p>
      <Field id="uc-confirm" label={t('password.confirm')} error={issueOn(issues, 'confirm_password')}>
        {input('uc-confirm', 'confirm_password', confirm, setConfirm, 'new-password')}
      </Field>
      {save.error ? <p className="ec-error-text" role="alert">{save.error}</p> : null}
      {done !== null ? <p className="ec-muted" role="status">{t('password.changed', { count: done })}</p> : null}
      <div className="ec-uc-row">
        <Button type="submit" loading={save.saving} label={t('password.submit')} />
      </div>
    </form>
  );
}
