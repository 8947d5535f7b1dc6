import { expect } from '@open-wc/testing';
import type { BatchJobMessage, BatchJobRequest } from '../../../core/rules/batch-jobs.js';
import batchWorkerUrl from '../../../core/rules/batch-worker.js?worker-url';
import { startWorker } from '../../../core/workers/start-worker.js';

/** Runs one request on a worker and collects its messages until the result. */
function run(worker: Worker, request: BatchJobRequest): Promise<BatchJobMessage[]> {
  return new Promise((resolve, reject) => {
    const seen: BatchJobMessage[] = [];
    worker.addEventListener('error', (event) => reject(new Error(event.message)));
    worker.addEventListener('message', (event: MessageEvent<BatchJobMessage>) => {
      seen.push(event.data);
      if (event.data.type !== 'progress') resolve(seen);
    });
    worker.postMessage(request);
  });
}

describe('worker entries (`?worker-url`, rollup.config.mjs)', () => {
  it('a module imported with ?worker-url is served as its own script and starts as a module worker', async () => {
    expect(batchWorkerUrl).to.match(/\/__ec-workers__\/batch-worker-[0-9a-f]{8}\.js$/);
    const worker = startWorker(batchWorkerUrl, 'batch');
    try {
      const messages = await run(worker, { id: 7, kind: 'ip', text: '192.0.2.1\n192.0.2.1\nnot-an-ip' });
      const result = messages.at(-1)!;
      expect(result.type).to.equal('result');
      if (result.type === 'result') expect(result.result.lines.map((line) => line.status)).to.deep.equal(['valid', 'duplicate', 'invalid']);
    } finally {
      worker.terminate();
    }
  });

  it('a worker of another origin starts from a same-origin blob: module that imports it', async () => {
    const created: string[] = [];
    const RealWorker = window.Worker;
    window.Worker = class extends RealWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        created.push(String(url));
        super(url, options);
      }
    };
    try {
      startWorker('https://cdn.example.invalid/chunks/batch-worker.js').terminate();
    } finally {
      window.Worker = RealWorker;
    }
    expect(created).to.have.length(1);
    expect(created[0]).to.match(/^blob:/);
  });
});
