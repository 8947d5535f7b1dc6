/**
 * The element of the current route, loaded on first visit: a translated loading state while its module arrives, a
 * translated retry when it fails (network, or longer than shell §9's chunk load timeout), never a blank page.
 */
import { createElement, useCallback, useEffect, useState } from 'react';
import { ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { useT } from '../../../core/ui/element-context.js';
import { loadElement } from '../elements.js';

/** Props of {@link RouteElement}. */
export interface RouteElementProps {
  /** The element's tag. */
  tag: string;
  /** Its attributes. */
  attributes: Record<string, string>;
}

type LoadState = 'loading' | 'ready' | 'failed';

/** Renders the element once its module has registered the tag. */
export function RouteElement({ tag, attributes }: RouteElementProps) {
  const t = useT('host');
  const [state, setState] = useState<LoadState>(() => (customElements.get(tag) ? 'ready' : 'loading'));
  const [attempt, setAttempt] = useState(0);

  const retry = useCallback(() => {
    setState('loading');
    setAttempt((count) => count + 1);
  }, []);

  useEffect(() => {
    if (customElements.get(tag)) {
      setState('ready');
      return;
    }
    let current = true;
    setState('loading');
    loadElement(tag).then(
      () => current && setState('ready'),
      () => current && setState('failed'),
    );
    return () => {
      current = false;
    };
  }, [tag, attempt]);

  if (state === 'loading') return <LoadingState message={t('route.element-loading')} />;
  if (state === 'failed') return <ErrorState message={t('route.element-failed')} onRetry={retry} />;
  return createElement(tag, attributes);
}
