import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DNS_BATCH_DOMAINS_MAX,
  DNS_IMPORT_MAX_BYTES,
  DNS_IMPORT_MAX_DOMAINS,
  DNS_IMPORT_MAX_RECORDS_PER_DOMAIN,
  DNS_LINE_DEFAULT,
  DNS_RECORD_TYPES,
  DNS_TTL_DEFAULT,
  DNS_TTL_OPTIONS,
  DNS_TXT_MAX_LENGTH,
  MX_PRIORITY_DEFAULT,
  MX_PRIORITY_RANGE,
  validateDnsBatchDomains,
  validateDnsDomain,
  validateDnsHost,
  validateDnsImportFile,
  validateDnsImportSheets,
  validateDnsRecord,
  validateDnsRecordValue,
  validateDnsTtl,
  validateMxPriority,
  DNS_BATCH_RECORDS_MAX,
  DNS_LINES,
  DNS_REMARK_MAX_LENGTH,
  parseDnsRecordLine,
  validateDnsBatchRecords,
  validateDnsGroupName,
  validateDnsImportUpload,
  validateDnsLine,
  validateDnsRecordLine,
  validateDnsStatus,
} from '../../../core/rules/dns.js';

const domains = (count: number) => Array.from({ length: count }, (_, i) => `d${i}.example.com`).join('\n');

describe('rules §5 DNS', () => {
  it('rules §5 DNS / §9: batch add domains one per line, at most 100 lines ("More than 100 lines")', () => {
    assert.equal(DNS_BATCH_DOMAINS_MAX, 100);
    assert.equal(validateDnsBatchDomains(domains(100)).issue, null);
    assert.deepEqual(validateDnsBatchDomains(domains(101)).issue, { key: 'dns.more-than-100-lines', values: { max: 100, count: 101 } });
    assert.deepEqual(validateDnsBatchDomains('').issue, { key: 'domain.required' }, 'rules §5 DNS: "please enter the domain"');
    const mixed = validateDnsBatchDomains('example.com\nEXAMPLE.com\nbad_domain\n*.example.com');
    assert.deepEqual(mixed.lines.map((line) => line.status), ['valid', 'duplicate', 'invalid', 'invalid']);
    assert.deepEqual(mixed.lines[2]!.issue, { key: 'domain.format-error' });
    assert.deepEqual(mixed.lines[3]!.issue, { key: 'domain.wildcard-not-allowed' });
  });
  it('rules §5 DNS: "please enter the domain", "domain format error"', () => {
    assert.deepEqual(validateDnsDomain(''), { key: 'domain.required' });
    assert.deepEqual(validateDnsDomain('nodot'), { key: 'domain.format-error' });
    assert.equal(validateDnsDomain('example.cn'), null);
  });
  it('rules §5 DNS: import xlsx or xls up to 2MB', () => {
    assert.equal(DNS_IMPORT_MAX_BYTES, 2_000_000);
    assert.equal(validateDnsImportFile({ name: 'zone.XLSX', size: 2_000_000 }), null);
    assert.equal(validateDnsImportFile({ name: 'zone.xls', size: 1 }), null);
    assert.deepEqual(validateDnsImportFile({ name: 'zone.xlsx', size: 2_000_001 }), { key: 'dns.import-file-size', values: { max: '2MB' } });
    assert.deepEqual(validateDnsImportFile({ name: 'zone.csv', size: 10 }), { key: 'dns.import-file-type', values: { types: 'xlsx, xls' } });
    assert.deepEqual(validateDnsImportFile({ name: 'xlsx', size: 10 }), { key: 'dns.import-file-type', values: { types: 'xlsx, xls' } });
    assert.deepEqual(validateDnsImportFile({ name: 'zone.xlsx', size: 0 }), { key: 'dns.import-file-empty' });
  });
  it('rules §5 DNS / §9: import at most 5 domains, 200 records per domain, one domain per tab', () => {
    assert.equal(DNS_IMPORT_MAX_DOMAINS, 5);
    assert.equal(DNS_IMPORT_MAX_RECORDS_PER_DOMAIN, 200);
    const sheet = (i: number, records = 200) => ({ domain: `d${i}.com`, records });
    assert.equal(validateDnsImportSheets([0, 1, 2, 3, 4].map((i) => sheet(i))), null);
    assert.deepEqual(validateDnsImportSheets([0, 1, 2, 3, 4, 5].map((i) => sheet(i))), { key: 'dns.import-too-many-domains', values: { max: 5 } });
    assert.deepEqual(validateDnsImportSheets([sheet(0, 201)]), { key: 'dns.import-too-many-records', values: { max: 200, domain: 'd0.com' } });
    assert.deepEqual(validateDnsImportSheets([sheet(0), { domain: 'D0.com.', records: 1 }]), { key: 'dns.import-one-domain-per-sheet', values: { domain: 'd0.com' } });
    assert.deepEqual(validateDnsImportSheets([]), { key: 'dns.import-file-empty' });
  });
  it('rules §5 DNS: MX priority 1-50, default 5', () => {
    assert.equal(MX_PRIORITY_DEFAULT, 5);
    assert.deepEqual(MX_PRIORITY_RANGE, { min: 1, max: 50 });
    for (const ok of [1, 5, 50, '10']) assert.equal(validateMxPriority(ok), null);
    for (const bad of [0, 51, -1, 1.5, 'x', '']) assert.deepEqual(validateMxPriority(bad), { key: 'dns.mx-priority-range', values: { min: 1, max: 50 } });
  });
  it('rules §5 DNS / §9: TTL default 600, options 60, 600, 3600; line default any', () => {
    assert.equal(DNS_TTL_DEFAULT, 600);
    assert.deepEqual(DNS_TTL_OPTIONS, [60, 600, 3600]);
    assert.equal(DNS_LINE_DEFAULT, 'any');
    for (const ok of [60, 600, 3600, '600']) assert.equal(validateDnsTtl(ok), null);
    for (const bad of [59, 61, 300, 0, 86400]) assert.deepEqual(validateDnsTtl(bad), { key: 'dns.ttl-option', values: { options: '60, 600, 3600' } });
  });
  it('rules §5 DNS: TXT limit, the stricter reading of 255 (not 512) characters', () => {
    assert.equal(DNS_TXT_MAX_LENGTH, 255);
    assert.equal(validateDnsRecordValue('TXT', 'v=spf1 include:_spf.example.com ~all'), null);
    assert.equal(validateDnsRecordValue('TXT', 'x'.repeat(255)), null);
    assert.deepEqual(validateDnsRecordValue('TXT', 'x'.repeat(256)), { key: 'dns.txt-too-long', values: { max: 255 } });
    assert.deepEqual(validateDnsRecordValue('TXT', 'a\u0001b'), { key: 'dns.record-value-format' });
  });
  it('rules §5 DNS: record values per type ("please fill in the record IP", "record value format error")', () => {
    assert.deepEqual(DNS_RECORD_TYPES, ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'SRV', 'XURL', 'YURL']);
    assert.deepEqual(validateDnsRecordValue('A', ''), { key: 'dns.record-ip-required' });
    assert.deepEqual(validateDnsRecordValue('AAAA', ' '), { key: 'dns.record-ip-required' });
    assert.deepEqual(validateDnsRecordValue('CNAME', ''), { key: 'dns.record-value-required' });
    const cases: Array<[(typeof DNS_RECORD_TYPES)[number], string, boolean]> = [
      ['A', '1.2.3.4', true],
      ['A', '::1', false],
      ['A', '01.2.3.4', false],
      ['AAAA', '2001:db8::1', true],
      ['AAAA', '1.2.3.4', false],
      ['CNAME', 'cdn.example.com.', true],
      ['CNAME', '_acme.example.com', true],
      ['CNAME', 'not a domain', false],
      ['NS', 'ns1.example.net', true],
      ['MX', 'mail.example.com', true],
      ['MX', '1.2.3.4', false],
      ['SRV', '10 5 5060 sip.example.com', true],
      ['SRV', '0 0 0 .', true],
      ['SRV', '10 5 65536 sip.example.com', false],
      ['SRV', '10 5 sip.example.com', false],
      ['XURL', 'https://www.example.com/path', true],
      ['YURL', 'http://example.com', true],
      ['XURL', 'ftp://example.com', false],
    ];
    for (const [type, value, valid] of cases) {
      assert.deepEqual(validateDnsRecordValue(type, value), valid ? null : { key: 'dns.record-value-format' }, `${type} ${value}`);
    }
  });
  it('rules §5 DNS: host record (@, *, labels with underscores)', () => {
    for (const ok of ['@', '*', 'www', '*.img', '_dmarc', '_sip._tcp', 'a-b.c']) assert.equal(validateDnsHost(ok), null, ok);
    assert.deepEqual(validateDnsHost(''), { key: 'dns.host-required' });
    for (const bad of ['-a', 'a-', 'a..b', 'a b', 'a.*', `${'a'.repeat(64)}`]) assert.deepEqual(validateDnsHost(bad), { key: 'dns.host-format' }, bad);
  });
  it('rules §5 DNS: priority only for MX records; the record form answers field issues', () => {
    assert.deepEqual(validateDnsRecord({ host: 'www', type: 'A', value: '1.2.3.4', ttl: 600 }), []);
    assert.deepEqual(validateDnsRecord({ host: '@', type: 'MX', value: 'mx.example.com', priority: 5 }), []);
    assert.deepEqual(validateDnsRecord({ host: '@', type: 'MX', value: 'mx.example.com', priority: 51 }), [
      { field: 'priority', key: 'dns.mx-priority-range', values: { min: 1, max: 50 } },
    ]);
    assert.deepEqual(validateDnsRecord({ host: 'www', type: 'A', value: '1.2.3.4', priority: 5 }), [{ field: 'priority', key: 'dns.priority-mx-only' }]);
    assert.deepEqual(validateDnsRecord({ host: '', type: 'PTR', value: 'x', ttl: 5 }), [
      { field: 'host', key: 'dns.host-required' },
      { field: 'type', key: 'dns.record-type' },
      { field: 'ttl', key: 'dns.ttl-option', values: { options: '60, 600, 3600' } },
    ]);
  });
});

describe('rules §3/§5 DNS: lines, statuses, remarks, groups, batch records and uploads', () => {
  it('rules §5 DNS: line default any, one of the known lines', () => {
    assert.equal(DNS_LINES[0], DNS_LINE_DEFAULT);
    for (const line of DNS_LINES) assert.equal(validateDnsLine(line), null);
    assert.deepEqual(validateDnsLine('mars'), { key: 'dns.line-option' });
    assert.deepEqual(validateDnsLine(''), { key: 'dns.line-option' });
  });
  it('rules §3/§4 DNS: status normal or disabled', () => {
    assert.equal(validateDnsStatus('normal'), null);
    assert.equal(validateDnsStatus('disabled'), null);
    assert.deepEqual(validateDnsStatus('paused'), { key: 'dns.status-option' });
  });
  it('rules §3 DNS website group: name required, 1-40 characters; remark at most 64', () => {
    assert.deepEqual(validateDnsGroupName(' '), { key: 'dns.group-name-required' });
    assert.equal(validateDnsGroupName('运维'.repeat(20)), null);
    assert.deepEqual(validateDnsGroupName('x'.repeat(41)), { key: 'common.too-long', values: { max: 40 } });
    assert.equal(DNS_REMARK_MAX_LENGTH, 64);
    assert.deepEqual(validateDnsRecord({ host: 'www', type: 'A', value: '1.2.3.4', remark: 'r'.repeat(65), group: 'g'.repeat(41), line: 'x', status: 'y' }), [
      { field: 'line', key: 'dns.line-option' },
      { field: 'status', key: 'dns.status-option' },
      { field: 'remark', key: 'common.too-long', values: { max: 64 } },
      { field: 'group', key: 'common.too-long', values: { max: 40 } },
    ]);
  });
  it('rules §5 DNS (stricter reading): batch add records, one per line, at most 100 lines ("More than 100 lines")', () => {
    assert.equal(DNS_BATCH_RECORDS_MAX, 100);
    assert.deepEqual(parseDnsRecordLine('@ MX 10 mail.example.com'), { host: '@', type: 'MX', value: 'mail.example.com', priority: '10' });
    assert.deepEqual(parseDnsRecordLine('txt txt "v=spf1 include:x.example ~all"'), { host: 'txt', type: 'TXT', value: 'v=spf1 include:x.example ~all' });
    assert.deepEqual(parseDnsRecordLine('_sip._tcp SRV 10 5 5060 sip.example.com'), { host: '_sip._tcp', type: 'SRV', value: '10 5 5060 sip.example.com' });
    assert.equal(parseDnsRecordLine('www A'), null);
    assert.deepEqual(validateDnsRecordLine('www A'), { key: 'dns.record-line-format' });
    assert.deepEqual(validateDnsRecordLine('www A 300.1.1.1'), { key: 'dns.record-value-format' });
    assert.deepEqual(validateDnsRecordLine('@ MX 51 mx.example.com'), { key: 'dns.mx-priority-range', values: { min: 1, max: 50 } });
    const lines = (count: number) => Array.from({ length: count }, (_, i) => `h${i} A 192.0.2.${i % 250}`).join('\n');
    assert.equal(validateDnsBatchRecords(lines(100)).issue, null);
    assert.deepEqual(validateDnsBatchRecords(lines(101)).issue, { key: 'dns.more-than-100-lines', values: { max: 100, count: 101 } });
    const mixed = validateDnsBatchRecords('www A 192.0.2.1\nWWW a 192.0.2.1\nmail MX mx.example.com');
    assert.deepEqual(mixed.lines.map((line) => line.status), ['valid', 'duplicate', 'invalid']);
  });
  it('rules §5 DNS: uploads are xlsx (or a BIND zone file of any name) up to 2MB; .xls is refused with its own message', () => {
    assert.equal(validateDnsImportUpload({ name: 'a.xlsx', size: 2_000_000 }), null);
    assert.equal(validateDnsImportUpload({ name: 'example.com.zone', size: 10 }), null);
    assert.equal(validateDnsImportUpload({ name: 'zone.TXT', size: 10 }), null);
    assert.deepEqual(validateDnsImportUpload({ name: 'a.xls', size: 10 }), { key: 'dns.import-xls-unsupported' });
    assert.deepEqual(validateDnsImportUpload({ name: 'a.zone', size: 2_000_001 }), { key: 'dns.import-file-size', values: { max: '2MB' } });
    assert.deepEqual(validateDnsImportUpload({ name: 'a.xlsx', size: 2_000_001 }), { key: 'dns.import-file-size', values: { max: '2MB' } });
    // Issue 18: zone files come with any name; the worker tells the formats apart by content.
    assert.equal(validateDnsImportUpload({ name: 'db.example.com', size: 1 }), null);
    assert.equal(validateDnsImportUpload({ name: 'example.com.hosts', size: 1 }), null);
    assert.deepEqual(validateDnsImportUpload({ name: 'a.zone', size: 0 }), { key: 'dns.import-file-empty' });
  });
});
