/**
 * Dedicated-worker entry for DNS file work: `startWorker(dnsFileWorkerUrl)` with the URL imported through
 * `./dns-file.worker.js?worker-url` (see rollup.config.mjs). All behaviour lives in `file-jobs.ts`; this module only
 * binds it to the worker's global scope.
 */
import { serveDnsFileJobs, type DnsFileScope } from './file-jobs.js';

serveDnsFileJobs(self as unknown as DnsFileScope);
