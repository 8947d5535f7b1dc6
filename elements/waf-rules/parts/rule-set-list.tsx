/**
 * The rule sets (rules §3 "Rule set: name, rule count (enabled/total), description, latest update time, attribution,
 * bound domains"): search, attribution filter, the package's maximum (rules §5, §8), create, rename, quote, delete
 * (never bound or default sets, each refusal with its message) and, inside a domain's console, whether the domain
 * quotes each set.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { useMemo, useRef, useState } from 'react';
import { quoteRuleSet, deleteRuleSet, type RuleSetInfo } from '../../../core/api/endpoints/waf.js';
import type { RuleSetAttribution } from '../../../core/rules/waf.js';
import { formatLogTime } from '../../../core/i18n/format.js';
import { validateRuleSetCount, validateRuleSetDeletable } from '../../../core/rules/waf.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { FastTable, type FastColumn } from '../../../core/ui/parts/fast-table.js';
import { FilterField } from '../../../core/ui/parts/filter-field.js';
import { GuardedButton, ReadOnlyMark, ReadOnlyNotice, useModuleAccess, useReadOnlyReason } from '../../../core/ui/parts/read-only.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { Pager } from '../../../core/ui/parts/pager.js';
import { SearchInput } from '../../../core/ui/parts/search-input.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { StatusTag } from '../../../core/ui/parts/status-tag.js';
import { attributionSettings } from '../labels.js';
import type { WafRulesStore } from '../store.js';
import { QuoteDialog } from './quote-dialog.js';
import { RuleSetDialog } from './rule-set-dialog.js';

/** Props of {@link RuleSetList}. */
export interface RuleSetListProps {
  store: WafRulesStore;
  /** The domain whose console shows the list, when there is one. */
  domainId?: number;
  /** Opens a set in the editor. */
  onOpen: (id: number) => void;
  /** Starts with the create form open (the `view="edit"` route without a set). */
  startCreating?: boolean;
}

/** The list; `part="toolbar"`, `part="table"`. */
export function RuleSetList({ store, domainId, onOpen, startCreating = false }: RuleSetListProps) {
  useSignals();
  const { client, emit } = useElement();
  const t = useT();
  const tRules = useT('rules');
  const [editing, setEditing] = useState<RuleSetInfo | 'new' | null>(startCreating ? 'new' : null);
  const [quoting, setQuoting] = useState<RuleSetInfo | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const state = store.sets.value;
  const query = store.query.value;
  const config = store.config.value;

  // Rules §6: sets act on websites, so the domain module's grant decides; each set's own answer is `editable`.
  const access = useModuleAccess('security_policy');
  const readOnlyReason = useReadOnlyReason('security_policy');
  const manages = access === 'manage' || access === null;
  const limit = config ? validateRuleSetCount(config.custom_rule_sets, config.max_rule_sets) : null;
  const attributionOptions = attributionSettings(t).map((setting) => ({ value: setting.value as RuleSetAttribution, label: setting.label }));

  const remove = async (set: RuleSetInfo) => {
    try {
      await deleteRuleSet(client, set.id);
      emit('ec-rule-set-deleted', { id: set.id });
      setNotice(t('list.deleted', { name: set.name }));
      void store.loadSets();
      void store.loadConfig();
    } catch {
      // The client has shown the server's message.
    }
  };
  const refuseDelete = (set: RuleSetInfo, found: NonNullable<ReturnType<typeof validateRuleSetDeletable>>) =>
    setNotice(t('list.cannot-delete', { name: set.name, reason: tRules(found.key, found.values) }));
  const toggleDomain = async (set: RuleSetInfo, quoted: boolean) => {
    if (domainId === undefined) return;
    const others = set.bound_domains.map((domain) => domain.domain_id).filter((id) => id !== domainId);
    try {
      const updated = await quoteRuleSet(client, { id: set.id, domain_ids: quoted ? [...others, domainId] : others });
      emit('ec-rule-set-quoted', { ruleSet: updated });
      void store.loadSets();
    } catch {
      // The client has shown the server's message.
    }
  };
  const saved = (set: RuleSetInfo, created: boolean) => {
    setEditing(null);
    emit('ec-rule-set-saved', { ruleSet: set, created });
    void store.loadConfig();
    if (created) onOpen(set.id);
    else void store.loadSets();
  };

  const toolbar = (
    <div className="ec-row ec-toolbar" part="toolbar">
      <SearchInput label={t('list.search')} value={query.name} onSearch={(name) => store.setQuery({ name, page: 1 })} />
      <FilterField
        label={t('list.attribution')}
        value={query.attribution}
        options={attributionOptions}
        allLabel={t('list.all-attributions')}
        onChange={(attribution) => store.setQuery({ attribution, page: 1 })}
      />
      <span className="ec-spacer" />
      {config && <span className="ec-muted">{t('list.usage', { used: config.custom_rule_sets, max: config.max_rule_sets })}</span>}
      <GuardedButton
        type="button"
        icon="pi pi-plus"
        label={t('list.create')}
        deniedReason={manages ? null : readOnlyReason}
        disabled={limit !== null}
        onClick={() => setEditing('new')}
      />
      {limit && <span className="ec-error-text">{tRules(limit.key, limit.values)}</span>}
    </div>
  );
  const dialogs = (
    <>
      {editing !== null && <RuleSetDialog set={editing === 'new' ? null : editing} onSaved={saved} onCancel={() => setEditing(null)} />}
      {quoting && (
        <QuoteDialog
          set={quoting}
          onSaved={(set) => {
            setQuoting(null);
            emit('ec-rule-set-quoted', { ruleSet: set });
            void store.loadSets();
          }}
          onCancel={() => setQuoting(null)}
        />
      )}
    </>
  );

  // Row handlers read the latest values through this ref, so the columns stay the same array between renders.
  const latest = useRef({ toggleDomain, refuseDelete, remove, setEditing, setQuoting, onOpen });
  latest.current = { toggleDomain, refuseDelete, remove, setEditing, setQuoting, onOpen };
  const columns = useMemo((): FastColumn<RuleSetInfo>[] => {
    const attributions = attributionSettings(t);
    const boundText = (set: RuleSetInfo) => {
      const hidden = set.bound_total - set.bound_domains.length;
      const names = set.bound_domains.map((domain) => domain.domain).join(', ');
      if (!names) return hidden === 0 ? t('list.not-bound') : t('list.hidden-domains', { count: hidden });
      return hidden > 0 ? `${names} ${t('list.hidden-domains', { count: hidden })}` : names;
    };
    const list: FastColumn<RuleSetInfo>[] = [
      {
        key: 'name',
        className: 'ec-col-primary',
        header: t('column.name'),
        cell: (set) => (
          <>
            <Button type="button" link className="ec-link" label={set.name} onClick={() => latest.current.onOpen(set.id)} />
            {set.description && <div className="ec-muted ec-truncate" data-ec-tip={set.description}>{set.description}</div>}
          </>
        ),
      },
      { key: 'rules', className: 'ec-nowrap', header: t('column.rules'), cell: (set) => t('list.rule-count', { enabled: set.rules_enabled, total: set.rules_total }) },
      {
        key: 'attribution',
        header: t('column.attribution'),
        title: t('column.attribution'),
        hideable: true,
        cell: (set) => <StatusTag settings={attributions} value={set.attribution} />,
      },
      { key: 'bound', header: t('column.bound-domains'), title: t('column.bound-domains'), hideable: true, truncate: boundText },
      { key: 'updated', className: 'ec-nowrap', header: t('column.updated'), title: t('column.updated'), hideable: true, cell: (set) => formatLogTime(set.updated_at) },
    ];
    if (domainId !== undefined) {
      list.push({
        key: 'this-domain',
        header: t('column.this-domain'),
        cell: (set) => (
          <Checkbox
            inputId={`quote-${set.id}`}
            checked={set.bound_domains.some((domain) => domain.domain_id === domainId)}
            disabled={!manages}
            onChange={(event) => void latest.current.toggleDomain(set, event.checked === true)}
            pt={{ input: { 'aria-label': t('list.quote-this-domain', { name: set.name }) } as never }}
          />
        ),
      });
    }
    list.push({
      key: 'actions',
      className: 'ec-col-actions',
      header: t('column.actions'),
      cell: (set) => {
        if (!manages) return <ReadOnlyMark reason={readOnlyReason} />;
        const actions = latest.current;
        const undeletable = validateRuleSetDeletable({ attribution: set.attribution, boundDomains: set.bound_total });
        return (
          <span className="ec-actions">
            {set.editable && <Button type="button" text label={t('action.rename')} onClick={() => actions.setEditing(set)} />}
            <Button type="button" text label={t('action.quote')} onClick={() => actions.setQuoting(set)} />
            {undeletable ? (
              <Button type="button" text severity="danger" label={t('action.delete')} onClick={() => actions.refuseDelete(set, undeletable)} />
            ) : set.editable ? (
              <ConfirmPopover message={t('list.confirm-delete', { name: set.name })} danger onConfirm={() => void actions.remove(set)}>
                {(trigger) => <Button type="button" text severity="danger" label={t('action.delete')} {...trigger} />}
              </ConfirmPopover>
            ) : (
              <ReadOnlyMark reason={readOnlyReason} />
            )}
          </span>
        );
      },
    });
    return list;
  }, [t, domainId, manages, readOnlyReason]);

  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'error') return <ErrorState onRetry={() => void store.loadSets()} />;

  return (
    <div className="ec-stack">
      <ReadOnlyNotice module="security_policy" />
      {toolbar}
      {notice && (
        <p className="ec-notice" role="status">
          {notice}
        </p>
      )}
      {state.list.length === 0 ? (
        <EmptyState message={t('list.empty')} />
      ) : (
        <FastTable rows={state.list} rowKey={(set) => set.id} columns={columns} label={t('list.caption')} columnsKey="waf-rules.rule-sets" />
      )}
      <Pager page={query.page} pageSize={query.pageSize} total={state.total} onChange={({ page, pageSize }) => store.setQuery({ page, pageSize })} />
      {dialogs}
    </div>
  );
}
