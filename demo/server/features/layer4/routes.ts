/**
 * Layer-4 forwarding calls (core/api/endpoints/layer4.ts). Rules are objects of the `layer4` permission module: a
 * sub-account reads and changes only the rules its grant names (a one-rule grant reaches exactly that rule), and
 * creates rules only with a manage grant. Packages are activated by the owner only (buying is the owner's, as on
 * the packages page); binding a website needs the layer4 manage grant and a manage grant for that website. Every
 * write is checked with core/rules, plan-gated where rules §6 says so and written to the operation log.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE, type FieldIssue } from '../../../../core/api/catalogue.js';
import { CHILD_ACCOUNT_TYPE } from '../../../../core/api/endpoints/auth.js';
import {
  FORWARDING_STATUSES,
  LAYER4_PROTOCOLS,
  TCP_PACKAGE_ACTIVATE_JOB,
  type Layer4BatchAnswer,
  type Layer4BatchCheckAnswer,
  type Layer4Rule,
  type Layer4RuleListAnswer,
  type TcpPackageActivateAnswer,
  type TcpPackageListAnswer,
} from '../../../../core/api/endpoints/layer4.js';
import { isNonStandardPort, LAYER4_STANDARD_PORTS, parsePortList } from '../../../../core/rules/layer4.js';
import { validateL4BatchEdit } from '../../../../core/rules/origin.js';
import { issue, onField } from '../../../../core/rules/types.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { readPage } from '../../platform/http/pagination.js';
import { asRecord, positiveId, readIds } from '../../platform/http/readers.js';
import { recordOperation } from '../../platform/oplog.js';
import { permissions } from '../../platform/security/permissions.js';
import { requireSession } from '../../platform/security/session.js';
import { scope } from '../../platform/security/scope.js';
import { livePlans, planContextOf, planIssue } from '../plans/index.js';
import { registerLayer4Jobs } from './job.js';
import { reachableRules } from './reach.js';
import { registerLayer4Reports } from './report-routes.js';
import { readAccess, readBatchChanges, readRuleFields, readRulePort, type RuleFields } from './payloads.js';
import {
  healthOf,
  isLive,
  packageRow,
  packageRows,
  pruneHealth,
  ruleCount,
  ruleRow,
  ruleRows,
  setOriginHealth,
  STATUS_SQL,
  toLayer4Rule,
  toTcpPackage,
  type Layer4RuleRow,
} from './store.js';

const TABLE = 'layer4_rules';
/** Records one batch edit or delete may name: the largest batch add (rules §5, application product). */
const BATCH_IDS_MAX = 1000;
/** Names of differing records quoted in a refusal; the preview lists them all. */
const QUOTED_MAX = 20;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function isOwner(request: FastifyRequest): boolean {
  return requireSession(request).accountType !== CHILD_ACCOUNT_TYPE;
}

/** Rules as answered, with their origins' health and whether the caller may change each. */
function answerRules(request: FastifyRequest, rows: readonly Layer4RuleRow[]): Layer4Rule[] {
  const caller = permissions(request);
  const health = healthOf(request.server.db, requireSession(request).memberId, rows.map((row) => row.id));
  const manageAll = caller.grant('layer4')?.object_scope === 'all' && caller.can('layer4', 'manage');
  return rows.map((row) => toLayer4Rule(row, health.get(row.id), manageAll || caller.allows('layer4', 'manage', row.id)));
}

/** The package a rule names must be the account's and live (rules §8), and gives the product's port limit. */
function packageIssues(request: FastifyRequest, packageId: number): { issues: FieldIssue[]; product: 'standard' | 'application'; name: string } {
  const row = packageId > 0 ? packageRow(scope(request), packageId) : undefined;
  if (!row) return { issues: packageId > 0 ? onField('package_id', issue('common.required')) : [], product: 'standard', name: '' };
  return { issues: isLive(row, request.server.now()) ? [] : onField('package_id', issue('layer4.activate-package')), product: row.product, name: row.name };
}

/** Rules §6: a non-standard rule port needs an exclusive IP network or a dedicated resource package. */
function nonStandardIssues(request: FastifyRequest, ports: readonly number[], field: string): FieldIssue[] {
  const odd = ports.find(isNonStandardPort);
  if (odd === undefined) return [];
  const exclusive = livePlans(scope(request), request.server.now()).some((plan) => plan.plan_setting.network_type === 'exclusive_ip');
  if (exclusive) return [];
  const found = planIssue(request, 'non_standard_port', { field, values: { port: odd, ports: LAYER4_STANDARD_PORTS.join(', ') } }, planContextOf(request));
  return found ? [found] : [];
}

/** Ports of `protocol` already forwarded by other rules of the account (rules §8 "Port already exists"). */
function takenIssues(request: FastifyRequest, protocol: string, ports: readonly number[], field: string, except = 0): FieldIssue[] {
  const taken = scope(request).get<{ rule_port: number }>(TABLE, {
    columns: 'rule_port',
    where: 'protocol = @protocol AND id <> @except AND rule_port IN (SELECT value FROM json_each(@ports))',
    params: { protocol, except, ports: JSON.stringify(ports) },
    orderBy: 'rule_port',
  });
  return taken ? onField(field, issue('layer4.port-taken', { port: `${protocol.toUpperCase()} ${taken.rule_port}` })) : [];
}

/**
 * What the simulated checker sees of freshly saved origins: a domain under `.invalid` never resolves (RFC 2606), so
 * the rule reads "port or domain not configured"; other health is left to the checker's later rounds.
 */
function checkOrigins(request: FastifyRequest, ruleId: number, fields: Pick<RuleFields, 'type' | 'source_ips'>): void {
  const db = request.server.db;
  const memberId = requireSession(request).memberId;
  pruneHealth(db, memberId, ruleId, fields.source_ips);
  if (fields.type !== 'domain') return;
  for (const address of fields.source_ips) {
    setOriginHealth(db, memberId, ruleId, address, address.endsWith('.invalid') ? 'unresolved' : 'up', request.server.now());
  }
}

/** The fields of a rule row as stored columns. */
function columnsOf(fields: RuleFields): Record<string, unknown> {
  return { ...fields, source_ips: JSON.stringify(fields.source_ips) };
}

/** Labels differing records for a message: "TCP 10001, TCP 10002 …". */
function quoted(rows: readonly Pick<Layer4RuleRow, 'protocol' | 'rule_port'>[]): string {
  const names = rows.slice(0, QUOTED_MAX).map((row) => `${row.protocol.toUpperCase()} ${row.rule_port}`);
  return rows.length > QUOTED_MAX ? `${names.join(', ')} …` : names.join(', ');
}

/**
 * The batch edit preview (rules §5: same source port, package and source IP array): the records that differ from
 * the signature most of the chosen records share, so the user sees the few odd ones, not half the selection.
 */
function differing(rows: readonly Layer4RuleRow[]): Layer4RuleRow[] {
  const signature = (row: Layer4RuleRow) => `${row.source_port}|${row.package_id}|${(JSON.parse(row.source_ips) as string[]).slice().sort().join(',')}`;
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(signature(row), (counts.get(signature(row)) ?? 0) + 1);
  let common = '';
  let best = 0;
  for (const [key, count] of counts) if (count > best) [common, best] = [key, count];
  return rows.filter((row) => signature(row) !== common);
}

/** Registers the layer-4 routes and the activation job. */
export async function layer4Routes(api: FastifyInstance): Promise<void> {
  registerLayer4Jobs(api.jobs);
  registerLayer4Reports(api);

  api.get('/V4/layer4.package.list', async (request, reply) => {
    if (!permissions(request).can('layer4', 'read')) return fail(reply, PERMISSION_DENIED_CODE);
    const tenant = scope(request);
    const now = api.now();
    const answer: TcpPackageListAnswer = { list: packageRows(tenant).map((row) => toTcpPackage(tenant, row, now)), editable: isOwner(request) };
    return ok(reply, answer);
  });

  api.post('/V4/layer4.package.activate', async (request, reply) => {
    if (!isOwner(request)) return fail(reply, PERMISSION_DENIED_CODE);
    const row = packageRow(scope(request), positiveId(asRecord(request.body).id) ?? 0);
    if (!row) return fail(reply, NOT_FOUND_CODE);
    const session = requireSession(request);
    const job = api.jobs.enqueue({ memberId: session.memberId, userId: session.userId, operator: session.operator, type: TCP_PACKAGE_ACTIVATE_JOB, params: { id: row.id } });
    recordOperation(request, { area: 'layer4', action: 'activate', objectId: row.id, objectLabel: row.name, before: { active: row.active === 1 }, after: { active: true } });
    const answer: TcpPackageActivateAnswer = { job_id: job.id };
    return ok(reply, answer);
  });

  for (const verb of ['bind', 'unbind'] as const) {
    api.post(`/V4/layer4.package.${verb}`, async (request, reply) => {
      const body = asRecord(request.body);
      const domainId = positiveId(body.domain_id);
      if (!validated(reply, onField('domain_id', domainId === null ? issue('common.required') : null))) return reply;
      const caller = permissions(request);
      if (!caller.can('layer4', 'manage') || !caller.require(reply, 'domain', 'manage', domainId!)) {
        return reply.sent ? reply : fail(reply, PERMISSION_DENIED_CODE);
      }
      const tenant = scope(request);
      const row = packageRow(tenant, positiveId(body.id) ?? 0);
      const domain = tenant.get<{ id: number; domain: string; tcp_package: string }>('domains', { columns: 'id, domain, tcp_package', where: 'id = @id', params: { id: domainId } });
      if (!row || !domain) return fail(reply, NOT_FOUND_CODE);
      const next = verb === 'bind' ? row.name : domain.tcp_package === row.name ? '' : domain.tcp_package;
      if (next !== domain.tcp_package) {
        api.db.transaction(() => {
          tenant.update('domains', { tcp_package: next }, 'id = @id', { id: domain.id });
          recordOperation(request, { area: 'layer4', action: verb, objectId: row.id, objectLabel: `${row.name} · ${domain.domain}`, before: { tcp_package: domain.tcp_package }, after: { tcp_package: next } });
        })();
      }
      return ok(reply, toTcpPackage(tenant, row, api.now()));
    });
  }

  api.get('/V4/layer4.rule.list', async (request, reply) => {
    const query = asRecord(request.query);
    const { page, issues } = readPage(query);
    const protocol = text(query.protocol);
    const status = text(query.status);
    const packageId = text(query.package_id);
    const keyword = text(query.keyword);
    if (protocol !== '' && !(LAYER4_PROTOCOLS as readonly string[]).includes(protocol)) issues.push(...onField('protocol', issue('common.format-error')));
    if (status !== '' && !(FORWARDING_STATUSES as readonly string[]).includes(status)) issues.push(...onField('status', issue('common.format-error')));
    if (packageId !== '' && positiveId(packageId) === null) issues.push(...onField('package_id', issue('common.format-error')));
    if (!validated(reply, issues)) return reply;
    const caller = permissions(request);
    const visible = caller.visible('layer4', 'layer4_rules.id');
    const parts = [visible.where];
    const params: Record<string, unknown> = { ...visible.params };
    if (protocol !== '') parts.push('protocol = @protocol'), (params.protocol = protocol);
    if (packageId !== '') parts.push('package_id = @package_id'), (params.package_id = Number(packageId));
    if (status !== '') parts.push(`(${STATUS_SQL}) = @status`), (params.status = status);
    if (keyword !== '') {
      // A keyword matches a rule port exactly, or a source address or the remark as text.
      parts.push(`(CAST(rule_port AS TEXT) = @keyword OR source_ips LIKE @like ESCAPE '\\' OR remark LIKE @like ESCAPE '\\')`);
      params.keyword = keyword;
      params.like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    }
    const where = parts.join(' AND ');
    const tenant = scope(request);
    const now = api.now();
    const total = ruleCount(tenant, where, params, now);
    const rows = total > page.offset ? ruleRows(tenant, { where, params, now, limit: page.perPage, offset: page.offset }) : [];
    const answer: Layer4RuleListAnswer = { list: answerRules(request, rows), total, creatable: caller.can('layer4', 'manage') };
    return ok(reply, answer);
  });

  api.get('/V4/layer4.rule.get', async (request, reply) => {
    const id = positiveId(asRecord(request.query).id);
    if (id === null) return fail(reply, NOT_FOUND_CODE);
    const rows = reachableRules(request, reply, [id], 'read');
    return rows ? ok(reply, answerRules(request, rows)[0]) : reply;
  });

  api.post('/V4/layer4.rule.create', async (request, reply) => {
    if (!permissions(request).require(reply, 'layer4', 'manage')) return reply;
    const { fields, issues } = readRuleFields(request.body);
    const { port, issues: portIssues } = readRulePort(request.body);
    issues.push(...portIssues);
    const pack = packageIssues(request, fields.package_id);
    issues.push(...pack.issues);
    if (issues.length === 0) issues.push(...takenIssues(request, fields.protocol, [port], 'rule_port'), ...nonStandardIssues(request, [port], 'rule_port'));
    if (!validated(reply, issues)) return reply;
    const now = api.now();
    const tenant = scope(request);
    const id = api.db.transaction(() => {
      const created = tenant.insert(TABLE, { ...columnsOf(fields), rule_port: port, created_at: now, updated_at: now });
      permissions(request).bindCreated('layer4', created);
      checkOrigins(request, created, fields);
      recordOperation(request, { area: 'layer4', action: 'create', objectId: created, objectLabel: `${fields.protocol.toUpperCase()} ${port}`, after: { ...fields, rule_port: port } });
      return created;
    })();
    return ok(reply, answerRules(request, [ruleRow(tenant, id, now)!])[0]);
  });

  api.post('/V4/layer4.rule.batch_add', async (request, reply) => {
    if (!permissions(request).require(reply, 'layer4', 'manage')) return reply;
    const body = asRecord(request.body);
    const { fields, issues } = readRuleFields(body);
    const pack = packageIssues(request, fields.package_id);
    issues.push(...pack.issues);
    const parsed = parsePortList(typeof body.ports === 'string' ? body.ports : '', pack.product);
    issues.push(...onField('ports', parsed.issue));
    if (issues.length === 0) issues.push(...takenIssues(request, fields.protocol, parsed.ports, 'ports'), ...nonStandardIssues(request, parsed.ports, 'ports'));
    if (!validated(reply, issues)) return reply;
    const now = api.now();
    const tenant = scope(request);
    const caller = permissions(request);
    const ids = api.db.transaction(() => {
      const created = parsed.ports.map((port) => {
        const id = tenant.insert(TABLE, { ...columnsOf(fields), rule_port: port, created_at: now, updated_at: now });
        caller.bindCreated('layer4', id);
        checkOrigins(request, id, fields);
        return id;
      });
      recordOperation(request, {
        area: 'layer4',
        action: 'batch-add',
        objectId: created[0],
        objectLabel: `${fields.protocol.toUpperCase()} ×${created.length}`,
        after: { ...fields, ports: parsed.ports },
      });
      return created;
    })();
    const answer: Layer4BatchAnswer = { ids };
    return ok(reply, answer);
  });

  api.post('/V4/layer4.rule.update', async (request, reply) => {
    const id = positiveId(asRecord(request.body).id);
    if (id === null) return fail(reply, NOT_FOUND_CODE);
    const rows = reachableRules(request, reply, [id], 'manage');
    if (!rows) return reply;
    const before = rows[0]!;
    const { fields, issues } = readRuleFields(request.body);
    const { port, issues: portIssues } = readRulePort(request.body);
    const { access, issues: accessIssues } = readAccess(request.body);
    issues.push(...portIssues, ...accessIssues);
    // Keeping the package a rule already has is allowed while it is inactive (a remark can still be fixed).
    if (fields.package_id !== before.package_id) issues.push(...packageIssues(request, fields.package_id).issues);
    if (issues.length === 0 && (port !== before.rule_port || fields.protocol !== before.protocol)) {
      issues.push(...takenIssues(request, fields.protocol, [port], 'rule_port', id), ...nonStandardIssues(request, [port], 'rule_port'));
    }
    if (!validated(reply, issues)) return reply;
    const now = api.now();
    const tenant = scope(request);
    const [previous] = answerRules(request, rows);
    api.db.transaction(() => {
      const accessColumns = access
        ? { allow_ips: JSON.stringify(access.allow_ips), deny_ips: JSON.stringify(access.deny_ips), deny_regions: JSON.stringify(access.deny_regions) }
        : {};
      tenant.update(TABLE, { ...columnsOf(fields), ...accessColumns, rule_port: port, updated_at: now }, 'id = @id', { id });
      checkOrigins(request, id, fields);
      const after = answerRules(request, [ruleRow(tenant, id, now)!])[0]!;
      recordOperation(request, { area: 'layer4', action: 'update', objectId: id, objectLabel: `${fields.protocol.toUpperCase()} ${port}`, before: previous, after });
    })();
    return ok(reply, answerRules(request, [ruleRow(tenant, id, now)!])[0]);
  });

  api.post('/V4/layer4.rule.delete', async (request, reply) => {
    const { ids, issues } = readIds(asRecord(request.body).ids, 'ids', BATCH_IDS_MAX);
    if (!validated(reply, issues)) return reply;
    const rows = reachableRules(request, reply, ids, 'manage');
    if (!rows) return reply;
    const tenant = scope(request);
    const deleted = api.db.transaction(() => {
      for (const row of rows) {
        recordOperation(request, { area: 'layer4', action: 'delete', objectId: row.id, objectLabel: `${row.protocol.toUpperCase()} ${row.rule_port}`, before: { rule_port: row.rule_port, protocol: row.protocol } });
      }
      return tenant.remove(TABLE, 'id IN (SELECT value FROM json_each(@ids))', { ids: JSON.stringify(ids) });
    })();
    return ok(reply, { deleted });
  });

  api.post('/V4/layer4.rule.batch_check', async (request, reply) => {
    const { ids, issues } = readIds(asRecord(request.body).ids, 'ids', BATCH_IDS_MAX);
    if (!validated(reply, issues)) return reply;
    const rows = reachableRules(request, reply, ids, 'manage');
    if (!rows) return reply;
    const odd = differing(rows);
    const answer: Layer4BatchCheckAnswer = { same: odd.length === 0, differing: odd.map((row) => ({ id: row.id, rule_port: row.rule_port, protocol: row.protocol })) };
    return ok(reply, answer);
  });

  api.post('/V4/layer4.rule.batch_edit', async (request, reply) => {
    const { ids, issues } = readIds(asRecord(request.body).ids, 'ids', BATCH_IDS_MAX);
    if (!validated(reply, issues)) return reply;
    const rows = reachableRules(request, reply, ids, 'manage');
    if (!rows) return reply;
    const records = rows.map((row) => ({ sourcePort: row.source_port, packageId: row.package_id, sourceIps: JSON.parse(row.source_ips) as string[] }));
    if (validateL4BatchEdit(records) !== null) {
      const odd = differing(rows);
      validated(reply, onField('ids', issue('layer4.batch-differs', { ports: quoted(odd), ids: odd.map((row) => row.id) })));
      return reply;
    }
    const first = rows[0]!;
    const { changes, issues: changeIssues } = readBatchChanges(request.body, first.type);
    if (!validated(reply, changeIssues)) return reply;
    const now = api.now();
    const tenant = scope(request);
    api.db.transaction(() => {
      const columns: Record<string, unknown> = { ...changes, updated_at: now };
      if (changes.source_ips) columns.source_ips = JSON.stringify(changes.source_ips);
      tenant.update(TABLE, columns, 'id IN (SELECT value FROM json_each(@ids))', { ids: JSON.stringify(ids) });
      if (changes.source_ips) for (const row of rows) checkOrigins(request, row.id, { type: row.type, source_ips: changes.source_ips });
      recordOperation(request, {
        area: 'layer4',
        action: 'batch-edit',
        objectId: first.id,
        objectLabel: quoted(rows),
        before: { source_port: first.source_port, source_ips: JSON.parse(first.source_ips), lb_mode: first.lb_mode },
        after: changes,
      });
    })();
    const answer: Layer4BatchAnswer = { ids };
    return ok(reply, answer);
  });
}
