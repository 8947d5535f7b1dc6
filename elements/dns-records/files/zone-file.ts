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
 * Import reads `$ORIGIN` and `$TTL` (from where it appears), owners relative or absolute (or left blank to repeat the
 * previous one), TTLs with unit suffixes, the class in either position (IN, or none), parentheses spanning lines,
 * quoted strings with `\DDD` and `\X` escapes, several strings of one TXT record, and comments. The zone's domain is
 * the first `$ORIGIN`, else the SOA owner, else the file name (`example.com.zone`, `db.example.com`). The SOA is kept
 * with the preview so export writes it back; types the console does not manage are reported on their line.
 */
import type { DnsRecordFields } from '../../../core/api/endpoints/dns.js';
import { DNS_TTL_DEFAULT, isDnsRecordType, txtStrings, txtValueOf } from '../../../core/rules/dns.js';
import { isDomain, normalizeDomain } from '../../../core/rules/domain.js';
import {
  emptyFields,
  fileIssue,
  finishPreview,
  finishRow,
  type FileIssue,
  type ImportPreview,
  type ImportRow,
  type ImportRowFields,
  type ZoneSoa,
} from './import-model.js';

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

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

/** Console-only fields carried in an `ec-meta` comment. */
interface RecordMeta {
  line?: string;
  status?: string;
  remark?: string;
  group?: string;
  value?: string;
}

interface Token {
  /** The token's text with its escapes resolved. */
  text: string;
  /** The token as written, escapes kept: a name such as `Action\.domains` keeps its escaped dot on export. */
  raw: string;
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

/**
 * One character-string in zone-file syntax: `"` and `\` escaped, and every octet outside printable ASCII written as
 * `\DDD` (RFC 1035 §5.1), so the file loads in any name server and non-ASCII text comes back as the same UTF-8.
 */
function quote(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '"' || char === '\\') out += `\\${char}`;
    else if (code >= 0x20 && code < 0x7f) out += char;
    else for (const byte of encoder.encode(char)) out += `\\${String(byte).padStart(3, '0')}`;
  }
  return `${out}"`;
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
      return (txtStrings(record.value) ?? [record.value]).map(quote).join(' ');
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

/** The SOA line of an export: the zone's own SOA as imported, field for field, or a new one for a console zone. */
function soaLine(zone: string, records: readonly DnsRecordFields[], soa: ZoneSoa | null, exportedAt: Date): string {
  if (soa) {
    const timers = [soa.serial, soa.refresh, soa.retry, soa.expire, soa.minimum].join(' ');
    return `@${soa.ttl === null ? '' : ` ${soa.ttl}`} IN SOA ${soa.mname} ${soa.rname} ( ${timers} )`;
  }
  const primary = records.find((record) => record.type === 'NS' && record.status === 'normal')?.value;
  return `@ 3600 IN SOA ${fqdn(primary ?? `ns1.${zone}`)} hostmaster.${zone}. ( ${serialOf(exportedAt)} ${SOA_TIMERS} )`;
}

/**
 * Writes the zone file of a domain's records. A zone imported from a file keeps its SOA (`soa`): its serial and timers
 * belong to the zone's operator, and a secondary compares serials, so export never rewrites them.
 */
export function serializeZone(domain: string, records: readonly DnsRecordFields[], exportedAt: Date = new Date(), soa: ZoneSoa | null = null): string {
  const zone = normalizeDomain(domain);
  const lines = [`; ${zone}`, `$ORIGIN ${zone}.`, `$TTL ${DNS_TTL_DEFAULT}`, soaLine(zone, records, soa, exportedAt)];
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

/** True for the character codes of an ASCII digit. */
function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/**
 * Splits the text into entries: tokens outside comments, joined across lines inside parentheses. A token is built
 * as UTF-8 bytes, because RFC 1035 §5.1 `\DDD` escapes name octets, not characters (`\230\151\165` is one Chinese
 * character), and `\X` quotes the character X. The scan looks at each character once, so a 2MB line costs linear time.
 */
function entriesOf(text: string): { entries: Entry[]; unclosedAt: number } {
  const entries: Entry[] = [];
  let current: Entry | null = null;
  let depth = 0;
  const physical = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  physical.forEach((raw, index) => {
    let line = raw;
    if (depth === 0 && line.startsWith(RECORD_COMMENT)) line = line.slice(RECORD_COMMENT.length);
    if (!current) current = { line: index + 1, blankOwner: /^[ \t]/.test(line), tokens: [], comment: '', unbalanced: false };
    const entry: Entry = current;
    let bytes: number[] = [];
    let rawStart = -1;
    let quoted = false;
    let inToken = false;
    const finishToken = (end: number) => {
      if (inToken) entry.tokens.push({ text: decoder.decode(Uint8Array.from(bytes)), raw: line.slice(rawStart, end), quoted });
      bytes = [];
      quoted = false;
      inToken = false;
    };
    const startToken = (at: number) => {
      if (!inToken) rawStart = at;
      inToken = true;
    };
    const addChar = (i: number): number => {
      const code = line.codePointAt(i)!;
      if (code < 0x80) bytes.push(code);
      else for (const byte of encoder.encode(String.fromCodePoint(code))) bytes.push(byte);
      return code > 0xffff ? i + 1 : i;
    };
    for (let i = 0; i < line.length; i++) {
      const char = line[i]!;
      if (char === '\\' && i + 1 < line.length) {
        startToken(i);
        if (isDigit(line.charCodeAt(i + 1)) && isDigit(line.charCodeAt(i + 2)) && isDigit(line.charCodeAt(i + 3))) {
          const octet = Number(line.slice(i + 1, i + 4));
          if (octet > 255) entry.unbalanced = true;
          bytes.push(octet & 0xff);
          i += 3;
        } else i = addChar(i + 1);
        continue;
      }
      if (quoted) {
        if (char === '"') finishToken(i);
        else i = addChar(i);
        continue;
      }
      if (char === ';') {
        finishToken(i);
        entry.comment = line.slice(i + 1).trim();
        break;
      }
      if (char === '"') {
        finishToken(i);
        startToken(i + 1);
        quoted = true;
      } else if (char === '(' || char === ')') {
        finishToken(i);
        depth += char === '(' ? 1 : -1;
        if (depth < 0) {
          entry.unbalanced = true;
          depth = 0;
        }
      } else if (char === ' ' || char === '\t') finishToken(i);
      else {
        startToken(i);
        i = addChar(i);
      }
    }
    // A quoted string ends on its line: an unterminated quote is a broken record, not the start of a longer one.
    if (quoted) entry.unbalanced = true;
    finishToken(line.length);
    if (depth === 0) {
      if (entry.tokens.length > 0) entries.push(entry);
      current = null;
    }
  });
  const open = current as Entry | null;
  if (open && open.tokens.length > 0) {
    open.unbalanced = true;
    entries.push(open);
  }
  return { entries, unclosedAt: open ? open.line : 0 };
}

/** A TTL such as `600`, `1h` or `1h30m`, in seconds; null when the text is none. */
function parseTtl(text: string): number | null {
  if (/^\d{1,10}$/.test(text)) return Number(text);
  if (text.length > 40) return null;
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

/**
 * The zone named by a file name: `example.com.zone`, `example.com.txt`, `db.example.com`, `example.com.db`,
 * `example.com` (a zone file carries any name), or ''.
 */
function zoneFromFileName(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.(zone|txt|db|hosts|dns)$/i, '');
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
      // Several character-strings stay several (RFC 1035 §3.3.14), in the console's multi-string form.
      return data.length > 0 ? { value: txtValueOf(texts), priority: '' } : fileIssue('import.zone-syntax');
    default:
      return fileIssue('import.unsupported-type', { type });
  }
}

/** The form a value is compared in: without a trailing dot, lower case. */
function canonical(value: string): string {
  return value.toLowerCase().replace(/\.$/, '').replace(/\.(\s|$)/g, '$1');
}

/** A record read from the file, before the zone's domain (and so its hosts) is known. */
interface PendingRecord {
  entry: Entry;
  owner: { name: string; origin: string };
  ttl: number | null;
  recordClass: string;
  type: string;
  data: Token[];
}

/** The SOA record as read, before the zone (and so its relative names) is known. */
interface PendingSoa {
  data: Token[];
  origin: string;
  ttl: number | null;
}

/**
 * Reads a SOA's rdata: MNAME RNAME SERIAL REFRESH RETRY EXPIRE MINIMUM (RFC 1035 §3.3.13). Names keep their escapes
 * (an RNAME's `\.` is a dot inside the mailbox's local part) and are made absolute.
 */
function soaOf(soa: PendingSoa | null, zone: string): ZoneSoa | null {
  if (!soa || soa.data.length !== 7) return null;
  const timers = soa.data.slice(2).map((token) => parseTtl(token.text));
  if (timers.some((value) => value === null)) return null;
  const [serial, refresh, retry, expire, minimum] = timers as number[];
  const name = (token: Token) => `${absolute(token.raw, soa.origin || zone)}.`;
  return { ttl: soa.ttl, mname: name(soa.data[0]!), rname: name(soa.data[1]!), serial: serial!, refresh: refresh!, retry: retry!, expire: expire!, minimum: minimum! };
}

/**
 * RFC 7505 §3: "A domain that advertises a null MX MUST NOT advertise any other MX RR." A null MX next to other MX
 * records of the same host is marked on its row, so the user picks one of the two meanings before importing.
 */
function markLoneNullMx(rows: ImportRow[]): void {
  const mailHosts = new Set(rows.filter((row) => row.fields.type === 'MX' && row.fields.value !== '.').map((row) => row.fields.host.toLowerCase()));
  for (const row of rows) {
    if (row.fields.type === 'MX' && row.fields.value === '.' && mailHosts.has(row.fields.host.toLowerCase())) {
      row.issues.push(fileIssue('import.null-mx-not-alone', { host: row.fields.host }));
    }
  }
}

/** Reads a zone file into a preview of one domain. */
export function parseZone(text: string, fileName: string): ImportPreview {
  const { entries, unclosedAt } = entriesOf(text);
  let origin = '';
  let zone = '';
  let directiveTtl: number | null = null;
  let lastExplicitTtl: number | null = null;
  let pendingSoa: PendingSoa | null = null;
  let lastOwner = { name: '', origin: '' };
  const rows: ImportRow[] = [];
  // Owners stay as written with the origin in force on their line: a zone named only by its SOA or its file name is
  // known after the records that precede that line.
  const pending: PendingRecord[] = [];

  for (const entry of entries) {
    const tokens = [...entry.tokens];
    const first = tokens[0]!;
    if (!first.quoted && first.text.startsWith('$')) {
      const directive = first.text.toUpperCase();
      if (directive === '$ORIGIN' && tokens[1]) {
        origin = normalizeDomain(absolute(tokens[1].text, origin));
        zone ||= origin;
      } else if (directive === '$TTL' && tokens[1] && parseTtl(tokens[1].text) !== null) {
        directiveTtl = parseTtl(tokens[1].text);
      } else {
        rows.push({ row: entry.line, fields: emptyFields(), issues: [fileIssue('import.unsupported-directive', { directive: first.text.slice(0, 40) })] });
      }
      continue;
    }
    const owner = entry.blankOwner ? lastOwner : { name: tokens.shift()!.text, origin };
    lastOwner = owner;
    let ttl: number | null = null;
    let recordClass = '';
    for (let i = 0; i < 2 && tokens.length > 1; i++) {
      const candidate = tokens[0]!.text;
      if (!recordClass && CLASSES.has(candidate.toUpperCase())) {
        recordClass = candidate.toUpperCase();
        tokens.shift();
      } else if (ttl === null && parseTtl(candidate) !== null) {
        ttl = parseTtl(candidate);
        tokens.shift();
      }
    }
    // A record that states no TTL: RFC 2308 §5, "All resource records appearing after the [$TTL] directive, and which
    // do not explicitly include a TTL value, have their TTL set to the TTL in the $TTL directive", so `$TTL` applies
    // from where it appears, not file-wide. Before any `$TTL`, RFC 1035 §5.1: "Omitted class and TTL values are
    // default to the last explicitly stated values". A record with neither takes the SOA's MINIMUM below: RFC 2308 §4
    // names that as the default TTL older master files relied on (deprecated for new zones in favour of `$TTL`), and
    // name servers still load such zones that way.
    if (ttl !== null) lastExplicitTtl = ttl;
    const inherited = directiveTtl ?? lastExplicitTtl;
    const type = (tokens.shift()?.text ?? '').toUpperCase();
    if (type === 'SOA') {
      zone ||= normalizeDomain(absolute(owner.name, owner.origin));
      pendingSoa ??= { data: tokens, origin: owner.origin, ttl };
      continue;
    }
    pending.push({ entry, owner, ttl: ttl ?? inherited, recordClass, type, data: tokens });
  }

  zone ||= zoneFromFileName(fileName);
  const soa = soaOf(pendingSoa, zone);
  for (const { entry, owner, ttl, recordClass, type, data } of pending) {
    const fields: ImportRowFields = { ...emptyFields(), type };
    const issues: FileIssue[] = [];
    const notes: FileIssue[] = [];
    if (entry.unbalanced) issues.push(fileIssue('import.zone-syntax'));
    // The console serves the Internet class only; a record with no class is IN (RFC 1035 §5.1: the last stated class,
    // and a zone holds one class).
    if (recordClass && recordClass !== 'IN') issues.push(fileIssue('import.unsupported-class', { recordClass }));
    const at = owner.origin || zone;
    const name = absolute(owner.name, at);
    const host = zone ? hostOf(name, zone) : null;
    if (host === null) issues.push(fileIssue(zone ? 'import.outside-zone' : 'import.zone-origin-missing', { name: name.slice(0, 255) }));
    else fields.host = host;
    if (!isDnsRecordType(type)) issues.push(fileIssue('import.unsupported-type', { type: type.slice(0, 20) }));
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
    if (ttl !== null) fields.ttl = String(ttl);
    else if (soa) {
      fields.ttl = String(soa.minimum);
      notes.push(fileIssue('import.ttl-from-soa', { ttl: soa.minimum }, 'ttl'));
    } else notes.push(fileIssue('import.ttl-default', { ttl: DNS_TTL_DEFAULT }, 'ttl'));
    rows.push(issues.length > 0 ? { row: entry.line, fields, issues, notes } : finishRow(entry.line, fields, [], notes));
  }
  rows.sort((a, b) => a.row - b.row);
  markLoneNullMx(rows);
  const sheetIssues = zone ? [] : [fileIssue('import.zone-origin-missing')];
  if (unclosedAt > 0) sheetIssues.push(fileIssue('import.zone-unclosed', { line: unclosedAt }));
  return finishPreview(fileName, 'zone', [{ name: fileName, domain: zone, rows, issues: sheetIssues, soa }]);
}
