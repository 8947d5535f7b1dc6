/**
 * Certificate routes (rules §2 certificate list: apply, batch apply, upload, bind, detail, edit, download; rules §5
 * Certificates; rules §6 "Unauthorized certificates cannot be linked"; rules §8 "Certificate binding failed"; rules §9
 * free certificates). Uploads are checked with the same X.509 inspection the browser runs; private keys are sealed
 * at rest (certificates/vault.ts), never read by list or detail queries, and returned only by a download that
 * confirms it. Every write is scoped to the account, checked against the child's certificate grant and logged.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONFLICT_CODE, NOT_FOUND_CODE, PERMISSION_DENIED_CODE, REJECT_WITH_DATA_CODE, type FieldIssue } from '../../../../core/api/catalogue.js';
import {
  CERTIFICATE_APPLY_STATUSES,
  CERTIFICATE_EXPIRY_STATES,
  type BoundDomain,
  type CertificateBindAnswer,
  type CertificateBindFailedData,
  type CertificateBindFailure,
  type CertificateBinding,
  type CertificateDetail,
  type CertificateDownloadAnswer,
  type CertificateListAnswer,
  type CertificateSort,
  type CertificateUnbindAnswer,
  type FreeCertificateApplyAnswer,
} from '../../../../core/api/endpoints/certificates.js';
import type { ListAnswer } from '../../../../core/api/endpoints/platform.js';
import {
  CERTIFICATE_BATCH_APPLY_MAX,
  CERTIFICATE_EXPIRING_SOON_DAYS,
  certificateCovers,
  certificateExpiryState,
  certificateNameSet,
  FREE_CERTIFICATE_DUPLICATES_MAX,
  FREE_CERTIFICATES_PER_DOMAIN_WEEKLY,
  registeredDomain,
  validateCertificateName,
  validateFreeCertificateApplication,
  type FreeCertificateIssuer,
} from '../../../../core/rules/certificates.js';
import { normalizeDomain } from '../../../../core/rules/domain.js';
import { issue, onField } from '../../../../core/rules/types.js';
import { inspectCertificateUpload, splitChainPem, summarizeChainPem } from '../../../../core/x509/inspect.js';
import { CERTIFICATE_ISSUE_JOB, certificateIssueHandler, type CertificateIssueParams } from './issue-job.js';
import { boundDomainsOf, mirrorBinding, PUBLIC_COLUMNS, sealContext, searchText, toCertificateInfo, type CertificateRow } from './store.js';
import { vaultFor } from './vault.js';
import { prepare, isoTime } from '../../platform/database.js';
import { fail, ok, validated, type FailOptions } from '../../platform/http/envelope.js';
import { queryInteger, readPage } from '../../platform/http/pagination.js';
import { recordOperation } from '../../platform/oplog.js';
import { mayReach, reachedWebsites, visibleWebsites } from '../../platform/security/object-reach.js';
import { permissions } from '../../platform/security/permissions.js';
import { scope, type Params } from '../../platform/security/scope.js';
import { requireSession } from '../../platform/security/session.js';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** Free certificates are renewed this long before their due date (the "expiring soon" window). */
const RENEW_BEFORE_MS = CERTIFICATE_EXPIRING_SOON_DAYS * DAY_MS;
/** How often every account's renewals are looked for, besides each list call. */
const RENEWAL_SWEEP_MS = 3_600_000;
/** A chain of a handful of certificates is a few kilobytes; more is not a certificate upload. */
const CERTIFICATE_TEXT_MAX = 65_536;
const PRIVATE_KEY_TEXT_MAX = 16_384;
const KEYWORD_MAX = 255;
const SORTS: readonly CertificateSort[] = ['due_asc', 'due_desc', 'created_desc'];
const ORDER_BY: Record<CertificateSort, string> = {
  due_asc: 'not_after IS NULL, not_after ASC, id DESC',
  due_desc: 'not_after IS NULL, not_after DESC, id DESC',
  created_desc: 'id DESC',
};

function asRecord(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function positiveId(value: unknown): number | null {
  const id = queryInteger(value);
  return id !== null && id > 0 ? id : null;
}

/** Reads `ids` as distinct positive integers, 1..max of them. */
function idList(value: unknown, field: string, max: number): { ids: number[]; issues: FieldIssue[] } {
  if (!Array.isArray(value) || value.length === 0) return { ids: [], issues: onField(field, issue('common.required')) };
  if (value.length > max) return { ids: [], issues: onField(field, issue('batch.beyond-limit', { max })) };
  const ids = value.map(positiveId);
  if (ids.some((id) => id === null)) return { ids: [], issues: onField(field, issue('common.positive-integer')) };
  return { ids: [...new Set(ids as number[])], issues: [] };
}

/** The caller's visible certificates, as a condition on `id`. */
function visibleCondition(request: FastifyRequest): { where: string; params: Params } {
  return permissions(request).visible('certificate', 'id');
}

function findCertificate(request: FastifyRequest, id: number): CertificateRow | undefined {
  const visible = visibleCondition(request);
  return scope(request).get<CertificateRow>('certificates', {
    columns: PUBLIC_COLUMNS,
    where: `id = @certificate_id AND ${visible.where}`,
    params: { ...visible.params, certificate_id: id },
  });
}

/** The label and the public facts the operation log keeps of a certificate: never its private key. */
function logView(row: Pick<CertificateRow, 'id' | 'name' | 'source' | 'apply_status' | 'domains' | 'issuer' | 'not_after' | 'auto_renew'>) {
  return {
    id: row.id,
    name: row.name,
    source: row.source,
    apply_status: row.apply_status,
    domains: JSON.parse(row.domains) as string[],
    issuer: row.issuer,
    not_after: isoTime(row.not_after),
    auto_renew: row.auto_renew === 1,
  };
}

/**
 * Rules §9 automatic renewal: free, issued, auto-renewing certificates of an account due within the expiring-soon
 * window are re-issued by a `certificate.issue` job. The `renewing` flag keeps one renewal per certificate at a time.
 */
export function scheduleRenewals(app: FastifyInstance, memberId: number): void {
  const now = app.now();
  const due = prepare(
    app.db,
    `SELECT id, created_by FROM certificates WHERE member_id = ? AND source = 'free' AND apply_status = 'issued'
        AND auto_renew = 1 AND renewing = 0 AND not_after <= ? ORDER BY id`,
  ).all(memberId, now + RENEW_BEFORE_MS) as { id: number; created_by: number }[];
  if (due.length === 0) return;
  app.db.transaction(() => {
    prepare(app.db, `UPDATE certificates SET renewing = 1 WHERE member_id = ? AND id IN (SELECT value FROM json_each(?))`).run(
      memberId,
      JSON.stringify(due.map((row) => row.id)),
    );
    const params: CertificateIssueParams = { certificate_ids: due.map((row) => row.id), renew: true };
    app.jobs.enqueue({ memberId, userId: due[0]!.created_by, operator: 'auto-renewal', type: CERTIFICATE_ISSUE_JOB, params });
  })();
}

/**
 * Whether the caller may manage a website of this exact name (case-insensitive). A parent manages every name of
 * its account, including names it has not added as websites yet.
 */
function mayManageDomainName(request: FastifyRequest, name: string): boolean {
  const perms = permissions(request);
  if (!perms.isChild) return true;
  const site = scope(request).get<{ id: number }>('domains', { columns: 'id', where: 'domain = @name COLLATE NOCASE', params: { name } });
  return site !== undefined && perms.allows('domain', 'manage', site.id);
}

/** Whether a certificate's stored private key is `privateKey` (as it would be stored: trimmed, one final newline). */
function sameKey(request: FastifyRequest, row: Pick<CertificateRow, 'id'>, privateKey: string, memberId: number): boolean {
  const sealed = scope(request).get<{ private_key_sealed: string | null }>('certificates', { columns: 'private_key_sealed', where: 'id = @id', params: { id: row.id } });
  return sealed?.private_key_sealed != null && vaultFor(request.server.db).open(sealed.private_key_sealed, sealContext(memberId)) === privateKey.trim() + '\n';
}

/**
 * Whether the caller may change this certificate: its certificate grant, and (rules §6 per object) every website it
 * is bound to, since replacing, renewing, deleting it or taking its key acts on all of them. Lists and details answer
 * it as `editable`, so the browser offers exactly what the write routes accept.
 */
function mayManageCertificate(request: FastifyRequest, id: number): boolean {
  const perms = permissions(request);
  if (!perms.isChild) return true;
  return perms.allows('certificate', 'manage', id) && mayReach(perms, 'manage', reachedWebsites(request, 'certificate', id));
}

/** Whether the caller may manage certificates, or this one ({@link mayManageCertificate}); otherwise refuses. */
function requireManage(request: FastifyRequest, reply: FastifyReply, id?: number, key?: FailOptions['key']): boolean {
  if (id === undefined) return permissions(request).require(reply, 'certificate', 'manage');
  if (mayManageCertificate(request, id)) return true;
  fail(reply, PERMISSION_DENIED_CODE, { key });
  return false;
}

/** Reads the certificate text fields of an upload or edit, with the length limits. */
function readPemFields(source: Record<string, unknown>): { certificate: string; privateKey: string; issues: FieldIssue[] } {
  const certificate = text(source.certificate);
  const privateKey = text(source.private_key);
  const issues: FieldIssue[] = [];
  if (certificate.length > CERTIFICATE_TEXT_MAX) issues.push(...onField('certificate', issue('common.too-long', { max: CERTIFICATE_TEXT_MAX })));
  if (privateKey.length > PRIVATE_KEY_TEXT_MAX) issues.push(...onField('privateKey', issue('common.too-long', { max: PRIVATE_KEY_TEXT_MAX })));
  return { certificate, privateKey, issues };
}

/** Registers the routes (under /api) and the issuance job. */
export async function certificateRoutes(api: FastifyInstance): Promise<void> {
  api.jobs.register(CERTIFICATE_ISSUE_JOB, certificateIssueHandler);
  const sweep = setInterval(() => {
    const members = api.db.prepare(`SELECT DISTINCT member_id FROM certificates WHERE auto_renew = 1 AND source = 'free'`).all() as {
      member_id: number;
    }[];
    for (const { member_id } of members) scheduleRenewals(api, member_id);
  }, RENEWAL_SWEEP_MS);
  sweep.unref();
  api.addHook('onClose', async () => clearInterval(sweep));

  api.get('/V4/certificate.list', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const { page, issues } = readPage(query);
    const keyword = text(query.keyword).trim().toLowerCase();
    const expiry = text(query.expiry_state);
    const status = text(query.apply_status);
    const sort = (text(query.sort) || 'created_desc') as CertificateSort;
    if (keyword.length > KEYWORD_MAX) issues.push(...onField('keyword', issue('common.too-long', { max: KEYWORD_MAX })));
    if (expiry && !(CERTIFICATE_EXPIRY_STATES as readonly string[]).includes(expiry)) issues.push({ field: 'expiry_state', key: 'common.format-error' });
    if (status && !(CERTIFICATE_APPLY_STATUSES as readonly string[]).includes(status)) issues.push({ field: 'apply_status', key: 'common.format-error' });
    if (!SORTS.includes(sort)) issues.push({ field: 'sort', key: 'common.format-error' });
    if (!validated(reply, issues)) return reply;

    const memberId = requireSession(request).memberId;
    scheduleRenewals(api, memberId);
    const now = api.now();
    const soon = now + CERTIFICATE_EXPIRING_SOON_DAYS * DAY_MS;
    const visible = visibleCondition(request);
    const conditions = [visible.where];
    const params: Params = { ...visible.params, now, soon };
    if (keyword) {
      conditions.push('instr(search_text, @keyword) > 0');
      params.keyword = keyword;
    }
    if (status) {
      conditions.push('apply_status = @status');
      params.status = status;
    }
    if (expiry === 'expired') conditions.push('not_after <= @now');
    if (expiry === 'expiring') conditions.push('not_after > @now AND not_after <= @soon');
    if (expiry === 'unexpired') conditions.push('not_after > @soon');
    const scoped = scope(request);
    const rows = scoped.page<CertificateRow>('certificates', page, {
      columns: PUBLIC_COLUMNS,
      where: conditions.join(' AND '),
      params,
      orderBy: ORDER_BY[sort],
    });
    const counted = scoped.get<Record<'expired' | 'expiring' | 'unexpired', number | null>>('certificates', {
      columns: `SUM(not_after <= @now) AS expired, SUM(not_after > @now AND not_after <= @soon) AS expiring, SUM(not_after > @soon) AS unexpired`,
      where: visible.where,
      params: { ...visible.params, now, soon },
    });
    const bound = boundDomainsOf(scoped, rows.list.map((row) => row.id), visibleWebsites(request, 'domain_id'));
    const answer: CertificateListAnswer = {
      list: rows.list.map((row) => toCertificateInfo(row, bound.get(row.id) ?? [], now, mayManageCertificate(request, row.id))),
      total: rows.total,
      counts: { expired: counted?.expired ?? 0, expiring: counted?.expiring ?? 0, unexpired: counted?.unexpired ?? 0 },
    };
    return ok(reply, answer);
  });

  api.get('/V4/certificate.detail', async (request, reply) => {
    const id = positiveId((request.query as Record<string, unknown>).id);
    if (!validated(reply, id === null ? [{ field: 'id', key: 'common.positive-integer' }] : [])) return reply;
    const row = findCertificate(request, id as number);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    const bound = boundDomainsOf(scope(request), [row.id], visibleWebsites(request, 'domain_id')).get(row.id) ?? [];
    const info = toCertificateInfo(row, bound, api.now(), mayManageCertificate(request, row.id));
    const answer: CertificateDetail = {
      ...info,
      bound_domains: bound,
      summary: row.chain_pem ? await summarizeChainPem(row.chain_pem) : null,
      chain_pem: row.chain_pem,
    };
    return ok(reply, answer);
  });

  api.post('/V4/certificate.upload', async (request, reply) => {
    if (!requireManage(request, reply)) return reply;
    const source = asRecord(request.body);
    const name = text(source.name).trim();
    const pem = readPemFields(source);
    const issues = [...onField('name', validateCertificateName(name)), ...pem.issues];
    if (issues.length > 0 && !validated(reply, issues)) return reply;
    const inspection = await inspectCertificateUpload({ certificate: pem.certificate, privateKey: pem.privateKey }, api.now());
    if (!validated(reply, inspection.issues)) return reply;
    const summary = inspection.summary!;
    const session = requireSession(request);
    const now = api.now();
    const vault = vaultFor(api.db);
    const scoped = scope(request);
    const row = api.db.transaction(() => {
      const id = scoped.insert('certificates', {
        name,
        source: 'upload',
        apply_status: 'uploaded',
        domains: JSON.stringify(summary.names),
        name_set: certificateNameSet(summary.names),
        search_text: searchText(name, summary.names),
        issuer: summary.issuer,
        not_before: Date.parse(summary.not_before),
        not_after: Date.parse(summary.not_after),
        key_type: summary.key_type,
        chain_pem: inspection.orderedChainPem,
        private_key_sealed: vault.seal(pem.privateKey.trim() + '\n', sealContext(session.memberId)),
        auto_renew: 0,
        created_by: session.userId,
        created_at: now,
        updated_at: now,
      });
      permissions(request).bindCreated('certificate', id);
      const created = scoped.get<CertificateRow>('certificates', { columns: PUBLIC_COLUMNS, where: 'id = @id', params: { id } }) as CertificateRow;
      recordOperation(request, { area: 'certificate', action: 'upload', objectId: id, objectLabel: name, after: logView(created) });
      return created;
    })();
    return ok(reply, toCertificateInfo(row, [], now, mayManageCertificate(request, row.id)));
  });

  api.post('/V4/certificate.update', async (request, reply) => {
    const source = asRecord(request.body);
    const id = positiveId(source.id);
    if (!validated(reply, id === null ? [{ field: 'id', key: 'common.positive-integer' }] : [])) return reply;
    const row = findCertificate(request, id as number);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    if (!requireManage(request, reply, row.id)) return reply;
    const name = text(source.name).trim();
    const replacing = text(source.certificate) !== '' || text(source.private_key) !== '';
    if (replacing && row.source !== 'upload') return fail(reply, CONFLICT_CODE, { key: 'certificate-upload-only' });
    const pem = readPemFields(source);
    const issues = [...onField('name', validateCertificateName(name)), ...pem.issues];
    if (issues.length > 0 && !validated(reply, issues)) return reply;
    const inspection = replacing ? await inspectCertificateUpload({ certificate: pem.certificate, privateKey: pem.privateKey }, api.now()) : null;
    if (inspection && !validated(reply, inspection.issues)) return reply;
    const now = api.now();
    const session = requireSession(request);
    const scoped = scope(request);
    const sameMaterial = !inspection || (inspection.orderedChainPem === row.chain_pem && sameKey(request, row, pem.privateKey, session.memberId));
    if (name === row.name && sameMaterial) return ok(reply, toCertificateInfo(row, boundDomainsOf(scoped, [row.id]).get(row.id) ?? [], now, true));
    const names = inspection ? inspection.summary!.names : (JSON.parse(row.domains) as string[]);
    const values: Params = { name, search_text: searchText(name, names), updated_at: now };
    if (inspection) {
      const summary = inspection.summary!;
      Object.assign(values, {
        domains: JSON.stringify(summary.names),
        name_set: certificateNameSet(summary.names),
        issuer: summary.issuer,
        not_before: Date.parse(summary.not_before),
        not_after: Date.parse(summary.not_after),
        key_type: summary.key_type,
        chain_pem: inspection.orderedChainPem,
        private_key_sealed: vaultFor(api.db).seal(pem.privateKey.trim() + '\n', sealContext(session.memberId)),
      });
    }
    const updated = api.db.transaction(() => {
      scoped.update('certificates', values, 'id = @id', { id: row.id });
      const after = findCertificate(request, row.id) as CertificateRow;
      const bound = boundDomainsOf(scoped, [row.id]).get(row.id) ?? [];
      mirrorBinding(api.db, session.memberId, bound.map((domain) => domain.domain_id), { id: row.id, name });
      recordOperation(request, { area: 'certificate', action: 'update', objectId: row.id, objectLabel: name, before: logView(row), after: logView(after) });
      return { after, bound };
    })();
    return ok(reply, toCertificateInfo(updated.after, updated.bound, now, true));
  });

  api.post('/V4/certificate.delete', async (request, reply) => {
    const id = positiveId(asRecord(request.body).id);
    if (!validated(reply, id === null ? [{ field: 'id', key: 'common.positive-integer' }] : [])) return reply;
    const row = findCertificate(request, id as number);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    if (!requireManage(request, reply, row.id)) return reply;
    const scoped = scope(request);
    if (scoped.count('certificate_bindings', { where: 'certificate_id = @id', params: { id: row.id } }) > 0) {
      return fail(reply, CONFLICT_CODE, { key: 'certificate-bound' });
    }
    api.db.transaction(() => {
      scoped.remove('certificates', 'id = @id', { id: row.id });
      prepare(api.db, `DELETE FROM permission_objects WHERE member_id = ? AND module = 'certificate' AND object_id = ?`).run(scoped.memberId, row.id);
      recordOperation(request, { area: 'certificate', action: 'delete', objectId: row.id, objectLabel: row.name, before: logView(row) });
    })();
    return ok(reply, { id: row.id });
  });

  api.post('/V4/certificate.auto_renew.set', async (request, reply) => {
    const source = asRecord(request.body);
    const id = positiveId(source.id);
    const issues: FieldIssue[] = id === null ? [{ field: 'id', key: 'common.positive-integer' }] : [];
    if (typeof source.auto_renew !== 'boolean') issues.push({ field: 'auto_renew', key: 'common.format-error' });
    if (!validated(reply, issues)) return reply;
    const row = findCertificate(request, id as number);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    if (!requireManage(request, reply, row.id)) return reply;
    if (row.source !== 'free') return fail(reply, CONFLICT_CODE, { key: 'certificate-auto-renew-free-only' });
    const now = api.now();
    const scoped = scope(request);
    if (Boolean(row.auto_renew) === source.auto_renew) return ok(reply, toCertificateInfo(row, boundDomainsOf(scoped, [row.id]).get(row.id) ?? [], now, true));
    const after = api.db.transaction(() => {
      scoped.update('certificates', { auto_renew: source.auto_renew ? 1 : 0, updated_at: now }, 'id = @id', { id: row.id });
      const updated = findCertificate(request, row.id) as CertificateRow;
      recordOperation(request, { area: 'certificate', action: 'auto-renew', objectId: row.id, objectLabel: row.name, before: logView(row), after: logView(updated) });
      return updated;
    })();
    return ok(reply, toCertificateInfo(after, boundDomainsOf(scoped, [row.id]).get(row.id) ?? [], now, true));
  });

  api.post('/V4/certificate.free.apply', async (request, reply) => {
    if (!requireManage(request, reply)) return reply;
    const source = asRecord(request.body);
    const issuer = text(source.issuer);
    const rawDomains = Array.isArray(source.domains) ? source.domains.map((value) => (typeof value === 'string' ? value : '')) : [];
    const issues = validateFreeCertificateApplication({ issuer, domains: rawDomains });
    if (!validated(reply, issues)) return reply;
    const domains = rawDomains.map((domain) => normalizeDomain(domain)).filter((domain) => domain.length > 0);
    // Rules §6, per object: a sub-account applies only for names of websites its group may manage; otherwise it
    // could obtain (and download the private key of) a certificate for a domain outside its grant.
    const notGranted = domains.filter((domain) => !mayManageDomainName(request, domain));
    if (!validated(reply, notGranted.map((domain) => ({ field: 'domains', key: 'certificates.domain-not-granted', values: { domain } })))) return reply;

    // Rules §5 quota, per account: 50 certificates per registered domain per week (applications under review and
    // issued ones count; a failed review issued nothing) and 5 live certificates for the same set of names. The
    // spec gives no window for duplicates; the stricter reading counts every certificate the account still holds.
    const now = api.now();
    const scoped = scope(request);
    const weekly = new Map<string, number>();
    const overQuota = new Set<string>();
    const duplicates = new Map<string, number>();
    const quotaIssues: FieldIssue[] = [];
    for (const domain of domains) {
      const registered = registeredDomain(domain);
      const used =
        weekly.get(registered) ??
        scoped.count('certificates', {
          where: `source = 'free' AND registered_domain = @registered AND created_at > @since AND apply_status IN ('applying', 'issued')`,
          params: { registered, since: now - WEEK_MS },
        });
      weekly.set(registered, used + 1);
      if (used + 1 > FREE_CERTIFICATES_PER_DOMAIN_WEEKLY && !overQuota.has(registered)) {
        overQuota.add(registered);
        quotaIssues.push({ field: 'domains', key: 'certificates.weekly-quota-domain', values: { domain: registered, max: FREE_CERTIFICATES_PER_DOMAIN_WEEKLY } });
      }
      const nameSet = certificateNameSet([domain]);
      const same =
        duplicates.get(nameSet) ??
        scoped.count('certificates', { where: `name_set = @name_set AND apply_status IN ('applying', 'issued', 'uploaded')`, params: { name_set: nameSet } });
      duplicates.set(nameSet, same + 1);
      if (same >= FREE_CERTIFICATE_DUPLICATES_MAX) {
        quotaIssues.push({ field: 'domains', key: 'certificates.duplicate-quota-domain', values: { domain, max: FREE_CERTIFICATE_DUPLICATES_MAX } });
      }
    }
    if (!validated(reply, quotaIssues)) return reply;

    const session = requireSession(request);
    const answer = api.db.transaction((): FreeCertificateApplyAnswer => {
      const ids = domains.map((domain) => {
        const id = scoped.insert('certificates', {
          name: domain,
          source: 'free',
          apply_status: 'applying',
          free_issuer: issuer as FreeCertificateIssuer,
          domains: JSON.stringify([domain]),
          name_set: certificateNameSet([domain]),
          registered_domain: registeredDomain(domain),
          search_text: searchText(domain, [domain]),
          auto_renew: 1,
          created_by: session.userId,
          created_at: now,
          updated_at: now,
        });
        permissions(request).bindCreated('certificate', id);
        return id;
      });
      const params: CertificateIssueParams = { certificate_ids: ids };
      const job = api.jobs.enqueue({ memberId: session.memberId, userId: session.userId, operator: session.operator, type: CERTIFICATE_ISSUE_JOB, params });
      recordOperation(request, {
        area: 'certificate',
        action: 'apply',
        objectId: job.id,
        objectLabel: domains.length === 1 ? domains[0]! : `${domains.length}`,
        after: { issuer, domains, certificate_ids: ids, job_id: job.id },
      });
      return { job, certificate_ids: ids };
    })();
    return ok(reply, answer);
  });

  api.post('/V4/certificate.bind', async (request, reply) => {
    const source = asRecord(request.body);
    const certificateId = positiveId(source.certificate_id);
    const { ids: domainIds, issues } = idList(source.domain_ids, 'domain_ids', CERTIFICATE_BATCH_APPLY_MAX);
    if (certificateId === null) issues.push({ field: 'certificate_id', key: 'certificates.select-required' });
    if (!validated(reply, issues)) return reply;
    const row = findCertificate(request, certificateId as number);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    const perms = permissions(request);
    // Rules §6 "Unauthorized certificates cannot be linked": the same rule as every other change of the certificate
    // (its grant and every website it already serves), the stricter of the two readings, so `editable` says it too.
    if (!requireManage(request, reply, row.id, 'certificate-unauthorized')) return reply;
    const now = api.now();
    const refuse = (data: CertificateBindFailedData) => fail(reply, REJECT_WITH_DATA_CODE, { key: 'certificate-binding-failed', data });
    if (row.not_after === null || row.chain_pem === null) return refuse({ reason: 'certificate-not-issued', failures: [] });
    if (certificateExpiryState(row.not_after, now) === 'expired') return refuse({ reason: 'certificate-expired', failures: [] });

    const scoped = scope(request);
    const domains = scoped.all<{ id: number; domain: string }>('domains', {
      columns: 'id, domain',
      where: 'id IN (SELECT value FROM json_each(@ids))',
      params: { ids: JSON.stringify(domainIds) },
    });
    const byId = new Map(domains.map((domain) => [domain.id, domain.domain]));
    const existing = new Map(
      scoped
        .all<{ domain_id: number; certificate_id: number }>('certificate_bindings', {
          columns: 'domain_id, certificate_id',
          where: 'domain_id IN (SELECT value FROM json_each(@ids))',
          params: { ids: JSON.stringify(domainIds) },
        })
        .map((binding) => [binding.domain_id, binding.certificate_id]),
    );
    const failures: CertificateBindFailure[] = [];
    for (const domainId of domainIds) {
      const domain = byId.get(domainId);
      if (domain === undefined || !perms.allows('domain', 'read', domainId)) failures.push({ domain_id: domainId, domain: '', reason: 'domain-not-found' });
      else if (!perms.allows('domain', 'manage', domainId)) failures.push({ domain_id: domainId, domain, reason: 'domain-unauthorized' });
      else if (existing.has(domainId) && existing.get(domainId) !== row.id) failures.push({ domain_id: domainId, domain, reason: 'already-bound' });
    }
    if (failures.length > 0) return refuse({ reason: null, failures });

    const names = JSON.parse(row.domains) as string[];
    const session = requireSession(request);
    const bound: BoundDomain[] = domainIds.map((domainId) => ({ domain_id: domainId, domain: byId.get(domainId)! }));
    const fresh = bound.filter((domain) => !existing.has(domain.domain_id));
    // Domains already bound to this certificate keep their rows; naming only those writes nothing.
    if (fresh.length > 0) api.db.transaction(() => {
      for (const domain of fresh) {
        scoped.insert('certificate_bindings', { domain_id: domain.domain_id, certificate_id: row.id, bound_by: session.userId, bound_at: now });
      }
      mirrorBinding(api.db, session.memberId, bound.map((domain) => domain.domain_id), { id: row.id, name: row.name });
      recordOperation(request, {
        area: 'certificate',
        action: 'bind',
        objectId: row.id,
        objectLabel: row.name,
        after: { certificate_id: row.id, domains: bound.map((domain) => domain.domain) },
      });
    })();
    const answer: CertificateBindAnswer = {
      bound,
      warnings: bound
        .filter((domain) => !certificateCovers(names, domain.domain))
        .map((domain) => ({ field: 'domain_ids', key: 'certificates.not-covered', values: { domain: domain.domain } })),
    };
    return ok(reply, answer);
  });

  api.post('/V4/certificate.unbind', async (request, reply) => {
    const source = asRecord(request.body);
    const certificateId = positiveId(source.certificate_id);
    const { ids: domainIds, issues } = idList(source.domain_ids, 'domain_ids', CERTIFICATE_BATCH_APPLY_MAX);
    if (certificateId === null) issues.push({ field: 'certificate_id', key: 'certificates.select-required' });
    if (!validated(reply, issues)) return reply;
    const row = findCertificate(request, certificateId as number);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    const perms = permissions(request);
    if (!requireManage(request, reply, row.id, 'certificate-unauthorized')) return reply;
    const scoped = scope(request);
    const current = (boundDomainsOf(scoped, [row.id]).get(row.id) ?? []).filter((domain) => domainIds.includes(domain.domain_id));
    if (current.some((domain) => !perms.allows('domain', 'manage', domain.domain_id))) return fail(reply, PERMISSION_DENIED_CODE);
    const session = requireSession(request);
    api.db.transaction(() => {
      scoped.remove('certificate_bindings', 'certificate_id = @certificate_id AND domain_id IN (SELECT value FROM json_each(@ids))', {
        certificate_id: row.id,
        ids: JSON.stringify(current.map((domain) => domain.domain_id)),
      });
      mirrorBinding(api.db, session.memberId, current.map((domain) => domain.domain_id), null);
      if (current.length > 0) {
        recordOperation(request, {
          area: 'certificate',
          action: 'unbind',
          objectId: row.id,
          objectLabel: row.name,
          before: { certificate_id: row.id, domains: current.map((domain) => domain.domain) },
        });
      }
    })();
    const answer: CertificateUnbindAnswer = { unbound: current };
    return ok(reply, answer);
  });

  api.get('/V4/certificate.binding.list', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const { page, issues } = readPage(query);
    const certificateId = query.certificate_id === undefined || query.certificate_id === '' ? undefined : positiveId(query.certificate_id);
    const domainId = query.domain_id === undefined || query.domain_id === '' ? undefined : positiveId(query.domain_id);
    if (certificateId === null) issues.push({ field: 'certificate_id', key: 'common.positive-integer' });
    if (domainId === null) issues.push({ field: 'domain_id', key: 'common.positive-integer' });
    if (!validated(reply, issues)) return reply;
    // Rules §6 per object: a binding shows only when both its certificate and its website are the caller's to see.
    const visible = permissions(request).visible('certificate', 'certificate_id');
    const websites = visibleWebsites(request, 'domain_id');
    const conditions = [visible.where, websites.where];
    const params: Params = { ...visible.params, ...websites.params };
    if (certificateId) {
      conditions.push('certificate_id = @certificate_id');
      params.certificate_id = certificateId;
    }
    if (domainId) {
      conditions.push('domain_id = @domain_id');
      params.domain_id = domainId;
    }
    const rows = scope(request).page<{ certificate_id: number; certificate_name: string; names: string; domain_id: number; domain: string; bound_at: number }>(
      'certificate_bindings',
      page,
      {
        columns: `certificate_id, domain_id, bound_at,
          (SELECT name FROM certificates WHERE certificates.id = certificate_bindings.certificate_id) AS certificate_name,
          (SELECT domains FROM certificates WHERE certificates.id = certificate_bindings.certificate_id) AS names,
          (SELECT domain FROM domains WHERE domains.id = certificate_bindings.domain_id) AS domain`,
        where: conditions.join(' AND '),
        params,
        orderBy: 'domain_id',
      },
    );
    const answer: ListAnswer<CertificateBinding> = {
      list: rows.list.map((row) => ({
        certificate_id: row.certificate_id,
        certificate_name: row.certificate_name,
        domain_id: row.domain_id,
        domain: row.domain,
        bound_at: isoTime(row.bound_at),
        covered: certificateCovers(JSON.parse(row.names) as string[], row.domain),
      })),
      total: rows.total,
    };
    return ok(reply, answer);
  });

  api.post('/V4/certificate.download', async (request, reply) => {
    const source = asRecord(request.body);
    const id = positiveId(source.id);
    const withKey = source.include_private_key === true;
    const issues: FieldIssue[] = id === null ? [{ field: 'id', key: 'common.positive-integer' }] : [];
    if (withKey && source.confirm_private_key !== true) issues.push(...onField('confirm_private_key', issue('certificates.key-download-confirm')));
    if (!validated(reply, issues)) return reply;
    const row = findCertificate(request, id as number);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    if (withKey && !requireManage(request, reply, row.id)) return reply;
    if (row.chain_pem === null) return fail(reply, CONFLICT_CODE, { key: 'certificate-not-issued' });
    const { leaf, issuers } = splitChainPem(row.chain_pem);
    const answer: CertificateDownloadAnswer = { name: row.name, certificate: leaf, chain: issuers, full_chain: leaf + issuers };
    if (withKey) {
      const sealed = scope(request).get<{ private_key_sealed: string | null }>('certificates', {
        columns: 'private_key_sealed',
        where: 'id = @id',
        params: { id: row.id },
      });
      if (!sealed?.private_key_sealed) return fail(reply, CONFLICT_CODE, { key: 'certificate-not-issued' });
      answer.private_key = vaultFor(api.db).open(sealed.private_key_sealed, sealContext(requireSession(request).memberId));
      // Who took a private key, and when, is worth a log line; the key itself never goes into the log.
      recordOperation(request, { area: 'certificate', action: 'download-key', objectId: row.id, objectLabel: row.name });
    }
    return ok(reply, answer);
  });
}
