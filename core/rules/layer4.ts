/**
 * Layer-4 forwarding rules (rules §3 layer-4 rule, §5 "at most 100 forwarding ports at once (1000 for the application
 * product); batch edit requires the same source port, package and source IP array", §8 TCP package messages, §9).
 * The port-count and sameness checks live in ./origin.ts (where §5 lists them); this module adds the rule form, the
 * port list of a batch add and the access control, and is what both the console and the reference server run.
 */
import { LAYER4_LB_MODES, LAYER4_PROTOCOLS, LAYER4_SOURCE_TYPES, type Layer4Product } from '../api/endpoints/layer4.js';
import { parseInteger, validateLength, type Bounds } from './common.js';
import { REPORT_RANGE_MAX_DAYS, reportRangeTooLong } from './reports.js';
import { validateDomain } from './domain.js';
import { canonicalIp, ipIdentity, validateIp, validateIpOrCidr } from './ip.js';
import { PORT_RANGE, validateL4PortCount } from './origin.js';
import { issue, onField, type FieldIssue, type RuleIssue } from './types.js';

/** Source addresses of one rule (the spec gives none; a TCP proxy upstream list, kept small so health checks stay cheap). */
export const LAYER4_SOURCES_MAX = 20;
/** Remark length (the spec gives none; the domain remark's upper bound, rules §5 Websites). */
export const LAYER4_REMARK_LENGTH: Bounds = { min: 0, max: 64 };
/** Entries in each access-control list. */
export const LAYER4_ACCESS_ENTRIES_MAX = 500;
/** Rules §9 "Default ports": the standard ones; any other rule port is non-standard (rules §6 gating). */
export const LAYER4_STANDARD_PORTS: readonly number[] = [80, 8080, 443, 8443];

const REGION_CODE = /^[A-Z]{2}(-[A-Z0-9]{1,3})?$/;

/** The parsed port list of a batch add, or the first issue found in it. */
export type PortListResult = { ports: number[]; issue: null } | { ports: number[]; issue: RuleIssue };

/**
 * Reads "10000-10099, 443" (ports and low-high ranges separated by commas, spaces or lines). A duplicate is refused
 * with the spec's "Port already exists" rather than dropped: the user typed it twice and should see where.
 * The count limit is checked before ranges are expanded, so a typed "1-65535" costs nothing.
 */
export function parsePortList(text: string, product: Layer4Product = 'standard'): PortListResult {
  const entries = text.split(/[\s,，]+/).filter((entry) => entry !== '');
  if (entries.length === 0) return { ports: [], issue: issue('common.required') };
  const ranges: Array<[number, number]> = [];
  let count = 0;
  for (const entry of entries) {
    const dash = entry.indexOf('-', 1);
    const low = parseInteger(dash < 0 ? entry : entry.slice(0, dash));
    const high = dash < 0 ? low : parseInteger(entry.slice(dash + 1));
    if (low === null || high === null || low < PORT_RANGE.min || high > PORT_RANGE.max || low > PORT_RANGE.max || high < PORT_RANGE.min) {
      return { ports: [], issue: issue('origin.port-error', { ...PORT_RANGE }) };
    }
    // A reversed range is refused as a port error (the stricter reading; no message of its own to keep the catalogue small).
    if (low > high) return { ports: [], issue: issue('origin.port-error', { ...PORT_RANGE }) };
    ranges.push([low, high]);
    count += high - low + 1;
  }
  const tooMany = validateL4PortCount(count, product);
  if (tooMany) return { ports: [], issue: tooMany };
  const seen = new Set<number>();
  for (const [low, high] of ranges) {
    for (let port = low; port <= high; port++) {
      if (seen.has(port)) return { ports: [], issue: issue('layer4.port-taken', { port }) };
      seen.add(port);
    }
  }
  return { ports: [...seen], issue: null };
}

/** A rule port or source port (rules §5: 1-65535, "Port Error"). */
export function validateLayer4Port(value: number | string | null | undefined): RuleIssue | null {
  const port = parseInteger(value ?? null);
  return port === null || port < PORT_RANGE.min || port > PORT_RANGE.max ? issue('origin.port-error', { ...PORT_RANGE }) : null;
}

/** The source addresses: IPs, or exactly one domain; none repeated. */
export function validateLayer4Sources(type: string, sources: readonly string[]): RuleIssue | null {
  const list = sources.map((source) => source.trim()).filter((source) => source !== '');
  if (list.length === 0) return issue('layer4.source-required');
  if (type === 'domain') return list.length > 1 ? issue('layer4.one-domain') : validateDomain(list[0]);
  if (list.length > LAYER4_SOURCES_MAX) return issue('layer4.too-many-entries', { max: LAYER4_SOURCES_MAX });
  const seen = new Set<string>();
  for (const source of list) {
    const found = validateIp(source);
    if (found) return { ...found, values: { ...found.values, value: source } };
    const key = canonicalIp(source) ?? source;
    if (seen.has(key)) return issue('layer4.source-repeated', { value: source });
    seen.add(key);
  }
  return null;
}

/** A rule form as typed (create, edit and the shared fields of a batch add). */
export interface Layer4RuleForm {
  protocol: string;
  type: string;
  source_ips: readonly string[];
  source_port: number | string;
  remark: string;
  package_id: number | string | null;
  lb_mode: string;
}

/** Every issue of a rule form, on its fields (the rule port or port list is checked by its own rule). */
export function validateLayer4Rule(form: Layer4RuleForm): FieldIssue[] {
  const inList = (list: readonly string[], value: string) => (list.includes(value) ? null : issue('common.required'));
  const packageId = typeof form.package_id === 'number' ? form.package_id : parseInteger(form.package_id ?? null);
  return [
    ...onField('protocol', inList(LAYER4_PROTOCOLS, form.protocol)),
    ...onField('type', inList(LAYER4_SOURCE_TYPES, form.type)),
    ...onField('source_ips', validateLayer4Sources(form.type, form.source_ips)),
    ...onField('source_port', validateLayer4Port(form.source_port)),
    ...onField('remark', validateLength(form.remark, LAYER4_REMARK_LENGTH)),
    ...onField('package_id', packageId === null || packageId < 1 ? issue('common.required') : null),
    ...onField('lb_mode', inList(LAYER4_LB_MODES, form.lb_mode)),
  ];
}

/** Access control as typed. */
export interface Layer4AccessForm {
  allow_ips: readonly string[];
  deny_ips: readonly string[];
  deny_regions: readonly string[];
}

function validateIpList(list: readonly string[]): RuleIssue | null {
  if (list.length > LAYER4_ACCESS_ENTRIES_MAX) return issue('layer4.too-many-entries', { max: LAYER4_ACCESS_ENTRIES_MAX });
  for (const entry of list) {
    const found = validateIpOrCidr(entry);
    if (found) return { ...found, values: { ...found.values, value: entry } };
  }
  return null;
}

/** Access control: IPs or CIDR blocks to allow and deny (never the same one in both) and region codes to deny. */
export function validateLayer4Access(form: Layer4AccessForm): FieldIssue[] {
  const allowed = new Set(form.allow_ips.map((entry) => ipIdentity(entry.trim()) ?? entry.trim()));
  const both = form.deny_ips.find((entry) => allowed.has(ipIdentity(entry.trim()) ?? entry.trim()));
  const badRegion = form.deny_regions.find((code) => !REGION_CODE.test(code));
  return [
    ...onField('access.allow_ips', validateIpList(form.allow_ips)),
    ...onField('access.deny_ips', validateIpList(form.deny_ips) ?? (both === undefined ? null : issue('layer4.allow-deny-overlap', { value: both }))),
    ...onField(
      'access.deny_regions',
      form.deny_regions.length > LAYER4_ACCESS_ENTRIES_MAX
        ? issue('layer4.too-many-entries', { max: LAYER4_ACCESS_ENTRIES_MAX })
        : badRegion === undefined
          ? null
          : issue('common.format-error'),
    ),
  ];
}

/** Whether a rule port needs the non-standard port gate (rules §6, §9 default ports). */
export function isNonStandardPort(port: number): boolean {
  return !LAYER4_STANDARD_PORTS.includes(port);
}

/** Granularities of the TCP reports (buckets of the log store; days are Beijing days). */
export const TCP_REPORT_BUCKETS = ['minute', 'hour', 'day'] as const;
export type TcpReportBucket = (typeof TCP_REPORT_BUCKETS)[number];
/** The longest report range in days: the one report limit of core/rules/reports.ts (its comment says which reading). */
export const TCP_REPORT_MAX_DAYS = REPORT_RANGE_MAX_DAYS;
/** The longest range per minute (1440 points); hours and days may cover the whole report range. */
export const TCP_REPORT_MINUTE_MAX_HOURS = 24;

/**
 * A report's range and granularity: both ends, in order, at most the report limit (core/rules/reports.ts), and per minute at
 * most {@link TCP_REPORT_MINUTE_MAX_HOURS} hours. Issues name the field to mark.
 */
export function validateTcpReportRange(from: number | null, to: number | null, bucket: string): FieldIssue[] {
  if (!(TCP_REPORT_BUCKETS as readonly string[]).includes(bucket)) return onField('bucket', issue('common.format-error'));
  if (from === null || to === null || from > to) return onField('from', issue('logs.range-required'));
  const hours = (to - from) / 3_600_000;
  if (reportRangeTooLong(from, to)) return onField('from', issue('layer4.report-too-long', { days: TCP_REPORT_MAX_DAYS }));
  if (bucket === 'minute' && hours > TCP_REPORT_MINUTE_MAX_HOURS) return onField('bucket', issue('layer4.report-minute-range', { hours: TCP_REPORT_MINUTE_MAX_HOURS }));
  return [];
}
