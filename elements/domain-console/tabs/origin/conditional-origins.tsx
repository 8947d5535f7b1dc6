/**
 * Conditional origins (rules §3 "Conditional origin": matching conditions, origin, description, priority, status):
 * each rule's conditions are built with the shared condition builder (rules §5 Match rules), over the match types a
 * conditional origin may test; matching requests go to the rule's origins.
 */
import { Button } from 'primereact/button';
import { useId } from 'react';
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import { isWildcardDomain } from '../../../../core/rules/domain.js';
import type { MatchConditionInput } from '../../../../core/rules/waf.js';
import { CONDITIONAL_ORIGIN_CONDITION_TYPES, CONDITIONAL_ORIGIN_TARGETS_MAX, newConditionalRule, type ConditionalOriginGroup, type ConditionalOriginRule, type Typed } from '../../../../core/settings/origin.js';
import { ORIGIN_WEIGHT_DEFAULT } from '../../../../core/rules/websites.js';
import { DEFAULT_HTTP_PORTS } from '../../../../core/rules/origin.js';
import { useT } from '../../../../core/ui/element-context.js';
import { ConditionBuilder } from '../../../../core/ui/parts/condition-builder/condition-builder.js';
import { fromConditionInput, toConditionInput } from '../../../../core/ui/parts/condition-builder/model.js';
import { EmptyState } from '../../../../core/ui/parts/state-views.js';
import { SwitchField, TextField } from '../../../../core/ui/parts/labelled-fields.js';
import { messageFrom, switchTo, typedNumber } from './fields.js';

type Rule = Typed<ConditionalOriginRule>;

/** Props of {@link ConditionalOrigins}. */
export interface ConditionalOriginsProps {
  /** The site's domain (the domain match type needs a wildcard domain, rules §5). */
  domain: string;
  value: Typed<ConditionalOriginGroup>;
  /** Findings with fields relative to the group (`rules.<i>.…`). */
  issues: readonly FieldIssue[];
  onChange: (next: Typed<ConditionalOriginGroup>) => void;
}

/** The rule list; `part="conditional-origins"`. */
export function ConditionalOrigins({ domain, value, issues, onChange }: ConditionalOriginsProps) {
  const t = useT('domain-origin');
  const tRules = useT('rules');
  const baseId = useId();
  const rules = value.rules;
  const message = messageFrom(tRules, issues);
  const update = (index: number, patch: Partial<Rule>) => onChange({ rules: rules.map((rule, at) => (at === index ? { ...rule, ...patch } : rule)) });
  const remove = (index: number) => onChange({ rules: rules.filter((_, at) => at !== index) });
  const listMessage = message('rules');

  return (
    <div className="ec-stack" part="conditional-origins">
      {rules.length === 0 && <EmptyState message={t('conditional.empty')} />}
      {rules.map((rule, index) => {
        const id = `${baseId}-${index}`;
        const field = (name: string) => message(`rules.${index}.${name}`);
        const ruleIssues = issues
          .filter((found) => found.field.startsWith(`rules.${index}.conditions`))
          .map((found) => ({ ...found, field: found.field.slice(`rules.${index}.`.length) }));
        const origins = rule.origins;
        const setOrigins = (next: Rule['origins']) => update(index, { origins: next });
        return (
          <section key={index} className="ec-conditional-rule ec-stack" aria-label={t('conditional.rule', { index: index + 1 })} part="conditional-rule">
            <div className="ec-row">
              <strong>{t('conditional.rule', { index: index + 1 })}</strong>
              <Button type="button" icon="pi pi-trash" text severity="danger" aria-label={t('conditional.remove', { index: index + 1 })} onClick={() => remove(index)} />
            </div>
            <ConditionBuilder
              value={rule.conditions.map((condition, at) => fromConditionInput(condition as MatchConditionInput, `${index}-${at}`))}
              onChange={(next) => update(index, { conditions: next.map(toConditionInput) })}
              types={CONDITIONAL_ORIGIN_CONDITION_TYPES}
              wildcardDomain={isWildcardDomain(domain)}
              issues={ruleIssues}
            />
            <fieldset className="ec-stack">
              <legend>{t('conditional.origins', { index: index + 1 })}</legend>
              {origins.map((origin, at) => (
                <div key={at} className="ec-origin-row">
                  <TextField id={`${id}-origin-${at}-address`} label={t('conditional.address')} value={origin.address} error={field(`origins.${at}.address`)} onChange={(address) => setOrigins(origins.map((entry, i) => (i === at ? { ...entry, address } : entry)))} />
                  <TextField id={`${id}-origin-${at}-port`} numeric label={t('conditional.port')} value={origin.port} error={field(`origins.${at}.port`)} onChange={(text) => setOrigins(origins.map((entry, i) => (i === at ? { ...entry, port: typedNumber(text) } : entry)))} />
                  <TextField id={`${id}-origin-${at}-weight`} numeric label={t('conditional.weight')} value={origin.weight} error={field(`origins.${at}.weight`)} onChange={(text) => setOrigins(origins.map((entry, i) => (i === at ? { ...entry, weight: typedNumber(text) } : entry)))} />
                  <Button type="button" icon="pi pi-trash" text severity="danger" aria-label={t('conditional.remove-origin', { index: at + 1 })} onClick={() => setOrigins(origins.filter((_, i) => i !== at))} />
                </div>
              ))}
              {field('origins') && (
                <small className="ec-error-text" role="alert">
                  {field('origins')}
                </small>
              )}
              <div className="ec-row">
                <Button
                  type="button"
                  icon="pi pi-plus"
                  outlined
                  label={t('conditional.add-origin')}
                  disabled={origins.length >= CONDITIONAL_ORIGIN_TARGETS_MAX}
                  onClick={() => setOrigins([...origins, { address: '', port: DEFAULT_HTTP_PORTS[0]!, weight: ORIGIN_WEIGHT_DEFAULT }])}
                />
              </div>
            </fieldset>
            <div className="ec-origin-fields">
              <TextField id={`${id}-description`} label={t('conditional.description-field')} value={rule.description} error={field('description')} onChange={(description) => update(index, { description })} />
              <TextField id={`${id}-priority`} numeric label={t('conditional.priority')} value={rule.priority} error={field('priority')} onChange={(text) => update(index, { priority: typedNumber(text) })} />
              <SwitchField id={`${id}-status`} label={t('conditional.status')} checked={rule.status === 'on'} error={field('status')} onChange={(on) => update(index, { status: switchTo(on) })} />
            </div>
          </section>
        );
      })}
      {listMessage && (
        <small className="ec-error-text" role="alert">
          {listMessage}
        </small>
      )}
      <div className="ec-row">
        <Button type="button" icon="pi pi-plus" label={t('conditional.add')} onClick={() => onChange({ rules: [...rules, newConditionalRule(rules as ConditionalOriginRule[])] })} />
      </div>
    </div>
  );
}
