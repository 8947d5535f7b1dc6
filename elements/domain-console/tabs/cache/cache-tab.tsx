/**
 * The cache tab (issue 20 "Performance: cache rules (the existing element, with the domain named)"): the console
 * shows `<ec-cache-rules>` for this domain. Its code loads with this tab (the import below runs when the tab module
 * is first shown), and the element loads its own catalogues (cache-rules, rules, condition-builder) as it does on any
 * page. The console's language, API base and view-only mode are passed on; its events bubble out of the console.
 */
import { useEffect, useRef, useState } from 'react';
import { useElement, useT } from '../../../../core/ui/element-context.js';
import { DeferredFailure } from '../../../../core/ui/parts/deferred.js';
import { LoadingState } from '../../../../core/ui/parts/state-views.js';
import type { TabProps } from '../tab-module.js';

export const namespaces = [] as const;

let loading: Promise<unknown> | null = null;
function loadCacheRules(): Promise<unknown> {
  loading ??= import('../../../cache-rules/element.js').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export default function CacheTab({ context, readonly }: TabProps) {
  const t = useT('domain-console');
  const { language, apiBase, routeMode } = useElement();
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>(customElements.get('ec-cache-rules') ? 'ready' : 'loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (status === 'ready') return;
    let current = true;
    loadCacheRules().then(
      () => current && setStatus('ready'),
      () => current && setStatus('failed'),
    );
    return () => {
      current = false;
    };
  }, [attempt, status]);

  if (status === 'failed')
    return (
      <DeferredFailure
        onRetry={() => {
          setStatus('loading');
          setAttempt((count) => count + 1);
        }}
      />
    );
  if (status === 'loading') return <LoadingState message={t('tab-loading')} />;
  return <CacheRulesHost attributes={{ 'domain-id': String(context.id), mode: readonly ? 'readonly' : 'manage', lang: language.replace('_', '-'), 'api-base': apiBase, 'route-mode': routeMode }} />;
}

/**
 * Creates the element itself and writes its attributes: React 19 would set same-named properties on a custom element
 * instead, and the element's contract is its attributes (r2wc reads them).
 */
function CacheRulesHost({ attributes }: { attributes: Record<string, string> }) {
  const host = useRef<HTMLDivElement>(null);
  const element = useRef<HTMLElement | null>(null);
  const key = JSON.stringify(attributes);
  useEffect(() => {
    if (!host.current) return;
    element.current ??= document.createElement('ec-cache-rules');
    for (const [name, value] of Object.entries(attributes)) element.current.setAttribute(name, value);
    if (!element.current.isConnected) host.current.append(element.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  useEffect(() => () => element.current?.remove(), []);
  return <div ref={host} className="ec-cache-tab" />;
}
