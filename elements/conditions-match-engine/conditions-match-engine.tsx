/**
 * `<ec-conditions-match-engine>`: the account's condition rules (shell §2 conditions match engine, shell §4 gated by
 * condition_source; rules §3 "Condition rule: name, description, citation count, status"; rules §4 "a suspended rule
 * has no effect"; rules §5 Match rules and WAF). WAF rules reference a condition rule with the `condition-rule`
 * match type; the server expands the reference before it evaluates, counts the citations and refuses to delete a
 * rule in use, naming where.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { deleteConditionRule, setConditionRuleStatus, type ConditionRule } from '../../core/api/endpoints/conditions.js';
import { publishNotice } from '../../core/api/notices.js';
import { loadRegionData, regionData } from '../../core/region/region.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { ReadOnlyNotice } from '../../core/ui/parts/read-only.js';
import { CONDITION_RULE_DELETED_EVENT, CONDITION_RULE_SAVED_EVENT, CONDITION_RULE_STATUS_CHANGED_EVENT } from './events.js';
import { CitationsDialog } from './parts/citations-dialog.js';
import { ConfirmDialog } from './parts/confirm-dialog.js';
import { RuleDialog } from './parts/rule-dialog.js';
import { RuleTable } from './parts/rule-table.js';
import { engineStoreFor } from './store.js';

/** Props of the component (attributes of the element). */
export interface ConditionsMatchEngineProps {
  /** Rows per page: 10 (default), 20, 50 or 100 (shell §9). */
  pageSize?: number;
}

/** The conditions match engine. */
export function ConditionsMatchEngine({ pageSize }: ConditionsMatchEngineProps) {
  useSignals();
  const { client, host, emit, namespace } = useElement();
  const t = useT();
  const store = engineStoreFor(host, { pageSize });
  const query = store.query.value;
  const dialog = store.dialog.value;

  const reload = () => void store.load(client);
  const onSaved = (rule: ConditionRule, created: boolean) => {
    store.setDialog(null);
    publishNotice({ severity: 'success', namespace, key: created ? 'list.created' : 'list.saved', values: { name: rule.name } });
    emit(CONDITION_RULE_SAVED_EVENT, { rule, created });
    reload();
  };
  const onStatus = async (rule: ConditionRule) => {
    store.setDialog(null);
    const status = rule.status === 'enabled' ? 'suspended' : 'enabled';
    try {
      const answer = await setConditionRuleStatus(client, { ids: [rule.id], status });
      const key = status === 'enabled' ? 'list.enabled' : answer.cited_by > 0 ? 'list.suspended-cited' : 'list.suspended';
      publishNotice({ severity: answer.cited_by > 0 ? 'warn' : 'success', namespace, key, values: { name: rule.name, count: answer.cited_by } });
      emit(CONDITION_RULE_STATUS_CHANGED_EVENT, { id: rule.id, name: rule.name, status, citedBy: answer.cited_by });
    } catch {
      // The client has shown the server's message.
    } finally {
      reload();
    }
  };
  const onDelete = async (rule: ConditionRule) => {
    store.setDialog(null);
    try {
      await deleteConditionRule(client, rule.id);
      publishNotice({ severity: 'success', namespace, key: 'list.deleted', values: { name: rule.name } });
      emit(CONDITION_RULE_DELETED_EVENT, { id: rule.id, name: rule.name });
    } catch {
      // The client has shown the server's reason: the WAF rules and rule sets that still reference the rule.
    } finally {
      reload();
    }
  };

  useEffect(() => {
    store.applySettings({ pageSize });
  }, [store, pageSize]);
  useEffect(() => {
    void store.load(client);
  }, [store, client, query]);
  useEffect(() => {
    loadRegionData(client).catch(() => undefined);
  }, [client]);

  return (
    <div className="ec-root ec-stack ec-conditions-match-engine">
      {/* The host shows the page title; the element says what condition rules are for. */}
      <p className="ec-muted">{t('intro')}</p>
      <ReadOnlyNotice module="security_policy" />
      <RuleTable
        rules={store.rules.value}
        busy={store.busy.value}
        keyword={store.keyword.value}
        page={store.page.value}
        pageSize={store.pageSize.value}
        onSearch={store.setKeyword}
        onPage={({ page, pageSize: size }) => store.setPage(page, size)}
        onRetry={reload}
        onCreate={() => store.setDialog({ kind: 'create' })}
        onEdit={(rule) => store.setDialog({ kind: 'edit', rule })}
        onCitations={(rule) => store.setDialog({ kind: 'citations', rule })}
        onStatus={(rule) => store.setDialog({ kind: 'status', rule })}
        onDelete={(rule) => store.setDialog({ kind: 'delete', rule })}
      />
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <RuleDialog
          editing={dialog.kind === 'edit' ? dialog.rule : undefined}
          regions={regionData.value?.ipRegions ?? []}
          onHide={() => store.setDialog(null)}
          onSaved={onSaved}
        />
      )}
      {dialog?.kind === 'citations' && <CitationsDialog rule={dialog.rule} onHide={() => store.setDialog(null)} />}
      {dialog?.kind === 'status' && (
        <ConfirmDialog
          header={t('list.switch-of', { name: dialog.rule.name })}
          // Rules §4: suspending a cited rule is allowed, with a warning of what it silences.
          message={
            dialog.rule.status === 'enabled'
              ? dialog.rule.citations > 0
                ? t('list.confirm-suspend-cited', { name: dialog.rule.name, count: dialog.rule.citations })
                : t('list.confirm-suspend', { name: dialog.rule.name })
              : t('list.confirm-enable', { name: dialog.rule.name })
          }
          confirmLabel={t(dialog.rule.status === 'enabled' ? 'list.suspend' : 'list.enable')}
          onConfirm={() => void onStatus(dialog.rule)}
          onCancel={() => store.setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          header={t('list.delete-of', { name: dialog.rule.name })}
          message={t('list.confirm-delete', { name: dialog.rule.name })}
          confirmLabel={t('action.delete')}
          danger
          onConfirm={() => void onDelete(dialog.rule)}
          onCancel={() => store.setDialog(null)}
        />
      )}
    </div>
  );
}
