/**
 * Access control of one rule: IP addresses or CIDR blocks to allow and to deny (never the same entry in both) and
 * regions whose visitors are refused, one entry per line, checked with core/rules/layer4.ts as the server checks
 * them. Saving sends the whole rule with the new lists (the rule's other fields as they are).
 */
import { InputTextarea } from 'primereact/inputtextarea';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { updateLayer4Rule, type Layer4Rule } from '../../../core/api/endpoints/layer4.js';
import { LAYER4_ACCESS_ENTRIES_MAX, validateLayer4Access } from '../../../core/rules/layer4.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { LabelledField } from '../../../core/ui/parts/labelled-fields.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { useDraft } from '../../../core/ui/use-draft.js';

/** Props of {@link AccessForm}. */
export interface AccessFormProps {
  rule: Layer4Rule;
  onSaved: (rule: Layer4Rule) => void;
}

const lines = (text: string) => text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');

/** The access control form. */
export function AccessForm({ rule, onSaved }: AccessFormProps) {
  const { client } = useElement();
  const t = useT();
  const tRules = useT('rules');
  const [draft, setDraft, controls] = useDraft(`layer4:access:${rule.id}`, () => ({
    allow: rule.access.allow_ips.join('\n'),
    deny: rule.access.deny_ips.join('\n'),
    regions: rule.access.deny_regions.join('\n'),
  }));
  const [submitted, setSubmitted] = useState(false);
  const saving = useSave();
  const access = { allow_ips: lines(draft.allow), deny_ips: lines(draft.deny), deny_regions: lines(draft.regions).map((code) => code.toUpperCase()) };
  const issues = submitted ? [...validateLayer4Access(access), ...saving.issues] : saving.issues;
  const errorOf = (field: string) => {
    const found = issues.find((entry) => entry.field === field);
    return found ? tRules(found.key, found.values ?? {}) : null;
  };

  const save = async () => {
    setSubmitted(true);
    saving.reset();
    if (validateLayer4Access(access).length > 0) return;
    const { id, protocol, rule_port, type, source_ips, source_port, remark, package_id, lb_mode } = rule;
    const outcome = await saving.run(() =>
      updateLayer4Rule(client, { id, protocol, rule_port, type, source_ips, source_port, remark, package_id, lb_mode, access }, { notify: false }),
    );
    if (!outcome.ok) return;
    controls.discard();
    onSaved(outcome.value);
  };

  const area = (key: 'allow' | 'deny' | 'regions', label: string, field: string, hint: string) => (
    <LabelledField label={label} hint={hint} error={errorOf(field)}>
      {({ id, describedBy, invalid }) => (
        <InputTextarea
          id={id}
          rows={4}
          value={draft[key]}
          readOnly={!rule.editable}
          invalid={invalid}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => setDraft((current) => ({ ...current, [key]: event.target.value }))}
        />
      )}
    </LabelledField>
  );

  return (
    <form
      className="ec-stack"
      part="access-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {area('allow', t('access.allow'), 'access.allow_ips', t('access.ip-hint', { max: LAYER4_ACCESS_ENTRIES_MAX }))}
      {area('deny', t('access.deny'), 'access.deny_ips', t('access.ip-hint', { max: LAYER4_ACCESS_ENTRIES_MAX }))}
      {area('regions', t('access.regions'), 'access.deny_regions', t('access.regions-hint'))}
      {saving.error ? (
        <p className="ec-error-text" role="alert">
          {saving.error}
        </p>
      ) : null}
      {rule.editable && (
        <div className="ec-row">
          <Button type="submit" size="small" label={t('access.save')} loading={saving.saving} />
        </div>
      )}
    </form>
  );
}
