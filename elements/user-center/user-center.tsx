/**
 * `<ec-user-center>`: account security of the signed-in user (shell §2 user center; rules §5, §6, §8). One element
 * for the user center's pages; `view` picks one. Sub-accounts get the same pages for their own account (shell §6).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useElement, useT } from '../../core/ui/element-context.js';
import { ErrorState, LoadingState } from '../../core/ui/parts/state-views.js';
import type { USER_CENTER_VIEWS } from './attributes.js';
import { USER_SECURITY_SAVED_EVENT } from './events.js';
import { BasicView } from './parts/basic-view.js';
import { IdentityView } from './parts/identity-view.js';
import { LoginLog } from './parts/login-log.js';
import { PasswordForm } from './parts/password-form.js';
import { SafetyForm } from './parts/safety-form.js';
import { WhitelistForm } from './parts/whitelist-form.js';
import { userCenterStoreFor } from './store.js';
import type { AccountSecurity } from '../../core/api/endpoints/user-center.js';

/** Props of the component (attributes of the element). */
export interface UserCenterProps {
  /** The page shown: account-safe (default: every setting), basic, password, safety, ip-list, login-log or authentication. */
  view?: (typeof USER_CENTER_VIEWS)[number];
}

/** The user center. */
export function UserCenter({ view = 'account-safe' }: UserCenterProps) {
  useSignals();
  const { client, host, emit } = useElement();
  const t = useT();
  const store = userCenterStoreFor(host);
  const state = store.security.value;

  useEffect(() => {
    if (view !== 'login-log' && view !== 'password' && view !== 'authentication') void store.load(client);
  }, [store, client, view]);

  const content = () => {
    if (view === 'login-log') return <LoginLog />;
    if (view === 'password') return <PasswordForm />;
    if (view === 'authentication') return <IdentityView />;
    if (state.state === 'loading') return <LoadingState message={t('loading')} />;
    if (state.state === 'error') return <ErrorState message={t('load-failed')} onRetry={() => void store.load(client)} />;
    const onMailbox = (value: AccountSecurity) => {
      store.saved(value);
      emit(USER_SECURITY_SAVED_EVENT, { setting: 'mailbox' });
    };
    if (view === 'safety') return <SafetyForm security={state.value} onSaved={store.saved} />;
    if (view === 'ip-list') return <WhitelistForm security={state.value} onSaved={store.saved} />;
    if (view === 'basic') return <BasicView security={state.value} onSaved={onMailbox} />;
    // Shell §4: a sub-account's only user-center page, so it holds everything the user manages for itself.
    return (
      <>
        <BasicView security={state.value} onSaved={onMailbox} />
        <SafetyForm security={state.value} onSaved={store.saved} />
        <PasswordForm />
        <WhitelistForm security={state.value} onSaved={store.saved} />
      </>
    );
  };

  return <div className="ec-root ec-stack ec-user-center">{content()}</div>;
}
