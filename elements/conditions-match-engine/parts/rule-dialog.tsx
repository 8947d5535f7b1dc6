/**
 * Create or edit a condition rule (rules §3 "name, description, status"; rules §5 Match rules and WAF): the name is
 * required and at most 32 characters, the description at most 64, the conditions those of a WAF rule built with the
 * shared condition builder (AND 5, OR 20, the same types, operators and checks), without referencing another
 * condition rule. Everything typed is a draft until the save succeeds: a network failure, a timeout or an expired
 * session keeps it, and the server's findings show under their fields.
 */
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import { saveConditionRule, type ConditionRule } from '../../../core/api/endpoints/conditions.js';
import type { IpRegion } from '../../../core/api/endpoints/platform.js';
import { fromPolicyConditions, toPolicyConditions } from '../../../core/api/endpoints/waf.js';
import {
  CONDITION_RULE_DESCRIPTION_MAX_LENGTH,
  CONDITION_RULE_NAME_MAX_LENGTH,
  CONDITION_RULE_STATUSES,
  validateConditionRule,
  type ConditionRuleStatus,
} from '../../../core/rules/condition-rules.js';
import type { MatchType } from '../../../core/rules/waf.js';
import { MATCH_TYPE_SPECS } from '../../../core/rules/match-catalogue.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ConditionBuilder } from '../../../core/ui/parts/condition-builder/condition-builder.js';
import { fromConditionInput, newCondition, toConditionInput, type ConditionDraft } from '../../../core/ui/parts/condition-builder/model.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { useDraft } from '../../../core/ui/use-draft.js';

/** Every match type but a reference to another condition rule (core/rules/condition-rules.ts: one level only). */
const TYPES: readonly MatchType[] = MATCH_TYPE_SPECS.map((spec) => spec.type).filter((type) => type !== 'condition-rule');

/** Props of {@link RuleDialog}. */
export interface RuleDialogProps {
  /** The rule to edit; absent to create one. */
  editing?: ConditionRule;
  /** The IP region tree for region conditions. */
  regions: readonly IpRegion[];
  onHide: () => void;
  onSaved: (rule: ConditionRule, created: boolean) => void;
}

interface RuleForm {
  name: string;
  description: string;
  status: ConditionRuleStatus;
  conditions: ConditionDraft[];
}

/** The form dialog; mounted while open. */
export function RuleDialog({ editing, regions, onHide, onSaved }: RuleDialogProps) {
  const { client } = useElement();
  const t = useT();
  const tRules = useT('rules');
  const ids = { name: useId(), description: useId(), status: useId() };
  const [form, setForm, draft] = useDraft<RuleForm>(`conditions-match-engine:${editing ? `edit:${editing.id}` : 'create'}`, () =>
    editing
      ? {
          name: editing.name,
          description: editing.description,
          status: editing.status,
          conditions: fromPolicyConditions(editing.rules).map((condition) => fromConditionInput(condition)),
        }
      : { name: '', description: '', status: 'enabled', conditions: [newCondition('url')] },
  );
  const [submitted, setSubmitted] = useState(false);
  const saving = useSave();

  const input = () => ({ name: form.name, description: form.description, status: form.status, conditions: form.conditions.map(toConditionInput) });
  const issues: readonly FieldIssue[] = submitted ? [...validateConditionRule(input()), ...saving.issues] : saving.issues;
  const issueOf = (field: string) => issues.find((found) => found.field === field);

  const save = async () => {
    setSubmitted(true);
    saving.reset();
    const value = input();
    if (validateConditionRule(value).length > 0) return;
    const body = {
      ...(editing ? { id: editing.id } : {}),
      name: value.name.trim(),
      description: value.description.trim(),
      status: value.status,
      rules: toPolicyConditions(value.conditions),
    };
    const outcome = await saving.run(() => saveConditionRule(client, body));
    if (!outcome.ok) return;
    draft.discard();
    onSaved(outcome.value, !editing);
  };
  const cancel = () => {
    draft.discard();
    onHide();
  };

  const text = (key: 'name' | 'description', label: string, max: number) => {
    const found = issueOf(key);
    return (
      <div className="ec-field">
        <label htmlFor={ids[key]}>{label}</label>
        <InputText
          id={ids[key]}
          value={form[key]}
          className={found ? 'p-invalid' : undefined}
          aria-invalid={found ? true : undefined}
          aria-describedby={`${ids[key]}-hint ${ids[key]}-issue`}
          onChange={(event) => setForm({ ...form, [key]: event.target.value })}
        />
        <span id={`${ids[key]}-hint`} className="ec-muted">
          {t('form.max-length', { max })}
        </span>
        <span id={`${ids[key]}-issue`} className="ec-error-text" role={found ? 'alert' : undefined}>
          {found ? tRules(found.key, found.values ?? {}) : ''}
        </span>
      </div>
    );
  };

  return (
    <EcDialog
      visible
      width="min(920px, 96vw)"
      onHide={cancel}
      header={editing ? t('form.edit-title', { name: editing.name }) : t('form.create-title')}
      footer={<DialogFooter onCancel={cancel} onConfirm={() => void save()} busy={saving.saving} />}
      error={saving.error}
    >
      <form
        className="ec-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {draft.restored && <p className="ec-muted">{t('form.draft-restored')}</p>}
        <div className="ec-form-grid">
          {text('name', t('form.name'), CONDITION_RULE_NAME_MAX_LENGTH)}
          {text('description', t('form.description'), CONDITION_RULE_DESCRIPTION_MAX_LENGTH)}
          <div className="ec-field">
            <label htmlFor={ids.status}>{t('form.status')}</label>
            <Dropdown
              inputId={ids.status}
              value={form.status}
              options={CONDITION_RULE_STATUSES.map((status) => ({ value: status, label: t(status === 'enabled' ? 'status.enabled' : 'status.suspended') }))}
              onChange={(event) => setForm({ ...form, status: event.value as ConditionRuleStatus })}
              pt={namedDropdown(t('form.status'))}
            />
          </div>
        </div>
        <ConditionBuilder
          value={form.conditions}
          onChange={(conditions) => setForm({ ...form, conditions })}
          types={TYPES}
          regions={regions}
          issues={issues.filter((found) => found.field.startsWith('conditions'))}
        />
      </form>
    </EcDialog>
  );
}
