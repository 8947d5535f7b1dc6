/**
 * DNS records (rules §3 DNS "Domain record", §5 DNS value rules, MX priority and TTL; shell §2 domainList/console/:id
 * /record, batch-record-save, importLog): list, add, change, enable/disable, delete, batch add and import (jobs), and
 * export. Every record is checked with `core/rules/dns.ts`, the rules the browser's forms and import preview use.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import { CONFLICT_CODE, NOT_FOUND_CODE } from '../../../../core/api/catalogue.js';
import type {
  DnsChangedAnswer,
  DnsExportAnswer,
  DnsImportMode,
  DnsRecordFields,
  DnsRecordListAnswer,
  DnsZoneSoa,
} from '../../../../core/api/endpoints/dns.js';
import { isBlank } from '../../../../core/rules/common.js';
import {
  DNS_BATCH_RECORDS_MAX,
  DNS_IMPORT_MAX_RECORDS_PER_DOMAIN,
  isDnsRecordType,
  validateDnsDomain,
  validateDnsImportSheets,
  validateDnsLine,
  validateDnsStatus,
  validateDnsZoneSoa,
  type DnsStatus,
} from '../../../../core/rules/dns.js';
import { normalizeDomain } from '../../../../core/rules/domain.js';
import { issue, onField } from '../../../../core/rules/types.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { queryInteger, readPage } from '../../platform/http/pagination.js';
import { recordOperation } from '../../platform/oplog.js';
import { scope } from '../../platform/security/scope.js';
import { dnsAccess, refuseUnseen } from './access.js';
import { visibleDomain } from './domain-routes.js';
import { recordExists, type ImportParams } from './jobs.js';
import { asRecord } from '../../platform/http/readers.js';
import { listIssue, readIds, readRecordFields, recordFields, textOf, toDomain, toRecord, type RecordRow } from './rows.js';
import { Conditions, containsPattern, startDnsJob, type NewJobItem } from './shared.js';

/** Domains one batch add may target. */
const BATCH_DOMAINS_MAX = 100;
/** Longest imported file name kept with the job. */
const FILE_NAME_MAX = 255;

/** Records of the caller's visible domains among `ids`. */
function visibleRecords(request: FastifyRequest, ids: number[]): RecordRow[] {
  const visible = dnsAccess(request).byDomainId();
  return scope(request).all<RecordRow>('dns_records', {
    where: `id IN (SELECT value FROM json_each(@ids)) AND ${visible.where}`,
    params: { ids: JSON.stringify(ids), ...visible.params },
    orderBy: 'id',
  });
}

/** The stored columns of record fields. */
function recordColumns(fields: DnsRecordFields) {
  return {
    host: fields.host,
    type: fields.type,
    line: fields.line,
    value: fields.value,
    priority: fields.priority,
    ttl: fields.ttl,
    remark: fields.remark,
    status: fields.status,
    record_group: fields.group,
  };
}

/** A job detail row for a record of a domain. */
function itemOf(domain: string, fields: DnsRecordFields): NewJobItem {
  return { domain, ...fields };
}

/** Registers the record routes. */
export function recordRoutes(api: FastifyInstance): void {
  api.get('/V4/dns.record.list', async (request, reply) => {
    if (!dnsAccess(request).require(reply, 'read')) return reply;
    const query = request.query as Record<string, unknown>;
    const { page, issues } = readPage(query);
    const domainId = queryInteger(query.domain_id);
    if (domainId === null) issues.push({ field: 'domain_id', key: 'common.positive-integer' });
    const conditions = new Conditions().add('domain_id = @domain_id', { domain_id: domainId });
    const keyword = textOf(query.keyword).trim();
    if (keyword) conditions.add("(host LIKE @keyword ESCAPE '\\' OR value LIKE @keyword ESCAPE '\\')", { keyword: containsPattern(keyword) });
    const type = textOf(query.type).trim().toUpperCase();
    if (type) {
      if (!isDnsRecordType(type)) issues.push(...onField('type', issue('dns.record-type')));
      conditions.add('type = @type', { type });
    }
    const line = textOf(query.line).trim();
    if (line) {
      issues.push(...onField('line', validateDnsLine(line)));
      conditions.add('line = @line', { line });
    }
    const status = textOf(query.status).trim();
    if (status) {
      issues.push(...onField('status', validateDnsStatus(status)));
      conditions.add('status = @status', { status });
    }
    if (!validated(reply, issues)) return reply;
    const domain = visibleDomain(request, domainId as number);
    if (!domain) return refuseUnseen(request, reply, 'dns_domains', [domainId as number]);
    const rows = scope(request).page<RecordRow>('dns_records', page, { where: conditions.where, params: conditions.params, orderBy: 'id DESC' });
    const editable = dnsAccess(request).mayChangeDomains;
    const answer: DnsRecordListAnswer = { list: rows.list.map((row) => toRecord(row, editable)), total: rows.total, domain: toDomain(domain, editable) };
    return ok(reply, answer);
  });

  api.post('/V4/dns.record.create', async (request, reply) => {
    if (!dnsAccess(request).require(reply, 'manage')) return reply;
    const body = asRecord(request.body);
    const domainId = queryInteger(body.domain_id);
    const { value, issues } = readRecordFields(body);
    if (domainId === null) issues.unshift({ field: 'domain_id', key: 'common.positive-integer' });
    if (!validated(reply, issues)) return reply;
    const domain = visibleDomain(request, domainId as number);
    if (!domain) return refuseUnseen(request, reply, 'dns_domains', [domainId as number]);
    const owned = scope(request);
    if (recordExists(owned, domain.id, value)) return fail(reply, CONFLICT_CODE, { key: 'dns-record-exists' });
    const now = request.server.now();
    const id = request.server.db.transaction(() => {
      const created = owned.insert('dns_records', { domain_id: domain.id, ...recordColumns(value), created_at: now, updated_at: now });
      owned.update('dns_domains', { updated_at: now }, 'id = @id', { id: domain.id });
      recordOperation(request, { area: 'dns', action: 'create', objectId: created, objectLabel: `${value.host}.${domain.domain} ${value.type}`, after: value });
      return created;
    })();
    return ok(reply, toRecord(visibleRecords(request, [id])[0] as RecordRow, true));
  });

  api.post('/V4/dns.record.update', async (request, reply) => {
    if (!dnsAccess(request).require(reply, 'manage')) return reply;
    const body = asRecord(request.body);
    const id = queryInteger(body.id);
    const { value, issues } = readRecordFields(body);
    if (id === null) issues.unshift({ field: 'id', key: 'common.positive-integer' });
    if (!validated(reply, issues)) return reply;
    const before = visibleRecords(request, [id as number])[0];
    if (!before) return refuseUnseen(request, reply, 'dns_records', [id as number]);
    const owned = scope(request);
    if (recordExists(owned, before.domain_id, value, before.id)) return fail(reply, CONFLICT_CODE, { key: 'dns-record-exists' });
    const now = request.server.now();
    const columns = recordColumns(value);
    // The stored columns are the normalised record: when each already holds its value, the save writes nothing.
    if (Object.entries(columns).every(([column, stored]) => (before as unknown as Record<string, unknown>)[column] === stored)) {
      return ok(reply, toRecord(before, true));
    }
    request.server.db.transaction(() => {
      owned.update('dns_records', { ...columns, updated_at: now }, 'id = @id', { id: before.id });
      const { id: _id, domain_id: _domain, created_at: _created, updated_at: _updated, ...fields } = recordFields(before);
      recordOperation(request, { area: 'dns', action: 'update', objectId: before.id, objectLabel: `${value.host} ${value.type}`, before: fields, after: value });
    })();
    return ok(reply, toRecord(visibleRecords(request, [before.id])[0] as RecordRow, true));
  });

  api.post('/V4/dns.record.status', async (request, reply) => {
    if (!dnsAccess(request).require(reply, 'manage')) return reply;
    const body = asRecord(request.body);
    const ids = readIds(body.ids);
    const status = textOf(body.status);
    if (!validated(reply, [...(ids ? [] : listIssue('ids')), ...onField('status', validateDnsStatus(status))])) return reply;
    const rows = visibleRecords(request, ids as number[]);
    if (rows.length === 0) return refuseUnseen(request, reply, 'dns_records', ids as number[]);
    const now = request.server.now();
    const changed = request.server.db.transaction(() => {
      let count = 0;
      for (const row of rows.filter((candidate) => candidate.status !== status)) {
        count += scope(request).update('dns_records', { status, updated_at: now }, 'id = @id', { id: row.id });
        recordOperation(request, {
          area: 'dns',
          action: status === 'normal' ? 'enable' : 'disable',
          objectId: row.id,
          objectLabel: `${row.host} ${row.type}`,
          before: { status: row.status },
          after: { status: status as DnsStatus },
        });
      }
      return count;
    })();
    return ok(reply, { changed } satisfies DnsChangedAnswer);
  });

  api.post('/V4/dns.record.delete', async (request, reply) => {
    if (!dnsAccess(request).require(reply, 'manage')) return reply;
    const ids = readIds(asRecord(request.body).ids);
    if (!validated(reply, ids ? [] : listIssue('ids'))) return reply;
    const rows = visibleRecords(request, ids as number[]);
    if (rows.length === 0) return refuseUnseen(request, reply, 'dns_records', ids as number[]);
    const changed = request.server.db.transaction(() => {
      let count = 0;
      for (const row of rows) {
        count += scope(request).remove('dns_records', 'id = @id', { id: row.id });
        recordOperation(request, { area: 'dns', action: 'delete', objectId: row.id, objectLabel: `${row.host} ${row.type}`, before: recordFields(row) });
      }
      return count;
    })();
    return ok(reply, { changed } satisfies DnsChangedAnswer);
  });

  api.post('/V4/dns.record.batch.add', async (request, reply) => {
    if (!dnsAccess(request).require(reply, 'manage')) return reply;
    const body = asRecord(request.body);
    const domainIds = readIds(body.domain_ids, BATCH_DOMAINS_MAX);
    const issues: FieldIssue[] = domainIds ? [] : listIssue('domain_ids');
    const records: DnsRecordFields[] = [];
    if (!Array.isArray(body.records) || body.records.length === 0) issues.push(...listIssue('records'));
    else if (body.records.length > DNS_BATCH_RECORDS_MAX) {
      issues.push(...onField('records', issue('dns.more-than-100-lines', { max: DNS_BATCH_RECORDS_MAX, count: body.records.length })));
    } else {
      body.records.forEach((source, index) => {
        const read = readRecordFields(source, `records.${index}.`);
        records.push(read.value);
        issues.push(...read.issues);
      });
    }
    if (!validated(reply, issues)) return reply;
    const domains = (domainIds as number[]).map((id) => visibleDomain(request, id));
    if (domains.some((domain) => domain === undefined)) return refuseUnseen(request, reply, 'dns_domains', domainIds as number[]);
    const names = domains.map((domain) => domain!.domain);
    const items = names.flatMap((domain) => records.map((record) => itemOf(domain, record)));
    const job = startDnsJob(request, 'dns.batch-add-records', null, items, {
      action: 'create',
      objectLabel: names.join(', '),
      after: { domains: names, records },
    });
    return ok(reply, { job });
  });

  api.post('/V4/dns.record.import', async (request, reply) => {
    if (!dnsAccess(request).require(reply, 'manage')) return reply;
    const body = asRecord(request.body);
    const issues: FieldIssue[] = [];
    const fileName = textOf(body.file_name).trim();
    if (isBlank(fileName) || fileName.length > FILE_NAME_MAX) issues.push({ field: 'file_name', key: 'common.format-error' });
    const mode = textOf(body.mode) as DnsImportMode;
    if (mode !== 'append' && mode !== 'replace') issues.push({ field: 'mode', key: 'common.format-error' });
    const sheets: { domain: string; records: DnsRecordFields[]; soa: DnsZoneSoa | null }[] = [];
    if (!Array.isArray(body.sheets)) issues.push(...listIssue('sheets'));
    else {
      const shapes = body.sheets.map((sheet) => {
        const source = asRecord(sheet);
        return { domain: normalizeDomain(textOf(source.domain)), records: Array.isArray(source.records) ? source.records.length : 0 };
      });
      issues.push(...onField('sheets', validateDnsImportSheets(shapes)));
      body.sheets.forEach((sheet, index) => {
        const source = asRecord(sheet);
        const domain = normalizeDomain(textOf(source.domain));
        issues.push(...onField(`sheets.${index}.domain`, validateDnsDomain(domain)));
        const records: DnsRecordFields[] = [];
        if (!Array.isArray(source.records) || source.records.length === 0) issues.push(...listIssue(`sheets.${index}.records`));
        else if (source.records.length <= DNS_IMPORT_MAX_RECORDS_PER_DOMAIN) {
          source.records.forEach((record, row) => {
            const read = readRecordFields(record, `sheets.${index}.records.${row}.`);
            records.push(read.value);
            issues.push(...read.issues);
          });
        }
        const soa = source.soa === undefined || source.soa === null ? null : (source.soa as DnsZoneSoa);
        if (soa) issues.push(...onField(`sheets.${index}.soa`, validateDnsZoneSoa(soa)));
        sheets.push({ domain, records, soa });
      });
    }
    if (!validated(reply, issues)) return reply;
    for (const sheet of sheets) {
      const visible = dnsAccess(request).domains();
      const known = scope(request).count('dns_domains', { where: `domain = @domain AND ${visible.where}`, params: { domain: sheet.domain, ...visible.params } });
      if (known === 0) return fail(reply, NOT_FOUND_CODE, { key: 'dns-import-domain-unknown', values: { domain: sheet.domain } });
    }
    const soa = Object.fromEntries(sheets.flatMap((sheet) => (sheet.soa ? [[sheet.domain, sheet.soa]] : [])));
    const params: ImportParams = { file_name: fileName, mode, domains: sheets.map((sheet) => sheet.domain), ...(Object.keys(soa).length > 0 ? { soa } : {}) };
    const items = sheets.flatMap((sheet) => sheet.records.map((record) => itemOf(sheet.domain, record)));
    const job = startDnsJob(request, 'dns.batch-import-records', params, items, {
      action: 'import',
      objectLabel: fileName,
      after: { file_name: fileName, mode, sheets: sheets.map((sheet) => ({ domain: sheet.domain, records: sheet.records.length })) },
    });
    return ok(reply, { job });
  });

  api.get('/V4/dns.record.export', async (request, reply) => {
    if (!dnsAccess(request).require(reply, 'read')) return reply;
    const domainId = queryInteger((request.query as Record<string, unknown>).domain_id);
    if (!validated(reply, domainId === null ? [{ field: 'domain_id', key: 'common.positive-integer' }] : [])) return reply;
    const domain = visibleDomain(request, domainId as number);
    if (!domain) return refuseUnseen(request, reply, 'dns_domains', [domainId as number]);
    const records = scope(request).all<RecordRow>('dns_records', { where: 'domain_id = @domain_id', params: { domain_id: domain.id }, orderBy: 'id' });
    const stored = scope(request).get<{ soa: string | null }>('dns_domains', { columns: 'soa', where: 'id = @id', params: { id: domain.id } });
    const editable = dnsAccess(request).mayChangeDomains;
    const answer: DnsExportAnswer = { domain: toDomain(domain, editable), records: records.map((row) => toRecord(row, editable)), soa: stored?.soa ? (JSON.parse(stored.soa) as DnsZoneSoa) : null };
    return ok(reply, answer);
  });
}
