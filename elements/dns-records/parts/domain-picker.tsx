/**
 * Chooses DNS domains for the record pages when the element is given no `domain-id` (the first 100 domains, newest
 * first, with a search box): one domain for the record list, several for batch add.
 */
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { useEffect, useId, useState } from 'react';
import { listDnsDomains, type DnsDomain } from '../../../core/api/endpoints/dns.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { namedDropdown as named } from '../../../core/ui/parts/named.js';

/** Domains offered by the pickers. */
const PICKER_SIZE = 100;

/** The domains a picker offers; empty until loaded (or when the load failed: the pages then show no choice). */
function usePickerDomains(): DnsDomain[] {
  const { client } = useElement();
  const [domains, setDomains] = useState<DnsDomain[]>([]);
  useEffect(() => {
    let current = true;
    listDnsDomains(client, { page: 1, per_page: PICKER_SIZE }, { notify: false }).then(
      (answer) => current && setDomains(answer.list),
      () => current && setDomains([]),
    );
    return () => {
      current = false;
    };
  }, [client]);
  return domains;
}

/** Props of {@link DomainPicker}. */
export interface DomainPickerProps {
  value: number | null;
  onChange: (id: number) => void;
}

/** One domain. */
export function DomainPicker({ value, onChange }: DomainPickerProps) {
  const t = useT();
  const fieldId = useId();
  const domains = usePickerDomains();
  const label = t('picker.domain');
  return (
    <div className="ec-field">
      <label htmlFor={fieldId}>{label}</label>
      <Dropdown
        inputId={fieldId}
        value={value}
        options={domains.map((domain) => ({ value: domain.id, label: domain.domain }))}
        placeholder={t('picker.choose-domain')}
        filter
        onChange={(event) => onChange(event.value as number)}
        pt={named(label)}
      />
    </div>
  );
}

/** Props of {@link DomainsPicker}. */
export interface DomainsPickerProps {
  value: number[];
  onChange: (ids: number[]) => void;
  invalid?: boolean;
  describedBy?: string;
}

/** Several domains. */
export function DomainsPicker({ value, onChange, invalid = false, describedBy }: DomainsPickerProps) {
  const t = useT();
  const fieldId = useId();
  const domains = usePickerDomains();
  const label = t('picker.domains');
  return (
    <div className="ec-field">
      <label htmlFor={fieldId}>{label}</label>
      <MultiSelect
        inputId={fieldId}
        value={value}
        options={domains.map((domain) => ({ value: domain.id, label: domain.domain }))}
        placeholder={t('picker.choose-domains')}
        filter
        display="chip"
        invalid={invalid}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.value as number[])}
        pt={{ input: { 'aria-label': label } as never, headerCheckbox: { input: { 'aria-label': t('picker.select-all') } } as never }}
      />
    </div>
  );
}
