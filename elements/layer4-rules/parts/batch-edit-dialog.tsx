/**
 * Batch edit (rules §5: "batch edit requires the same source port, package and source IP array across records").
 * Before any field is offered, the server compares the chosen records and names those that differ from the rest;
 * the user can deselect them in one step. Only the fields ticked are changed.
 */
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useState } from 'react';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import {
  batchEditLayer4Rules,
  checkLayer4Batch,
  LAYER4_LB_MODES,
  type Layer4BatchChanges,
  type Layer4BatchCheckAnswer,
  type Layer4LbMode,
  type Layer4SourceType,
} from '../../../core/api/endpoints/layer4.js';
import { validateLength } from '../../../core/rules/common.js';
import { LAYER4_REMARK_LENGTH, validateLayer4Port, validateLayer4Sources } from '../../../core/rules/layer4.js';
import { issue, onField } from '../../../core/rules/types.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { LabelledField, SelectField, SwitchField, TextField } from '../../../core/ui/parts/labelled-fields.js';
import { ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { useSave } from '../../../core/ui/parts/use-save.js';

/** Props of {@link BatchEditDialog}. */
export interface BatchEditDialogProps {
  ids: number[];
  /** The source type of the chosen records (the sameness rule makes it one). */
  type: Layer4SourceType;
  onHide: () => void;
  /** Drops records from the selection (the differing ones). */
  onDeselect: (ids: number[]) => void;
  onSaved: (ids: number[]) => void;
}

type Check = { status: 'loading' } | { status: 'error' } | { status: 'ready'; value: Layer4BatchCheckAnswer };

const lines = (text: string) => text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');

/** The batch edit dialog; mounted while open. */
export function BatchEditDialog({ ids, type, onHide, onDeselect, onSaved }: BatchEditDialogProps) {
  const { client } = useElement();
  const t = useT();
  const tRules = useT('rules');
  const [check, setCheck] = useState<Check>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [on, setOn] = useState({ sources: false, sourcePort: false, lbMode: false, remark: false });
  const [values, setValues] = useState({ sources: '', sourcePort: '', lbMode: 'round-robin' as Layer4LbMode, remark: '' });
  const [submitted, setSubmitted] = useState(false);
  const saving = useSave();

  const changes = (): Layer4BatchChanges => ({
    ...(on.sources ? { source_ips: lines(values.sources) } : {}),
    ...(on.sourcePort ? { source_port: values.sourcePort } : {}),
    ...(on.lbMode ? { lb_mode: values.lbMode } : {}),
    ...(on.remark ? { remark: values.remark } : {}),
  });
  const validate = (): FieldIssue[] => [
    ...onField('changes.source_ips', on.sources ? validateLayer4Sources(type, lines(values.sources)) : null),
    ...onField('changes.source_port', on.sourcePort ? validateLayer4Port(values.sourcePort) : null),
    ...onField('changes.remark', on.remark ? validateLength(values.remark, LAYER4_REMARK_LENGTH) : null),
    ...onField('changes', Object.values(on).some(Boolean) ? null : issue('common.required')),
  ];
  const issues = submitted ? [...validate(), ...saving.issues] : saving.issues;
  const errorOf = (field: string) => {
    const found = issues.find((entry) => entry.field === field);
    return found ? tRules(found.key, found.values ?? {}) : null;
  };

  useEffect(() => {
    let current = true;
    setCheck({ status: 'loading' });
    checkLayer4Batch(client, ids, { notify: false }).then(
      (value) => current && setCheck({ status: 'ready', value }),
      () => current && setCheck({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [client, ids, attempt]);

  const save = async () => {
    setSubmitted(true);
    saving.reset();
    if (validate().length > 0) return;
    const outcome = await saving.run(() => batchEditLayer4Rules(client, { ids, changes: changes() }, { notify: false }));
    if (outcome.ok) onSaved(outcome.value.ids);
  };

  const body = () => {
    if (check.status === 'loading') return <LoadingState message={t('batch.checking')} />;
    if (check.status === 'error') return <ErrorState message={t('load-failed')} onRetry={() => setAttempt((count) => count + 1)} />;
    if (!check.value.same) {
      const odd = check.value.differing;
      return (
        <div className="ec-stack" part="batch-preview">
          <p className="ec-error-text" role="alert">
            {t('batch.differ', { count: odd.length, total: ids.length })}
          </p>
          <ul className="ec-layer4-differing" aria-label={t('batch.differing-list')}>
            {odd.map((entry) => (
              <li key={entry.id}>{`${entry.protocol.toUpperCase()} ${entry.rule_port}`}</li>
            ))}
          </ul>
        </div>
      );
    }
    return (
      <div className="ec-stack">
        <p className="ec-muted">{t('batch.same', { count: ids.length })}</p>
        <SwitchField label={t('batch.change-sources')} checked={on.sources} onChange={(value) => setOn({ ...on, sources: value })} />
        {on.sources && (
          <LabelledField label={t('form.sources')} error={errorOf('changes.source_ips')}>
            {({ id, describedBy, invalid }) => (
              <InputTextarea id={id} rows={3} value={values.sources} invalid={invalid} aria-describedby={describedBy} onChange={(event) => setValues({ ...values, sources: event.target.value })} />
            )}
          </LabelledField>
        )}
        <SwitchField label={t('batch.change-source-port')} checked={on.sourcePort} onChange={(value) => setOn({ ...on, sourcePort: value })} />
        {on.sourcePort && <TextField label={t('form.source-port')} numeric value={values.sourcePort} onChange={(sourcePort) => setValues({ ...values, sourcePort })} error={errorOf('changes.source_port')} />}
        <SwitchField label={t('batch.change-lb')} checked={on.lbMode} onChange={(value) => setOn({ ...on, lbMode: value })} />
        {on.lbMode && (
          <SelectField
            label={t('form.lb-mode')}
            value={values.lbMode}
            options={LAYER4_LB_MODES.map((value) => ({ value, label: t(`lb.${value}`) }))}
            onChange={(value) => value && setValues({ ...values, lbMode: value })}
          />
        )}
        <SwitchField label={t('batch.change-remark')} checked={on.remark} onChange={(value) => setOn({ ...on, remark: value })} />
        {on.remark && <TextField label={t('form.remark')} value={values.remark} onChange={(remark) => setValues({ ...values, remark })} error={errorOf('changes.remark')} />}
        {errorOf('changes') && (
          <p className="ec-error-text" role="alert">
            {t('batch.nothing')}
          </p>
        )}
        {errorOf('ids') && (
          <p className="ec-error-text" role="alert">
            {errorOf('ids')}
          </p>
        )}
      </div>
    );
  };

  const differing = check.status === 'ready' && !check.value.same ? check.value.differing.map((entry) => entry.id) : null;
  const footer = differing ? (
    <DialogFooter onCancel={onHide} onConfirm={() => onDeselect(differing)} confirmLabel={t('batch.deselect', { count: differing.length })} confirmDisabled={differing.length === ids.length} />
  ) : (
    <DialogFooter onCancel={onHide} onConfirm={() => void save()} busy={saving.saving} confirmDisabled={check.status !== 'ready'} />
  );

  return (
    <EcDialog visible onHide={onHide} header={t('batch.title', { count: ids.length })} footer={footer} error={saving.error} width="560px">
      {body()}
    </EcDialog>
  );
}
