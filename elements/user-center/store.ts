/**
 * Per-instance store of `<ec-user-center>`: the caller's account security as last read or saved. Kept per host, so
 * moving the element (which unmounts React) keeps what was loaded.
 */
import { signal, type Signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import { getAccountSecurity, type AccountSecurity } from '../../core/api/endpoints/user-center.js';
import { instanceStores } from '../../core/ui/instance-stores.js';

/** Loading, failed, or the settings. */
export type SecurityState = { state: 'loading' } | { state: 'error'; error: unknown } | { state: 'ready'; value: AccountSecurity };

/** The store. */
export interface UserCenterStore {
  security: Signal<SecurityState>;
  load(client: ApiClient): Promise<void>;
  /** Takes a save's answer (every settings call answers the whole security). */
  saved(value: AccountSecurity): void;
}

function createStore(): UserCenterStore {
  const security = signal<SecurityState>({ state: 'loading' });
  return {
    security,
    async load(client) {
      if (security.value.state !== 'ready') security.value = { state: 'loading' };
      try {
        security.value = { state: 'ready', value: await getAccountSecurity(client) };
      } catch (error) {
        security.value = { state: 'error', error };
      }
    },
    saved(value) {
      security.value = { state: 'ready', value };
    },
  };
}

const stores = instanceStores<UserCenterStore>();

/** The store of an element instance. */
export function userCenterStoreFor(host: HTMLElement): UserCenterStore {
  return stores(host, createStore);
}
