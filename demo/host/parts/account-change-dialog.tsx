/**
 * The cross-tab warning (shell §4, rules §8 "Login account changed, refresh or log in as another account"): shown
 * when another tab signed in as someone else. Confirm reloads (a child goes to user-center); cancel signs in again.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { accountChange, resolveAccountChange } from '../../../core/session/session.js';
import { useT } from '../../../core/ui/element-context.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';

/** The dialog; the host loads and renders it only once the session raises an account change. */
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
        <DialogFooter
          cancelLabel={t('session.sign-in-other')}
          onCancel={() => resolveAccountChange(false)}
          confirmLabel={t('session.refresh')}
          onConfirm={() => resolveAccountChange(true)}
        />
      }
    >
      <p>{t('session.account-changed')}</p>
    </EcDialog>
  );
}
