/**
 * One domain console tab, loaded the first time it is shown: its module (one chunk), then the catalogues it names,
 * with the loading state meanwhile and a retry when either fails. The domain console and the policy and template
 * editors (elements/acceleration-policy) show their tabs through it, so a tab loads the same way everywhere.
 */
import { useEffect, useState } from 'react';
import { loadCatalogues } from '../../../core/i18n/i18n.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { DeferredFailure, useDeferredModule } from '../../../core/ui/parts/deferred.js';
import { LoadingState } from '../../../core/ui/parts/state-views.js';
import type { DomainConsoleTabModule, TabProps } from '../tabs/tab-module.js';

/** Props of {@link DeferredTab}: how to load the tab's module, and what the tab is given. */
export interface DeferredTabProps extends TabProps {
  load: () => Promise<DomainConsoleTabModule>;
}

/** Loads one tab's module and catalogues, then renders it. */
export function DeferredTab({ load, ...props }: DeferredTabProps) {
  const t = useT('domain-console');
  const { language } = useElement();
  const deferred = useDeferredModule<DomainConsoleTabModule>(load, true);
  const [catalogues, setCatalogues] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const module = deferred.module;

  useEffect(() => {
    if (!module) return undefined;
    let current = true;
    setCatalogues('loading');
    loadCatalogues(language, module.namespaces).then(
      () => current && setCatalogues('ready'),
      () => current && setCatalogues('failed'),
    );
    return () => {
      current = false;
    };
  }, [module, language, attempt]);

  if (deferred.failed) return <DeferredFailure onRetry={deferred.retry} />;
  if (catalogues === 'failed') return <DeferredFailure onRetry={() => setAttempt((count) => count + 1)} />;
  if (!module || catalogues !== 'ready') return <LoadingState message={t('tab-loading')} />;
  const Tab = module.default;
  return <Tab {...props} />;
}
