/**
 * The cache key of a rule (rules §3): query string handling, cookie handling, ignore case, sort query string, and cache
 * sharing with another domain of the account (a cache rule only: a non-cache rule keeps nothing to share). The
 * domains offered are those the session may see (`V4/cloudsafe.hwws.domain.list`), this one left out.
 */
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useState } from 'react';
import { listDomainPicker, type DomainListItem } from '../../../core/api/endpoints/platform.js';
import { COOKIE_MODES, QUERY_STRING_MODES, validateCookieName, type CookieMode, type QueryStringMode } from '../../../core/rules/cache.js';
import { MATCH_OR_ROWS_MAX, validateParameterName } from '../../../core/rules/waf.js';
import type { RuleIssue } from '../../../core/rules/types.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';
import { MultiValueInput } from '../../../core/ui/parts/multi-value-input.js';
import { COOKIE_MODE_KEYS, QUERY_MODE_KEYS } from '../labels.js';
import { FieldIssues } from './field-issues.js';
import type { SectionProps } from './match-section.js';

/** Props of {@link KeySection}. */
export interface KeySectionProps extends SectionProps {
  /** This domain's id, left out of the sharing choices. */
  domainId: number;
  /** The name of the domain the rule shares with, as saved (shown even before the choices load). */
  sharedName: string | null;
}

/** Dropdown value for "no sharing" (PrimeReact treats null as no selection). */
const NO_SHARING = 0;

/** Query, cookies, case, sort and sharing; `part="key-section"`. */
export function KeySection({ id, draft, update, issuesOf, domainId, sharedName }: KeySectionProps) {
  const { client } = useElement();
  const t = useT();
  const tRules = useT('rules');
  const [domains, setDomains] = useState<DomainListItem[]>([]);

  const queryLabel = t('field.query-mode');
  const cookieLabel = t('field.cookie-mode');
  const shareLabel = t('field.share-domain');
  const caching = draft.action === 'cache';
  const listsNames = draft.query_mode === 'keep' || draft.query_mode === 'ignore';
  const translate = (rule: (value: string) => RuleIssue | null) => (value: string) => {
    const found = rule(value);
    return found ? tRules(found.key, found.values) : null;
  };
  const saved = draft.share_domain_id !== null && !domains.some((item) => item.domain_id === draft.share_domain_id);
  const shareOptions = [
    { value: NO_SHARING, label: t('share.off') },
    ...(saved ? [{ value: draft.share_domain_id!, label: sharedName ?? `#${draft.share_domain_id}` }] : []),
    ...domains.filter((item) => item.domain_id !== domainId).map((item) => ({ value: item.domain_id, label: item.domain })),
  ];

  useEffect(() => {
    if (!caching) return;
    let current = true;
    // Without the list, sharing can still be turned off or kept as saved; the client reports the failure.
    void listDomainPicker(client)
      .then((answer) => current && setDomains(answer.list))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [client, caching]);

  return (
    <section className="ec-stack ec-cache-section" part="key-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('dialog.section-key')}</h3>
      <div className="ec-field">
        <label htmlFor={`${id}-query`}>{queryLabel}</label>
        <Dropdown
          inputId={`${id}-query`}
          value={draft.query_mode}
          options={QUERY_STRING_MODES.map((mode) => ({ value: mode, label: t(QUERY_MODE_KEYS[mode]) }))}
          onChange={(event) => update({ query_mode: event.value as QueryStringMode })}
          pt={namedDropdown(queryLabel)}
        />
      </div>
      {listsNames ? (
        <>
          <MultiValueInput
            label={t('field.query-params')}
            value={draft.query_params}
            onChange={(query_params) => update({ query_params })}
            validate={translate(validateParameterName)}
            maxRows={MATCH_OR_ROWS_MAX}
          />
          <FieldIssues id={`${id}-query-issues`} issues={issuesOf('query_params')} />
        </>
      ) : null}
      <div className="ec-field">
        <label htmlFor={`${id}-cookie`}>{cookieLabel}</label>
        <Dropdown
          inputId={`${id}-cookie`}
          value={draft.cookie_mode}
          options={COOKIE_MODES.map((mode) => ({ value: mode, label: t(COOKIE_MODE_KEYS[mode]) }))}
          onChange={(event) => update({ cookie_mode: event.value as CookieMode })}
          pt={namedDropdown(cookieLabel)}
        />
      </div>
      {draft.cookie_mode === 'keep' ? (
        <>
          <MultiValueInput
            label={t('field.cookie-names')}
            value={draft.cookie_names}
            onChange={(cookie_names) => update({ cookie_names })}
            validate={translate(validateCookieName)}
            maxRows={MATCH_OR_ROWS_MAX}
          />
          <FieldIssues id={`${id}-cookie-issues`} issues={issuesOf('cookie_names')} />
        </>
      ) : null}
      <div className="ec-row">
        <span className="ec-choice-item">
          <Checkbox inputId={`${id}-case`} checked={draft.ignore_case} onChange={(event) => update({ ignore_case: event.checked === true })} />
          <label htmlFor={`${id}-case`}>{t('field.ignore-case')}</label>
        </span>
        <span className="ec-choice-item">
          <Checkbox inputId={`${id}-sort`} checked={draft.sort_query} onChange={(event) => update({ sort_query: event.checked === true })} />
          <label htmlFor={`${id}-sort`}>{t('field.sort-query')}</label>
        </span>
      </div>
      {caching ? (
        <div className="ec-field">
          <label htmlFor={`${id}-share`}>{shareLabel}</label>
          <Dropdown
            inputId={`${id}-share`}
            value={draft.share_domain_id ?? NO_SHARING}
            options={shareOptions}
            filter={shareOptions.length > 10}
            onChange={(event) => update({ share_domain_id: event.value === NO_SHARING ? null : (event.value as number) })}
            pt={{ ...namedDropdown(shareLabel), filterInput: { 'aria-label': shareLabel } as never }}
          />
          <small className="ec-muted">{t('hint.share')}</small>
          <FieldIssues id={`${id}-share-issues`} issues={issuesOf('share_domain_id')} />
        </div>
      ) : null}
    </section>
  );
}
