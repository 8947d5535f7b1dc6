/**
 * The page's side of the DNS file worker: one worker shared by every `<ec-dns-records>` on the page, started on first
 * use, with each request answered through a promise. If the worker dies, every pending request answers "file read
 * failed" and the next request starts a new worker.
 */
import type { DnsRecordFields } from '../../../core/api/endpoints/dns.js';
import { startWorker } from '../../../core/workers/start-worker.js';
import dnsFileWorkerUrl from './dns-file.worker.js?worker-url';
import type { DnsFileMessage, DnsFileRequest } from './file-jobs.js';
import { fileIssue, type FileIssue, type ImportPreview } from './import-model.js';
import type { WorkbookLabels, WorkbookVocabulary } from './workbook.js';

/** Each member of a union without its id. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
/** A request before the client numbers it. */
type Request = WithoutId<DnsFileRequest>;

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, (message: DnsFileMessage) => void>();

function failAll(): void {
  for (const [id, resolve] of pending) resolve({ id, type: 'error', issue: fileIssue('import.unreadable') });
  pending.clear();
  worker?.terminate();
  worker = null;
}

function running(): Worker {
  if (worker) return worker;
  const started = startWorker(dnsFileWorkerUrl, 'dns-file');
  started.addEventListener('message', (event: MessageEvent<DnsFileMessage>) => {
    const resolve = pending.get(event.data.id);
    pending.delete(event.data.id);
    resolve?.(event.data);
  });
  started.addEventListener('error', failAll);
  worker = started;
  return started;
}

function send(request: Request, transfer: Transferable[] = []): Promise<DnsFileMessage> {
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    running().postMessage({ ...request, id }, transfer);
  });
}

/** Reads an upload in the worker: its preview, or the issue that stops it. */
export async function parseInWorker(file: Blob, fileName: string, vocabulary: WorkbookVocabulary): Promise<ImportPreview | FileIssue> {
  const data = await file.arrayBuffer();
  const answer = await send({ kind: 'parse', fileName, data, vocabulary }, [data]);
  if (answer.type === 'preview') return answer.preview;
  return answer.type === 'error' ? answer.issue : fileIssue('import.unreadable');
}

/** Writes an xlsx workbook of a domain's records in the worker. */
export async function workbookInWorker(domain: string, records: DnsRecordFields[], labels: WorkbookLabels): Promise<Blob | FileIssue> {
  const answer = await send({ kind: 'xlsx', domain, records, labels });
  if (answer.type === 'xlsx') return new Blob([answer.data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  return answer.type === 'error' ? answer.issue : fileIssue('export.failed');
}
