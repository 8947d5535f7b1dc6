/**
 * The request / response header editor (rules §5: name letters, digits, `-` and `_`, 1-100; value 1-1000 without
 * Chinese; at most 8). Response header names are offered from shell §3's list and any custom name may be typed.
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useId } from 'react';
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import { HEADER_RULES_MAX, RESPONSE_HEADER_NAMES, type HeaderRule } from '../../../../core/settings/performance.js';
import { useT } from '../../../../core/ui/element-context.js';
import { IssueText, issueAt } from './fields.js';

export interface HeaderListProps {
  kind: 'request' | 'response';
  headers: readonly HeaderRule[];
  onChange: (next: HeaderRule[]) => void;
  issues: readonly FieldIssue[];
  disabled: boolean;
}

export function HeaderList({ kind, headers, onChange, issues, disabled }: HeaderListProps) {
  const t = useT('domain-performance');
  const id = useId();
  const listId = `${id}-names`;
  const update = (index: number, fields: Partial<HeaderRule>) => onChange(headers.map((rule, at) => (at === index ? { ...rule, ...fields } : rule)));
  const listIssue = issueAt(issues, 'headers');

  return (
    <div className="ec-stack" part="header-list">
      {kind === 'response' && (
        <datalist id={listId}>
          {RESPONSE_HEADER_NAMES.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      )}
      {headers.length === 0 ? <p className="ec-muted">{t('headers.empty')}</p> : null}
      {headers.map((rule, index) => {
        const nameIssue = issueAt(issues, `headers.${index}.name`);
        const valueIssue = issueAt(issues, `headers.${index}.value`);
        const row = `${id}-${index}`;
        return (
          <fieldset key={index} className="ec-row ec-header-rule">
            <legend className="ec-visually-hidden">{t('headers.row', { number: index + 1 })}</legend>
            <span className="ec-field">
              <label htmlFor={`${row}-name`}>{t('headers.name')}</label>
              <InputText
                id={`${row}-name`}
                value={rule.name}
                list={kind === 'response' ? listId : undefined}
                aria-invalid={nameIssue ? true : undefined}
                aria-describedby={nameIssue ? `${row}-name-error` : undefined}
                onChange={(event) => update(index, { name: event.target.value })}
              />
              <IssueText id={`${row}-name-error`} found={nameIssue} />
            </span>
            <span className="ec-field">
              <label htmlFor={`${row}-action`}>{t('headers.action')}</label>
              <select
                id={`${row}-action`}
                className="p-inputtext"
                value={rule.action}
                onChange={(event) => update(index, { action: event.target.value as HeaderRule['action'], value: event.target.value === 'delete' ? '' : rule.value })}
              >
                <option value="set">{t('headers.set')}</option>
                <option value="delete">{t('headers.delete')}</option>
              </select>
            </span>
            {rule.action === 'set' && (
              <span className="ec-field">
                <label htmlFor={`${row}-value`}>{t('headers.value')}</label>
                <InputText
                  id={`${row}-value`}
                  value={rule.value}
                  aria-invalid={valueIssue ? true : undefined}
                  aria-describedby={valueIssue ? `${row}-value-error` : undefined}
                  onChange={(event) => update(index, { value: event.target.value })}
                />
                <IssueText id={`${row}-value-error`} found={valueIssue} />
              </span>
            )}
            {!disabled && (
              <Button
                type="button"
                icon="pi pi-trash"
                className="p-button-text p-button-danger"
                aria-label={t('headers.remove', { name: rule.name || index + 1 })}
                onClick={() => onChange(headers.filter((_, at) => at !== index))}
              />
            )}
          </fieldset>
        );
      })}
      {!disabled && (
        <div className="ec-row">
          <Button
            type="button"
            icon="pi pi-plus"
            label={t('headers.add')}
            className="p-button-outlined p-button-sm"
            disabled={headers.length >= HEADER_RULES_MAX}
            onClick={() => onChange([...headers, { name: '', value: '', action: 'set' }])}
          />
          <span className="ec-muted">{t('headers.count', { count: headers.length, max: HEADER_RULES_MAX })}</span>
        </div>
      )}
      <IssueText id={`${id}-list-error`} found={listIssue} />
    </div>
  );
}
