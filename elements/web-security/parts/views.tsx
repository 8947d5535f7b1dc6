/**
 * The list views of `<ec-web-security>` (shell §2 web-security global-domain-config, only-domain-config,
 * more-domain-config, domain-batch-config; rules §3 "Security template"; rules §4 "Configuration method"; rules §5 batch
 * configuration) and the domain view of a domain console section.
 */
import { Button } from 'primereact/button';
import { useCallback, useEffect, useState } from 'react';
import { publishNotice } from '../../../core/api/notices.js';
import type { ListAnswer } from '../../../core/api/endpoints/platform.js';
import {
  batchConfigureSecurity,
  bindSecurityTemplate,
  changeSecurityMethod,
  createSecurityTemplate,
  deleteSecurityTemplate,
  getGlobalSecurityBusiness,
  getSecurityBusiness,
  listSecurityDomains,
  listSecurityTemplates,
  unbindSecurityTemplate,
  type SecurityBatchAnswer,
  type SecurityBusinessAnswer,
  type SecurityBusinessKind,
  type SecurityDomain,
  type SecurityTemplateListAnswer,
} from '../../../core/api/endpoints/web-security.js';
import { formatDateTime } from '../../../core/i18n/format.js';
import { SECURITY_CARDS, securityCardDefaults, securityCardEntry, type SecurityCardName } from '../../../core/security/cards.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { EcDialog } from '../../../core/ui/parts/dialog.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { TextField } from '../../../core/ui/parts/labelled-fields.js';
import { DeferredFailure, useDeferredModule } from '../../../core/ui/parts/deferred.js';
import { PAGE_SIZES } from '../../../core/config/constants.js';
import { SearchInput } from '../../../core/ui/parts/search-input.js';
import { useDraft } from '../../../core/ui/use-draft.js';
import { METHOD_CHANGED_EVENT, OPEN_BUSINESS_EVENT, STRATEGY_ROUTES } from '../events.js';
import { CardGrid } from './card-grid.js';
import { DomainPicker } from './domain-picker.js';

/**
 * Asks to open a business's strategy page: `ec-web-security-open-business` first (a host may handle it and cancel), then
 * `ec-navigate` to the shell §2 route.
 */
function useOpenBusiness() {
  const { emit } = useElement();
  return (business_id: number, name: string, scope: 'template' | 'domain') => {
    if (emit(OPEN_BUSINESS_EVENT, { business_id, name, scope }, { cancelable: true })) {
      emit('ec-navigate', { route: STRATEGY_ROUTES[scope], params: { businessId: business_id, businessName: name } });
    }
  };
}

function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const [state, setState] = useState<T | 'loading' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setState('loading');
    load().then(
      (value) => current && setState(value),
      () => current && setState('error'),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);
  return { state, reload: useCallback(() => setAttempt((count) => count + 1), []) };
}

function MethodText({ domain }: { domain: SecurityDomain }) {
  const t = useT('web-security');
  return <>{t(`source.${domain.method.source}`, { name: domain.method.template_name })}</>;
}

/** Domains of one method, with search. */
/** The pager (PrimeReact's paginator and its dropdown, ~17 KB) loads only for a list longer than one page. */
const loadPager = () => import('../../../core/ui/parts/pager.js');

function DomainTable({ source, title, pageSize, templateId }: { source: SecurityBusinessKind; title: string; pageSize: number; templateId?: number }) {
  const t = useT('web-security');
  const { client, language } = useElement();
  const openBusiness = useOpenBusiness();
  const [name, setName] = useState('');
  // Paged as every list (shell §9): a template bound to a thousand domains shows them all, a page at a time.
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(pageSize);
  const { state, reload } = useLoad<ListAnswer<SecurityDomain>>(
    () => listSecurityDomains(client, { source, name, page, per_page: perPage, ...(templateId ? { template_id: templateId } : {}) }),
    [client, source, name, page, perPage, templateId],
  );
  // Shell §9: the pager shows only when the total exceeds the first page size.
  const paged = typeof state === 'object' && state.total > PAGE_SIZES[0];
  const pager = useDeferredModule(loadPager, paged);
  return (
    <section className="ec-ws-section" part="domains" aria-label={title}>
      <h2>{title}</h2>
      <SearchInput
        label={t('search')}
        value={name}
        debounceMs={300}
        onSearch={(value) => {
          setPage(1);
          setName(value);
        }}
      />
      {state === 'loading' && <LoadingState message={t('loading')} />}
      {state === 'error' && <ErrorState message={t('load-failed')} onRetry={reload} />}
      {typeof state === 'object' && state.list.length === 0 && <EmptyState message={t('empty-domains')} />}
      {typeof state === 'object' && state.list.length > 0 && (
        <table className="ec-ws-table" part="table">
          <thead>
            <tr>
              <th scope="col">{t('domain')}</th>
              <th scope="col">{t('method')}</th>
              <th scope="col">{t('bound-at')}</th>
              <th scope="col">{t('actions')}</th>
            </tr>
          </thead>
          <tbody>
            {state.list.map((domain) => (
              <tr key={domain.domain_id}>
                <td>{domain.domain}</td>
                <td>
                  <MethodText domain={domain} />
                </td>
                <td>{domain.bound_at ? formatDateTime(domain.bound_at, language) : '-'}</td>
                <td>
                  {domain.business_id !== null && source === 'domain' && (
                    <Button type="button" text label={t('open')} aria-label={`${t('open')}: ${domain.domain}`} onClick={() => openBusiness(domain.business_id!, domain.domain, 'domain')} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {paged && pager.failed && <DeferredFailure onRetry={pager.retry} />}
      {paged && pager.module && (
        <pager.module.Pager
          page={page}
          pageSize={perPage}
          total={state.total}
          onChange={(change) => {
            setPage(change.page);
            setPerPage(change.pageSize);
          }}
        />
      )}
    </section>
  );
}

/** The global policy's cards and the domains following it. */
export function GlobalView({ pageSize }: { pageSize: number }) {
  const t = useT('web-security');
  const { client } = useElement();
  const { state, reload } = useLoad<SecurityBusinessAnswer>(() => getGlobalSecurityBusiness(client), [client]);
  if (state === 'loading') return <LoadingState message={t('loading')} />;
  if (state === 'error') return <ErrorState message={t('load-failed')} onRetry={reload} />;
  return (
    <div>
      <h2>{t('views.global')}</h2>
      <CardGrid businessId={state.business.business_id} />
      <DomainTable source="global" title={t('global-domains')} pageSize={pageSize} />
    </div>
  );
}

export function OnlyDomainView({ pageSize }: { pageSize: number }) {
  const t = useT('web-security');
  return <DomainTable source="domain" title={t('only-domains')} pageSize={pageSize} />;
}

/** A template's or a domain's cards (the strategy pages). */
export function StrategyView({ businessId, scope, name }: { businessId: number; scope: 'template' | 'domain' | 'global'; name: string }) {
  const t = useT('web-security');
  return (
    <div>
      <h2>{scope === 'global' ? t('views.global') : t(scope === 'template' ? 'views.strategy-template' : 'views.strategy-domain', { name })}</h2>
      <CardGrid businessId={businessId} />
    </div>
  );
}

/** Security templates: list, create, delete, bind and unbind (rules §3, §4). */
export function TemplatesView({ pageSize, startCreating = false }: { pageSize: number; startCreating?: boolean }) {
  const t = useT('web-security');
  const { client, emit, language } = useElement();
  const openBusiness = useOpenBusiness();
  const { state, reload } = useLoad<SecurityTemplateListAnswer>(() => listSecurityTemplates(client, { page: 1, per_page: pageSize }), [client, pageSize]);
  const [creating, setCreating] = useState(startCreating);
  const [fields, setFields, draft] = useDraft('web-security:template:new', { name: '', remark: '' });
  const [binding, setBinding] = useState<{ id: number; name: string; mode: 'bind' | 'unbind' } | null>(null);
  const [domainIds, setDomainIds] = useState<number[]>([]);
  const [unbindTo, setUnbindTo] = useState<'copy' | 'global' | 'template'>('copy');
  const [unbindTemplate, setUnbindTemplate] = useState<number | null>(null);
  const [refused, setRefused] = useState<SecurityBatchAnswer['results']>([]);
  const saving = useSave();
  const fieldError = (field: string) => {
    const found = saving.issues.find((entry) => entry.field === field);
    return found ? tRules(found.key, found.values) : null;
  };
  const tRules = useT('rules');

  const create = async () => {
    const outcome = await saving.run(() => createSecurityTemplate(client, fields));
    if (outcome.ok) {
      draft.discard();
      setCreating(false);
      publishNotice({ severity: 'success', key: 'template-saved', namespace: 'web-security' });
      reload();
    }
  };
  const applyBinding = async () => {
    if (!binding) return;
    const ids = domainIds;
    const outcome = await saving.run(() =>
      binding.mode === 'bind'
        ? bindSecurityTemplate(client, { template_id: binding.id, domain_ids: ids })
        : unbindSecurityTemplate(client, {
            template_id: binding.id,
            domain_ids: ids,
            ...(unbindTo === 'copy'
              ? { unbind: 'copy' as const }
              : unbindTo === 'global'
                ? { unbind: 'switch' as const, to: 'global' as const }
                : { unbind: 'switch' as const, to: 'template' as const, to_template_id: unbindTemplate ?? 0 }),
          }),
    );
    if (outcome.ok) {
      // Refused domains (not bound, outside the caller's grant) stay listed with why, the dialog open.
      setRefused(outcome.value.results.filter((result) => !result.ok));
      publishNotice({ severity: 'info', key: binding.mode === 'bind' ? 'bind-done' : 'unbind-done', namespace: 'web-security', values: { succeeded: outcome.value.succeeded, failed: outcome.value.failed } });
      emit(METHOD_CHANGED_EVENT, { domain_ids: outcome.value.results.filter((result) => result.ok).map((result) => result.domain_id) });
      if (outcome.value.failed === 0) setBinding(null);
      reload();
    }
  };
  const remove = async (id: number) => {
    const outcome = await saving.run(() => deleteSecurityTemplate(client, id));
    if (outcome.ok) {
      publishNotice({ severity: 'success', key: 'template-deleted', namespace: 'web-security' });
      reload();
    } else publishNotice({ severity: 'error', key: 'save-failed', namespace: 'web-security' });
  };

  if (state === 'loading') return <LoadingState message={t('loading')} />;
  if (state === 'error') return <ErrorState message={t('load-failed')} onRetry={reload} />;
  return (
    <section aria-label={t('templates')}>
      <h2>{t('templates')}</h2>
      {!state.editable && (
        <p className="ec-ws-note" role="note" part="view-only-notice">
          {tRules('web-security.view-only')}
        </p>
      )}
      <Button type="button" label={t('create')} disabled={!state.editable} onClick={() => setCreating(true)} />
      {saving.issues.some((entry) => entry.field === 'template_id') && (
        <p role="alert" className="ec-ws-issues">
          {fieldError('template_id')}
        </p>
      )}
      {state.list.length === 0 ? (
        <EmptyState message={t('empty-templates')} />
      ) : (
        <table className="ec-ws-table" part="table">
          <thead>
            <tr>
              <th scope="col">{t('name')}</th>
              <th scope="col">{t('remark')}</th>
              <th scope="col">{t('bound-count')}</th>
              <th scope="col">{t('created-at')}</th>
              <th scope="col">{t('bound-at')}</th>
              <th scope="col">{t('actions')}</th>
            </tr>
          </thead>
          <tbody>
            {state.list.map((template) => (
              <tr key={template.id}>
                <td>{template.name}</td>
                <td>{template.remark || '-'}</td>
                <td>{template.bound_count}</td>
                <td>{formatDateTime(template.created_at, language)}</td>
                <td>{template.bound_at ? formatDateTime(template.bound_at, language) : '-'}</td>
                <td>
                  <Button type="button" text label={t('open')} aria-label={`${t('open')}: ${template.name}`} onClick={() => openBusiness(template.business_id, template.name, 'template')} />
                  <Button type="button" text label={t('bind')} aria-label={`${t('bind')}: ${template.name}`} disabled={!state.editable} onClick={() => {
                      setDomainIds([]);
                      setRefused([]);
                      saving.reset();
                      setBinding({ id: template.id, name: template.name, mode: 'bind' });
                    }} />
                  <Button type="button" text label={t('unbind')} aria-label={`${t('unbind')}: ${template.name}`} disabled={!state.editable} onClick={() => {
                      setDomainIds([]);
                      setRefused([]);
                      saving.reset();
                      setBinding({ id: template.id, name: template.name, mode: 'unbind' });
                    }} />
                  <Button type="button" text severity="danger" label={t('delete')} aria-label={`${t('delete')}: ${template.name}`} disabled={!state.editable} onClick={() => void remove(template.id)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <EcDialog
        visible={creating}
        onHide={() => setCreating(false)}
        header={t('create')}
        error={saving.error}
        footer={<Button type="button" label={t('save')} loading={saving.saving} onClick={() => void create()} />}
      >
        <TextField label={t('name')} value={fields.name} onChange={(name) => setFields({ ...fields, name })} error={fieldError('name')} />
        <TextField label={t('remark')} value={fields.remark} onChange={(remark) => setFields({ ...fields, remark })} error={fieldError('remark')} />
      </EcDialog>
      <EcDialog
        visible={binding !== null}
        onHide={() => setBinding(null)}
        header={binding ? `${t(binding.mode)}: ${binding.name}` : ''}
        error={saving.error}
        footer={<Button type="button" label={t('confirm')} loading={saving.saving} onClick={() => void applyBinding()} />}
      >
        <DomainPicker value={domainIds} onChange={setDomainIds} error={fieldError('domain_ids')} />
        {binding?.mode === 'unbind' && (
          <fieldset part="unbind-choice">
            <legend>{t('unbind-choice')}</legend>
            <label className="ec-ws-row">
              <input type="radio" name="ws-unbind" checked={unbindTo === 'copy'} onChange={() => setUnbindTo('copy')} /> {t('unbind-copy')}
            </label>
            <label className="ec-ws-row">
              <input type="radio" name="ws-unbind" checked={unbindTo === 'global'} onChange={() => setUnbindTo('global')} /> {t('unbind-global')}
            </label>
            <label className="ec-ws-row">
              <input type="radio" name="ws-unbind" checked={unbindTo === 'template'} onChange={() => setUnbindTo('template')} /> {t('unbind-template')}
            </label>
            {unbindTo === 'template' && (
              <>
                <label htmlFor="ws-unbind-template">{t('choose-template')}</label>{' '}
                <select id="ws-unbind-template" value={unbindTemplate ?? ''} onChange={(event) => setUnbindTemplate(event.target.value === '' ? null : Number(event.target.value))}>
                  <option value="">-</option>
                  {state.list
                    .filter((template) => template.id !== binding.id)
                    .map((template) => (
                      <option key={template.id} value={template.id}>
                        {template.name}
                      </option>
                    ))}
                </select>
                {fieldError('to_template_id') && <p className="ec-error-text">{fieldError('to_template_id')}</p>}
              </>
            )}
          </fieldset>
        )}
        {refused.length > 0 && (
          <div role="status" part="bind-outcome">
            <ul className="ec-ws-issues">
              {refused.map((result) => (
                <li key={result.domain_id}>
                  {result.domain || `#${result.domain_id}`}: {result.reason ? tRules(result.reason.key, result.reason.values) : ''}
                </li>
              ))}
            </ul>
          </div>
        )}
      </EcDialog>
      {state.list.length > 0 && <DomainTable source="template" title={t('bound-domains')} pageSize={pageSize} />}
    </section>
  );
}

/** Batch configuration (rules §5): chosen cards written to each picked domain's own policy. */
export function BatchView() {
  const t = useT('web-security');
  const tRules = useT('rules');
  const { client, emit } = useElement();
  const [chosen, setChosen] = useState<SecurityCardName[]>([]);
  const [domainIds, setDomainIds] = useState<number[]>([]);
  const saving = useSave();
  const apply = async () => {
    const ids = domainIds;
    const cards = Object.fromEntries(chosen.map((name) => [name, { ...securityCardDefaults(name), enabled: true }]));
    const outcome = await saving.run(() => batchConfigureSecurity(client, { domain_ids: ids, cards }));
    if (outcome.ok) {
      publishNotice({ severity: 'info', key: 'batch-done', namespace: 'web-security', values: { succeeded: outcome.value.succeeded, failed: outcome.value.failed } });
      emit(METHOD_CHANGED_EVENT, { domain_ids: outcome.value.results.filter((result) => result.ok).map((result) => result.domain_id) });
    }
  };
  return (
    <section aria-label={t('views.batch')}>
      <h2>{t('views.batch')}</h2>
      <p className="ec-ws-note">{t('batch-explain')}</p>
      <fieldset part="batch-cards">
        <legend>{t('batch-cards')}</legend>
        {SECURITY_CARDS.map((entry) => (
          <label key={entry.name} className="ec-ws-row">
            <input
              type="checkbox"
              checked={chosen.includes(entry.name)}
              onChange={(event) => setChosen(event.target.checked ? [...chosen, entry.name] : chosen.filter((name) => name !== entry.name))}
            />
            {t(`card.${entry.name.replaceAll('_', '-')}`)}
          </label>
        ))}
      </fieldset>
      <DomainPicker value={domainIds} onChange={setDomainIds} />
      {saving.issues.length > 0 && (
        <div role="alert">
          <ul className="ec-ws-issues">
            {saving.issues.map((found, index) => (
              <li key={index}>{tRules(found.key, found.values)}</li>
            ))}
          </ul>
        </div>
      )}
      {saving.error && <p role="alert">{saving.error}</p>}
      <Button type="button" label={t('batch-apply')} loading={saving.saving} onClick={() => void apply()} />
    </section>
  );
}

/** A domain console section: the domain's method (switchable, confirmed) and the cards in force. */
export function DomainView({ domainId, section }: { domainId: number; section: 'all' | 'application' | 'business' }) {
  const t = useT('web-security');
  const { client, emit } = useElement();
  const { state, reload } = useLoad<SecurityBusinessAnswer>(() => getSecurityBusiness(client, { domain_id: domainId }), [client, domainId]);
  const templates = useLoad<SecurityTemplateListAnswer>(() => listSecurityTemplates(client, { page: 1, per_page: 100 }), [client]);
  const [switching, setSwitching] = useState<SecurityBusinessKind | null>(null);
  const [templateId, setTemplateId] = useState<number | null>(null);
  const templateList = typeof templates.state === 'object' ? templates.state.list : [];
  const chosenTemplate = templateList.find((template) => template.id === templateId) ?? null;
  const saving = useSave();
  if (state === 'loading') return <LoadingState message={t('loading')} />;
  if (state === 'error') return <ErrorState message={t('load-failed')} onRetry={reload} />;
  const method = state.method!;
  const effective = state.effective!;
  const confirmSwitch = async () => {
    if (!switching) return;
    const outcome = await saving.run(() => changeSecurityMethod(client, { domain_id: domainId, source: switching, ...(switching === 'template' && templateId !== null ? { template_id: templateId } : {}) }));
    if (outcome.ok) {
      publishNotice({ severity: 'success', key: 'switched', namespace: 'web-security' });
      emit(METHOD_CHANGED_EVENT, { domain_ids: [domainId] });
      setSwitching(null);
      reload();
    }
  };
  const only = section === 'all' ? undefined : (name: SecurityCardName) => securityCardEntry(name).section === section;
  return (
    <div>
      <section className="ec-ws-section" part="method" aria-label={t('method-title')}>
        <h2>{t('method-title')}</h2>
        <p>{t(`source.${method.source}`, { name: method.template_name })}</p>
        {state.business.editable && (
          <div className="ec-ws-row">
            {method.source !== 'domain' && <Button type="button" label={`${t('switch-to')} ${t('switch-domain')}`} onClick={() => setSwitching('domain')} />}
            {method.source !== 'global' && <Button type="button" outlined label={`${t('switch-to')} ${t('switch-global')}`} onClick={() => setSwitching('global')} />}
            <label htmlFor="ws-method-template">{t('choose-template')}</label>
            <select id="ws-method-template" value={templateId ?? ''} onChange={(event) => setTemplateId(event.target.value === '' ? null : Number(event.target.value))}>
              <option value="">-</option>
              {templateList
                .filter((template) => method.source !== 'template' || template.id !== method.template_id)
                .map((template) => (
                  <option key={template.id} value={template.id}>
                    {template.name}
                  </option>
                ))}
            </select>
            <Button type="button" outlined label={`${t('switch-to')} ${t('switch-template')}`} disabled={chosenTemplate === null} onClick={() => setSwitching('template')} />
          </div>
        )}
      </section>
      <CardGrid key={effective.business_id} businessId={effective.business_id} only={only} viewOnly={method.source !== 'domain'} />
      <EcDialog
        visible={switching !== null}
        onHide={() => setSwitching(null)}
        header={t('method-title')}
        error={saving.error}
        footer={
          <>
            <Button type="button" label={t('cancel')} text onClick={() => setSwitching(null)} />
            <Button type="button" label={t('confirm')} loading={saving.saving} onClick={() => void confirmSwitch()} />
          </>
        }
      >
        {switching && (
          <p>
            {switching === 'template'
              ? t('confirm-switch-template', { name: chosenTemplate?.name ?? '' })
              : t(switching === 'domain' ? 'confirm-switch-domain' : 'confirm-switch-global')}
          </p>
        )}
      </EcDialog>
    </div>
  );
}
