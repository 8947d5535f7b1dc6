/**
 * Per-instance store of `<ec-user-center>`: the caller's account security as last read or saved. Kept per host, so
 * moving the element (which unmounts React) keeps what was loaded.
 */
import { signal, type Signal } from '@preact/signals-react';
import type { ApiClient } from '../../core/api/client.js';
import { getAccountSecurity, getIdentity, type AccountSecurity, type IdentityVerification } from '../../core/api/endpoints/user-center.js';
import { instanceStores } from '../../core/ui/instance-stores.js';

/** Loading, failed, or the settings. */
export type SecurityState = { state: 'loading' } | { state: 'error'; error: unknown } | { state: 'ready'; value: AccountSecurity };

/** Loading, failed, or the account's identity verification. */
export type IdentityState = { state: 'loading' } | { state: 'error'; error: unknown } | { state: 'ready'; value: IdentityVerification };

/** The store. */
export interface UserCenterStore {
  security: Signal<SecurityState>;
  load(client: ApiClient): Promise<void>;
  /** Takes a save's answer (every settings call answers the whole security). */
  saved(value: AccountSecurity): void;
  identity: Signal<IdentityState>;
  /** Reads the identity verification; a refresh while one is shown keeps it on screen (no loading flash). */
  loadIdentity(client: ApiClient): Promise<void>;
  /** Takes a submission's answer. */
  identitySaved(value: IdentityVerification): void;
}

function createStore(): UserCenterStore {
  const security = signal<SecurityState>({ state: 'loading' });
  const identity = signal<IdentityState>({ state: 'loading' });
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
    identity,
    async loadIdentity(client) {
      if (identity.value.state !== 'ready') identity.value = { state: 'loading' };
      try {
        identity.value = { state: 'ready', value: await getIdentity(client) };
      } catch (error) {
        // A failed refresh of a shown record keeps it; only a first read shows the error state.
        if (identity.value.state !== 'ready') identity.value = { state: 'error', error };
      }
    },
    identitySaved(value) {
      identity.value = { state: 'ready', value };
    },
  };
}

const stores = instanceStores<UserCenterStore>();

/** The store of an element instance. */
export function userCenterStoreFor(host: HTMLElement): UserCenterStore {
  return stores(host, createStore);
}
