/**
 * The application protection product's calls (core/api/endpoints/sdk.ts). Only account owners reach it: shell §4
 * shows sub-accounts account security, cloud-speed and cloud-resolving only (and the app-login check answers them 604
 * for taichi-app), so every route answers PERMISSION_DENIED_CODE to a sub-account before it reads anything; the
 * permission model gains no module for a product children never see. Objects are reached through the caller's
 * account scope (a device, package, configuration or key only through a business of the account). Every write goes to
 * the operation log under area `sdk` (ec-operation-log area=sdk).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE, type FieldIssue } from '../../../../core/api/catalogue.js';
import { CHILD_ACCOUNT_TYPE } from '../../../../core/api/endpoints/auth.js';
import type { ListAnswer } from '../../../../core/api/endpoints/platform.js';
import {
  SDK_REPORT_TYPES,
  SDK_REPUTATION_LEVELS,
  type SdkBusiness,
  type SdkDevice,
  type SdkKey,
  type SdkPackage,
  type SdkReport,
  type SdkReportType,
} from '../../../../core/api/endpoints/sdk.js';
import type { LogType } from '../../../../core/logs/fields.js';
import { isReportGranularity, validateReportRange, REPORT_TOP_DEFAULT, type ReportGranularity } from '../../../../core/rules/reports.js';
import { validateSdkBusiness, validateSdkConfig, validateSdkKeyName, validateSdkPackage } from '../../../../core/rules/sdk.js';
import { issue, onField } from '../../../../core/rules/types.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { readPage } from '../../platform/http/pagination.js';
import { asRecord, positiveId, readInstant } from '../../platform/http/readers.js';
import { recordOperation } from '../../platform/oplog.js';
import { requireSession } from '../../platform/security/session.js';
import { scope } from '../../platform/security/scope.js';
import { requestSeries, topRequests } from './report.js';
import { configOf, devicesOf, newAppKey, toBusiness, toKey, toPackage, type BusinessRow, type KeyRow, type PackageRow } from './store.js';

const AREA = 'sdk';
/** The log lines behind each data report (shell §2 data reports: CC attack, visit, WAF). */
const REPORT_LOG_TYPE: Readonly<Record<SdkReportType, LogType>> = { cc: 'cc', visit: 'access', waf: 'waf' };

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const flag = (value: unknown) => value === true;

/** True for an account owner; a sub-account is refused (shell §4). */
function requireOwner(request: FastifyRequest, reply: FastifyReply): boolean {
  if (requireSession(request).accountType !== CHILD_ACCOUNT_TYPE) return true;
  fail(reply, PERMISSION_DENIED_CODE);
  return false;
}

function findBusiness(request: FastifyRequest, id: number | null): BusinessRow | undefined {
  return id === null ? undefined : scope(request).get<BusinessRow>('sdk_businesses', { where: 'id = @id', params: { id } });
}

function businessName(request: FastifyRequest, id: number): string {
  return findBusiness(request, id)?.name ?? '';
}

/** Registers the SDK routes. */
export async function sdkRoutes(api: FastifyInstance): Promise<void> {
  const answerBusiness = (request: FastifyRequest, row: BusinessRow): SdkBusiness => toBusiness(api.db, scope(request), row);

  /** Reads and checks a business form; the website, when named, must be one of the account's. */
  function readBusiness(request: FastifyRequest, ownId: number | null) {
    const body = asRecord(request.body);
    const input = { name: text(body.name).trim(), android_package: text(body.android_package).trim(), ios_bundle: text(body.ios_bundle).trim(), remark: text(body.remark) };
    const issues: FieldIssue[] = validateSdkBusiness(input);
    const domainId = body.domain_id === null || body.domain_id === undefined ? null : positiveId(body.domain_id);
    const tenant = scope(request);
    if (body.domain_id !== null && body.domain_id !== undefined && (domainId === null || !tenant.get('domains', { columns: 'id', where: 'id = @id', params: { id: domainId } }))) {
      issues.push({ field: 'domain_id', key: 'common.format-error' });
    }
    const taken = tenant.get('sdk_businesses', { columns: 'id', where: 'name = @name AND id <> @own', params: { name: input.name, own: ownId ?? 0 } });
    if (input.name !== '' && taken) issues.push(...onField('name', issue('sdk.name-taken')));
    return { input: { ...input, domain_id: domainId }, issues };
  }

  api.get('/V4/sdk.business.list', async (request, reply) => {
    if (!requireOwner(request, reply)) return reply;
    const query = asRecord(request.query);
    const { page, issues } = readPage(query);
    if (!validated(reply, issues)) return reply;
    const keyword = text(query.keyword).trim().toLowerCase();
    const where = keyword === '' ? '1 = 1' : '(instr(lower(name), @keyword) > 0 OR instr(lower(android_package), @keyword) > 0 OR instr(lower(ios_bundle), @keyword) > 0)';
    const rows = scope(request).page<BusinessRow>('sdk_businesses', page, { where, params: { keyword }, orderBy: 'id DESC' });
    const answer: ListAnswer<SdkBusiness> = { list: rows.list.map((row) => answerBusiness(request, row)), total: rows.total };
    return ok(reply, answer);
  });

  api.get('/V4/sdk.business.get', async (request, reply) => {
    if (!requireOwner(request, reply)) return reply;
    const row = findBusiness(request, positiveId(asRecord(request.query).id));
    return row ? ok(reply, answerBusiness(request, row)) : fail(reply, NOT_FOUND_CODE);
  });

  api.post('/V4/sdk.business.create', async (request, reply) => {
    if (!requireOwner(request, reply)) return reply;
    const { input, issues } = readBusiness(request, null);
    if (!validated(reply, issues)) return reply;
    const now = api.now();
    const tenant = scope(request);
    const created = api.db.transaction(() => {
      const id = tenant.insert('sdk_businesses', { ...input, created_at: now, updated_at: now });
      const row = findBusiness(request, id)!;
      const answer = answerBusiness(request, row);
      recordOperation(request, { area: AREA, action: 'create', objectId: id, objectLabel: row.name, after: input });
      return answer;
    })();
    return ok(reply, created);
  });

  api.post('/V4/sdk.business.edit', async (request, reply) => {
    if (!requireOwner(request, reply)) return reply;
    const row = findBusiness(request, positiveId(asRecord(request.body).id));
    if (!row) return fail(reply, NOT_FOUND_CODE);
    const { input, issues } = readBusiness(request, row.id);
    if (!validated(reply, issues)) return reply;
    const now = api.now();
    const answer = api.db.transaction(() => {
      scope(request).update('sdk_businesses', { ...input, updated_at: now }, 'id = @id', { id: row.id });
      const before = { name: row.name, android_package: row.android_package, ios_bundle: row.ios_bundle, remark: row.remark, domain_id: row.domain_id };
      recordOperation(request, { area: AREA, action: 'update', objectId: row.id, objectLabel: input.name, before, after: input });
      return answerBusiness(request, findBusiness(request, row.id)!);
    })();
    return ok(reply, answer);
  });

  api.post('/V4/sdk.business.delete', async (request, reply) => {
    if (!requireOwner(request, reply)) return reply;
    const row = findBusiness(request, positiveId(asRecord(request.body).id));
    if (!row) return fail(reply, NOT_FOUND_CODE);
    api.db.transaction(() => {
      scope(request).remove('sdk_businesses', 'id = @id', { id: row.id });
      recordOperation(request, { area: AREA, action: 'delete', objectId: row.id, objectLabel: row.name, before: { name: row.name } });
    })();
    return ok(reply, null);
  });

  api.get('/V4/sdk.device.list', async (request, reply) => {
    if (!requireOwner(request, reply)) return reply;
    const query = asRecord(request.query);
    const { page, issues } = readPage(query);
    const level = text(query.level);
    if (level !== '' && !(SDK_REPUTATION_LEVELS as readonly string[]).includes(level)) issues.push({ field: 'level', key: 'common.format-error' });
    if (!validated(reply, issues)) return reply;
    const business = findBusiness(request, positiveId(query.business_id));
    if (!business) return fail(reply, NOT_FOUND_CODE);
    // The level is computed, not stored, so the filter runs over the computed list (a business has thousands of
    // devices at most in the demo; a production store would keep the summed figures per device to filter in SQL).
    const devices = devicesOf(api.db, requireSession(request).memberId, business.id).filter((device) => level === '' || device.level === level);
    const answer: ListAnswer<SdkDevice> = { list: devices.slice(page.offset, page.offset + page.perPage), total: devices.length };
    return ok(reply, answer);
  });

  function readPackage(request: FastifyRequest, ownId: number | null) {
    const body = asRecord(request.body);
    const form = {
      name: text(body.name).trim(),
      business_id: typeof body.business_id === 'number' ? body.business_id : null,
      protocol: text(body.protocol),
      ports: text(body.ports),
      source_ips: Array.isArray(body.source_ips) ? body.source_ips.map(text) : [],
      source_port: typeof body.source_port === 'number' || typeof body.source_port === 'string' ? body.source_port : '',
    };
    const { issues, ports } = validateSdkPackage(form);
    if (form.business_id !== null && !findBusiness(request, form.business_id)) issues.push({ field: 'business_id', key: 'common.format-error' });
    const tenant = scope(request);
    if (form.name !== '' && tenant.get('sdk_packages', { columns: 'id', where: 'name = @name AND id <> @own', params: { name: form.name, own: ownId ?? 0 } })) {
      issues.push(...onField('name', issue('sdk.name-taken')));
    }
    const values = {
      name: form.name,
      business_id: form.business_id,
      protocol: form.protocol,
      ports: JSON.stringify(ports),
      source_ips: JSON.stringify(form.source_ips.map((ip) => ip.trim()).filter((ip) => ip !== '')),
      source_port: Number(form.source_port),
    };
    return { values, issues };
  }

  api.get('/V4/sdk.package.list', async (request, reply) => {
    if (!requireOwner(request, reply)) return reply;
    const { page, issues } = readPage(request.query);
    if (!validated(reply, issues)) return reply;
    const rows = scope(request).page<PackageRow>('sdk_packages', page, { orderBy: 'id DESC' });
    const answer: ListAnswer<SdkPackage> = { list: rows.list.map((row) => toPackage(row, businessName(request, row.business_id))), total: rows.total };
    return ok(reply, answer);
  });

  api.post('/V4/sdk.package.create', async (request, reply) => {
    if (!requireOwner(request, reply)) return reply;
    const { values, issues } = readPackage(request, null);
    if (!validated(reply, issues)) return reply;
    const tenant = scope(request);
    const answer = api.db.transaction(() => {
      const id = tenant.insert('sdk_packages', { ...values, created_at: api.now() });
      const row = tenant.get<PackageRow>('sdk_packages', { where: 'id = @id', params: { id } })!;
      const created = toPackage(row, businessName(request, row.business_id));
      recordOperation(request, { area: AREA, action: 'create', objectId: id, objectLabel: row.name, after: created });
      return created;
    })();
    return ok(reply, answer);
  });

  api.post('/V4/sdk.package.edit', async (request, reply) => {
    if (!requireOwner(request, reply)) return reply;
    const tenant = scope(request);
    const id = positiveId(asRecord(request.body).id);
    const row = id === null ? undefined : tenant.get<PackageRow>('sdk_packages', { where: 'id = @id', params: { id } });
    if (!row) return fail(reply, NOT_FOUND_CODE);
    const { values, issues } = readPackage(request, row.id);
    if (!validated(reply, issues)) return reply;
    const answer = api.db.transaction(() => {
      tenant.update('sdk_packages', values, 'id = @id', { id: row.id });
      const after = toPackage(tenant.get<PackageRow>('sdk_packages', { where: 'id = @id', params: { id: row.id } })!, businessName(request, values.business_id!));
      recordOperation(request, { area: AREA, action: 'update', objectId: row.id, objectLabel: after.name, before: toPackage(row, businessName(request, row.business_id)), after });
      return after;
    })();
    return ok(reply, answer);
  });

  api.post('/V4/sdk.package.delete', async (request, reply) => {
    if (!requireOwner(request, reply)) return reply;
    const tenant = scope(request);
    const id = positiveId(asRecord(request.body).id);
    const row = id === null ? undefined : tenant.get<PackageRow>('sdk_packages', { where: 'id = @id', params: { id } });
    if (!row) return fail(reply, NOT_FOUND_CODE);
    api.db.transaction(() => {
      tenant.remove('sdk_packages', 'id = @id', { id: row.id });
      recordOperation(request, { area: AREA, action: 'delete', objectId: row.id, objectLabel: row.name, before: { name: row.name } });
    })();
    return ok(reply, null);
  });

  api.get('/V4/sdk.config.get', async (request, reply) => {
    if (!requireOwner(request, reply)) return reply;
    const business = findBusiness(request, positiveId(asRecord(request.query).business_id));
    return business ? ok(reply, configOf(scope(request), business.id)) : fail(reply, NOT_FOUND_CODE);
  });

  api.post('/V4/sdk.config.save', async (request, reply) => {
    if (!requireOwner(request, reply)) return reply;
    const body = asRecord(request.body);
    const business = findBusiness(request, positiveId(body.business_id));
    if (!business) return fail(reply, NOT_FOUND_CODE);
    const input = { cc_threshold: typeof body.cc_threshold === 'number' ? body.cc_threshold : text(body.cc_threshold), risk_action: text(body.risk_action) };
    if (!validated(reply, validateSdkConfig(input))) return reply;
    const tenant = scope(request);
    const before = configOf(tenant, business.id);
    const values = {
      cc_enabled: flag(body.cc_enabled) ? 1 : 0,
      cc_threshold: Number(input.cc_threshold),
      risk_action: input.risk_action,
      block_emulators: flag(body.block_emulators) ? 1 : 0,
      block_rooted: flag(body.block_rooted) ? 1 : 0,
      updated_at: api.now(),
    };
    const after = api.db.transaction(() => {
      if (before.updated_at === null) tenant.insert('sdk_configs', { business_id: business.id, ...values });
      else tenant.update('sdk_configs', values, 'business_id = @id', { id: business.id });
      const saved = configOf(tenant, business.id);
      const { updated_at: _before, ...beforeValues } = before;
      const { updated_at: _after, ...afterValues } = saved;
      recordOperation(request, { area: AREA, action: 'update', objectId: business.id, objectLabel: business.name, before: beforeValues, after: afterValues });
      return saved;
    })();
    return ok(reply, after);
  });

  function findKey(request: FastifyRequest, id: number | null): KeyRow | undefined {
    return id === null ? undefined : scope(request).get<KeyRow>('sdk_keys', { where: 'id = @id', params: { id } });
  }

  api.get('/V4/sdk.key.list', async (request, reply) => {
    if (!requireOwner(request, reply)) return reply;
    const business = findBusiness(request, positiveId(asRecord(request.query).business_id));
    if (!business) return fail(reply, NOT_FOUND_CODE);
    const list = scope(request).all<KeyRow>('sdk_keys', { where: 'business_id = @id', params: { id: business.id }, orderBy: 'id' }).map(toKey);
    const answer: ListAnswer<SdkKey> = { list, total: list.length };
    return ok(reply, answer);
  });

  api.post('/V4/sdk.key.create', async (request, reply) => {
    if (!requireOwner(request, reply)) return reply;
    const body = asRecord(request.body);
    const business = findBusiness(request, positiveId(body.business_id));
    if (!business) return fail(reply, NOT_FOUND_CODE);
    const name = text(body.name).trim();
    const tenant = scope(request);
    const taken = name !== '' && tenant.get('sdk_keys', { columns: 'id', where: 'business_id = @business AND name = @name', params: { business: business.id, name } });
    if (!validated(reply, onField('name', validateSdkKeyName(name) ?? (taken ? issue('sdk.key-name-taken') : null)))) return reply;
    const key = api.db.transaction(() => {
      const id = tenant.insert('sdk_keys', { business_id: business.id, name, app_key: newAppKey(), created_at: api.now(), rotated_at: null });
      const created = toKey(findKey(request, id)!);
      // The key value is not written to the log: the log shows who made which key, not the key.
      recordOperation(request, { area: AREA, action: 'create', objectId: id, objectLabel: `${business.name} / ${name}`, after: { name } });
      return created;
    })();
    return ok(reply, key);
  });

  api.post('/V4/sdk.key.rotate', async (request, reply) => {
    if (!requireOwner(request, reply)) return reply;
    const row = findKey(request, positiveId(asRecord(request.body).id));
    if (!row) return fail(reply, NOT_FOUND_CODE);
    const now = api.now();
    const key = api.db.transaction(() => {
      scope(request).update('sdk_keys', { app_key: newAppKey(), rotated_at: now }, 'id = @id', { id: row.id });
      recordOperation(request, { area: AREA, action: 'rotate', objectId: row.id, objectLabel: row.name, before: { rotated_at: row.rotated_at }, after: { rotated_at: now } });
      return toKey(findKey(request, row.id)!);
    })();
    return ok(reply, key);
  });

  api.post('/V4/sdk.key.delete', async (request, reply) => {
    if (!requireOwner(request, reply)) return reply;
    const row = findKey(request, positiveId(asRecord(request.body).id));
    if (!row) return fail(reply, NOT_FOUND_CODE);
    api.db.transaction(() => {
      scope(request).remove('sdk_keys', 'id = @id', { id: row.id });
      recordOperation(request, { area: AREA, action: 'delete', objectId: row.id, objectLabel: row.name, before: { name: row.name } });
    })();
    return ok(reply, null);
  });

  // Data reports (shell §2: CC attack, visit, WAF) over the log lines of the business's website, with the traffic
  // reports' range rules (core/rules/reports.ts, rules §9) and the same series and top-N readers.
  api.get('/V4/sdk.report.get', async (request, reply) => {
    if (!requireOwner(request, reply)) return reply;
    const query = asRecord(request.query);
    const issues: FieldIssue[] = [];
    const type = text(query.type);
    if (!(SDK_REPORT_TYPES as readonly string[]).includes(type)) issues.push({ field: 'type', key: 'common.format-error' });
    const from = readInstant(query.from);
    const to = readInstant(query.to);
    if (from === null) issues.push({ field: 'from', key: 'logs.range-required' });
    if (to === null) issues.push({ field: 'to', key: 'logs.range-required' });
    const granularity = query.granularity;
    if (!isReportGranularity(granularity)) issues.push({ field: 'granularity', key: 'common.format-error' });
    else if (from !== null && to !== null) issues.push(...validateReportRange(from, to, granularity));
    if (!validated(reply, issues)) return reply;
    const business = findBusiness(request, positiveId(query.business_id));
    if (!business) return fail(reply, NOT_FOUND_CODE);
    const domain = business.domain_id === null ? undefined : scope(request).get<{ domain: string }>('domains', { columns: 'domain', where: 'id = @id', params: { id: business.domain_id } });
    const search = {
      memberId: requireSession(request).memberId,
      logType: REPORT_LOG_TYPE[type as SdkReportType],
      from: from!,
      // Both ends are inclusive in the console's ranges, the end is exclusive in the store (as reports/window.ts). No
    // website: an empty id list, which the store reads as nothing.
      to: to! + 1,
      domainIds: domain ? [business.domain_id!] : [],
      where: null,
    };
    const store = api.logStore;
    const reportGranularity = granularity as ReportGranularity;
    const [points, ips, urls] = await Promise.all([
      requestSeries(store, search, reportGranularity),
      topRequests(store, search, 'client_ip', REPORT_TOP_DEFAULT),
      topRequests(store, search, 'uri', REPORT_TOP_DEFAULT),
    ]);
    const answer: SdkReport = { domain: domain?.domain ?? null, series: points, total: points.reduce((sum, point) => sum + point.requests, 0), ips, urls };
    return ok(reply, answer);
  });
}
