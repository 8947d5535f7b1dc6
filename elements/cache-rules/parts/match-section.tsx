/**
 * Which requests a rule applies to (rules §3): the request rule (all requests, or a custom expression built with the
 * shared condition builder over the cache match types), the execution method, and the cache type with its matching
 * content. Regular expressions (the fuzzy cache type, regex operators) are offered only on plans with `cache_regex`
 * (rules §6); otherwise the plan notice links to the upgrade page or a work order.
 */
import { Dropdown } from 'primereact/dropdown';
import { RadioButton } from 'primereact/radiobutton';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import type { PlanGate } from '../../../core/config/plan-gating.js';
import { isWildcardDomain } from '../../../core/rules/domain.js';
import { CACHE_ACTIONS, CACHE_CONDITION_TYPES, CACHE_MATCH_TYPES, REQUEST_RULE_KINDS, validateMatchEntry, type CacheMatchType } from '../../../core/rules/cache.js';
import { splitMultiValue } from '../../../core/rules/multi-value.js';
import { MATCH_OR_ROWS_MAX } from '../../../core/rules/waf.js';
import { useT } from '../../../core/ui/element-context.js';
import { ConditionBuilder } from '../../../core/ui/parts/condition-builder/condition-builder.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';
import { MultiValueInput } from '../../../core/ui/parts/multi-value-input.js';
import type { RuleDraft } from '../draft.js';
import { ACTION_KEYS, MATCH_HINT_KEYS, MATCH_TYPE_KEYS, REQUEST_RULE_KEYS } from '../labels.js';
import { FieldIssues } from './field-issues.js';
import { PlanNoticeLink } from '../../../core/ui/parts/nav-link.js';

/** Marks disabled options for assistive technology (PrimeReact only sets a data attribute). */
const itemDisabled = (options?: { context?: { disabled?: boolean } }) => ({ 'aria-disabled': options?.context?.disabled ? true : undefined });

/** Props of the form sections. */
export interface SectionProps {
  /** Base of the section's element ids. */
  id: string;
  draft: RuleDraft;
  update: (patch: Partial<RuleDraft>) => void;
  /** Findings of one field, or of every field under a prefix when `nested`. */
  issuesOf: (field: string, nested?: boolean) => FieldIssue[];
}

/** Props of {@link MatchSection}. */
export interface MatchSectionProps extends SectionProps {
  /** The domain the rule belongs to (the domain match type needs a wildcard domain, rules §5). */
  domain: string;
  regexGate: PlanGate;
  /** Opens the upgrade page or the work order. */
}

/** The request rule, execution method and matching content; `part="match-section"`. */
export function MatchSection({ id, draft, update, issuesOf, domain, regexGate }: MatchSectionProps) {
  const t = useT();
  const tRules = useT('rules');

  const typeLabel = t('field.match-type');
  const typeOptions = CACHE_MATCH_TYPES.map((type) => ({ value: type, label: t(MATCH_TYPE_KEYS[type]), disabled: type === 'fuzzy' && !regexGate.allowed }));
  const check = (entry: string) => {
    const found = validateMatchEntry(draft.match_type, entry);
    return found ? tRules(found.key, found.values) : null;
  };
  // Entries are checked as they are typed, next to each row; the list repeats only what those checks cannot say.
  const entriesFlagged = splitMultiValue(draft.match_content).some((entry) => validateMatchEntry(draft.match_type, entry) !== null);
  const contentIssues = entriesFlagged ? [] : issuesOf('match_content');

  return (
    <section className="ec-stack ec-cache-section" part="match-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('dialog.section-match')}</h3>
      <fieldset className="ec-choice">
        <legend>{t('field.request-rule')}</legend>
        {REQUEST_RULE_KINDS.map((kind) => (
          <span key={kind} className="ec-choice-item">
            <RadioButton inputId={`${id}-request-${kind}`} name={`${id}-request`} value={kind} checked={draft.request_rule === kind} onChange={() => update({ request_rule: kind })} />
            <label htmlFor={`${id}-request-${kind}`}>{t(REQUEST_RULE_KEYS[kind])}</label>
          </span>
        ))}
      </fieldset>
      {draft.request_rule === 'custom' ? (
        <ConditionBuilder
          value={draft.conditions}
          onChange={(conditions) => update({ conditions })}
          types={CACHE_CONDITION_TYPES}
          wildcardDomain={isWildcardDomain(domain)}
          issues={issuesOf('conditions', true)}
        />
      ) : null}
      {regexGate.notice ? (
        <p className="ec-plan-notice" role="note">
          <span>{tRules('cache.regex-plan')}</span>{' '}
          <PlanNoticeLink notice={regexGate.notice} />
        </p>
      ) : (
        <p className="ec-muted">{t('hint.regex-case')}</p>
      )}
      <fieldset className="ec-choice">
        <legend>{t('field.execution')}</legend>
        {CACHE_ACTIONS.map((action) => (
          <span key={action} className="ec-choice-item">
            <RadioButton inputId={`${id}-action-${action}`} name={`${id}-action`} value={action} checked={draft.action === action} onChange={() => update({ action })} />
            <label htmlFor={`${id}-action-${action}`}>{t(ACTION_KEYS[action])}</label>
          </span>
        ))}
      </fieldset>
      <FieldIssues id={`${id}-action-issues`} issues={issuesOf('action')} />
      <div className="ec-field">
        <label htmlFor={`${id}-type`}>{typeLabel}</label>
        <Dropdown
          inputId={`${id}-type`}
          value={draft.match_type}
          options={typeOptions}
          optionDisabled="disabled"
          onChange={(event) => update({ match_type: event.value as CacheMatchType })}
          pt={{ ...namedDropdown(typeLabel), item: itemDisabled as never }}
        />
        <small className="ec-muted">{t(MATCH_HINT_KEYS[draft.match_type])}</small>
      </div>
      <MultiValueInput
        label={t('field.match-content')}
        value={draft.match_content}
        onChange={(match_content) => update({ match_content })}
        validate={check}
        maxRows={MATCH_OR_ROWS_MAX}
      />
      <FieldIssues id={`${id}-content-issues`} issues={contentIssues} />
    </section>
  );
}
