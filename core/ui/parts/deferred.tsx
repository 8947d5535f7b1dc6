/**
 * Parts of an element that are not on screen when it first renders (a dialog, a confirm popover, a chart's plotly)
 * load their code the first time they are wanted, not with the element (issue "every page loads only what it
 * shows"). A load is shared by every element on the page, gives up after shell §9's chunk load timeout, and is
 * forgotten when it fails, so the retry fetches again; the failure is shown (`DeferredFailure`) and sent as
 * `ec-error`.
 */
import { useEffect, useState } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../config/constants.js';
import { useElement, useT } from '../element-context.js';

type ModuleLoader<M> = () => Promise<M>;

const loads = new WeakMap<ModuleLoader<unknown>, Promise<unknown>>();
const loadedModules = new WeakMap<ModuleLoader<unknown>, unknown>();

/**
 * Starts (or joins) the load of a deferred module; answers the same promise until it fails. Rejects when the load
 * has not finished within `timeoutMs` (shell §9: chunk load timeout).
 */
export function loadDeferred<M>(load: ModuleLoader<M>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<M> {
  let pending = loads.get(load) as Promise<M> | undefined;
  if (!pending) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`chunk load timeout after ${timeoutMs} ms`)), timeoutMs);
    });
    pending = Promise.race([load(), timeout])
      .then((module) => {
        loadedModules.set(load, module);
        return module;
      })
      .finally(() => clearTimeout(timer));
    pending.catch(() => loads.delete(load));
    loads.set(load, pending);
  }
  return pending;
}

/** What {@link useDeferredModule} answers. */
export interface DeferredModule<M> {
  /** The module once loaded (stays loaded). */
  module: M | null;
  /** The last load failed. */
  failed: boolean;
  /** Loads again after a failure. */
  retry(): void;
}

/** The module `load` answers, loaded once `wanted` first becomes true. `load` must be a stable (module-level) function. */
export function useDeferredModule<M>(load: ModuleLoader<M>, wanted: boolean): DeferredModule<M> {
  const { host, emit } = useElement();
  const [module, setModule] = useState<M | null>(() => (loadedModules.get(load) as M | undefined) ?? null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (module || !wanted) return;
    let current = true;
    setFailed(false);
    loadDeferred(load).then(
      (loaded) => current && setModule(() => loaded),
      (error: unknown) => {
        if (!current) return;
        setFailed(true);
        emit('ec-error', { source: host.localName, message: `a part failed to load: ${String(error)}` });
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, attempt, module]);

  return { module, failed, retry: () => setAttempt((count) => count + 1) };
}

/** Says that a deferred part failed to load, with a retry; `part="deferred-error"`. */
export function DeferredFailure({ onRetry }: { onRetry: () => void }) {
  const t = useT('common');
  return (
    <div role="alert" className="ec-error-text" part="deferred-error">
      {t('state.part-load-failed')}{' '}
      <button type="button" className="p-button p-button-sm p-button-outlined" onClick={onRetry}>
        {t('state.retry')}
      </button>
    </div>
  );
}
