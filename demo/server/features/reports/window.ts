/**
 * What every report route reads first (issue 25): the caller's `reports` grant, the range and granularity within the
 * limits of core/rules/reports.ts (rules §9), the top-N size, and the websites counted: the chosen ones, each inside
 * the grant, or every website the grant covers (rules §6 per object; logs/access.ts, the code log retrieval uses).
 * The traffic reports and the security reports share it, so a range one refuses the other refuses too.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PERMISSION_DENIED_CODE } from '../../../../core/api/catalogue.js';
import type { LogType } from '../../../../core/logs/fields.js';
import { isReportGranularity, REPORT_TOP_DEFAULT, validateReportRange, validateReportTop, type ReportGranularity } from '../../../../core/rules/reports.js';
import type { FieldIssue } from '../../../../core/rules/types.js';
import { readInstant } from '../../platform/http/readers.js';
import { fail, validated } from '../../platform/http/envelope.js';
import { queryInteger } from '../../platform/http/pagination.js';
import { permissions } from '../../platform/security/permissions.js';
import { requireSession } from '../../platform/security/session.js';
import { chooseDomains, readableWebsites, readIdList } from '../logs/index.js';
import type { LogSearch } from '../logs/store/index.js';

/** Countries and provinces are read whole for the maps (about 250 countries, 34 provinces). */
export const MAP_ROWS = 300;

/** True when the caller holds the reports module; otherwise answers PERMISSION_DENIED_CODE. */
export function requireReports(request: FastifyRequest, reply: FastifyReply): boolean {
  if (permissions(request).can('reports', 'read')) return true;
  fail(reply, PERMISSION_DENIED_CODE);
  return false;
}


/** A report's range, granularity, top-N size and the search over the websites it counts. */
export interface ReportWindow {
  granularity: ReportGranularity;
  top: number;
  search: LogSearch;
  /** Website ids by name, for the rows of domain tables. */
  names: Map<string, number>;
}

/**
 * Reads and checks the window of a report over `logType` lines, with the route's own `issues` (its `type`...);
 * answers the refusal and returns null when it may not run. The caller has checked {@link requireReports}.
 */
export function readReportWindow(request: FastifyRequest, reply: FastifyReply, logType: LogType, issues: FieldIssue[]): ReportWindow | null {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const found = [...issues];
  const from = readInstant(query.from);
  const to = readInstant(query.to);
  if (from === null) found.push({ field: 'from', key: 'logs.range-required' });
  if (to === null) found.push({ field: 'to', key: 'logs.range-required' });
  const granularity = query.granularity;
  if (!isReportGranularity(granularity)) found.push({ field: 'granularity', key: 'common.format-error' });
  else if (from !== null && to !== null) found.push(...validateReportRange(from, to, granularity));
  const top = query.top === undefined || query.top === '' ? REPORT_TOP_DEFAULT : queryInteger(query.top);
  found.push(...validateReportTop(top ?? NaN));
  const chosen = readIdList(query.domain_ids);
  if (chosen === undefined) found.push({ field: 'domain_ids', key: 'common.format-error' });
  if (!validated(reply, found)) return null;

  const domains = chooseDomains(request, chosen ?? null, 'reports');
  if (!domains.ok) {
    if ('denied' in domains) fail(reply, PERMISSION_DENIED_CODE);
    else validated(reply, domains.issues);
    return null;
  }
  return {
    granularity: granularity as ReportGranularity,
    top: top as number,
    search: {
      memberId: requireSession(request).memberId,
      logType,
      from: from as number,
      // Both ends are inclusive in the console's ranges (time-range.ts), the end is exclusive in the store.
      to: (to as number) + 1,
      domainIds: domains.ids,
      where: null,
    },
    names: new Map(readableWebsites(request, 'reports').map((website) => [website.domain, website.id])),
  };
}
