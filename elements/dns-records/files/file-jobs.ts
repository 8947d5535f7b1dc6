/**
 * The DNS file work done off the main thread (issue 10: "parse files in a Web Worker"): reading an upload into an
 * import preview and writing the xlsx export. The page posts a {@link DnsFileRequest} and gets one
 * {@link DnsFileMessage} back with the same id. The worker entry (`dns-file.worker.ts`) only binds
 * {@link serveDnsFileJobs} to its global scope, so the protocol runs in Node tests with a fake scope and the
 * spreadsheet libraries stay out of the element's own bundle.
 */
import readXlsxFile from 'read-excel-file/universal';
import writeXlsxFile from 'write-excel-file/universal';
import type { DnsRecordFields } from '../../../core/api/endpoints/dns.js';
import { fileIssue, type FileIssue, type ImportPreview } from './import-model.js';
import { readWorkbook, workbookSheet, type Cell, type WorkbookLabels, type WorkbookVocabulary } from './workbook.js';
import { parseZone } from './zone-file.js';

/** A request to the file worker. */
export type DnsFileRequest =
  | { id: number; kind: 'parse'; fileName: string; data: ArrayBuffer; vocabulary: WorkbookVocabulary }
  | { id: number; kind: 'xlsx'; domain: string; records: DnsRecordFields[]; labels: WorkbookLabels };

/** What the worker answers. */
export type DnsFileMessage =
  | { id: number; type: 'preview'; preview: ImportPreview }
  | { id: number; type: 'xlsx'; data: ArrayBuffer }
  | { id: number; type: 'error'; issue: FileIssue };

/** The part of a worker's global scope the service uses. */
export interface DnsFileScope {
  postMessage(message: DnsFileMessage, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: { data: DnsFileRequest }) => void): void;
}

/** The leading bytes of a zip archive (xlsx) and of a compound document (legacy xls). */
const ZIP_MAGIC = [0x50, 0x4b];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.every((byte, index) => bytes[index] === byte);
}

/** Reads an upload by its content: xlsx by its zip signature, a legacy xls is refused, text is read as a zone file. */
export async function parseDnsFile(fileName: string, data: ArrayBuffer, vocabulary: WorkbookVocabulary): Promise<ImportPreview | FileIssue> {
  const bytes = new Uint8Array(data);
  if (startsWith(bytes, OLE_MAGIC)) return { key: 'rules:dns.import-xls-unsupported' };
  if (startsWith(bytes, ZIP_MAGIC)) {
    try {
      const sheets = await readXlsxFile(data);
      return readWorkbook(fileName, sheets.map((sheet) => ({ sheet: sheet.sheet, data: sheet.data as Cell[][] })), vocabulary);
    } catch {
      return fileIssue('import.unreadable');
    }
  }
  // Anything else is read as a zone file whatever its name; binary content (a NUL byte, or bytes that are not UTF-8)
  // is not text, so it is refused as unreadable instead of turning into rows of noise.
  if (/\.xlsx$/i.test(fileName) || bytes.includes(0)) return fileIssue('import.unreadable');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return fileIssue('import.unreadable');
  }
  return parseZone(text, fileName);
}

/** Writes the xlsx export of a domain's records. */
export async function writeDnsWorkbook(domain: string, records: readonly DnsRecordFields[], labels: WorkbookLabels): Promise<ArrayBuffer> {
  const sheet = workbookSheet(domain, records, labels);
  const blob = await writeXlsxFile([{ sheet: sheet.sheet, data: sheet.data as never }]).toBlob();
  return blob.arrayBuffer();
}

/** Answers one request. */
export async function answerDnsFileRequest(request: DnsFileRequest): Promise<DnsFileMessage> {
  try {
    if (request.kind === 'parse') {
      const parsed = await parseDnsFile(request.fileName, request.data, request.vocabulary);
      return 'sheets' in parsed ? { id: request.id, type: 'preview', preview: parsed } : { id: request.id, type: 'error', issue: parsed };
    }
    return { id: request.id, type: 'xlsx', data: await writeDnsWorkbook(request.domain, request.records, request.labels) };
  } catch {
    return { id: request.id, type: 'error', issue: fileIssue(request.kind === 'parse' ? 'import.unreadable' : 'export.failed') };
  }
}

/** Serves requests on a worker scope; the xlsx bytes are transferred, not copied. */
export function serveDnsFileJobs(scope: DnsFileScope): void {
  scope.addEventListener('message', (event) => {
    void answerDnsFileRequest(event.data).then((message) => scope.postMessage(message, message.type === 'xlsx' ? [message.data] : []));
  });
}
