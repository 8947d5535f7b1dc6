/**
 * Create a download task (rules §3 "Log download task: name, template, domain, log type, time frame, file type,
 * language"): only enabled templates are offered (rules §5), at least one domain is required (rules §5) and at most
 * 1000 (rules §9); the log type is the template's. What is typed is kept as a draft until the task is created; the
 * server's findings show under their fields.
 */
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { RadioButton } from 'primereact/radiobutton';
import { useEffect, useId, useMemo, useState } from 'react';
import { createLogDownload, listLogTemplates, type LogFileLanguage, type LogFileType, type LogTemplate } from '../../../core/api/endpoints/logs.js';
import { listDomainPicker, type DomainListItem, type JobInfo } from '../../../core/api/endpoints/platform.js';
import { resolveTimeRange, TIME_RANGE_PRESETS, type TimeRangePreset } from '../../../core/i18n/time-range.js';
import { LOG_TYPE_LABEL_KEYS } from '../../../core/logs/field-labels.js';
import { LOG_DOMAIN_FILTER_MAX, LOG_DOWNLOAD_DELAY_MINUTES, LOG_DOWNLOAD_MAX } from '../../../core/rules/bans.js';
import type { FieldIssue } from '../../../core/rules/types.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { CheckboxGroup } from '../../../core/ui/parts/checkbox-group.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';
import { ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { useDraft } from '../../../core/ui/use-draft.js';
import type { Loaded } from '../store.js';
import { FILE_TYPE_KEYS, LANGUAGE_KEYS } from './labels.js';

const RANGE_KEYS: Record<TimeRangePreset, string> = {
  '15m': 'range.15m',
  '3h': 'range.3h',
  today: 'range.today',
  yesterday: 'range.yesterday',
  '7d': 'range.7d',
  '30d': 'range.30d',
  custom: 'range.custom',
};
const FILE_TYPES: readonly LogFileType[] = ['csv', 'json'];
const LANGUAGES: readonly LogFileLanguage[] = ['zh_CN', 'en_US'];
/** Name bounds of rules §5 (the server's check is the authority; this spares a round trip). */
const NAME_MIN = 4;
const NAME_MAX = 50;

/** Props of {@link TaskDialog}. */
export interface TaskDialogProps {
  onHide: () => void;
  onCreated: (job: JobInfo) => void;
}

interface Choices {
  templates: LogTemplate[];
  domains: DomainListItem[];
}

/** The form dialog; mounted while open. */
export function TaskDialog({ onHide, onCreated }: TaskDialogProps) {
  const { client, language } = useElement();
  const t = useT();
  const tRules = useT('rules');
  const tFields = useT('log-fields');
  const [choices, setChoices] = useState<Loaded<Choices>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [name, setName, nameDraft] = useDraft('log-downloads:task:name', '');
  const [templateId, setTemplateId] = useDraft<number | null>('log-downloads:task:template', null);
  const [domainIds, setDomainIds] = useDraft<number[]>('log-downloads:task:domains', []);
  const [domainFilter, setDomainFilter] = useState('');
  const [range, setRange] = useDraft<TimeRangePreset>('log-downloads:task:range', '3h');
  const [custom, setCustom] = useDraft('log-downloads:task:custom', { start: '', end: '' });
  const [fileType, setFileType] = useDraft<LogFileType>('log-downloads:task:file-type', 'csv');
  const [fileLanguage, setFileLanguage] = useDraft<LogFileLanguage>('log-downloads:task:language', language);
  const [submitted, setSubmitted] = useState(false);
  const saving = useSave();
  const ids = { name: useId(), template: useId(), range: useId(), start: useId(), end: useId(), filter: useId() };

  useEffect(() => {
    let current = true;
    setChoices({ status: 'loading' });
    Promise.all([listLogTemplates(client, { enabled: true, per_page: 200 }), listDomainPicker(client)]).then(
      ([templates, domains]) => current && setChoices({ status: 'ready', data: { templates: templates.list, domains: domains.list } }),
      () => current && setChoices({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [client, attempt]);

  const template = choices.status === 'ready' ? choices.data.templates.find((entry) => entry.id === templateId) : undefined;
  const templateOptions = useMemo(
    () => (choices.status === 'ready' ? choices.data.templates.map((entry) => ({ value: entry.id, label: t('task.template-option', { name: entry.name, type: tFields(LOG_TYPE_LABEL_KEYS[entry.log_type]) }) })) : []),
    [choices, t, tFields],
  );
  const domainOptions = useMemo(() => {
    if (choices.status !== 'ready') return [];
    const needle = domainFilter.trim().toLowerCase();
    // Checked domains stay in the list while filtering, so the user always sees what is chosen.
    return choices.data.domains.filter((entry) => !needle || entry.domain.includes(needle) || domainIds.includes(entry.domain_id)).map((entry) => ({ value: entry.domain_id, label: entry.domain }));
  }, [choices, domainFilter, domainIds]);
  const rangeOptions = useMemo(() => TIME_RANGE_PRESETS.map((value) => ({ value, label: t(RANGE_KEYS[value]) })), [t]);

  /** The form's own checks, as field issues of the `rules` namespace, so they show like the server's. */
  const localIssues = (): FieldIssue[] => {
    const found: FieldIssue[] = [];
    const trimmed = name.trim();
    if (!trimmed) found.push({ field: 'name', key: 'common.required' });
    else if (trimmed.length < NAME_MIN || trimmed.length > NAME_MAX) found.push({ field: 'name', key: 'common.length-range', values: { min: NAME_MIN, max: NAME_MAX } });
    if (templateId === null) found.push({ field: 'template_id', key: 'logs.template-required' });
    if (domainIds.length === 0) found.push({ field: 'domain_ids', key: 'logs.domain-required' });
    else if (domainIds.length > LOG_DOMAIN_FILTER_MAX) found.push({ field: 'domain_ids', key: 'bans.log-domain-filter-limit', values: { max: LOG_DOMAIN_FILTER_MAX } });
    if (!resolveTimeRange(range, Date.now(), custom)) found.push({ field: 'to', key: 'logs.time-range-invalid' });
    return found;
  };
  const issues = submitted ? [...localIssues(), ...saving.issues] : saving.issues;
  const issueOf = (...fields: string[]) => issues.find((found) => fields.includes(found.field));

  const save = async () => {
    setSubmitted(true);
    saving.reset();
    if (localIssues().length > 0) return;
    const resolved = resolveTimeRange(range, Date.now(), custom)!;
    const outcome = await saving.run(() =>
      createLogDownload(client, {
        name: name.trim(),
        template_id: templateId!,
        domain_ids: domainIds,
        from: new Date(resolved.start).toISOString(),
        // The resolved end is inclusive; the API's is exclusive.
        to: new Date(resolved.end + 1).toISOString(),
        file_type: fileType,
        language: fileLanguage,
      }),
    );
    if (!outcome.ok) return;
    nameDraft.discard();
    onCreated(outcome.value.job);
  };

  const issueText = (found: FieldIssue | undefined) => (found ? tRules(found.key, found.values ?? {}) : '');
  const fieldIssue = (id: string, found: FieldIssue | undefined) => (
    <span id={`${id}-issue`} className="ec-error-text" role={found ? 'alert' : undefined}>
      {issueText(found)}
    </span>
  );

  const body = () => {
    if (choices.status === 'loading') return <LoadingState message={t('loading')} />;
    if (choices.status === 'error') return <ErrorState message={t('load-failed')} onRetry={() => setAttempt((count) => count + 1)} />;
    const nameIssue = issueOf('name');
    const templateIssue = issueOf('template_id');
    const domainIssue = issueOf('domain_ids');
    const rangeIssue = issueOf('from', 'to');
    return (
      <form
        className="ec-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="ec-field">
          <label htmlFor={ids.name}>{t('task.name')}</label>
          <InputText id={ids.name} value={name} className={nameIssue ? 'p-invalid' : undefined} aria-invalid={nameIssue ? true : undefined} aria-describedby={`${ids.name}-issue`} onChange={(event) => setName(event.target.value)} />
          {fieldIssue(ids.name, nameIssue)}
        </div>
        <div className="ec-field">
          <label htmlFor={ids.template}>{t('task.template')}</label>
          <Dropdown
            inputId={ids.template}
            value={templateId}
            options={templateOptions}
            placeholder={t('task.template-placeholder')}
            emptyMessage={t('task.no-enabled-template')}
            className={templateIssue ? 'p-invalid' : undefined}
            pt={namedDropdown(t('task.template'))}
            onChange={(event) => setTemplateId(event.value as number)}
          />
          <span className="ec-muted ec-small">{template ? t('task.template-type', { type: tFields(LOG_TYPE_LABEL_KEYS[template.log_type]), count: template.fields.length }) : t('task.template-hint')}</span>
          {fieldIssue(ids.template, templateIssue)}
        </div>
        <div className="ec-field">
          <label htmlFor={ids.filter}>{t('task.domain-filter')}</label>
          <InputText id={ids.filter} type="search" value={domainFilter} onChange={(event) => setDomainFilter(event.target.value)} />
          <div className="ec-domain-choices">
            <CheckboxGroup label={t('task.domains', { count: domainIds.length, max: LOG_DOMAIN_FILTER_MAX })} options={domainOptions} value={domainIds} onChange={(next) => setDomainIds(next)} />
          </div>
          {fieldIssue(`${ids.filter}-domains`, domainIssue)}
        </div>
        <div className="ec-field">
          <label htmlFor={ids.range}>{t('task.time-range')}</label>
          <Dropdown inputId={ids.range} value={range} options={rangeOptions} pt={namedDropdown(t('task.time-range'))} onChange={(event) => setRange(event.value as TimeRangePreset)} />
          {range === 'custom' && (
            <div className="ec-row">
              <div className="ec-field">
                <label htmlFor={ids.start}>{t('task.start')}</label>
                <InputText id={ids.start} type="datetime-local" value={custom.start} onChange={(event) => setCustom({ ...custom, start: event.target.value })} />
              </div>
              <div className="ec-field">
                <label htmlFor={ids.end}>{t('task.end')}</label>
                <InputText id={ids.end} type="datetime-local" value={custom.end} onChange={(event) => setCustom({ ...custom, end: event.target.value })} />
              </div>
            </div>
          )}
          <span className="ec-muted ec-small">{t('task.delay-hint', { minutes: LOG_DOWNLOAD_DELAY_MINUTES, max: LOG_DOWNLOAD_MAX })}</span>
          {fieldIssue(ids.range, rangeIssue)}
        </div>
        <fieldset className="ec-fieldset">
          <legend>{t('task.file-type')}</legend>
          <div className="ec-row">
            {FILE_TYPES.map((value) => (
              <span key={value} className="ec-row ec-radio">
                <RadioButton inputId={`${ids.name}-file-${value}`} name={`${ids.name}-file`} value={value} checked={fileType === value} onChange={() => setFileType(value)} />
                <label htmlFor={`${ids.name}-file-${value}`}>{t(FILE_TYPE_KEYS[value])}</label>
              </span>
            ))}
          </div>
        </fieldset>
        <fieldset className="ec-fieldset">
          <legend>{t('task.language')}</legend>
          <div className="ec-row">
            {LANGUAGES.map((value) => (
              <span key={value} className="ec-row ec-radio">
                <RadioButton inputId={`${ids.name}-lang-${value}`} name={`${ids.name}-lang`} value={value} checked={fileLanguage === value} onChange={() => setFileLanguage(value)} />
                <label htmlFor={`${ids.name}-lang-${value}`}>{t(LANGUAGE_KEYS[value])}</label>
              </span>
            ))}
          </div>
        </fieldset>
      </form>
    );
  };

  const footer = <DialogFooter onCancel={onHide} onConfirm={() => void save()} confirmLabel={t('task.submit')} busy={saving.saving} confirmDisabled={choices.status !== 'ready'} />;
  return (
    <EcDialog visible onHide={onHide} header={t('task.create-title')} footer={footer} error={saving.error}>
      {body()}
    </EcDialog>
  );
}
