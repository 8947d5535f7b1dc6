import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildUrl, createApiClient, type ApiClientConfig } from '../../../core/api/client.js';
import { ApiError, LONG_REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../../../core/api/catalogue.js';
import type { Notice } from '../../../core/api/notices.js';

interface Recorded {
  url: string;
  init: RequestInit;
}

/** A fetch stub for fault injection only (DESIGN §5): answers from a queue of canned responses. */
function harness(answers: Array<(call: Recorded) => Response | Promise<Response>>, overrides: Partial<ApiClientConfig> = {}) {
  const calls: Recorded[] = [];
  const notices: Omit<Notice, 'id'>[] = [];
  const events = { expired: 0, denied: 0 };
  let token: string | null = 'token-123';
  const client = createApiClient({
    base: '/api',
    getToken: () => token,
    getLanguage: () => 'en_US',
    getTimeZone: () => 'Asia/Shanghai',
    // Every notice carries the client's language (the page's one notice host translates in it); the rows below
    // compare the rest.
    notify: ({ language, ...notice }) => {
      assert.equal(language, 'en_US');
      notices.push(notice);
    },
    onSessionExpired: () => events.expired++,
    onAccessDenied: () => events.denied++,
    consoleVersion: '9.9.9',
    fetch: async (input, init) => {
      const call = { url: String(input), init: init ?? {} };
      calls.push(call);
      const answer = answers.shift();
      if (!answer) throw new Error('no canned answer left');
      return answer(call);
    },
    ...overrides,
  });
  return { client, calls, notices, events, setToken: (value: string | null) => (token = value) };
}

const json = (body: unknown, status = 200) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const envelope = (code: number, data: unknown = null, message = '') => json({ status: { code, message }, data });

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ApiError, `expected ApiError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the call to reject');
}

describe('shell §7 API client: URLs, methods and headers', () => {
  it('builds URLs under the base, drops empty query values and comma-joins arrays', () => {
    assert.equal(buildUrl('/api/', '/V4/web.domain.set.get', { domain_id: 7, group: ['slice', 'page_gzip'], x: undefined }),
      '/api/V4/web.domain.set.get?domain_id=7&group=slice%2Cpage_gzip');
  });

  it('adds the version parameter only to single-sign-on URLs', () => {
    assert.equal(buildUrl('/api', 'sso/V4/timezone', {}, '1.2.3'), '/api/sso/V4/timezone?version=1.2.3');
    assert.equal(buildUrl('/api', 'V4/member.plan.actions', {}, '1.2.3'), '/api/V4/member.plan.actions');
  });

  it('sends Request-Id, x-token, x-time-zone, Accept-Language, X-LANG and lang on every request', async () => {
    const { client, calls } = harness([envelope(1, { ok: true }), envelope(1, {})]);
    await client.get('V4/member.set.info.console');
    await client.get('V4/member.set.info.console');
    const [first, second] = calls.map((call) => new Headers(call.init.headers));
    assert.match(first!.get('Request-Id')!, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.notEqual(first!.get('Request-Id'), second!.get('Request-Id'), 'a new GUID per request');
    assert.equal(first!.get('x-token'), 'token-123');
    assert.equal(first!.get('x-time-zone'), 'Asia/Shanghai');
    assert.equal(first!.get('Accept-Language'), 'en-US');
    assert.equal(first!.get('X-LANG'), 'en_US');
    assert.equal(first!.get('lang'), 'en_US');
  });

  it('POST sends a JSON body plus query, GET only a query, DELETE a body', async () => {
    const { client, calls } = harness([envelope(1), envelope(1), envelope(1), envelope(1)]);
    await client.post('V4/firewall.policy.stop', { ids: [1, 2] }, { query: { domain_id: 3 } });
    await client.get('V4/firewall.pagecfg', { type: 'block' });
    await client.delete('V4/thing', { ids: [4] });
    await client.put('V4/web.domain.set.save', { domain_id: 1, group: {} });
    assert.equal(calls[0]!.url, '/api/V4/firewall.policy.stop?domain_id=3');
    assert.equal(calls[0]!.init.method, 'POST');
    assert.equal(calls[0]!.init.body, JSON.stringify({ ids: [1, 2] }));
    assert.equal(calls[1]!.url, '/api/V4/firewall.pagecfg?type=block');
    assert.equal(calls[1]!.init.body, undefined);
    assert.equal(calls[2]!.init.method, 'DELETE');
    assert.equal(calls[2]!.init.body, JSON.stringify({ ids: [4] }));
    assert.equal(calls[3]!.init.method, 'PUT');
  });

  it('puts an Idempotency-Key on every mutation and none on reads', async () => {
    const { client, calls } = harness([envelope(1), envelope(1), envelope(1)]);
    await client.get('V4/a');
    await client.post('V4/b', {});
    await client.post('V4/b', {});
    const keys = calls.map((call) => new Headers(call.init.headers).get('Idempotency-Key'));
    assert.equal(keys[0], null);
    assert.ok(keys[1] && keys[2] && keys[1] !== keys[2]);
  });

  it('keeps the same Idempotency-Key across automatic retries after network failures', async () => {
    const { client, calls, notices } = harness([
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.reject(new TypeError('Failed to fetch')),
      envelope(1, { id: 1 }),
    ]);
    const data = await client.post('V4/domain.create', { domain: 'a.com' }, { retries: 2 });
    assert.deepEqual(data, { id: 1 });
    const keys = new Set(calls.map((call) => new Headers(call.init.headers).get('Idempotency-Key')));
    assert.equal(calls.length, 3);
    assert.equal(keys.size, 1, 'one key for all three attempts');
    assert.equal(notices.length, 0, 'no toast when a retry succeeds');
  });

  it('uses the caller-provided Idempotency-Key so a user retry of the same save reuses it', async () => {
    const { client, calls } = harness([() => Promise.reject(new TypeError('offline')), envelope(1)]);
    await rejection(client.post('V4/x', {}, { idempotencyKey: 'save-42' }));
    await client.post('V4/x', {}, { idempotencyKey: 'save-42' });
    assert.deepEqual(calls.map((call) => new Headers(call.init.headers).get('Idempotency-Key')), ['save-42', 'save-42']);
  });
});

describe('shell §9 timeouts', () => {
  it('times out after 15 s by default and shows "Network request timeout" for 5 s', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const { client, notices } = harness([
      (call) => new Promise((_, reject) => call.init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    ]);
    const pending = rejection(client.get('V4/slow'));
    t.mock.timers.tick(REQUEST_TIMEOUT_MS - 1);
    await Promise.resolve();
    t.mock.timers.tick(1);
    const error = await pending;
    assert.equal(error.kind, 'timeout');
    assert.deepEqual(notices, [{ severity: 'error', namespace: 'common', key: 'api.timeout', life: 5000 }]);
  });

  it('honours the 30 s wrapper and leaves uploads without a timeout', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    let uploadSignal: AbortSignal | undefined;
    const { client } = harness([
      (call) => new Promise((_, reject) => call.init.signal!.addEventListener('abort', () => reject(new Error('aborted')))),
      (call) => {
        uploadSignal = call.init.signal ?? undefined;
        return new Promise((resolve) => setTimeout(() => resolve(envelope(1, 'done')()), 3_600_000));
      },
    ]);
    const slow = rejection(client.get('V4/slow', {}, { timeoutMs: LONG_REQUEST_TIMEOUT_MS }));
    t.mock.timers.tick(REQUEST_TIMEOUT_MS);
    await Promise.resolve();
    t.mock.timers.tick(LONG_REQUEST_TIMEOUT_MS - REQUEST_TIMEOUT_MS);
    assert.equal((await slow).kind, 'timeout');
    const upload = client.upload('V4/import', new FormData());
    await Promise.resolve();
    t.mock.timers.tick(3_600_000);
    assert.equal(await upload, 'done');
    assert.equal(uploadSignal?.aborted, false);
  });
});

describe('shell §8 envelope', () => {
  it('resolves data on code 1', async () => {
    const { client } = harness([envelope(1, { list: [], total: 0 })]);
    assert.deepEqual(await client.get('V4/x'), { list: [], total: 0 });
  });

  it('treats code 0 as success only in the variant wrapper', async () => {
    const { client, notices } = harness([envelope(0, 'zero'), envelope(0, 'zero')]);
    assert.equal(await client.get('V4/x', {}, { acceptZero: true }), 'zero');
    assert.equal((await rejection(client.get('V4/x'))).kind, 'code');
    assert.equal(notices.length, 1);
  });
});

describe('shell §8 error catalogue, row by row', () => {
  it('HTTP status not 200: error toast with the message', async () => {
    const { client, notices } = harness([json({ status: { code: 500, message: 'Database unavailable' } }, 500)]);
    const error = await rejection(client.get('V4/x'));
    assert.equal(error.kind, 'http');
    assert.equal(error.details.httpStatus, 500);
    assert.deepEqual(notices, [{ severity: 'error', text: 'Database unavailable' }]);
  });

  it('HTTP status not 200 without a message: error toast naming the status', async () => {
    const { client, notices } = harness([() => new Response('Bad gateway', { status: 502 })]);
    await rejection(client.get('V4/x'));
    assert.deepEqual(notices, [{ severity: 'error', namespace: 'common', key: 'api.http-error', values: { status: 502 } }]);
  });

  it('HTTP status not 200, variant: warning "operation failed"', async () => {
    const { client, notices } = harness([json({}, 503)]);
    await rejection(client.get('V4/x', {}, { httpFailureAsWarning: true }));
    assert.deepEqual(notices, [{ severity: 'warn', namespace: 'common', key: 'api.operation-failed' }]);
  });

  it('code 16149: session expired, hands over to the session, no toast', async () => {
    const { client, notices, events } = harness([envelope(16149, null, 'expired')]);
    const error = await rejection(client.get('V4/x'));
    assert.equal(error.kind, 'session-expired');
    assert.equal(events.expired, 1);
    assert.deepEqual(notices, []);
  });

  for (const code of [16161, 1124]) {
    it(`code ${code}: rejects with the status, no message shown`, async () => {
      const { client, notices } = harness([envelope(code, null, 'quiet please')]);
      const error = await rejection(client.get('V4/x'));
      assert.equal(error.kind, 'quiet');
      assert.equal(error.code, code);
      assert.deepEqual(notices, []);
    });
  }

  it('code 100044: rejects with the whole data', async () => {
    const data = { failed: [{ domain: 'a.com', reason: 'exists' }] };
    const { client, notices } = harness([envelope(100044, data, 'partial')]);
    const error = await rejection(client.post('V4/x', {}));
    assert.equal(error.kind, 'with-data');
    assert.deepEqual(error.data, data);
    assert.deepEqual(notices, []);
  });

  it('code 142005: goes to the access page', async () => {
    const { client, events, notices } = harness([envelope(142005)]);
    const error = await rejection(client.get('V4/x'));
    assert.equal(error.kind, 'access-denied');
    assert.equal(events.denied, 1);
    assert.deepEqual(notices, []);
  });

  for (const code of [100200, 300029, 400004, 400005]) {
    it(`code ${code}: silent`, async () => {
      const { client, notices } = harness([envelope(code, null, 'should not show')]);
      assert.equal((await rejection(client.get('V4/x'))).kind, 'silent');
      assert.deepEqual(notices, []);
    });
  }

  it('other code with a message: warning toast with the server message', async () => {
    const { client, notices } = harness([envelope(5001, null, 'Port already exists')]);
    const error = await rejection(client.post('V4/x', {}));
    assert.equal(error.kind, 'code');
    assert.equal(error.code, 5001);
    assert.deepEqual(notices, [{ severity: 'warn', text: 'Port already exists' }]);
  });

  it('other code without a message: falls back to the data, then to "operation failed"', async () => {
    const { client, notices } = harness([envelope(5002, 'Data as text'), envelope(5003, { not: 'text' })]);
    await rejection(client.get('V4/x'));
    await rejection(client.get('V4/x'));
    assert.deepEqual(notices, [
      { severity: 'warn', text: 'Data as text' },
      { severity: 'warn', namespace: 'common', key: 'api.operation-failed' },
    ]);
  });

  it('error field present: warning toast', async () => {
    const { client, notices } = harness([json({ error: 'Strategy does not exist' })]);
    assert.equal((await rejection(client.get('V4/x'))).kind, 'error-field');
    assert.deepEqual(notices, [{ severity: 'warn', text: 'Strategy does not exist' }]);
  });

  it('HTML body with a system-error paragraph: "system error"', async () => {
    const html = '<html><body><p class="system-error">Something broke</p></body></html>';
    const { client, notices } = harness([() => new Response(html, { status: 200, headers: { 'Content-Type': 'text/html' } })]);
    assert.equal((await rejection(client.get('V4/x'))).kind, 'system');
    assert.deepEqual(notices, [{ severity: 'error', namespace: 'common', key: 'api.system-error' }]);
  });

  it('malformed JSON: handled as a bad response, not an exception of the wrong kind', async () => {
    const { client, notices } = harness([() => new Response('{"status": {"code": 1', { status: 200 })]);
    assert.equal((await rejection(client.get('V4/x'))).kind, 'parse');
    assert.deepEqual(notices, [{ severity: 'error', namespace: 'common', key: 'api.bad-response' }]);
  });

  it('network error: message shown for 5 seconds', async () => {
    const { client, notices } = harness([() => Promise.reject(new TypeError('Failed to fetch'))]);
    assert.equal((await rejection(client.get('V4/x'))).kind, 'network');
    assert.deepEqual(notices, [{ severity: 'error', namespace: 'common', key: 'api.network-error', life: 5000 }]);
  });

  it('no token: passes silently and sends nothing', async () => {
    const { client, calls, notices, setToken } = harness([]);
    setToken(null);
    assert.equal((await rejection(client.get('V4/x'))).kind, 'no-token');
    assert.equal(calls.length, 0);
    assert.deepEqual(notices, []);
  });

  it('calls that need no session (sign-in, OEM) go out without a token', async () => {
    const { client, calls, setToken } = harness([envelope(1, { oem: {} })]);
    setToken(null);
    await client.get('oem/cfg', {}, { auth: false });
    assert.equal(calls.length, 1);
    assert.equal(new Headers(calls[0]!.init.headers).get('x-token'), null);
  });

  it('notify: false leaves the message to the caller but still rejects with it', async () => {
    const { client, notices } = harness([envelope(5001, null, 'Domain format error')]);
    const error = await rejection(client.post('V4/x', {}, { notify: false }));
    assert.equal(error.message, 'Domain format error');
    assert.deepEqual(notices, []);
  });

  it('an aborted call rejects as aborted without a toast', async () => {
    const controller = new AbortController();
    const { client, notices } = harness([
      (call) => new Promise((_, reject) => call.init.signal!.addEventListener('abort', () => reject(new Error('aborted')))),
    ]);
    const pending = rejection(client.get('V4/x', {}, { signal: controller.signal }));
    controller.abort();
    assert.equal((await pending).kind, 'aborted');
    assert.deepEqual(notices, []);
  });
});

describe('download(): a file answered as bytes (log download files, rules §4)', () => {
  it('answers the body of a non-JSON answer, sent with the session headers and no token in the URL', async () => {
    const bytes = new Uint8Array([0x1f, 0x8b, 8, 0]);
    const { client, calls } = harness([() => new Response(bytes, { status: 200, headers: { 'Content-Type': 'application/gzip' } })]);
    const blob = await client.download('V4/logs.download.file?id=7');
    assert.deepEqual(new Uint8Array(await blob.arrayBuffer()), bytes);
    assert.equal(calls[0]!.url, '/api/V4/logs.download.file?id=7');
    assert.equal(new Headers(calls[0]!.init.headers).get('x-token'), 'token-123');
  });
  it('treats an envelope answer (a refusal) like any other call', async () => {
    const { client, notices } = harness([envelope(100400, { errors: [{ field: 'id', key: 'bans.task-incomplete' }] }, 'Form verification failed')]);
    const error = await rejection(client.download('V4/logs.download.file?id=7'));
    assert.equal(error.code, 100400);
    assert.equal(notices.length, 1);
  });
});
