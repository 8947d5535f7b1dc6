/**
 * Work orders (core/api/endpoints/work-orders.ts). A parent sees every ticket of its account; a sub-account sees and
 * closes only its own (the ticket is the object its grant reaches: the one it wrote). Creating and closing are
 * written to the operation log.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOT_FOUND_CODE, type FieldIssue } from '../../../../core/api/catalogue.js';
import { CHILD_ACCOUNT_TYPE } from '../../../../core/api/endpoints/auth.js';
import type { ListAnswer } from '../../../../core/api/endpoints/platform.js';
import { WORK_ORDER_STATUSES, type WorkOrder, type WorkOrderStatus } from '../../../../core/api/endpoints/work-orders.js';
import { GATED_FEATURES, type GatedFeature } from '../../../../core/config/plan-gates.js';
import { validateWorkOrder, type WorkOrderCategory } from '../../../../core/rules/work-orders.js';
import { isoTime } from '../../platform/database.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { readPage } from '../../platform/http/pagination.js';
import { asRecord, positiveId } from '../../platform/http/readers.js';
import { recordOperation } from '../../platform/oplog.js';
import { requireSession } from '../../platform/security/session.js';
import { scope } from '../../platform/security/scope.js';

const TABLE = 'work_orders';

interface WorkOrderRow {
  id: number;
  user_id: number;
  creator: string;
  title: string;
  category: WorkOrderCategory;
  description: string;
  contact: string;
  feature: GatedFeature | null;
  status: WorkOrderStatus;
  answer: string;
  created_at: number;
  updated_at: number;
}

function toWorkOrder(row: WorkOrderRow): WorkOrder {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    description: row.description,
    contact: row.contact,
    feature: row.feature,
    status: row.status,
    answer: row.answer,
    creator: row.creator,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
  };
}

/** The tickets the caller reaches: all of the account for a parent, its own for a sub-account. */
function reach(request: FastifyRequest): { where: string; params: Record<string, unknown> } {
  const session = requireSession(request);
  return session.accountType === CHILD_ACCOUNT_TYPE ? { where: 'user_id = @user', params: { user: session.userId } } : { where: '1 = 1', params: {} };
}

function findTicket(request: FastifyRequest, id: number | null): WorkOrderRow | undefined {
  if (id === null) return undefined;
  const visible = reach(request);
  return scope(request).get<WorkOrderRow>(TABLE, { where: `id = @id AND ${visible.where}`, params: { ...visible.params, id } });
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Registers the work-order routes. */
export async function workOrderRoutes(api: FastifyInstance): Promise<void> {
  api.get('/V4/workorder.ticket.list', async (request, reply) => {
    const query = asRecord(request.query);
    const { page, issues } = readPage(query);
    const status = text(query.status);
    if (status !== '' && !(WORK_ORDER_STATUSES as readonly string[]).includes(status)) issues.push({ field: 'status', key: 'common.format-error' });
    if (!validated(reply, issues)) return reply;
    const visible = reach(request);
    const where = status === '' ? visible.where : `${visible.where} AND status = @status`;
    const params = { ...visible.params, status };
    const tenant = scope(request);
    const answer: ListAnswer<WorkOrder> = {
      list: tenant.all<WorkOrderRow>(TABLE, { where, params, orderBy: 'id DESC', limit: page.perPage, offset: page.offset }).map(toWorkOrder),
      total: tenant.count(TABLE, { where, params }),
    };
    return ok(reply, answer);
  });

  api.get('/V4/workorder.ticket.get', async (request, reply) => {
    const row = findTicket(request, positiveId(asRecord(request.query).id));
    return row ? ok(reply, toWorkOrder(row)) : fail(reply, NOT_FOUND_CODE);
  });

  api.post('/V4/workorder.ticket.create', async (request, reply) => {
    const body = asRecord(request.body);
    const input = { title: text(body.title), category: text(body.category), description: text(body.description), contact: text(body.contact) };
    const issues: FieldIssue[] = validateWorkOrder(input);
    const feature = body.feature === undefined || body.feature === null || body.feature === '' ? null : text(body.feature);
    if (feature !== null && !(GATED_FEATURES as readonly string[]).includes(feature)) issues.push({ field: 'feature', key: 'common.format-error' });
    if (!validated(reply, issues)) return reply;
    const session = requireSession(request);
    const now = api.now();
    const tenant = scope(request);
    const row = api.db.transaction(() => {
      const id = tenant.insert(TABLE, {
        user_id: session.userId,
        creator: session.operator,
        title: input.title.trim(),
        category: input.category,
        description: input.description.trim(),
        contact: input.contact.trim(),
        feature,
        status: 'open',
        answer: '',
        created_at: now,
        updated_at: now,
      });
      const created = tenant.get<WorkOrderRow>(TABLE, { where: 'id = @id', params: { id } })!;
      recordOperation(request, { area: 'work-order', action: 'create', objectId: id, objectLabel: created.title, after: toWorkOrder(created) });
      return created;
    })();
    return ok(reply, toWorkOrder(row));
  });

  api.post('/V4/workorder.ticket.close', async (request, reply) => {
    const row = findTicket(request, positiveId(asRecord(request.body).id));
    if (!row) return fail(reply, NOT_FOUND_CODE);
    if (row.status === 'closed') return ok(reply, toWorkOrder(row));
    const now = api.now();
    api.db.transaction(() => {
      scope(request).update(TABLE, { status: 'closed', updated_at: now }, 'id = @id', { id: row.id });
      recordOperation(request, { area: 'work-order', action: 'close', objectId: row.id, objectLabel: row.title, before: { status: row.status }, after: { status: 'closed' } });
    })();
    return ok(reply, toWorkOrder({ ...row, status: 'closed', updated_at: now }));
  });
}
