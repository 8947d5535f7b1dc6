/**
 * Checks of the website routes' queries and bodies, built from `core/rules` so the browser's forms and the server
 * find the same problems with the same message keys (rules §5 Websites and templates, Origin and performance).
 * Each reader answers the typed value and the issues; a route refuses with "Form verification failed" when there are
 * any.
 */
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import {
  ACCESS_MODES,
  LOAD_BALANCING_MODES,
  ORIGIN_PROTOCOLS,
  UNGROUPED,
  WEBSITE_SORT_FIELDS,
  WEBSITE_STATUSES,
  WEBSITE_TYPES,
  type LoadBalancing,
  type OriginProtocol,
  type WebsiteFilters,
  type WebsiteListQuery,
  type WebsiteOrigin,
  type WebsiteSelection,
  type WebsiteSettings,
  type WebsiteStatusAction,
  type WebsiteType,
} from '../../../../core/api/endpoints/websites.js';
import { DOMAIN_MAX_LENGTH } from '../../../../core/rules/domain.js';
import { isBlank, parseInteger } from '../../../../core/rules/common.js';
import { issue, onField } from '../../../../core/rules/types.js';
import {
  validateTemplateChosen,
  validateWebsiteDomains,
  validateWebsiteGroup,
  validateWebsiteOrigins,
  validateWebsitePlan,
  validateWebsiteRemark,
  validateWebsiteSettings,
  type WebsitePlanContext,
} from '../../../../core/rules/websites.js';
import type { BatchResult } from '../../../../core/rules/batch.js';
import { asRecord, positiveId } from '../../platform/http/readers.js';

/** Most ids or domain names one selection may name; "all matching" covers larger sets without listing them. */
export const SELECTION_MAX_ITEMS = 10_000;

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

const formatError = (field: string): FieldIssue => ({ field, key: 'common.format-error' });

/** Reads the list's filters (from a query, or from `selection.all` of a body). */
export function readFilters(source: Record<string, unknown>, prefix = ''): { filters: WebsiteFilters; issues: FieldIssue[] } {
  const filters: WebsiteFilters = {};
  const issues: FieldIssue[] = [];
  const search = text(source.search)?.trim();
  if (search !== undefined && search !== '') {
    if (search.length > DOMAIN_MAX_LENGTH) issues.push({ field: `${prefix}search`, key: 'common.too-long', values: { max: DOMAIN_MAX_LENGTH } });
    else filters.search = search;
  } else if (!isEmpty(source.search) && typeof source.search !== 'string') issues.push(formatError(`${prefix}search`));
  if (!isEmpty(source.status)) {
    const status = String(source.status);
    if ((WEBSITE_STATUSES as readonly string[]).includes(status)) filters.status = status as WebsiteFilters['status'];
    else issues.push(formatError(`${prefix}status`));
  }
  if (!isEmpty(source.group_id)) {
    const groupId = typeof source.group_id === 'number' || typeof source.group_id === 'string' ? parseInteger(source.group_id) : null;
    if (groupId === null || groupId < UNGROUPED) issues.push(formatError(`${prefix}group_id`));
    else filters.group_id = groupId;
  }
  if (!isEmpty(source.access_mode)) {
    const mode = String(source.access_mode);
    if ((ACCESS_MODES as readonly string[]).includes(mode)) filters.access_mode = mode as WebsiteFilters['access_mode'];
    else issues.push(formatError(`${prefix}access_mode`));
  }
  return { filters, issues };
}

/** Reads the list query's filters and sort (paging is read by `readPage`). */
export function readListQuery(query: unknown): { value: Pick<WebsiteListQuery, 'sort' | 'order'> & WebsiteFilters; issues: FieldIssue[] } {
  const source = asRecord(query);
  const { filters, issues } = readFilters(source);
  const value: Pick<WebsiteListQuery, 'sort' | 'order'> & WebsiteFilters = { ...filters };
  if (!isEmpty(source.sort)) {
    const sort = String(source.sort);
    if ((WEBSITE_SORT_FIELDS as readonly string[]).includes(sort)) value.sort = sort as WebsiteListQuery['sort'];
    else issues.push(formatError('sort'));
  }
  if (!isEmpty(source.order)) {
    if (source.order === 'asc' || source.order === 'desc') value.order = source.order;
    else issues.push(formatError('order'));
  }
  return { value, issues };
}

/** Reads a selection: exactly one of ids, domains or all (rules §5 "Please select a domain" when none is named). */
export function readSelection(body: unknown): { value: WebsiteSelection; issues: FieldIssue[] } {
  const source = asRecord(asRecord(body).selection);
  const given = (['ids', 'domains', 'all'] as const).filter((name) => source[name] !== undefined && source[name] !== null);
  if (given.length !== 1) return { value: {}, issues: onField('selection', issue('websites.select-domain')) };
  const kind = given[0]!;
  if (kind === 'all') {
    const all = asRecord(source.all);
    const { filters, issues } = readFilters(all, 'selection.all.');
    const exclude = Array.isArray(all.exclude) ? all.exclude.map(positiveId) : all.exclude === undefined ? [] : [null];
    if (exclude.length > SELECTION_MAX_ITEMS || exclude.some((id) => id === null)) issues.push(formatError('selection.all.exclude'));
    return { value: { all: { ...filters, exclude: exclude.filter((id): id is number => id !== null) } }, issues };
  }
  const items = source[kind];
  if (!Array.isArray(items) || items.length === 0) return { value: {}, issues: onField('selection', issue('websites.select-domain')) };
  if (items.length > SELECTION_MAX_ITEMS) {
    return { value: {}, issues: onField('selection', issue('websites.too-many-domains', { max: SELECTION_MAX_ITEMS })) };
  }
  if (kind === 'ids') {
    const ids = items.map(positiveId);
    if (ids.some((id) => id === null)) return { value: {}, issues: [formatError('selection.ids')] };
    return { value: { ids: [...new Set(ids as number[])] }, issues: [] };
  }
  if (items.some((item) => typeof item !== 'string' || item.length > DOMAIN_MAX_LENGTH)) {
    return { value: {}, issues: [formatError('selection.domains')] };
  }
  return { value: { domains: items as string[] }, issues: [] };
}

/** Reads `dry_run`: only `true` means a dry run. */
export function readDryRun(body: unknown): boolean {
  return asRecord(body).dry_run === true;
}

function readOrigins(value: unknown): { origins: WebsiteOrigin[]; issues: FieldIssue[] } {
  if (value === undefined || value === null) return { origins: [], issues: [] };
  if (!Array.isArray(value)) return { origins: [], issues: [formatError('origins')] };
  if (value.length === 0) return { origins: [], issues: [] };
  const raw = value.map(asRecord);
  const inputs = raw.map((origin) => ({
    address: text(origin.address) ?? '',
    port: typeof origin.port === 'number' || typeof origin.port === 'string' ? origin.port : '',
    line: origin.line === 'backup' ? ('backup' as const) : ('primary' as const),
    weight: typeof origin.weight === 'number' || typeof origin.weight === 'string' ? origin.weight : '',
  }));
  const issues = validateWebsiteOrigins(inputs);
  raw.forEach((origin, index) => {
    if (origin.line !== 'primary' && origin.line !== 'backup') issues.push(formatError(`origins.${index}.line`));
  });
  const origins = inputs.map((origin) => ({
    address: origin.address.trim(),
    port: parseInteger(origin.port) ?? 0,
    line: origin.line,
    weight: parseInteger(origin.weight) ?? 0,
  }));
  return { origins, issues };
}

function readEnum<T extends string | number>(value: unknown, allowed: readonly T[], fallback: T, field: string, issues: FieldIssue[]): T {
  if (value === undefined || value === null) return fallback;
  if ((allowed as readonly unknown[]).includes(value)) return value as T;
  issues.push(formatError(field));
  return fallback;
}

/** The add body, checked; `domains` keeps the per-line check so each refused domain gets its own reason. */
export interface AddInput {
  batch: BatchResult;
  templateId: number | null;
  type: WebsiteType;
  origins: WebsiteOrigin[];
  originProtocol: OriginProtocol;
  loadBalancing: LoadBalancing;
  https: boolean;
  remark: string;
  groupId: number | null;
}

/**
 * Reads the add body (rules §5 Websites: format, length 255, at most 500, no duplicates, template required, remark
 * 4-32; Origin: at least one primary line when origins are given; rules §6 plan gating). Problems with the submission
 * as a whole are issues; a domain that fails its own check is left in `batch.lines` for a per-row answer.
 */
export function readAdd(body: unknown, plan: WebsitePlanContext): { value: AddInput; issues: FieldIssue[] } {
  const source = asRecord(body);
  const issues: FieldIssue[] = [];
  const domains = Array.isArray(source.domains) ? source.domains : typeof source.domains === 'string' ? source.domains : null;
  if (domains === null) issues.push(...onField('domains', issue('domain.required')));
  const lines = domains === null ? [] : typeof domains === 'string' ? domains : domains.map((item) => (typeof item === 'string' ? item : ''));
  const batch = validateWebsiteDomains(lines);
  if (domains !== null) issues.push(...onField('domains', batch.issue));
  const templateId = positiveId(source.template_id);
  issues.push(...onField('template_id', validateTemplateChosen(isEmpty(source.template_id) ? null : templateId ?? -1)));
  if (!isEmpty(source.template_id) && templateId === null) issues.push(formatError('template_id'));
  const remark = text(source.remark) ?? '';
  if (!isEmpty(source.remark) && typeof source.remark !== 'string') issues.push(formatError('remark'));
  issues.push(...onField('remark', validateWebsiteRemark(remark)));
  const { origins, issues: originIssues } = readOrigins(source.origins);
  issues.push(...originIssues);
  const https = source.https === true;
  if (!isEmpty(source.https) && typeof source.https !== 'boolean') issues.push(formatError('https'));
  issues.push(...validateWebsitePlan({ https }, plan));
  const groupId = isEmpty(source.group_id) ? null : positiveId(source.group_id);
  if (!isEmpty(source.group_id) && groupId === null) issues.push(formatError('group_id'));
  return {
    value: {
      batch,
      templateId,
      type: readEnum(source.type, WEBSITE_TYPES, 'web', 'type', issues),
      origins,
      originProtocol: readEnum(source.origin_protocol, ORIGIN_PROTOCOLS, 0, 'origin_protocol', issues),
      loadBalancing: readEnum(source.load_balancing, LOAD_BALANCING_MODES, 1, 'load_balancing', issues),
      https,
      remark: remark.trim(),
      groupId,
    },
    issues,
  };
}

/** Reads the status action. */
export function readStatusAction(body: unknown): { value: WebsiteStatusAction; issues: FieldIssue[] } {
  const action = asRecord(body).action;
  return action === 'suspend' || action === 'enable' ? { value: action, issues: [] } : { value: 'suspend', issues: [formatError('action')] };
}

/** Reads batch setting values (rules §5: at least one configuration; each item's own rule; WebSocket plan-gated). */
export function readSettings(body: unknown, plan: Pick<WebsitePlanContext, 'websocketAllowed'>): { value: Partial<WebsiteSettings>; issues: FieldIssue[] } {
  const source = asRecord(asRecord(body).settings);
  const input = { page_gzip: source.page_gzip, Webp: source.Webp, websocket: source.websocket, origin_timeout: source.origin_timeout };
  const issues = validateWebsiteSettings(input, plan);
  const value: Partial<WebsiteSettings> = {};
  for (const name of ['page_gzip', 'Webp', 'websocket'] as const) if (input[name] !== undefined) value[name] = input[name] as 'on' | 'off';
  if (input.origin_timeout !== undefined) value.origin_timeout = parseInteger(input.origin_timeout as string | number) ?? 0;
  return { value, issues };
}

/** Reads a site's own fields for update. */
export function readUpdate(body: unknown): {
  value: { id: number; remark?: string; groupId?: number | null; autoRenew?: boolean };
  issues: FieldIssue[];
} {
  const source = asRecord(body);
  const issues: FieldIssue[] = [];
  const id = positiveId(source.id);
  if (id === null) issues.push({ field: 'id', key: 'common.positive-integer' });
  const value: { id: number; remark?: string; groupId?: number | null; autoRenew?: boolean } = { id: id ?? 0 };
  if (source.remark !== undefined) {
    if (typeof source.remark !== 'string') issues.push(formatError('remark'));
    else {
      issues.push(...onField('remark', validateWebsiteRemark(source.remark)));
      value.remark = source.remark.trim();
    }
  }
  if (source.group_id !== undefined) {
    value.groupId = source.group_id === null ? null : positiveId(source.group_id);
    if (source.group_id !== null && value.groupId === null) issues.push(formatError('group_id'));
  }
  if (source.auto_renew !== undefined) {
    if (typeof source.auto_renew !== 'boolean') issues.push(formatError('auto_renew'));
    else value.autoRenew = source.auto_renew;
  }
  return { value, issues };
}

/** Reads a group's name and remark (rules §5 group name 1-40; remark 4-32). */
export function readGroup(body: unknown): { value: { name: string; remark: string }; issues: FieldIssue[] } {
  const source = asRecord(body);
  const name = text(source.name) ?? '';
  const remark = text(source.remark) ?? '';
  const issues = validateWebsiteGroup({ name, remark });
  if (!isEmpty(source.name) && typeof source.name !== 'string') issues.push(formatError('name'));
  if (!isEmpty(source.remark) && typeof source.remark !== 'string') issues.push(formatError('remark'));
  return { value: { name: name.trim(), remark: isBlank(remark) ? '' : remark.trim() }, issues };
}
