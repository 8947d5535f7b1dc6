/**
 * Add or edit a rule of the working copy (rules §3 "WAF rule"; §4 actions and statuses; §5 match rules, remark at
 * most 255 bytes): the shared condition builder with its preview, the disposal action, the status and the remark.
 * "Apply" checks the form with `core/rules` and puts the rule in the working copy; the set's "Save changes" sends it.
 * What is typed is kept as a draft until applied or cancelled.
 */
import { InputTextarea } from 'primereact/inputtextarea';
import { RadioButton } from 'primereact/radiobutton';
import { useId, useState } from 'react';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import type { IpRegion } from '../../../core/api/endpoints/platform.js';
import { utf8ByteLength } from '../../../core/rules/common.js';
import { ACTION_FLOW, normalizeWafAction, type WafActionInput } from '../../../core/rules/waf-actions.js';
import { RULE_REMARK_MAX_BYTES, validateWafRuleForm, WAF_RULE_STATUSES, type WafRuleStatus } from '../../../core/rules/waf.js';
import { useT } from '../../../core/ui/element-context.js';
import { ConditionBuilder } from '../../../core/ui/parts/condition-builder/condition-builder.js';
import type { ConditionRuleChoice } from '../../../core/ui/parts/condition-builder/model.js';
import { conditionKey, fromConditionInput, newCondition, toConditionInput, type ConditionDraft } from '../../../core/ui/parts/condition-builder/model.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { useDraft } from '../../../core/ui/use-draft.js';
import { effectiveFlow } from '../../../core/match/rule-set.js';
import { actionLabel, flowLabel, statusLabel } from '../labels.js';
import type { WorkingRule } from '../working-copy.js';
import { ActionEditor } from './action-editor.js';
import { issueOn } from './field-issues.js';

/** Props of {@link RuleDialog}. */
export interface RuleDialogProps {
  setId: number;
  /** The rule to edit, or null for a new one. */
  rule: WorkingRule | null;
  /** The domain the domain match type is judged against (rules §5: only wildcard domains offer it). */
  siteDomain?: string;
  ipLists: readonly { id: number; name: string }[];
  /**
   * Condition rules a condition may reference; absent while the conditions match engine is off (shell §4
   * condition_source), and the builder then does not offer the `condition-rule` match type.
   */
  conditionRules?: readonly ConditionRuleChoice[];
  regions: readonly IpRegion[];
  /** Findings the server returned for this rule on the last save. */
  serverIssues?: readonly FieldIssue[];
  onApply: (rule: WorkingRule) => void;
  onCancel: () => void;
}

interface RuleForm {
  conditions: ConditionDraft[];
  action: WafActionInput;
  status: WafRuleStatus;
  remark: string;
}

/** The rule form in a wide dialog. */
export function RuleDialog({ setId, rule, siteDomain, ipLists, conditionRules, regions, serverIssues = [], onApply, onCancel }: RuleDialogProps) {
  const t = useT();
  const tRules = useT('rules');
  const id = useId();
  const [form, setForm, draft] = useDraft<RuleForm>(`waf-rules:rule:${setId}:${rule?.key ?? 'new'}`, () =>
    rule
      ? { conditions: rule.conditions.map((condition) => fromConditionInput(condition)), action: rule.action, status: rule.status, remark: rule.remark }
      : { conditions: [newCondition('url')], action: { type: 'block' }, status: 'enabled', remark: '' },
  );
  const [issues, setIssues] = useState<readonly FieldIssue[]>(serverIssues);

  const wildcardDomain = siteDomain?.startsWith('*.') ?? false;
  const flow = effectiveFlow(form);
  const consequence = t('rule-form.preview-then', { action: actionLabel(t, form.action.type), flow: flowLabel(t, flow) });
  const bytes = utf8ByteLength(form.remark);
  const remarkIssue = issueOn(issues, 'remark');
  const statusIssue = issueOn(issues, 'status');

  const apply = () => {
    const conditions = form.conditions.map(toConditionInput);
    const found = validateWafRuleForm({ conditions, action: form.action, status: form.status, remark: form.remark }, siteDomain);
    setIssues(found);
    if (found.length > 0) return;
    draft.discard();
    onApply({
      key: rule?.key ?? conditionKey(),
      ...(rule?.id === undefined ? {} : { id: rule.id, code: rule.code, createdAt: rule.createdAt }),
      conditions,
      action: normalizeWafAction(form.action),
      status: form.status,
      remark: form.remark,
      builtIn: rule?.builtIn ?? null,
    });
  };
  const cancel = () => {
    draft.discard();
    onCancel();
  };

  return (
    <EcDialog
      visible
      width="min(960px, 96vw)"
      onHide={cancel}
      header={rule ? t('rule-form.edit-title', { code: rule.code ?? t('rule.new') }) : t('rule-form.add-title')}
      footer={
        <DialogFooter onCancel={cancel} onConfirm={apply} confirmLabel={t('rule-form.apply')} />
      }
    >
      <div className="ec-stack ec-rule-form">
        {draft.restored && <p className="ec-muted">{t('draft-restored')}</p>}
        <ConditionBuilder
          value={form.conditions}
          onChange={(conditions) => setForm({ ...form, conditions })}
          wildcardDomain={wildcardDomain}
          ipLists={ipLists}
          conditionRules={conditionRules}
          regions={regions}
          issues={issues.filter((found) => found.field.startsWith('conditions'))}
          consequence={consequence}
        />
        <ActionEditor value={form.action} onChange={(action) => setForm({ ...form, action })} issues={issues} />
        {ACTION_FLOW[form.action.type] !== 'continue' && form.status === 'observation' && <p className="ec-muted">{t('rule-form.observation-note')}</p>}
        <fieldset className="ec-status-choice">
          <legend>{t('rule-form.status')}</legend>
          {WAF_RULE_STATUSES.map((status) => (
            <div key={status} className="ec-row ec-radio">
              <RadioButton inputId={`${id}-status-${status}`} name={`${id}-status`} value={status} checked={form.status === status} onChange={() => setForm({ ...form, status })} />
              <label htmlFor={`${id}-status-${status}`}>{statusLabel(t, status)}</label>
            </div>
          ))}
          {statusIssue && <small className="ec-error-text">{tRules(statusIssue.key, statusIssue.values)}</small>}
        </fieldset>
        <div className="ec-field">
          <label htmlFor={`${id}-remark`}>{t('rule-form.remark')}</label>
          <InputTextarea
            id={`${id}-remark`}
            value={form.remark}
            rows={2}
            invalid={remarkIssue !== undefined || bytes > RULE_REMARK_MAX_BYTES}
            aria-describedby={`${id}-remark-count`}
            onChange={(event) => setForm({ ...form, remark: event.target.value })}
          />
          <small id={`${id}-remark-count`} className={bytes > RULE_REMARK_MAX_BYTES ? 'ec-error-text' : 'ec-muted'}>
            {bytes > RULE_REMARK_MAX_BYTES
              ? tRules('waf.remark-too-long', { max: RULE_REMARK_MAX_BYTES })
              : t('rule-form.remark-bytes', { count: bytes, max: RULE_REMARK_MAX_BYTES })}
          </small>
        </div>
      </div>
    </EcDialog>
  );
}
