/**
 * Basic information and the mailbox binding (rules §4 mailbox unverified/verified, rules §5 verification code, rules §8
 * countdown): a code is mailed to the address typed, and the address is bound once its code comes back. What is typed
 * stays after a failure.
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { bindMailbox, sendMailboxCode, type AccountSecurity } from '../../../core/api/endpoints/user-center.js';
import { formatDateTime } from '../../../core/i18n/format.js';
import { validateEmail } from '../../../core/rules/accounts.js';
import { onField } from '../../../core/rules/types.js';
import { validateVerificationCodeFormat } from '../../../core/rules/user-center.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { useCountdown } from '../../../core/ui/parts/countdown.js';
import { StatusTag } from '../../../core/ui/parts/status-tag.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import { Field, issueOn } from './field.js';

/** Props of {@link BasicView}. */
export interface BasicViewProps {
  security: AccountSecurity;
  onSaved: (value: AccountSecurity) => void;
}

/** The account facts and the mailbox form. */
export function BasicView({ security, onSaved }: BasicViewProps) {
  const { client } = useElement();
  const t = useT();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [local, setLocal] = useState<FieldIssue[]>([]);
  const [sentTo, setSentTo] = useState('');
  const [notice, setNotice] = useState('');
  const countdown = useCountdown();
  const sending = useSave();
  const binding = useSave();
  const issues = [...local, ...sending.issues, ...binding.issues];

  const send = async () => {
    setNotice('');
    const found = onField('email', validateEmail(email));
    setLocal(found);
    if (found.length > 0) return;
    const outcome = await sending.run(() => sendMailboxCode(client, { email: email.trim() }));
    if (outcome.ok) {
      countdown.start(outcome.value.resend_after);
      setSentTo(email.trim());
      setNotice(t('mailbox.code-sent', { email: email.trim(), minutes: Math.round(outcome.value.expires_in / 60) }));
    }
  };

  const bind = async () => {
    setNotice('');
    const found = [...onField('email', validateEmail(email)), ...onField('code', validateVerificationCodeFormat(code))];
    setLocal(found);
    if (found.length > 0) return;
    const outcome = await binding.run(() => bindMailbox(client, { email: email.trim(), code: code.trim() }));
    if (outcome.ok) {
      onSaved(outcome.value);
      setCode('');
      setEmail('');
      setNotice(t('mailbox.bound'));
    }
  };

  const waitError = sending.error && countdown.seconds === 0 ? sending.error : '';
  const verified = security.bind_email !== '' && security.email_verified;
  return (
    <div className="ec-stack">
      <section className="ec-uc-section" aria-labelledby="uc-basic-title">
        <h2 id="uc-basic-title">{t('basic.title')}</h2>
        <dl className="ec-uc-facts">
          <dt>{t('basic.account')}</dt>
          <dd>{security.account}</dd>
          <dt>{t('basic.account-type')}</dt>
          <dd>{security.account_type === 2 ? t('basic.child') : t('basic.parent')}</dd>
          <dt>{t('basic.member-id')}</dt>
          <dd>{security.member_id}</dd>
          <dt>{t('basic.last-login')}</dt>
          <dd>{security.last_login_at ? formatDateTime(security.last_login_at) : t('basic.never')}</dd>
          <dt>{t('basic.mailbox')}</dt>
          <dd>
            {security.bind_email || t('basic.no-mailbox')}{' '}
            {security.bind_email ? (
              <StatusTag
                settings={[
                  { value: 'verified', label: t('mailbox.verified'), color: 'success' },
                  { value: 'unverified', label: t('mailbox.unverified'), color: 'warning' },
                ]}
                value={verified ? 'verified' : 'unverified'}
              />
            ) : null}
          </dd>
        </dl>
        {!verified ? <p className="ec-muted">{t('mailbox.unverified-hint')}</p> : null}
      </section>
      <section className="ec-uc-section ec-stack" aria-labelledby="uc-mailbox-title">
        <h2 id="uc-mailbox-title">{verified ? t('mailbox.change-title') : t('mailbox.bind-title')}</h2>
        <div className="ec-uc-row">
          <Field id="uc-email" label={t('mailbox.email')} error={issueOn(issues, 'email')}>
            <InputText id="uc-email" type="email" autoComplete="email" value={email} invalid={Boolean(issueOn(issues, 'email'))}
              aria-describedby={issueOn(issues, 'email') ? 'uc-email-error' : undefined}
              onChange={(event) => setEmail(event.target.value)} />
          </Field>
          <Button type="button" outlined loading={sending.saving} disabled={countdown.seconds > 0} onClick={send}
            label={countdown.seconds > 0 ? t('mailbox.resend-in', { seconds: countdown.seconds }) : sentTo ? t('mailbox.resend') : t('mailbox.send-code')} />
        </div>
        <div className="ec-uc-row">
          <Field id="uc-code" label={t('mailbox.code')} error={issueOn(issues, 'code')}>
            <InputText id="uc-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} invalid={Boolean(issueOn(issues, 'code'))}
              aria-describedby={issueOn(issues, 'code') ? 'uc-code-error' : undefined}
              onChange={(event) => setCode(event.target.value)} />
          </Field>
          <Button type="button" loading={binding.saving} onClick={bind} label={t('mailbox.bind')} />
        </div>
        {waitError || binding.error ? <p className="ec-error-text" role="alert">{waitError || binding.error}</p> : null}
        {notice ? <p className="ec-muted" role="status">{notice}</p> : null}
      </section>
    </div>
  );
}

