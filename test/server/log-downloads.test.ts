/**
 * Log download templates and tasks on the reference server (issue 24; rules §2 "security-operations log download
 * tasks and templates", §3 "Log download task", "Log template", §4 "Task", §5 Logs, §6 per-object grants, §9 "Log
 * download kept 7 days, 10 at once, 10000 rows"). The log store is an in-test fake holding rows in memory, so the
 * file a task writes is known line by line.
 */
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CONFLICT_CODE, NOT_FOUND_CODE, PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type { LogDownloadInput, LogDownloadResult, LogDownloadTask, LogTemplate, LogTemplateInput } from '../../core/api/endpoints/logs.js';
import type { JobInfo, ListAnswer } from '../../core/api/endpoints/platform.js';
import type { LogRow, LogType } from '../../core/logs/fields.js';
import { bindGroupObjects, createChildAccount, createPermissionGroup } from '../../demo/server/features/account/store.js';
import { openLogStore } from '../../demo/server/features/logs/store/index.js';
import type { LogStore } from '../../demo/server/features/logs/store/log-store.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { hashPasswordSync } from '../../demo/server/platform/security/passwords.js';
import { call, expectOk, signInChild, signInParent, startServer, type TestClock } from './helpers.js';
import { logLine } from '../helpers/log-lines.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * The real DuckDB store (in memory) behind a gate: `hold` keeps every scan waiting until `release`, so tasks stay
 * preparing or running as long as a test needs them to.
 */
class GatedStore {
  private gate: Promise<void> | null = null;
  private open: (() => void) | null = null;
  constructor(readonly inner: LogStore) {}
  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }
  release(): void {
    this.open?.();
    this.gate = null;
  }
  /** Replaces every stored line with `rows`. */
  async fill(rows: readonly LogRow[]): Promise<void> {
    for (const type of ['access', 'waf', 'cc', 'acl'] as const) await this.inner.prune(type, Number.MAX_SAFE_INTEGER);
    if (rows.length > 0) await this.inner.append(rows);
  }
  asStore(): LogStore {
    return new Proxy(this.inner, {
      get: (target, name, receiver) => {
        if (name !== 'scan') return Reflect.get(target, name, receiver);
        return async (...args: Parameters<LogStore['scan']>) => {
          if (this.gate) await this.gate;
          return target.scan(...args);
        };
      },
    });
  }
}

function row(values: Partial<LogRow> & Pick<LogRow, 'ts' | 'domain_id' | 'domain'>): LogRow {
  return logLine({ member_id: DEMO_MEMBER_ID, request_id: '0'.repeat(32), client_ip: '203.0.113.9', bytes_sent: 512, response_ms: 12, ...values });
}

/** A strict RFC 4180 reader (quoted cells, doubled quotes, CRLF records), written apart from the writer under test. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
      } else if (char === '"') {
        quoted = false;
        i++;
        assert.ok(text[i] === ',' || text[i] === '\r' || i === text.length, `a closing quote is followed by a separator at ${i}`);
      } else cell += text[i++];
    } else if (char === '"') {
      assert.equal(cell, '', `a quote opens a cell only at its start (${i})`);
      quoted = true;
      i++;
    } else if (char === ',') {
      record.push(cell);
      cell = '';
      i++;
    } else if (char === '\r') {
      assert.equal(text[i + 1], '\n', 'records end with CRLF');
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i += 2;
    } else {
      assert.notEqual(char, '\n', 'a bare LF appears only inside quotes');
      cell += text[i++];
    }
  }
  assert.equal(quoted, false, 'no quote left open');
  assert.deepEqual(record, [], 'the file ends with a complete record');
  return records;
}

const domainId = (app: FastifyInstance, domain: string) =>
  (app.db.prepare('SELECT id FROM domains WHERE member_id = ? AND domain = ?').get(DEMO_MEMBER_ID, domain) as { id: number }).id;

/** A child of the demo account whose group has `access` on one website only. */
async function childWith(app: FastifyInstance, name: string, access: 'manage' | 'read', domain: string): Promise<string> {
  const now = app.now();
  const groupId = createPermissionGroup(
    app.db,
    {
      memberId: DEMO_MEMBER_ID,
      name: `group-${name}`,
      // Issue 26: logs are granted per website under their own module.
      grants: (['domain', 'logs'] as const).map((module) => ({ module, object_scope: 'specified' as const, access, auto_bind_new: false })),
    },
    now,
  );
  for (const module of ['domain', 'logs'] as const) {
    bindGroupObjects(app.db, { memberId: DEMO_MEMBER_ID, groupId, module, kind: 'specified', objectIds: [domainId(app, domain)] });
  }
  const password = 'Child#Logs1';
  createChildAccount(app.db, { memberId: DEMO_MEMBER_ID, userName: name, passwordHash: hashPasswordSync(password), groupId }, now);
  return (await signInChild(app, DEMO_MEMBER_ID, name, password)).token;
}

async function fetchFile(app: FastifyInstance, token: string, id: number) {
  const response = await app.inject({ method: 'GET', url: `/api/V4/logs.download.file?id=${id}`, headers: { 'x-token': token, 'x-lang': 'en_US' } });
  return response;
}

describe('log download templates and tasks (rules §2, §3, §4, §5, §9)', () => {
  let app: FastifyInstance;
  let clock: TestClock;
  let token: string;
  let store: GatedStore;
  let www: number;
  let shop: number;

  const template = (overrides: Partial<LogTemplateInput> = {}): LogTemplateInput => ({
    name: 'Security operations',
    group: 'SecOps',
    log_type: 'access',
    fields: ['ts', 'domain', 'status', 'uri', 'user_agent'],
    limitation: '',
    enabled: true,
    ...overrides,
  });
  const saveTemplate = (body: LogTemplateInput, as = token) => expectOk<LogTemplate>(app, 'POST', 'V4/logs.template.save', { token: as, body });
  const task = (templateId: number, overrides: Partial<LogDownloadInput> = {}): LogDownloadInput => ({
    name: 'Last hour',
    template_id: templateId,
    domain_ids: [www],
    from: new Date(clock.now() - HOUR).toISOString(),
    to: new Date(clock.now()).toISOString(),
    file_type: 'csv',
    language: 'en_US',
    ...overrides,
  });
  const create = (body: LogDownloadInput, as = token) => call<{ job: JobInfo }>(app, 'POST', 'V4/logs.download.create', { token: as, body });
  const created = async (body: LogDownloadInput, as = token) => {
    const answer = await create(body, as);
    assert.equal(answer.code, 1, answer.raw);
    return answer.data.job;
  };
  const tasks = (as = token) => expectOk<ListAnswer<LogDownloadTask>>(app, 'GET', 'V4/logs.download.list', { token: as, query: { per_page: 200 } });

  before(async () => {
    store = new GatedStore(await openLogStore({ engine: 'duckdb' }));
    ({ app, clock } = await startServer({ logStore: store.asStore() }));
    token = (await signInParent(app)).token;
    www = domainId(app, 'www.example.com');
    shop = domainId(app, 'shop.example.com');
  });
  after(async () => {
    await app.close();
    await store.inner.close();
  });

  it('rules §3 "Log template": create, list with paging, keyword and type, edit, enable and disable', async () => {
    const first = await saveTemplate(template({ name: 'Access basics' }));
    assert.equal(first.editable, true);
    assert.deepEqual(first.fields, ['ts', 'domain', 'status', 'uri', 'user_agent']);
    const waf = await saveTemplate(template({ name: 'WAF blocks', group: 'Attacks', log_type: 'waf', fields: ['ts', 'client_ip', 'rule_id', 'action'] }));
    const byType = await expectOk<ListAnswer<LogTemplate>>(app, 'GET', 'V4/logs.template.list', { token, query: { log_type: 'waf' } });
    assert.deepEqual(byType.list.map((t) => t.id), [waf.id]);
    const byKeyword = await expectOk<ListAnswer<LogTemplate>>(app, 'GET', 'V4/logs.template.list', { token, query: { keyword: 'attacks' } });
    assert.deepEqual(byKeyword.list.map((t) => t.id), [waf.id], 'the keyword matches the group too');
    const paged = await expectOk<ListAnswer<LogTemplate>>(app, 'GET', 'V4/logs.template.list', { token, query: { per_page: 1, page: 2 } });
    assert.equal(paged.list.length, 1);
    assert.ok(paged.total >= 2);
    const edited = await saveTemplate({ ...template({ name: 'Access basics 2', fields: ['ts', 'status'] }), id: first.id });
    assert.equal(edited.name, 'Access basics 2');
    assert.deepEqual(edited.fields, ['ts', 'status']);
    const disabled = await expectOk<LogTemplate>(app, 'POST', 'V4/logs.template.enable', { token, body: { id: first.id, enabled: false } });
    assert.equal(disabled.enabled, false);
    const enabledOnly = await expectOk<ListAnswer<LogTemplate>>(app, 'GET', 'V4/logs.template.list', { token, query: { enabled: 'true', per_page: 200 } });
    assert.ok(!enabledOnly.list.some((t) => t.id === first.id), 'a disabled template is not offered for tasks');
  });

  it('rules §3 "Log template": name 4-50 characters, fields required and from the type\'s catalogue', async () => {
    const bad = async (body: LogTemplateInput, field: string, key: string) => {
      const answer = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'V4/logs.template.save', { token, body });
      assert.equal(answer.code, VALIDATION_FAILED_CODE, answer.raw);
      assert.ok(answer.data.errors.some((e) => e.field === field && e.key === key), answer.raw);
    };
    await bad(template({ name: 'abc' }), 'name', 'common.length-range');
    await bad(template({ name: 'x'.repeat(51) }), 'name', 'common.length-range');
    await bad(template({ name: '   ' }), 'name', 'common.required');
    await bad(template({ fields: [] }), 'fields', 'logs.fields-required');
    // cache_status belongs to access lines only.
    await bad(template({ log_type: 'waf', fields: ['ts', 'cache_status'] }), 'fields', 'logs.field-unknown');
    await bad(template({ log_type: 'bogus' as LogType }), 'log_type', 'common.format-error');
    await saveTemplate(template({ name: 'abcd' }));
    await saveTemplate(template({ name: 'x'.repeat(50) }));
    // The limitation is an advanced search expression of the template's type; a finding names its span.
    const answer = await call<{ errors: { field: string; key: string; values: Record<string, unknown> }[] }>(app, 'POST', 'V4/logs.template.save', {
      token,
      body: template({ name: 'Bad limitation', limitation: 'status >= 500 and' }),
    });
    assert.equal(answer.code, VALIDATION_FAILED_CODE);
    assert.equal(answer.data.errors[0]!.field, 'limitation');
    assert.equal(typeof answer.data.errors[0]!.values.position, 'number');
    await bad(template({ log_type: 'waf', fields: ['ts'], limitation: 'cache_status = "hit"' }), 'limitation', 'logs.expression-field-not-in-type');
  });

  it('rules §5 "A template must be enabled to be associated": a disabled template is refused with a translated message', async () => {
    const off = await saveTemplate(template({ name: 'Disabled one', enabled: false }));
    const answer = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'V4/logs.download.create', { token, body: task(off.id), lang: 'zh_CN' });
    assert.equal(answer.code, VALIDATION_FAILED_CODE);
    assert.deepEqual(answer.data.errors, [{ field: 'template_id', key: 'accounts.template-not-enabled' }]);
    assert.equal(answer.message, '表单校验失败');
    const missing = await create(task(999_999));
    assert.deepEqual((missing.data as unknown as { errors: unknown[] }).errors, [{ field: 'template_id', key: 'logs.template-missing' }]);
  });

  it('rules §5 "Log download needs a domain", rules §9 domain filter 1000, time range within the window, file type and language', async () => {
    const t = await saveTemplate(template({ name: 'Checks' }));
    const issues = async (body: LogDownloadInput) => {
      const answer = await create(body);
      assert.equal(answer.code, VALIDATION_FAILED_CODE, answer.raw);
      return (answer.data as unknown as { errors: { field: string; key: string }[] }).errors.map((e) => `${e.field}:${e.key}`);
    };
    assert.deepEqual(await issues(task(t.id, { domain_ids: [] })), ['domain_ids:logs.domain-required']);
    assert.deepEqual(await issues(task(t.id, { domain_ids: Array.from({ length: 1001 }, (_, i) => i + 1) })), ['domain_ids:bans.log-domain-filter-limit']);
    assert.deepEqual(await issues(task(t.id, { from: new Date(clock.now()).toISOString(), to: new Date(clock.now() - HOUR).toISOString() })), ['to:logs.time-range-invalid']);
    // Rules §9 retention per type: access lines are kept 30 days, security lines 180.
    assert.deepEqual(await issues(task(t.id, { from: new Date(clock.now() - 31 * DAY).toISOString() })), ['from:logs.range-too-old']);
    const waf = await saveTemplate(template({ name: 'WAF retention', log_type: 'waf', fields: ['ts', 'rule_id'] }));
    assert.deepEqual(await issues(task(waf.id, { from: new Date(clock.now() - 181 * DAY).toISOString() })), ['from:logs.range-too-old']);
    const older = await created(task(waf.id, { name: 'WAF 31 days', from: new Date(clock.now() - 31 * DAY).toISOString() }));
    await app.jobs.waitFor(older.id);
    assert.deepEqual(await issues(task(t.id, { file_type: 'xlsx' as 'csv', language: 'fr_FR' as 'en_US' })), ['file_type:common.format-error', 'language:common.format-error']);
    assert.deepEqual(await issues(task(t.id, { name: 'ab' })), ['name:common.length-range']);
  });

  it('rules §4 "Task" and §9: a completed CSV task has the lines, RFC 4180 quoting, BOM, formula guard, UTC+8 times and a translated header', async () => {
    const base = clock.now() - 30 * 60_000;
    await store.fill([
      row({ ts: base, domain_id: www, domain: 'www.example.com', uri: '/a,b', user_agent: 'say "hi"', status: 200 }),
      row({ ts: base + 1000, domain_id: www, domain: 'www.example.com', uri: '/multi', user_agent: 'line1\nline2', status: 404 }),
      row({ ts: base + 2000, domain_id: www, domain: 'www.example.com', uri: '/f', user_agent: '=HYPERLINK("http://evil")', status: 500 }),
      row({ ts: base + 3000, domain_id: www, domain: 'www.example.com', uri: '/g', user_agent: '@SUM(1)', query: '-1+2' }),
      // Outside the task: another website, another type, another account, too old.
      row({ ts: base, domain_id: shop, domain: 'shop.example.com' }),
      row({ ts: base, domain_id: www, domain: 'www.example.com', log_type: 'waf' }),
      row({ ts: base, domain_id: www, domain: 'www.example.com', member_id: DEMO_MEMBER_ID + 999 }),
      row({ ts: base - 2 * HOUR, domain_id: www, domain: 'www.example.com' }),
    ]);
    const t = await saveTemplate(template({ name: 'CSV export', fields: ['ts', 'uri', 'query', 'status', 'user_agent'] }));
    const job = await created(task(t.id, { name: '日志 export' }));
    const done = await app.jobs.waitFor(job.id);
    assert.equal(done.state, 'complete', done.reason);
    const result = done.result as LogDownloadResult;
    assert.equal(result.rows, 4);
    assert.equal(result.file_name, '日志 export.csv.gz');
    assert.equal(Date.parse(result.expires_at), clock.now() + 7 * DAY);
    const listed = (await tasks()).list.find((entry) => entry.id === job.id)!;
    assert.equal(listed.downloadable, true);
    assert.equal(listed.params.template_name, 'CSV export');
    assert.deepEqual(listed.params.domains, ['www.example.com']);
    assert.equal((listed.params as unknown as Record<string, unknown>).fields, undefined, 'the template snapshot stays on the server');

    const response = await fetchFile(app, token, job.id);
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'application/gzip');
    assert.match(String(response.headers['content-disposition']), /^attachment; filename="__ export\.csv\.gz"; filename\*=UTF-8''%E6%97%A5%E5%BF%97%20export\.csv\.gz$/);
    const text = gunzipSync(response.rawPayload).toString('utf8');
    assert.ok(text.startsWith('\uFEFF'), 'UTF-8 BOM for Excel');
    const records = parseCsv(text.slice(1));
    assert.deepEqual(records[0], ['Time', 'URL path', 'Query string', 'Status code', 'User agent']);
    assert.deepEqual(
      records.slice(1),
      [
        [new Date(base + 3000 + 8 * HOUR).toISOString().slice(0, 23) + '+08:00', '/g', "'-1+2", '200', "'@SUM(1)"],
        [new Date(base + 2000 + 8 * HOUR).toISOString().slice(0, 23) + '+08:00', '/f', '', '500', `'=HYPERLINK("http://evil")`],
        [new Date(base + 1000 + 8 * HOUR).toISOString().slice(0, 23) + '+08:00', '/multi', '', '404', 'line1\nline2'],
        [new Date(base + 8 * HOUR).toISOString().slice(0, 23) + '+08:00', '/a,b', '', '200', 'say "hi"'],
      ],
      'newest first, every cell read back as written',
    );

    const zh = await created(task(t.id, { name: 'Chinese header', language: 'zh_CN' }));
    await app.jobs.waitFor(zh.id);
    const zhText = gunzipSync((await fetchFile(app, token, zh.id)).rawPayload).toString('utf8');
    assert.deepEqual(parseCsv(zhText.slice(1))[0], ['时间', 'URL 路径', '查询参数', '状态码', 'User-Agent']);
  });

  it('rules §3 "Log template" limitations: a file holds only the lines the limitation matches', async () => {
    const base = clock.now() - 20 * 60_000;
    await store.fill([
      row({ ts: base, domain_id: www, domain: 'www.example.com', uri: '/api/a', status: 502 }),
      row({ ts: base + 1, domain_id: www, domain: 'www.example.com', uri: '/api/b', status: 200 }),
      row({ ts: base + 2, domain_id: www, domain: 'www.example.com', uri: '/web', status: 503 }),
    ]);
    const t = await saveTemplate(template({ name: 'API errors', fields: ['uri', 'status'], limitation: 'status >= 500 and uri ~ "^/api"' }));
    const job = await created(task(t.id));
    assert.equal((await app.jobs.waitFor(job.id)).state, 'complete');
    const records = parseCsv(gunzipSync((await fetchFile(app, token, job.id)).rawPayload).toString('utf8').slice(1));
    assert.deepEqual(records.slice(1), [['/api/a', '502']]);
    await store.fill([]);
  });

  it('rules §3 "Log download task" file type JSON: one array of objects keyed by field name', async () => {
    const base = clock.now() - 10 * 60_000;
    await store.fill([row({ ts: base, domain_id: www, domain: 'www.example.com', uri: '/j', status: 302, user_agent: '=1' })]);
    const t = await saveTemplate(template({ name: 'JSON export', fields: ['ts', 'uri', 'status', 'user_agent'] }));
    const job = await created(task(t.id, { file_type: 'json' }));
    assert.equal((await app.jobs.waitFor(job.id)).state, 'complete');
    const parsed = JSON.parse(gunzipSync((await fetchFile(app, token, job.id)).rawPayload).toString('utf8')) as unknown[];
    assert.deepEqual(parsed, [{ ts: new Date(base + 8 * HOUR).toISOString().slice(0, 23) + '+08:00', uri: '/j', status: 302, user_agent: '=1' }]);
    await store.fill([]);
    const empty = await created(task(t.id, { file_type: 'json', name: 'Empty file' }));
    await app.jobs.waitFor(empty.id);
    assert.deepEqual(JSON.parse(gunzipSync((await fetchFile(app, token, empty.id)).rawPayload).toString('utf8')), []);
  });

  it('rules §9 "download 10000": a file holds at most 10,000 lines, the newest', async () => {
    const now = clock.now();
    await store.fill(Array.from({ length: 12_000 }, (_, i) => row({ ts: now - 1000 - i * 100, domain_id: www, domain: 'www.example.com', uri: `/n/${i}` })));
    const t = await saveTemplate(template({ name: 'Big export', fields: ['uri'] }));
    const job = await created(task(t.id));
    const done = await app.jobs.waitFor(job.id);
    assert.equal((done.result as LogDownloadResult).rows, 10_000);
    const records = parseCsv(gunzipSync((await fetchFile(app, token, job.id)).rawPayload).toString('utf8').slice(1));
    assert.equal(records.length, 10_001);
    assert.deepEqual(records[1], ['/n/0']);
    assert.deepEqual(records[10_000], ['/n/9999']);
    await store.fill([]);
  });

  it('rules §9 "10 at once" and rules §4 "only completed log tasks can be downloaded": the 11th is refused; cancel; delete', async () => {
    const t = await saveTemplate(template({ name: 'Slot check' }));
    store.hold();
    const running: JobInfo[] = [];
    for (let i = 0; i < 10; i++) running.push(await created(task(t.id, { name: `Slot task ${i}` })));
    const eleventh = await create(task(t.id, { name: 'One too many' }), token);
    assert.equal(eleventh.code, VALIDATION_FAILED_CODE);
    assert.deepEqual((eleventh.data as unknown as { errors: unknown[] }).errors, [{ field: 'template_id', key: 'bans.log-downloads-limit', values: { max: 10 } }]);

    const file = await call(app, 'GET', 'V4/logs.download.file', { token, query: { id: running[0]!.id } });
    assert.equal(file.code, VALIDATION_FAILED_CODE);
    assert.deepEqual((file.data as { errors: unknown[] }).errors, [{ field: 'id', key: 'bans.task-incomplete' }]);
    assert.equal((await tasks()).list.find((entry) => entry.id === running[0]!.id)!.downloadable, false);

    // A running task keeps its template.
    const inUse = await call(app, 'POST', 'V4/logs.template.delete', { token, body: { ids: [t.id] } });
    assert.deepEqual((inUse.data as { errors: unknown[] }).errors, [{ field: 'ids', key: 'logs.template-in-use' }]);
    const refusedDelete = await call(app, 'POST', 'V4/logs.download.delete', { token, body: { ids: [running[1]!.id] } });
    assert.equal(refusedDelete.code, CONFLICT_CODE, 'an unfinished task is canceled before it is deleted');

    const canceled = await expectOk<JobInfo>(app, 'POST', 'V4/logs.download.cancel', { token, body: { id: running[0]!.id } });
    assert.equal(canceled.state, 'canceled');
    const again = await call(app, 'POST', 'V4/logs.download.cancel', { token, body: { id: running[0]!.id } });
    assert.equal(again.code, CONFLICT_CODE);
    await created(task(t.id, { name: 'Took the freed slot' }));

    store.release();
    await Promise.all(running.slice(1).map((job) => app.jobs.waitFor(job.id)));
    const canceledFile = await call(app, 'GET', 'V4/logs.download.file', { token, query: { id: running[0]!.id } });
    assert.deepEqual((canceledFile.data as { errors: unknown[] }).errors, [{ field: 'id', key: 'bans.task-incomplete' }]);
    const deleted = await expectOk<{ deleted: number }>(app, 'POST', 'V4/logs.download.delete', { token, body: { ids: [running[0]!.id, running[1]!.id] } });
    assert.equal(deleted.deleted, 2);
    assert.equal((await call(app, 'GET', 'V4/logs.download.file', { token, query: { id: running[1]!.id } })).code, NOT_FOUND_CODE);
    for (const job of (await tasks()).list.filter((entry) => entry.state !== 'complete' && entry.state !== 'failed' && entry.state !== 'canceled')) await app.jobs.waitFor(job.id);
  });

  it('rules §9 "Log download kept 7 days": after 7 days the file is deleted and the task is no longer downloadable', async () => {
    const t = await saveTemplate(template({ name: 'Expiry check' }));
    const job = await created(task(t.id));
    await app.jobs.waitFor(job.id);
    clock.advance(7 * DAY - 1000);
    // The session would have expired over a week: sign in again.
    token = (await signInParent(app)).token;
    assert.equal((await fetchFile(app, token, job.id)).statusCode, 200);
    assert.equal((await tasks()).list.find((entry) => entry.id === job.id)!.downloadable, true);
    clock.advance(1000);
    token = (await signInParent(app)).token;
    const expired = await call(app, 'GET', 'V4/logs.download.file', { token, query: { id: job.id } });
    assert.equal(expired.code, VALIDATION_FAILED_CODE);
    assert.deepEqual((expired.data as { errors: unknown[] }).errors, [{ field: 'id', key: 'logs.file-expired', values: { days: 7 } }]);
    assert.equal((await tasks()).list.find((entry) => entry.id === job.id)!.downloadable, false);
    const { pruneFiles } = await import('../../demo/server/features/logs/downloads/store.js');
    assert.ok(pruneFiles(app.db, clock.now()) >= 1, 'the prune deletes the expired file');
    assert.equal((app.db.prepare('SELECT COUNT(*) AS n FROM log_download_files WHERE job_id = ?').get(job.id) as { n: number }).n, 0);
  });

  it('rules §6: a sub-account with a one-website grant names only that website, sees its own tasks and cannot fetch others\' files', async () => {
    const t = await saveTemplate(template({ name: 'Shared template' }));
    const parentJob = await created(task(t.id, { name: 'Parent task' }));
    await app.jobs.waitFor(parentJob.id);
    const child = await childWith(app, 'one-site-logs', 'read', 'www.example.com');

    const listed = await expectOk<ListAnswer<LogTemplate>>(app, 'GET', 'V4/logs.template.list', { token: child, query: { per_page: 200 } });
    assert.ok(listed.list.some((entry) => entry.id === t.id), 'templates name no website: the child may use them');
    assert.ok(listed.list.every((entry) => entry.editable === false), 'a read-only child changes no template');
    assert.equal((await call(app, 'POST', 'V4/logs.template.save', { token: child, body: template({ name: 'Child template' }) })).code, PERMISSION_DENIED_CODE);
    assert.equal((await call(app, 'POST', 'V4/logs.template.enable', { token: child, body: { id: t.id, enabled: false } })).code, PERMISSION_DENIED_CODE);
    assert.equal((await call(app, 'POST', 'V4/logs.template.delete', { token: child, body: { ids: [t.id] } })).code, PERMISSION_DENIED_CODE);

    assert.equal((await create(task(t.id, { domain_ids: [shop] }), child)).code, PERMISSION_DENIED_CODE);
    assert.equal((await create(task(t.id, { domain_ids: [www, shop] }), child)).code, PERMISSION_DENIED_CODE);
    const own = await created(task(t.id, { name: 'Child task' }), child);
    await app.jobs.waitFor(own.id);
    assert.deepEqual((await tasks(child)).list.map((entry) => entry.id), [own.id], 'a child sees the tasks it started');
    assert.equal((await fetchFile(app, child, own.id)).statusCode, 200);
    assert.equal((await call(app, 'GET', 'V4/logs.download.file', { token: child, query: { id: parentJob.id } })).code, NOT_FOUND_CODE);
    assert.equal((await call(app, 'POST', 'V4/logs.download.delete', { token: child, body: { ids: [parentJob.id] } })).code, NOT_FOUND_CODE);

    const manager = await childWith(app, 'one-site-manager', 'manage', 'www.example.com');
    const mine = await saveTemplate(template({ name: 'Manager template' }), manager);
    assert.equal(mine.editable, true);
    const seen = await expectOk<ListAnswer<LogTemplate>>(app, 'GET', 'V4/logs.template.list', { token: manager, query: { per_page: 200 } });
    assert.equal(seen.list.find((entry) => entry.id === t.id)!.editable, false, "the parent's template stays the parent's");
    assert.equal((await call(app, 'POST', 'V4/logs.template.save', { token: manager, body: { ...template(), id: t.id } })).code, PERMISSION_DENIED_CODE);
  });
});
