/**
 * The value editor of one condition, chosen by its type's value kind (rules §5): OR rows for text, domains, IPs and
 * other typed targets (PCRE patterns checked as they are typed), checkboxes for fixed options, a region picker over
 * the IP region tree, time ranges, a rate's count, or the IP list a list operator references.
 */
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { useId } from 'react';
import { isValuelessOperator, LIST_OPERATORS, matchTypeSpec, maxRowsOf } from '../../../rules/match-catalogue.js';
import { joinMultiValue, splitMultiValue } from '../../../rules/multi-value.js';
import { validateRequestWindow } from '../../../rules/origin.js';
import { REGEX_OPERATORS, validateMatchTarget } from '../../../rules/waf.js';
import { useT } from '../../element-context.js';
import { CheckboxGroup } from '../checkbox-group.js';
import { MultiValueInput } from '../multi-value-input.js';
import type { ConditionDraft, ConditionRuleChoice } from './model.js';
import { namedDropdown, namedMultiSelect } from '../named.js';
import { optionLabel } from './labels.js';
import { TimeRangeRows } from './time-range-rows.js';

/** A region choice: a key of the IP region tree and its label (indented by depth). */
export interface RegionChoice {
  value: string;
  label: string;
}

/** Props of {@link ValueEditor}. */
export interface ValueEditorProps {
  draft: ConditionDraft;
  onChange: (draft: ConditionDraft) => void;
  /** The condition's accessible name, e.g. "Condition 2". */
  conditionLabel: string;
  ipLists: readonly { id: number; name: string }[];
  regionChoices: readonly RegionChoice[];
  /** Condition rules a `condition-rule` condition may reference. */
  conditionRules?: readonly ConditionRuleChoice[];
}

/** The editor for the condition's targets. */
export function ValueEditor({ draft, onChange, conditionLabel, ipLists, regionChoices, conditionRules = [] }: ValueEditorProps) {
  const t = useT('condition-builder');
  const tRules = useT('rules');
  const id = useId();
  const spec = matchTypeSpec(draft.type);
  const label = `${conditionLabel} · ${t('field.values')}`;

  const check = (target: string): string | null => {
    const found = validateMatchTarget(draft.type, draft.operator, target);
    return found ? tRules(found.key, found.values) : null;
  };
  const setValue = (value: string) => onChange({ ...draft, value });

  if (LIST_OPERATORS.includes(draft.operator)) {
    if (ipLists.length === 0) return <p className="ec-muted">{t('hint.no-ip-lists')}</p>;
    const listLabel = `${conditionLabel} · ${t('field.ip-list')}`;
    return (
      <div className="ec-field">
        <label htmlFor={`${id}-list`}>{t('field.ip-list')}</label>
        <Dropdown
          inputId={`${id}-list`}
          value={draft.ipListId}
          options={ipLists.map((list) => ({ value: list.id, label: list.name }))}
          onChange={(event) => onChange({ ...draft, ipListId: Number(event.value) })}
          pt={namedDropdown(listLabel)}
        />
      </div>
    );
  }
  if (isValuelessOperator(draft.operator)) return null;
  if (REGEX_OPERATORS.includes(draft.operator)) {
    return <MultiValueInput label={label} value={draft.value} onChange={setValue} validate={check} maxRows={maxRowsOf(draft.type)} />;
  }
  switch (spec.value) {
    case 'condition-rule': {
      if (conditionRules.length === 0) return <p className="ec-muted">{t('hint.no-condition-rules')}</p>;
      const ruleLabel = `${conditionLabel} · ${t('field.condition-rule')}`;
      return (
        <div className="ec-field">
          <label htmlFor={`${id}-condition-rule`}>{t('field.condition-rule')}</label>
          <Dropdown
            inputId={`${id}-condition-rule`}
            value={draft.value}
            filter
            options={conditionRules.map((rule) => ({
              value: String(rule.id),
              // A suspended rule may be referenced (it never matches while suspended, rules §4): it says so.
              label: rule.status === 'suspended' ? t('hint.condition-rule-suspended', { name: rule.name }) : rule.name,
            }))}
            onChange={(event) => setValue(String(event.value))}
            pt={namedDropdown(ruleLabel)}
          />
        </div>
      );
    }
    case 'choice':
      return (
        <CheckboxGroup
          label={label}
          options={(spec.options ?? []).map((option) => ({ value: option, label: optionLabel(t, draft.type, option) }))}
          value={splitMultiValue(draft.value)}
          onChange={(values) => setValue(joinMultiValue(values))}
        />
      );
    case 'region': {
      const regionsLabel = `${conditionLabel} · ${t('field.regions')}`;
      return (
        <div className="ec-field">
          <label htmlFor={`${id}-regions`}>{t('field.regions')}</label>
          <MultiSelect
            inputId={`${id}-regions`}
            value={splitMultiValue(draft.value)}
            options={[...regionChoices]}
            filter
            display="chip"
            placeholder={t('region.placeholder')}
            selectedItemsLabel={t('region.selected', { count: splitMultiValue(draft.value).length })}
            maxSelectedLabels={6}
            onChange={(event) => setValue(joinMultiValue(event.value as string[]))}
            pt={namedMultiSelect(regionsLabel)}
          />
        </div>
      );
    }
    case 'time-range':
      return <TimeRangeRows value={draft.value} onChange={setValue} maxRows={maxRowsOf(draft.type)} validate={check} />;
    case 'rate': {
      const count = splitMultiValue(draft.value)[0] ?? '';
      const message = count === '' ? null : check(count);
      const windowIssue = validateRequestWindow(draft.window);
      const windowMessage = windowIssue ? tRules(windowIssue.key, windowIssue.values) : null;
      return (
        <div className="ec-rate">
          <label className="ec-field">
            <span>{t('field.count')}</span>
            <InputText
              value={count}
              inputMode="numeric"
              invalid={message !== null}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-count-error` : undefined}
              onChange={(event) => setValue(event.target.value.replace(/\|/g, ''))}
            />
          </label>
          <label className="ec-field">
            <span>{t('field.window')}</span>
            <InputText
              value={draft.window}
              inputMode="numeric"
              invalid={windowMessage !== null}
              aria-invalid={windowMessage ? true : undefined}
              aria-describedby={windowMessage ? `${id}-window-error` : undefined}
              onChange={(event) => onChange({ ...draft, window: event.target.value })}
            />
          </label>
          {windowMessage && (
            <small id={`${id}-window-error`} className="ec-error-text">
              {windowMessage}
            </small>
          )}
          {message && (
            <small id={`${id}-count-error`} className="ec-error-text">
              {message}
            </small>
          )}
          <p className="ec-muted">{t('hint.rate')}</p>
        </div>
      );
    }
    default:
      return <MultiValueInput label={label} value={draft.value} onChange={setValue} validate={check} maxRows={maxRowsOf(draft.type)} />;
  }
}
