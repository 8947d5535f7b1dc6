/**
 * TCP report calls (core/api/endpoints/tcp-report.ts): series and rankings over the layer-4 flows in the log store.
 * Per object: the flows read are those of the rules the caller may read (a one-rule grant reads that rule's flows
 * only), and naming a rule outside the grant is refused, as `layer4.rule.get` refuses it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TCP_TOP_LIMIT_MAX, type TcpSeriesAnswer, type TcpTopAnswer } from '../../../../core/api/endpoints/tcp-report.js';
import { TCP_TOP_FIELDS, TCP_VERDICTS, type TcpTopField, type TcpVerdict } from '../../../../core/logs/tcp-flows.js';
import { validateTcpReportRange, type TcpReportBucket } from '../../../../core/rules/layer4.js';
import { issue, onField, type FieldIssue } from '../../../../core/rules/types.js';
import { PERMISSION_DENIED_CODE } from '../../../../core/api/catalogue.js';
import { fail, ok, validated } from '../../platform/http/envelope.js';
import { queryInteger } from '../../platform/http/pagination.js';
import { asRecord, readInstant } from '../../platform/http/readers.js';
import { permissions } from '../../platform/security/permissions.js';
import { requireSession } from '../../platform/security/session.js';
import { scope } from '../../platform/security/scope.js';
import { bucketLength, readIdList, type TcpFlowScope } from '../logs/index.js';
import { reachableRules } from './reach.js';

/** Reads range and rules; answers the flow scope, or null after answering the refusal. */
function readScope(request: FastifyRequest, reply: FastifyReply, bucket: string, more: FieldIssue[] = []): TcpFlowScope | null {
  if (!permissions(request).can('layer4', 'read')) {
    fail(reply, PERMISSION_DENIED_CODE);
    return null;
  }
  const query = asRecord(request.query);
  const from = readInstant(query.from);
  const to = readInstant(query.to);
  const chosen = readIdList(query.rule_ids);
  const issues = [...validateTcpReportRange(from, to, bucket), ...more];
  if (chosen === undefined) issues.push(...onField('rule_ids', issue('common.format-error')));
  if (!validated(reply, issues)) return null;
  let ruleIds: number[];
  if (chosen) {
    const rows = reachableRules(request, reply, [...new Set(chosen)], 'read');
    if (!rows) return null;
    ruleIds = rows.map((row) => row.id);
  } else {
    const visible = permissions(request).visible('layer4', 'id');
    ruleIds = scope(request)
      .all<{ id: number }>('layer4_rules', { columns: 'id', where: visible.where, params: visible.params, orderBy: 'id' })
      .map((row) => row.id);
  }
  // The end is inclusive in the console's ranges (core/i18n/time-range.ts) and exclusive in the store.
  return { memberId: requireSession(request).memberId, ruleIds, from: from!, to: to! + 1 };
}

function readVerdicts(value: unknown): { verdicts?: TcpVerdict[]; issues: FieldIssue[] } {
  if (value === undefined || value === '') return { issues: [] };
  const verdicts = String(value).split(',');
  const unknown = verdicts.some((verdict) => !(TCP_VERDICTS as readonly string[]).includes(verdict));
  return unknown ? { issues: onField('verdicts', issue('common.format-error')) } : { verdicts: verdicts as TcpVerdict[], issues: [] };
}

export function registerLayer4Reports(api: FastifyInstance): void {
  api.get('/V4/layer4.report.series', async (request, reply) => {
    const bucket = String(asRecord(request.query).bucket ?? 'hour');
    const found = readScope(request, reply, bucket);
    if (!found) return reply;
    const points = await api.logStore.tcpSeries({ ...found, bucket: bucket as TcpReportBucket });
    const answer: TcpSeriesAnswer = { bucket: bucket as TcpReportBucket, bucket_seconds: bucketLength(bucket as TcpReportBucket) / 1000, points };
    return ok(reply, answer);
  });

  api.get('/V4/layer4.report.top', async (request, reply) => {
    const query = asRecord(request.query);
    const field = String(query.field ?? '');
    const limit = query.limit === undefined ? 10 : queryInteger(query.limit);
    const { verdicts, issues } = readVerdicts(query.verdicts);
    if (!(TCP_TOP_FIELDS as readonly string[]).includes(field)) issues.push(...onField('field', issue('common.format-error')));
    if (limit === null || limit < 1 || limit > TCP_TOP_LIMIT_MAX) issues.push(...onField('limit', issue('common.integer-range', { min: 1, max: TCP_TOP_LIMIT_MAX })));
    // Rankings have no buckets: the hour granularity lets them cover the whole report range.
    const found = readScope(request, reply, 'hour', issues);
    if (!found) return reply;
    const rows = await api.logStore.tcpTop({ ...found, field: field as TcpTopField, verdicts, limit: limit! });
    const labels = new Map<string, string>();
    if (field === 'rule_id' && rows.length > 0) {
      const named = scope(request).all<{ id: number; protocol: string; rule_port: number }>('layer4_rules', {
        columns: 'id, protocol, rule_port',
        where: 'id IN (SELECT value FROM json_each(@ids))',
        params: { ids: JSON.stringify(rows.map((row) => Number(row.value))) },
      });
      for (const rule of named) labels.set(String(rule.id), `${rule.protocol.toUpperCase()} ${rule.rule_port}`);
    }
    const answer: TcpTopAnswer = { field: field as TcpTopField, list: rows.map((row) => ({ ...row, label: labels.get(row.value) ?? '' })) };
    return ok(reply, answer);
  });
}
