/**
 * Create or edit a download template (rules §3 "Log template: name, group, log type, download fields, limitations,
 * enabled flag"). The fields offered are the catalogue's for the chosen log type, in catalogue order; changing the
 * type keeps the chosen fields the new type has. The limitation is an expression of the advanced search language;
 * the server parses it and its finding shows inline under the field. What is typed is kept as a draft until saved.
 */
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useId, useMemo, useState } from 'react';
import { saveLogTemplate, type LogTemplate, type LogTemplateInput, type LogType } from '../../../core/api/endpoints/logs.js';
import { LOG_FIELD_LABEL_KEYS, LOG_TYPE_LABEL_KEYS } from '../../../core/logs/field-labels.js';
import { LOG_TYPES, logFieldsOf } from '../../../core/logs/fields.js';
import type { LogFieldName } from '../../../core/logs/predicate.js';
import type { FieldIssue } from '../../../core/rules/types.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { CheckboxGroup } from '../../../core/ui/parts/checkbox-group.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { useDraft } from '../../../core/ui/use-draft.js';

/** Name bounds (the server's, payloads.ts): 4-50 like every name of the logs area. */
const NAME_MIN = 4;
const NAME_MAX = 50;
const GROUP_MAX = 50;

/** Props of {@link TemplateDialog}. */
export interface TemplateDialogProps {
  /** The template to edit; null to create one. */
  editing: LogTemplate | null;
  onHide: () => void;
  onSaved: (template: LogTemplate, created: boolean) => void;
}

function toInput(template: LogTemplate | null): LogTemplateInput {
  return template
    ? { name: template.name, group: template.group, log_type: template.log_type, fields: template.fields, limitation: template.limitation, enabled: template.enabled }
    : { name: '', group: '', log_type: 'access', fields: ['ts', 'domain', 'client_ip', 'method', 'uri', 'status'], limitation: '', enabled: true };
}

/** The form dialog; mounted while open. */
export function TemplateDialog({ editing, onHide, onSaved }: TemplateDialogProps) {
  const { client } = useElement();
  const t = useT();
  const tRules = useT('rules');
  const tFields = useT('log-fields');
  const [draft, setDraft, draftControls] = useDraft<LogTemplateInput>(`log-downloads:template:${editing?.id ?? 'new'}`, () => toInput(editing));
  const [submitted, setSubmitted] = useState(false);
  const saving = useSave();
  const ids = { name: useId(), group: useId(), type: useId(), limitation: useId(), enabled: useId() };
  const update = (patch: Partial<LogTemplateInput>) => setDraft((previous) => ({ ...previous, ...patch }));

  const fieldOptions = useMemo(() => logFieldsOf(draft.log_type).map((field) => ({ value: field.name as string, label: tFields(LOG_FIELD_LABEL_KEYS[field.name as LogFieldName]) })), [draft.log_type, tFields]);
  const typeOptions = useMemo(() => LOG_TYPES.map((value) => ({ value, label: tFields(LOG_TYPE_LABEL_KEYS[value]) })), [tFields]);

  const localIssues = (): FieldIssue[] => {
    const found: FieldIssue[] = [];
    const name = draft.name.trim();
    if (!name) found.push({ field: 'name', key: 'common.required' });
    else if (name.length < NAME_MIN || name.length > NAME_MAX) found.push({ field: 'name', key: 'common.length-range', values: { min: NAME_MIN, max: NAME_MAX } });
    if (draft.group.trim().length > GROUP_MAX) found.push({ field: 'group', key: 'common.too-long', values: { max: GROUP_MAX } });
    if (draft.fields.length === 0) found.push({ field: 'fields', key: 'logs.fields-required' });
    return found;
  };
  const issues = submitted ? [...localIssues(), ...saving.issues] : saving.issues;
  const issueOf = (field: string) => issues.find((found) => found.field === field);

  const save = async () => {
    setSubmitted(true);
    saving.reset();
    if (localIssues().length > 0) return;
    const body: LogTemplateInput = { ...draft, name: draft.name.trim(), group: draft.group.trim(), limitation: draft.limitation.trim(), ...(editing ? { id: editing.id } : {}) };
    const outcome = await saving.run(() => saveLogTemplate(client, body));
    if (!outcome.ok) return;
    draftControls.discard();
    onSaved(outcome.value, !editing);
  };

  const issueLine = (id: string, found: FieldIssue | undefined) => (
    <span id={`${id}-issue`} className="ec-error-text" role={found ? 'alert' : undefined}>
      {found ? tRules(found.key, found.values ?? {}) : ''}
    </span>
  );
  const nameIssue = issueOf('name');
  const groupIssue = issueOf('group');
  const fieldsIssue = issueOf('fields');
  const limitationIssue = issueOf('limitation');

  const footer = <DialogFooter onCancel={onHide} onConfirm={() => void save()} busy={saving.saving} />;
  return (
    <EcDialog visible onHide={onHide} header={editing ? t('template.edit-title', { name: editing.name }) : t('template.create-title')} footer={footer} error={saving.error}>
      <form
        className="ec-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="ec-field">
          <label htmlFor={ids.name}>{t('template.name')}</label>
          <InputText id={ids.name} value={draft.name} className={nameIssue ? 'p-invalid' : undefined} aria-invalid={nameIssue ? true : undefined} aria-describedby={`${ids.name}-issue`} onChange={(event) => update({ name: event.target.value })} />
          {issueLine(ids.name, nameIssue)}
        </div>
        <div className="ec-field">
          <label htmlFor={ids.group}>{t('template.group')}</label>
          <InputText id={ids.group} value={draft.group} className={groupIssue ? 'p-invalid' : undefined} aria-invalid={groupIssue ? true : undefined} aria-describedby={`${ids.group}-issue`} onChange={(event) => update({ group: event.target.value })} />
          {issueLine(ids.group, groupIssue)}
        </div>
        <div className="ec-field">
          <label htmlFor={ids.type}>{t('column.log-type')}</label>
          <Dropdown
            inputId={ids.type}
            value={draft.log_type}
            options={typeOptions}
            pt={namedDropdown(t('column.log-type'))}
            onChange={(event) => {
              const type = event.value as LogType;
              const allowed = new Set(logFieldsOf(type).map((field) => field.name as string));
              update({ log_type: type, fields: draft.fields.filter((field) => allowed.has(field)) });
            }}
          />
        </div>
        <div className="ec-field ec-template-fields">
          <CheckboxGroup label={t('template.fields', { count: draft.fields.length })} options={fieldOptions} value={draft.fields} onChange={(next) => update({ fields: next })} />
          {issueLine(`${ids.type}-fields`, fieldsIssue)}
        </div>
        <div className="ec-field">
          <label htmlFor={ids.limitation}>{t('template.limitation')}</label>
          <InputTextarea
            id={ids.limitation}
            value={draft.limitation}
            rows={2}
            className={`ec-mono${limitationIssue ? ' p-invalid' : ''}`}
            aria-invalid={limitationIssue ? true : undefined}
            aria-describedby={`${ids.limitation}-hint ${ids.limitation}-issue`}
            onChange={(event) => update({ limitation: event.target.value })}
          />
          <span id={`${ids.limitation}-hint`} className="ec-muted ec-small">
            {t('template.limitation-hint')}
          </span>
          {issueLine(ids.limitation, limitationIssue)}
        </div>
        <div className="ec-row ec-radio">
          <Checkbox inputId={ids.enabled} checked={draft.enabled} onChange={(event) => update({ enabled: event.checked === true })} />
          <label htmlFor={ids.enabled}>{t('template.enabled-label')}</label>
        </div>
      </form>
    </EcDialog>
  );
}
