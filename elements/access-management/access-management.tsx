/**
 * `<ec-access-management>`: the access-management pages of shell §2 in one element, chosen by `view` (overview,
 * sub-accounts, access keys, groups and a group's setting page, system and custom privileges, the permission
 * simulator). Each page keeps its lists in the element's store, so switching `view` or remounting keeps them.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useElement } from '../../core/ui/element-context.js';
import type { AccessView } from './attributes.js';
import { Accounts } from './parts/accounts.js';
import { GroupSetting, Groups } from './parts/groups.js';
import { Keys } from './parts/keys.js';
import { Overview } from './parts/overview.js';
import { Privileges } from './parts/privileges.js';
import { Simulator } from './parts/simulator.js';
import { accessStoreFor } from './store.js';

/** Props of the component (attributes of the element). */
export interface AccessManagementProps {
  /** Which page (default `overview`). */
  view?: AccessView;
  /** The sub-account of the `account` page, or whose keys `keys` lists. */
  accountId?: number;
  /** The group of the `group` and `group-setting` pages. */
  groupId?: number;
  /** The system privilege of the `privilege` page (`<module>-<access>`). */
  privilege?: string;
  /** Rows per page: 10 (default), 20, 50 or 100 (shell §9). */
  pageSize?: number;
}

/** The access-management element's page. */
export function AccessManagement({ view = 'overview', accountId, groupId, privilege, pageSize }: AccessManagementProps) {
  useSignals();
  const { client, host } = useElement();
  const store = accessStoreFor(host, client, { pageSize, accountId: view === 'keys' || view === 'account' ? accountId : undefined });
  return (
    <div className="ec-root ec-stack ec-access-management" data-view={view}>
      {view === 'overview' && <Overview store={store} />}
      {view === 'accounts' && <Accounts store={store} />}
      {(view === 'keys' || view === 'account') && <Keys store={store} accountId={accountId} />}
      {view === 'groups' && <Groups store={store} />}
      {(view === 'group' || view === 'group-setting') && <GroupSetting store={store} groupId={groupId} />}
      {view === 'privileges-system' && <Privileges store={store} type="system" />}
      {view === 'privileges-custom' && <Privileges store={store} type="custom" />}
      {view === 'privilege' && <Privileges store={store} type="one" privilege={privilege} />}
      {view === 'simulator' && <Simulator />}
    </div>
  );
}
