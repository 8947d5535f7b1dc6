/**
 * The toolbar of `<ec-domain-list>`: search, the status, group and access-mode filters, the add and batch buttons,
 * and the plan's domain usage (shell §3 domain_usage used/total) with the plan-gated notice of shell §6 when the plan
 * does not include adding websites.
 */
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { memo, useId } from 'react';
import { ACCESS_MODES, UNGROUPED, type WebsiteGroup, type WebsiteStatus } from '../../../core/api/endpoints/websites.js';
import type { PlanGate } from '../../../core/config/plan-gating.js';
import { formatCount } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { GuardedButton } from '../../../core/ui/parts/read-only.js';
import { SearchInput } from '../../../core/ui/parts/search-input.js';
import type { StatusSetting } from '../../../core/ui/parts/status-tag.js';
import type { DomainListFilters } from '../store.js';
import { ACCESS_MODE_KEYS } from '../vocabulary.js';
import { FilterField } from '../../../core/ui/parts/filter-field.js';
import { NavLink, PlanNoticeLink } from '../../../core/ui/parts/nav-link.js';
import type { DomainRoutes } from '../routes.js';

/** Props of {@link DomainToolbar}. */
export interface DomainToolbarProps {
  filters: DomainListFilters;
  groups: readonly WebsiteGroup[];
  statusTags: readonly StatusSetting[];
  quota: { used: number; total: number };
  /** The `domain_add` gate of the plan. */
  addGate: PlanGate;
  /** Why the caller may not add, delete or change websites (a read-only grant, rules §6); null when it may. */
  deniedReason: string | null;
  onFilter: <Name extends keyof DomainListFilters>(name: Name, value: DomainListFilters[Name]) => void;
  onAdd: () => void;
  /** The host pages the toolbar links to (the `layout` attribute's routes). */
  routes: DomainRoutes;
  onRefresh: () => void;
}

/** Filters, actions and plan usage; memoised, so paging does not render it again. */
export const DomainToolbar = memo(function DomainToolbar(props: DomainToolbarProps) {
  const { filters, groups, statusTags, quota, addGate, deniedReason, onFilter, onAdd, routes, onRefresh } = props;
  const { language } = useElement();
  const t = useT('domain-list');
  const tCommon = useT('common');
  const usageId = useId();

  const statusOptions = statusTags.map(({ value, label }) => ({ value: value as WebsiteStatus, label }));
  const groupOptions = [{ value: UNGROUPED, label: t('group.none') }, ...groups.map((group) => ({ value: group.id, label: group.name }))];
  const accessOptions = ACCESS_MODES.map((mode) => ({ value: mode, label: t(ACCESS_MODE_KEYS[mode]) }));
  const ratio = quota.total > 0 ? Math.min(1, quota.used / quota.total) : 1;
  const usage = t('usage.value', { used: formatCount(quota.used, language), total: formatCount(quota.total, language) });

  return (
    <div className="ec-stack" part="toolbar">
      <div className="ec-row ec-toolbar-actions">
        <GuardedButton type="button" icon="pi pi-plus" label={t('action.add')} disabled={!addGate.allowed} deniedReason={deniedReason} onClick={onAdd} />
        {deniedReason ? (
          // A batch page would only refuse: the buttons stay in view, denied with the reason (issue 19).
          <>
            <GuardedButton type="button" outlined label={t('action.batch-add')} deniedReason={deniedReason} />
            <GuardedButton type="button" outlined label={t('action.batch-delete')} deniedReason={deniedReason} />
            <GuardedButton type="button" outlined label={t('action.batch-setting')} deniedReason={deniedReason} />
          </>
        ) : (
          <>
            <NavLink appearance="button-outlined" route={routes.batchAdd} disabled={!addGate.allowed}>
              {t('action.batch-add')}
            </NavLink>
            <NavLink appearance="button-outlined" route={routes.batchDelete}>
              {t('action.batch-delete')}
            </NavLink>
            <NavLink appearance="button-outlined" route={routes.batchSetting}>
              {t('action.batch-setting')}
            </NavLink>
          </>
        )}
        <NavLink appearance="button-text" route={routes.groups}>
          {t('action.groups')}
        </NavLink>
        <span className="ec-spacer" />
        <div className="ec-usage">
          <span id={usageId}>{t('usage.label')}</span>
          <ProgressBar
            value={Math.round(ratio * 100)}
            showValue={false}
            aria-labelledby={usageId}
            aria-valuetext={usage}
            color={ratio >= 0.9 ? 'var(--ec-color-danger, #b91c1c)' : undefined}
          />
          <span className="ec-muted">{usage}</span>
        </div>
      </div>
      {!addGate.allowed && addGate.notice && (
        <div className="ec-plan-notice" role="note">
          <span>{tCommon('plan.upgrade-notice')}</span>
          <PlanNoticeLink notice={addGate.notice} />
        </div>
      )}
      <div className="ec-row ec-toolbar" role="search" aria-label={t('toolbar-label')}>
        <SearchInput label={t('search')} placeholder={t('search-placeholder')} value={filters.search} debounceMs={300} onSearch={(text) => onFilter('search', text)} />
        <FilterField label={t('filter.status')} value={filters.status} options={statusOptions} allLabel={t('filter.all-statuses')} onChange={(value) => onFilter('status', value)} />
        <FilterField label={t('filter.group')} value={filters.group} options={groupOptions} allLabel={t('filter.all-groups')} onChange={(value) => onFilter('group', value)} />
        <FilterField label={t('filter.access')} value={filters.access} options={accessOptions} allLabel={t('filter.all-access')} onChange={(value) => onFilter('access', value)} />
        <span className="ec-spacer" />
        <Button type="button" icon="pi pi-refresh" outlined label={t('action.refresh')} onClick={onRefresh} />
      </div>
    </div>
  );
});
