/**
 * Cloud DNS (rules §5 DNS; rules §9 "Batch domains (DNS) 100 lines", "DNS import", "Default TTL").
 */
import { validateBatch, type BatchResult } from './batch.js';
import { charLength, isBlank, parseInteger, validateLength } from './common.js';
import { DOMAIN_LABEL_MAX_LENGTH, DOMAIN_MAX_LENGTH, isDomain, normalizeDomain, validateDomain } from './domain.js';
import { isIPv4, isIPv6 } from './ip.js';
import { isHttpUrl } from './url.js';
import { issue, onField, type FieldIssue, type RuleIssue } from './types.js';

/** Domains per batch-add submission, one per line (rules §5 DNS, rules §9 "Batch domains (DNS) 100 lines"). */
export const DNS_BATCH_DOMAINS_MAX = 100;
/** Largest import workbook: 2MB (rules §5 DNS, rules §9), counted in base 1000 as the console shows sizes. */
export const DNS_IMPORT_MAX_BYTES = 2_000_000;
/** Workbook types accepted for import (rules §5 DNS: xlsx or xls). */
export const DNS_IMPORT_EXTENSIONS: readonly string[] = ['xlsx', 'xls'];
/** Domains per import upload, one per sheet (rules §5 DNS, rules §9). */
export const DNS_IMPORT_MAX_DOMAINS = 5;
/** Records per domain sheet (rules §5 DNS, rules §9). */
export const DNS_IMPORT_MAX_RECORDS_PER_DOMAIN = 200;
/** Record types (rules §3 DNS): XURL is explicit URL forwarding, YURL implicit. */
export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'SRV', 'XURL', 'YURL'] as const;
/** A DNS record type. */
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];
/** MX priority bounds (rules §5 DNS: range 1-50). */
export const MX_PRIORITY_RANGE = { min: 1, max: 50 } as const;
/** MX priority default (rules §5 DNS: default 5). */
export const MX_PRIORITY_DEFAULT = 5;
/** TTL options in seconds (rules §5 DNS, rules §9 "Default TTL 600 (60, 600, 3600)"). */
export const DNS_TTL_OPTIONS: readonly number[] = [60, 600, 3600];
/** Default TTL in seconds (rules §5 DNS, rules §9). */
export const DNS_TTL_DEFAULT = 600;
/** Default resolution line (rules §5 DNS "Line default: any"). */
export const DNS_LINE_DEFAULT = 'any';
/**
 * Longest TXT record value. The spec gives two readings, 255 or 512 characters (rules §5 DNS); this takes the stricter
 * 255, which is also the most one DNS character-string can hold, so a value that passes here is stored as one string.
 */
export const DNS_TXT_MAX_LENGTH = 255;
/**
 * Longest TXT value written as several character-strings (`"v=DKIM1; k=rsa; " "p=MIIB..."`, RFC 1035 §3.3.14: a TXT
 * RDATA is one or more character-strings of at most 255 octets each). The spec's other reading, 512 characters
 * (rules §5 DNS), bounds the whole value, so a real zone's long DKIM or SPF record imports instead of being refused.
 */
export const DNS_TXT_MULTI_MAX_LENGTH = 512;
/** Preference of a null MX (RFC 7505 §3: "a preference number of 0 and a zero-length label"). */
export const NULL_MX_PRIORITY = 0;

/** True for a DNS record type name. */
export function isDnsRecordType(value: string): value is DnsRecordType {
  return (DNS_RECORD_TYPES as readonly string[]).includes(value);
}

/**
 * Host record: `@` for the zone apex, `*` or `*.name` for wildcards, otherwise dot-separated labels of letters,
 * digits, hyphens and underscores (service names such as `_sip._tcp`), each label at most 63 characters.
 */
export function validateDnsHost(value: string | null | undefined): RuleIssue | null {
  const text = (value ?? '').trim();
  if (text.length === 0) return issue('dns.host-required');
  if (text === '@' || text === '*') return null;
  const body = text.startsWith('*.') ? text.slice(2) : text;
  if (body.length === 0 || text.length > DOMAIN_MAX_LENGTH) return issue('dns.host-format');
  for (const label of body.split('.')) {
    if (label.length === 0 || label.length > DOMAIN_LABEL_MAX_LENGTH) return issue('dns.host-format');
    if (label.startsWith('-') || label.endsWith('-')) return issue('dns.host-format');
    if (!/^[A-Za-z0-9_-]+$/.test(label)) return issue('dns.host-format');
  }
  return null;
}

const TARGET_SYNTAX = { trailingDot: true, underscore: true } as const;

function isUint16(text: string | undefined): boolean {
  return text !== undefined && /^[0-9]{1,5}$/.test(text) && Number(text) <= 65535;
}

/**
 * The record value for its type (rules §5 DNS: "please fill in the record IP", "record value format error", TXT
 * length): A takes IPv4, AAAA IPv6, CNAME/NS/MX a domain (a trailing dot allowed), TXT 1-255 characters without
 * control characters, SRV `priority weight port target`, XURL/YURL an http(s) URL.
 */
export function validateDnsRecordValue(type: DnsRecordType, value: string | null | undefined): RuleIssue | null {
  const text = (value ?? '').trim();
  if (text.length === 0) return issue(type === 'A' || type === 'AAAA' ? 'dns.record-ip-required' : 'dns.record-value-required');
  switch (type) {
    case 'A':
      return isIPv4(text) ? null : issue('dns.record-value-format');
    case 'AAAA':
      return isIPv6(text) ? null : issue('dns.record-value-format');
    case 'CNAME':
    case 'MX':
      // The root `.` is a valid domain-name (RFC 1035 §3.1): a null MX (RFC 7505 §3) and a CNAME to the root, which
      // resolvers answer as a name without data, are written this way in real zones.
      return text === '.' || isDomain(text, TARGET_SYNTAX) ? null : issue('dns.record-value-format');
    case 'NS':
      return isDomain(text, TARGET_SYNTAX) ? null : issue('dns.record-value-format');
    case 'TXT': {
      const strings = txtStrings(text);
      if (strings) {
        if (strings.some((part) => charLength(part) > DNS_TXT_MAX_LENGTH)) return issue('dns.txt-too-long', { max: DNS_TXT_MAX_LENGTH });
        if (strings.reduce((sum, part) => sum + charLength(part), 0) > DNS_TXT_MULTI_MAX_LENGTH) {
          return issue('dns.txt-too-long', { max: DNS_TXT_MULTI_MAX_LENGTH });
        }
      } else if (charLength(text) > DNS_TXT_MAX_LENGTH) return issue('dns.txt-too-long', { max: DNS_TXT_MAX_LENGTH });
      for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) < 0x20) return issue('dns.record-value-format');
      return null;
    }
    case 'SRV': {
      const parts = text.split(/\s+/);
      const [priority, weight, port, target] = parts;
      const ok =
        parts.length === 4 && isUint16(priority) && isUint16(weight) && isUint16(port) &&
        (target === '.' || isDomain(target!, TARGET_SYNTAX));
      return ok ? null : issue('dns.record-value-format');
    }
    case 'XURL':
    case 'YURL':
      return isHttpUrl(text) ? null : issue('dns.record-value-format');
  }
}

/**
 * The character-strings of a TXT value written in the multi-string form, `"one" "two"` (each string quoted, `\"` and
 * `\\` escaped, blanks between), or null for a plain value, which is one string as typed. The console keeps a zone's
 * multi-string TXT in this form so export writes back the same strings (RFC 1035 §3.3.14).
 */
export function txtStrings(value: string): string[] | null {
  const text = value.trim();
  if (!text.startsWith('"') || !text.endsWith('"') || text.length < 2) return null;
  const strings: string[] = [];
  let index = 0;
  while (index < text.length) {
    if (text[index] !== '"') return null;
    let part = '';
    index++;
    for (;;) {
      if (index >= text.length) return null;
      const char = text[index]!;
      if (char === '\\' && index + 1 < text.length) {
        part += text[index + 1];
        index += 2;
      } else if (char === '"') {
        index++;
        break;
      } else {
        part += char;
        index++;
      }
    }
    strings.push(part);
    const blanks = /^[ \t]*/.exec(text.slice(index))![0].length;
    if (blanks === 0 && index < text.length) return null;
    index += blanks;
  }
  return strings.length > 1 ? strings : null;
}

/** The multi-string TXT value of {@link txtStrings} for several character-strings. */
export function txtValueOf(strings: readonly string[]): string {
  return strings.length === 1 ? strings[0]! : strings.map((part) => `"${part.replace(/[\\"]/g, (char) => `\\${char}`)}"`).join(' ');
}

/**
 * The allowed TTL nearest to `seconds` (rules §5 DNS options 60, 600, 3600): what an imported record whose TTL is not
 * an option is proposed instead. Ties go to the shorter TTL, so a change reaches resolvers no later than the file asked.
 */
export function nearestDnsTtl(seconds: number): number {
  let best = DNS_TTL_OPTIONS[0]!;
  for (const option of DNS_TTL_OPTIONS) if (Math.abs(option - seconds) < Math.abs(best - seconds)) best = option;
  return best;
}

/** MX priority: whole number 1-50 (rules §5 DNS). */
export function validateMxPriority(value: string | number | null | undefined): RuleIssue | null {
  const parsed = parseInteger(value);
  if (parsed === null || parsed < MX_PRIORITY_RANGE.min || parsed > MX_PRIORITY_RANGE.max) {
    return issue('dns.mx-priority-range', { ...MX_PRIORITY_RANGE });
  }
  return null;
}

/** TTL: one of 60, 600, 3600 seconds (rules §5 DNS). */
export function validateDnsTtl(value: string | number | null | undefined): RuleIssue | null {
  const parsed = parseInteger(value);
  return parsed !== null && DNS_TTL_OPTIONS.includes(parsed) ? null : issue('dns.ttl-option', { options: DNS_TTL_OPTIONS.join(', ') });
}

/**
 * Resolution lines (rules §3 DNS "line type"). The spec names only the default, `any` (rules §5 DNS); the others are
 * the carrier and audience lines Chinese DNS providers offer, so a record can answer differently per network.
 */
export const DNS_LINES = ['any', 'telecom', 'unicom', 'mobile', 'education', 'overseas', 'search-engine'] as const;
/** A resolution line id. */
export type DnsLine = (typeof DNS_LINES)[number];
/** Record and domain statuses (rules §3, §4 DNS: normal, disabled). */
export const DNS_STATUSES = ['normal', 'disabled'] as const;
/** A record or domain status. */
export type DnsStatus = (typeof DNS_STATUSES)[number];
/**
 * Longest record or group remark. The spec gives no DNS remark length; this takes the add-website note's 64
 * characters (rules §5 Websites), the longer remark reading there being meant for website notes rather than DNS.
 */
export const DNS_REMARK_MAX_LENGTH = 64;
/** Domain group names and record group labels: 1-40 characters, as group names are in rules §5 Accounts and groups. */
export const DNS_GROUP_NAME_LENGTH = { min: 1, max: 40 } as const;

/** True for a resolution line id. */
export function isDnsLine(value: string): value is DnsLine {
  return (DNS_LINES as readonly string[]).includes(value);
}

/** True for a record or domain status. */
export function isDnsStatus(value: string): value is DnsStatus {
  return (DNS_STATUSES as readonly string[]).includes(value);
}

/** The line is one of {@link DNS_LINES}. */
export function validateDnsLine(value: string | null | undefined): RuleIssue | null {
  return isDnsLine((value ?? '').trim()) ? null : issue('dns.line-option');
}

/** The status is normal or disabled (rules §3 DNS). */
export function validateDnsStatus(value: string | null | undefined): RuleIssue | null {
  return isDnsStatus((value ?? '').trim()) ? null : issue('dns.status-option');
}

/** A remark of at most {@link DNS_REMARK_MAX_LENGTH} characters; empty is fine. */
export function validateDnsRemark(value: string | null | undefined): RuleIssue | null {
  return validateLength(value ?? '', { min: 0, max: DNS_REMARK_MAX_LENGTH });
}

/** A domain group name: required, 1-40 characters (rules §3 DNS website group, rules §5 group names). */
export function validateDnsGroupName(value: string | null | undefined): RuleIssue | null {
  if (isBlank(value)) return issue('dns.group-name-required');
  return validateLength(value ?? '', DNS_GROUP_NAME_LENGTH);
}

/** A record's group label (rules §3 DNS record "group"): optional, at most 40 characters. */
export function validateDnsRecordGroup(value: string | null | undefined): RuleIssue | null {
  return validateLength(value ?? '', { min: 0, max: DNS_GROUP_NAME_LENGTH.max });
}

/** A DNS record as the record form edits it. */
export interface DnsRecordInput {
  /** Host record (`@`, `www`, `*`). */
  host: string;
  /** Record type. */
  type: string;
  /** Record value. */
  value: string;
  /** MX priority; only MX records may carry one. */
  priority?: number | string | null;
  /** TTL in seconds; absent means {@link DNS_TTL_DEFAULT}. */
  ttl?: number | string | null;
  /** Resolution line; absent means {@link DNS_LINE_DEFAULT}. */
  line?: string | null;
  /** Normal or disabled; absent means normal. */
  status?: string | null;
  /** Free remark. */
  remark?: string | null;
  /** Group label. */
  group?: string | null;
}

/**
 * Checks a record (rules §5 DNS): host, type, value per type, MX priority only on MX records (1-50), TTL options, and,
 * when given, the line, status, remark and group label. Issues name the fields of {@link DnsRecordInput}.
 */
export function validateDnsRecord(record: DnsRecordInput): FieldIssue[] {
  const issues = [...onField('host', validateDnsHost(record.host))];
  if (!isDnsRecordType(record.type)) {
    issues.push(...onField('type', issue('dns.record-type')));
  } else {
    issues.push(...onField('value', validateDnsRecordValue(record.type, record.value)));
    const hasPriority = record.priority !== undefined && record.priority !== null && record.priority !== '';
    // A null MX (RFC 7505 §3) takes preference 0, below the spec's 1-50 range, which is for real mail hosts.
    const nullMx = record.type === 'MX' && (record.value ?? '').trim() === '.';
    if (nullMx) {
      if (hasPriority && parseInteger(record.priority) !== NULL_MX_PRIORITY) issues.push(...onField('priority', issue('dns.null-mx-priority')));
    } else if (record.type === 'MX') issues.push(...onField('priority', hasPriority ? validateMxPriority(record.priority) : null));
    else if (hasPriority) issues.push(...onField('priority', issue('dns.priority-mx-only')));
  }
  if (record.ttl !== undefined && record.ttl !== null && record.ttl !== '') {
    issues.push(...onField('ttl', validateDnsTtl(record.ttl)));
  }
  if (record.line !== undefined && record.line !== null && record.line !== '') issues.push(...onField('line', validateDnsLine(record.line)));
  if (record.status !== undefined && record.status !== null && record.status !== '') {
    issues.push(...onField('status', validateDnsStatus(record.status)));
  }
  if (record.remark) issues.push(...onField('remark', validateDnsRemark(record.remark)));
  if (record.group) issues.push(...onField('group', validateDnsRecordGroup(record.group)));
  return issues;
}

/**
 * Records per batch-add submission. The spec states 100 lines for batch add domains (rules §5 DNS, §9); the stricter
 * reading applies the same limit, and the same "more than 100 lines" message, to batch add records.
 */
export const DNS_BATCH_RECORDS_MAX = 100;

/**
 * Reads one line of a batch record text, written as in a zone file: `host type value`, with the MX priority before the
 * value (`@ MX 10 mail.example.com`). The value is the rest of the line, so TXT and SRV values keep their spaces; one
 * pair of surrounding double quotes is removed. Answers null when the line has fewer than three parts.
 */
export function parseDnsRecordLine(text: string): DnsRecordInput | null {
  const match = /^(\S+)\s+(\S+)\s+(.+)$/.exec(text.trim());
  if (!match) return null;
  const host = match[1]!;
  const type = match[2]!.toUpperCase();
  let rest = match[3]!.trim();
  let priority: string | null = null;
  if (type === 'MX') {
    const mx = /^(\S+)\s+(.+)$/.exec(rest);
    if (!mx) return null;
    priority = mx[1]!;
    rest = mx[2]!.trim();
  }
  if (rest.length >= 2 && rest.startsWith('"') && rest.endsWith('"')) rest = rest.slice(1, -1);
  return priority === null ? { host, type, value: rest } : { host, type, value: rest, priority };
}

/** One batch record line: its format, then the first problem {@link validateDnsRecord} finds. */
export function validateDnsRecordLine(text: string): RuleIssue | null {
  const record = parseDnsRecordLine(text);
  if (!record) return issue('dns.record-line-format');
  const [first] = validateDnsRecord(record);
  return first ? (first.values === undefined ? { key: first.key } : { key: first.key, values: first.values }) : null;
}

/** The identity of a record line for duplicate checks: host and type case-insensitively, the value as written. */
function recordLineIdentity(text: string): string {
  const record = parseDnsRecordLine(text);
  return record ? `${record.host.toLowerCase()} ${record.type} ${record.priority ?? ''} ${record.value}` : text;
}

/** The batch-add records text: one record per line, at most 100 (the "more than 100 lines" message), repeats marked. */
export function validateDnsBatchRecords(text: string): BatchResult {
  return validateBatch(text, {
    rule: validateDnsRecordLine,
    identity: recordLineIdentity,
    limit: { max: DNS_BATCH_RECORDS_MAX, key: 'dns.more-than-100-lines' },
  });
}

/** One domain of a DNS batch add: a domain name, no wildcard (rules §5 DNS "domain format error"). */
export function validateDnsDomain(value: string | null | undefined): RuleIssue | null {
  return validateDomain(value);
}

/**
 * The batch-add text: one domain per line, at most 100 (rules §5 DNS: "more than 100 lines"). Blank lines are
 * skipped and repeats marked, compared case-insensitively. An empty text gets the message rules §5 DNS names for it,
 * "please enter the domain".
 */
export function validateDnsBatchDomains(text: string): BatchResult {
  const result = validateBatch(text, {
    rule: validateDnsDomain,
    identity: normalizeDomain,
    limit: { max: DNS_BATCH_DOMAINS_MAX, key: 'dns.more-than-100-lines' },
  });
  return result.issue?.key === 'batch.empty' ? { ...result, issue: issue('domain.required') } : result;
}

/** A file picked for import: xlsx or xls, at most 2MB (rules §5 DNS). */
export function validateDnsImportFile(file: { name: string; size: number }): RuleIssue | null {
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  if (!file.name.includes('.') || !DNS_IMPORT_EXTENSIONS.includes(extension)) {
    return issue('dns.import-file-type', { types: DNS_IMPORT_EXTENSIONS.join(', ') });
  }
  if (file.size <= 0) return issue('dns.import-file-empty');
  if (file.size > DNS_IMPORT_MAX_BYTES) return issue('dns.import-file-size', { max: '2MB' });
  return null;
}

/**
 * A file picked on the import page: an xlsx workbook or a BIND zone file, at most 2MB (the spec's import size applies
 * to zone files too, the stricter reading). Zone files carry any name (`db.example.com`, `example.com.hosts`, `named.
 * conf` includes), so the name is not checked here: the worker tells the formats apart by their content. Legacy `.xls`
 * workbooks are named by the spec (rules §5 DNS) but cannot be read by the maintained spreadsheet library the console
 * uses, so they are refused with their own message asking for an `.xlsx` copy, instead of failing later as unreadable.
 */
export function validateDnsImportUpload(file: { name: string; size: number }): RuleIssue | null {
  const extension = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase() : '';
  if (extension === 'xls') return issue('dns.import-xls-unsupported');
  if (extension === 'xlsx') return validateDnsImportFile(file);
  if (file.size <= 0) return issue('dns.import-file-empty');
  if (file.size > DNS_IMPORT_MAX_BYTES) return issue('dns.import-file-size', { max: '2MB' });
  return null;
}

/** Largest value of a 32-bit SOA field (RFC 1035 §3.3.13: SERIAL and the timers are unsigned 32-bit). */
const UINT32_MAX = 4_294_967_295;

/**
 * The SOA an imported zone file carries (RFC 1035 §3.3.13), checked before the domain keeps it: MNAME and RNAME
 * absolute names (with the trailing dot, escapes as written, at most 255 characters, no blanks, quotes, parentheses or
 * semicolons, which would break the exported line), SERIAL and the timers whole numbers of 32 bits, the TTL one as
 * well or null.
 */
export function validateDnsZoneSoa(value: unknown): RuleIssue | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return issue('common.format-error');
  const soa = value as Record<string, unknown>;
  const isName = (name: unknown) => typeof name === 'string' && /^[^\s"();]{1,255}$/.test(name) && name.endsWith('.');
  const isUint32 = (number: unknown) => Number.isInteger(number) && (number as number) >= 0 && (number as number) <= UINT32_MAX;
  const ok =
    isName(soa.mname) && isName(soa.rname) && (soa.ttl === null || isUint32(soa.ttl)) &&
    ['serial', 'refresh', 'retry', 'expire', 'minimum'].every((field) => isUint32(soa[field]));
  return ok ? null : issue('common.format-error');
}

/** One sheet of an import workbook: the domain it is for and how many records it holds. */
export interface DnsImportSheet {
  /** The sheet's domain. */
  domain: string;
  /** Record rows in the sheet. */
  records: number;
}

/**
 * The shape of an import workbook (rules §5 DNS): at most 5 domains, one domain per sheet (a domain on two sheets is
 * refused), at most 200 records per domain sheet.
 */
export function validateDnsImportSheets(sheets: readonly DnsImportSheet[]): RuleIssue | null {
  if (sheets.length === 0) return issue('dns.import-file-empty');
  if (sheets.length > DNS_IMPORT_MAX_DOMAINS) return issue('dns.import-too-many-domains', { max: DNS_IMPORT_MAX_DOMAINS });
  const seen = new Set<string>();
  for (const sheet of sheets) {
    const domain = normalizeDomain(sheet.domain);
    if (seen.has(domain)) return issue('dns.import-one-domain-per-sheet', { domain });
    seen.add(domain);
    if (sheet.records > DNS_IMPORT_MAX_RECORDS_PER_DOMAIN) {
      return issue('dns.import-too-many-records', { max: DNS_IMPORT_MAX_RECORDS_PER_DOMAIN, domain });
    }
  }
  return null;
}
