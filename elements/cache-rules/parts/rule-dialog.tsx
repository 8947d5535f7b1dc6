/**
 * Create and edit a cache rule: every field of rules §3, checked with `core/rules/cache.ts` as the server checks it
 * (name at most 64, durations at most a year, matching content per cache type, the custom expression's match rules,
 * regular expressions only on plans with `cache_regex`), and the limit of 200 cache and 200 non-cache entries
 * (rules §5, rules §8 "The number of cache rules has reached the maximum"). What is typed is kept as a draft until it
 * is saved (useDraft); the server's findings show under their fields.
 */
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import type { CacheRuleInfo } from '../../../core/api/endpoints/domain-settings.js';
import type { PlanGate } from '../../../core/config/plan-gating.js';
import { CACHE_RULE_STATUSES, countCacheRules, normalizeCacheRule, validateCacheRule, type CacheRuleInput, type CacheRuleStatus } from '../../../core/rules/cache.js';
import { validateCacheRuleCount } from '../../../core/rules/origin.js';
import { onField } from '../../../core/rules/types.js';
import { useT } from '../../../core/ui/element-context.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';
import { PlanRefusalNotices } from '../../../core/ui/parts/plan-refusals.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { useDraft } from '../../../core/ui/use-draft.js';
import { fromDraft, toDraft, type RuleDraft } from '../draft.js';
import { STATUS_KEYS } from '../labels.js';
import type { SaveOutcome } from '../store.js';
import { CachingSection } from './caching-section.js';
import { FieldIssues } from './field-issues.js';
import { KeySection } from './key-section.js';
import { MatchSection } from './match-section.js';

/** Props of {@link RuleDialog}. */
export interface RuleDialogProps {
  domainId: number;
  /** The domain's name. */
  domain: string;
  /** The rule being edited; null adds one. */
  rule: CacheRuleInfo | null;
  /** The domain's rules now, for the limits. */
  rules: readonly CacheRuleInfo[];
  regexGate: PlanGate;
  /** Saves the rule into the list; findings come back naming the rule's own fields. */
  onSave: (rule: CacheRuleInput) => Promise<SaveOutcome>;
  onHide: () => void;
}

/** The rule dialog; mounted while open. */
export function RuleDialog({ domainId, domain, rule, rules, regexGate, onSave, onHide }: RuleDialogProps) {
  const t = useT();
  const id = useId();
  const [draft, setDraft, draftControls] = useDraft<RuleDraft>(`cache-rules:${domainId}:${rule?.id ?? 'new'}`, () => toDraft(rule));
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<FieldIssue[]>([]);
  const [failure, setFailure] = useState('');
  const saving = useSave();

  const input = fromDraft(draft);
  const others = countCacheRules(rules.filter((entry) => entry.id !== rule?.id));
  // The limit counts entries of each execution method; an edit that keeps its method never hits it.
  const limit = rule?.action === draft.action ? null : validateCacheRuleCount(draft.action === 'cache' ? 'cache' : 'non-cache', others[draft.action]);
  const clientIssues = [...validateCacheRule(input, { regexAllowed: regexGate.allowed, siteDomain: domain }), ...onField('action', limit)];
  const shown = submitted ? [...clientIssues, ...serverIssues] : serverIssues;
  const issuesOf = (field: string, nested = false) => shown.filter((found) => found.field === field || (nested && found.field.startsWith(`${field}.`)));
  const statusLabel = t('field.status');

  const update = (patch: Partial<RuleDraft>) => {
    setDraft((previous) => ({ ...previous, ...patch }));
    setServerIssues([]);
  };

  const save = async () => {
    setSubmitted(true);
    setFailure('');
    saving.reset();
    if (clientIssues.length > 0) return;
    // A fault (HTTP, timeout, HTML, malformed JSON, network) goes through the shared save pattern and shows the error
    // catalogue's message; the list's own outcomes (refused fields, a conflict) keep their cache-rule wording.
    const result = await saving.run(async () => {
      const outcome = await onSave(normalizeCacheRule(input));
      if (outcome.kind === 'failed') throw outcome.error;
      return outcome;
    });
    if (!result.ok) return;
    const outcome = result.value;
    if (outcome.kind === 'saved') draftControls.discard();
    else if (outcome.kind === 'invalid' && outcome.issues.length > 0) setServerIssues(outcome.issues);
    else if (outcome.kind === 'invalid') setFailure(t('notice.other-rules-invalid'));
    else setFailure(t('notice.conflict-retry'));
  };

  const footer = <DialogFooter onCancel={onHide} onConfirm={() => void save()} busy={saving.saving} />;

  return (
    <EcDialog visible onHide={onHide} header={rule ? t('dialog.edit-title', { name: rule.name }) : t('dialog.add-title')} footer={footer} width="760px" error={saving.error}>
      <form className="ec-stack ec-cache-form" part="rule-form" noValidate onSubmit={(event) => event.preventDefault()}>
        {draftControls.restored ? <p className="ec-muted">{t('notice.restored')}</p> : null}
        <div className="ec-row ec-cache-head">
          <div className="ec-field ec-grow">
            <label htmlFor={`${id}-name`}>{t('field.name')}</label>
            <InputText
              id={`${id}-name`}
              value={draft.name}
              invalid={issuesOf('name').length > 0}
              aria-describedby={`${id}-name-issues`}
              onChange={(event) => update({ name: event.target.value })}
            />
            <FieldIssues id={`${id}-name-issues`} issues={issuesOf('name')} />
          </div>
          <div className="ec-field">
            <label htmlFor={`${id}-status`}>{statusLabel}</label>
            <Dropdown
              inputId={`${id}-status`}
              value={draft.status}
              options={CACHE_RULE_STATUSES.map((status) => ({ value: status, label: t(STATUS_KEYS[status]) }))}
              onChange={(event) => update({ status: event.value as CacheRuleStatus })}
              pt={namedDropdown(statusLabel)}
            />
          </div>
        </div>
        <MatchSection id={`${id}-match`} draft={draft} update={update} issuesOf={issuesOf} domain={domain} regexGate={regexGate} />
        <CachingSection id={`${id}-caching`} draft={draft} update={update} issuesOf={issuesOf} />
        <KeySection id={`${id}-key`} draft={draft} update={update} issuesOf={issuesOf} domainId={domainId} sharedName={rule?.share_domain ?? null} />
        {failure ? (
          <p role="alert" className="ec-error-text">
            {failure}
          </p>
        ) : null}
        {/* Rules §6: regular expressions need cache_regex; the refusal names the upgrade or work-order way out. */}
        <PlanRefusalNotices issues={serverIssues} />
      </form>
    </EcDialog>
  );
}
