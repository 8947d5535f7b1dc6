/**
 * The conditional filters of `<ec-log-retrieval>` (rules §2 "conditional filter"): domains (at most 1000, rules §9),
 * status code or class, region (country or province of the region data), client IP or CIDR, method, URL prefix, and on
 * the security tabs rule ID and action. Each wrong value is named next to its field, translated; nothing is searched
 * until it is fixed, and nothing typed is lost.
 */
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { useId, useMemo } from 'react';
import type { LogWebsite } from '../../../core/api/endpoints/logs.js';
import { labelOf } from '../../../core/i18n/i18n.js';
import { LOG_FIELD_LABEL_KEYS } from '../../../core/logs/field-labels.js';
import { LOG_ACTIONS, logField, type LogType } from '../../../core/logs/fields.js';
import { regionData, regionLabel } from '../../../core/region/region.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { FilterField } from '../../../core/ui/parts/filter-field.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';
import { ACTION_KEYS } from '../labels.js';
import { typeHas, type FilterDraft, type FilterName, type Finding, type Loaded } from '../store.js';

/** Props of {@link FilterForm}. */
export interface FilterFormProps {
  logType: LogType;
  filters: FilterDraft;
  issues: Partial<Record<FilterName, Finding>>;
  /** The websites the caller may read (`V4/logs.context`). */
  websites: Loaded<LogWebsite[]>;
  onChange: <Name extends keyof FilterDraft>(name: Name, value: FilterDraft[Name]) => void;
}

/** The region choice's "none" value (PrimeReact shows an empty value as nothing chosen). */
const ANY_REGION = '\u0000any';

/** The filter fields; `part="filters"`. */
export function FilterForm({ logType, filters, issues, websites, onChange }: FilterFormProps) {
  const t = useT();
  const tRules = useT('rules');
  const tFields = useT('log-fields');
  const { language } = useElement();
  const ids = { domains: useId(), status: useId(), region: useId(), ip: useId(), uri: useId(), rule: useId() };
  const errorId = (name: string) => `${name}-error`;

  const siteOptions = useMemo(() => (websites.status === 'ready' ? websites.data.map((site) => ({ value: site.id, label: site.domain })) : []), [websites]);
  const regions = regionData.value;
  const regionOptions = useMemo(() => {
    const countries = (regions?.countrys ?? []).map((country) => ({ value: country.value, label: regionLabel(country, language) }));
    const provinces = (regions?.provinces ?? []).map((province) => ({ value: province.value, label: regionLabel(province, language) }));
    return [
      { label: t('filter.any-region'), items: [{ value: ANY_REGION, label: t('filter.any-region') }] },
      { label: t('filter.countries'), items: countries },
      { label: t('filter.provinces'), items: provinces },
    ];
  }, [regions, language, t]);
  const methodOptions = useMemo(() => (logField(logType, 'method')?.values ?? []).map((value) => ({ value, label: value })), [logType]);
  const actionOptions = useMemo(() => LOG_ACTIONS.map((value) => ({ value, label: labelOf(t, ACTION_KEYS, value) })), [t]);

  const message = (finding: Finding | undefined) => (finding ? (finding.namespace === 'rules' ? tRules(finding.key, finding.values ?? {}) : t(finding.key, finding.values ?? {})) : '');
  const described = (name: FilterName, id: string) => (issues[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${errorId(name)}` } : {});
  const issueText = (name: FilterName, id: string) =>
    issues[name] ? (
      <p id={`${id}-${errorId(name)}`} className="ec-error-text ec-filter-error">
        {message(issues[name])}
      </p>
    ) : null;

  // A filter on one field is named as the table names that field; domains (several) and region (country or
  // province) are the filter's own wording.
  const labels = {
    domains: t('filter.domains'),
    region: t('filter.region'),
    status: tFields(LOG_FIELD_LABEL_KEYS.status),
    clientIp: tFields(LOG_FIELD_LABEL_KEYS.client_ip),
    method: tFields(LOG_FIELD_LABEL_KEYS.method),
    ruleId: tFields(LOG_FIELD_LABEL_KEYS.rule_id),
    action: tFields(LOG_FIELD_LABEL_KEYS.action),
  };

  return (
    <div className="ec-row ec-toolbar ec-log-filters" part="filters">
      <div className="ec-filter">
        <label htmlFor={ids.domains}>{labels.domains}</label>
        <MultiSelect
          inputId={ids.domains}
          value={filters.domainIds}
          options={siteOptions}
          onChange={(event) => onChange('domainIds', (event.value as number[]) ?? [])}
          filter
          display="comma"
          maxSelectedLabels={2}
          selectedItemsLabel={t('filter.domains-chosen', { count: filters.domainIds.length })}
          placeholder={websites.status === 'error' ? t('filter.domains-failed') : t('filter.all-domains')}
          // Not disabled while the list loads: a disabled MultiSelect is a faded label under WCAG contrast.
          emptyMessage={websites.status === 'loading' ? t('filter.domains-loading') : t('filter.no-domains')}
          className={issues.domains ? 'p-invalid' : undefined}
          {...described('domains', ids.domains)}
          pt={{ input: { 'aria-label': labels.domains } as never, filterInput: { 'aria-label': t('filter.search-domains') } as never, headerCheckbox: { input: { 'aria-label': t('filter.all-domains') } } as never }}
        />
        {issueText('domains', ids.domains)}
      </div>
      <div className="ec-filter">
        <label htmlFor={ids.status}>{labels.status}</label>
        <InputText
          id={ids.status}
          value={filters.status}
          placeholder={t('filter.status-placeholder')}
          className="ec-log-short"
          onChange={(event) => onChange('status', event.target.value)}
          {...described('status', ids.status)}
        />
        {issueText('status', ids.status)}
      </div>
      <div className="ec-filter">
        <label htmlFor={ids.region}>{labels.region}</label>
        <Dropdown
          inputId={ids.region}
          value={filters.region || ANY_REGION}
          options={regionOptions}
          optionGroupLabel="label"
          optionGroupChildren="items"
          filter
          onChange={(event) => onChange('region', event.value === ANY_REGION ? '' : String(event.value ?? ''))}
          pt={{ ...namedDropdown(labels.region), filterInput: { 'aria-label': t('filter.search-regions') } as never }}
        />
      </div>
      <div className="ec-filter">
        <label htmlFor={ids.ip}>{labels.clientIp}</label>
        <InputText
          id={ids.ip}
          value={filters.clientIp}
          placeholder={t('filter.client-ip-placeholder')}
          onChange={(event) => onChange('clientIp', event.target.value)}
          {...described('clientIp', ids.ip)}
        />
        {issueText('clientIp', ids.ip)}
      </div>
      <FilterField<string> label={labels.method} value={filters.method} options={methodOptions} allLabel={t('filter.all-methods')} onChange={(value) => onChange('method', value)} />
      <div className="ec-filter">
        <label htmlFor={ids.uri}>{t('filter.uri')}</label>
        <InputText id={ids.uri} value={filters.uri} placeholder={t('filter.uri-placeholder')} onChange={(event) => onChange('uri', event.target.value)} />
      </div>
      {typeHas(logType, 'rule_id') && (
        <div className="ec-filter">
          <label htmlFor={ids.rule}>{labels.ruleId}</label>
          <InputText
            id={ids.rule}
            value={filters.ruleId}
            inputMode="numeric"
            className="ec-log-short"
            onChange={(event) => onChange('ruleId', event.target.value)}
            {...described('ruleId', ids.rule)}
          />
          {issueText('ruleId', ids.rule)}
        </div>
      )}
      {typeHas(logType, 'action') && (
        <FilterField<string> label={labels.action} value={filters.action} options={actionOptions} allLabel={t('filter.all-actions')} onChange={(value) => onChange('action', value)} />
      )}
    </div>
  );
}
