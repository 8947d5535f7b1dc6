/**
 * The reference server's side of embedding (issue 17, DESIGN §2): CORS for the origins CORS_ORIGINS lists, off by
 * default, never with credentials; and the error report of shell §7 (the console posts the failures users saw).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import { readCorsOrigins } from '../../demo/server/platform/config.js';
import { call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

const PORTAL = 'https://portal.example.com';

async function preflight(app: FastifyInstance, origin: string) {
  return app.inject({
    method: 'OPTIONS',
    url: '/api/V4/oplog.list',
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-token,request-id,x-lang' },
  });
}

describe('CORS for embedding pages on another origin (issue 17)', () => {
  it('is off by default: no page origin is allowed', async () => {
    const { app } = await startServer();
    try {
      const answer = await preflight(app, PORTAL);
      assert.equal(answer.headers['access-control-allow-origin'], undefined);
    } finally {
      await app.close();
    }
  });

  it('allows exactly the listed origins, the console headers, and never credentials', async () => {
    const { app } = await startServer({ corsOrigins: [PORTAL] });
    try {
      const allowed = await preflight(app, PORTAL);
      assert.equal(allowed.statusCode, 204);
      assert.equal(allowed.headers['access-control-allow-origin'], PORTAL);
      assert.match(String(allowed.headers['access-control-allow-headers']), /x-token/i);
      assert.equal(allowed.headers['access-control-allow-credentials'], undefined);
      const other = await preflight(app, 'https://evil.example.net');
      assert.equal(other.headers['access-control-allow-origin'], undefined);
      const { token } = await signInParent(app);
      const answer = await call(app, 'GET', 'V4/oplog.list', { token, headers: { origin: PORTAL } });
      assert.equal(answer.headers['access-control-allow-origin'], PORTAL);
      assert.match(String(answer.headers['access-control-expose-headers']), /Request-Id/i);
    } finally {
      await app.close();
    }
  });

  it('CORS_ORIGINS refuses what is not an origin, with a message saying what is expected', () => {
    assert.deepEqual(readCorsOrigins(undefined), []);
    assert.deepEqual(readCorsOrigins(' https://a.example.com, http://127.0.0.1:8081/ '), ['https://a.example.com', 'http://127.0.0.1:8081']);
    for (const bad of ['*', 'portal.example.com', 'https://a.example.com/path', 'ftp://a.example.com']) {
      assert.throws(() => readCorsOrigins(bad), /CORS_ORIGINS must list origins/);
    }
  });
});

describe('error reports (shell §7 metrics endpoint, issue 17)', () => {
  let app: FastifyInstance;
  before(async () => {
    ({ app } = await startServer());
  });
  after(() => app.close());

  const report = (source: string) => ({
    at: '2026-11-25T08:00:00.000Z',
    source,
    kind: 'http',
    code: 503,
    request_id: '6f1c1c9e-1111-4c8e-9a55-0123456789ab',
    path: '/api/V4/domain.list?keyword=secret-search',
    language: 'en_US',
    console_version: '1.0.0',
  });

  it('stores what the console posts, keeps no query, and lists it newest first; a child lists its own', async () => {
    const parent = (await signInParent(app)).token;
    const child = (await signInChild(app)).token;
    await expectOk(app, 'POST', 'V4/metrics.error.report', { token: parent, body: { errors: [report('ec-domain-list')] } });
    await expectOk(app, 'POST', 'V4/metrics.error.report', { token: child, body: { errors: [report('ec-waf-rules')] } });
    const all = await expectOk<{ list: { source: string; path: string; request_id: string }[]; total: number }>(app, 'GET', 'V4/metrics.error.list', { token: parent });
    assert.deepEqual(all.list.map((entry) => entry.source), ['ec-waf-rules', 'ec-domain-list']);
    assert.equal(all.list[0]!.path, '/api/V4/domain.list', 'the query (a search) is not kept');
    assert.equal(all.list[0]!.request_id, report('x').request_id);
    const own = await expectOk<{ list: { source: string }[] }>(app, 'GET', 'V4/metrics.error.list', { token: child });
    assert.deepEqual(own.list.map((entry) => entry.source), ['ec-waf-rules']);
  });

  it('refuses a report that is not one (wrong types, extra fields such as a token, too many at once)', async () => {
    const token = (await signInParent(app)).token;
    for (const errors of [[{ ...report('a'), code: '503' }], [{ ...report('a'), token: 'leak' }], Array.from({ length: 21 }, () => report('a')), []]) {
      const answer = await call(app, 'POST', 'V4/metrics.error.report', { token, body: { errors } });
      assert.equal(answer.httpStatus, 400, answer.raw);
      assert.equal(answer.code, VALIDATION_FAILED_CODE);
    }
  });
});
