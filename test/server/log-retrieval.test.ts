/**
 * Log retrieval and saved queries on the reference server (issue 24; rules §2 "Log retrieval", §3 "Saved query",
 * §5 "Saved query name 4-50 characters", §6 per-object grants, §9 "Log list 500", "domain filter 1000", "Log time
 * UTC+8"). Lines are appended to the real (in-memory DuckDB) store, then read through the API.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type { LogContext, LogFieldValues, LogSearchAnswer, SavedQuery } from '../../core/api/endpoints/logs.js';
import type { ListAnswer } from '../../core/api/endpoints/platform.js';
import type { LogRow } from '../../core/logs/fields.js';
import { LOG_LIST_MAX } from '../../core/rules/bans.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { addSecondTenant, call, expectOk, signInChild, signInParent, startServer, type TestClock } from './helpers.js';
import { logLine } from '../helpers/log-lines.js';

const MINUTE = 60_000;

function line(overrides: Partial<LogRow> & Pick<LogRow, 'ts' | 'domain_id' | 'domain'>): LogRow {
  return logLine({ member_id: DEMO_MEMBER_ID, request_id: overrides.ts.toString(16).padStart(32, '0'), uri: '/index.html', ...overrides });
}

describe('log retrieval (rules §2, §6, §9)', () => {
  let app: FastifyInstance;
  let clock: TestClock;
  let parent: string;
  let child: string;
  let domains: { id: number; domain: string }[];
  const range = () => ({ from: new Date(clock.now() - 3 * 3_600_000).toISOString(), to: new Date(clock.now()).toISOString() });

  before(async () => {
    ({ app, clock } = await startServer({ seedLanguage: 'en_US' }));
    parent = (await signInParent(app)).token;
    child = (await signInChild(app)).token;
    domains = (await expectOk<LogContext>(app, 'GET', 'V4/logs.context', { token: parent })).websites;
    const byName = (name: string) => domains.find((website) => website.domain === name)!;
    const www = byName('www.example.com');
    const api = byName('api.example.com');
    const now = clock.now();
    const rows: LogRow[] = [];
    for (let index = 0; index < 600; index++) {
      rows.push(line({ ts: now - index * 1000, domain_id: www.id, domain: www.domain, status: index % 10 === 0 ? 502 : 200, uri: index % 3 === 0 ? '/api/v1/items' : '/index.html' }));
    }
    rows.push(line({ ts: now - 5 * MINUTE, domain_id: api.id, domain: api.domain, client_ip: '198.51.100.9', country: 'US', province: '', uri: '/admin' }));
    rows.push(line({ ts: now - 6 * MINUTE, log_type: 'waf', domain_id: api.id, domain: api.domain, uri: '/admin', status: 403, rule_id: 4242, rule_set_id: 7, action: 'block', attack_type: 'scanner' }));
    const other = addSecondTenant(app);
    rows.push(line({ ts: now - MINUTE, member_id: other.memberId, domain_id: other.domainIds[0]!, domain: 'private.other.example', uri: '/secret' }));
    await app.logStore.append(rows);
  });
  after(() => app.close());

  it('rules §9: the list holds the newest 500 lines, newest first, with the total', async () => {
    const answer = await expectOk<LogSearchAnswer>(app, 'GET', 'V4/logs.record.list', { token: parent, query: { log_type: 'access', ...range() } });
    assert.equal(answer.list.length, LOG_LIST_MAX);
    assert.equal(answer.total, 601);
    assert.ok(answer.list[0]!.ts >= answer.list[1]!.ts);
    assert.match(answer.list[0]!.ts, /Z$/);
  });

  it('rules §2: conditional filters and the advanced search narrow the same search', async () => {
    const query = { log_type: 'access', ...range(), status: '5xx', expression: 'uri ~ "^/api/"' };
    const answer = await expectOk<LogSearchAnswer>(app, 'GET', 'V4/logs.record.list', { token: parent, query });
    // Every 10th line is a 502 and every 3rd an API call: every 30th is both.
    assert.equal(answer.total, 20);
    assert.ok(answer.list.every((row) => row.status === 502 && row.uri.startsWith('/api/')));
    const byRegion = await expectOk<LogSearchAnswer>(app, 'GET', 'V4/logs.record.list', {
      token: parent,
      query: { log_type: 'access', ...range(), region: 'US', client_ip: '198.51.100.0/24' },
    });
    assert.deepEqual(byRegion.list.map((row) => row.uri), ['/admin']);
  });

  it('rules §2: each log type is its own tab; the WAF line names its rule', async () => {
    const answer = await expectOk<LogSearchAnswer>(app, 'GET', 'V4/logs.record.list', {
      token: parent,
      query: { log_type: 'waf', ...range(), expression: 'rule_id = 4242 and action = "block"' },
    });
    assert.deepEqual(answer.list.map((row) => [row.uri, row.rule_id, row.status]), [['/admin', 4242, 403]]);
  });

  it('rules §9 log time: the expression reads times as UTC+8', async () => {
    const beijing = new Date(clock.now() + 8 * 3_600_000 - 10 * 1000).toISOString().slice(0, 19).replace('T', ' ');
    const answer = await expectOk<LogSearchAnswer>(app, 'GET', 'V4/logs.record.list', {
      token: parent,
      query: { log_type: 'access', ...range(), expression: `ts >= "${beijing}" and domain = "www.example.com"` },
    });
    assert.equal(answer.total, 11);
  });

  it('a bad expression is a field issue with its position, in the caller language', async () => {
    const answer = await call(app, 'GET', 'V4/logs.record.list', { token: parent, query: { log_type: 'access', ...range(), expression: 'status >= "x"' } });
    assert.equal(answer.code, VALIDATION_FAILED_CODE);
    const issue = (answer.data as { errors: { field: string; key: string; values: { position: number; length: number } }[] }).errors[0]!;
    assert.deepEqual([issue.field, issue.key, issue.values.position, issue.values.length], ['expression', 'logs.expression-not-a-number', 10, 3]);
  });

  it('a pattern only the store engine refuses is still an expression issue, not a server error', async () => {
    // JavaScript takes `\\u0041`; RE2 (DuckDB) has no such escape. The store's refusal comes back on the expression.
    const answer = await call(app, 'GET', 'V4/logs.record.list', { token: parent, query: { log_type: 'access', ...range(), expression: 'uri ~ "a\\u0041"' } });
    assert.equal(answer.code, VALIDATION_FAILED_CODE);
    const issue = (answer.data as { errors: { field: string; key: string; values: { position: number } }[] }).errors[0]!;
    assert.deepEqual([issue.field, issue.key, issue.values.position], ['expression', 'logs.expression-bad-regex', 7]);
  });

  it('injection attempts stay data', async () => {
    for (const expression of [`uri = "' OR 1=1 --"`, 'uri contains "%"', `domain = "x\\" OR member_id != 0 --"`]) {
      const answer = await expectOk<LogSearchAnswer>(app, 'GET', 'V4/logs.record.list', { token: parent, query: { log_type: 'access', ...range(), expression } });
      assert.equal(answer.total, 0, expression);
    }
  });

  it('wrong filters and ranges are named', async () => {
    const answer = await call(app, 'GET', 'V4/logs.record.list', { token: parent, query: { log_type: 'access', from: 'yesterday', to: range().to, status: '99', client_ip: '1.2.3' } });
    assert.equal(answer.code, VALIDATION_FAILED_CODE);
    const fields = (answer.data as { errors: { field: string }[] }).errors.map((issue) => issue.field);
    assert.deepEqual(fields, ['from', 'status', 'client_ip']);
    assert.equal((await call(app, 'GET', 'V4/logs.record.list', { token: parent, query: { log_type: 'dns', ...range() } })).code, VALIDATION_FAILED_CODE);
  });

  it('rules §9: the domain filter holds at most 1000 domains', async () => {
    const ids = Array.from({ length: 1001 }, (_, index) => index + 1).join(',');
    const answer = await call(app, 'GET', 'V4/logs.record.list', { token: parent, query: { log_type: 'access', ...range(), domain_ids: ids } });
    assert.equal(answer.code, VALIDATION_FAILED_CODE);
  });

  it('rules §6: a sub-account reads only the websites it is granted, and cannot name another', async () => {
    const context = await expectOk<LogContext>(app, 'GET', 'V4/logs.context', { token: child });
    assert.deepEqual(context.websites.map((website) => website.domain).sort(), ['shop.example.com', 'www.example.com']);
    const all = await expectOk<LogSearchAnswer>(app, 'GET', 'V4/logs.record.list', { token: child, query: { log_type: 'access', ...range(), expression: 'uri = "/admin"' } });
    assert.equal(all.total, 0);
    const api = domains.find((website) => website.domain === 'api.example.com')!;
    const named = await call(app, 'GET', 'V4/logs.record.list', { token: child, query: { log_type: 'access', ...range(), domain_ids: String(api.id) } });
    assert.equal(named.code, PERMISSION_DENIED_CODE);
    const values = await call<LogFieldValues>(app, 'GET', 'V4/logs.field.values', { token: child, query: { log_type: 'access', ...range(), field: 'uri' } });
    assert.ok(!values.data.values.some((value) => value.value === '/admin'));
  });

  it('another account never sees these lines, nor these its lines', async () => {
    const answer = await expectOk<LogSearchAnswer>(app, 'GET', 'V4/logs.record.list', { token: parent, query: { log_type: 'access', ...range(), expression: 'uri = "/secret"' } });
    assert.equal(answer.total, 0);
  });

  it('field values for autocomplete: most frequent first, by prefix', async () => {
    const answer = await expectOk<LogFieldValues>(app, 'GET', 'V4/logs.field.values', { token: parent, query: { log_type: 'access', ...range(), field: 'uri', prefix: '"/a' } });
    assert.deepEqual(answer.values.map((value) => value.value), ['/api/v1/items', '/admin']);
    assert.equal(answer.values[0]!.count, 200);
    const bad = await call(app, 'GET', 'V4/logs.field.values', { token: parent, query: { log_type: 'access', ...range(), field: 'member_id' } });
    assert.equal(bad.code, VALIDATION_FAILED_CODE);
  });
});

describe('saved queries (rules §3 "Saved query", §5 name 4-50)', () => {
  let app: FastifyInstance;
  let parent: string;
  let child: string;
  before(async () => {
    ({ app } = await startServer({ seedLanguage: 'en_US' }));
    parent = (await signInParent(app)).token;
    child = (await signInChild(app)).token;
  });
  after(() => app.close());

  const save = (token: string, body: Record<string, unknown>) => call<SavedQuery>(app, 'POST', 'V4/logs.query.save', { token, body });

  it('rules §5: the name is 4-50 characters and the statement must parse', async () => {
    for (const name of ['abc', 'x'.repeat(51), '   ']) {
      const answer = await save(parent, { name, description: '', log_type: 'waf', statement: 'status = 403' });
      assert.equal(answer.code, VALIDATION_FAILED_CODE, name);
    }
    const badStatement = await save(parent, { name: 'Blocked admin', description: '', log_type: 'access', statement: 'rule_id = 1' });
    assert.equal(badStatement.code, VALIDATION_FAILED_CODE);
    assert.equal((badStatement.data as unknown as { errors: { field: string; key: string }[] }).errors[0]!.key, 'logs.expression-field-not-in-type');
    const fits = await save(parent, { name: 'x'.repeat(50), description: '', log_type: 'waf', statement: 'status = 403' });
    assert.equal(fits.code, 1);
  });

  it('saves, lists by type and keyword, edits, refuses a taken name, deletes', async () => {
    const created = (await save(parent, { name: 'Blocked admin', description: 'Scanners on /admin', log_type: 'waf', statement: 'uri ~ "^/admin" and action = "block"' })).data;
    assert.equal(created.statement, 'uri ~ "^/admin" and action = "block"');
    const taken = await save(parent, { name: 'Blocked admin', description: '', log_type: 'access', statement: 'status = 1' });
    assert.equal(taken.code, VALIDATION_FAILED_CODE);
    const list = await expectOk<ListAnswer<SavedQuery>>(app, 'GET', 'V4/logs.query.list', { token: parent, query: { log_type: 'waf', keyword: 'scanners' } });
    assert.deepEqual(list.list.map((query) => query.id), [created.id]);
    const oplogBefore = (app.db.prepare("SELECT count(*) AS n FROM operation_log WHERE area = 'log'").get() as { n: number }).n;
    const same = await save(parent, { id: created.id, name: 'Blocked admin', description: 'Scanners on /admin', log_type: 'waf', statement: 'uri ~ "^/admin" and action = "block"' });
    assert.equal(same.data.updated_at, created.updated_at);
    assert.equal((app.db.prepare("SELECT count(*) AS n FROM operation_log WHERE area = 'log'").get() as { n: number }).n, oplogBefore, 'a save that changes nothing writes nothing');
    const edited = await save(parent, { id: created.id, name: 'Blocked admin pages', description: '', log_type: 'waf', statement: 'uri ~ "^/admin"' });
    assert.equal(edited.data.name, 'Blocked admin pages');
    // Recorded under the operation log's own area and verb, so the entry reads in words there.
    const entry = app.db.prepare("SELECT area, action, object_label FROM operation_log WHERE area = 'log' ORDER BY id DESC LIMIT 1").get();
    assert.deepEqual(entry, { area: 'log', action: 'update', object_label: 'Blocked admin pages' });
    const deleted = await expectOk<{ deleted: number }>(app, 'POST', 'V4/logs.query.delete', { token: parent, body: { ids: [created.id] } });
    assert.equal(deleted.deleted, 1);
    assert.equal((await save(parent, { id: created.id, name: 'Gone query', description: '', log_type: 'waf', statement: 'status = 1' })).code, NOT_FOUND_CODE);
  });

  it('rules §6: a sub-account sees and changes only its own queries', async () => {
    const parentQuery = (await save(parent, { name: 'Parent only', description: '', log_type: 'access', statement: 'status = 500' })).data;
    const childQuery = (await save(child, { name: 'Child query', description: '', log_type: 'access', statement: 'status = 404' })).data;
    const seen = await expectOk<ListAnswer<SavedQuery>>(app, 'GET', 'V4/logs.query.list', { token: child });
    assert.deepEqual(seen.list.map((query) => query.id), [childQuery.id]);
    assert.equal((await call(app, 'POST', 'V4/logs.query.delete', { token: child, body: { ids: [parentQuery.id] } })).code, NOT_FOUND_CODE);
    const parentSees = await expectOk<ListAnswer<SavedQuery>>(app, 'GET', 'V4/logs.query.list', { token: parent });
    assert.ok(parentSees.list.some((query) => query.id === childQuery.id));
  });
});
