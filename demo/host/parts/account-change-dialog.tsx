/**
 * The cross-tab warning (shell §4, rules §8 "Login account changed, refresh or log in as another account"): shown
 * when another tab signed in as someone else. Confirm reloads (a child goes to user-center); cancel signs in again.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { accountChange, resolveAccountChange } from '../../../core/session/session.js';
import { useT } from '../../../core/ui/element-context.js';
import { EcDialog } from '../../../core/ui/parts/dialog.js';

/** The dialog; renders nothing until the session raises an account change. */
export function AccountChangeDialog() {
  useSignals();
  const t = useT('common');
  const change = accountChange.value;
  return (
    <EcDialog
      visible={change !== null}
      header={t('session.account-changed-title')}
      closable={false}
      onHide={() => resolveAccountChange(false)}
      footer={
        <div className="ec-row">
          <Button type="button" outlined label={t('session.sign-in-other')} onClick={() => resolveAccountChange(false)} />
          <Button type="button" label={t('session.refresh')} onClick={() => resolveAccountChange(true)} autoFocus />
        </div>
      }
    >
      <p>{t('session.account-changed')}</p>
    </EcDialog>
  );
}
