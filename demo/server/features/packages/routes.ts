/**
 * The packages page's calls (core/api/endpoints/packages.ts). Renewal and expansion are refused for plans without
 * `plan_renew` / `domain_expand` (rules §4, §6, §8: "The trial package does not support increase or renewal"), judged
 * on the plan asked about through the plan-gating table; a billing method change waits for 00:00 (UTC+8) on the 1st
 * of next month and locks the plan's billing until then (rules §4). Sub-accounts read the page only (shell §6: they
 * see account security, cloud-speed and cloud-resolving, and buying is the owner's).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_CODE, PERMISSION_DENIED_CODE, type FieldIssue } from '../../../../core/api/catalogue.js';
import { CHILD_ACCOUNT_TYPE } from '../../../../core/api/endpoints/auth.js';
import {
  BILLING_METHODS,
  EXPAND_PACKS,
  PACKAGE_CHANGE_JOB,
  RENEW_MONTHS,
  type BillingMethod,
  type PackageChange,
  type PackageChangeAnswer,
  type PackageListAnswer,
} from '../../../../core/api/endpoints/packages.js';
import { issue, onField } from '../../../../core/rules/types.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { asRecord, positiveId } from '../../platform/http/readers.js';
import { isoTime } from '../../platform/database.js';
import { recordOperation } from '../../platform/oplog.js';
import { requireSession } from '../../platform/security/session.js';
import { scope } from '../../platform/security/scope.js';
import { domainUsage, livePlans, planContextOf, planIssue } from '../plans/index.js';
import { registerPackageJobs } from './job.js';
import { actionsOfRow, packageRow, packageRows, toPackageInfo, type PackageRow } from './store.js';

function isOwner(request: FastifyRequest): boolean {
  return requireSession(request).accountType !== CHILD_ACCOUNT_TYPE;
}

function wholeNumber(value: unknown, field: string, bounds: { min: number; max: number }): { value: number; issues: FieldIssue[] } {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  const fits = Number.isSafeInteger(number) && number >= bounds.min && number <= bounds.max;
  return { value: number, issues: fits ? [] : onField(field, issue('common.integer-range', bounds)) };
}

/** Reads a change body: the plan and the kind's own field. */
function readChange(kind: PackageChange['kind'], body: unknown): { change: PackageChange; issues: FieldIssue[] } {
  const source = asRecord(body);
  const planId = positiveId(source.plan_id);
  const issues: FieldIssue[] = onField('plan_id', planId === null ? issue('common.positive-integer') : null);
  if (kind === 'renew') {
    const months = wholeNumber(source.months, 'months', RENEW_MONTHS);
    return { change: { kind, plan_id: planId ?? 0, months: months.value }, issues: [...issues, ...months.issues] };
  }
  if (kind === 'expand') {
    const packs = wholeNumber(source.packs, 'packs', EXPAND_PACKS);
    return { change: { kind, plan_id: planId ?? 0, packs: packs.value }, issues: [...issues, ...packs.issues] };
  }
  const method = source.method as BillingMethod;
  if (!(BILLING_METHODS as readonly unknown[]).includes(method)) issues.push(...onField('method', issue('common.format-error')));
  return { change: { kind, plan_id: planId ?? 0, method }, issues };
}

/** What keeps a valid change from being made to this plan, or none. */
function refusal(request: FastifyRequest, change: PackageChange, row: PackageRow): FieldIssue[] {
  if (change.kind === 'billing') {
    if (row.billing_pending !== null) return onField('method', issue('plans.billing-locked'));
    return change.method === row.billing_method ? onField('method', issue('common.format-error')) : [];
  }
  const context = { ...planContextOf(request), actions: actionsOfRow(row), level: row.meal_flag };
  const found = planIssue(request, change.kind === 'renew' ? 'plan_renew' : 'domain_expand', { field: 'plan_id' }, context);
  return found ? [found] : [];
}

function changeRoute(api: FastifyInstance, kind: PackageChange['kind']): void {
  api.post(`/V4/member.package.${kind}`, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isOwner(request)) return fail(reply, PERMISSION_DENIED_CODE);
    const { change, issues } = readChange(kind, request.body);
    if (!validated(reply, issues)) return reply;
    const row = packageRow(scope(request), change.plan_id, api.now());
    if (!row) return fail(reply, NOT_FOUND_CODE);
    if (!validated(reply, refusal(request, change, row))) return reply;
    const session = requireSession(request);
    const job = api.jobs.enqueue({ memberId: session.memberId, userId: session.userId, operator: session.operator, type: PACKAGE_CHANGE_JOB, params: change });
    const { kind: _kind, plan_id: _plan, ...asked } = change;
    recordOperation(request, {
      area: 'package',
      action: kind,
      objectId: row.id,
      objectLabel: row.plan_name,
      before: kind === 'renew' ? { expire_time: isoTime(row.expire_at) } : kind === 'expand' ? { packs: row.domain_packet_kurong_nums } : { method: row.billing_method },
      after: asked,
    });
    const answer: PackageChangeAnswer = { job_id: job.id };
    return ok(reply, answer);
  });
}

/** Registers the package routes and their job. */
export async function packageRoutes(api: FastifyInstance): Promise<void> {
  registerPackageJobs(api.jobs);

  api.get('/V4/member.package.list', async (request, reply) => {
    const tenant = scope(request);
    // The same usage figure as `V4/member.product.plan`, from the plans area's one query (a reports figure).
    const used = domainUsage(request, tenant);
    const editable = isOwner(request);
    const inForce = livePlans(tenant, api.now())[0]?.id ?? null;
    const answer: PackageListAnswer = { list: packageRows(tenant, api.now()).map((row) => toPackageInfo(row, used, editable, row.id === inForce)) };
    return ok(reply, answer);
  });

  changeRoute(api, 'renew');
  changeRoute(api, 'expand');
  changeRoute(api, 'billing');
}
