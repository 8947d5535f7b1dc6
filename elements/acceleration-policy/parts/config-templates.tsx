/**
 * Configuration templates (old layout `configTemplates`, `create`, `edit/:id`; rules §3 "Configuration template:
 * name, remark, configuration items"; rules §5 name at most 30) and batch setting by template (rules §5: at least one
 * configuration and a website selection; unapproved sites and sites without an origin cannot be batch configured,
 * rules §8 "Cannot perform batch configuration"): the template's items to apply, the websites, the server's per-site
 * preview of what changes (a dry run), then the result per site and the provisioning job's progress.
 *
 * The editor sets item values with the domain console's tab forms against a local target: a section's Save puts its
 * value into the template's items; "Save template" sends name, remark and items, which the server checks with the
 * groups' own rules.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import {
  applyConfigTemplate,
  copyConfigTemplate,
  createConfigTemplate,
  deleteConfigTemplate,
  getConfigTemplate,
  listConfigTemplates,
  updateConfigTemplate,
  type ApplyOutcome,
  type ConfigTemplate,
  type ConfigTemplateApplyAnswer,
} from '../../../core/api/endpoints/acceleration-policy.js';
import { UNAPPROVED_WEBSITE_STATUSES, type WebsiteInfo } from '../../../core/api/endpoints/websites.js';
import { featureGate, gateRow } from '../../../core/config/plan-gates.js';
import { formatCount, formatDateTime } from '../../../core/i18n/format.js';
import { onField } from '../../../core/rules/types.js';
import { validateBatchConfigSite, validateConfigTemplateName, validateTemplateRemark } from '../../../core/rules/websites.js';
import { settingsGroupEntry, type SettingsGroupName, type SettingsGroupState } from '../../../core/settings/catalogue.js';
import { policyGroupDefaults } from '../../../core/settings/policy.js';
import { currentUser } from '../../../core/session/session.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { PlanNotice } from '../../../core/ui/parts/plan-notice.js';
import { PlanRefusalNotices, withoutPlanRefusals } from '../../../core/ui/parts/plan-refusals.js';
import { FastTable, type FastColumn } from '../../../core/ui/parts/fast-table.js';
import { Pager } from '../../../core/ui/parts/pager.js';
import { GuardedButton } from '../../../core/ui/parts/read-only.js';
import { SearchInput } from '../../../core/ui/parts/search-input.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import type { SettingsTarget } from '../../domain-console/parts/settings-target.js';
import { groupLabelKey } from '../../domain-console/tabs/config/readable.js';
import { ConfirmActionDialog } from '../../domain-list/parts/list-dialogs.js';
import { ProvisioningProgress } from '../../domain-list/parts/provisioning-progress.js';
import { WebsitePicker } from '../../domain-list/parts/website-picker.js';
import { createWebsitePickerStore } from '../../domain-list/picker-store.js';
import { CONFIG_TEMPLATE_APPLIED_EVENT, TEMPLATE_DELETED_EVENT, TEMPLATE_SAVED_EVENT } from '../events.js';
import { templateListStoreFor } from '../store.js';
import { usePlan } from './acceleration-templates.js';
import { PolicyTabs } from './policy-tabs.js';
import { TemplateActions } from './template-actions.js';

/** The rules of the configuration template form, as typed (rules §5). */
export function configTemplateIssues(input: { name: string; remark: string; items: readonly string[] }): FieldIssue[] {
  return [
    ...onField('name', validateConfigTemplateName(input.name)),
    ...onField('remark', validateTemplateRemark(input.remark)),
    ...(input.items.length === 0 ? [{ field: 'items', key: 'websites.batch-config-required' }] : []),
  ];
}

/** Why a site cannot be batch configured (rules §5), from what the picker shows of it: the shared rule. */
function siteRefusal(site: WebsiteInfo) {
  return validateBatchConfigSite({ approved: !UNAPPROVED_WEBSITE_STATUSES.includes(site.status), hasOrigin: site.origins.length > 0 });
}

/** The names of a template's items, translated: the domain console's configuration view names the groups once. */
function useItemLabel() {
  const t = useT('domain-console');
  return (name: string) => t(groupLabelKey(name as SettingsGroupName));
}

/** Props of {@link ApplyDialog}. */
export interface ApplyDialogProps {
  template: ConfigTemplate;
  onApplied: (answer: ConfigTemplateApplyAnswer) => void;
  onCancel: () => void;
}

type ApplyStep = { step: 'pick' } | { step: 'preview'; answer: ConfigTemplateApplyAnswer; ids: number[] } | { step: 'done'; answer: ConfigTemplateApplyAnswer };

/** Batch setting by template: items and websites, the preview, then the result. */
export function ApplyDialog({ template, onApplied, onCancel }: ApplyDialogProps) {
  useSignals();
  const { client, language } = useElement();
  const t = useT('acceleration-policy');
  const tRules = useT('rules');
  const baseId = useId();
  const label = useItemLabel();
  const names = Object.keys(template.items);
  const [items, setItems] = useState<ReadonlySet<string>>(new Set(names));
  const picker = useMemo(() => createWebsitePickerStore(), []);
  const [step, setStep] = useState<ApplyStep>({ step: 'pick' });
  const [tried, setTried] = useState(false);
  const saving = useSave();
  const ticked = picker.ticked.value;
  const missing = items.size === 0 ? tRules('websites.batch-config-required') : ticked.size === 0 ? tRules('websites.select-domain') : null;

  const send = async (ids: number[], dryRun: boolean) =>
    saving.run(() => applyConfigTemplate(client, { template_id: template.id, items: [...items] as SettingsGroupName[], selection: { ids }, dry_run: dryRun }, { notify: false }));
  const preview = async () => {
    setTried(true);
    if (missing !== null) return;
    const ids = [...ticked];
    const outcome = await send(ids, true);
    if (outcome.ok) setStep({ step: 'preview', answer: outcome.value, ids });
  };
  const submit = async () => {
    if (step.step !== 'preview') return;
    const outcome = await send(step.ids, false);
    if (!outcome.ok) return;
    setStep({ step: 'done', answer: outcome.value });
    onApplied(outcome.value);
  };

  const columns = useMemo(
    (): FastColumn<ApplyOutcome>[] => [
      { key: 'domain', className: 'ec-col-primary', header: t('apply.column.domain'), title: t('apply.column.domain'), truncate: (row) => row.domain },
      {
        key: 'outcome',
        header: t('apply.column.outcome'),
        cell: (row) =>
          row.ok ? (
            <span>{row.changes.length === 0 ? t('apply.unchanged') : t(step.step === 'done' ? 'apply.applied' : 'apply.will-apply')}</span>
          ) : (
            <span className="ec-error-text">{row.reason ? tRules(row.reason.key, row.reason.values ?? {}) : ''}</span>
          ),
      },
      {
        key: 'changes',
        header: t('apply.column.changes'),
        title: t('apply.column.changes'),
        truncate: (row) => row.changes.map((change) => label(change.group)).join(', '),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, tRules, step.step],
  );

  const results = step.step === 'pick' ? null : step.answer;
  return (
    <EcDialog
      visible
      onHide={onCancel}
      width="840px"
      header={t('apply.title', { name: template.name })}
      error={saving.error}
      footer={
        step.step === 'done' ? (
          <DialogFooter onCancel={onCancel} />
        ) : step.step === 'preview' ? (
          <DialogFooter
            onCancel={() => setStep({ step: 'pick' })}
            cancelLabel={t('apply.back')}
            onConfirm={() => void submit()}
            confirmLabel={t('apply.submit', { count: step.answer.succeeded })}
            confirmDisabled={step.answer.succeeded === 0}
            busy={saving.saving}
          />
        ) : (
          <DialogFooter
            onCancel={onCancel}
            onConfirm={() => void preview()}
            confirmLabel={t('apply.preview')}
            busy={saving.saving}
            extra={tried && missing !== null ? <span className="ec-error-text">{missing}</span> : undefined}
          />
        )
      }
    >
      {step.step === 'pick' ? (
        <div className="ec-stack">
          <fieldset className="ec-stack" part="apply-items">
            <legend>{t('apply.items')}</legend>
            {names.map((name) => (
              <div key={name} className="ec-checkbox">
                <Checkbox
                  inputId={`${baseId}-${name}`}
                  checked={items.has(name)}
                  onChange={(event) => {
                    const next = new Set(items);
                    if (event.checked) next.add(name);
                    else next.delete(name);
                    setItems(next);
                  }}
                />
                <label htmlFor={`${baseId}-${name}`}>{label(name)}</label>
              </div>
            ))}
          </fieldset>
          <WebsitePicker store={picker} label={t('apply.sites')} refusal={siteRefusal} />
        </div>
      ) : (
        <div className="ec-stack" part="apply-outcome">
          <p role="status">{t(step.step === 'done' ? 'apply.done-summary' : 'apply.preview-summary', { succeeded: formatCount(results!.succeeded, language), failed: formatCount(results!.failed, language) })}</p>
          <FastTable rows={results!.results} rowKey={(row) => `${row.id ?? row.domain}`} columns={columns} label={t('apply.table-label')} />
          {step.step === 'done' && step.answer.job_id !== null && <ProvisioningProgress jobId={step.answer.job_id} />}
        </div>
      )}
    </EcDialog>
  );
}

/** Props of {@link ConfigTemplateEditor}. */
export interface ConfigTemplateEditorProps {
  templateId?: number;
  readonly: boolean;
  onBack?: () => void;
}

/** Create or change a configuration template. */
export function ConfigTemplateEditor({ templateId, readonly, onBack }: ConfigTemplateEditorProps) {
  const { client, emit } = useElement();
  const t = useT('acceleration-policy');
  const tRules = useT('rules');
  const baseId = useId();
  const label = useItemLabel();
  const { plan, failed, retry } = usePlan();
  const [id, setId] = useState<number | undefined>(templateId);
  const [status, setStatus] = useState<'loading' | 'error' | 'ready'>(templateId === undefined ? 'ready' : 'loading');
  const [attempt, setAttempt] = useState(0);
  const [name, setName] = useState('');
  const [remark, setRemark] = useState('');
  const [items, setItems] = useState<Record<string, unknown>>({});
  const [tried, setTried] = useState(false);
  const saving = useSave();
  // The tabs read the items through a target that must stay the same object (a new one reloads every tab).
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const planRef = useRef(plan);
  planRef.current = plan;

  useEffect(() => {
    if (id === undefined) return undefined;
    const controller = new AbortController();
    getConfigTemplate(client, id, { signal: controller.signal }).then(
      (template) => {
        setName(template.name);
        setRemark(template.remark);
        setItems(template.items as Record<string, unknown>);
        setStatus('ready');
      },
      () => !controller.signal.aborted && setStatus('error'),
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, attempt]);

  const target = useMemo((): SettingsTarget => {
    const stateOf = (group: SettingsGroupName): SettingsGroupState<unknown> => {
      const action = settingsGroupEntry(group).planAction;
      const locked = action !== null && !(planRef.current?.actions.includes(action) ?? false) ? action : null;
      return { value: itemsRef.current[group] ?? policyGroupDefaults(group), revision: 0, source: 'template', editable: !readonly && locked === null, locked_by: locked };
    };
    return {
      key: `acceleration-policy:config-template:${templateId ?? 'new'}`,
      read: async (_client, names) => Object.fromEntries(names.map((group) => [group, stateOf(group)])),
      save: async (_client, groups) => {
        const next = { ...itemsRef.current };
        for (const [group, save] of Object.entries(groups)) next[group] = save!.value;
        itemsRef.current = next;
        setItems(next);
        return Object.fromEntries(Object.keys(groups).map((group) => [group, stateOf(group as SettingsGroupName)]));
      },
    };
  }, [templateId, readonly]);

  const issues = [...configTemplateIssues({ name, remark, items: Object.keys(items) }), ...saving.issues];
  const message = (field: string) => {
    const found = issues.find((item) => item.field === field);
    return tried && found ? tRules(found.key, found.values ?? {}) : null;
  };
  const itemIssues = saving.issues.filter((item) => item.field.startsWith('items.'));
  const save = async () => {
    setTried(true);
    if (configTemplateIssues({ name, remark, items: Object.keys(items) }).length > 0) return;
    const body = { name: name.trim(), remark: remark.trim(), items };
    const outcome = await saving.run(() =>
      id === undefined ? createConfigTemplate(client, body, { notify: false }) : updateConfigTemplate(client, { ...body, template_id: id }, { notify: false }),
    );
    if (!outcome.ok) return;
    setId(outcome.value.id);
    emit(TEMPLATE_SAVED_EVENT, { kind: 'configuration', id: outcome.value.id, name: outcome.value.name });
  };
  const field = (key: 'name' | 'remark', value: string, set: (next: string) => void, hint: string) => {
    const inputId = `${baseId}-${key}`;
    const error = message(key);
    return (
      <div className="ec-field">
        <label htmlFor={inputId}>{t(`config.${key}`)}</label>
        <InputText id={inputId} value={value} disabled={readonly} invalid={error !== null} aria-invalid={error !== null ? true : undefined} aria-describedby={`${inputId}-hint`} onChange={(event) => set(event.target.value)} />
        <small id={`${inputId}-hint`} className={error ? 'ec-error-text' : 'ec-muted'}>
          {error ?? hint}
        </small>
      </div>
    );
  };

  if (failed) return <ErrorState message={t('load-failed')} onRetry={retry} />;
  if (status === 'error') return <ErrorState message={t('template-load-failed')} onRetry={() => setAttempt((count) => count + 1)} />;
  if (status === 'loading' || !plan) return <LoadingState message={t('loading')} />;
  return (
    <div className="ec-root ec-stack ec-acceleration-policy">
      {onBack && <Button type="button" className="p-button-text p-button-sm" icon="pi pi-arrow-left" label={t('action.back')} onClick={onBack} />}
      <h2 id={`${baseId}-title`} className="ec-page-title" part="title">
        {id === undefined ? t('config.create-title') : t('config.edit-title', { name })}
      </h2>
      <div className="ec-stack" part="template-form">
        {field('name', name, setName, t('config.name-hint'))}
        {field('remark', remark, setRemark, t('form.remark-hint'))}
        <div className="ec-stack" part="items">
          <span>{t('config.items')}</span>
          {Object.keys(items).length === 0 ? (
            <p className={tried ? 'ec-error-text' : 'ec-muted'}>{tried ? tRules('websites.batch-config-required') : t('config.items-empty')}</p>
          ) : (
            <ul className="ec-row ec-chip-list">
              {Object.keys(items).map((group) => (
                <li key={group} className="ec-chip">
                  {label(group)}
                  {!readonly && (
                    <button
                      type="button"
                      className="ec-link"
                      aria-label={t('config.remove-item', { item: label(group) })}
                      onClick={() => {
                        const next = { ...items };
                        delete next[group];
                        setItems(next);
                      }}
                    >
                      <i className="pi pi-times" aria-hidden="true" />
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          <p className="ec-muted">{t('config.items-hint')}</p>
          {itemIssues.length > 0 && (
            <ul className="ec-error-text" role="alert">
              {itemIssues.map((item) => (
                <li key={`${item.field}:${item.key}`}>
                  {label(item.field.split('.')[1] ?? '')}: {tRules(item.key, item.values ?? {})}
                </li>
              ))}
            </ul>
          )}
        </div>
        {!readonly && (
          <div className="ec-row">
            <Button type="button" label={t('config.save')} icon="pi pi-check" loading={saving.saving} onClick={() => void save()} />
            {saving.error && itemIssues.length === 0 && (
              <span role="alert" className="ec-error-text">
                {saving.error}
              </span>
            )}
          </div>
        )}
      </div>
      <PolicyTabs target={target} plan={plan} readonly={readonly} labelledBy={`${baseId}-title`} onSaved={() => undefined} />
    </div>
  );
}

type Dialog = { kind: 'copy' | 'delete' | 'apply'; template: ConfigTemplate };

/** Props of {@link ConfigTemplateList}. */
export interface ConfigTemplateListProps {
  pageSize?: number;
  readonly: boolean;
  /** Opens a template's editor; undefined: a new one. */
  onOpen: (id: number | undefined) => void;
}

/** The configuration template list. */
export function ConfigTemplateList({ pageSize, readonly, onOpen }: ConfigTemplateListProps) {
  useSignals();
  const { client, host, emit, language } = useElement();
  const t = useT('acceleration-policy');
  const tRules = useT('rules');
  const label = useItemLabel();
  const store = templateListStoreFor(host, 'configuration', listConfigTemplates, pageSize);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [sending, setSending] = useState(false);
  const [copyName, setCopyName] = useState('');
  const copying = useSave();
  const { plan } = usePlan();
  const state = store.state.value;
  const query = store.query.value;
  const mayChange = !readonly && store.editable.value !== false;
  const copyGate = featureGate('template_copy', { actions: plan, flag: currentUser.value?.flag, level: plan?.level });

  useEffect(() => {
    void store.load(client);
  }, [store, client, query]);

  const close = () => {
    setDialog(null);
    copying.reset();
  };
  const reload = () => void store.load(client);
  const remove = async (template: ConfigTemplate) => {
    setSending(true);
    try {
      await deleteConfigTemplate(client, template.id);
      emit(TEMPLATE_DELETED_EVENT, { kind: 'configuration', id: template.id });
      close();
    } catch {
      // The client's notice says why.
    } finally {
      setSending(false);
      reload();
    }
  };
  const copy = async (template: ConfigTemplate) => {
    const outcome = await copying.run(() => copyConfigTemplate(client, { template_id: template.id, name: copyName.trim() }, { notify: false }));
    if (!outcome.ok) return;
    emit(TEMPLATE_SAVED_EVENT, { kind: 'configuration', id: outcome.value.id, name: outcome.value.name });
    close();
    reload();
  };

  const columns = useMemo((): FastColumn<ConfigTemplate>[] => {
    const open = (kind: Dialog['kind'], template: ConfigTemplate) => () => {
      setCopyName('');
      setDialog({ kind, template });
    };
    return [
      { key: 'name', className: 'ec-col-primary', header: t('column.name'), title: t('column.name'), truncate: (row) => row.name },
      { key: 'remark', className: 'ec-col-remark', header: t('column.remark'), title: t('column.remark'), hideable: true, truncate: (row) => row.remark },
      { key: 'items', header: t('column.items'), title: t('column.items'), truncate: (row) => Object.keys(row.items).map(label).join(', ') },
      { key: 'updated', header: t('column.updated'), title: t('column.updated'), hideable: true, cell: (row) => <span className="ec-nowrap">{formatDateTime(row.updated_at, language)}</span> },
      {
        key: 'actions',
        className: 'ec-col-actions',
        header: t('column.actions'),
        cell: (row) => (
          <TemplateActions
            name={row.name}
            t={t}
            tRules={tRules}
            mayChange={mayChange}
            copyAllowed={copyGate.allowed}
            use={{ label: t('action.apply'), ariaLabel: t('action.apply-of', { name: row.name }), onClick: open('apply', row) }}
            onOpen={() => onOpen(row.id)}
            onCopy={open('copy', row)}
            onDelete={open('delete', row)}
          />
        ),
      },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, tRules, language, mayChange, copyGate.allowed, onOpen]);

  // A copy the plan refused (rules §6 flagship or above) shows the plan notice with its way out instead.
  const copyIssue = withoutPlanRefusals(copying.issues)[0];
  const copyError = validateConfigTemplateName(copyName);
  return (
    <div className="ec-root ec-stack ec-acceleration-policy">
      {store.editable.value === false && (
        <p className="ec-notice" role="note" part="read-only-notice">
          {t('read-only')}
        </p>
      )}
      {plan && !copyGate.allowed && copyGate.notice && mayChange && (
        <PlanNotice message={tRules(gateRow('template_copy').message)} notice={copyGate.notice} />
      )}
      <div className="ec-row ec-toolbar" part="toolbar">
        <SearchInput label={t('search')} value={store.search.value} debounceMs={300} onSearch={store.setSearch} />
        <span className="ec-spacer" />
        <GuardedButton type="button" icon="pi pi-plus" label={t('action.create')} deniedReason={mayChange ? null : t('read-only')} onClick={() => onOpen(undefined)} />
      </div>
      {state.status === 'loading' && <LoadingState message={t('loading')} />}
      {(state.status === 'error' || state.status === 'denied') && <ErrorState message={t('list-load-failed')} onRetry={reload} />}
      {state.status === 'ready' && state.list.length === 0 && (
        <div part="empty-state">
          <EmptyState message={store.search.value ? t('empty-filtered') : t('config.empty')} />
        </div>
      )}
      {state.status === 'ready' && state.list.length > 0 && (
        <>
          <div part="table">
            <FastTable rows={state.list} rowKey={(row) => row.id} columns={columns} label={t('config.table-label')} busy={store.busy.value} busyLabel={t('loading')} columnsKey="acceleration-policy.config-templates" />
          </div>
          <div part="pagination">
            <Pager page={query.page ?? 1} pageSize={query.per_page ?? 10} total={state.total} onChange={({ page, pageSize: size }) => store.setPage(page, size)} />
          </div>
        </>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmActionDialog
          header={t('delete.title')}
          message={t('delete.confirm', { name: dialog.template.name })}
          confirmLabel={t('action.delete')}
          danger
          busy={sending}
          onConfirm={() => void remove(dialog.template)}
          onCancel={close}
        />
      )}
      {dialog?.kind === 'copy' && (
        <EcDialog
          visible
          onHide={close}
          header={t('form.copy-title', { name: dialog.template.name })}
          error={copyIssue ? tRules(copyIssue.key, copyIssue.values ?? {}) : copying.error}
          footer={<DialogFooter onCancel={close} onConfirm={() => void copy(dialog.template)} confirmLabel={t('action.copy')} confirmDisabled={copyError !== null} busy={copying.saving} />}
        >
          <div className="ec-field">
            <label htmlFor="ec-config-copy-name">{t('config.name')}</label>
            <InputText id="ec-config-copy-name" value={copyName} aria-describedby="ec-config-copy-hint" onChange={(event) => setCopyName(event.target.value)} />
            <small id="ec-config-copy-hint" className="ec-muted">
              {copyName !== '' && copyError ? tRules(copyError.key, copyError.values ?? {}) : t('config.name-hint')}
            </small>
          </div>
          <PlanRefusalNotices issues={copying.issues} />
        </EcDialog>
      )}
      {dialog?.kind === 'apply' && (
        <ApplyDialog
          template={dialog.template}
          onApplied={(answer) => emit(CONFIG_TEMPLATE_APPLIED_EVENT, { id: dialog.template.id, succeeded: answer.succeeded, failed: answer.failed, job_id: answer.job_id })}
          onCancel={close}
        />
      )}
    </div>
  );
}
