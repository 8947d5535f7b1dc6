/**
 * One condition of the builder: its match type (types the rule cannot take are shown disabled with the rule of
 * rules §5 that forbids them), operator, name or window where the type needs one, and the value editor; notes for the
 * fingerprint start date and the status code's place; the checks that failed.
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useId } from 'react';
import type { FieldIssue } from '../../../api/catalogue.js';
import { matchTypeSpec, type MatchOperator } from '../../../rules/match-catalogue.js';
import { FINGERPRINT_DATA_START, FINGERPRINT_MATCH_TYPES, type MatchType } from '../../../rules/waf.js';
import { useT } from '../../element-context.js';
import { operatorLabel, typeLabel } from './labels.js';
import { changeOperator, changeType, offeredTypes, typeBlock, type BuilderScope, type ConditionDraft } from './model.js';
import { namedDropdown } from '../named.js';
import { ValueEditor, type RegionChoice } from './value-editor.js';

/** Props of {@link ConditionRow}. */
export interface ConditionRowProps {
  conditions: readonly ConditionDraft[];
  index: number;
  scope: BuilderScope;
  onChange: (draft: ConditionDraft) => void;
  onRemove: () => void;
  /** Issues of this condition, fields relative to it (`''`, `value`, `name`…). */
  issues: readonly FieldIssue[];
  ipLists: readonly { id: number; name: string }[];
  regionChoices: readonly RegionChoice[];
}

/** Value issues the row editors do not show themselves: an empty list, too many rows. */
const LIVE_UNCHECKED = ['common.required', 'waf.too-many-or-rows'];

interface TypeOption {
  value: MatchType;
  /** The type's name. */
  name: string;
  /** The name, with the reason when the type cannot be chosen. */
  label: string;
  disabled: boolean;
  reason: string;
}

/** Marks disabled options for assistive technology (PrimeReact only sets a data attribute). */
const itemDisabled = (options?: { context?: { disabled?: boolean } }) => ({ 'aria-disabled': options?.context?.disabled ? true : undefined });

/** A condition's fieldset; `part="condition"`. */
export function ConditionRow({ conditions, index, scope, onChange, onRemove, issues, ipLists, regionChoices }: ConditionRowProps) {
  const t = useT('condition-builder');
  const tRules = useT('rules');
  const id = useId();
  const draft = conditions[index]!;
  const spec = matchTypeSpec(draft.type);
  const conditionLabel = t('condition', { index: index + 1 });

  const typeOptions: TypeOption[] = offeredTypes(scope).map((type) => {
    const block = type === draft.type ? null : typeBlock(conditions, index, type, scope);
    const name = typeLabel(t, type);
    const reason = block ? tRules(block) : '';
    // The option's accessible name carries the reason too: PrimeReact names options by their label alone.
    return { value: type, name, label: block ? t('hint.type-unavailable', { type: name, reason }) : name, disabled: block !== null, reason };
  });
  const operatorOptions = spec.operators.map((operator) => ({ value: operator, label: operatorLabel(t, operator) }));
  const nameLabel = t(draft.type === 'header' ? 'field.name-header' : 'field.name-parameter');
  const nameIssue = issues.find((found) => found.field === 'name');
  // Typed targets are checked as they are typed, next to each row; only what those checks cannot say is listed here.
  const checkedLive = spec.value !== 'choice' && spec.value !== 'region';
  const rowIssues = issues.filter(
    (found) => found.field !== 'name' && !(checkedLive && found.field === 'value' && !LIVE_UNCHECKED.includes(found.key)),
  );

  return (
    <fieldset className="ec-condition" part="condition">
      <legend>{conditionLabel}</legend>
      <div className="ec-condition-head">
        <div className="ec-field">
          <label htmlFor={`${id}-type`}>{t('field.type')}</label>
          <Dropdown
            inputId={`${id}-type`}
            value={draft.type}
            options={typeOptions}
            optionDisabled="disabled"
            itemTemplate={(option: TypeOption) => (
              <span className="ec-type-option">
                {option.name}
                {option.disabled && <small className="ec-muted">{option.reason}</small>}
              </span>
            )}
            valueTemplate={(option: TypeOption | null) => option?.name ?? ''}
            onChange={(event) => onChange(changeType(draft, event.value as MatchType))}
            pt={{ ...namedDropdown(`${conditionLabel} · ${t('field.type')}`), item: itemDisabled as never }}
          />
        </div>
        {spec.named && (
          <div className="ec-field">
            <label htmlFor={`${id}-name`}>{nameLabel}</label>
            <InputText
              id={`${id}-name`}
              value={draft.name}
              invalid={nameIssue !== undefined}
              aria-invalid={nameIssue ? true : undefined}
              aria-describedby={nameIssue ? `${id}-name-error` : undefined}
              onChange={(event) => onChange({ ...draft, name: event.target.value })}
            />
            {nameIssue && (
              <small id={`${id}-name-error`} className="ec-error-text">
                {tRules(nameIssue.key, nameIssue.values)}
              </small>
            )}
          </div>
        )}
        <div className="ec-field">
          <label htmlFor={`${id}-operator`}>{t('field.operator')}</label>
          <Dropdown
            inputId={`${id}-operator`}
            value={draft.operator}
            options={operatorOptions}
            onChange={(event) => onChange(changeOperator(draft, event.value as MatchOperator))}
            pt={namedDropdown(`${conditionLabel} · ${t('field.operator')}`)}
          />
        </div>
        <Button type="button" icon="pi pi-trash" text severity="danger" aria-label={t('remove-condition', { index: index + 1 })} onClick={onRemove} />
      </div>
      <ValueEditor draft={draft} onChange={onChange} conditionLabel={conditionLabel} ipLists={ipLists} regionChoices={regionChoices} conditionRules={scope.conditionRules ?? []} />
      {FINGERPRINT_MATCH_TYPES.includes(draft.type) && <p className="ec-note">{tRules('waf.fingerprint-date', { date: FINGERPRINT_DATA_START })}</p>}
      {draft.type === 'status-code' && <p className="ec-note">{tRules('waf.status-code-last')}</p>}
      {rowIssues.length > 0 && (
        <div role="alert">
          <ul className="ec-issues">
            {rowIssues.map((found, at) => (
              <li key={at} className="ec-error-text">
                {tRules(found.key, found.values)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
}
