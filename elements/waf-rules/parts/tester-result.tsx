/**
 * What the rule tester found: which rule fires first and where matching stops, every rule's outcome with each
 * condition's outcome and what the request held for it, why an outcome is unknown (a pattern the browser cannot
 * evaluate, an IP list kept on the server, a field left out of the sample), and every rule that can never fire
 * because an earlier terminating rule always matches first.
 */
import type { ConditionEvaluation, RuleSetEvaluation, UnknownReason } from '../../../core/match/index.js';
import { useT } from '../../../core/ui/element-context.js';
import { fromConditionInput } from '../../../core/ui/parts/condition-builder/model.js';
import { describeCondition, type PreviewLabels } from '../../../core/ui/parts/condition-builder/preview.js';
import { actionLabel, constructLabel, flowLabel, outcomeLabel, sampleFieldLabel } from '../labels.js';
import type { WorkingRule } from '../working-copy.js';
import { ruleName } from './rule-table.js';

/** Props of {@link TesterResult}. */
export interface TesterResultProps {
  result: RuleSetEvaluation;
  /** The rules evaluated, in the same order. */
  rules: readonly WorkingRule[];
  /** Whether the server evaluated (with its time limit) rather than the browser. */
  onServer: boolean;
  labels: PreviewLabels;
}

const OUTCOME_CLASS = { match: 'success', 'no-match': 'neutral', unknown: 'warning', closed: 'neutral' } as const;

/** The result; `part="tester-result"`. */
export function TesterResult({ result, rules, onServer, labels }: TesterResultProps) {
  const t = useT();
  const tBuilder = useT('condition-builder');

  const name = (index: number) => ruleName(t, rules[index]!);
  const reasonText = (reason: UnknownReason): string => {
    switch (reason.kind) {
      case 'regex':
        return t('tester.reason-regex', { pattern: reason.pattern, construct: constructLabel(t, reason.construct) });
      case 'ip-list':
        return t('tester.reason-ip-list');
      case 'missing':
        return t('tester.reason-missing', { field: sampleFieldLabel(t, reason.field) });
      case 'region-detail':
        return t('tester.reason-region', { region: labels.regionName?.(reason.target) ?? reason.target });
      case 'condition-rule':
        return t('tester.reason-condition-rule');
    }
  };
  const conditionLine = (rule: WorkingRule, evaluation: ConditionEvaluation, index: number) => {
    const text = describeCondition(tBuilder, fromConditionInput(rule.conditions[index]!, `c${index}`), labels);
    const observed = evaluation.observed.length > 0 ? evaluation.observed.join(', ') : t('tester.absent');
    return (
      <li key={index} data-outcome={evaluation.outcome}>
        <span className={`ec-status-tag ec-status-${OUTCOME_CLASS[evaluation.outcome]}`}>{outcomeLabel(t, evaluation.outcome)}</span> {text}
        {/* A condition rule reference observes nothing itself: its referenced conditions decided. */}
        {rule.conditions[index]!.type !== 'condition-rule' && <div className="ec-muted">{t('tester.observed', { value: observed })}</div>}
        {evaluation.reasons.map((reason, at) => (
          <div key={at} className="ec-note">
            {reasonText(reason)}
          </div>
        ))}
      </li>
    );
  };

  const first = result.firstFiring;
  const summary =
    first !== null
      ? t('tester.fires-first', { rule: name(first), position: first + 1, action: actionLabel(t, rules[first]!.action.type), flow: flowLabel(t, result.rules[first]!.flow) })
      : result.undecided.length > 0
        ? t('tester.undecided', { rules: result.undecided.map(name).join(', ') })
        : t('tester.no-match');

  return (
    <section className="ec-tester-result" part="tester-result" aria-label={t('tester.result')}>
      <p className="ec-tester-summary" role="status" data-first-firing={first ?? ''}>
        {summary}
      </p>
      {result.stoppedAt !== null && result.stoppedAt !== first && <p>{t('tester.stopped-at', { rule: name(result.stoppedAt), position: result.stoppedAt + 1 })}</p>}
      {result.exit === 'next-set' && <p>{t('tester.next-set')}</p>}
      <p className="ec-muted">{onServer ? t('tester.on-server') : t('tester.in-browser')}</p>
      {result.unreachable.length > 0 && (
        <div className="ec-unreachable" role="alert">
          <h4>{t('tester.unreachable-title')}</h4>
          <ul>
            {result.unreachable.map((item) => (
              <li key={item.index}>{t('tester.unreachable', { rule: name(item.index), position: item.index + 1, by: name(item.coveredBy), byPosition: item.coveredBy + 1 })}</li>
            ))}
          </ul>
        </div>
      )}
      <ol className="ec-tester-rules">
        {result.rules.map((evaluation) => {
          const rule = rules[evaluation.index]!;
          return (
            <li key={rule.key} data-outcome={evaluation.outcome} data-reach={evaluation.reach}>
              <strong>{name(evaluation.index)}</strong>{' '}
              <span className={`ec-status-tag ec-status-${OUTCOME_CLASS[evaluation.outcome]}`}>{outcomeLabel(t, evaluation.outcome)}</span>
              {evaluation.reach === 'no' && <span className="ec-muted"> {t('tester.not-reached')}</span>}
              {evaluation.reach === 'maybe' && <span className="ec-muted"> {t('tester.maybe-reached')}</span>}
              <ul>{evaluation.conditions.map((condition, index) => conditionLine(rule, condition, index))}</ul>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
