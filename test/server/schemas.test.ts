/**
 * The API contract (README "Reference server"): every route has a request schema, requests are checked strictly
 * (no coercion), failures keep the envelope, and the OpenAPI 3.1 document is built from the same schemas.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import { ROUTE_SCHEMAS } from '../../demo/server/features/index.js';
import { routeKey, schemaIssues } from '../../demo/server/platform/http/schemas.js';
import { call, expectOk, signInParent, startServer } from './helpers.js';

interface OpenApiOperation {
  summary?: string;
  tags?: string[];
  parameters?: unknown[];
  requestBody?: unknown;
}
type OpenApiDocument = { openapi: string; info: { title: string }; paths: Record<string, Record<string, OpenApiOperation>> };

describe('API schemas and OpenAPI (issue: reference server by feature)', () => {
  let app: FastifyInstance;
  let token: string;
  let document: OpenApiDocument;
  before(async () => {
    ({ app } = await startServer());
    token = (await signInParent(app)).token;
    const answer = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    assert.equal(answer.statusCode, 200, 'the document is public');
    document = answer.json() as OpenApiDocument;
  });
  after(() => app.close());

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ key: routeKey(method, path), method: method.toUpperCase(), operation })),
    );

  it('every API route has a schema: a summary, its area and its query (GET) or body (POST, PUT)', () => {
    const missing = operations()
      .filter(({ key, method, operation }) => {
        const schema = ROUTE_SCHEMAS[key];
        if (!schema || !operation.summary || !operation.tags?.length) return true;
        return method === 'GET' ? schema.querystring === undefined : schema.body === undefined;
      })
      .map(({ key }) => key);
    assert.deepEqual(missing, []);
    assert.ok(operations().length >= 100, `expected every route in the document, found ${operations().length}`);
  });

  it('the schema table names no route that does not exist', () => {
    const registered = new Set(operations().map(({ key }) => key));
    assert.deepEqual(Object.keys(ROUTE_SCHEMAS).filter((key) => !registered.has(key)), []);
  });

  it('is an OpenAPI 3.1 document describing the envelope and the token header', () => {
    assert.equal(document.openapi, '3.1.0');
    assert.match(JSON.stringify(document.info), /status: \{ code, message \}/);
    assert.match(JSON.stringify(document), /x-token/);
  });

  it('wrong types are refused with 400 and the "Form verification failed" envelope, never coerced: dry_run "true" changes nothing', async () => {
    const sites = await expectOk<{ list: { id: number; domain: string }[] }>(app, 'GET', 'V4/cloudsafe.hwws.website.list', { token, query: { per_page: 100 } });
    const target = sites.list[0]!;
    const answer = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'V4/cloudsafe.hwws.website.delete', {
      token,
      body: { selection: { ids: [target.id] }, dry_run: 'true' },
    });
    assert.equal(answer.httpStatus, 400);
    assert.equal(answer.code, VALIDATION_FAILED_CODE);
    assert.deepEqual(answer.data.errors, [{ field: 'dry_run', key: 'common.format-error' }]);
    assert.ok(answer.headers['content-security-policy'], 'the refusal keeps the security headers');
    const after = await expectOk<{ list: { id: number }[] }>(app, 'GET', 'V4/cloudsafe.hwws.website.list', { token, query: { per_page: 100 } });
    assert.ok(after.list.some((site) => site.id === target.id), 'nothing was deleted');
  });

  it('ids given as text in a body and arrays where one value belongs in a query are refused, with the field named', async () => {
    const body = await call<{ errors: { field: string }[] }>(app, 'POST', 'V4/cloudsafe.hwws.website.group.delete', { token, body: { id: '12' } });
    assert.equal(body.httpStatus, 400);
    assert.deepEqual(body.data.errors.map((issue) => issue.field), ['id']);
    const query = await app.inject({ method: 'GET', url: '/api/V4/cloudsafe.hwws.website.list?page=1&page=2', headers: { 'x-token': token } });
    assert.equal(query.statusCode, 400);
    assert.equal(query.json().status.code, VALIDATION_FAILED_CODE);
  });

  it('schemaIssues names each field once, in the dotted form the forms use, and at most 20', () => {
    const issues = schemaIssues([
      { instancePath: '/records/3/ttl', keyword: 'type', params: {} },
      { instancePath: '/records/3/ttl', keyword: 'minimum', params: {} },
      { instancePath: '', keyword: 'required', params: { missingProperty: 'ids' } },
    ]);
    assert.deepEqual(issues, [
      { field: 'records.3.ttl', key: 'common.format-error' },
      { field: 'ids', key: 'common.required' },
    ]);
    const many = Array.from({ length: 500 }, (_, index) => ({ instancePath: `/entries/${index}`, keyword: 'type', params: {} }));
    assert.equal(schemaIssues(many).length, 20);
  });
});
