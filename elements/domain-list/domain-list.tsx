/**
 * `<ec-domain-list>`: the account's websites (rules §3, §4) with search, filters, sort and server paging, the
 * selection (a page, or every website matching the filters) with batch actions, the row actions (console, edit,
 * suspend with the 503 notice, enable, delete) and the plan's domain usage; `view="add"` (or the "Add domain" button)
 * shows the add-domain wizard instead. Sites in a passing status (approval, issuing, updating) are followed until the
 * job runner settles them.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { publishNotice } from '../../core/api/notices.js';
import type { WebsiteBatchAnswer, WebsiteInfo } from '../../core/api/endpoints/websites.js';
import { planGate } from '../../core/config/plan-gating.js';
import { currentUser } from '../../core/session/session.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { usePageVisible } from '../../core/ui/use-page-visible.js';
import { Pager } from '../../core/ui/parts/pager.js';
import { EmptyState, ErrorState, LoadingState } from '../../core/ui/parts/state-views.js';
import {
  DOMAIN_ADDED_EVENT,
  DOMAIN_DELETED_EVENT,
  DOMAIN_STATUS_CHANGED_EVENT,
  DOMAIN_UPDATED_EVENT,
  succeeded,
  WEBSITE_GROUP_ASSIGNED_EVENT,
} from './events.js';
import { DeferredFailure, useDeferredModule } from '../../core/ui/parts/deferred.js';
import { DomainTable, type RowAction } from './parts/domain-table.js';
import { DomainToolbar } from './parts/domain-toolbar.js';
import { ConfirmActionDialog, EditSiteDialog, OutcomeDialog } from './parts/list-dialogs.js';
import { SelectionBar, type BatchAction } from './parts/selection-bar.js';
import { domainRoutes } from './routes.js';
import { domainListStoreFor } from './store.js';
import { reasonText, statusTags } from './vocabulary.js';
import { useNavigate } from '../../core/ui/parts/nav-link.js';
import { useViewStateReport } from '../../core/ui/view-state.js';
import { ReadOnlyNotice, useModuleAccess, useReadOnlyReason } from '../../core/ui/parts/read-only.js';

/** Props of the component (attributes of the element). */
export interface DomainListProps {
  /** `add` opens the add-domain wizard; anything else (default `list`) shows the list. */
  view?: string;
  /** Rows per page: 10 (default), 20, 50 or 100 (shell §9). */
  pageSize?: number;
  /** `old` asks for the old menu layout's routes with `ec-navigate`; default `new`. */
  layout?: string;
  /** The bookmarked view to start from (URL query text; core/ui/view-state.ts). */
  viewState?: string;
}

/**
 * A callback that keeps its identity across renders and always runs the latest `run`: the toolbar, the selection bar
 * and the rows are memoised, and a new handler on every render would render them all again on every page turn.
 */
function useStableCallback<Args extends unknown[], Result>(run: (...args: Args) => Result): (...args: Args) => Result {
  const latest = useRef(run);
  latest.current = run;
  return useCallback((...args: Args) => latest.current(...args), []);
}

/** A confirmation waiting for the user: what, on which site (none: the selection). */
type Pending = { action: 'suspend' | 'enable' | 'delete'; site?: WebsiteInfo };

/** Loads the add-domain wizard when it is first opened. */
const loadWizard = () => import('./parts/add-domain-wizard.js');

/** The website list. */
export function DomainList({ view, pageSize, layout, viewState }: DomainListProps) {
  useSignals();
  const { client, host, emit } = useElement();
  const t = useT('domain-list');
  const tRules = useT('rules');
  const tCommon = useT('common');
  const store = domainListStoreFor(host, { pageSize, viewState });
  useViewStateReport(store.viewState.value);
  const routes = domainRoutes(layout);
  // The wizard is open for view="add", or when the bookmarked view names its step (issue 19).
  const [adding, setAdding] = useState(view === 'add' || store.wizardStep.value !== null);
  // The wizard is its own chunk: the list, what most visits show, does not download it.
  const wizard = useDeferredModule(loadWizard, adding);
  const [pending, setPending] = useState<Pending | null>(null);
  const [editing, setEditing] = useState<WebsiteInfo | null>(null);
  const [outcome, setOutcome] = useState<{ header: string; okLabel: string; answer: WebsiteBatchAnswer } | null>(null);
  const [sending, setSending] = useState(false);

  const state = store.state.value;
  const query = store.query.value;
  const tags = useMemo(() => statusTags(t), [t]);
  const flag = currentUser.value?.flag;
  const actions = store.plan.value.actions;
  const addGate = useMemo(() => planGate({ action: 'domain_add' }, { actions, flag }), [actions, flag]);
  const list = state.status === 'ready' ? state.list : [];
  const selectable = list.filter((site) => site.editable);
  const pageTicked = selectable.length > 0 && selectable.every((site) => store.isSelected(site.id));
  // Rules §6, issue 19: a group that may only view websites sees the add and batch actions denied with the reason,
  // and each website it may not change read-only, instead of failing on save.
  const access = useModuleAccess('domain');
  const readOnlyReason = useReadOnlyReason('domain');
  const deniedReason = access === 'read' || access === 'none' ? tCommon('access.module-read-only', { module: tCommon('access.module.domain') }) : null;

  const navigate = useNavigate();
  const reload = useStableCallback(() => void store.load(client));
  const startAdding = useStableCallback(() => {
    store.wizardStep.value = 'domains';
    setAdding(true);
  });

  const report = (answer: WebsiteBatchAnswer, header: string, okLabel: string) => {
    if (answer.failed === 0) {
      publishNotice({ severity: 'success', namespace: 'domain-list', key: 'outcome.done', values: { count: answer.succeeded } });
      return;
    }
    const [only] = answer.results;
    // One refused site says why in a toast; several get the per-site table.
    if (answer.results.length === 1 && only) publishNotice({ severity: 'warn', text: reasonText(tRules, only.reason) });
    else setOutcome({ header, okLabel, answer });
  };

  const confirm = async () => {
    if (!pending) return;
    setSending(true);
    const { action, site } = pending;
    const answer = await store.runAction(client, action === 'delete' ? { kind: 'delete' } : { kind: 'status', action }, site);
    setSending(false);
    setPending(null);
    if (!answer) return;
    const done = succeeded(answer.results);
    if (action === 'delete') {
      if (done.ids.length) emit(DOMAIN_DELETED_EVENT, done);
      report(answer, t('outcome.delete-title'), t('outcome.deleted'));
    } else {
      if (done.ids.length) emit(DOMAIN_STATUS_CHANGED_EVENT, { ids: done.ids, action });
      report(answer, action === 'suspend' ? t('outcome.suspend-title') : t('outcome.enable-title'), action === 'suspend' ? t('status.suspended') : t('status.deploying'));
    }
  };

  const onRowAction = useStableCallback((action: RowAction, site: WebsiteInfo) => {
    if (action === 'edit') setEditing(site);
    else setPending({ action, site });
  });

  const onBatchAction = useStableCallback(async (action: BatchAction) => {
    if (action.kind !== 'group') {
      setPending({ action: action.kind });
      return;
    }
    const answer = await store.runAction(client, { kind: 'group', groupId: action.groupId });
    if (!answer) return;
    emit(WEBSITE_GROUP_ASSIGNED_EVENT, { groupId: action.groupId, count: answer.succeeded });
    report(answer, t('outcome.move-title'), t('outcome.moved'));
  });

  const onSiteSaved = (site: WebsiteInfo) => {
    setEditing(null);
    emit(DOMAIN_UPDATED_EVENT, { id: site.id });
    publishNotice({ severity: 'success', namespace: 'common', key: 'api.action-success' });
  };

  const onAdded = (answer: WebsiteBatchAnswer) => {
    emit(DOMAIN_ADDED_EVENT, succeeded(answer.results));
    void store.loadContext(client);
  };

  const closeWizard = () => {
    store.wizardStep.value = null;
    if (view === 'add') navigate({ route: routes.list });
    else {
      setAdding(false);
      reload();
    }
  };

  useEffect(() => {
    if (view === 'add') setAdding(true);
    else if (store.wizardStep.value === null) setAdding(false);
  }, [view, store]);
  useEffect(() => {
    store.applyPageSize(pageSize);
  }, [store, pageSize]);
  useEffect(() => {
    void store.loadContext(client);
  }, [store, client]);
  useEffect(() => {
    if (!adding) void store.load(client);
  }, [store, client, query, adding]);
  const visible = usePageVisible();
  useEffect(() => {
    // Statuses are only worth following while someone can see them.
    if (!visible) return undefined;
    store.startPolling(client);
    return () => store.stopPolling();
  }, [store, client, visible]);

  if (adding) {
    const Wizard = wizard.module?.AddDomainWizard;
    return (
      <div className="ec-root ec-domain-list">
        {Wizard ? (
          <Wizard store={store} onClose={closeWizard} onAdded={onAdded} />
        ) : wizard.failed ? (
          <DeferredFailure onRetry={wizard.retry} />
        ) : (
          <LoadingState message={t('loading')} />
        )}
      </div>
    );
  }

  const pendingText = () => {
    if (!pending) return null;
    const target = pending.site ? pending.site.domain : t('confirm.selection', { count: store.selectedCount.value });
    if (pending.action === 'delete') return { header: t('confirm.delete-title'), message: t('confirm.delete', { target }), label: t('action.delete'), danger: true };
    if (pending.action === 'suspend') {
      return { header: t('confirm.suspend-title'), message: t('confirm.suspend', { target }), notice: t('notice.suspend-503'), label: t('action.suspend'), danger: true };
    }
    return { header: t('confirm.enable-title'), message: t('confirm.enable', { target }), label: t('action.enable'), danger: false };
  };
  const question = pendingText();

  return (
    <div className="ec-root ec-stack ec-domain-list">
      <ReadOnlyNotice module="domain" />
      <DomainToolbar
        filters={store.filters.value}
        groups={store.groups.value}
        statusTags={tags}
        quota={store.quota.value}
        addGate={addGate}
        deniedReason={deniedReason}
        onFilter={store.setFilter}
        onAdd={startAdding}
        routes={routes}
        onRefresh={reload}
      />
      <SelectionBar
        selection={store.selection.value}
        count={store.selectedCount.value}
        total={store.state.value.status === 'ready' ? store.state.value.total : 0}
        pageTicked={pageTicked}
        groups={store.groups.value}
        onSelectAll={store.selectAllMatching}
        onClear={store.clearSelection}
        onAction={onBatchAction}
      />
      {state.status === 'loading' && <LoadingState message={t('loading')} />}
      {state.status === 'error' && <ErrorState message={t('load-failed')} onRetry={reload} />}
      {state.status === 'ready' && state.list.length === 0 && (
        <EmptyState message={store.filters.value.search || store.filters.value.status || store.filters.value.group !== '' || store.filters.value.access ? t('empty-filtered') : t('empty')} />
      )}
      {state.status === 'ready' && state.list.length > 0 && (
        <>
          <DomainTable
            consoleRoute={routes.console}
            readOnlyReason={readOnlyReason}
            list={state.list}
            busy={store.busy.value}
            sort={store.sort.value}
            statusTags={tags}
            selection={store.selection}
            isSelected={store.isSelected}
            working={store.working.value}
            onToggle={store.toggle}
            onTogglePage={store.togglePage}
            onSort={store.setSort}
            onAction={onRowAction}
          />
          <Pager page={query.page ?? 1} pageSize={query.per_page ?? store.pageSize.value} total={state.total} onChange={({ page, pageSize: size }) => store.setPage(page, size)} />
        </>
      )}
      {question && (
        <ConfirmActionDialog
          header={question.header}
          message={question.message}
          notice={question.notice}
          confirmLabel={question.label}
          danger={question.danger}
          busy={sending}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        />
      )}
      {editing && (
        <EditSiteDialog site={editing} groups={store.groups.value} onSave={(body) => store.saveSite(client, body)} onSaved={onSiteSaved} onCancel={() => setEditing(null)} />
      )}
      {outcome && <OutcomeDialog header={outcome.header} answer={outcome.answer} okLabel={outcome.okLabel} onClose={() => setOutcome(null)} />}
    </div>
  );
}
