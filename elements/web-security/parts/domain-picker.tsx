/**
 * The domains a bind, unbind or batch configuration applies to: a searchable list of checkboxes over the domains the
 * caller may see (the shell's domain picker list, shell §9 10,000 per page). `part="picker"`.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { listDomainPicker, type DomainListItem } from '../../../core/api/endpoints/platform.js';
import { useElement, useT } from '../../../core/ui/element-context.js';

export interface DomainPickerProps {
  value: readonly number[];
  onChange: (ids: number[]) => void;
  /** Offer only these (the domains bound to a template, for unbinding); all the caller sees when absent. */
  only?: readonly number[];
  error?: string | null;
}

export function DomainPicker({ value, onChange, only, error = null }: DomainPickerProps) {
  const t = useT('web-security');
  const { client } = useElement();
  const id = useId();
  const [domains, setDomains] = useState<DomainListItem[] | 'error' | null>(null);
  const [search, setSearch] = useState('');
  useEffect(() => {
    let current = true;
    listDomainPicker(client).then(
      (answer) => current && setDomains(answer.list),
      () => current && setDomains('error'),
    );
    return () => {
      current = false;
    };
  }, [client]);
  const shown = useMemo(
    () =>
      Array.isArray(domains)
        ? domains.filter((domain) => (!only || only.includes(domain.domain_id)) && domain.domain.toLowerCase().includes(search.trim().toLowerCase()))
        : [],
    [domains, only, search],
  );
  return (
    <fieldset className="ec-ws-picker" part="picker" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{t('pick-domains')}</legend>
      <label htmlFor={`${id}-search`}>{t('search')}</label> <input id={`${id}-search`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      {domains === null && <p>{t('loading')}</p>}
      {domains === 'error' && <p role="alert">{t('load-failed')}</p>}
      <div className="ec-ws-picker-list">
        {shown.map((domain) => (
          <label key={domain.domain_id} className="ec-ws-row">
            <input
              type="checkbox"
              checked={value.includes(domain.domain_id)}
              onChange={(event) => onChange(event.target.checked ? [...value, domain.domain_id] : value.filter((other) => other !== domain.domain_id))}
            />
            {domain.domain}
          </label>
        ))}
        {Array.isArray(domains) && shown.length === 0 && <p>{t('empty-domains')}</p>}
      </div>
      {error && (
        <p id={`${id}-error`} className="ec-error-text" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
