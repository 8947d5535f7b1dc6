/**
 * `<ec-work-orders>`: the work-order page a plan notice points to outside the online edition (shell §6), as a list
 * of the caller's tickets, a form to open one (prefilled with the refused feature when a notice opened it) and one
 * ticket's detail. Tickets are stored by the server (core/api/endpoints/work-orders.ts); a sub-account sees its own.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { WORK_ORDER_STATUSES, createWorkOrder, type WorkOrder } from '../../core/api/endpoints/work-orders.js';
import type { FieldIssue } from '../../core/api/catalogue.js';
import { GATED_FEATURES, type GatedFeature } from '../../core/config/plan-gates.js';
import { formatDateTime } from '../../core/i18n/format.js';
import { WORK_ORDER_CATEGORIES, validateWorkOrder, type WorkOrderCategory } from '../../core/rules/work-orders.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { NavLink, useNavigate } from '../../core/ui/parts/nav-link.js';
import { Pager } from '../../core/ui/parts/pager.js';
import { EmptyState, ErrorState, LoadingState } from '../../core/ui/parts/state-views.js';
import { StatusTag, type StatusSetting } from '../../core/ui/parts/status-tag.js';
import { useSave } from '../../core/ui/parts/use-save.js';
import { WORK_ORDER_CREATED_EVENT } from './events.js';
import { WORK_ORDER_ROUTES, type WorkOrderRoutes } from './routes.js';
import { createWorkOrdersStore, type WorkOrdersStore } from './store.js';

/** Props of the component (attributes of the element). */
export interface WorkOrdersProps {
  view?: string;
  ticketId?: number;
  feature?: string;
  layout?: string;
}

function isFeature(value: string | undefined): value is GatedFeature {
  return value !== undefined && (GATED_FEATURES as readonly string[]).includes(value);
}

function Issues({ id, issues }: { id: string; issues: FieldIssue[] }) {
  const rules = useT('rules');
  if (issues.length === 0) return <span id={id} hidden />;
  return (
    <ul id={id} role="alert" className="ec-issues ec-issues-error">
      {issues.map((found, index) => (
        <li key={`${found.key}-${index}`}>{rules(found.key, found.values ?? {})}</li>
      ))}
    </ul>
  );
}

function useStatusTags(): StatusSetting[] {
  const t = useT();
  return useMemo(
    () => WORK_ORDER_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`), color: status === 'open' ? 'info' : status === 'answered' ? 'success' : 'neutral' })),
    [t],
  );
}

function TicketList({ store, routes }: { store: WorkOrdersStore; routes: WorkOrderRoutes }) {
  const t = useT();
  const { language } = useElement();
  const tags = useStatusTags();
  const state = store.list.value;
  const { page, perPage } = store.page.value;
  useEffect(() => {
    void store.loadList();
  }, [store, page, perPage]);

  return (
    <div className="ec-stack">
      <div className="ec-row" part="toolbar">
        <NavLink route={routes.create} appearance="button" icon="pi pi-plus">
          {t('create')}
        </NavLink>
      </div>
      {state.status === 'loading' ? <LoadingState message={t('loading')} /> : null}
      {state.status === 'error' ? <ErrorState message={t('load-failed')} onRetry={() => void store.loadList()} /> : null}
      {state.status === 'ready' && state.value.total === 0 ? <EmptyState message={t('empty')} /> : null}
      {state.status === 'ready' && state.value.total > 0 ? (
        <>
          <table className="ec-work-order-table" part="table">
            <thead>
              <tr>
                <th scope="col">{t('field.title')}</th>
                <th scope="col">{t('field.category')}</th>
                <th scope="col">{t('field.status')}</th>
                <th scope="col">{t('field.created-at')}</th>
              </tr>
            </thead>
            <tbody>
              {state.value.list.map((ticket) => (
                <tr key={ticket.id}>
                  <td>
                    <NavLink route={routes.detail} params={{ id: ticket.id }}>
                      {ticket.title}
                    </NavLink>
                  </td>
                  <td>{t(`category.${ticket.category}`)}</td>
                  <td>
                    <StatusTag settings={tags} value={ticket.status} />
                  </td>
                  <td>{formatDateTime(ticket.created_at, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} pageSize={perPage} total={state.value.total} onChange={(next) => (store.page.value = { page: next.page, perPage: next.pageSize })} />
        </>
      ) : null}
    </div>
  );
}

function TicketForm({ feature, routes }: { feature: GatedFeature | null; routes: WorkOrderRoutes }) {
  const t = useT();
  const { client, emit } = useElement();
  const navigate = useNavigate();
  const save = useSave();
  const ids = { title: useId(), category: useId(), description: useId(), contact: useId() };
  const featureName = feature ? t(`feature.${feature.replace(/_/g, '-')}`) : '';
  const [draft, setDraft] = useState({
    title: feature ? t('prefill.title', { feature: featureName }) : '',
    category: (feature ? 'plan' : 'technical') as WorkOrderCategory,
    description: feature ? t('prefill.description', { feature: featureName }) : '',
    contact: '',
  });
  const [checked, setChecked] = useState<FieldIssue[] | null>(null);
  const issues = [...(checked ?? []), ...save.issues];
  const issuesOf = (field: string) => issues.filter((entry) => entry.field === field);
  const update = (patch: Partial<typeof draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    if (checked) setChecked(validateWorkOrder({ ...draft, ...patch }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateWorkOrder(draft);
    setChecked(found);
    if (found.length > 0) return;
    const outcome = await save.run(() => createWorkOrder(client, { ...draft, feature }, { notify: false }));
    if (!outcome.ok) return;
    emit(WORK_ORDER_CREATED_EVENT, { workOrder: outcome.value });
    navigate({ route: routes.detail, params: { id: outcome.value.id } });
  };

  return (
    <form className="ec-stack ec-work-order-form" onSubmit={(event) => void submit(event)} noValidate part="form">
      {feature ? <p className="ec-muted">{t('from-notice', { feature: featureName })}</p> : null}
      <div className="ec-field">
        <label htmlFor={ids.title}>{t('field.title')}</label>
        <input id={ids.title} className="p-inputtext p-component" value={draft.title} onChange={(e) => update({ title: e.target.value })} aria-describedby={`${ids.title}-issues`} aria-invalid={issuesOf('title').length > 0} />
        <Issues id={`${ids.title}-issues`} issues={issuesOf('title')} />
      </div>
      <div className="ec-field">
        <label htmlFor={ids.category}>{t('field.category')}</label>
        <select id={ids.category} className="p-inputtext p-component" value={draft.category} onChange={(e) => update({ category: e.target.value as WorkOrderCategory })}>
          {WORK_ORDER_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`category.${category}`)}
            </option>
          ))}
        </select>
        <Issues id={`${ids.category}-issues`} issues={issuesOf('category')} />
      </div>
      <div className="ec-field">
        <label htmlFor={ids.description}>{t('field.description')}</label>
        <textarea id={ids.description} className="p-inputtextarea p-inputtext p-component" rows={6} value={draft.description} onChange={(e) => update({ description: e.target.value })} aria-describedby={`${ids.description}-issues`} aria-invalid={issuesOf('description').length > 0} />
        <Issues id={`${ids.description}-issues`} issues={issuesOf('description')} />
      </div>
      <div className="ec-field">
        <label htmlFor={ids.contact}>{t('field.contact')}</label>
        <input id={ids.contact} className="p-inputtext p-component" value={draft.contact} onChange={(e) => update({ contact: e.target.value })} aria-describedby={`${ids.contact}-issues`} aria-invalid={issuesOf('contact').length > 0} />
        <Issues id={`${ids.contact}-issues`} issues={issuesOf('contact')} />
      </div>
      {save.error ? (
        <p role="alert" className="ec-error-text">
          {save.error}
        </p>
      ) : null}
      <div className="ec-row">
        <button type="submit" className="p-button p-component p-button-sm" disabled={save.saving}>
          {t('submit')}
        </button>
        <NavLink route={routes.list} appearance="button-text">
          {t('back')}
        </NavLink>
      </div>
    </form>
  );
}

function TicketDetail({ store, id, routes }: { store: WorkOrdersStore; id: number | undefined; routes: WorkOrderRoutes }) {
  const t = useT();
  const { language } = useElement();
  const tags = useStatusTags();
  const save = useSave();
  const state = store.detail.value;
  useEffect(() => {
    if (id) void store.loadDetail(id);
  }, [store, id]);

  if (!id || state.status === 'not-found') return <EmptyState message={t('not-found')} />;
  if (state.status === 'loading') return <LoadingState message={t('loading')} />;
  if (state.status === 'error') return <ErrorState message={t('load-failed')} onRetry={() => void store.loadDetail(id)} />;
  const ticket: WorkOrder = state.value;
  return (
    <article className="ec-stack ec-work-order" part="detail">
      <div className="ec-row">
        <h2 className="ec-section-title">{ticket.title}</h2>
        <StatusTag settings={tags} value={ticket.status} />
      </div>
      <dl className="ec-work-order-facts">
        <dt>{t('field.category')}</dt>
        <dd>{t(`category.${ticket.category}`)}</dd>
        {ticket.feature ? (
          <>
            <dt>{t('field.feature')}</dt>
            <dd>{t(`feature.${ticket.feature.replace(/_/g, '-')}`)}</dd>
          </>
        ) : null}
        <dt>{t('field.contact')}</dt>
        <dd>{ticket.contact}</dd>
        <dt>{t('field.creator')}</dt>
        <dd>{ticket.creator}</dd>
        <dt>{t('field.created-at')}</dt>
        <dd>{formatDateTime(ticket.created_at, language)}</dd>
      </dl>
      <p className="ec-work-order-text">{ticket.description}</p>
      <section aria-label={t('field.answer')}>
        <h3 className="ec-section-title">{t('field.answer')}</h3>
        <p className="ec-muted">{ticket.answer || t('no-answer')}</p>
      </section>
      {save.error ? (
        <p role="alert" className="ec-error-text">
          {save.error}
        </p>
      ) : null}
      <div className="ec-row">
        {ticket.status !== 'closed' ? (
          <button type="button" className="p-button p-component p-button-sm p-button-outlined" disabled={save.saving} onClick={() => void save.run(() => store.close(ticket.id))}>
            {t('close')}
          </button>
        ) : null}
        <NavLink route={routes.list} appearance="button-text">
          {t('back')}
        </NavLink>
      </div>
    </article>
  );
}

/** The work-order pages. */
export function WorkOrders({ view, ticketId, feature, layout }: WorkOrdersProps) {
  useSignals();
  const { client } = useElement();
  const store = useMemo(() => createWorkOrdersStore(client), [client]);
  const routes = WORK_ORDER_ROUTES[layout === 'old' ? 'old' : 'new'];
  return (
    <div className="ec-root ec-stack ec-work-orders">
      {view === 'create' ? <TicketForm feature={isFeature(feature) ? feature : null} routes={routes} /> : null}
      {view === 'detail' ? <TicketDetail store={store} id={ticketId} routes={routes} /> : null}
      {view !== 'create' && view !== 'detail' ? <TicketList store={store} routes={routes} /> : null}
    </div>
  );
}
