/**
 * The disposal action of a rule (rules §4): every action, what matching does after it, the ban duration and the
 * redirect URL where they apply, and the warning that a ban or a whitelist entry outlives the rule that made it.
 */
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useId } from 'react';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import {
  ACTION_FLOW,
  BAN_DURATION_DEFAULT,
  BAN_DURATION_RANGE,
  isLastingAction,
  REDIRECT_STATUS,
  WAF_ACTION_TYPES,
  type WafActionInput,
  type WafActionType,
} from '../../../core/rules/waf-actions.js';
import { useT } from '../../../core/ui/element-context.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';
import { actionLabel, flowLabel } from '../labels.js';
import { issueOn } from './field-issues.js';

/** Props of {@link ActionEditor}. */
export interface ActionEditorProps {
  value: WafActionInput;
  onChange: (action: WafActionInput) => void;
  /** Findings on `action`, `action.duration`, `action.url`. */
  issues: readonly FieldIssue[];
}

/** The action fields; `part="action"`. */
export function ActionEditor({ value, onChange, issues }: ActionEditorProps) {
  const t = useT();
  const tRules = useT('rules');
  const id = useId();
  const options = WAF_ACTION_TYPES.map((type) => {
    const status = REDIRECT_STATUS[type];
    return { value: type, label: status ? `${actionLabel(t, type)} (${status})` : actionLabel(t, type) };
  });
  const message = (field: string) => {
    const found = issueOn(issues, field);
    return found ? tRules(found.key, found.values) : null;
  };

  const choose = (type: WafActionType) => {
    if (type === 'ban') onChange({ type, duration: value.duration ?? BAN_DURATION_DEFAULT });
    else if (type === 'redirect') onChange({ type, url: value.url ?? '' });
    else onChange({ type });
  };
  const durationError = message('action.duration');
  const urlError = message('action.url');

  return (
    <fieldset className="ec-action" part="action">
      <legend>{t('rule-form.action')}</legend>
      <div className="ec-row">
        <div className="ec-field">
          <label htmlFor={`${id}-type`}>{t('rule-form.action-type')}</label>
          <Dropdown inputId={`${id}-type`} value={value.type} options={options} onChange={(event) => choose(event.value as WafActionType)} pt={namedDropdown(t('rule-form.action-type'))} />
        </div>
        {value.type === 'ban' && (
          <div className="ec-field">
            <label htmlFor={`${id}-duration`}>{t('rule-form.ban-duration', { ...BAN_DURATION_RANGE })}</label>
            <InputText
              id={`${id}-duration`}
              value={String(value.duration ?? '')}
              inputMode="numeric"
              invalid={durationError !== null}
              aria-invalid={durationError ? true : undefined}
              aria-describedby={durationError ? `${id}-duration-error` : undefined}
              onChange={(event) => onChange({ ...value, duration: event.target.value })}
            />
            {durationError && <small id={`${id}-duration-error`} className="ec-error-text">{durationError}</small>}
          </div>
        )}
        {value.type === 'redirect' && (
          <div className="ec-field ec-grow">
            <label htmlFor={`${id}-url`}>{t('rule-form.redirect-url')}</label>
            <InputText
              id={`${id}-url`}
              value={value.url ?? ''}
              placeholder="https://"
              invalid={urlError !== null}
              aria-invalid={urlError ? true : undefined}
              aria-describedby={urlError ? `${id}-url-error` : undefined}
              onChange={(event) => onChange({ ...value, url: event.target.value })}
            />
            {urlError && <small id={`${id}-url-error`} className="ec-error-text">{urlError}</small>}
          </div>
        )}
      </div>
      <p className="ec-muted" data-flow={ACTION_FLOW[value.type]}>
        {flowLabel(t, ACTION_FLOW[value.type])}
      </p>
      {isLastingAction(value.type) && (
        <p className="ec-note" role="note">
          {t('rule-form.lasting-warning')}
        </p>
      )}
    </fieldset>
  );
}
