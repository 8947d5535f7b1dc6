/**
 * One rule set open for editing: its rules as a working copy (add, edit, delete, drag or place to reorder, batch
 * status), "Save changes" sending the differences with the firewall policy calls, copy to another set, the rule
 * tester on the unsaved rules, and the rules that can never fire. Built-in sets are read-only apart from the status
 * of their rules and copying them out.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { useMemo, useState } from 'react';
import type { IpRegion } from '../../../core/api/endpoints/platform.js';
import { findUnreachableRules } from '../../../core/match/index.js';
import { regionLabel } from '../../../core/region/region.js';
import { RULES_PER_SET_MAX, type WafRuleStatus } from '../../../core/rules/waf.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import type { PreviewLabels } from '../../../core/ui/parts/condition-builder/preview.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { PlanRefusalNotices, withoutPlanRefusals } from '../../../core/ui/parts/plan-refusals.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { StatusTag } from '../../../core/ui/parts/status-tag.js';
import { attributionSettings } from '../labels.js';
import type { WafRulesStore } from '../store.js';
import { moveRule, toMatchRule, type WorkingRule } from '../working-copy.js';
import { CopyDialog } from './copy-dialog.js';
import { PositionDialog } from './position-dialog.js';
import { RuleDialog } from './rule-dialog.js';
import { ruleName, RuleTable } from './rule-table.js';
import { RuleTester } from './rule-tester.js';

/** Props of {@link RuleSetEditor}. */
export interface RuleSetEditorProps {
  store: WafRulesStore;
  /** Back to the list; absent when the host shows the set as a page of its own (`group-id`). */
  onBack?: () => void;
  regions: readonly IpRegion[];
}

function flatten(tree: readonly IpRegion[], language: Parameters<typeof regionLabel>[1], trail: string[] = []): { value: string; label: string }[] {
  return tree.flatMap((node) => {
    const path = [...trail, regionLabel(node, language)];
    return [{ value: node.key, label: path.join(' › ') }, ...flatten(node.child ?? [], language, path)];
  });
}

/** The editor; `part="editor"`. */
export function RuleSetEditor({ store, onBack, regions }: RuleSetEditorProps) {
  useSignals();
  const { emit, language } = useElement();
  const t = useT();
  const tRules = useT('rules');
  const [editing, setEditing] = useState<WorkingRule | 'new' | null>(null);
  const [placing, setPlacing] = useState<number | null>(null);
  const [copying, setCopying] = useState(false);
  const [testing, setTesting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const state = store.editor.value;
  const working = store.working.value;
  const changes = store.changes.value;
  const problem = store.problem.value;
  const config = store.config.value;

  const regionChoices = useMemo(() => flatten(regions, language), [regions, language]);
  const labels: PreviewLabels = useMemo(() => {
    const names = new Map(regionChoices.map((choice) => [choice.value, choice.label.split(' › ').pop()!]));
    return {
      regionName: (key) => names.get(key) ?? key,
      ipListName: (id) => config?.ip_lists.find((list) => list.id === id)?.name ?? `#${id}`,
      conditionRuleName: (id) => config?.condition_rules?.find((rule) => rule.id === id)?.name ?? `#${id}`,
    };
  }, [regionChoices, config]);
  const unreachable = useMemo(
    () => new Map(findUnreachableRules(working.map(toMatchRule), { regions }).map((item) => [item.index, item.coveredBy])),
    [working, regions],
  );
  const baseline = useMemo(
    () => new Map((state?.status === 'ready' ? state.baseline : []).filter((rule) => rule.id !== undefined).map((rule) => [rule.id!, rule])),
    [state],
  );

  if (state === null || state.status === 'loading') return <LoadingState />;
  if (state.status === 'error') return <ErrorState onRetry={() => void store.openSet(state.id, false)} />;

  const set = state.set;
  const editable = set.editable;
  const domains = set.bound_domains.map((domain) => domain.domain);
  const siteDomain = domains.length > 0 && domains.every((domain) => domain.startsWith('*.')) ? domains[0] : domains.find((domain) => !domain.startsWith('*.'));
  const chosen = working.filter((rule) => selected.has(rule.key));
  const refusedKey = problem?.kind === 'invalid' && problem.key !== 'set' ? problem.key : null;
  const refusedRule = refusedKey ? working.find((rule) => rule.key === refusedKey) : undefined;

  const setStatus = (status: WafRuleStatus) => store.setWorking(working.map((rule) => (selected.has(rule.key) ? { ...rule, status } : rule)));
  const removeRules = (keys: ReadonlySet<string>) => {
    store.setWorking(working.filter((rule) => !keys.has(rule.key)));
    setSelected(new Set());
  };
  const apply = (rule: WorkingRule) => {
    const exists = working.some((item) => item.key === rule.key);
    store.setWorking(exists ? working.map((item) => (item.key === rule.key ? rule : item)) : [...working, rule]);
    setEditing(null);
  };
  const save = async () => {
    setNotice(null);
    if (await store.saveChanges(emit)) setNotice(t('editor.saved'));
  };

  return (
    <div className="ec-stack" part="editor">
      <div className="ec-editor-head">
        {onBack && <Button type="button" icon="pi pi-arrow-left" text label={t('editor.back')} onClick={onBack} />}
        <h2 className="ec-editor-title">{set.name}</h2>
        <StatusTag settings={attributionSettings(t)} value={set.attribution} />
        <span className="ec-muted">{t('list.rule-count', { enabled: working.filter((rule) => rule.status === 'enabled').length, total: working.length })}</span>
        {set.description && <p className="ec-muted ec-editor-description">{set.description}</p>}
      </div>
      {!editable && <p className="ec-muted">{set.attribution === 'built-in' ? t('editor.built-in-readonly') : t('editor.not-editable')}</p>}
      {state.restored && changes !== null && changes.count > 0 && <p className="ec-notice">{t('draft-restored')}</p>}
      <div className="ec-row ec-toolbar" part="toolbar">
        {editable && <Button type="button" icon="pi pi-plus" label={t('editor.add-rule')} disabled={working.length >= RULES_PER_SET_MAX} onClick={() => setEditing('new')} />}
        <Button type="button" outlined label={t('editor.enable')} disabled={chosen.length === 0} onClick={() => setStatus('enabled')} />
        <Button type="button" outlined label={t('editor.observe')} disabled={chosen.length === 0} onClick={() => setStatus('observation')} />
        <Button type="button" outlined label={t('editor.close')} disabled={chosen.length === 0} onClick={() => setStatus('closed')} />
        {editable && (
          <ConfirmPopover message={t('editor.confirm-delete-selected', { count: chosen.length })} danger onConfirm={() => removeRules(selected)}>
            {(trigger) => <Button type="button" outlined severity="danger" label={t('editor.delete-selected')} disabled={chosen.length === 0} {...trigger} />}
          </ConfirmPopover>
        )}
        <Button type="button" outlined label={t('editor.copy')} disabled={chosen.length === 0} onClick={() => setCopying(true)} />
        <Button type="button" outlined icon="pi pi-play" label={testing ? t('editor.hide-tester') : t('editor.show-tester')} aria-expanded={testing} onClick={() => setTesting(!testing)} />
        <span className="ec-spacer" />
        {changes !== null && changes.count > 0 && <span className="ec-muted">{t('editor.unsaved', { count: changes.count })}</span>}
        <ConfirmPopover message={t('editor.confirm-discard')} onConfirm={store.discardChanges}>
          {(trigger) => <Button type="button" outlined label={t('editor.discard')} disabled={!changes || changes.count === 0 || store.saving.value} {...trigger} />}
        </ConfirmPopover>
        <Button type="button" icon="pi pi-save" label={t('editor.save')} loading={store.saving.value} disabled={!changes || changes.count === 0} onClick={() => void save()} />
      </div>
      {notice && (
        <p className="ec-notice" role="status">
          {notice}
        </p>
      )}
      {problem?.kind === 'failed' && (
        <p className="ec-error-text" role="alert">
          {t('editor.save-failed', { message: problem.message })}
        </p>
      )}
      {problem?.kind === 'invalid' && (
        <div className="ec-error-text" role="alert">
          <p>{refusedRule ? t('editor.rule-refused', { rule: ruleName(t, refusedRule) }) : t('editor.set-refused')}</p>
          <ul>
            {withoutPlanRefusals(problem.issues).map((found, index) => (
              <li key={index}>{tRules(found.key, found.values)}</li>
            ))}
          </ul>
          {refusedRule && <Button type="button" text label={t('editor.fix-rule')} onClick={() => setEditing(refusedRule)} />}
        </div>
      )}
      {/* Rules §6: a custom rule or protection mode the plan lacks, with the upgrade or work-order link. */}
      {problem?.kind === 'invalid' && <PlanRefusalNotices issues={problem.issues} />}
      {working.length === 0 ? (
        <EmptyState message={t('editor.empty')} />
      ) : (
        <RuleTable
          rules={working}
          baseline={baseline}
          editable={editable}
          builtIn={set.attribution === 'built-in'}
          selected={selected}
          onSelect={setSelected}
          unreachable={unreachable}
          refusedKey={refusedKey}
          labels={labels}
          onEdit={setEditing}
          onDelete={(rule) => removeRules(new Set([rule.key]))}
          onMove={(from, to) => store.setWorking(moveRule(working, from, to))}
          onPlace={setPlacing}
        />
      )}
      {testing && <RuleTester setId={set.id} rules={working} regions={regions} regionChoices={regionChoices} labels={labels} />}
      {editing !== null && (
        <RuleDialog
          setId={set.id}
          rule={editing === 'new' ? null : editing}
          siteDomain={siteDomain}
          ipLists={config?.ip_lists ?? []}
          conditionRules={config?.condition_rules ?? undefined}
          regions={regions}
          serverIssues={editing !== 'new' && editing.key === refusedKey && problem?.kind === 'invalid' ? problem.issues : []}
          onApply={apply}
          onCancel={() => setEditing(null)}
        />
      )}
      {placing !== null && working[placing] && (
        <PositionDialog
          label={ruleName(t, working[placing]!)}
          current={placing + 1}
          total={working.length}
          onPlace={(position) => {
            store.setWorking(moveRule(working, placing, position - 1));
            setPlacing(null);
          }}
          onCancel={() => setPlacing(null)}
        />
      )}
      {copying && (
        <CopyDialog
          sourceId={set.id}
          ids={chosen.filter((rule) => rule.id !== undefined).map((rule) => rule.id!)}
          unsaved={chosen.filter((rule) => rule.id === undefined).length}
          onCopied={(target, count) => {
            setCopying(false);
            setNotice(t('copy.done', { count, name: target.name }));
            emit('ec-rules-copied', { targetId: target.id, count });
          }}
          onCancel={() => setCopying(false)}
        />
      )}
    </div>
  );
}
