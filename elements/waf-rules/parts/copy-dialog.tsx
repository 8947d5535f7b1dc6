/**
 * Copy rules to another set (rules §2 "copy rules"): the chosen saved rules, built-in ones included, are appended to a
 * set the caller may change. Unsaved rules cannot be copied until they are saved. The targets come from
 * `V4/firewall.member.transfer` (shell §7): every set the server would accept, with a full one shown but disabled.
 */
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useId, useState } from 'react';
import { copyRules, getTransferTargets, type RuleSetInfo, type TransferTarget } from '../../../core/api/endpoints/waf.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';
import { PlanRefusalNotices, withoutPlanRefusals } from '../../../core/ui/parts/plan-refusals.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';

/** Props of {@link CopyDialog}. */
export interface CopyDialogProps {
  /** The set the rules come from. */
  sourceId: number;
  /** Saved rule ids to copy. */
  ids: number[];
  /** Selected rules left out because they are not saved yet. */
  unsaved: number;
  onCopied: (target: RuleSetInfo, count: number) => void;
  onCancel: () => void;
}

/** The copy form in a dialog. */
export function CopyDialog({ sourceId, ids, unsaved, onCopied, onCancel }: CopyDialogProps) {
  const { client } = useElement();
  const t = useT();
  const tRules = useT('rules');
  const id = useId();
  const [targets, setTargets] = useState<TransferTarget[] | 'loading' | 'error'>('loading');
  const [target, setTarget] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const saving = useSave();

  const load = () => {
    setTargets('loading');
    getTransferTargets(client, { source_id: sourceId, count: Math.max(1, ids.length) }, { notify: false }).then(
      (answer) => setTargets(answer.list),
      () => setTargets('error'),
    );
  };
  const submit = async () => {
    setMessage(null);
    if (target === null) {
      setMessage(tRules('waf.rule-set-required'));
      return;
    }
    const outcome = await saving.run(() => copyRules(client, { ids, target_id: target }, { notify: false }));
    if (outcome.ok) onCopied(outcome.value.target, outcome.value.copied);
  };
  // A plan refusal (rules §6 custom rules) shows as the plan notice with its way out; other refusals as the error.
  const refused = withoutPlanRefusals(saving.issues)[0];

  useEffect(load, [client, sourceId, ids.length]);

  return (
    <EcDialog
      visible
      onHide={onCancel}
      header={t('copy.title', { count: ids.length })}
      error={refused ? tRules(refused.key, refused.values) : saving.issues.length > 0 ? '' : saving.error}
      footer={
        <DialogFooter onCancel={onCancel} onConfirm={() => void submit()} confirmLabel={t('copy.submit')} busy={saving.saving} confirmDisabled={ids.length === 0} />
      }
    >
      {targets === 'loading' && <LoadingState />}
      {targets === 'error' && <ErrorState onRetry={load} />}
      {Array.isArray(targets) && (
        <div className="ec-stack">
          {unsaved > 0 && <p className="ec-muted">{t('copy.unsaved', { count: unsaved })}</p>}
          <div className="ec-field">
            <label htmlFor={`${id}-target`}>{t('copy.target')}</label>
            <Dropdown
              inputId={`${id}-target`}
              value={target}
              options={targets.map((set) => ({
                value: set.id,
                label: set.fits ? set.name : t('copy.target-full', { name: set.name, room: set.room }),
                disabled: !set.fits,
              }))}
              optionDisabled="disabled"
              emptyMessage={t('copy.no-target')}
              onChange={(event) => setTarget(Number(event.value))}
              pt={namedDropdown(t('copy.target'))}
            />
          </div>
          {message !== null && (
            <p className="ec-error-text" role="alert">
              {message}
            </p>
          )}
          <PlanRefusalNotices issues={saving.issues} />
        </div>
      )}
    </EcDialog>
  );
}
