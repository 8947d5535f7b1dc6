/**
 * The toolbar of `<ec-domain-list>`: search, the status, group and access-mode filters, the add and batch buttons,
 * and the plan's domain usage (shell §3 domain_usage used/total) with the plan-gated notice of shell §6 when the plan
 * does not include adding websites.
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { ProgressBar } from 'primereact/progressbar';
import { memo, useId } from 'react';
import { ACCESS_MODES, UNGROUPED, type AccessMode, type WebsiteGroup, type WebsiteStatus } from '../../../core/api/endpoints/websites.js';
import type { PlanGate } from '../../../core/config/plan-gating.js';
import { formatCount } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { SearchInput } from '../../../core/ui/parts/search-input.js';
import type { StatusSetting } from '../../../core/ui/parts/status-tag.js';
import type { DomainListFilters } from '../store.js';
import { ACCESS_MODE_KEYS } from '../vocabulary.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';
import { NavLink, PlanNoticeLink } from '../../../core/ui/parts/nav-link.js';
import type { DomainRoutes } from '../routes.js';

/**
 * The option value of "all" in the filter dropdowns. PrimeReact's Dropdown treats an empty value as no selection and
 * hands the whole option object back for it, so "all" has a value of its own and maps to the store's ''.
 */
const ALL = 'all';

/** Props of {@link DomainToolbar}. */
export interface DomainToolbarProps {
  filters: DomainListFilters;
  groups: readonly WebsiteGroup[];
  statusTags: readonly StatusSetting[];
  quota: { used: number; total: number };
  /** The `domain_add` gate of the plan. */
  addGate: PlanGate;
  onFilter: <Name extends keyof DomainListFilters>(name: Name, value: DomainListFilters[Name]) => void;
  onAdd: () => void;
  /** The host pages the toolbar links to (the `layout` attribute's routes). */
  routes: DomainRoutes;
  onRefresh: () => void;
}

/** Filters, actions and plan usage; memoised, so paging does not render it again. */
export const DomainToolbar = memo(function DomainToolbar(props: DomainToolbarProps) {
  const { filters, groups, statusTags, quota, addGate, onFilter, onAdd, routes, onRefresh } = props;
  const { language } = useElement();
  const t = useT('domain-list');
  const tCommon = useT('common');
  const statusId = useId();
  const groupId = useId();
  const accessId = useId();
  const usageId = useId();

  const statusOptions = [{ value: ALL, label: t('filter.all-statuses') }, ...statusTags.map(({ value, label }) => ({ value, label }))];
  const groupOptions = [
    { value: ALL, label: t('filter.all-groups') },
    { value: UNGROUPED, label: t('group.none') },
    ...groups.map((group) => ({ value: group.id, label: group.name })),
  ];
  const accessOptions = [{ value: ALL, label: t('filter.all-access') }, ...ACCESS_MODES.map((mode) => ({ value: mode, label: t(ACCESS_MODE_KEYS[mode]) }))];
  const ratio = quota.total > 0 ? Math.min(1, quota.used / quota.total) : 1;
  const usage = t('usage.value', { used: formatCount(quota.used, language), total: formatCount(quota.total, language) });

  const filter = (id: string, label: string, value: unknown, options: { value: unknown; label: string }[], onChange: (value: never) => void) => (
    <div className="ec-filter">
      <label htmlFor={id}>{label}</label>
      <Dropdown
        inputId={id}
        value={value === '' ? ALL : value}
        options={options}
        onChange={(event) => onChange((event.value === ALL ? '' : event.value) as never)}
        pt={namedDropdown(label)}
      />
    </div>
  );

  return (
    <div className="ec-stack" part="toolbar">
      <div className="ec-row ec-toolbar-actions">
        <Button type="button" icon="pi pi-plus" label={t('action.add')} disabled={!addGate.allowed} onClick={onAdd} />
        <NavLink appearance="button-outlined" route={routes.batchAdd} disabled={!addGate.allowed}>
          {t('action.batch-add')}
        </NavLink>
        <NavLink appearance="button-outlined" route={routes.batchDelete}>
          {t('action.batch-delete')}
        </NavLink>
        <NavLink appearance="button-outlined" route={routes.batchSetting}>
          {t('action.batch-setting')}
        </NavLink>
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
        {filter(statusId, t('filter.status'), filters.status, statusOptions, (value: WebsiteStatus | '') => onFilter('status', value))}
        {filter(groupId, t('filter.group'), filters.group, groupOptions, (value: number | '') => onFilter('group', value))}
        {filter(accessId, t('filter.access'), filters.access, accessOptions, (value: AccessMode | '') => onFilter('access', value))}
        <span className="ec-spacer" />
        <Button type="button" icon="pi pi-refresh" outlined label={t('action.refresh')} onClick={onRefresh} />
      </div>
    </div>
  );
});
