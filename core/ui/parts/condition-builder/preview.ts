/**
 * The read-only text of conditions, for the preview under the builder: "IF URL starts with "/login" AND Header
 * "User-Agent" contains "curl" or "python"". Built from the same drafts the builder edits, so it is always in sync.
 */
import type { TFunction } from '../../../i18n/i18n.js';
import { isValuelessOperator, matchTypeSpec } from '../../../rules/match-catalogue.js';
import { splitMultiValue } from '../../../rules/multi-value.js';
import { operatorPhrase, optionLabel, typeLabel } from './labels.js';
import type { ConditionDraft } from './model.js';

/** Names the builder cannot derive from the drafts alone. */
export interface PreviewLabels {
  /** A region key's name in the UI language. */
  regionName?: (key: string) => string;
  /** An IP list's name. */
  ipListName?: (id: number) => string;
  /** A condition rule's name. */
  conditionRuleName?: (id: number) => string;
}

function targetText(t: TFunction, draft: ConditionDraft, target: string, labels: PreviewLabels): string {
  const spec = matchTypeSpec(draft.type);
  if (spec.value === 'choice') return optionLabel(t, draft.type, target);
  if (spec.value === 'region') return labels.regionName?.(target) ?? target;
  if (spec.value === 'time-range') return target.replace('~', ' – ');
  if (spec.value === 'condition-rule') return `"${labels.conditionRuleName?.(Number(target)) ?? `#${target}`}"`;
  return `"${target}"`;
}

/** One condition as a phrase. */
export function describeCondition(t: TFunction, draft: ConditionDraft, labels: PreviewLabels = {}): string {
  const type = typeLabel(t, draft.type);
  const subject = matchTypeSpec(draft.type).named ? t('preview.named-subject', { type, name: draft.name.trim() || '…' }) : type;
  if (draft.operator === 'in-list' || draft.operator === 'not-in-list') {
    const list = draft.ipListId === null ? '…' : (labels.ipListName?.(draft.ipListId) ?? `#${draft.ipListId}`);
    return operatorPhrase(t, draft.operator, { subject, list });
  }
  if (isValuelessOperator(draft.operator)) return operatorPhrase(t, draft.operator, { subject });
  const targets = splitMultiValue(draft.value);
  const values = targets.length === 0 ? '…' : targets.map((target) => targetText(t, draft, target, labels)).join(t('preview.or'));
  if (draft.operator === 'greater-than') return operatorPhrase(t, draft.operator, { subject, count: targets[0] ?? '…', window: draft.window.trim() || '…' });
  return operatorPhrase(t, draft.operator, { subject, values });
}

/** All conditions: "IF a AND b", or the no-condition text. */
export function describeConditions(t: TFunction, drafts: readonly ConditionDraft[], labels: PreviewLabels = {}): string {
  if (drafts.length === 0) return t('preview.empty');
  return `${t('preview.if')} ${drafts.map((draft) => describeCondition(t, draft, labels)).join(t('preview.and'))}`;
}
