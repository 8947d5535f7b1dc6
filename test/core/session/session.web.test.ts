import { expect } from '@open-wc/testing';
import { runMode, providerLoginUrl } from '../../../core/config/run-mode.js';
import { discardDraft, loadDraft, saveDraft } from '../../../core/session/drafts.js';
import { setNavigationHandler } from '../../../core/session/navigation.js';
import {
  expireToSignIn,
  signedOutUnhandled,
  accountChange,
  applyUser,
  consumeReturnPath,
  currentUser,
  handleSessionExpired,
  headerName,
  loginType,
  resolveAccountChange,
  sessionExpired,
  sessionToken,
  startSession,
  type SessionUser,
  userDisplayName,
  watchAccountChanges,
} from '../../../core/session/session.js';

const parent: SessionUser = { id: 7, email: 'owner@example.com', user_name: '', name: 'Owner', member_id: 7, account_type: 1 };
const child: SessionUser = { id: 9, email: 'child@example.com', user_name: 'operator', member_id: 7, account_type: 2 };

function recordNavigation() {
  const visits: { path: string; replace?: boolean; reload?: boolean }[] = [];
  const restore = setNavigationHandler((path, options) => visits.push({ path, ...options }));
  return { visits, restore };
}

describe('core/session (shell §3, §4, §6, §8)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    sessionExpired.value = false;
    runMode.value = 'standalone';
    history.replaceState(null, '', '/');
  });

  it('shell §3: login type comes from account_type (2 = child); the name falls back user_name -> name -> email', () => {
    startSession('t-1', parent);
    expect(loginType.value).to.equal('parent');
    expect(localStorage.getItem('x-token')).to.equal('t-1');
    expect(localStorage.getItem('loginType')).to.equal('parent');
    expect(userDisplayName(parent)).to.equal('Owner');
    expect(userDisplayName({ id: 1, email: 'e@x.com' })).to.equal('e@x.com');
    expect(headerName(parent)).to.equal('owner@example.com', 'a parent sees the e-mail');
    applyUser(child);
    expect(loginType.value).to.equal('child');
    expect(headerName(child)).to.equal('operator', 'a child sees the user_name');
  });

  /** Takes ec-unauthorized over as the demo host does (shell §8 through expireToSignIn); returns the events seen. */
  function actAsHost(): { seen: CustomEvent[]; stop: () => void } {
    const seen: CustomEvent[] = [];
    const listener = (event: Event) => {
      seen.push(event as CustomEvent);
      event.preventDefault();
      expireToSignIn((event as CustomEvent<{ returnPath: string }>).detail.returnPath);
    };
    document.addEventListener('ec-unauthorized', listener);
    return { seen, stop: () => document.removeEventListener('ec-unauthorized', listener) };
  }

  it('shell §8 16149 standalone: keeps the current path, clears the user id, goes to /login; the path comes back after sign-in', () => {
    startSession('t-1', parent);
    history.replaceState(null, '', '/console/domain-management/domain-list?page=3');
    const { visits, restore } = recordNavigation();
    const host = actAsHost();
    try {
      handleSessionExpired();
      handleSessionExpired(); // Several failing calls at once react once.
    } finally {
      restore();
      host.stop();
    }
    expect(host.seen.length).to.equal(1, 'one cancelable ec-unauthorized');
    expect(host.seen[0]!.cancelable).to.equal(true);
    expect(signedOutUnhandled.value).to.equal(false, 'the host took it over');
    expect(visits).to.deep.equal([{ path: '/login', replace: true }]);
    expect(localStorage.getItem('userId')).to.equal(null);
    expect(localStorage.getItem('x-token')).to.equal(null);
    expect(sessionToken.value).to.equal(null);
    expect(consumeReturnPath()).to.equal('/domain-management/domain-list?page=3');
    expect(consumeReturnPath()).to.equal(null, 'read once');
  });

  it('shell §8 16149 for a child: goes to the child sign-in with member_id', () => {
    startSession('t-2', child);
    const { visits, restore } = recordNavigation();
    const host = actAsHost();
    try {
      handleSessionExpired();
    } finally {
      restore();
      host.stop();
    }
    expect(visits[0]!.path).to.equal('/login-child/#/?member_id=7');
  });

  it('shell §8 16149 embedded: goes to the provider login and keeps no return path', () => {
    startSession('t-1', parent);
    runMode.value = 'embedded';
    providerLoginUrl.value = '#provider-login';
    const host = actAsHost();
    try {
      handleSessionExpired();
    } finally {
      host.stop();
    }
    expect(location.hash).to.equal('#provider-login');
    expect(consumeReturnPath()).to.equal(null);
    history.replaceState(null, '', '/');
  });

  it('16149 with no host taking over: nothing navigates, the elements are told to show signed out', () => {
    startSession('t-3', parent);
    const before = location.href;
    const { visits, restore } = recordNavigation();
    try {
      handleSessionExpired();
    } finally {
      restore();
    }
    expect(visits).to.deep.equal([]);
    expect(location.href).to.equal(before);
    expect(signedOutUnhandled.value).to.equal(true);
    startSession('t-4', parent);
    expect(signedOutUnhandled.value).to.equal(false, 'a new session ends it');
  });

  it('never restores a path that leaves the console', () => {
    sessionStorage.setItem('ec.return-path', '//evil.example/');
    expect(consumeReturnPath()).to.equal(null);
  });

  it('shell §4 cross-tab: a different user id in another tab raises the warning; confirm reloads, cancel signs in again', () => {
    startSession('t-1', parent);
    const stop = watchAccountChanges();
    try {
      window.dispatchEvent(new StorageEvent('storage', { key: 'x-token', newValue: 't-9' }));
      expect(sessionToken.value).to.equal('t-9', 'token refreshes from another tab are followed');
      expect(accountChange.value).to.equal(null, 'same user: no warning');
      window.dispatchEvent(new StorageEvent('storage', { key: 'userId', oldValue: '7', newValue: '42' }));
      expect(accountChange.value).to.deep.equal({ previousUserId: '7', nextUserId: '42' });
      let reloaded = 0;
      resolveAccountChange(true, () => reloaded++);
      expect(reloaded).to.equal(1);
      expect(accountChange.value).to.equal(null);

      window.dispatchEvent(new StorageEvent('storage', { key: 'userId', newValue: '43' }));
      const { visits, restore } = recordNavigation();
      try {
        resolveAccountChange(false);
      } finally {
        restore();
      }
      expect(visits).to.deep.equal([{ path: '/login', replace: true }]);
    } finally {
      stop();
    }
  });

  it('shell §4 cross-tab for a child: confirm goes to user-center, cancel to the child sign-in with member_id', () => {
    startSession('t-2', child);
    const stop = watchAccountChanges();
    try {
      window.dispatchEvent(new StorageEvent('storage', { key: 'userId', newValue: '100' }));
      const { visits, restore } = recordNavigation();
      try {
        resolveAccountChange(true);
        window.dispatchEvent(new StorageEvent('storage', { key: 'userId', newValue: '101' }));
        resolveAccountChange(false);
      } finally {
        restore();
      }
      expect(visits[0]).to.deep.equal({ path: '/user-center/account-safe', reload: true });
      expect(visits[1]!.path).to.equal('/login-child/#/?member_id=7');
    } finally {
      stop();
    }
  });

  it('drafts survive an expiry for the same user and are never shown to another user', () => {
    startSession('t-1', parent);
    saveDraft('dns-record:new', { host: 'www', value: '1.2.3.4' });
    handleSessionExpiredQuietly();
    expect(loadDraft('dns-record:new')).to.deep.equal({ host: 'www', value: '1.2.3.4' }, 'restorable at the sign-in page');
    startSession('t-3', parent);
    expect(loadDraft('dns-record:new')).to.deep.equal({ host: 'www', value: '1.2.3.4' }, 'same user gets it back');
    startSession('t-4', { ...parent, id: 99 });
    expect(loadDraft('dns-record:new')).to.equal(undefined, 'another user never sees it');
    discardDraft('dns-record:new');
    expect(currentUser.value!.id).to.equal(99);
  });
});

function handleSessionExpiredQuietly() {
  const restore = setNavigationHandler(() => undefined);
  try {
    handleSessionExpired();
  } finally {
    restore();
  }
}
