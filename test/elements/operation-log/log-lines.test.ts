/**
 * The operation log's links to the log lines an operation explains (issue 24 "the operation-audit pages link to the
 * matching log lines"): each link opens log retrieval on a view that parses and searches what the operation names.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { OperationLogEntry } from '../../../core/api/endpoints/platform.js';
import { parseLogExpression } from '../../../core/logs/expression.js';
import { logLinesView } from '../../../elements/operation-log/log-lines.js';

function entry(overrides: Partial<OperationLogEntry>): OperationLogEntry {
  return { id: 1, time: '2026-11-26T02:00:00.000Z', user_id: 1, operator: 'admin@example.com', account_type: 1, area: 'waf', action: 'create', object_id: '7', object_label: '', before: null, after: null, ip: '127.0.0.1', ...overrides };
}

function viewOf(found: OperationLogEntry) {
  const text = logLinesView(found);
  assert.ok(text !== null);
  const view = new URLSearchParams(text);
  const type = view.get('type') as 'acl' | 'access';
  const parsed = parseLogExpression(view.get('q')!, type);
  assert.ok(parsed.ok, `${view.get('q')} parses`);
  return { view, predicate: parsed.predicate };
}

describe('operation log -> matching log lines (issue 24)', () => {
  it('a saved WAF rule opens its access control lines in the day after, in UTC+8', () => {
    const { view, predicate } = viewOf(entry({ object_id: '42', after: { id: 42, main_id: 7, status: 'enabled' } }));
    assert.equal(view.get('type'), 'acl');
    assert.equal(view.get('range'), 'custom');
    assert.equal(view.get('from'), '2026-11-26T10:00');
    assert.equal(view.get('to'), '2026-11-27T10:00');
    assert.deepEqual(predicate, { op: 'compare', field: 'rule_id', operator: '=', value: 42 });
  });

  it('a rule set bound to websites opens the lines of the set', () => {
    const { predicate } = viewOf(entry({ action: 'bind', object_id: '7', before: { domain_ids: [] }, after: { domain_ids: [1] } }));
    assert.deepEqual(predicate, { op: 'compare', field: 'rule_set_id', operator: '=', value: 7 });
  });

  it('a purged URL opens its requests in the hour after; a directory its prefix', () => {
    const url = viewOf(entry({ area: 'cache', action: 'purge-url', object_label: 'https://www.example.com/a.js?v=1' }));
    assert.equal(url.view.get('type'), 'access');
    assert.equal(url.view.get('to'), '2026-11-26T11:00');
    assert.deepEqual(url.predicate, { op: 'and', items: [
      { op: 'compare', field: 'domain', operator: '=', value: 'www.example.com' },
      { op: 'compare', field: 'uri', operator: '=', value: '/a.js' },
    ] });
    const directory = viewOf(entry({ area: 'cache', action: 'purge-directory', object_label: 'https://www.example.com/static.v2/' }));
    assert.deepEqual((directory.predicate as { items: unknown[] }).items[1], { op: 'prefix', field: 'uri', value: '/static.v2/' });
  });

  it('operations no log line follows from have no link', () => {
    assert.equal(logLinesView(entry({ area: 'account', action: 'update' })), null);
    assert.equal(logLinesView(entry({ action: 'update', after: { name: 'x', description: '' } })), null);
    assert.equal(logLinesView(entry({ area: 'cache', object_label: 'not a url' })), null);
  });
});
