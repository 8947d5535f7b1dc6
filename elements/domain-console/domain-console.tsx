/**
 * `<ec-domain-console>`: every setting of one website after it is added (shell §2 the old layout's `console/:id`
 * children and the new layout's `source-station/:id`, `config-view/:id` and `domain-acceleration/console/:id`; shell
 * §3 domain context and settings groups; shell §7 `V4/Web.Domain.Info`, `web.domain.set.get`/`save` by group).
 *
 * The shell reads the domain context, shows the domain, its status and configuration method, and the tab bar; each
 * tab's code and catalogue load when the tab is first shown, and a tab reads only its own groups. The tab shown is
 * the element's bookmarkable view: it starts from `view-state` (else the `tab` attribute) and a change is reported
 * with `ec-view-state`, so the host keeps it in the address and a reload opens the same tab.
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { getDomainContext, type DomainContext } from '../../core/api/endpoints/domain-settings.js';
import type { DomainConsoleTab } from '../../core/settings/catalogue.js';
import { DOMAIN_CONSOLE_TABS } from '../../core/settings/catalogue.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { TabBar, tabPanelProps } from '../../core/ui/parts/tab-bar.js';
import { ErrorState, LoadingState } from '../../core/ui/parts/state-views.js';
import { StatusTag } from '../../core/ui/parts/status-tag.js';
import { useViewStateReport, viewStateText } from '../../core/ui/view-state.js';
import { statusTags } from '../domain-list/vocabulary.js';
import { ConfigMethodBar } from './parts/config-method.js';
import { DeferredTab } from './parts/deferred-tab.js';
import { TAB_LOADERS } from './tabs/index.js';

/** Props of the component (attributes of the element). */
export interface DomainConsoleProps {
  domainId?: number;
  tab?: DomainConsoleTab;
  mode?: 'manage' | 'readonly';
  viewState?: string;
  tabs?: string;
}

function isTab(value: string | null): value is DomainConsoleTab {
  return value !== null && (DOMAIN_CONSOLE_TABS as readonly string[]).includes(value);
}

/** The tabs a domain shows: live streaming only where the plan has it (shell §3 live groups, rules §6). */
export function visibleTabs(context: DomainContext): DomainConsoleTab[] {
  return DOMAIN_CONSOLE_TABS.filter((tab) => tab !== 'live' || context.plan.actions.includes('live_streaming') || context.info.type === 'live');
}

/** The tabs offered: those of `tabs` the domain shows (all it shows when `tabs` names none of them). */
function offeredTabs(context: DomainContext, only: string): DomainConsoleTab[] {
  const named = only.split(',').map((name) => name.trim());
  const shown = visibleTabs(context);
  const offered = shown.filter((tab) => named.includes(tab));
  return offered.length > 0 ? offered : shown;
}

/** The domain console. */
export function DomainConsole({ domainId, tab: startTab = 'origin', mode = 'manage', viewState = '', tabs: only = '' }: DomainConsoleProps) {
  const { client, emit } = useElement();
  const t = useT('domain-console');
  const tList = useT('domain-list');
  const [context, setContext] = useState<DomainContext | null>(null);
  const [status, setStatus] = useState<'loading' | 'error' | 'ready'>('loading');
  const [attempt, setAttempt] = useState(0);
  const baseId = useId();
  const askedTab = new URLSearchParams(viewState).get('tab');
  const [tab, setTab] = useState<DomainConsoleTab>(isTab(askedTab) ? askedTab : startTab);
  useViewStateReport(viewStateText({ tab }, { tab: startTab }), viewState);

  useEffect(() => {
    if (!domainId) return;
    const controller = new AbortController();
    setStatus((previous) => (previous === 'ready' && context?.id === domainId ? previous : 'loading'));
    getDomainContext(client, domainId, { signal: controller.signal }).then(
      (answer) => {
        setContext(answer);
        setStatus('ready');
      },
      () => {
        if (!controller.signal.aborted) setStatus('error');
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, domainId, attempt]);

  const onSaved = useCallback(
    (groups: readonly string[]) => {
      if (!domainId) return;
      emit('ec-domain-settings-saved', { domain_id: domainId, groups: [...groups] });
      // The status moves to "configuration being issued" while the change deploys: show it.
      setAttempt((count) => count + 1);
    },
    [domainId, emit],
  );

  const offered = useMemo(() => (context ? offeredTabs(context, only) : []), [context, only]);
  const tabs = useMemo(() => offered.map((key) => ({ key, label: t(`tab.${key}`) })), [offered, t]);
  const shownTab = offered.includes(tab) ? tab : (offered[0] ?? 'origin');

  if (!domainId) return <ErrorState message={t('load-failed')} />;
  if (status === 'loading' || !context) {
    return status === 'error' ? <ErrorState message={t('load-failed')} onRetry={() => setAttempt((count) => count + 1)} /> : <LoadingState message={t('loading')} />;
  }

  return (
    // The host's page frame already shows the route's breadcrumb: the element names its domain and has its tab bar.
    <div className="ec-root ec-domain-console">
      <h2 id={`${baseId}-title`} className="ec-page-title" part="title">
        {t('title', { domain: context.info.domain })}
      </h2>
      <div className="ec-row ec-domain-console-summary" part="summary">
        <span className="ec-muted">{t('status-label')}</span>
        <StatusTag settings={statusTags(tList)} value={context.info.status} />
        <ConfigMethodBar context={context} readonly={mode === 'readonly'} onChanged={setContext} />
      </div>
      {tabs.length > 1 && <TabBar tabs={tabs} activeTab={shownTab} onTabChange={(key) => setTab(key as DomainConsoleTab)} baseId={baseId} labelledBy={`${baseId}-title`} />}
      <div {...(tabs.length > 1 ? tabPanelProps(baseId, tabs, shownTab) : {})} className="ec-tab-panel">
        {/* A change of configuration method changes every value a tab shows: the tab loads again. */}
        <DeferredTab key={`${shownTab}:${context.id}:${context.config_method.source}:${context.config_method.template_id ?? ''}`} load={TAB_LOADERS[shownTab]} context={context} readonly={mode === 'readonly'} onSaved={onSaved} />
      </div>
    </div>
  );
}
