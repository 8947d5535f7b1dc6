/**
 * The sign-in pages (shell §2): `/login` for parents, `/login-child/` for children with member_id in the hash
 * query. Translated validation inline; after a session expiry the user lands back on the page they were on.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { ApiError, RATE_LIMITED_CODE, SIGN_IN_FAILED_CODE } from '../../../core/api/catalogue.js';
import { signIn, signInChild, type SignInAnswer, type SignInRateLimitedData } from '../../../core/api/endpoints/auth.js';
import { needsSecondStep, type SignInChallenge, type SignInRefusedData } from '../../../core/api/endpoints/user-center.js';
import { isEmail } from '../../../core/rules/email.js';
import { consumeReturnPath, sessionExpired, startSession } from '../../../core/session/session.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { Brand, LanguageSwitch } from './brand.js';


// Rules §6: only accounts with secondary email verification reach the code step, so it loads when first shown.
const SignInCodeStep = lazy(() => import('./sign-in-code.js').then((module) => ({ default: module.SignInCodeStep })));

/** Props of the sign-in page. */
export interface SignInPageProps {
  kind: 'parent' | 'child';
  /** The member id to start with; by default the child page reads member_id from the hash query (shell §2). */
  memberId?: string;
  /** Called with the path to go to after a successful sign-in (the saved return path, or home). */
  onSignedIn: (returnPath: string | null) => void;
  /** Switches between the parent and child pages. */
  onSwitch: () => void;
}

type Field = 'email' | 'password' | 'memberId' | 'userName';

/** Reads member_id from `#/?member_id=7` or `?member_id=7`. */
export function memberIdFromLocation(loc: Pick<Location, 'hash' | 'search'> = location): string {
  const fromHash = loc.hash.includes('?') ? new URLSearchParams(loc.hash.slice(loc.hash.indexOf('?') + 1)).get('member_id') : null;
  return fromHash ?? new URLSearchParams(loc.search).get('member_id') ?? '';
}

/** The sign-in form. */
export function SignInPage({ kind, memberId: givenMemberId, onSignedIn, onSwitch }: SignInPageProps) {
  const initialMemberId = givenMemberId ?? (kind === 'child' ? memberIdFromLocation() : '');
  useSignals();
  const { client } = useElement();
  const t = useT('host');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [memberId, setMemberId] = useState(initialMemberId);
  const [userName, setUserName] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Rules §6: set when the account asks for the mailed code; the password step's fields stay as typed behind it.
  const [challenge, setChallenge] = useState<SignInChallenge | null>(null);
  const expired = sessionExpired.value;

  const validate = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    if (kind === 'parent') {
      if (!email.trim()) found.email = t('sign-in.email-required');
      else if (!isEmail(email.trim())) found.email = t('sign-in.email-invalid');
    } else {
      if (!memberId.trim()) found.memberId = t('sign-in.member-id-required');
      else if (!/^\d+$/.test(memberId.trim())) found.memberId = t('sign-in.member-id-invalid');
      if (!userName.trim()) found.userName = t('sign-in.user-name-required');
    }
    if (!password) found.password = t('sign-in.password-required');
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      const answer =
        kind === 'parent'
          ? await signIn(client, { email: email.trim(), password }, { notify: false })
          : await signInChild(client, { member_id: memberId.trim(), user_name: userName.trim(), password }, { notify: false });
      if (needsSecondStep(answer)) setChallenge(answer);
      else finish(answer);
    } catch (error) {
      const refused = error instanceof ApiError ? (error.data as SignInRefusedData | null | undefined) : undefined;
      if (error instanceof ApiError && error.code === SIGN_IN_FAILED_CODE && refused?.reason === 'whitelist') {
        setFormError(t('sign-in.not-whitelisted', { ip: refused.ip ?? '' }));
      } else if (error instanceof ApiError && error.code === SIGN_IN_FAILED_CODE) setFormError(t('sign-in.failed'));
      else if (error instanceof ApiError && error.code === RATE_LIMITED_CODE) {
        const seconds = (error.data as SignInRateLimitedData | undefined)?.retry_after ?? 60;
        setFormError(t('sign-in.rate-limited', { seconds }));
      } else setFormError(error instanceof ApiError && error.message ? error.message : t('api.operation-failed'));
    } finally {
      setSubmitting(false);
    }
  };

  const finish = (answer: SignInAnswer) => {
    startSession(answer.token, answer.user_raw);
    onSignedIn(consumeReturnPath());
  };

  const field = (name: Field, label: string, input: React.ReactNode) => (
    <div className="ec-field">
      <label htmlFor={`sign-in-${name}`}>{label}</label>
      {input}
      {errors[name] ? (
        <small id={`sign-in-${name}-error`} className="ec-error-text" role="alert">
          {errors[name]}
        </small>
      ) : null}
    </div>
  );

  const describedBy = (name: Field) => (errors[name] ? `sign-in-${name}-error` : undefined);

  return (
    <main className="ec-sign-in" id="main-content">
      <div className="ec-sign-in-top">
        <Brand className="ec-sign-in-brand" />
        <LanguageSwitch className="ec-sign-in-language" />
      </div>
      {challenge ? (
        <Suspense fallback={null}>
          <SignInCodeStep challenge={challenge} onSignedIn={finish}
            onBack={(message) => {
              setChallenge(null);
              setFormError(message);
            }} />
        </Suspense>
      ) : (
      <form className="ec-sign-in-card ec-stack" onSubmit={submit} noValidate aria-labelledby="sign-in-title">
        <h1 id="sign-in-title" className="ec-page-title">
          {kind === 'parent' ? t('sign-in.title') : t('sign-in.child-title')}
        </h1>
        {expired ? <p className="ec-muted">{t('sign-in.session-expired')}</p> : null}
        {kind === 'parent'
          ? field('email', t('sign-in.email'),
              <InputText id="sign-in-email" type="email" autoComplete="username" value={email}
                invalid={Boolean(errors.email)} aria-describedby={describedBy('email')}
                onChange={(event) => setEmail(event.target.value)} />)
          : (
            <>
              {field('memberId', t('sign-in.member-id'),
                <InputText id="sign-in-memberId" inputMode="numeric" value={memberId}
                  invalid={Boolean(errors.memberId)} aria-describedby={describedBy('memberId')}
                  onChange={(event) => setMemberId(event.target.value)} />)}
              {field('userName', t('sign-in.user-name'),
                <InputText id="sign-in-userName" autoComplete="username" value={userName}
                  invalid={Boolean(errors.userName)} aria-describedby={describedBy('userName')}
                  onChange={(event) => setUserName(event.target.value)} />)}
            </>
          )}
        {field('password', t('sign-in.password'),
          <InputText id="sign-in-password" type="password" autoComplete="current-password" value={password}
            invalid={Boolean(errors.password)} aria-describedby={describedBy('password')}
            onChange={(event) => setPassword(event.target.value)} />)}
        {formError ? <p className="ec-error-text" role="alert">{formError}</p> : null}
        <Button type="submit" label={submitting ? t('sign-in.submitting') : t('sign-in.submit')} loading={submitting} />
        <Button type="button" link label={kind === 'parent' ? t('sign-in.go-child') : t('sign-in.go-parent')} onClick={onSwitch} />
      </form>
      )}
    </main>
  );
}
