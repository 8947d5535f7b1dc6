/**
 * The job handler of log download tasks (`logs.download`; rules §3 "Log download task", §4 "Task", §9 "Log download
 * 10000 rows, kept 7 days"). Preparing writes the file's start; each step then reads one slice of the time range,
 * newest slice first, through the log store's `scan`, and stores the slice's lines as one compressed part, so progress
 * moves per batch and a step repeated after a restart only replaces its own part. The last step joins the parts into
 * one gzip file and records the result.
 */
import { gzipSync } from 'node:zlib';
import type { LogDownloadParams, LogDownloadResult } from '../../../../../core/api/endpoints/logs.js';
import { allOf, type LogPredicate } from '../../../../../core/logs/predicate.js';
import { LOG_DOWNLOAD_MAX, LOG_DOWNLOAD_RETENTION_DAYS } from '../../../../../core/rules/bans.js';
import { isoTime } from '../../../platform/database.js';
import { JobFailure, type JobHandler, type JobRunner } from '../../../platform/jobs/runner.js';
import type { LogRow } from '../../../../../core/logs/fields.js';
import type { LogStore } from '../store/log-store.js';
import { downloadFileName, fileEnd, fileRows, fileStart } from './file-format.js';
import { compileLimitation } from './payloads.js';
import { finishFile, LOG_DOWNLOAD_JOB, savePart } from './store.js';

/** What a task stores beyond the public params: the template as it was when the task was created. */
export interface LogDownloadJobParams extends LogDownloadParams {
  fields: string[];
  limitation: string;
}

/** The cursor between steps: the next slice and the rows written so far. */
interface Cursor {
  slice: number;
  rows: number;
}

/** Slices of the time range: each is one step, one progress move, one gzip member. */
export const DOWNLOAD_SLICES = 10;
const DAY_MS = 86_400_000;

/** Where the handler finds the log store (the server's decoration; tests may hand in their own). */
export type LogStoreSource = () => LogStore | undefined;

function storeOf(source: LogStoreSource): LogStore {
  const store = source();
  // A JobFailure keeps the reason short and out of the crash log: a server without a store is a setup, not a bug.
  if (!store) throw new JobFailure('log-store-unavailable');
  return store;
}

/** The handler; `source` gives the store at run time, since the store is opened after routes register. */
export function logDownloadHandler(source: LogStoreSource): JobHandler<LogDownloadJobParams, Cursor> {
  return {
    prepare({ jobId, memberId, params, db }) {
      savePart(db, jobId, memberId, 0, gzipSync(fileStart(params.file_type, params.fields, params.language)));
      return { slice: 0, rows: 0 };
    },
    async step({ jobId, memberId, params, state, db, now }) {
      const store = storeOf(source);
      const from = Date.parse(params.from);
      const to = Date.parse(params.to);
      const width = Math.ceil((to - from) / DOWNLOAD_SLICES);
      // Newest first, as the retrieval list reads: when the 10,000-row cap is reached the file has the latest lines.
      const sliceTo = to - state.slice * width;
      const sliceFrom = Math.max(from, sliceTo - width);
      let rows = state.rows;
      const lines: string[] = [];
      if (sliceTo > sliceFrom && rows < LOG_DOWNLOAD_MAX) {
        const limitation: LogPredicate | null = compileLimitation(params.limitation, params.log_type).predicate;
        await store.scan(
          { memberId, logType: params.log_type, from: sliceFrom, to: sliceTo, domainIds: params.domain_ids, where: allOf([limitation]) },
          LOG_DOWNLOAD_MAX - rows,
          (batch: LogRow[]) => {
            const room = batch.slice(0, LOG_DOWNLOAD_MAX - rows);
            lines.push(fileRows(params.file_type, params.fields, room, rows));
            rows += room.length;
          },
        );
      }
      savePart(db, jobId, memberId, state.slice + 1, gzipSync(lines.join('')));
      const next = state.slice + 1;
      if (next < DOWNLOAD_SLICES && rows < LOG_DOWNLOAD_MAX) return { done: false, state: { slice: next, rows }, progress: (next / DOWNLOAD_SLICES) * 100 };

      savePart(db, jobId, memberId, DOWNLOAD_SLICES + 1, gzipSync(fileEnd(params.file_type, rows)));
      const expiresAt = now() + LOG_DOWNLOAD_RETENTION_DAYS * DAY_MS;
      const bytes = finishFile(db, jobId, memberId, expiresAt);
      const result: LogDownloadResult = { rows, bytes, file_name: downloadFileName(params.name, params.file_type), expires_at: isoTime(expiresAt) };
      return { done: true, result };
    },
  };
}

/** Registers the handler with the runner. */
export function registerLogDownloadJobs(jobs: JobRunner, source: LogStoreSource): void {
  jobs.register(LOG_DOWNLOAD_JOB, logDownloadHandler(source));
}
