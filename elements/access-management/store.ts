/**
 * Per-instance store of `<ec-access-management>`: the overview, the paged lists of sub-accounts, groups and access
 * keys, the group being edited, and the actions on each. Saves throw so the dialog that called them shows the failure
 * (core/ui/parts/use-save.ts); list actions answer whether they succeeded and reload the list either way.
 */
import { signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import {
  createAccessKey,
  createGroup,
  createSubAccount,
  deleteAccessKey,
  deleteGroup,
  deleteSubAccount,
  getAccessOverview,
  getGroup,
  listAccessKeys,
  listGroups,
  listSubAccounts,
  resetSubAccountPassword,
  rotateAccessKey,
  setAccessKeyStatus,
  setSubAccountStatus,
  updateGroup,
  updateSubAccount,
  type AccessKeySecret,
  type AccessOverview,
  type AccessStatus,
  type GroupSaveRequest,
  type PermissionGroup,
  type SubAccount,
  type SubAccountCreateRequest,
  type SubAccountUpdateRequest,
} from '../../core/api/endpoints/access.js';
import { createPagedList } from '../../core/ui/paged-list.js';
import { instanceStores } from '../../core/ui/instance-stores.js';

/** A one-shot load: loading, failed, or the value. */
export type LoadState<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; value: T };

/** Creates the store of one element bound to its API client. */
export function createAccessStore(client: ApiClient, settings: { pageSize?: number; accountId?: number } = {}) {
  const accountSearch = signal('');
  const accounts = createPagedList((page, perPage) => listSubAccounts(client, { page, per_page: perPage, search: accountSearch.value || undefined }), settings.pageSize);
  const groups = createPagedList(async (page, perPage) => {
    const answer = await listGroups(client, { page, per_page: perPage });
    return { ...answer, extra: { max: answer.max } };
  }, settings.pageSize);
  const keys = createPagedList((page, perPage) => listAccessKeys(client, { page, per_page: perPage, user_id: settings.accountId }), settings.pageSize);
  const overview = signal<LoadState<AccessOverview>>({ status: 'loading' });
  const group = signal<LoadState<PermissionGroup>>({ status: 'loading' });
  /** Every group for the sub-account form's group choice (the form needs all, not one page). */
  const groupChoices = signal<LoadState<PermissionGroup[]>>({ status: 'loading' });

  async function loadOverview(): Promise<void> {
    overview.value = { status: 'loading' };
    try {
      overview.value = { status: 'ready', value: await getAccessOverview(client) };
    } catch {
      overview.value = { status: 'error' };
    }
  }

  async function loadGroup(id: number): Promise<void> {
    group.value = { status: 'loading' };
    try {
      group.value = { status: 'ready', value: await getGroup(client, id) };
    } catch {
      group.value = { status: 'error' };
    }
  }

  async function loadGroupChoices(): Promise<void> {
    if (groupChoices.value.status === 'ready') return;
    try {
      // The account holds at most MAX_PERMISSION_GROUPS groups, so one page of 100 is all of them.
      groupChoices.value = { status: 'ready', value: (await listGroups(client, { per_page: 100 })).list };
    } catch {
      groupChoices.value = { status: 'error' };
    }
  }

  /** Runs a list action; true when the server did it. The list reloads either way, so it shows the truth. */
  async function act(action: () => Promise<unknown>, reload: () => Promise<void>): Promise<boolean> {
    try {
      await action();
      return true;
    } catch {
      return false;
    } finally {
      void reload();
    }
  }

  return {
    accountSearch,
    accounts,
    groups,
    keys,
    overview,
    group,
    groupChoices,
    loadOverview,
    loadGroup,
    loadGroupChoices,
    /** Sets the sub-account search; back to page 1. */
    searchAccounts(text: string): void {
      accountSearch.value = text;
      accounts.setPage(1);
    },
    async saveAccount(input: SubAccountCreateRequest | SubAccountUpdateRequest): Promise<SubAccount> {
      const saved = 'id' in input ? await updateSubAccount(client, input) : await createSubAccount(client, input);
      void accounts.load();
      return saved;
    },
    setAccountStatus: (id: number, status: AccessStatus) => act(() => setSubAccountStatus(client, { id, status }), accounts.load),
    async resetPassword(id: number, password: string, confirm: string): Promise<null> {
      return resetSubAccountPassword(client, { id, password, confirm_password: confirm });
    },
    deleteAccount: (id: number) => act(() => deleteSubAccount(client, id), accounts.load),
    async saveGroup(input: GroupSaveRequest): Promise<PermissionGroup> {
      const saved = input.id === undefined ? await createGroup(client, input) : await updateGroup(client, { ...input, id: input.id });
      groupChoices.value = { status: 'loading' };
      group.value = { status: 'ready', value: saved };
      void groups.load();
      return saved;
    },
    deleteGroup: (id: number) =>
      act(
        () => deleteGroup(client, id),
        async () => {
          groupChoices.value = { status: 'loading' };
          await groups.load();
        },
      ),
    /** Creates a key; the answer's secret is shown once by the caller and kept nowhere else. */
    async createKey(userId: number | null, remark: string): Promise<AccessKeySecret> {
      const created = await createAccessKey(client, { user_id: userId, remark });
      void keys.load();
      return created;
    },
    setKeyStatus: (id: number, status: AccessStatus) => act(() => setAccessKeyStatus(client, { id, status }), keys.load),
    async rotateKey(id: number): Promise<AccessKeySecret | null> {
      try {
        return await rotateAccessKey(client, id);
      } catch {
        return null;
      } finally {
        void keys.load();
      }
    },
    deleteKey: (id: number) => act(() => deleteAccessKey(client, id), keys.load),
  };
}

/** The store type. */
export type AccessStore = ReturnType<typeof createAccessStore>;

const stores = instanceStores<AccessStore>();

const dependencies = new WeakMap<ApiClient, Map<number | undefined, object>>();

/** One stable token per client and account, so the store is replaced exactly when either changes. */
function dependencyOf(client: ApiClient, accountId: number | undefined): object {
  let byAccount = dependencies.get(client);
  if (!byAccount) dependencies.set(client, (byAccount = new Map()));
  let token = byAccount.get(accountId);
  if (!token) byAccount.set(accountId, (token = {}));
  return token;
}

/** The store of one element, created on first use; another client or account (the host reuses the element) gives a new one. */
export function accessStoreFor(host: HTMLElement, client: ApiClient, settings: { pageSize?: number; accountId?: number }): AccessStore {
  return stores(host, () => createAccessStore(client, settings), dependencyOf(client, settings.accountId));
}
