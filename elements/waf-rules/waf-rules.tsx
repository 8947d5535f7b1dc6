/**
 * `<ec-waf-rules>`: WAF rule sets and their rules (rules §3-§5, shell §7 firewall policy calls). The list of sets
 * with the operation log, or one set in the editor: by `group-id` (the host's `waf/:groupId` pages), or opened from
 * the list, in which case the element remembers it for the tab so a reload comes back to it. Inside a domain's
 * console (`domain-id`, or the v5 `business-id`, a website's id) the list also says which sets the domain quotes.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { loadRegionData, regionData } from '../../core/region/region.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { OplogPanel } from './parts/oplog-panel.js';
import { RuleSetEditor } from './parts/rule-set-editor.js';
import { RuleSetList } from './parts/rule-set-list.js';
import { wafRulesStoreFor, type WafTab } from './store.js';
import { useViewStateReport } from '../../core/ui/view-state.js';
import './events.js';

/** Props of the component (attributes of the element). */
export interface WafRulesProps {
  /** The domain whose console shows the element. */
  domainId?: number;
  /** A v5 business: the website's id, used as `domainId`. */
  businessId?: number;
  /** The business's name, shown above the list. */
  businessName?: string;
  /** A rule set to open directly, without the list. */
  groupId?: number;
  /** `list` (default) or `edit`: open the set last opened in this tab, or start creating one. */
  view?: string;
  /** Rows per page of the set list (10, 20, 50, 100). */
  pageSize?: number;
  /** The bookmarked view to start from (URL query text; core/ui/view-state.ts). */
  viewState?: string;
}

type Tab = WafTab;

function positive(value: unknown): number | undefined {
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

/** The WAF rule editor. */
export function WafRules({ domainId, businessId, businessName, groupId, view, pageSize, viewState }: WafRulesProps) {
  useSignals();
  const { client, host } = useElement();
  const t = useT();
  const domain = positive(domainId) ?? positive(businessId);
  const group = positive(groupId);
  const store = wafRulesStoreFor(host, { pageSize, viewState });
  store.bind(client);
  useViewStateReport(store.viewState.value);
  const tab = store.tab.value;
  const setTab = (next: Tab) => {
    store.tab.value = next;
  };
  const [startCreating] = useState(() => view === 'edit' && group === undefined && store.rememberedSet() === null && !viewState?.includes('set='));
  const editor = store.editor.value;

  const open = (id: number) => void store.openSet(id, true);

  useEffect(() => {
    void store.loadConfig();
    loadRegionData(client).catch(() => undefined);
    const open = store.editor.value;
    const bookmarked = store.takeBookmarkedSet();
    const remembered = store.rememberedSet();
    if (group !== undefined) void store.openSet(group, false);
    else if (bookmarked !== null) void store.openSet(bookmarked, true);
    else if (open !== null) void store.openSet(open.id, true);
    else if (remembered !== null) void store.openSet(remembered, true);
    else void store.loadSets();
  }, [store, group, client]);

  if (editor !== null) {
    return (
      <div className="ec-root ec-waf-rules">
        <RuleSetEditor store={store} onBack={group === undefined ? store.closeSet : undefined} regions={regionData.value?.ipRegions ?? []} />
      </div>
    );
  }

  return (
    <div className="ec-root ec-waf-rules ec-stack">
      {businessName && <p className="ec-muted">{t('list.business', { name: businessName })}</p>}
      <div role="tablist" aria-label={t('tabs.label')} className="ec-tabs">
        {(['sets', 'log'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`waf-tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`waf-panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            className={tab === key ? 'ec-tab ec-tab-active' : 'ec-tab'}
            onClick={() => setTab(key)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              const next: Tab = key === 'sets' ? 'log' : 'sets';
              setTab(next);
              event.currentTarget.parentElement?.querySelector<HTMLButtonElement>(`#waf-tab-${next}`)?.focus();
            }}
          >
            {key === 'sets' ? t('tabs.sets') : t('tabs.log')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`waf-panel-${tab}`} aria-labelledby={`waf-tab-${tab}`}>
        {tab === 'sets' ? <RuleSetList store={store} domainId={domain} onOpen={open} startCreating={startCreating} /> : <OplogPanel />}
      </div>
    </div>
  );
}
