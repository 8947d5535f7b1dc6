/**
 * The list of error reports that `<ec-error-reports>` shows (shell §7 metrics endpoint, shell §9 paging): exact
 * filters by element (`source`) and failure kind, pages newest first, a child limited to its own reports whatever it
 * filters by, and filters of the wrong type or beyond what a report can hold refused by the request schema.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type { ErrorReport } from '../../core/api/error-report.js';
import type { ErrorReportEntry } from '../../core/api/endpoints/error-reports.js';
import type { ListAnswer } from '../../core/api/endpoints/platform.js';
import { call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

function report(source: string, kind: string, index = 0): ErrorReport {
  return {
    at: new Date(Date.UTC(2026, 10, 25, 8, 0, index)).toISOString(),
    source,
    kind,
    code: kind === 'timeout' ? undefined : 502,
    request_id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    path: '/api/V4/domain.list',
    language: 'zh_CN',
    console_version: '0.1.0',
  };
}

describe('GET V4/metrics.error.list: filters and paging (issue 17, shell §9)', () => {
  let app: FastifyInstance;
  let parent = '';
  let child = '';

  const list = (token: string, query: Record<string, string | number> = {}) =>
    expectOk<ListAnswer<ErrorReportEntry>>(app, 'GET', 'V4/metrics.error.list', { token, query });

  before(async () => {
    ({ app } = await startServer());
    parent = (await signInParent(app)).token;
    child = (await signInChild(app)).token;
    const parentReports = [
      ...Array.from({ length: 12 }, (_, index) => report('ec-domain-list', 'http', index)),
      report('ec-domain-list', 'timeout', 12),
      report('ec-waf-rules', 'http', 13),
    ];
    await expectOk(app, 'POST', 'V4/metrics.error.report', { token: parent, body: { errors: parentReports } });
    await expectOk(app, 'POST', 'V4/metrics.error.report', { token: child, body: { errors: [report('ec-domain-list', 'timeout', 20)] } });
  });
  after(() => app.close());

  it('filters by element, by kind and by both, exactly', async () => {
    const bySource = await list(parent, { source: 'ec-waf-rules' });
    assert.equal(bySource.total, 1);
    assert.deepEqual(bySource.list.map((entry) => entry.source), ['ec-waf-rules']);
    const byKind = await list(parent, { kind: 'timeout', per_page: 100 });
    assert.equal(byKind.total, 2, 'the parent lists the child reports too');
    assert.ok(byKind.list.every((entry) => entry.kind === 'timeout'));
    const both = await list(parent, { source: 'ec-domain-list', kind: 'http', per_page: 100 });
    assert.equal(both.total, 12);
    assert.ok(both.list.every((entry) => entry.source === 'ec-domain-list' && entry.kind === 'http'));
    assert.equal((await list(parent, { source: 'domain-list' })).total, 0, 'a source is matched exactly, not as a part of a tag');
    assert.equal((await list(parent, { source: '', kind: '' })).total, 15, 'empty filters mean all');
  });

  it('pages newest first with the shell §9 page sizes', async () => {
    const first = await list(parent, { per_page: 10 });
    assert.equal(first.total, 15);
    assert.equal(first.list.length, 10);
    const second = await list(parent, { page: 2, per_page: 10 });
    assert.equal(second.list.length, 5);
    const ids = [...first.list, ...second.list].map((entry) => entry.id);
    assert.deepEqual(ids, [...ids].sort((a, b) => b - a), 'newest first across pages');
    assert.equal(first.list[0]!.request_id, report('', '', 20).request_id, 'the newest report leads');
  });

  it('a child lists only its own reports, whatever it filters by', async () => {
    const own = await list(child, { per_page: 100 });
    assert.equal(own.total, 1);
    assert.equal((await list(child, { source: 'ec-waf-rules' })).total, 0);
    assert.equal((await list(child, { kind: 'http' })).total, 0);
    assert.equal((await list(child, { source: 'ec-domain-list', kind: 'timeout' })).total, 1);
  });

  it('refuses filters longer than a report can hold (400, Form verification failed) and lists nothing without a session', async () => {
    for (const query of [{ source: 'x'.repeat(65) }, { kind: 'x'.repeat(33) }] as Record<string, string>[]) {
      const answer = await call(app, 'GET', 'V4/metrics.error.list', { token: parent, query });
      assert.equal(answer.httpStatus, 400, answer.raw);
      assert.equal(answer.code, VALIDATION_FAILED_CODE);
    }
    const unsigned = await call(app, 'GET', 'V4/metrics.error.list', { query: { source: 'ec-waf-rules' } });
    assert.notEqual(unsigned.code, 1, 'no list without a session');
  });
});
