import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import type { ApiClient } from '../../../core/api/client.js';
import { getMemberPlans, getPlanActions } from '../../../core/api/endpoints/platform.js';
import { forgetSharedReads, readShared } from '../../../core/api/shared-reads.js';

const session = { token: 'token-a' };

/** A client that counts the calls per path and answers each with its count. */
function countingClient(base = '/api'): { client: ApiClient; calls: Map<string, number>; fail: Set<string> } {
  const calls = new Map<string, number>();
  const fail = new Set<string>();
  const get = async (path: string) => {
    calls.set(path, (calls.get(path) ?? 0) + 1);
    await new Promise((resolve) => setImmediate(resolve));
    if (fail.has(path)) throw new Error('down');
    return { count: calls.get(path) } as never;
  };
  return { client: { base, get, sessionKey: () => session.token } as unknown as ApiClient, calls, fail };
}

describe('start-up reads are made once per page and shared by every element (issue 17)', () => {
  beforeEach(() => {
    forgetSharedReads();
    session.token = 'token-a';
  });

  it('two elements loading together make one call for the plan actions', async () => {
    const { client, calls } = countingClient();
    const [first, second] = await Promise.all([getPlanActions(client), getPlanActions(client)]);
    assert.equal(first, second);
    assert.equal(calls.get('V4/member.plan.actions'), 1);
  });

  it('an answer kept for the page is served to an element added later, in the same session only', async () => {
    const { client } = countingClient();
    let loads = 0;
    const load = async () => ++loads;
    await readShared(client, 'V4/x', load, 'page');
    assert.equal(await readShared(client, 'V4/x', load, 'page'), 1);
    session.token = 'token-b';
    assert.equal(await readShared(client, 'V4/x', load, 'page'), 2);
  });

  it('plan usage is shared while in flight only, since the user moves it', async () => {
    const { client, calls } = countingClient();
    await Promise.all([getMemberPlans(client), getMemberPlans(client)]);
    assert.equal(calls.get('V4/member.product.plan'), 1);
    await getMemberPlans(client);
    assert.equal(calls.get('V4/member.product.plan'), 2);
  });

  it('a failed read is not kept', async () => {
    const { client, calls, fail } = countingClient();
    fail.add('V4/member.plan.actions');
    await assert.rejects(getPlanActions(client));
    fail.clear();
    await getPlanActions(client);
    assert.equal(calls.get('V4/member.plan.actions'), 2);
  });
});
