/**
 * The second step of sign-in when the account turned secondary email verification on (rules §6): the code mailed to
 * the bound mailbox, accepted once within its lifetime; "send again" after the countdown (rules §8). A refusal that
 * ends the step (expired challenge) sends the user back to the password step with the reason.
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { ApiError, RATE_LIMITED_CODE, saveFailureOf, SIGN_IN_FAILED_CODE, VALIDATION_FAILED_CODE } from '../../../core/api/catalogue.js';
import type { SignInAnswer, SignInRateLimitedData } from '../../../core/api/endpoints/auth.js';
import { resendSignInCode, verifySignIn, type SignInChallenge, type SignInRefusedData } from '../../../core/api/endpoints/user-center.js';
import { VERIFICATION_CODE_LENGTH } from '../../../core/rules/verification-code.js';
import { useCountdown } from '../../../core/ui/parts/countdown.js';
import { useElement, useT } from '../../../core/ui/element-context.js';

/** Props of the code step. */
export interface SignInCodeStepProps {
  challenge: SignInChallenge;
  /** The session, once the code was right. */
  onSignedIn: (answer: SignInAnswer) => void;
  /** Back to the password step, with the reason when the step can no longer be finished. */
  onBack: (message: string | null) => void;
}

/** The code form. */
export function SignInCodeStep({ challenge, onSignedIn, onBack }: SignInCodeStepProps) {
  const { client } = useElement();
  const t = useT('host');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const countdown = useCountdown(challenge.resend_after);

  const failureText = (failure: unknown): string => {
    if (failure instanceof ApiError && failure.code === VALIDATION_FAILED_CODE) {
      const key = saveFailureOf(failure).issues[0]?.key;
      if (key === 'user-center.code-expired') return t('sign-in.code-expired');
      if (key === 'user-center.code-invalid') return t('sign-in.code-invalid');
      return t('sign-in.code-format');
    }
    if (failure instanceof ApiError && failure.code === RATE_LIMITED_CODE) {
      const seconds = (failure.data as SignInRateLimitedData | undefined)?.retry_after ?? 60;
      countdown.start(seconds);
      return t('sign-in.resend-in', { seconds });
    }
    return failure instanceof ApiError && failure.message ? failure.message : t('api.operation-failed');
  };

  const endsStep = (failure: unknown): boolean =>
    failure instanceof ApiError && failure.code === SIGN_IN_FAILED_CODE && (failure.data as SignInRefusedData | undefined)?.reason !== undefined;

  const refusal = (failure: unknown): string => {
    const data = (failure as ApiError).data as SignInRefusedData;
    return data.reason === 'whitelist' ? t('sign-in.not-whitelisted', { ip: data.ip ?? '' }) : t('sign-in.challenge-expired');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const typed = code.trim();
    if (!typed) return setError(t('sign-in.code-required'));
    if (!new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`).test(typed)) return setError(t('sign-in.code-format'));
    setError(null);
    setSubmitting(true);
    try {
      onSignedIn(await verifySignIn(client, { challenge: challenge.challenge, code: typed }));
    } catch (failure) {
      if (endsStep(failure)) onBack(refusal(failure));
      else setError(failureText(failure));
    } finally {
      setSubmitting(false);
    }
  };

  const resend = async () => {
    setError(null);
    try {
      const answer = await resendSignInCode(client, challenge.challenge);
      countdown.start(answer.resend_after);
      setNotice(t('sign-in.resent'));
    } catch (failure) {
      if (endsStep(failure)) onBack(refusal(failure));
      else setError(failureText(failure));
    }
  };

  return (
    <form className="ec-sign-in-card ec-stack" onSubmit={submit} noValidate aria-labelledby="sign-in-code-title">
      <h1 id="sign-in-code-title" className="ec-page-title">
        {t('sign-in.code-title')}
      </h1>
      <p className="ec-muted">{t('sign-in.code-sent', { email: challenge.email_masked, minutes: Math.round(challenge.expires_in / 60) })}</p>
      <div className="ec-field">
        <label htmlFor="sign-in-code">{t('sign-in.code')}</label>
        <InputText id="sign-in-code" inputMode="numeric" autoComplete="one-time-code" maxLength={VERIFICATION_CODE_LENGTH} value={code}
          invalid={Boolean(error)} aria-describedby={error ? 'sign-in-code-error' : undefined}
          onChange={(event) => setCode(event.target.value)} />
        {error ? (
          <small id="sign-in-code-error" className="ec-error-text" role="alert">
            {error}
          </small>
        ) : null}
      </div>
      {notice ? <p className="ec-muted" role="status">{notice}</p> : null}
      <Button type="submit" label={submitting ? t('sign-in.submitting') : t('sign-in.verify')} loading={submitting} />
      <Button type="button" outlined disabled={countdown.seconds > 0} onClick={resend}
        label={countdown.seconds > 0 ? t('sign-in.resend-in', { seconds: countdown.seconds }) : t('sign-in.resend')} />
      <Button type="button" link label={t('sign-in.back')} onClick={() => onBack(null)} />
    </form>
  );
}
