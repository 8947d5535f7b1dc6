/**
 * Issue 18, shell §8: the catalogue's wording of every fault a saving dialog can meet (core/api `failureText`,
 * `saveFailureOf`), through the real client with a fetch stub (DESIGN §5: fault injection only).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError, failureText, saveFailureOf, VALIDATION_FAILED_CODE } from '../../../core/api/catalogue.js';
import { createApiClient } from '../../../core/api/client.js';

/** The failure a POST meets when fetch answers with `answer`. */
async function failureOf(answer: () => Promise<Response>, timeoutMs?: number): Promise<unknown> {
  const client = createApiClient({ base: '/api', getToken: () => 'token', getLanguage: () => 'en_US', notify: () => undefined, fetch: answer as never });
  try {
    await client.post('V4/x', {}, { notify: false, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

const json = (body: unknown, status = 200) => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('issue 18 / shell §8: the message a saving dialog shows for each fault', () => {
  it('HTTP status not 200: the server message when it sent one, else "Request failed (HTTP n)"', async () => {
    assert.deepEqual(failureText(await failureOf(async () => new Response('oops', { status: 500 }))), { key: 'api.http-error', values: { status: 500 } });
    assert.deepEqual(failureText(await failureOf(async () => new Response('<html>busy</html>', { status: 503 }))), { key: 'api.http-error', values: { status: 503 } });
    assert.deepEqual(failureText(await failureOf(json({ status: { code: 100429, message: 'Slow down' }, data: null }, 429))), { text: 'Slow down' });
  });
  it('an HTML body or malformed JSON: the bad-response text; the system-error paragraph: "System error"', async () => {
    assert.deepEqual(failureText(await failureOf(async () => new Response('<html><body>login</body></html>'))), { key: 'api.bad-response' });
    assert.deepEqual(failureText(await failureOf(async () => new Response('{"status":'))), { key: 'api.bad-response' });
    assert.deepEqual(failureText(await failureOf(async () => new Response('<p class="system-error">x</p>'))), { key: 'api.system-error' });
  });
  it('network failure, an aborted fetch, a timeout and a request the caller aborted', async () => {
    assert.deepEqual(failureText(await failureOf(async () => Promise.reject(new TypeError('Failed to fetch')))), { key: 'api.network-error' });
    assert.deepEqual(failureText(await failureOf(async () => Promise.reject(new DOMException('aborted', 'AbortError')))), { key: 'api.network-error' });
    const hanging = (_url: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    assert.deepEqual(failureText(await failureOf(hanging as never, 20)), { key: 'api.timeout' });
    assert.deepEqual(failureText(new ApiError('aborted', 'aborted')), { key: 'api.aborted' });
  });
  it('a refused code: its message; a validation failure: its field issues, shown by their fields', async () => {
    assert.deepEqual(failureText(await failureOf(json({ status: { code: 100409, message: 'Name taken' }, data: null }))), { text: 'Name taken' });
    const refused = await failureOf(json({ status: { code: VALIDATION_FAILED_CODE, message: 'Form verification failed' }, data: { errors: [{ field: 'name', key: 'dns.host-required' }] } }));
    assert.deepEqual(saveFailureOf(refused), { issues: [{ field: 'name', key: 'dns.host-required' }], message: null });
    const bare = await failureOf(json({ status: { code: VALIDATION_FAILED_CODE, message: 'Form verification failed' }, data: { errors: [] } }));
    assert.deepEqual(saveFailureOf(bare), { issues: [], message: { text: 'Form verification failed' } });
    assert.deepEqual(saveFailureOf(new Error('boom')), { issues: [], message: { key: 'api.operation-failed' } });
  });
});
