/**
 * The shared API clients: one per base URL and language, wired to the session (token, 16149), the navigation
 * hook (142005) and the notice bus. Elements and the host get theirs here; nothing else creates clients.
 */
import { createApiClient, type ApiClient } from './client.js';
import { publishNotice } from './notices.js';
import { CONSOLE_VERSION } from '../config/constants.js';
import type { Language } from '../i18n/language.js';
import { handleSessionExpired, sessionToken } from '../session/session.js';
import { navigateTo } from '../session/navigation.js';

/** The default API base (shell §7: `{host}/api`). */
export const DEFAULT_API_BASE = '/api';

const clients = new Map<string, ApiClient>();

/** The client for a base and language (the language decides the headers and the server's message language). */
export function getApiClient(base: string = DEFAULT_API_BASE, language: Language = 'zh_CN'): ApiClient {
  const key = `${base}\u0000${language}`;
  let client = clients.get(key);
  if (!client) {
    client = createApiClient({
      base,
      getToken: () => sessionToken.value,
      getLanguage: () => language,
      onSessionExpired: handleSessionExpired,
      onAccessDenied: () => {
        publishNotice({ severity: 'warn', namespace: 'common', key: 'api.access-denied' });
        navigateTo('/access-denied');
      },
      consoleVersion: CONSOLE_VERSION,
    });
    clients.set(key, client);
  }
  return client;
}
