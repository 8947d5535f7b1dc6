/**
 * BIND zone files (RFC 1035 master file format) for DNS import and export, as other providers offer them.
 *
 * Export writes a loadable zone: `$ORIGIN`, `$TTL`, a SOA built from the first NS record, and one line per record
 * with an explicit TTL and fully qualified targets. Some records have no BIND form: URL forwarding (XURL, YURL), records
 * on a resolution line other than `any` (BIND answers every client the same) and disabled records. They are written as
 * `;ec-record <record line>` comments, so a name server ignores them and the console's import reads them back. What a
 * zone file cannot say (line, status, remark, group, the exact spelling of a target) travels in a trailing
 * `; ec-meta {json}` comment, so export followed by import gives back identical records.
 *
 * Import reads `$ORIGIN` and `$TTL`, owners relative or absolute (or left blank to repeat the previous one), TTLs with
 * unit suffixes, the class in either position, parentheses spanning lines, quoted strings with escapes, and comments.
 * The zone's domain is the first `$ORIGIN`, else the SOA owner, else the file name (`example.com.zone`). SOA records
 * are skipped; types the console does not manage are reported on their line.
 */
import type { DnsRecordFields } from '../../../core/api/endpoints/dns.js';
import { DNS_TTL_DEFAULT, isDnsRecordType } from '../../../core/rules/dns.js';
import { isDomain, normalizeDomain } from '../../../core/rules/domain.js';
import { emptyFields, fileIssue, finishPreview, finishRow, type FileIssue, type ImportPreview, type ImportRow, type ImportRowFields } from './import-model.js';

/** The comment prefix of a record line a name server must not load. */
export const RECORD_COMMENT = ';ec-record ';
/** The comment prefix of a record's console-only fields. */
export const META_COMMENT = 'ec-meta ';

/** Record types a zone file can carry as they are. */
const BIND_TYPES = new Set(['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'SRV']);
const CLASSES = new Set(['IN', 'CH', 'HS']);
const TTL_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };
/** SOA timers of an exported zone: refresh, retry, expire, minimum. */
const SOA_TIMERS = '3600 600 604800 600';

/** Console-only fields carried in an `ec-meta` comment. */
interface RecordMeta {
  line?: string;
  status?: string;
  remark?: string;
  group?: string;
  value?: string;
}

interface Token {
  text: string;
  quoted: boolean;
}

/** One logical entry: the tokens of a record or directive, possibly over several lines. */
interface Entry {
  line: number;
  /** The line started with blank space: the owner is the previous one. */
  blankOwner: boolean;
  tokens: Token[];
  comment: string;
  unbalanced: boolean;
}

// ── Export ──────────────────────────────────────────────────────────────────────────────────────────────────────

function fqdn(name: string): string {
  return name === '.' || name.endsWith('.') ? name : `${name}.`;
}

function quote(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The rdata of a record in zone-file syntax. */
function rdata(record: DnsRecordFields): string {
  switch (record.type) {
    case 'CNAME':
    case 'NS':
      return fqdn(record.value);
    case 'MX':
      return `${record.priority ?? ''} ${fqdn(record.value)}`;
    case 'SRV': {
      const parts = record.value.split(/\s+/);
      return [...parts.slice(0, 3), fqdn(parts[3] ?? '')].join(' ');
    }
    case 'TXT':
    case 'XURL':
    case 'YURL':
      return quote(record.value);
    default:
      return record.value;
  }
}

/** The SOA serial for an export date: YYYYMMDD01. */
function serialOf(date: Date): string {
  return `${date.toISOString().slice(0, 10).replace(/-/g, '')}01`;
}

/** Writes the zone file of a domain's records. */
export function serializeZone(domain: string, records: readonly DnsRecordFields[], exportedAt: Date = new Date()): string {
  const zone = normalizeDomain(domain);
  const primary = records.find((record) => record.type === 'NS' && record.status === 'normal')?.value;
  const lines = [
    `; ${zone}`,
    `$ORIGIN ${zone}.`,
    `$TTL ${DNS_TTL_DEFAULT}`,
    `@ 3600 IN SOA ${fqdn(primary ?? `ns1.${zone}`)} hostmaster.${zone}. ( ${serialOf(exportedAt)} ${SOA_TIMERS} )`,
  ];
  for (const record of records) {
    const active = record.status === 'normal' && record.line === 'any' && BIND_TYPES.has(record.type);
    const meta: RecordMeta = {};
    if (record.line !== 'any') meta.line = record.line;
    if (record.status !== 'normal') meta.status = record.status;
    if (record.remark) meta.remark = record.remark;
    if (record.group) meta.group = record.group;
    const text = `${record.host} ${record.ttl} IN ${record.type} ${rdata(record)}`;
    const readBack = parseZone(`$ORIGIN ${zone}.\n${text}`, `${zone}.zone`).sheets[0]?.rows[0]?.fields.value;
    if (readBack !== record.value) meta.value = record.value;
    const comment = Object.keys(meta).length > 0 ? ` ; ${META_COMMENT}${JSON.stringify(meta)}` : '';
    lines.push(`${active ? '' : RECORD_COMMENT}${text}${comment}`);
  }
  return `${lines.join('\n')}\n`;
}

// ── Import ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** Splits the text into entries: tokens outside comments, joined across lines inside parentheses. */
function entriesOf(text: string): Entry[] {
  const entries: Entry[] = [];
  let current: Entry | null = null;
  let depth = 0;
  const physical = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  physical.forEach((raw, index) => {
    let line = raw;
    if (depth === 0 && line.startsWith(RECORD_COMMENT)) line = line.slice(RECORD_COMMENT.length);
    if (!current) current = { line: index + 1, blankOwner: /^[ \t]/.test(line), tokens: [], comment: '', unbalanced: false };
    let token = '';
    let quoted = false;
    let inToken = false;
    const finishToken = () => {
      if (inToken) current!.tokens.push({ text: token, quoted });
      token = '';
      quoted = false;
      inToken = false;
    };
    for (let i = 0; i < line.length; i++) {
      const char = line[i]!;
      if (quoted) {
        if (char === '\\' && i + 1 < line.length) {
          const digits = /^\d{3}/.exec(line.slice(i + 1));
          if (digits) {
            token += String.fromCharCode(Number(digits[0]));
            i += 3;
          } else token += line[++i];
        } else if (char === '"') finishToken();
        else token += char;
        continue;
      }
      if (char === ';') {
        finishToken();
        current.comment = line.slice(i + 1).trim();
        break;
      }
      if (char === '"') {
        finishToken();
        quoted = true;
        inToken = true;
      } else if (char === '(' || char === ')') {
        finishToken();
        depth += char === '(' ? 1 : -1;
        if (depth < 0) {
          current.unbalanced = true;
          depth = 0;
        }
      } else if (char === ' ' || char === '\t') finishToken();
      else {
        token += char;
        inToken = true;
      }
    }
    if (quoted) current.unbalanced = true;
    finishToken();
    if (depth === 0) {
      if (current.tokens.length > 0) entries.push(current);
      current = null;
    }
  });
  if (current && (current as Entry).tokens.length > 0) {
    (current as Entry).unbalanced = true;
    entries.push(current);
  }
  return entries;
}

/** A TTL such as `600`, `1h` or `1h30m`, in seconds; null when the text is none. */
function parseTtl(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  const parts = text.toLowerCase().match(/\d+[smhdw]/g);
  if (!parts || parts.join('') !== text.toLowerCase()) return null;
  return parts.reduce((sum, part) => sum + Number(part.slice(0, -1)) * TTL_UNITS[part.slice(-1)]!, 0);
}

/** An owner or target made absolute (without the trailing dot), relative to `origin`. */
function absolute(name: string, origin: string): string {
  if (name === '@') return origin;
  if (name.endsWith('.')) return name.slice(0, -1);
  return origin ? `${name}.${origin}` : name;
}

/** The host record of an absolute owner inside `zone`; null when it lies outside. */
function hostOf(owner: string, zone: string): string | null {
  const lower = owner.toLowerCase();
  if (lower === zone) return '@';
  return lower.endsWith(`.${zone}`) ? owner.slice(0, owner.length - zone.length - 1) : null;
}

/** The zone named by a file name such as `example.com.zone` or `example.com.txt`, or ''. */
function zoneFromFileName(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.(zone|txt)$/i, '');
  const name = normalizeDomain(base.replace(/^db\./i, ''));
  return isDomain(name) ? name : '';
}

function readMeta(comment: string): RecordMeta {
  if (!comment.startsWith(META_COMMENT)) return {};
  try {
    const parsed = JSON.parse(comment.slice(META_COMMENT.length)) as unknown;
    return parsed !== null && typeof parsed === 'object' ? (parsed as RecordMeta) : {};
  } catch {
    return {};
  }
}

/** The console value of a record's rdata tokens, or an issue. */
function valueOf(type: string, data: Token[], origin: string): { value: string; priority: string } | FileIssue {
  const target = (token: Token | undefined) => (token === undefined ? '' : token.text === '.' ? '.' : absolute(token.text, origin));
  const texts = data.map((token) => token.text);
  switch (type) {
    case 'A':
    case 'AAAA':
    case 'XURL':
    case 'YURL':
      return data.length === 1 ? { value: texts[0]!, priority: '' } : fileIssue('import.zone-syntax');
    case 'CNAME':
    case 'NS':
      return data.length === 1 ? { value: target(data[0]), priority: '' } : fileIssue('import.zone-syntax');
    case 'MX':
      return data.length === 2 ? { value: target(data[1]), priority: texts[0]! } : fileIssue('import.zone-syntax');
    case 'SRV':
      return data.length === 4 ? { value: [...texts.slice(0, 3), target(data[3])].join(' '), priority: '' } : fileIssue('import.zone-syntax');
    case 'TXT':
      return data.length > 0 ? { value: texts.join(''), priority: '' } : fileIssue('import.zone-syntax');
    default:
      return fileIssue('import.unsupported-type', { type });
  }
}

/** The form a value is compared in: without a trailing dot, lower case. */
function canonical(value: string): string {
  return value.toLowerCase().replace(/\.$/, '').replace(/\.(\s|$)/g, '$1');
}

/** Reads a zone file into a preview of one domain. */
export function parseZone(text: string, fileName: string): ImportPreview {
  const entries = entriesOf(text);
  let origin = '';
  let zone = '';
  let defaultTtl: number | null = null;
  let lastOwner = { name: '', origin: '' };
  const rows: ImportRow[] = [];
  // Owners stay as written with the origin in force on their line: a zone named only by its SOA or its file name is
  // known after the records that precede that line.
  const pending: { entry: Entry; owner: { name: string; origin: string }; ttl: number | null; type: string; data: Token[] }[] = [];

  for (const entry of entries) {
    const tokens = [...entry.tokens];
    const first = tokens[0]!;
    if (!first.quoted && first.text.startsWith('$')) {
      const directive = first.text.toUpperCase();
      if (directive === '$ORIGIN' && tokens[1]) {
        origin = normalizeDomain(absolute(tokens[1].text, origin));
        zone ||= origin;
      } else if (directive === '$TTL' && tokens[1] && parseTtl(tokens[1].text) !== null) {
        defaultTtl = parseTtl(tokens[1].text);
      } else {
        rows.push({ row: entry.line, fields: emptyFields(), issues: [fileIssue('import.unsupported-directive', { directive: first.text })] });
      }
      continue;
    }
    const owner = entry.blankOwner ? lastOwner : { name: tokens.shift()!.text, origin };
    lastOwner = owner;
    let ttl: number | null = null;
    for (let i = 0; i < 2 && tokens.length > 1; i++) {
      const candidate = tokens[0]!.text;
      if (CLASSES.has(candidate.toUpperCase())) tokens.shift();
      else if (ttl === null && parseTtl(candidate) !== null) {
        ttl = parseTtl(candidate);
        tokens.shift();
      }
    }
    const type = (tokens.shift()?.text ?? '').toUpperCase();
    if (type === 'SOA') {
      zone ||= normalizeDomain(absolute(owner.name, owner.origin));
      continue;
    }
    pending.push({ entry, owner, ttl, type, data: tokens });
  }

  zone ||= zoneFromFileName(fileName);
  for (const { entry, owner, ttl, type, data } of pending) {
    const fields: ImportRowFields = { ...emptyFields(), type };
    const issues: FileIssue[] = [];
    if (entry.unbalanced) issues.push(fileIssue('import.zone-syntax'));
    const at = owner.origin || zone;
    const name = absolute(owner.name, at);
    const host = zone ? hostOf(name, zone) : null;
    if (host === null) issues.push(fileIssue(zone ? 'import.outside-zone' : 'import.zone-origin-missing', { name }));
    else fields.host = host;
    if (!isDnsRecordType(type)) issues.push(fileIssue('import.unsupported-type', { type }));
    else {
      const read = valueOf(type, data, at);
      if ('key' in read) issues.push(read);
      else {
        const meta = readMeta(entry.comment);
        // The exact spelling travels in the comment; it is used only while it still names the same value.
        fields.value = meta.value !== undefined && canonical(meta.value) === canonical(read.value) ? meta.value : read.value;
        fields.priority = read.priority;
        fields.line = meta.line ?? '';
        fields.status = meta.status ?? '';
        fields.remark = meta.remark ?? '';
        fields.group = meta.group ?? '';
      }
    }
    fields.ttl = String(ttl ?? defaultTtl ?? DNS_TTL_DEFAULT);
    rows.push(issues.length > 0 ? { row: entry.line, fields, issues } : finishRow(entry.line, fields));
  }
  rows.sort((a, b) => a.row - b.row);
  const sheetIssues = zone ? [] : [fileIssue('import.zone-origin-missing')];
  return finishPreview(fileName, 'zone', [{ name: fileName, domain: zone, rows, issues: sheetIssues }]);
}
