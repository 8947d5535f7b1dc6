import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import { readConfig } from '../../demo/server/platform/config.js';
import { bodyDepthWithin, DEFAULT_BODY_LIMIT } from '../../demo/server/platform/http/limits.js';
import { contentSecurityPolicy } from '../../demo/server/platform/security/headers.js';
import { signInParent, startServer } from './helpers.js';

const folder = mkdtempSync(join(tmpdir(), 'ec-static-'));
const dist = join(folder, 'dist');
const hostIndex = join(folder, 'index.html');
const PAGE = '<!doctype html><title>Console</title><script type="module" src="/console/assets/console.js"></script>';

before(() => {
  mkdirSync(join(dist, 'elements'), { recursive: true });
  mkdirSync(join(dist, 'chunks'), { recursive: true });
  writeFileSync(join(dist, 'console.js'), 'import "./chunks/core-Ab3dE9xZ.js";');
  writeFileSync(join(dist, 'elements', 'domain-list.js'), 'export {};');
  writeFileSync(join(dist, 'chunks', 'core-Ab3dE9xZ.js'), 'export const core = 1;');
  writeFileSync(join(dist, 'custom-elements.json'), '{}');
  // The build writes precompressed copies next to each asset (rollup.config.mjs).
  writeFileSync(join(dist, 'chunks', 'core-Ab3dE9xZ.js.br'), brotliCompressSync('export const core = 1;'));
  writeFileSync(join(dist, 'chunks', 'core-Ab3dE9xZ.js.gz'), gzipSync('export const core = 1;'));
  writeFileSync(join(folder, 'secret.txt'), 'outside dist');
  writeFileSync(hostIndex, PAGE);
});
after(() => rmSync(folder, { recursive: true, force: true }));

describe('security headers', () => {
  let app: FastifyInstance;
  before(async () => ({ app } = await startServer({ distDir: dist, hostIndexPath: hostIndex, frameAncestors: "'self' https://portal.example.com" })));
  after(() => app.close());

  const expectedPolicy =
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;font-src 'self' data:;" +
    "connect-src 'self';worker-src 'self' blob:;object-src 'none';base-uri 'self';form-action 'self';" +
    "frame-ancestors 'self' https://portal.example.com";

  it('DESIGN §6: the console page is served with a strict CSP, nosniff and a referrer policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/console/' });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-security-policy'], expectedPolicy);
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.equal(response.headers['referrer-policy'], 'strict-origin-when-cross-origin');
  });

  it('every response carries them: API answers, redirects, 404s, assets and transport faults', async () => {
    const responses = await Promise.all([
      app.inject({ method: 'GET', url: '/api/oem/cfg' }),
      app.inject({ method: 'GET', url: '/' }),
      app.inject({ method: 'GET', url: '/nowhere' }),
      app.inject({ method: 'GET', url: '/api/V4/nothing.here' }),
      app.inject({ method: 'GET', url: '/console/assets/console.js' }),
      app.inject({ method: 'POST', url: '/api/sso/V4/login', headers: { 'content-type': 'application/json' }, payload: '{' }),
    ]);
    for (const response of responses) {
      assert.equal(response.headers['content-security-policy'], expectedPolicy, response.raw.req.url);
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
      assert.equal(response.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    }
  });

  it('API answers are never cached (account data; `V4/x.list` looks like a file to extension-based caches)', async () => {
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/api/oem/cfg' }),
      app.inject({ method: 'GET', url: '/api/V4/job.task.list' }),
      app.inject({ method: 'GET', url: '/api/V4/nothing.here' }),
    ]);
    for (const answer of answers) assert.equal(answer.headers['cache-control'], 'no-store', answer.raw.req.url);
    const page = await app.inject({ method: 'GET', url: '/console/' });
    assert.notEqual(page.headers['cache-control'], 'no-store', 'console files keep their own cache rules');
  });

  it('frame-ancestors defaults to self and refuses values that could break out of the header', () => {
    assert.match(contentSecurityPolicy("'self'"), /frame-ancestors 'self'$/);
    assert.throws(() => contentSecurityPolicy("'self'; script-src *"), /FRAME_ANCESTORS/);
    assert.throws(() => contentSecurityPolicy("'self'\r\nSet-Cookie: x=1"), /FRAME_ANCESTORS/);
  });
});

describe('console static serving (shell §1 history routing)', () => {
  let app: FastifyInstance;
  before(async () => ({ app } = await startServer({ distDir: dist, hostIndexPath: hostIndex })));
  after(() => app.close());

  it('/ and /console redirect to /console/, keeping the query', async () => {
    const root = await app.inject({ method: 'GET', url: '/' });
    assert.equal(root.statusCode, 302);
    assert.equal(root.headers.location, '/console/');
    const bare = await app.inject({ method: 'GET', url: '/console?embedded=1' });
    assert.equal(bare.headers.location, '/console/?embedded=1');
  });

  it('serves the host page at /console/ and at every deep link without a file extension, never cached stale', async () => {
    for (const url of ['/console/', '/console/cloud-speed/domain-management/domain-list', '/console/login-child/?x=1', '/console/login']) {
      const response = await app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.body, PAGE);
      assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(response.headers['cache-control'], 'no-cache');
    }
  });

  it('a missing file with an extension is a 404, not the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/console/favicon.png' });
    assert.equal(response.statusCode, 404);
    const asset = await app.inject({ method: 'GET', url: '/console/assets/elements/missing.js' });
    assert.equal(asset.statusCode, 404);
  });

  it('serves hashed chunks as immutable for a year and entry files as no-cache, with types', async () => {
    const chunk = await app.inject({ method: 'GET', url: '/console/assets/chunks/core-Ab3dE9xZ.js' });
    assert.equal(chunk.statusCode, 200);
    assert.equal(chunk.body, 'export const core = 1;');
    assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(chunk.headers['content-type'], 'text/javascript; charset=utf-8');
    for (const url of ['/console/assets/console.js', '/console/assets/elements/domain-list.js', '/console/assets/custom-elements.json']) {
      const entry = await app.inject({ method: 'GET', url });
      assert.equal(entry.statusCode, 200, url);
      assert.equal(entry.headers['cache-control'], 'no-cache', url);
    }
  });

  it('sends the precompressed copy the browser accepts (brotli, then gzip), the plain file otherwise', async () => {
    const url = '/console/assets/chunks/core-Ab3dE9xZ.js';
    const brotli = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.equal(brotliDecompressSync(brotli.rawPayload).toString(), 'export const core = 1;');
    assert.equal(brotli.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.match(String(brotli.headers.vary), /accept-encoding/i);
    const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, 'export const core = 1;');
  });

  it('answers 304 when the browser copy is current (ETag)', async () => {
    const first = await app.inject({ method: 'GET', url: '/console/assets/console.js' });
    const etag = String(first.headers.etag);
    const again = await app.inject({ method: 'GET', url: '/console/assets/console.js', headers: { 'if-none-match': etag } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
  });

  it('never serves files outside dist or hidden files', async () => {
    for (const url of [
      '/console/assets/../secret.txt',
      '/console/assets/%2e%2e/secret.txt',
      '/console/assets/chunks/%2e%2e/%2e%2e/secret.txt',
      '/console/assets/.env',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      assert.notEqual(response.statusCode, 200, url);
      assert.ok(!response.body.includes('outside dist'), url);
    }
  });

  it('without a build, the console routes answer a page saying to run npm run build', async () => {
    const { app: unbuilt } = await startServer({ distDir: join(folder, 'no-dist'), hostIndexPath: hostIndex });
    try {
      for (const url of ['/console/', '/console/deep/link', '/console/assets/console.js']) {
        const response = await unbuilt.inject({ method: 'GET', url });
        assert.equal(response.statusCode, 503, url);
        assert.match(response.body, /npm run build/);
        assert.equal(response.headers['content-type'], 'text/plain; charset=utf-8');
      }
    } finally {
      await unbuilt.close();
    }
  });
});

describe('transport faults and limits', () => {
  let app: FastifyInstance;
  before(async () => ({ app } = await startServer({ distDir: dist, hostIndexPath: hostIndex })));
  after(() => app.close());

  it('an unknown API path answers HTTP 404 with the envelope, even without a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/V4/no.such.call', headers: { 'x-lang': 'en_US' } });
    assert.equal(response.statusCode, 404);
    assert.deepEqual(JSON.parse(response.body), { status: { code: NOT_FOUND_CODE, message: 'No such API' }, data: null });
  });

  it('a malformed JSON body answers HTTP 400 with the envelope', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/sso/V4/login',
      headers: { 'content-type': 'application/json', 'x-lang': 'en_US' },
      payload: '{"email":',
    });
    assert.equal(response.statusCode, 400);
    assert.equal((JSON.parse(response.body) as { status: { message: string } }).status.message, 'The request is malformed');
  });

  it('a body over 1 MB answers HTTP 413 with the envelope', async () => {
    const { token } = await signInParent(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/sso/V4/timezone',
      headers: { 'content-type': 'application/json', 'x-token': token, 'x-lang': 'zh_CN' },
      payload: JSON.stringify({ timezone: 'UTC', padding: 'x'.repeat(DEFAULT_BODY_LIMIT) }),
    });
    assert.equal(response.statusCode, 413);
    assert.equal((JSON.parse(response.body) as { status: { message: string } }).status.message, '请求内容过大');
  });
});

describe('configuration by environment', () => {
  it('defaults: port 8080, loopback host, ./data/console.db, frame-ancestors self', () => {
    const config = readConfig({});
    assert.equal(config.port, 8080);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.dbPath, './data/console.db');
    assert.equal(config.frameAncestors, "'self'");
  });

  it('reads PORT, HOST, DB_PATH and FRAME_ANCESTORS, and refuses a bad port', () => {
    const config = readConfig({ PORT: '9090', HOST: '0.0.0.0', DB_PATH: '/tmp/x.db', FRAME_ANCESTORS: 'https://a.example' });
    assert.deepEqual([config.port, config.host, config.dbPath, config.frameAncestors], [9090, '0.0.0.0', '/tmp/x.db', 'https://a.example']);
    assert.throws(() => readConfig({ PORT: 'eighty' }), /PORT/);
  });
});

describe('API compression (issue: every page loads only what it shows)', () => {
  let app: FastifyInstance;
  before(async () => ({ app } = await startServer()));
  after(() => app.close());

  it('answers over 1 KB are compressed as the client accepts; small ones and clients without it get plain JSON', async () => {
    const { token } = await signInParent(app);
    const large = await app.inject({ method: 'GET', url: '/api/V4/cloudsafe.hwws.website.list?page=1&per_page=100', headers: { 'x-token': token, 'accept-encoding': 'br' } });
    assert.equal(large.headers['content-encoding'], 'br');
    assert.equal(JSON.parse(brotliDecompressSync(large.rawPayload).toString()).status.code, 1);
    const plain = await app.inject({ method: 'GET', url: '/api/V4/cloudsafe.hwws.website.list?page=1&per_page=100', headers: { 'x-token': token } });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.json().status.code, 1);
    const small = await app.inject({ method: 'GET', url: '/api/V4/nothing.here', headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(small.headers['content-encoding'], undefined);
  });
});

describe('bad input never answers 500 and keeps the envelope and the headers (security finding)', () => {
  let app: FastifyInstance;
  before(async () => ({ app } = await startServer()));
  after(() => app.close());

  it('a URL whose percent-encoding cannot be decoded answers 400 with the envelope and the security headers', async () => {
    for (const url of ['/api/V4/dns.domain.list%E0%A4%A', '/console/%E0%A4%A', '/api/%']) {
      const answer = await app.inject({ method: 'GET', url });
      assert.equal(answer.statusCode, 400, url);
      assert.equal(answer.json().status.code, VALIDATION_FAILED_CODE, url);
      assert.ok(answer.headers['content-security-policy'], url);
      assert.equal(answer.headers['x-content-type-options'], 'nosniff', url);
    }
  });

  it('a body nested thousands of levels deep is refused before hashing (idempotency) instead of overflowing the stack', async () => {
    const { token } = await signInParent(app);
    let deep = '1';
    for (let level = 0; level < 20_000; level += 1) deep = `[${deep}]`;
    const answer = await app.inject({
      method: 'POST',
      url: '/api/V4/dns.group.create',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'deep-1', 'x-token': token },
      payload: `{"name":${deep}}`,
    });
    assert.equal(answer.statusCode, 400);
    assert.deepEqual(answer.json().data.errors, [{ field: 'body', key: 'common.format-error' }]);
    assert.equal(bodyDepthWithin({ a: [{ b: [1] }] }, 4), true);
    assert.equal(bodyDepthWithin({ a: [{ b: [1] }] }, 3), false);
  });
});
