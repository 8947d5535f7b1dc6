import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import writeXlsxFile from 'write-excel-file/universal';
import type { DnsRecordFields } from '../../../core/api/endpoints/dns.js';
import { answerDnsFileRequest, parseDnsFile, serveDnsFileJobs, type DnsFileMessage, type DnsFileRequest } from '../../../elements/dns-records/files/file-jobs.js';
import { importableRows, toRecordFields, type ImportPreview } from '../../../elements/dns-records/files/import-model.js';
import { readWorkbook } from '../../../elements/dns-records/files/workbook.js';
import { parseZone, serializeZone } from '../../../elements/dns-records/files/zone-file.js';
import { workbookLabels, workbookVocabulary } from '../../../elements/dns-records/vocabulary.js';
import { loadCatalogues } from '../../../core/i18n/i18n.js';
import '../../../core/i18n/namespaces/dns-records.js';
import '../../../core/i18n/namespaces/rules.js';

// The catalogues load on demand in the browser; these tests read them directly.
for (const language of ['zh_CN', 'en_US'] as const) await loadCatalogues(language, ['dns-records', 'rules', 'common']);

const record = (fields: Partial<DnsRecordFields>): DnsRecordFields => ({
  host: '@', type: 'A', line: 'any', value: '192.0.2.1', priority: null, ttl: 600, remark: '', status: 'normal', group: '', ...fields,
});

/** Records of every type and every console-only detail a zone file cannot say. */
const ZONE_RECORDS: DnsRecordFields[] = [
  record({}),
  record({ host: '@', line: 'telecom', value: '192.0.2.2', remark: 'Telecom edge; "quoted"' }),
  record({ host: 'www', type: 'CNAME', value: 'example.com.' }),
  record({ host: 'cdn', type: 'CNAME', value: 'edge.example.net' }),
  record({ host: '@', type: 'AAAA', value: '2001:db8::1', ttl: 60 }),
  record({ host: '@', type: 'MX', value: 'mx1.example.com', priority: 5, ttl: 3600 }),
  record({ host: '@', type: 'TXT', value: 'v=spf1 include:_spf.example.com ~all', group: 'mail' }),
  record({ host: '_dmarc', type: 'TXT', value: 'v=DMARC1; p=none; back\\slash' }),
  record({ host: '@', type: 'NS', value: 'ns1.example-dns.net' }),
  record({ host: '_sip._tcp', type: 'SRV', value: '10 5 5060 sip.example.com' }),
  record({ host: 'go', type: 'XURL', value: 'https://www.example.com/campaign?a=1' }),
  record({ host: 'app', type: 'YURL', value: 'https://app.example.net/' }),
  record({ host: 'staging', value: '198.51.100.7', status: 'disabled', remark: 'paused' }),
  record({ host: '*', value: '192.0.2.9' }),
];

function allRows(preview: ImportPreview) {
  return preview.sheets.flatMap((sheet) => sheet.rows);
}

describe('DNS files: BIND zone export and import (issue 10 round trip)', () => {
  it('export writes a loadable zone: $ORIGIN, $TTL, SOA, FQDN targets; records BIND cannot carry are ;ec-record comments', () => {
    const text = serializeZone('Example.com', ZONE_RECORDS, new Date(Date.UTC(2026, 2, 1)));
    const lines = text.split('\n');
    assert.equal(lines[1], '$ORIGIN example.com.');
    assert.equal(lines[2], '$TTL 600');
    assert.match(lines[3]!, /^@ 3600 IN SOA ns1\.example-dns\.net\. hostmaster\.example\.com\. \( 2026030101 3600 600 604800 600 \)$/);
    assert.ok(lines.includes('@ 3600 IN MX 5 mx1.example.com.'), 'a target without its dot reads back the same');
    assert.ok(lines.includes('www 600 IN CNAME example.com. ; ec-meta {"value":"example.com."}'), 'a target written with its dot keeps it');
    assert.ok(lines.includes('_sip._tcp 600 IN SRV 10 5 5060 sip.example.com.'), 'the SRV target is fully qualified');
    assert.ok(lines.some((line) => line.startsWith(';ec-record go 600 IN XURL "https://www.example.com/campaign?a=1"')));
    assert.ok(lines.some((line) => line.startsWith(';ec-record @ 600 IN A 192.0.2.2 ; ec-meta {"line":"telecom"')));
    assert.ok(lines.some((line) => line.startsWith(';ec-record staging 600 IN A 198.51.100.7 ; ec-meta {"status":"disabled"')));
  });

  it('export -> import gives back identical records (every type, line, status, remark, group, target spelling)', () => {
    const preview = parseZone(serializeZone('example.com', ZONE_RECORDS), 'example.com.zone');
    assert.equal(preview.issue, null);
    assert.equal(preview.sheets[0]!.domain, 'example.com');
    assert.deepEqual(preview.sheets[0]!.issues, []);
    const rows = allRows(preview);
    assert.deepEqual(rows.filter((row) => row.issues.length > 0), []);
    assert.deepEqual(importableRows(preview.sheets[0]!).map((row) => toRecordFields(row.fields)), ZONE_RECORDS);
  });

  it('imports a zone written elsewhere: relative and absolute owners, blank owner, parentheses, TTL units, class first, comments', () => {
    const zone = [
      '; exported by another provider',
      '$TTL 1h',
      'example.org.  IN  SOA  ns1.example.org. admin.example.org. (',
      '      2024010101 ; serial',
      '      3600 600 604800 600 )',
      '@        IN 600   A     192.0.2.10',
      '         600 IN   AAAA  2001:db8::10',
      'www.example.org. 10m IN CNAME @',
      'mail     IN  MX   10 mx',
      'txt      IN  TXT  "part one " "part two"',
      'caa      IN  CAA  0 issue "letsencrypt.org"',
      'other.example.net. IN A 192.0.2.11',
      'short    300 IN A 192.0.2.12',
    ].join('\n');
    const preview = parseZone(zone, 'upload.txt');
    assert.equal(preview.sheets[0]!.domain, 'example.org');
    const rows = allRows(preview);
    const byHost = (host: string, type: string) => rows.find((row) => row.fields.host === host && row.fields.type === type);
    assert.deepEqual([byHost('@', 'A')!.fields.ttl, byHost('@', 'A')!.issues], ['600', []]);
    assert.deepEqual([byHost('@', 'AAAA')!.fields.value, byHost('@', 'AAAA')!.issues], ['2001:db8::10', []]);
    assert.deepEqual([byHost('www', 'CNAME')!.fields.value, byHost('www', 'CNAME')!.fields.ttl], ['example.org', '600']);
    assert.deepEqual([byHost('mail', 'MX')!.fields.value, byHost('mail', 'MX')!.fields.priority, byHost('mail', 'MX')!.fields.ttl], ['mx.example.org', '10', '3600']);
    // RFC 1035 §3.3.14: a TXT of two character-strings stays two strings.
    assert.equal(byHost('txt', 'TXT')!.fields.value, '"part one " "part two"');
    assert.deepEqual(rows.find((row) => row.fields.type === 'CAA')!.issues, [{ key: 'dns-records:import.unsupported-type', values: { type: 'CAA' } }]);
    assert.deepEqual(rows.find((row) => row.issues[0]?.key === 'dns-records:import.outside-zone')!.issues[0]!.values, { name: 'other.example.net' });
    // Rules §5 DNS (issue 18): a TTL outside 60/600/3600 is not refused: the nearest option is proposed and marked.
    assert.deepEqual([byHost('short', 'A')!.fields.ttl, byHost('short', 'A')!.issues], ['60', []]);
    assert.deepEqual(byHost('short', 'A')!.notes, [{ key: 'dns-records:import.ttl-adjusted', values: { from: 300, to: 60 }, field: 'ttl' }]);
  });

  it('a zone without $ORIGIN or SOA takes its domain from the file name, or says it is unknown', () => {
    assert.equal(parseZone('www 600 IN A 192.0.2.1', 'example.net.zone').sheets[0]!.domain, 'example.net');
    const unknown = parseZone('www 600 IN A 192.0.2.1', 'records.txt');
    assert.deepEqual(unknown.sheets[0]!.issues, [{ key: 'dns-records:import.zone-origin-missing' }]);
  });
});

describe('DNS files: xlsx workbooks (rules §5 DNS import; read-excel-file / write-excel-file)', () => {
  const vocabulary = workbookVocabulary('en_US');

  async function xlsx(sheets: { sheet: string; data: unknown[][] }[]): Promise<ArrayBuffer> {
    const blob = await writeXlsxFile(sheets.map((sheet) => ({ sheet: sheet.sheet, data: sheet.data as never }))).toBlob();
    return blob.arrayBuffer();
  }

  it('export writes the domain row, the headers in the user language and one row per record; import reads it back identically', async () => {
    const answer = (await answerDnsFileRequest({ id: 1, kind: 'xlsx', domain: 'example.com', records: ZONE_RECORDS, labels: workbookLabels('zh_CN') })) as Extract<DnsFileMessage, { type: 'xlsx' }>;
    assert.equal(answer.type, 'xlsx');
    const parsed = (await parseDnsFile('example.com.xlsx', answer.data, vocabulary)) as ImportPreview;
    assert.equal(parsed.format, 'xlsx');
    assert.deepEqual(parsed.sheets.map((sheet) => [sheet.name, sheet.domain]), [['example.com', 'example.com']]);
    assert.deepEqual(importableRows(parsed.sheets[0]!).map((row) => toRecordFields(row.fields)), ZONE_RECORDS);
  });

  it('a 2-tab workbook with one bad row: the preview names the row and its error, the other rows can be imported', async () => {
    const header = ['Host record', 'Record type', 'Line', 'Record value', 'MX priority', 'TTL'];
    const data = await xlsx([
      { sheet: 'a.example', data: [['Domain', 'a.example'], header, ['www', 'A', 'Default', '192.0.2.1', null, 600], ['@', 'MX', '', 'mx.a.example', 10, 3600]] },
      { sheet: 'b.example', data: [['域名', 'b.example'], ['主机记录', '记录类型', '记录值'], ['@', 'A', '300.1.1.1'], ['api', 'CNAME', 'b.example.'], [null, null, null]] },
    ]);
    const preview = (await parseDnsFile('zones.xlsx', data, vocabulary)) as ImportPreview;
    assert.equal(preview.issue, null);
    const [first, second] = preview.sheets;
    assert.deepEqual(first!.rows.map((row) => row.issues), [[], []]);
    assert.equal(first!.rows[1]!.fields.priority, '10');
    assert.deepEqual(second!.rows.map((row) => row.row), [3, 4]);
    assert.deepEqual(second!.rows[0]!.issues, [{ key: 'rules:dns.record-value-format', field: 'value' }]);
    assert.equal(importableRows(second!).length, 1);
  });

  it('rules §5 DNS limits: more than 5 domains, more than 200 records, a domain on two tabs; missing columns; no domain row', async () => {
    const sheet = (domain: string, rows = 1) => ({ sheet: domain, data: [['Domain', domain], ['Host record', 'Record type', 'Record value'], ...Array.from({ length: rows }, (_, i) => [`h${i}`, 'A', '192.0.2.1'])] });
    const six = (await parseDnsFile('six.xlsx', await xlsx(['a', 'b', 'c', 'd', 'e', 'f'].map((name) => sheet(`${name}.example`))), vocabulary)) as ImportPreview;
    assert.deepEqual(six.issue, { key: 'rules:dns.import-too-many-domains', values: { max: 5 } });
    const big = (await parseDnsFile('big.xlsx', await xlsx([sheet('a.example', 201)]), vocabulary)) as ImportPreview;
    assert.deepEqual(big.issue, { key: 'rules:dns.import-too-many-records', values: { max: 200, domain: 'a.example' } });
    const twice = (await parseDnsFile('twice.xlsx', await xlsx([sheet('a.example'), { ...sheet('a.example'), sheet: 'copy' }]), vocabulary)) as ImportPreview;
    assert.deepEqual(twice.issue, { key: 'rules:dns.import-one-domain-per-sheet', values: { domain: 'a.example' } });
    const noColumns = (await parseDnsFile('x.xlsx', await xlsx([{ sheet: 'a.example', data: [['Domain', 'a.example'], ['Host record', 'Type?'], ['www', 'A']] }]), vocabulary)) as ImportPreview;
    assert.deepEqual(noColumns.sheets[0]!.issues, [{ key: 'dns-records:import.missing-columns', values: { columns: 'Record type, Record value' } }]);
    const byName = (await parseDnsFile('y.xlsx', await xlsx([{ sheet: 'named.example', data: [['host', 'type', 'value'], ['www', 'A', '192.0.2.1']] }]), vocabulary)) as ImportPreview;
    assert.equal(byName.sheets[0]!.domain, 'named.example');
    assert.deepEqual(byName.sheets[0]!.rows[0]!.issues, []);
  });

  it('a legacy .xls (compound document) is refused with its own message; unreadable bytes say "File read failed"', async () => {
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).buffer;
    assert.deepEqual(await parseDnsFile('old.xlsx', ole, vocabulary), { key: 'rules:dns.import-xls-unsupported' });
    assert.deepEqual(await parseDnsFile('bad.xlsx', new Uint8Array([0x50, 0x4b, 1, 2, 3]).buffer, vocabulary), { key: 'dns-records:import.unreadable' });
    assert.deepEqual(await parseDnsFile('bad.zone', new Uint8Array([0xff, 0xfe, 0xfd]).buffer, vocabulary), { key: 'dns-records:import.unreadable' });
  });

  it('readWorkbook leaves out empty sheets a spreadsheet program adds', () => {
    const preview = readWorkbook('x.xlsx', [{ sheet: 'Sheet1', data: [] }, { sheet: 'a.example', data: [['Host record', 'Record type', 'Record value'], ['www', 'A', '192.0.2.1']] }], vocabulary);
    assert.deepEqual(preview.sheets.map((sheet) => sheet.name), ['a.example']);
  });

  it('the worker protocol answers each request by id and transfers the xlsx bytes', async () => {
    const posted: { message: DnsFileMessage; transfer?: Transferable[] }[] = [];
    let listener: ((event: { data: DnsFileRequest }) => void) | undefined;
    serveDnsFileJobs({ postMessage: (message, transfer) => posted.push({ message, transfer }), addEventListener: (_type, handler) => (listener = handler) });
    const zone = new TextEncoder().encode('$ORIGIN example.com.\nwww 600 IN A 192.0.2.1\n');
    listener!({ data: { id: 7, kind: 'parse', fileName: 'example.com.zone', data: zone.buffer as ArrayBuffer, vocabulary } });
    listener!({ data: { id: 8, kind: 'xlsx', domain: 'example.com', records: [record({})], labels: workbookLabels('en_US') } });
    while (posted.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    const byId = new Map(posted.map((entry) => [entry.message.id, entry]));
    assert.equal(byId.get(7)!.message.type, 'preview');
    const xlsxAnswer = byId.get(8)!;
    assert.equal(xlsxAnswer.message.type, 'xlsx');
    assert.equal(xlsxAnswer.transfer!.length, 1);
  });
});
