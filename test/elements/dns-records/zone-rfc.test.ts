/**
 * Issue 18 "imports that read real files right": zone files written from the examples of RFC 1035 §5.3, RFC 2308 §5
 * and RFC 7505 §3, hostile input, and export followed by import, record for record (rules §5 DNS import and TTL).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DnsRecordFields } from '../../../core/api/endpoints/dns.js';
import { parseDnsFile } from '../../../elements/dns-records/files/file-jobs.js';
import { importableRows, toRecordFields, type ImportPreview, type ImportRow } from '../../../elements/dns-records/files/import-model.js';
import { parseZone, serializeZone } from '../../../elements/dns-records/files/zone-file.js';
import { workbookVocabulary } from '../../../elements/dns-records/vocabulary.js';

/** RFC 1035 §5.3's example master file for ISI.EDU, as printed (no $TTL, no TTL on any record). */
const RFC1035_EXAMPLE = [
  '@   IN  SOA     VENERA      Action\\.domains (',
  '                                 20     ; SERIAL',
  '                                 7200   ; REFRESH',
  '                                 600    ; RETRY',
  '                                 3600000; EXPIRE',
  '                                 60)    ; MINIMUM',
  '',
  '        NS      A.ISI.EDU.',
  '        NS      VENERA',
  '        NS      VAXA',
  '        MX      10      VENERA',
  '        MX      20      VAXA',
  '',
  'A       A       26.3.0.103',
  '',
  'VENERA  A       10.1.0.52',
  '        A       128.9.0.32',
  '',
  'VAXA    A       10.2.0.27',
  '        A       128.9.0.33',
  '',
  '',
  '$INCLUDE <SUBSYS>ISI-MAILBOXES.TXT',
].join('\n');

function rowsOf(preview: ImportPreview): ImportRow[] {
  return preview.sheets.flatMap((sheet) => sheet.rows);
}

function summary(row: ImportRow): string {
  return `${row.fields.host} ${row.fields.ttl} ${row.fields.type} ${row.fields.priority ? `${row.fields.priority} ` : ''}${row.fields.value}`;
}

describe('issue 18: BIND zone import per RFC 1035, RFC 2308 and RFC 7505 (rules §5 DNS)', () => {
  it('RFC 1035 §5.3 example: blank owners, relative names, parentheses with comments, escaped dot, $INCLUDE reported', () => {
    const preview = parseZone(RFC1035_EXAMPLE, 'isi.edu');
    const sheet = preview.sheets[0]!;
    assert.equal(sheet.domain, 'isi.edu');
    assert.deepEqual(sheet.issues, []);
    // No $TTL and no TTL anywhere: every record takes the SOA MINIMUM (RFC 2308 §4's older default), 60.
    assert.deepEqual(rowsOf(preview).filter((row) => row.issues.length === 0).map(summary), [
      '@ 60 NS A.ISI.EDU',
      '@ 60 NS VENERA.isi.edu',
      '@ 60 NS VAXA.isi.edu',
      '@ 60 MX 10 VENERA.isi.edu',
      '@ 60 MX 20 VAXA.isi.edu',
      'A 60 A 26.3.0.103',
      'VENERA 60 A 10.1.0.52',
      'VENERA 60 A 128.9.0.32',
      'VAXA 60 A 10.2.0.27',
      'VAXA 60 A 128.9.0.33',
    ]);
    assert.deepEqual(rowsOf(preview)[0]!.notes, [{ key: 'dns-records:import.ttl-from-soa', values: { ttl: 60 }, field: 'ttl' }]);
    const include = rowsOf(preview).find((row) => row.issues.length > 0)!;
    assert.deepEqual(include.issues, [{ key: 'dns-records:import.unsupported-directive', values: { directive: '$INCLUDE' } }]);
    assert.deepEqual(sheet.soa, {
      ttl: null, mname: 'VENERA.isi.edu.', rname: 'Action\\.domains.isi.edu.', serial: 20, refresh: 7200, retry: 600, expire: 3_600_000, minimum: 60,
    });
  });

  it('RFC 2308 §5: $TTL applies from where it appears; before it, RFC 1035 §5.1 the last explicit TTL', () => {
    const zone = [
      '$ORIGIN example.com.',
      '@ 3600 IN SOA ns1 hostmaster ( 2024010101 3600 600 604800 300 )',
      'first IN A 192.0.2.1',
      'second 60 IN A 192.0.2.2',
      'third IN A 192.0.2.3',
      '$TTL 600',
      'fourth IN A 192.0.2.4',
      'fifth 3600 IN A 192.0.2.5',
      'sixth IN A 192.0.2.6',
      '$TTL 1m',
      'seventh A 192.0.2.7',
    ].join('\n');
    const ttls = Object.fromEntries(rowsOf(parseZone(zone, 'x')).map((row) => [row.fields.host, row.fields.ttl]));
    // `first` inherits the SOA's explicit 3600, `third` the 60 stated on `second`; after `$TTL 600` records without a
    // TTL take 600 even after an explicit 3600; the last `$TTL 1m` is not applied to what came before it.
    assert.deepEqual(ttls, { first: '3600', second: '60', third: '60', fourth: '600', fifth: '3600', sixth: '600', seventh: '60' });
  });

  it('rules §5 DNS TTL options: a TTL the plan does not offer is replaced by the nearest option and marked, never refused', () => {
    const rows = rowsOf(parseZone('$ORIGIN example.com.\n@ 86400 IN A 192.0.2.1\nwww 120 IN A 192.0.2.2\napi 330 IN A 192.0.2.3', 'x'));
    assert.deepEqual(rows.map((row) => [row.fields.ttl, row.issues.length]), [['3600', 0], ['60', 0], ['60', 0]]);
    assert.deepEqual(rows[0]!.notes, [{ key: 'dns-records:import.ttl-adjusted', values: { from: 86_400, to: 3600 }, field: 'ttl' }]);
  });

  it('RFC 7505 §3 null MX (MX 0 .) and a CNAME to the root are imported; MX 0 to a host still breaks rules §5 DNS 1-50', () => {
    const rows = rowsOf(parseZone('$ORIGIN example.com.\n$TTL 600\n@ IN MX 0 .\ngone IN CNAME .\nmail IN MX 0 mx.example.com.', 'x'));
    assert.deepEqual(rows.map((row) => [row.fields.type, row.fields.priority, row.fields.value, row.issues.map((found) => found.key)]), [
      ['MX', '0', '.', []],
      ['CNAME', '', '.', []],
      ['MX', '0', 'mx.example.com', ['rules:dns.mx-priority-range']],
    ]);
    // RFC 7505 §3: a null MX "MUST NOT" stand next to another MX of the same domain.
    const mixed = rowsOf(parseZone('$ORIGIN example.com.\n$TTL 600\n@ IN MX 0 .\n@ IN MX 10 mx.example.com.', 'x'));
    assert.deepEqual(mixed[0]!.issues, [{ key: 'dns-records:import.null-mx-not-alone', values: { host: '@' } }]);
    assert.deepEqual(mixed[1]!.issues, []);
  });

  it('RFC 1035 §5.1 TXT: \\DDD octets decode as UTF-8, \\X quotes X, several strings stay several; class IN or none only', () => {
    const zone = [
      '$ORIGIN example.com.',
      '$TTL 600',
      'utf8 IN TXT "caf\\195\\169 \\228\\184\\173\\230\\150\\135"',
      'quote TXT "say \\"hi\\" \\\\ \\; done"',
      'dkim IN TXT ( "v=DKIM1; k=rsa; "',
      '              "p=MIIBIjANBg" )',
      'chaos CH TXT "version"',
    ].join('\n');
    const rows = rowsOf(parseZone(zone, 'x'));
    assert.deepEqual(rows.map((row) => row.fields.value), ['café 中文', 'say "hi" \\ ; done', '"v=DKIM1; k=rsa; " "p=MIIBIjANBg"', 'version']);
    assert.deepEqual(rows.slice(0, 3).map((row) => row.issues), [[], [], []]);
    assert.deepEqual(rows[3]!.issues[0], { key: 'dns-records:import.unsupported-class', values: { recordClass: 'CH' } });
  });

  it('hostile input: an unterminated quote breaks its row only, an unclosed parenthesis blocks the file, huge lines and binary', async () => {
    const quote = parseZone('$ORIGIN example.com.\n$TTL 600\nbad IN TXT "never closed\ngood IN A 192.0.2.1', 'x');
    assert.deepEqual(rowsOf(quote).map((row) => [row.fields.host, row.issues.map((found) => found.key)]), [
      ['bad', ['dns-records:import.zone-syntax']],
      ['good', []],
    ]);
    const paren = parseZone('$ORIGIN example.com.\n$TTL 600\nbad IN TXT ( "a"\ngood IN A 192.0.2.1', 'x');
    assert.deepEqual(paren.sheets[0]!.issues, [{ key: 'dns-records:import.zone-unclosed', values: { line: 3 } }]);
    assert.equal(importableRows(paren.sheets[0]!).length, 0);
    const huge = parseZone(`$ORIGIN example.com.\nbig 600 IN TXT "${'a'.repeat(1_900_000)}"\n${'x'.repeat(100_000)}`, 'x');
    assert.deepEqual(rowsOf(huge)[0]!.issues.map((found) => found.key), ['rules:dns.txt-too-long']);
    const vocabulary = workbookVocabulary('en_US');
    const binary = Uint8Array.from([0x24, 0x54, 0x54, 0x4c, 0x00, 0xff, 0x10]);
    assert.deepEqual(await parseDnsFile('zone.bin', binary.buffer, vocabulary), { key: 'dns-records:import.unreadable' });
    const latin1 = Uint8Array.from([0x40, 0x20, 0x41, 0x20, 0xe9, 0xe9]);
    assert.deepEqual(await parseDnsFile('example.com', latin1.buffer, vocabulary), { key: 'dns-records:import.unreadable' });
    // Any file name: content decides (a zone file named like the zone, no extension).
    const named = await parseDnsFile('db.example.com', new TextEncoder().encode('www 600 IN A 192.0.2.1').buffer, vocabulary);
    assert.equal('sheets' in named && named.sheets[0]!.domain, 'example.com');
  });

  it('export then import gives back every record, the null MX, CNAME ., multi-string and UTF-8 TXT, and the SOA unchanged', () => {
    const record = (fields: Partial<DnsRecordFields>): DnsRecordFields => ({
      host: '@', type: 'A', line: 'any', value: '192.0.2.1', priority: null, ttl: 600, remark: '', status: 'normal', group: '', ...fields,
    });
    const records = [
      record({}),
      record({ type: 'MX', value: '.', priority: 0, ttl: 3600 }),
      record({ host: 'gone', type: 'CNAME', value: '.' }),
      record({ host: 'dkim', type: 'TXT', value: '"v=DKIM1; k=rsa; " "p=MIIB\\"x"' }),
      record({ host: 'utf8', type: 'TXT', value: 'café 中文 "q"', ttl: 60 }),
      record({ host: 'www', type: 'CNAME', value: 'example.com.' }),
    ];
    const imported = parseZone(RFC1035_EXAMPLE, 'isi.edu').sheets[0]!.soa!;
    const text = serializeZone('isi.edu', records, new Date('2026-01-01T00:00:00Z'), imported);
    assert.match(text, /^@ IN SOA VENERA\.isi\.edu\. Action\\\.domains\.isi\.edu\. \( 20 7200 600 3600000 60 \)$/m);
    assert.match(text, /caf\\195\\169 \\228\\184\\173\\230\\150\\135 \\"q\\"/);
    const back = parseZone(text, 'isi.edu.zone').sheets[0]!;
    assert.deepEqual(back.soa, imported);
    assert.deepEqual(back.issues, []);
    assert.deepEqual(importableRows(back).map((row) => toRecordFields(row.fields)), records);
  });
});
