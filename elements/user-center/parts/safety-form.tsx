/**
 * Safety settings: the login time control (rules §5: 15-1440 minutes or 1-24 hours, default 8 hours; it sets the
 * length of sessions opened from now on) and secondary email verification at sign-in (rules §6), which needs a
 * verified mailbox (rules §8 "The mailbox is not verified").
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import { saveLoginTime, saveSecondaryVerification, type AccountSecurity } from '../../../core/api/endpoints/user-center.js';
import { validateLoginTime, type LoginTimeUnit } from '../../../core/rules/accounts.js';
import { onField } from '../../../core/rules/types.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { USER_SECURITY_SAVED_EVENT } from '../events.js';
import { Field, issueOn } from './field.js';

/** Props of {@link SafetyForm}. */
export interface SafetyFormProps {
  security: AccountSecurity;
  onSaved: (value: AccountSecurity) => void;
}

/** Login time and the second step. */
export function SafetyForm({ security, onSaved }: SafetyFormProps) {
  const { client, emit } = useElement();
  const t = useT();
  const [value, setValue] = useState(String(security.login_time.value));
  const [unit, setUnit] = useState<LoginTimeUnit>(security.login_time.unit);
  const [local, setLocal] = useState<FieldIssue[]>([]);
  const [notice, setNotice] = useState('');
  const timeSave = useSave();
  const secondarySave = useSave();
  const issues = [...local, ...timeSave.issues];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice('');
    const found = onField('value', validateLoginTime(value, unit));
    setLocal(found);
    if (found.length > 0) return;
    const outcome = await timeSave.run(() => saveLoginTime(client, { value: Number(value), unit }));
    if (outcome.ok) {
      onSaved(outcome.value);
      setNotice(t('safety.login-time-saved'));
      emit(USER_SECURITY_SAVED_EVENT, { setting: 'login-time' });
    }
  };

  const toggle = async (enabled: boolean) => {
    setNotice('');
    const outcome = await secondarySave.run(() => saveSecondaryVerification(client, enabled));
    if (outcome.ok) {
      onSaved(outcome.value);
      setNotice(enabled ? t('safety.secondary-on') : t('safety.secondary-off'));
      emit(USER_SECURITY_SAVED_EVENT, { setting: 'secondary-verification' });
    }
  };

  return (
    <div className="ec-stack">
      <form className="ec-uc-section ec-stack" onSubmit={submit} noValidate aria-labelledby="uc-time-title">
        <h2 id="uc-time-title">{t('safety.login-time')}</h2>
        <p className="ec-muted">{t('safety.login-time-hint')}</p>
        <div className="ec-uc-row">
          <Field id="uc-time" label={t('safety.login-time-value')} error={issueOn(issues, 'value')}>
            <InputText id="uc-time" inputMode="numeric" value={value} invalid={Boolean(issueOn(issues, 'value'))}
              aria-describedby={issueOn(issues, 'value') ? 'uc-time-error' : undefined} onChange={(event) => setValue(event.target.value)} />
          </Field>
          <div className="ec-field">
            <label htmlFor="uc-unit">{t('safety.unit')}</label>
            <select id="uc-unit" className="p-inputtext" value={unit} onChange={(event) => setUnit(event.target.value as LoginTimeUnit)}>
              <option value="hour">{t('safety.hours')}</option>
              <option value="minute">{t('safety.minutes')}</option>
            </select>
          </div>
          <Button type="submit" loading={timeSave.saving} label={t('safety.save')} />
        </div>
        {timeSave.error ? <p className="ec-error-text" role="alert">{timeSave.error}</p> : null}
      </form>
      <section className="ec-uc-section ec-stack" aria-labelledby="uc-secondary-title">
        <h2 id="uc-secondary-title">{t('safety.secondary')}</h2>
        <p className="ec-muted">{t('safety.secondary-hint')}</p>
        <div className="ec-uc-row">
          <input id="uc-secondary" type="checkbox" checked={security.secondary_verification} disabled={secondarySave.saving}
            onChange={(event) => void toggle(event.target.checked)} />
          <label htmlFor="uc-secondary">{t('safety.secondary-label')}</label>
        </div>
        {secondarySave.error ? <p className="ec-error-text" role="alert">{secondarySave.error}</p> : null}
      </section>
      {notice ? <p className="ec-muted" role="status">{notice}</p> : null}
    </div>
  );
}
