/**
 * Starts a Web Worker from a URL imported with the `?worker-url` suffix (see rollup.config.mjs): the worker script is
 * a separate, self-contained bundle next to the element's chunks. A worker must come from the page's origin, so when
 * the element's bundle is served from another origin (a portal loading the elements from a CDN) the worker starts
 * from a same-origin `blob:` module that imports the script (the console's CSP allows `worker-src 'self' blob:`).
 */

/** Starts a module worker from a worker URL. */
export function startWorker(url: string, name?: string): Worker {
  const target = new URL(url, globalThis.location.href);
  if (target.origin === globalThis.location.origin) return new Worker(target, { type: 'module', name });
  const shim = URL.createObjectURL(new Blob([`import ${JSON.stringify(target.href)};`], { type: 'text/javascript' }));
  const worker = new Worker(shim, { type: 'module', name });
  // The blob only has to live until the worker has loaded it; its first message or error says it has.
  const release = () => URL.revokeObjectURL(shim);
  worker.addEventListener('message', release, { once: true });
  worker.addEventListener('error', release, { once: true });
  return worker;
}
