/**
 * The multi-website filter of the reports (issue 25 "filters by domain(s)"): a labelled MultiSelect of the websites
 * the caller's grant covers (a sub-account is offered only its granted ones, as the server lists them), none chosen
 * meaning all of them. Texts come from the `filters` namespace; the MultiSelect's hidden input, trigger and search box
 * are named for screen readers (NOTES.md, PrimeReact in a shadow root). `part="websites"`.
 */
import { MultiSelect } from 'primereact/multiselect';
import { useId, useMemo } from 'react';
import { useT } from '../element-context.js';

/** A website that may be chosen. */
export interface WebsiteChoice {
  id: number;
  domain: string;
}

/** Props of {@link WebsitesField}. */
export interface WebsitesFieldProps {
  /** The websites offered; null while they load, or when they could not be read. */
  websites: readonly WebsiteChoice[] | null;
  /** Reading the list failed: the placeholder says so (the report still covers every granted website). */
  failed?: boolean;
  /** Chosen website ids; empty for all. */
  value: readonly number[];
  onChange: (ids: number[]) => void;
}

/** The labelled website choice. */
export function WebsitesField({ websites, failed = false, value, onChange }: WebsitesFieldProps) {
  const t = useT('filters');
  const id = useId();
  const label = t('websites.label');
  const options = useMemo(() => (websites ?? []).map((website) => ({ value: website.id, label: website.domain })), [websites]);
  return (
    <div className="ec-filter" part="websites">
      <label htmlFor={id}>{label}</label>
      <MultiSelect
        inputId={id}
        value={[...value]}
        options={options}
        // In id order, whatever the order of the clicks: the same choice always makes the same request and link.
        onChange={(event) => onChange(((event.value as number[] | null) ?? []).slice().sort((a, b) => a - b))}
        filter={options.length > 10}
        display="comma"
        maxSelectedLabels={2}
        selectedItemsLabel={t('websites.chosen', { count: value.length })}
        placeholder={failed ? t('websites.failed') : t('websites.all')}
        emptyMessage={websites === null && !failed ? t('websites.loading') : t('websites.none')}
        pt={{
          root: { 'aria-activedescendant': undefined } as never,
          input: { 'aria-label': label } as never,
          filterInput: { 'aria-label': t('websites.search') } as never,
          headerCheckbox: { input: { 'aria-label': t('websites.all') } } as never,
        }}
      />
    </div>
  );
}
