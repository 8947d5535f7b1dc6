/**
 * The shared API clients: one per base URL and language, wired to the session (token, 16149), the notice bus and
 * the embedding contract (DESIGN §2): an element never changes the page's location, it tells its host with
 * `ec-unauthorized` (16149), `ec-forbidden` (142005) and `ec-error` (any other failure the user sees, also queued
 * for the error report of shell §7). Elements get theirs through `elementClient`, which names the element as the
 * origin of every call so the events start where it sits; nothing else creates clients.
 */
import { createApiClient, type ApiClient, type CallOptions } from './client.js';
import type { ApiError } from './catalogue.js';
import { publishNotice } from './notices.js';
import { ERROR_REPORT_PATH, queueErrorReport } from './error-report.js';
import { CONSOLE_VERSION } from '../config/constants.js';
import type { Language } from '../i18n/language.js';
import { handleSessionExpired, sessionToken } from '../session/session.js';
import { pageEventTarget } from '../session/element-hosts.js';
import { emit } from '../ui/emit.js';

/** The default API base (shell §7: `{host}/api`). */
export const DEFAULT_API_BASE = '/api';

const clients = new Map<string, ApiClient>();

/** What an `ec-error` / `ec-forbidden` detail says about a failed call. */
function failureDetail(error: ApiError, origin: EventTarget | undefined) {
  const source = origin instanceof Element ? origin.localName : 'ec-console-core';
  return {
    source,
    message: error.message,
    code: error.code ?? error.details.httpStatus,
    requestId: error.requestId,
    kind: error.kind,
  };
}

/** The client for a base and language (the language decides the headers and the server's message language). */
export function getApiClient(base: string = DEFAULT_API_BASE, language: Language = 'zh_CN'): ApiClient {
  const key = `${base}\u0000${language}`;
  let client = clients.get(key);
  if (!client) {
    client = createApiClient({
      base,
      getToken: () => sessionToken.value,
      getLanguage: () => language,
      onSessionExpired: (origin) => handleSessionExpired(origin),
      onAccessDenied: (error, origin) => {
        publishNotice({ severity: 'warn', namespace: 'common', key: 'api.access-denied', language });
        const detail = failureDetail(error, origin);
        emit(origin ?? pageEventTarget() ?? document, 'ec-forbidden', { code: detail.code ?? 0, message: detail.message, requestId: detail.requestId, source: detail.source });
      },
      onFailure: (error, origin) => {
        const detail = failureDetail(error, origin);
        const target = origin ?? pageEventTarget();
        if (target) emit(target, 'ec-error', detail);
        // The report itself must never report its own failure (no loop): it is sent without an origin or notices.
        if (!error.details.path?.includes(ERROR_REPORT_PATH)) queueErrorReport(getApiClient(base, language), { ...detail, path: error.details.path, language });
      },
      consoleVersion: CONSOLE_VERSION,
    });
    clients.set(key, client);
  }
  return client;
}


const elementClients = new WeakMap<EventTarget, Map<string, ApiClient>>();

/** The client an element uses: the shared one, with the element named as the origin of every call. */
export function elementClient(origin: EventTarget, base: string = DEFAULT_API_BASE, language: Language = 'zh_CN'): ApiClient {
  let byKey = elementClients.get(origin);
  if (!byKey) elementClients.set(origin, (byKey = new Map()));
  const key = `${base}\u0000${language}`;
  let client = byKey.get(key);
  if (!client) {
    const shared = getApiClient(base, language);
    const withOrigin = (options?: CallOptions): CallOptions => ({ origin, ...options });
    client = {
      base: shared.base,
      request: (method, path, body, options) => shared.request(method, path, body, withOrigin(options)),
      get: (path, query, options) => shared.get(path, query, withOrigin(options)),
      post: (path, body, options) => shared.post(path, body, withOrigin(options)),
      put: (path, body, options) => shared.put(path, body, withOrigin(options)),
      delete: (path, body, options) => shared.delete(path, body, withOrigin(options)),
      upload: (path, form, options) => shared.upload(path, form, withOrigin(options)),
      download: (path, query, options) => shared.download(path, query, withOrigin(options)),
      sessionKey: () => shared.sessionKey?.() ?? null,
    };
    byKey.set(key, client);
  }
  return client;
}
