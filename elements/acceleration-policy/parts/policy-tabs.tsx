/**
 * The settings groups of the global policy, an acceleration template or a configuration template, edited with the
 * domain console's own tab components (performance, error pages, rewrite and redirects, live streaming where the plan
 * has it): the tabs render inside a {@link SettingsTargetContext} whose reads and saves go to the policy or template
 * instead of a domain, so the group forms, their checks and their save bars exist once.
 *
 * The origin and HTTPS tabs are not offered: origins, the certificate and conditional origins stay each site's own
 * (core/settings/policy.ts), and the origin tab's other groups share its one form with them. The cache tab edits a
 * domain's cache rules, which a template does not hold (the cache area stores them per domain).
 */
import { useId, useMemo, useState } from 'react';
import type { DomainContext } from '../../../core/api/endpoints/domain-settings.js';
import type { PlanActionsAnswer } from '../../../core/api/endpoints/platform.js';
import type { WebsiteInfo } from '../../../core/api/endpoints/websites.js';
import { useT } from '../../../core/ui/element-context.js';
import { TabBar, tabPanelProps } from '../../../core/ui/parts/tab-bar.js';
import { DeferredTab } from '../../domain-console/parts/deferred-tab.js';
import { SettingsTargetContext, type SettingsTarget } from '../../domain-console/parts/settings-target.js';
import type { DomainConsoleTabModule } from '../../domain-console/tabs/tab-module.js';

/** The console tabs whose groups a policy or template holds, in the console's order. */
export type PolicyTab = 'performance' | 'pages' | 'rewrite' | 'live';
export const POLICY_TABS: readonly PolicyTab[] = ['performance', 'pages', 'rewrite', 'live'];

/** The domain console's own tab modules, each loaded the first time it is shown (only these four: no other tab's code). */
const POLICY_TAB_LOADERS: Record<PolicyTab, () => Promise<DomainConsoleTabModule>> = {
  performance: () => import('../../domain-console/tabs/performance/performance-tab.js'),
  pages: () => import('../../domain-console/tabs/pages/pages-tab.js'),
  rewrite: () => import('../../domain-console/tabs/rewrite/rewrite-tab.js'),
  live: () => import('../../domain-console/tabs/live/live-tab.js'),
};

/** Props of {@link PolicyTabs}. */
export interface PolicyTabsProps {
  target: SettingsTarget;
  /** The account's plan: locks gated groups, and shows the live tab only where the plan has live streaming. */
  plan: PlanActionsAnswer;
  readonly: boolean;
  /** The id of the heading the tab list is named by. */
  labelledBy: string;
  onSaved: (groups: readonly string[]) => void;
}

/**
 * The context the tabs are given: they read the plan from it, and the rewrite tab whether the site serves HTTPS for
 * its implicit-forwarding note. A policy serves many sites, so that note is left off (the server checks each site's
 * redirects when it is saved for that site).
 */
function standInContext(plan: PlanActionsAnswer): DomainContext {
  return {
    id: 0,
    business_id: 0,
    info: { https: false } as WebsiteInfo,
    config_method: { source: 'domain', template_id: null, template_name: '' },
    plan,
  };
}

/** The tab bar and the shown tab. */
export function PolicyTabs({ target, plan, readonly, labelledBy, onSaved }: PolicyTabsProps) {
  const t = useT('domain-console');
  const baseId = useId();
  const [tab, setTab] = useState<PolicyTab>('performance');
  const context = useMemo(() => standInContext(plan), [plan]);
  const shown = POLICY_TABS.filter((key) => key !== 'live' || plan.actions.includes('live_streaming'));
  const tabs = shown.map((key) => ({ key, label: t(`tab.${key}`) }));
  return (
    <SettingsTargetContext.Provider value={target}>
      <TabBar tabs={tabs} activeTab={tab} onTabChange={(key) => setTab(key as PolicyTab)} baseId={baseId} labelledBy={labelledBy} />
      <div {...tabPanelProps(baseId, tabs, tab)} className="ec-tab-panel" part="policy-tab">
        <DeferredTab key={`${target.key}:${tab}`} load={POLICY_TAB_LOADERS[tab]} context={context} readonly={readonly} onSaved={onSaved} />
      </div>
    </SettingsTargetContext.Provider>
  );
}
