/**
 * The global acceleration policy and the acceleration templates (new layout `speed-network/domain-acceleration`
 * global and tpl tabs, add-tpl; rules §3 "Security template: name, remark, bound domain count, creation time"; rules
 * §4; rules §5 name 4-32, remark 4-128; rules §6 copy needs flagship or above, view-only for callers who may not
 * change templates).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { publishNotice } from '../../../core/api/notices.js';
import {
  copyAccelerationTemplate,
  createAccelerationTemplate,
  deleteAccelerationTemplate,
  getAccelerationTemplate,
  getPolicyGroups,
  listAccelerationTemplates,
  savePolicyGroups,
  updateAccelerationTemplate,
  type AccelerationTemplate,
  type BindAnswer,
  type PolicyTarget,
} from '../../../core/api/endpoints/acceleration-policy.js';
import { getPlanActions, type PlanActionsAnswer } from '../../../core/api/endpoints/platform.js';
import { featureGate, gateRow } from '../../../core/config/plan-gates.js';
import { formatCount, formatDateTime } from '../../../core/i18n/format.js';
import { currentUser } from '../../../core/session/session.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { FastTable, type FastColumn } from '../../../core/ui/parts/fast-table.js';
import { PlanNotice } from '../../../core/ui/parts/plan-notice.js';
import { Pager } from '../../../core/ui/parts/pager.js';
import { GuardedButton } from '../../../core/ui/parts/read-only.js';
import { SearchInput } from '../../../core/ui/parts/search-input.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import type { SettingsTarget } from '../../domain-console/parts/settings-target.js';
import { ConfirmActionDialog } from '../../domain-list/parts/list-dialogs.js';
import { TEMPLATE_BINDING_EVENT, TEMPLATE_DELETED_EVENT, TEMPLATE_SAVED_EVENT } from '../events.js';
import { templateListStoreFor } from '../store.js';
import { PolicyTabs } from './policy-tabs.js';
import { TemplateActions } from './template-actions.js';
import { BindDialog, BoundDomainsDialog, TemplateFormDialog } from './template-dialogs.js';

/** The settings target of the global policy or a template (see parts/policy-tabs.tsx). */
export function policyTarget(target: PolicyTarget): SettingsTarget {
  return {
    key: target.target === 'global' ? 'acceleration-policy:global' : `acceleration-policy:template:${target.template_id}`,
    read: (client, names, options) => getPolicyGroups(client, target, names, options),
    save: (client, groups, options) => savePolicyGroups(client, { ...target, group: groups }, options),
  };
}

/** The account's plan, read once per element; null until read, 'error' when it could not be. */
export function usePlan(): { plan: PlanActionsAnswer | null; failed: boolean; retry: () => void } {
  const { client } = useElement();
  const [plan, setPlan] = useState<PlanActionsAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setFailed(false);
    getPlanActions(client).then(
      (answer) => current && setPlan(answer),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [client, attempt]);
  return { plan, failed, retry: useCallback(() => setAttempt((count) => count + 1), []) };
}

/** The global acceleration policy: what every domain on "global policy" inherits (rules §4). */
export function GlobalPolicy({ readonly }: { readonly: boolean }) {
  const t = useT('acceleration-policy');
  const baseId = useId();
  const { plan, failed, retry } = usePlan();
  const target = useMemo(() => policyTarget({ target: 'global' }), []);
  if (failed) return <ErrorState message={t('load-failed')} onRetry={retry} />;
  if (!plan) return <LoadingState message={t('loading')} />;
  return (
    <div className="ec-root ec-stack ec-acceleration-policy">
      <h2 id={`${baseId}-title`} className="ec-page-title" part="title">
        {t('global.title')}
      </h2>
      <p className="ec-muted" part="explain">
        {t('global.explain')}
      </p>
      <PolicyTabs target={target} plan={plan} readonly={readonly} labelledBy={`${baseId}-title`} onSaved={() => publishNotice({ severity: 'success', namespace: 'acceleration-policy', key: 'saved-redeploying' })} />
    </div>
  );
}

/** Props of {@link TemplateEditor}. */
export interface TemplateEditorProps {
  /** The template; absent: the create form (add-tpl). */
  templateId?: number;
  readonly: boolean;
  /** Back to the list (shown when the list opened the editor). */
  onBack?: () => void;
}

/** One acceleration template: its name and remark, and its settings groups. */
export function TemplateEditor({ templateId, readonly, onBack }: TemplateEditorProps) {
  const { client, emit } = useElement();
  const t = useT('acceleration-policy');
  const baseId = useId();
  const [id, setId] = useState<number | undefined>(templateId);
  const [template, setTemplate] = useState<AccelerationTemplate | null>(null);
  const [status, setStatus] = useState<'loading' | 'error' | 'ready'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [renaming, setRenaming] = useState(false);
  const { plan, failed, retry } = usePlan();
  const target = useMemo(() => (id === undefined ? null : policyTarget({ target: 'template', template_id: id })), [id]);

  useEffect(() => setId(templateId), [templateId]);
  useEffect(() => {
    if (id === undefined) return undefined;
    const controller = new AbortController();
    setStatus('loading');
    getAccelerationTemplate(client, id, { signal: controller.signal }).then(
      (answer) => {
        setTemplate(answer);
        setStatus('ready');
      },
      () => !controller.signal.aborted && setStatus('error'),
    );
    return () => controller.abort();
  }, [client, id, attempt]);

  const saved = (next: AccelerationTemplate) => {
    setTemplate(next);
    setId(next.id);
    setRenaming(false);
    emit(TEMPLATE_SAVED_EVENT, { kind: 'acceleration', id: next.id, name: next.name });
  };
  const back = onBack && (
    <Button type="button" className="p-button-text p-button-sm" icon="pi pi-arrow-left" label={t('action.back')} onClick={onBack} />
  );

  if (id === undefined) {
    // add-tpl: name and remark first; the groups are edited once the template exists.
    return (
      <div className="ec-root ec-stack ec-acceleration-policy">
        {back}
        <h2 className="ec-page-title" part="title">
          {t('form.create-title')}
        </h2>
        {readonly ? (
          <p className="ec-notice" role="note" part="read-only-notice">
            {t('read-only')}
          </p>
        ) : (
          <TemplateFormDialog kind="create" onSave={(fields) => createAccelerationTemplate(client, fields, { notify: false })} onSaved={saved} onCancel={() => onBack?.()} />
        )}
      </div>
    );
  }
  if (failed) return <ErrorState message={t('load-failed')} onRetry={retry} />;
  if (status === 'error') return <ErrorState message={t('template-load-failed')} onRetry={() => setAttempt((count) => count + 1)} />;
  if (status === 'loading' || !template || !plan || !target) return <LoadingState message={t('loading')} />;
  return (
    <div className="ec-root ec-stack ec-acceleration-policy">
      {back}
      <div className="ec-row">
        <h2 id={`${baseId}-title`} className="ec-page-title" part="title">
          {t('template.title', { name: template.name })}
        </h2>
        <span className="ec-spacer" />
        {!readonly && <Button type="button" className="p-button-outlined p-button-sm" label={t('action.rename')} onClick={() => setRenaming(true)} />}
      </div>
      <p className="ec-muted" part="explain">
        {template.remark ? `${template.remark} · ` : ''}
        {t('template.bound', { count: template.bound_count })}
      </p>
      <PolicyTabs
        target={target}
        plan={plan}
        readonly={readonly}
        labelledBy={`${baseId}-title`}
        onSaved={() => publishNotice({ severity: 'success', namespace: 'acceleration-policy', key: 'saved-redeploying' })}
      />
      {renaming && (
        <TemplateFormDialog
          kind="rename"
          template={template}
          onSave={(fields) => updateAccelerationTemplate(client, { ...fields, template_id: template.id }, { notify: false })}
          onSaved={saved}
          onCancel={() => setRenaming(false)}
        />
      )}
    </div>
  );
}

type Dialog = { kind: 'create' } | { kind: 'copy' | 'delete' | 'bind' | 'bound'; template: AccelerationTemplate };

/** Props of {@link TemplateList}. */
export interface TemplateListProps {
  pageSize?: number;
  readonly: boolean;
  /** Opens a template's editor. */
  onOpen: (id: number) => void;
}

/** The acceleration template list. */
export function TemplateList({ pageSize, readonly, onOpen }: TemplateListProps) {
  useSignals();
  const { client, host, emit, language } = useElement();
  const t = useT('acceleration-policy');
  const tRules = useT('rules');
  const store = templateListStoreFor(host, 'acceleration', listAccelerationTemplates, pageSize);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [sending, setSending] = useState(false);
  const { plan } = usePlan();
  const state = store.state.value;
  const query = store.query.value;
  const mayChange = !readonly && store.editable.value !== false;
  const deniedReason = mayChange ? null : t('read-only');
  // Rules §6: copy needs flagship or above (`template_copy`); until the plan is read nothing gated is offered.
  const copyGate = featureGate('template_copy', { actions: plan, flag: currentUser.value?.flag, level: plan?.level });

  useEffect(() => {
    void store.load(client);
  }, [store, client, query]);

  const close = () => setDialog(null);
  const reload = () => void store.load(client);
  const bindingChanged = (template: AccelerationTemplate, bound: boolean) => (answer: BindAnswer, ids: number[]) => {
    const done = ids.filter((id) => answer.results.find((result) => result.domain_id === id)?.ok);
    emit(TEMPLATE_BINDING_EVENT, { id: template.id, bound: bound ? done : [], unbound: bound ? [] : done });
    reload();
  };
  const remove = async (template: AccelerationTemplate) => {
    setSending(true);
    try {
      await deleteAccelerationTemplate(client, template.id);
      emit(TEMPLATE_DELETED_EVENT, { kind: 'acceleration', id: template.id });
      close();
    } catch {
      // The client's notice says why (a bound template is refused with the rules' message).
    } finally {
      setSending(false);
      reload();
    }
  };

  const columns = useMemo((): FastColumn<AccelerationTemplate>[] => {
    const open = (kind: 'copy' | 'delete' | 'bind' | 'bound', template: AccelerationTemplate) => () => setDialog({ kind, template });
    return [
      { key: 'name', className: 'ec-col-primary', header: t('column.name'), title: t('column.name'), truncate: (row) => row.name },
      { key: 'remark', className: 'ec-col-remark', header: t('column.remark'), title: t('column.remark'), hideable: true, truncate: (row) => row.remark },
      {
        key: 'bound',
        header: t('column.bound'),
        title: t('column.bound'),
        cell: (row) => (
          <button type="button" className="ec-link" aria-label={t('action.bound-of', { name: row.name, count: formatCount(row.bound_count, language) })} onClick={open('bound', row)}>
            {formatCount(row.bound_count, language)}
          </button>
        ),
      },
      { key: 'created', header: t('column.created'), title: t('column.created'), hideable: true, cell: (row) => <span className="ec-nowrap">{formatDateTime(row.created_at, language)}</span> },
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
            use={{ label: t('action.bind'), ariaLabel: t('action.bind-of', { name: row.name }), onClick: open('bind', row) }}
            onOpen={() => onOpen(row.id)}
            onCopy={open('copy', row)}
            onDelete={open('delete', row)}
          />
        ),
      },
    ];
  }, [t, tRules, language, mayChange, copyGate.allowed, onOpen]);

  return (
    <div className="ec-root ec-stack ec-acceleration-policy">
      {!mayChange && store.editable.value === false && (
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
        <GuardedButton type="button" icon="pi pi-plus" label={t('action.create')} deniedReason={deniedReason} onClick={() => setDialog({ kind: 'create' })} />
      </div>
      {state.status === 'loading' && <LoadingState message={t('loading')} />}
      {(state.status === 'error' || state.status === 'denied') && <ErrorState message={t('list-load-failed')} onRetry={reload} />}
      {state.status === 'ready' && state.list.length === 0 && (
        <div part="empty-state">
          <EmptyState message={store.search.value ? t('empty-filtered') : t('empty')} />
        </div>
      )}
      {state.status === 'ready' && state.list.length > 0 && (
        <>
          <div part="table">
            <FastTable rows={state.list} rowKey={(row) => row.id} columns={columns} label={t('table-label')} busy={store.busy.value} busyLabel={t('loading')} columnsKey="acceleration-policy.templates" />
          </div>
          <div part="pagination">
            <Pager page={query.page ?? 1} pageSize={query.per_page ?? 10} total={state.total} onChange={({ page, pageSize: size }) => store.setPage(page, size)} />
          </div>
        </>
      )}
      {(dialog?.kind === 'create' || dialog?.kind === 'copy') && (
        <TemplateFormDialog
          kind={dialog.kind}
          template={dialog.kind === 'copy' ? dialog.template : undefined}
          onSave={(fields) =>
            dialog.kind === 'copy' ? copyAccelerationTemplate(client, { ...fields, template_id: dialog.template.id }, { notify: false }) : createAccelerationTemplate(client, fields, { notify: false })
          }
          onSaved={(template) => {
            close();
            emit(TEMPLATE_SAVED_EVENT, { kind: 'acceleration', id: template.id, name: template.name });
            reload();
            if (dialog.kind === 'create') onOpen(template.id);
          }}
          onCancel={close}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmActionDialog
          header={t('delete.title')}
          message={dialog.template.bound_count > 0 ? tRules('acceleration-policy.template-bound', { count: dialog.template.bound_count }) : t('delete.confirm', { name: dialog.template.name })}
          confirmLabel={t('action.delete')}
          danger
          busy={sending}
          onConfirm={() => void remove(dialog.template)}
          onCancel={close}
        />
      )}
      {dialog?.kind === 'bind' && <BindDialog template={dialog.template} onDone={bindingChanged(dialog.template, true)} onCancel={close} />}
      {dialog?.kind === 'bound' && <BoundDomainsDialog template={dialog.template} readonly={!mayChange} onDone={bindingChanged(dialog.template, false)} onCancel={close} />}
    </div>
  );
}
