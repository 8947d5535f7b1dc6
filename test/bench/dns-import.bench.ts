// DNS import and export (issue 10): reading the largest upload the spec allows (rules §5 DNS, §9: 5 domains x 200
// records, one domain per tab) as the file worker does, reading and writing BIND zone files, writing the xlsx export,
// and the server running the import job for those 1,000 rows. Figures only. Run with `npm run bench` or directly:
// `node --import tsx test/bench/dns-import.bench.ts`.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { DnsJobStarted, DnsRecordFields } from '../../core/api/endpoints/dns.js';
import { DNS_IMPORT_MAX_DOMAINS, DNS_IMPORT_MAX_RECORDS_PER_DOMAIN } from '../../core/rules/dns.js';
import { parseDnsFile, writeDnsWorkbook } from '../../elements/dns-records/files/file-jobs.js';
import { importableRows, toRecordFields, type ImportPreview } from '../../elements/dns-records/files/import-model.js';
import { parseZone, serializeZone } from '../../elements/dns-records/files/zone-file.js';
import { workbookLabels, workbookVocabulary } from '../../elements/dns-records/vocabulary.js';
import writeXlsxFile from 'write-excel-file/universal';
import { call, expectOk, signInParent, startServer } from '../server/helpers.js';

const RUNS = 10;
const ZONE_RECORDS = 10_000;

async function measure(label: string, action: () => Promise<unknown> | unknown): Promise<number> {
  await action();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await action();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  console.log(`  ${label.padEnd(58)} median ${median.toFixed(1).padStart(8)} ms`);
  return median;
}

function record(index: number): DnsRecordFields {
  const kinds: DnsRecordFields[] = [
    { host: `h${index}`, type: 'A', line: 'any', value: `192.0.${Math.floor(index / 250) % 250}.${index % 250}`, priority: null, ttl: 600, remark: '', status: 'normal', group: '' },
    { host: `c${index}`, type: 'CNAME', line: 'telecom', value: `edge${index}.example.net`, priority: null, ttl: 3600, remark: 'edge', status: 'normal', group: 'web' },
    { host: `m${index}`, type: 'MX', line: 'any', value: `mx${index}.example.com`, priority: 10, ttl: 3600, remark: '', status: 'normal', group: '' },
    { host: `t${index}`, type: 'TXT', line: 'any', value: `v=spf1 include:_spf${index}.example.com ~all`, priority: null, ttl: 60, remark: '', status: 'disabled', group: '' },
  ];
  return kinds[index % kinds.length]!;
}

/** Prints the figures. */
export async function run(): Promise<void> {
  const domains = Array.from({ length: DNS_IMPORT_MAX_DOMAINS }, (_, i) => `bench${i}.example`);
  const rows = Array.from({ length: DNS_IMPORT_MAX_RECORDS_PER_DOMAIN }, (_, i) => record(i));
  const labels = workbookLabels('en_US');
  const vocabulary = workbookVocabulary('en_US');

  console.log(`Largest upload: ${DNS_IMPORT_MAX_DOMAINS} domains x ${DNS_IMPORT_MAX_RECORDS_PER_DOMAIN} records`);
  const sheets = domains.map((domain) => ({
    sheet: domain,
    data: [[labels.domain, domain], Object.values(labels.columns), ...rows.map((row) => [row.host, row.type, labels.lines[row.line]!, row.value, row.priority, row.ttl, labels.statuses[row.status]!, row.remark, row.group])],
  }));
  const workbook = await (await writeXlsxFile(sheets as never).toBlob()).arrayBuffer();
  console.log(`  workbook size ${(workbook.byteLength / 1000).toFixed(1)} KB (limit 2MB)`);
  let preview: ImportPreview | undefined;
  await measure('read + check the workbook (worker work, 1,000 rows)', async () => {
    preview = (await parseDnsFile('bench.xlsx', workbook.slice(0), vocabulary)) as ImportPreview;
  });
  console.log(`  rows without problems: ${preview!.sheets.reduce((sum, sheet) => sum + importableRows(sheet).length, 0)}`);
  await measure('write the xlsx export of one domain (200 records)', () => writeDnsWorkbook(domains[0]!, rows, labels));

  // The worst upload the size check lets through: near 2MB, far past the row limit, which the preview must report.
  const crowded = domains.map((domain) => ({ ...sheets[0]!, sheet: domain, data: [[labels.domain, domain], ...sheets[0]!.data.slice(1, 2), ...Array.from({ length: 10_000 }, (_, i) => sheets[0]!.data[2 + (i % rows.length)]!)] }));
  const heavy = await (await writeXlsxFile(crowded as never).toBlob()).arrayBuffer();
  console.log(`  near-limit workbook ${(heavy.byteLength / 1000).toFixed(1)} KB, 50,000 rows`);
  await measure('read + check it (refused: over 200 records per domain)', () => parseDnsFile('heavy.xlsx', heavy.slice(0), vocabulary));

  const big = Array.from({ length: ZONE_RECORDS }, (_, i) => record(i));
  let zone = '';
  await measure(`write a BIND zone of ${ZONE_RECORDS.toLocaleString('en')} records`, () => (zone = serializeZone('bench.example', big)));
  console.log(`  zone size ${(zone.length / 1000).toFixed(1)} KB`);
  await measure(`read + check that zone (${ZONE_RECORDS.toLocaleString('en')} rows)`, () => parseZone(zone, 'bench.example.zone'));

  const { app } = await startServer();
  try {
    const token = (await signInParent(app)).token;
    const added = await expectOk<DnsJobStarted>(app, 'POST', 'V4/dns.domain.batch.add', { token, body: { domains } });
    await app.jobs.waitFor(added.job.id);
    const body = { file_name: 'bench.xlsx', mode: 'replace', sheets: preview!.sheets.map((sheet) => ({ domain: sheet.domain, records: importableRows(sheet).map((row) => toRecordFields(row.fields)) })) };
    await measure('server: import request and job to completion (1,000 rows)', async () => {
      const answer = await call<DnsJobStarted>(app, 'POST', 'V4/dns.record.import', { token, body });
      await app.jobs.waitFor(answer.data.job.id);
    });
    const started = performance.now();
    const answer = await expectOk<DnsJobStarted>(app, 'POST', 'V4/dns.record.import', { token, body });
    const accepted = performance.now() - started;
    await app.jobs.waitFor(answer.job.id);
    console.log(`  server: import of 1,000 rows accepted in ${accepted.toFixed(1)} ms, job done after ${(performance.now() - started).toFixed(1)} ms`);
  } finally {
    await app.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
