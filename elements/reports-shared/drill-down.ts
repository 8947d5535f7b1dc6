/**
 * Drill-down (issue 25: "every bar, slice, map region and table row opens log retrieval with that filter and time
 * range applied"): the `view-state` query text `<ec-log-retrieval>` starts from (its attributes.ts), for one value of
 * one report dimension over the report's range. Exact values travel in the advanced search expression (`uri = "/a"`
 * finds that URL only; the URL filter would be a prefix), the rest in the form's own filters.
 */
import type { ReportTableName } from '../../core/api/endpoints/reports.js';
import { toLogWallTime } from '../../core/i18n/time-range.js';
import { expressionString } from '../../core/logs/expression-string.js';
import type { LogType } from '../../core/logs/fields.js';

/** What a drill-down narrows to. */
export interface DrillDown {
  /** The report's range, ms, both ends included. */
  from: number;
  to: number;
  logType?: LogType;
  /** Websites the report was filtered by (empty: all). */
  domainIds?: readonly number[];
  /** One table's dimension and the value of the row or slice chosen. */
  table?: ReportTableName;
  value?: string;
  /** The website of a domain row. */
  domainId?: number;
  /** Extra conditions for the form (`action=block`). */
  extra?: Record<string, string>;
}

/** The expression field of each table whose value is matched exactly. */
const EXPRESSION_FIELDS: Partial<Record<ReportTableName, string>> = {
  urls: 'uri',
  urls_by_bytes: 'uri',
  referers: 'referer',
  user_agents: 'user_agent',
  schemes: 'scheme',
  cache: 'cache_status',
};

/** The log retrieval view of a drill-down. Times are minutes in UTC+8 (the custom range's inputs). */
export function logsView(drill: DrillDown): string {
  const params = new URLSearchParams({ type: drill.logType ?? 'access', range: 'custom', from: toLogWallTime(drill.from), to: toLogWallTime(drill.to) });
  const domains = drill.domainId !== undefined ? [drill.domainId] : (drill.domainIds ?? []);
  if (domains.length > 0) params.set('domains', domains.join(','));
  const value = drill.value;
  if (drill.table && value !== undefined) {
    const field = EXPRESSION_FIELDS[drill.table];
    if (field) params.set('q', `${field} = ${expressionString(value)}`);
    else if (drill.table === 'ips') params.set('ip', value);
    else if (drill.table === 'codes') params.set('status', value);
    else if (drill.table === 'countries' || drill.table === 'provinces') params.set('region', value);
    else if (drill.table === 'methods') params.set('method', value);
  }
  for (const [name, text] of Object.entries(drill.extra ?? {})) params.set(name, text);
  return params.toString();
}

/** A drill-down without its value: the report's range, websites and log type. */
export type DrillBase = Omit<DrillDown, 'table' | 'value' | 'domainId'>;

/**
 * A point of a time series as a drill-down: the range narrows to that bucket (within the report's range), and a
 * status class series (`2xx`...) adds its class as the status filter.
 */
export function bucketDrill(base: DrillBase, bucketStart: number, bucketMs: number, statusClass?: string): DrillDown {
  return {
    ...base,
    from: Math.max(base.from, bucketStart),
    to: Math.min(base.to, bucketStart + bucketMs - 1),
    ...(statusClass ? { extra: { ...base.extra, status: statusClass } } : {}),
  };
}
