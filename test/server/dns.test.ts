import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CONFLICT_CODE, NOT_FOUND_CODE, PERMISSION_DENIED_CODE, VALIDATION_FAILED_CODE } from '../../core/api/catalogue.js';
import type {
  DnsDomain,
  DnsExportAnswer,
  DnsGroup,
  DnsJob,
  DnsJobDetailAnswer,
  DnsJobStarted,
  DnsRecord,
  DnsRecordListAnswer,
  DnsStatistics,
} from '../../core/api/endpoints/dns.js';
import type { ListAnswer, OperationLogEntry } from '../../core/api/endpoints/platform.js';
import { createChildAccount, createPermissionGroup } from '../../demo/server/features/account/store.js';
import { DEMO_DNS_DOMAINS } from '../../demo/server/features/dns/seed.js';
import { DEMO_MEMBER_ID } from '../../demo/server/platform/demo-accounts.js';
import { hashPasswordSync } from '../../demo/server/platform/security/passwords.js';
import { call, expectOk, signInChild, signInParent, startServer } from './helpers.js';

const record = (fields: Partial<DnsRecord> = {}) => ({ host: 'www', type: 'A', line: 'any', value: '192.0.2.1', ttl: 600, remark: '', status: 'normal', group: '', priority: null, ...fields });

describe('DNS routes (issue 10; rules §3-§5, §9 DNS; shell §6)', () => {
  let app: FastifyInstance;
  let parent: string;
  let child: string;

  before(async () => {
    // These tests read the English seed's wording (seed-language.test.ts holds both seeds).
    ({ app } = await startServer({ seedLanguage: 'en_US' }));
    parent = (await signInParent(app)).token;
    child = (await signInChild(app)).token;
  });
  after(() => app.close());

  async function domains(token: string, query: Record<string, string | number> = {}) {
    return expectOk<ListAnswer<DnsDomain>>(app, 'GET', 'V4/dns.domain.list', { token, query: { per_page: 100, ...query } });
  }
  async function finished(job: DnsJob): Promise<DnsJob> {
    await app.jobs.waitFor(job.id);
    const list = await expectOk<ListAnswer<DnsJob>>(app, 'GET', 'V4/dns.job.list', { token: parent, query: { per_page: 100 } });
    return list.list.find((candidate) => candidate.id === job.id)!;
  }
  async function domainId(name: string): Promise<number> {
    return (await domains(parent, { keyword: name })).list.find((row) => row.domain === name)!.id;
  }

  it('rules §3 DNS: the seeded domains carry access status, status, group and record count', async () => {
    const list = await domains(parent);
    assert.equal(list.total, DEMO_DNS_DOMAINS.length);
    const example = list.list.find((row) => row.domain === 'example.com')!;
    assert.equal(example.access_status, 'connected');
    assert.equal(example.status, 'normal');
    assert.equal(example.group_name, 'Production');
    assert.equal(example.record_count, DEMO_DNS_DOMAINS[0]!.records.length);
    assert.deepEqual(new Set(list.list.map((row) => row.access_status)), new Set(['connected', 'not_connected', 'dns_not_detected', 'specified_dns_not_used']));
  });

  it('shell §6: a child sees the DNS domains its group may; without the domain grant it is refused', async () => {
    const list = await domains(child);
    assert.deepEqual(list.list.map((row) => row.domain).sort(), ['example.com', 'example.org']);
    const hidden = await domainId('example.net');
    const records = await call(app, 'GET', 'V4/dns.record.list', { token: child, query: { domain_id: hidden } });
    // Issue 26: a zone of the account outside the grant is refused with the catalogue's permission error.
    assert.equal(records.code, PERMISSION_DENIED_CODE);
    const now = app.now();
    const groupId = createPermissionGroup(app.db, { memberId: DEMO_MEMBER_ID, name: 'Certificates only', grants: [{ module: 'certificate', object_scope: 'all', access: 'read', auto_bind_new: false }] }, now);
    createChildAccount(app.db, { memberId: DEMO_MEMBER_ID, userName: 'certs', passwordHash: hashPasswordSync('Certs#2026x'), groupId }, now);
    const certs = (await signInChild(app, DEMO_MEMBER_ID, 'certs', 'Certs#2026x')).token;
    for (const path of ['V4/dns.domain.list', 'V4/dns.job.list', 'V4/dns.group.list', 'V4/dns.domain.statistics']) {
      assert.equal((await call(app, 'GET', path, { token: certs })).code, PERMISSION_DENIED_CODE, path);
    }
    assert.equal((await call(app, 'POST', 'V4/dns.domain.batch.add', { token: certs, body: { domains: ['x.example'] } })).code, PERMISSION_DENIED_CODE);
  });

  it('rules §6: a child whose grant auto-binds new objects sees the domains it adds; the parent sees them too', async () => {
    const started = await expectOk<DnsJobStarted>(app, 'POST', 'V4/dns.domain.batch.add', { token: child, body: { domains: ['child-added.example'] } });
    assert.equal((await app.jobs.waitFor(started.job.id)).state, 'complete');
    assert.ok((await domains(child)).list.some((row) => row.domain === 'child-added.example'));
    assert.ok((await domains(parent, { keyword: 'child-added' })).total === 1);
    const childJobs = await expectOk<ListAnswer<DnsJob>>(app, 'GET', 'V4/dns.job.list', { token: child });
    assert.deepEqual(childJobs.list.map((job) => job.id), [started.job.id]);
  });

  it('rules §6 per object: a limited child renames or deletes a DNS group only when it holds no domain outside its grant (security finding)', async () => {
    const group = (name: string, token: string) => expectOk<DnsGroup>(app, 'POST', 'V4/dns.group.create', { token, body: { name, remark: '' } });
    const added = await expectOk<DnsJobStarted>(app, 'POST', 'V4/dns.domain.batch.add', { token: child, body: { domains: ['child-owned.example'] } });
    await app.jobs.waitFor(added.job.id);
    const childDomain = await domainId('child-owned.example');
    const seenByChild = new Set((await domains(child)).list.map((row) => row.id));
    const parentDomain = (await domains(parent)).list.find((row) => !seenByChild.has(row.id))!.id;

    const shared = await group('Shared by the account', parent);
    await expectOk(app, 'POST', 'V4/dns.domain.group.set', { token: parent, body: { ids: [parentDomain, childDomain], group_id: shared.id } });
    assert.equal((await call(app, 'POST', 'V4/dns.group.update', { token: child, body: { id: shared.id, name: 'Taken over', remark: '' } })).code, PERMISSION_DENIED_CODE);
    assert.equal((await call(app, 'POST', 'V4/dns.group.delete', { token: child, body: { ids: [shared.id] } })).code, PERMISSION_DENIED_CODE);
    const groups = await expectOk<ListAnswer<DnsGroup>>(app, 'GET', 'V4/dns.group.list', { token: parent, query: { per_page: 100 } });
    assert.ok(groups.list.some((row) => row.id === shared.id && row.name === 'Shared by the account'), 'the group is untouched');

    const own = await group('Mine only', child);
    await expectOk(app, 'POST', 'V4/dns.domain.group.set', { token: child, body: { ids: [childDomain], group_id: own.id } });
    await expectOk(app, 'POST', 'V4/dns.group.update', { token: child, body: { id: own.id, name: 'Mine, renamed', remark: '' } });
    await expectOk(app, 'POST', 'V4/dns.group.delete', { token: child, body: { ids: [own.id] } });
  });

  it('rules §5 DNS / §9: batch add domains, at most 100 lines ("More than 100 lines"), each line checked', async () => {
    const tooMany = Array.from({ length: 101 }, (_, i) => `batch${i}.example`);
    const refused = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'V4/dns.domain.batch.add', { token: parent, body: { domains: tooMany } });
    assert.equal(refused.code, VALIDATION_FAILED_CODE);
    assert.deepEqual(refused.data.errors[0], { field: 'domains', key: 'dns.more-than-100-lines', values: { max: 100, count: 101 } });
    const bad = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'V4/dns.domain.batch.add', { token: parent, body: { domains: ['ok.example', 'not a domain'] } });
    assert.deepEqual(bad.data.errors, [{ field: 'domains.1', key: 'domain.format-error' }]);
  });

  it('rules §3/§4 DNS jobs: batch add runs as a job; an existing domain fails its row; details, progress and the operation log', async () => {
    const started = await expectOk<DnsJobStarted>(app, 'POST', 'V4/dns.domain.batch.add', {
      token: parent,
      body: { domains: ['new-one.example', 'New-Two.example', 'example.com'] },
    });
    assert.equal(started.job.type, 'dns.batch-add-domains');
    assert.equal(started.job.status, 'waiting');
    assert.equal(started.job.total, 3);
    const job = await finished(started.job);
    // Issue 18: a job with a failed row is never a "success" (rules §4 DNS job: success or fail), whatever else worked.
    assert.deepEqual([job.status, job.state, job.progress, job.succeeded, job.skipped, job.failed], ['fail', 'complete', 100, 2, 0, 1]);
    const details = await expectOk<DnsJobDetailAnswer>(app, 'GET', 'V4/dns.job.detail.list', { token: parent, query: { job_id: job.id } });
    assert.deepEqual(details.list.map((item) => [item.domain, item.result]), [['new-one.example', 'success'], ['new-two.example', 'success'], ['example.com', 'fail']]);
    assert.equal(details.list[2]!.reason, 'The domain already exists');
    const failedOnly = await expectOk<DnsJobDetailAnswer>(app, 'GET', 'V4/dns.job.detail.list', { token: parent, query: { job_id: job.id, result: 'fail' } });
    assert.equal(failedOnly.total, 1);
    assert.ok((await domains(parent, { keyword: 'new-two' })).list.some((row) => row.domain === 'new-two.example' && row.access_status === 'dns_not_detected'));
    const log = await expectOk<ListAnswer<OperationLogEntry>>(app, 'GET', 'V4/oplog.list', { token: parent, query: { area: 'dns', per_page: 100 } });
    assert.ok(log.list.some((entry) => entry.action === 'create' && entry.object_id === String(job.id)));
    const childJobs = await expectOk<ListAnswer<DnsJob>>(app, 'GET', 'V4/dns.job.list', { token: child });
    assert.ok(!childJobs.list.some((row) => row.id === job.id), 'a child sees only the jobs it started');
    const successOnly = await expectOk<ListAnswer<DnsJob>>(app, 'GET', 'V4/dns.job.list', { token: parent, query: { status: 'success', per_page: 100 } });
    assert.ok(successOnly.list.every((row) => row.status === 'success' && row.failed === 0));
    const failOnly = await expectOk<ListAnswer<DnsJob>>(app, 'GET', 'V4/dns.job.list', { token: parent, query: { status: 'fail', per_page: 100 } });
    assert.ok(failOnly.list.some((row) => row.id === job.id));
  });

  it('rules §5 DNS: record values per type, MX priority 1-50 default 5, priority only on MX, TTL 60/600/3600', async () => {
    const id = await domainId('new-one.example');
    const create = (fields: Partial<DnsRecord>) => call<DnsRecord & { errors: { field: string; key: string }[] }>(app, 'POST', 'V4/dns.record.create', { token: parent, body: { domain_id: id, ...record(fields) } });
    const mx = await create({ host: '@', type: 'MX', value: 'mx.new-one.example', priority: undefined });
    assert.equal(mx.code, 1);
    assert.equal(mx.data.priority, 5);
    const cases: Array<[Partial<DnsRecord>, string, string]> = [
      [{ type: 'A', value: '::1' }, 'value', 'dns.record-value-format'],
      [{ type: 'A', value: '' }, 'value', 'dns.record-ip-required'],
      [{ type: 'AAAA', value: '192.0.2.1' }, 'value', 'dns.record-value-format'],
      [{ type: 'CNAME', value: 'not a host' }, 'value', 'dns.record-value-format'],
      [{ type: 'TXT', value: 'x'.repeat(256) }, 'value', 'dns.txt-too-long'],
      [{ type: 'SRV', value: '10 5 sip.example.com' }, 'value', 'dns.record-value-format'],
      [{ type: 'XURL', value: 'ftp://x.example' }, 'value', 'dns.record-value-format'],
      [{ type: 'MX', value: 'mx.example.com', priority: 51 }, 'priority', 'dns.mx-priority-range'],
      [{ type: 'A', priority: 5 }, 'priority', 'dns.priority-mx-only'],
      [{ ttl: 300 }, 'ttl', 'dns.ttl-option'],
      [{ line: 'moon' }, 'line', 'dns.line-option'],
      [{ type: 'PTR' }, 'type', 'dns.record-type'],
    ];
    for (const [fields, field, key] of cases) {
      const answer = await create(fields);
      assert.equal(answer.code, VALIDATION_FAILED_CODE, JSON.stringify(fields));
      assert.ok((answer.data as unknown as { errors: { field: string; key: string }[] }).errors.some((found) => found.field === field && found.key === key), `${JSON.stringify(fields)}: ${answer.raw}`);
    }
    const a = await create({ host: 'www', value: '192.0.2.10', ttl: 60, remark: 'web' });
    assert.equal(a.code, 1);
    assert.equal((await create({ host: 'WWW', value: '192.0.2.10' })).code, CONFLICT_CODE);
    const updated = await expectOk<DnsRecord>(app, 'POST', 'V4/dns.record.update', { token: parent, body: { id: a.data.id, ...record({ host: 'www', value: '192.0.2.11', ttl: 3600 }) } });
    assert.equal(updated.value, '192.0.2.11');
    const log = await expectOk<ListAnswer<OperationLogEntry>>(app, 'GET', 'V4/oplog.list', { token: parent, query: { area: 'dns', action: 'update', per_page: 100 } });
    const entry = log.list.find((row) => row.object_id === String(a.data.id))!;
    assert.equal((entry.before as DnsRecord).value, '192.0.2.10');
    assert.equal((entry.after as DnsRecord).value, '192.0.2.11');
    await expectOk(app, 'POST', 'V4/dns.record.status', { token: parent, body: { ids: [a.data.id], status: 'disabled' } });
    const disabled = await expectOk<DnsRecordListAnswer>(app, 'GET', 'V4/dns.record.list', { token: parent, query: { domain_id: id, status: 'disabled' } });
    assert.deepEqual(disabled.list.map((row) => row.id), [a.data.id]);
    const byType = await expectOk<DnsRecordListAnswer>(app, 'GET', 'V4/dns.record.list', { token: parent, query: { domain_id: id, type: 'MX', keyword: 'mx.new' } });
    assert.equal(byType.total, 1);
    await expectOk(app, 'POST', 'V4/dns.record.delete', { token: parent, body: { ids: [a.data.id] } });
    assert.equal((await expectOk<DnsRecordListAnswer>(app, 'GET', 'V4/dns.record.list', { token: parent, query: { domain_id: id } })).total, 1);
  });

  it('rules §5 DNS / §9 import: at most 5 domains, 200 records per domain, one domain per tab; unknown domains refused', async () => {
    const sheet = (domain: string, count = 1) => ({ domain, records: Array.from({ length: count }, (_, i) => record({ host: `h${i}` })) });
    const importing = (sheets: unknown[], mode = 'append') => call<{ errors: { field: string; key: string; values?: unknown }[] }>(app, 'POST', 'V4/dns.record.import', { token: parent, body: { file_name: 'zones.xlsx', mode, sheets } });
    const six = await importing(['a', 'b', 'c', 'd', 'e', 'f'].map((name) => sheet(`${name}.example`)));
    assert.deepEqual(six.data.errors[0], { field: 'sheets', key: 'dns.import-too-many-domains', values: { max: 5 } });
    const big = await importing([sheet('new-one.example', 201)]);
    assert.deepEqual(big.data.errors[0], { field: 'sheets', key: 'dns.import-too-many-records', values: { max: 200, domain: 'new-one.example' } });
    const twice = await importing([sheet('new-one.example'), sheet('NEW-ONE.example')]);
    assert.deepEqual(twice.data.errors[0], { field: 'sheets', key: 'dns.import-one-domain-per-sheet', values: { domain: 'new-one.example' } });
    const badRow = await importing([{ domain: 'new-one.example', records: [record(), record({ host: 'x', ttl: 5 })] }]);
    assert.deepEqual(badRow.data.errors, [{ field: 'sheets.0.records.1.ttl', key: 'dns.ttl-option', values: { options: '60, 600, 3600' } }]);
    const unknown = await importing([sheet('nobody.example')]);
    assert.equal(unknown.code, NOT_FOUND_CODE);
    assert.match(unknown.message, /nobody\.example is not in your domain list/);
  });

  it('import runs as a job; append skips repeats, replace swaps the records; export gives every record', async () => {
    const id = await domainId('new-two.example');
    const rows = [record({ host: '@', value: '192.0.2.50' }), record({ host: 'www', type: 'CNAME', value: 'new-two.example.' }), record({ host: '@', type: 'MX', value: 'mx.new-two.example', priority: 10 })];
    const first = await expectOk<DnsJobStarted>(app, 'POST', 'V4/dns.record.import', { token: parent, body: { file_name: 'a.xlsx', mode: 'append', sheets: [{ domain: 'new-two.example', records: rows }] } });
    assert.equal(first.job.file_name, 'a.xlsx');
    assert.equal((await finished(first.job)).succeeded, 3);
    const again = await expectOk<DnsJobStarted>(app, 'POST', 'V4/dns.record.import', { token: parent, body: { file_name: 'a.xlsx', mode: 'append', sheets: [{ domain: 'new-two.example', records: rows }] } });
    // Issue 18: repeats in append mode are skipped, not failed, and the job that only skipped did not fail.
    const repeated = await finished(again.job);
    assert.deepEqual([repeated.status, repeated.succeeded, repeated.skipped, repeated.failed], ['success', 0, 3, 0]);
    const skippedRows = await expectOk<DnsJobDetailAnswer>(app, 'GET', 'V4/dns.job.detail.list', { token: parent, query: { job_id: again.job.id, result: 'skipped' } });
    assert.equal(skippedRows.total, 3);
    const exported = await expectOk<DnsExportAnswer>(app, 'GET', 'V4/dns.record.export', { token: parent, query: { domain_id: id } });
    assert.equal(exported.records.length, 3);
    const replaced = await expectOk<DnsJobStarted>(app, 'POST', 'V4/dns.record.import', { token: parent, body: { file_name: 'b.zone', mode: 'replace', sheets: [{ domain: 'new-two.example', records: rows.slice(0, 1) }] } });
    assert.equal((await finished(replaced.job)).status, 'success');
    const after = await expectOk<DnsExportAnswer>(app, 'GET', 'V4/dns.record.export', { token: parent, query: { domain_id: id } });
    assert.deepEqual(after.records.map((row) => [row.host, row.type, row.value]), [['@', 'A', '192.0.2.50']]);
  });

  it('issue 18: a zone file import keeps its SOA for export; a bad SOA is refused; partial failures read "fail"', async () => {
    const id = await domainId('new-one.example');
    const soa = { ttl: 3600, mname: 'ns1.new-one.example.', rname: 'hostmaster.new-one.example.', serial: 2024010107, refresh: 7200, retry: 900, expire: 1_209_600, minimum: 300 };
    const sheets = [{ domain: 'new-one.example', records: [record({ host: 'soa-test' })], soa }];
    const started = await expectOk<DnsJobStarted>(app, 'POST', 'V4/dns.record.import', { token: parent, body: { file_name: 'db.new-one.example', mode: 'append', sheets } });
    assert.equal((await finished(started.job)).status, 'success');
    const exported = await expectOk<DnsExportAnswer>(app, 'GET', 'V4/dns.record.export', { token: parent, query: { domain_id: id } });
    assert.deepEqual(exported.soa, soa);
    const bad = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'V4/dns.record.import', {
      token: parent,
      body: { file_name: 'x', mode: 'append', sheets: [{ ...sheets[0], soa: { ...soa, mname: 'ns1 ) ; injected' } }] },
    });
    assert.deepEqual(bad.data.errors, [{ field: 'sheets.0.soa', key: 'common.format-error' }]);
  });

  it('batch add records to several domains: at most 100 records, each checked, one detail row per domain and record', async () => {
    const ids = [await domainId('new-one.example'), await domainId('new-two.example')];
    const tooMany = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'V4/dns.record.batch.add', { token: parent, body: { domain_ids: ids, records: Array.from({ length: 101 }, (_, i) => record({ host: `r${i}` })) } });
    assert.equal(tooMany.data.errors[0]!.key, 'dns.more-than-100-lines');
    const started = await expectOk<DnsJobStarted>(app, 'POST', 'V4/dns.record.batch.add', { token: parent, body: { domain_ids: ids, records: [record({ host: 'api' }), record({ host: 'cdn', type: 'CNAME', value: 'edge.example.net' })] } });
    assert.equal(started.job.total, 4);
    const job = await finished(started.job);
    assert.deepEqual([job.type, job.status, job.succeeded], ['dns.batch-add-records', 'success', 4]);
  });

  it('domain status, groups, moving between groups and delete, each in the operation log', async () => {
    const group = await expectOk<DnsGroup>(app, 'POST', 'V4/dns.group.create', { token: parent, body: { name: 'Campaigns', remark: 'Short-lived sites' } });
    assert.equal((await call(app, 'POST', 'V4/dns.group.create', { token: parent, body: { name: 'campaigns', remark: '' } })).code, CONFLICT_CODE);
    const empty = await call<{ errors: { field: string; key: string }[] }>(app, 'POST', 'V4/dns.group.create', { token: parent, body: { name: ' ', remark: '' } });
    assert.deepEqual(empty.data.errors, [{ field: 'name', key: 'dns.group-name-required' }]);
    const id = await domainId('new-one.example');
    await expectOk(app, 'POST', 'V4/dns.domain.group.set', { token: parent, body: { ids: [id], group_id: group.id } });
    const groups = await expectOk<ListAnswer<DnsGroup>>(app, 'GET', 'V4/dns.group.list', { token: parent, query: { keyword: 'Campaign' } });
    assert.equal(groups.list[0]!.domain_count, 1);
    await expectOk(app, 'POST', 'V4/dns.group.update', { token: parent, body: { id: group.id, name: 'Campaigns 2026', remark: '' } });
    assert.equal((await domains(parent, { group_id: group.id })).list[0]!.group_name, 'Campaigns 2026');
    await expectOk(app, 'POST', 'V4/dns.domain.status', { token: parent, body: { ids: [id], status: 'disabled' } });
    assert.equal((await domains(parent, { status: 'disabled', keyword: 'new-one' })).total, 1);
    await expectOk(app, 'POST', 'V4/dns.group.delete', { token: parent, body: { ids: [group.id] } });
    assert.equal((await domains(parent, { keyword: 'new-one' })).list[0]!.group_id, null);
    await expectOk(app, 'POST', 'V4/dns.domain.delete', { token: parent, body: { ids: [id] } });
    assert.equal((await domains(parent, { keyword: 'new-one' })).total, 0);
    const log = await expectOk<ListAnswer<OperationLogEntry>>(app, 'GET', 'V4/oplog.list', { token: parent, query: { area: 'dns', per_page: 100 } });
    const actions = new Set(log.list.map((entry) => entry.action));
    for (const action of ['create', 'update', 'disable', 'delete', 'import']) assert.ok(actions.has(action), action);
  });

  it('statistics: domain, record and daily query counts over 7 or 30 days', async () => {
    const week = await expectOk<DnsStatistics>(app, 'GET', 'V4/dns.domain.statistics', { token: parent });
    assert.equal(week.queries.days.length, 7);
    assert.ok(week.queries.total > 0);
    assert.ok(week.records.by_type.MX! >= 2);
    const month = await expectOk<DnsStatistics>(app, 'GET', 'V4/dns.domain.statistics', { token: parent, query: { days: 30, domain_id: await domainId('example.com') } });
    assert.equal(month.queries.days.length, 30);
    assert.equal(month.domains.total, 1);
    assert.equal(month.records.total, DEMO_DNS_DOMAINS[0]!.records.length);
    assert.equal((await call(app, 'GET', 'V4/dns.domain.statistics', { token: parent, query: { days: 12 } })).code, VALIDATION_FAILED_CODE);
    const childView = await expectOk<DnsStatistics>(app, 'GET', 'V4/dns.domain.statistics', { token: child });
    assert.equal(childView.domains.total, (await domains(child)).total);
    assert.ok(childView.domains.total < week.domains.total);
  });
});
