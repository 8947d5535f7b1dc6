/**
 * The one API client (shell §7, §8; DESIGN §3). It builds URLs under the configured base, sends the headers every
 * request carries, applies the timeouts, unwraps the `{ status: { code, message }, data }` envelope and reacts to
 * each row of the error catalogue exactly once. Endpoint modules in `endpoints/` take a client as first argument.
 */
import {
  ACCESS_PAGE_CODE,
  ALTERNATE_SUCCESS_CODE,
  ApiError,
  NETWORK_ERROR_TOAST_MS,
  QUIET_REJECT_CODES,
  REJECT_WITH_DATA_CODE,
  REPORTED_ERROR_KINDS,
  REQUEST_TIMEOUT_MS,
  SESSION_EXPIRED_CODE,
  SILENT_CODES,
  SUCCESS_CODE,
} from './catalogue.js';
import { publishNotice, type Notice } from './notices.js';

/** Query values; arrays are comma-joined (shell §7: `group` is comma-joined), undefined/null are left out. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryParams = Record<string, QueryValue>;

/** HTTP methods of shell §7. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Per-call options. */
export interface CallOptions {
  query?: QueryParams;
  /** Milliseconds; `null` means no timeout (uploads). Default 15 s (shell §9). */
  timeoutMs?: number | null;
  /** Reused on every retry so a retried mutation never applies twice. Generated when absent. */
  idempotencyKey?: string;
  /** Automatic retries after a network failure or timeout (same idempotency key). Default 0. */
  retries?: number;
  /** The variant envelope that also accepts code 0 as success (shell §8). */
  acceptZero?: boolean;
  /** Whether the call needs a session; without a token it is refused silently, never sent. Default true. */
  auth?: boolean;
  /** Set false when the caller shows the error itself (an inline form message); the error is still thrown. */
  notify?: boolean;
  /** The variant wrapper that shows a non-200 answer as a warning "operation failed" (shell §8). */
  httpFailureAsWarning?: boolean;
  signal?: AbortSignal;
  /**
   * The element the call is made for. The hooks below receive it, so `ec-unauthorized`, `ec-forbidden` and
   * `ec-error` are sent from the element whose call failed (its host page hears them where the element sits).
   */
  origin?: EventTarget;
}

/** How the client reaches the rest of the console; the shared instance wires session, language and navigation. */
export interface ApiClientConfig {
  /** API base, e.g. `/api` or `https://host/api` (shell §7 `{host}/api`). */
  base: string;
  getToken: () => string | null;
  /** Console language code, `zh_CN` or `en_US`. */
  getLanguage: () => string;
  getTimeZone?: () => string;
  /** Session expired (16149). */
  onSessionExpired?: (origin: EventTarget | undefined) => void;
  /** Code 142005: the host shows the access page. */
  onAccessDenied?: (error: ApiError, origin: EventTarget | undefined) => void;
  /**
   * Any other failure that reaches the user (a notice or the caller's inline message): the shared client sends
   * `ec-error` and queues an error report. Not called for aborts, calls without a session and shell §8's silent codes.
   */
  onFailure?: (error: ApiError, origin: EventTarget | undefined) => void;
  /** Where notices go; defaults to the shared bus. */
  notify?: (notice: Omit<Notice, 'id'>) => void;
  fetch?: typeof fetch;
  /** Added as `version` to single-sign-on URLs (shell §7). */
  consoleVersion?: string;
}

/** The envelope every API answer uses (shell §8). */
export interface Envelope<T> {
  status?: { code: number; message?: string };
  data?: T;
  error?: unknown;
}

/** One API client bound to a base URL. */
export interface ApiClient {
  readonly base: string;
  request<T>(method: HttpMethod, path: string, body?: unknown, options?: CallOptions): Promise<T>;
  get<T>(path: string, query?: QueryParams, options?: CallOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  delete<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  /** Multipart upload: never times out (shell §7). */
  upload<T>(path: string, form: FormData, options?: CallOptions): Promise<T>;
  /**
   * A file the server answers as bytes (a log download): the body when the answer is not JSON; an envelope answer
   * (a refusal) is handled like any other call. Sent with the session headers, so no token goes into a URL.
   */
  download(path: string, query?: QueryParams, options?: CallOptions): Promise<Blob>;
  /** The session the calls are made in (its token), so answers kept for a page are never served to another. */
  sessionKey?(): string | null;
}

const SSO_SEGMENT = /(^|\/)sso\//;
const HTML_SYSTEM_ERROR = /<p\b[^>]*(class=["'][^"']*system-error[^"']*["'][^>]*>|>\s*system\s*error)/i;

/**
 * A random GUID (RFC 9562 version 4) from the platform's crypto. `crypto.randomUUID` exists only in secure contexts,
 * and a partner page on plain http is not one, so the GUID is built from `getRandomValues`, which every page has.
 */
export function randomGuid(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Joins base and path and appends the query; exported for tests and for download links. */
export function buildUrl(base: string, path: string, query: QueryParams = {}, consoleVersion?: string): string {
  const trimmedBase = base.replace(/\/+$/, '');
  const trimmedPath = path.replace(/^\/+/, '');
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  if (consoleVersion && SSO_SEGMENT.test(trimmedPath)) params.set('version', consoleVersion);
  const search = params.toString();
  return `${trimmedBase}/${trimmedPath}${search ? `?${search}` : ''}`;
}

/** Maps a console language to the Accept-Language tag. */
function acceptLanguage(language: string): string {
  return language.replace('_', '-');
}

/** Creates a client; elements share one per base through `shared-client.ts`. */
export function createApiClient(config: ApiClientConfig): ApiClient {
  const doFetch = config.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  // Notices are shown by the page's one notice host: each carries the language of the element that caused it.
  const publish = config.notify ?? publishNotice;
  const notify = (notice: Omit<Notice, 'id'>) => publish({ language: config.getLanguage(), ...notice });

  function headersFor(method: HttpMethod, requestId: string, idempotencyKey: string | undefined, isJson: boolean): Headers {
    const language = config.getLanguage();
    const headers = new Headers();
    headers.set('Request-Id', requestId);
    const token = config.getToken();
    if (token) headers.set('x-token', token);
    headers.set('x-time-zone', config.getTimeZone?.() ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
    headers.set('Accept-Language', acceptLanguage(language));
    headers.set('X-LANG', language);
    headers.set('lang', language);
    headers.set('Accept', 'application/json');
    if (isJson) headers.set('Content-Type', 'application/json');
    if (method !== 'GET' && idempotencyKey) headers.set('Idempotency-Key', idempotencyKey);
    return headers;
  }

  async function attempt<T>(
    method: HttpMethod,
    url: string,
    body: BodyInit | undefined,
    isJson: boolean,
    options: CallOptions,
    idempotencyKey: string | undefined,
    binary: boolean,
  ): Promise<T> {
    const controller = new AbortController();
    const timeoutMs = options.timeoutMs === undefined ? REQUEST_TIMEOUT_MS : options.timeoutMs;
    let timedOut = false;
    const timer =
      timeoutMs === null
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutMs);
    const abortFromCaller = () => controller.abort();
    const requestId = randomGuid();
    options.signal?.addEventListener('abort', abortFromCaller, { once: true });
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, {
        method,
        headers: headersFor(method, requestId, idempotencyKey, isJson),
        body,
        signal: controller.signal,
        credentials: 'same-origin',
        // Answers depend on the session (x-token is a header, not part of the URL): never take one from, or leave
        // one in, the HTTP cache, where another account signing in on this browser could be served it.
        cache: 'no-store',
      });
      if (binary && response.status === 200 && !/json/i.test(response.headers.get('content-type') ?? '')) return (await response.blob()) as T;
      text = await response.text();
    } catch (cause) {
      if (timedOut) throw new ApiError('timeout', 'timeout', { path: url, requestId });
      if (options.signal?.aborted) throw new ApiError('aborted', 'aborted', { path: url, requestId });
      throw new ApiError('network', cause instanceof Error ? cause.message : 'network error', { path: url, requestId });
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      options.signal?.removeEventListener('abort', abortFromCaller);
    }
    return interpret<T>(response, text, url, requestId, options);
  }

  function interpret<T>(response: Response, text: string, url: string, requestId: string, options: CallOptions): T {
    const shouldNotify = options.notify !== false;
    const parsed = parseJson(text);

    if (response.status !== 200) {
      const envelope = parsed.ok ? (parsed.value as Envelope<unknown>) : undefined;
      const serverMessage = envelope?.status?.message;
      if (shouldNotify) {
        if (options.httpFailureAsWarning) notify({ severity: 'warn', namespace: 'common', key: 'api.operation-failed' });
        else if (serverMessage) notify({ severity: 'error', text: serverMessage });
        else notify({ severity: 'error', namespace: 'common', key: 'api.http-error', values: { status: response.status } });
      }
      throw new ApiError('http', serverMessage ?? `HTTP ${response.status}`, {
        httpStatus: response.status,
        code: envelope?.status?.code,
        data: envelope?.data,
        path: url,
        requestId,
      });
    }

    if (!parsed.ok) {
      if (HTML_SYSTEM_ERROR.test(text)) {
        if (shouldNotify) notify({ severity: 'error', namespace: 'common', key: 'api.system-error' });
        throw new ApiError('system', 'system error', { httpStatus: 200, path: url, requestId });
      }
      if (shouldNotify) notify({ severity: 'error', namespace: 'common', key: 'api.bad-response' });
      throw new ApiError('parse', 'response is not JSON', { httpStatus: 200, path: url, requestId });
    }

    const envelope = (parsed.value ?? {}) as Envelope<T>;
    if (envelope.error !== undefined && envelope.error !== null && envelope.error !== '') {
      const text = typeof envelope.error === 'string' ? envelope.error : undefined;
      if (shouldNotify) {
        notify(text ? { severity: 'warn', text } : { severity: 'warn', namespace: 'common', key: 'api.operation-failed' });
      }
      throw new ApiError('error-field', text ?? 'error', { data: envelope.error, path: url, requestId });
    }

    const code = envelope.status?.code;
    if (code === SUCCESS_CODE || (options.acceptZero && code === ALTERNATE_SUCCESS_CODE)) {
      return envelope.data as T;
    }
    const message = envelope.status?.message ?? '';
    const details = { code, data: envelope.data, path: url, requestId };
    if (code === SESSION_EXPIRED_CODE) {
      config.onSessionExpired?.(options.origin);
      throw new ApiError('session-expired', message, details);
    }
    if (code !== undefined && QUIET_REJECT_CODES.includes(code)) throw new ApiError('quiet', message, details);
    if (code === REJECT_WITH_DATA_CODE) throw new ApiError('with-data', message, details);
    if (code === ACCESS_PAGE_CODE) {
      const error = new ApiError('access-denied', message, details);
      config.onAccessDenied?.(error, options.origin);
      throw error;
    }
    if (code !== undefined && SILENT_CODES.includes(code)) throw new ApiError('silent', message, details);
    if (shouldNotify) {
      if (message) notify({ severity: 'warn', text: message });
      else if (typeof envelope.data === 'string' && envelope.data) notify({ severity: 'warn', text: envelope.data });
      else notify({ severity: 'warn', namespace: 'common', key: 'api.operation-failed' });
    }
    throw new ApiError('code', message || 'operation failed', details);
  }

  async function send<T>(
    method: HttpMethod,
    path: string,
    payload: { body?: BodyInit; isJson: boolean; binary?: boolean },
    options: CallOptions = {},
  ): Promise<T> {
    const url = buildUrl(config.base, path, options.query, config.consoleVersion);
    if (options.auth !== false && !config.getToken()) {
      // Shell §8: missing-session errors pass through silently; nothing is sent without a session.
      throw new ApiError('no-token', 'no token', { path: url });
    }
    const idempotencyKey = method === 'GET' ? undefined : (options.idempotencyKey ?? randomGuid());
    const retries = Math.max(0, options.retries ?? 0);
    for (let attemptNumber = 0; ; attemptNumber++) {
      try {
        return await attempt<T>(method, url, payload.body, payload.isJson, options, idempotencyKey, payload.binary === true);
      } catch (error) {
        const transient = error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
        if (transient && attemptNumber < retries) continue;
        if (transient && options.notify !== false) notify(transientNotice(error as ApiError));
        if (error instanceof ApiError && REPORTED_KINDS.has(error.kind)) config.onFailure?.(error, options.origin);
        throw error;
      }
    }
  }

  /**
   * A failed fetch says nothing about why. When the API is on another origin the usual cause is a CORS refusal
   * (the server does not list this page's origin), so the message names the API base instead of blaming the
   * network; the browser's console has the details.
   */
  function transientNotice(error: ApiError): Omit<Notice, 'id'> {
    if (error.kind === 'timeout') return { severity: 'error', namespace: 'common', key: 'api.timeout', life: NETWORK_ERROR_TOAST_MS };
    const crossOrigin = isCrossOrigin(config.base);
    return crossOrigin
      ? { severity: 'error', namespace: 'common', key: 'api.cross-origin-blocked', values: { base: config.base, origin: pageOrigin() }, life: NETWORK_ERROR_TOAST_MS }
      : { severity: 'error', namespace: 'common', key: 'api.network-error', life: NETWORK_ERROR_TOAST_MS };
  }

  function jsonPayload(body: unknown): { body?: BodyInit; isJson: boolean } {
    return body === undefined ? { isJson: false } : { body: JSON.stringify(body), isJson: true };
  }

  return {
    base: config.base,
    request: (method, path, body, options) => send(method, path, jsonPayload(body), options),
    get: (path, query, options) => send('GET', path, { isJson: false }, { ...options, query: { ...options?.query, ...query } }),
    post: (path, body, options) => send('POST', path, jsonPayload(body), options),
    put: (path, body, options) => send('PUT', path, jsonPayload(body), options),
    delete: (path, body, options) => send('DELETE', path, jsonPayload(body), options),
    upload: (path, form, options) => send('POST', path, { body: form, isJson: false }, { timeoutMs: null, ...options }),
    download: (path, query, options) => send('GET', path, { isJson: false, binary: true }, { ...options, query: { ...options?.query, ...query } }),
    sessionKey: () => config.getToken(),
  };
}

/** Failures the user sees, reported through `onFailure`. */
const REPORTED_KINDS = new Set<ApiError['kind']>(REPORTED_ERROR_KINDS);

function pageOrigin(): string | undefined {
  return globalThis.location?.origin;
}

/** Whether an API base lives on another origin than the page (only absolute bases can). */
export function isCrossOrigin(base: string): boolean {
  const origin = pageOrigin();
  if (!origin || !/^[a-z][a-z0-9+.-]*:\/\//i.test(base)) return false;
  try {
    return new URL(base).origin !== origin;
  } catch {
    return false;
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
