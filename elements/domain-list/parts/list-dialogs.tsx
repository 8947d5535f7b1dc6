/**
 * The dialogs of `<ec-domain-list>`: the confirmation of suspend (with the 503 notice of shell §4), enable and delete;
 * the edit dialog of one site's remark, group and auto renewal; and the outcome of a batch action that refused some
 * websites. One of each per list, never one per row.
 */
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { UNGROUPED, type WebsiteBatchAnswer, type WebsiteGroup, type WebsiteInfo, type WebsiteUpdateRequest } from '../../../core/api/endpoints/websites.js';
import { validateWebsiteRemark } from '../../../core/rules/websites.js';
import { useT } from '../../../core/ui/element-context.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { OutcomeSummary, OutcomeTable } from './outcome-table.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';

/** Props of {@link ConfirmActionDialog}. */
export interface ConfirmActionDialogProps {
  header: string;
  message: string;
  /** An extra warning line, e.g. the 503 notice. */
  notice?: string;
  confirmLabel: string;
  danger?: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal question with the consequence spelled out. */
export function ConfirmActionDialog({ header, message, notice, confirmLabel, danger, busy, onConfirm, onCancel }: ConfirmActionDialogProps) {
  return (
    <EcDialog
      visible
      onHide={onCancel}
      header={header}
      footer={<DialogFooter onCancel={onCancel} onConfirm={onConfirm} confirmLabel={confirmLabel} danger={danger} busy={busy} />}
    >
      <p>{message}</p>
      {notice && (
        <p className="ec-warning-box" role="note">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {notice}
        </p>
      )}
    </EcDialog>
  );
}

/** Props of {@link EditSiteDialog}. */
export interface EditSiteDialogProps {
  site: WebsiteInfo;
  groups: readonly WebsiteGroup[];
  /** Saves the site; throws on failure, which the dialog shows (the error catalogue's message) while staying open. */
  onSave: (body: WebsiteUpdateRequest) => Promise<WebsiteInfo>;
  onSaved: (site: WebsiteInfo) => void;
  onCancel: () => void;
}

/** Remark (4-32, rules §5), group and auto renewal of one site. */
export function EditSiteDialog({ site, groups, onSave, onSaved, onCancel }: EditSiteDialogProps) {
  const t = useT('domain-list');
  const tRules = useT('rules');
  const remarkId = useId();
  const groupId = useId();
  const renewId = useId();
  const [remark, setRemark] = useState(site.remark);
  const [group, setGroup] = useState<number>(site.group_id ?? UNGROUPED);
  const [autoRenew, setAutoRenew] = useState(site.auto_renew);
  const [touched, setTouched] = useState(false);

  const remarkIssue = validateWebsiteRemark(remark);
  const groupOptions = [{ value: UNGROUPED, label: t('group.none') }, ...groups.map((item) => ({ value: item.id, label: item.name }))];
  const saving = useSave();
  const save = async () => {
    setTouched(true);
    saving.reset();
    if (remarkIssue) return;
    const outcome = await saving.run(() => onSave({ id: site.id, remark: remark.trim(), group_id: group === UNGROUPED ? null : group, auto_renew: autoRenew }));
    if (outcome.ok) onSaved(outcome.value);
  };

  return (
    <EcDialog
      visible
      onHide={onCancel}
      header={t('edit.title', { domain: site.domain })}
      error={saving.error || saving.issues.map((found) => tRules(found.key, found.values ?? {})).join(' ')}
      footer={<DialogFooter onCancel={onCancel} onConfirm={() => void save()} busy={saving.saving} />}
    >
      <div className="ec-stack">
        <div className="ec-field">
          <label htmlFor={remarkId}>{t('field.remark')}</label>
          <InputText
            id={remarkId}
            value={remark}
            invalid={touched && remarkIssue !== null}
            aria-invalid={touched && remarkIssue !== null ? true : undefined}
            aria-describedby={`${remarkId}-hint`}
            onChange={(event) => setRemark(event.target.value)}
          />
          <small id={`${remarkId}-hint`} className={touched && remarkIssue ? 'ec-error-text' : 'ec-muted'}>
            {touched && remarkIssue ? tRules(remarkIssue.key, remarkIssue.values ?? {}) : t('field.remark-hint')}
          </small>
        </div>
        <div className="ec-field">
          <label htmlFor={groupId}>{t('field.group')}</label>
          <Dropdown
            inputId={groupId}
            value={group}
            options={groupOptions}
            onChange={(event) => setGroup(event.value as number)}
            pt={namedDropdown(t('field.group'))}
          />
        </div>
        <div className="ec-checkbox">
          <Checkbox inputId={renewId} checked={autoRenew} onChange={(event) => setAutoRenew(event.checked === true)} />
          <label htmlFor={renewId}>{t('field.auto-renew')}</label>
        </div>
      </div>
    </EcDialog>
  );
}

/** Props of {@link OutcomeDialog}. */
export interface OutcomeDialogProps {
  header: string;
  answer: WebsiteBatchAnswer;
  okLabel: string;
  onClose: () => void;
}

/** The outcome of a batch action that refused some websites, each with its reason. */
export function OutcomeDialog({ header, answer, okLabel, onClose }: OutcomeDialogProps) {
  return (
    <EcDialog
      visible
      onHide={onClose}
      header={header}
      width="720px"
      footer={<DialogFooter onCancel={onClose} />}
    >
      <OutcomeSummary results={answer.results} />
      <OutcomeTable results={answer.results} okLabel={okLabel} label={header} />
    </EcDialog>
  );
}
