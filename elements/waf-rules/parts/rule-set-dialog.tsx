/**
 * Create or rename a rule set (rules §5: name at most 32 characters, description at most 64; the package's maximum
 * number of sets, rules §8 "The number of rule sets has reached the maximum"). What is typed survives a failure or a
 * reload (useDraft); the server's findings show beside the fields.
 */
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import { createRuleSet, updateRuleSet, type RuleSetInfo } from '../../../core/api/endpoints/waf.js';
import { RULE_SET_DESCRIPTION_MAX_LENGTH, RULE_SET_NAME_MAX_LENGTH, validateRuleSet } from '../../../core/rules/waf.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { PlanRefusalNotices, withoutPlanRefusals } from '../../../core/ui/parts/plan-refusals.js';
import { useDraft } from '../../../core/ui/use-draft.js';
import { issueOn } from './field-issues.js';

/** Props of {@link RuleSetDialog}. */
export interface RuleSetDialogProps {
  /** The set to rename, or null to create one. */
  set: RuleSetInfo | null;
  onSaved: (set: RuleSetInfo, created: boolean) => void;
  onCancel: () => void;
}

/** The rule-set form in a dialog. */
export function RuleSetDialog({ set, onSaved, onCancel }: RuleSetDialogProps) {
  const { client } = useElement();
  const t = useT();
  const tRules = useT('rules');
  const id = useId();
  const [form, setForm, draft] = useDraft(`waf-rules:set-form:${set?.id ?? 'new'}`, () => ({ name: set?.name ?? '', description: set?.description ?? '' }));
  const [localIssues, setLocalIssues] = useState<FieldIssue[]>([]);
  const saving = useSave();
  // A plan refusal (rules §6 custom rule sets) shows as the plan notice with its way out, not as a bare message.
  const issues = [...localIssues, ...withoutPlanRefusals(saving.issues)];

  const message = (field: string) => {
    const found = issueOn(issues, field);
    return found ? tRules(found.key, found.values) : null;
  };
  const submit = async () => {
    const local = validateRuleSet(form);
    setLocalIssues(local);
    saving.reset();
    if (local.length > 0) return;
    const body = { name: form.name.trim(), description: form.description.trim() };
    const outcome = await saving.run(() =>
      set ? updateRuleSet(client, { ...body, id: set.id }, { notify: false }) : createRuleSet(client, body, { notify: false }),
    );
    if (!outcome.ok) return;
    draft.discard();
    onSaved(outcome.value, set === null);
  };
  const cancel = () => {
    draft.discard();
    saving.reset();
    onCancel();
  };
  const nameError = message('name');
  const descriptionError = message('description');
  const formError = message('form');

  return (
    <EcDialog
      visible
      onHide={cancel}
      header={set ? t('set-form.rename-title') : t('set-form.create-title')}
      error={saving.error}
      footer={
        <DialogFooter onCancel={cancel} onConfirm={() => void submit()} busy={saving.saving} />
      }
    >
      <form
        className="ec-stack"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {draft.restored && <p className="ec-muted">{t('draft-restored')}</p>}
        <div className="ec-field">
          <label htmlFor={`${id}-name`}>{t('set-form.name', { max: RULE_SET_NAME_MAX_LENGTH })}</label>
          <InputText
            id={`${id}-name`}
            value={form.name}
            invalid={nameError !== null}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
            onChange={(event) => setForm({ ...form, name: event.target.value })}
          />
          {nameError && <small id={`${id}-name-error`} className="ec-error-text">{nameError}</small>}
        </div>
        <div className="ec-field">
          <label htmlFor={`${id}-description`}>{t('set-form.description', { max: RULE_SET_DESCRIPTION_MAX_LENGTH })}</label>
          <InputText
            id={`${id}-description`}
            value={form.description}
            invalid={descriptionError !== null}
            aria-invalid={descriptionError ? true : undefined}
            aria-describedby={descriptionError ? `${id}-description-error` : undefined}
            onChange={(event) => setForm({ ...form, description: event.target.value })}
          />
          {descriptionError && <small id={`${id}-description-error`} className="ec-error-text">{descriptionError}</small>}
        </div>
        {formError && <p className="ec-error-text" role="alert">{formError}</p>}
        <PlanRefusalNotices issues={saving.issues} />
        <button type="submit" hidden />
      </form>
    </EcDialog>
  );
}
