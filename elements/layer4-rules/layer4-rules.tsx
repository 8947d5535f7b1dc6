/**
 * `<ec-layer4-rules>`: the layer-4 forwarding rules (shell §2 `configLayer4Rule`, `four-layer-agent` list; rules §3
 * layer-4 rule, §4 forwarding status, §5 batch add and batch edit, §8 TCP package). Filters by protocol, package and
 * status, a search over ports, source addresses and remarks; create, edit and delete one rule; batch add up to 100
 * ports (1000 on an application-product package) and batch edit under the sameness rule with a preview of the
 * records that differ. A sub-account sees the rules its grant names and changes only those it manages.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo } from 'react';
import { deleteLayer4Rules, FORWARDING_STATUSES, LAYER4_PROTOCOLS, type ForwardingStatus, type Layer4Protocol, type Layer4Rule } from '../../core/api/endpoints/layer4.js';
import { publishNotice } from '../../core/api/notices.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { ConfirmPopover } from '../../core/ui/parts/confirm-popover.js';
import { FilterField } from '../../core/ui/parts/filter-field.js';
import { Pager } from '../../core/ui/parts/pager.js';
import { GuardedButton, ReadOnlyNotice, useReadOnlyReason } from '../../core/ui/parts/read-only.js';
import { SearchInput } from '../../core/ui/parts/search-input.js';
import { EmptyState, ErrorState, LoadingState } from '../../core/ui/parts/state-views.js';
import { Button } from 'primereact/button';
import { FORWARDING_RULES_ADDED_EVENT, FORWARDING_RULES_DELETED_EVENT, FORWARDING_RULES_SAVED_EVENT, TCP_PACKAGE_ACTIVATED_EVENT } from './events.js';
import { BatchEditDialog } from './parts/batch-edit-dialog.js';
import { PackageNotice } from './parts/package-notice.js';
import { RuleDialog } from '../layer4-shared/rule-dialog.js';
import { RuleTable } from './parts/rule-table.js';
import { LAYER4_ROUTES } from '../layer4-shared/routes.js';
import { createLayer4RulesStore } from './store.js';

/** Props of the component (attributes of the element). */
export interface Layer4RulesProps {
  /** Rows per page: 10 (default), 20, 50 or 100 (shell §9). */
  pageSize?: number;
  /** Which console layout the rule links lead to. */
  layout?: string;
}

/** The rule list. */
export function Layer4Rules({ pageSize = 10, layout }: Layer4RulesProps) {
  useSignals();
  const { client, emit, namespace } = useElement();
  const t = useT();
  const store = useMemo(() => createLayer4RulesStore(client, pageSize), [client, pageSize]);
  const routes = LAYER4_ROUTES[layout === 'old' ? 'old' : 'new'];
  const reason = useReadOnlyReason('layer4');

  const query = store.query.value;
  const rules = store.rules.value;
  const packages = store.packages.value;
  const selection = store.selection.value;
  const dialog = store.dialog.value;
  const packageList = packages.status === 'ready' ? packages.value.list : [];
  const creatable = rules.status === 'ready' && rules.value.creatable;
  const denied = rules.status === 'ready' && !creatable ? reason : null;

  const reload = () => {
    void store.loadRules();
    void store.loadPackages();
  };
  const onAdded = (ids: number[]) => {
    store.dialog.value = null;
    publishNotice({ severity: 'success', namespace, key: 'notice.added', values: { count: ids.length } });
    emit(FORWARDING_RULES_ADDED_EVENT, { ids });
    reload();
  };
  const onSaved = (ids: number[]) => {
    store.dialog.value = null;
    store.toggle(ids, false);
    publishNotice({ severity: 'success', namespace, key: 'notice.saved', values: { count: ids.length } });
    emit(FORWARDING_RULES_SAVED_EVENT, { ids });
    reload();
  };
  const onDelete = async (ids: number[]) => {
    try {
      await deleteLayer4Rules(client, ids);
      store.toggle(ids, false);
      publishNotice({ severity: 'success', namespace, key: 'notice.deleted', values: { count: ids.length } });
      emit(FORWARDING_RULES_DELETED_EVENT, { ids });
    } catch {
      // The client has shown the server's reason.
    } finally {
      reload();
    }
  };
  const onActivated = (id: number) => {
    emit(TCP_PACKAGE_ACTIVATED_EVENT, { id });
    reload();
  };
  const batchType = (): Layer4Rule['type'] => {
    const shown = rules.status === 'ready' ? rules.value.list.find((rule) => selection.has(rule.id)) : undefined;
    return shown?.type ?? 'ip';
  };

  useEffect(() => {
    void store.loadPackages();
  }, [store]);
  useEffect(() => {
    void store.loadRules();
  }, [store, query]);

  const table = () => {
    if (rules.status === 'loading') return <LoadingState message={t('loading')} />;
    if (rules.status === 'error') return <ErrorState message={t('load-failed')} onRetry={reload} />;
    const filtered = query.keyword !== '' || query.protocol !== '' || query.packageId !== '' || query.status !== '';
    if (rules.value.list.length === 0) return <EmptyState message={filtered ? t('no-match') : t('empty')} />;
    return (
      <>
        <RuleTable
          rules={rules.value.list}
          busy={store.busy.value}
          selection={selection}
          detailRoute={routes.detail}
          onToggle={store.toggle}
          onEdit={(rule) => (store.dialog.value = { kind: 'edit', rule })}
          onDelete={(rule) => void onDelete([rule.id])}
        />
        <Pager page={query.page} pageSize={query.perPage} total={rules.value.total} onChange={(change) => store.setPage(change.page, change.pageSize)} />
      </>
    );
  };

  return (
    <div className="ec-root ec-stack ec-layer4-rules">
      <ReadOnlyNotice module="layer4" />
      {packages.status === 'ready' && <PackageNotice packages={packageList} editable={packages.value.editable} onActivated={onActivated} />}
      <div className="ec-row ec-toolbar" part="toolbar">
        <SearchInput label={t('toolbar.search')} value={query.keyword} onSearch={(keyword) => store.setFilter({ keyword })} />
        <FilterField<Layer4Protocol>
          label={t('filter.protocol')}
          allLabel={t('filter.all-protocols')}
          value={query.protocol}
          options={LAYER4_PROTOCOLS.map((value) => ({ value, label: t(`protocol.${value}`) }))}
          onChange={(protocol) => store.setFilter({ protocol })}
        />
        <FilterField<number>
          label={t('filter.package')}
          allLabel={t('filter.all-packages')}
          value={query.packageId}
          options={packageList.map((entry) => ({ value: entry.id, label: entry.name }))}
          onChange={(packageId) => store.setFilter({ packageId })}
        />
        <FilterField<ForwardingStatus>
          label={t('filter.status')}
          allLabel={t('filter.all-statuses')}
          value={query.status}
          options={FORWARDING_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
          onChange={(status) => store.setFilter({ status })}
        />
        <span className="ec-spacer" />
        <GuardedButton type="button" icon="pi pi-plus" label={t('toolbar.create')} deniedReason={denied} onClick={() => (store.dialog.value = { kind: 'create' })} aria-haspopup="dialog" />
        <GuardedButton type="button" outlined label={t('toolbar.batch-add')} deniedReason={denied} onClick={() => (store.dialog.value = { kind: 'batch-add' })} aria-haspopup="dialog" />
      </div>
      {selection.size > 0 && (
        <div className="ec-row" part="selection-bar">
          <span className="ec-muted">{t('toolbar.selected', { count: selection.size })}</span>
          <Button type="button" size="small" outlined label={t('toolbar.batch-edit')} onClick={() => (store.dialog.value = { kind: 'batch-edit', ids: [...selection] })} aria-haspopup="dialog" />
          <ConfirmPopover message={t('toolbar.confirm-delete', { count: selection.size })} danger confirmLabel={t('row.delete')} onConfirm={() => void onDelete([...selection])}>
            {(trigger) => <Button type="button" size="small" outlined severity="danger" label={t('toolbar.delete-selected')} {...trigger} />}
          </ConfirmPopover>
          <Button type="button" size="small" text label={t('toolbar.clear-selection')} onClick={() => store.toggle([...selection], false)} />
        </div>
      )}
      {table()}
      {(dialog?.kind === 'create' || dialog?.kind === 'batch-add') && (
        <RuleDialog mode={dialog.kind} packages={packageList} onHide={() => (store.dialog.value = null)} onSaved={onAdded} />
      )}
      {dialog?.kind === 'edit' && <RuleDialog mode="edit" rule={dialog.rule} packages={packageList} onHide={() => (store.dialog.value = null)} onSaved={onSaved} />}
      {dialog?.kind === 'batch-edit' && (
        <BatchEditDialog
          ids={dialog.ids}
          type={batchType()}
          onHide={() => (store.dialog.value = null)}
          onDeselect={(ids) => {
            store.toggle(ids, false);
            store.dialog.value = { kind: 'batch-edit', ids: dialog.ids.filter((id) => !ids.includes(id)) };
          }}
          onSaved={onSaved}
        />
      )}
    </div>
  );
}
