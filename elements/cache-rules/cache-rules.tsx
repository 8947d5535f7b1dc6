/**
 * `<ec-cache-rules>`: the cache rules of one domain (rules §3 "Cache rule"; domain console cache tab). The list in
 * evaluation order with the built-in rules and the default rule of rules §9 read-only, the evaluation model stated,
 * the limits of rules §5 counted, create and edit of every field, reorder (drag, arrow keys, "Move to position"),
 * status, delete, paging (shell §9), the browser cache switch and the cache tester. Globally synchronized strategies and domains a
 * sub-account may only read are shown view-only (rules §6).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useMemo, useState } from 'react';
import type { FieldIssue } from '../../core/api/catalogue.js';
import type { CacheRuleInfo, CacheRuleSave } from '../../core/api/endpoints/domain-settings.js';
import { planGate } from '../../core/config/plan-gating.js';
import { countCacheRules, type CacheRuleInput } from '../../core/rules/cache.js';
import { currentUser } from '../../core/session/session.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { Pager } from '../../core/ui/parts/pager.js';
import { PlanRefusalNotices } from '../../core/ui/parts/plan-refusals.js';
import { ReadOnlyNotice, useModuleAccess, useReadOnlyReason } from '../../core/ui/parts/read-only.js';
import { EmptyState, ErrorState, LoadingState } from '../../core/ui/parts/state-views.js';
import type { StatusSetting } from '../../core/ui/parts/status-tag.js';
import './events.js';
import { CacheTester } from './parts/cache-tester.js';
import { MoveDialog } from './parts/move-dialog.js';
import { RuleDialog } from './parts/rule-dialog.js';
import { RuleTable } from './parts/rule-table.js';
import { RuleToolbar } from './parts/rule-toolbar.js';
import { cacheRulesStoreFor, toSave, type SaveOutcome } from './store.js';

/** Props of the component (attributes of the element). */
export interface CacheRulesProps {
  /** The domain whose rules are shown (the `domains` id). */
  domainId?: number;
  /** Rules per page: 10 (default), 20, 50 or 100 (shell §9). */
  pageSize?: number;
  /** `readonly` hides every change; `manage` (default) shows them where the domain allows. */
  mode?: string;
}

/** Which dialog is open. */
type OpenDialog = { kind: 'none' } | { kind: 'edit'; rule: CacheRuleInfo | null } | { kind: 'move'; rule: CacheRuleInfo };

/** A message about the last change: announced politely when it went well, as an alert when it did not. */
type Notice = { tone: 'status' | 'alert'; text: string } | null;

/** Findings of one rule of the list, renamed to the rule's own fields; the limit lands on the execution method. */
function ruleIssues(issues: readonly FieldIssue[], index: number): FieldIssue[] {
  const prefix = `rules.${index}.`;
  return issues.flatMap((found) => {
    if (found.field === 'rules') return [{ ...found, field: 'action' }];
    return found.field.startsWith(prefix) ? [{ ...found, field: found.field.slice(prefix.length) }] : [];
  });
}

/** Moves one entry to a 0-based position. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry!);
  return next;
}

/** The cache rule editor. */
export function CacheRules({ domainId, pageSize, mode }: CacheRulesProps) {
  useSignals();
  const { client, host, emit } = useElement();
  const t = useT();
  const tRules = useT('rules');
  const access = useModuleAccess('domain');
  const objectReason = useReadOnlyReason('domain');
  const store = cacheRulesStoreFor(host);
  const [dialog, setDialog] = useState<OpenDialog>({ kind: 'none' });
  const [notice, setNotice] = useState<Notice>(null);
  const [listIssues, setListIssues] = useState<FieldIssue[]>([]);
  const id = useId();

  const domain = typeof domainId === 'number' && Number.isSafeInteger(domainId) && domainId > 0 ? domainId : null;
  const state = store.state.value;
  const busy = store.saving.value;
  const regexGate = planGate({ action: 'cache_regex' }, { actions: store.actions.value, flag: currentUser.value?.flag });
  const statusTags = useMemo<StatusSetting[]>(
    () => [
      { value: 'enabled', label: t('status.enabled'), color: 'success' },
      { value: 'suspended', label: t('status.suspended'), color: 'neutral' },
    ],
    [t],
  );
  const cache = state.status === 'ready' ? state.cache : null;
  const rules = cache?.rules ?? [];
  const editable = cache !== null && cache.editable && mode !== 'readonly';
  const counts = countCacheRules(rules);
  const page = store.page.value;
  const size = store.size.value;
  const lastPage = Math.max(1, Math.ceil(rules.length / size));
  const start = (Math.min(page, lastPage) - 1) * size;

  /** A finding about another rule of the list: "Rule 3 (Images): message". */
  const describeIssue = (found: FieldIssue): string => {
    const message = tRules(found.key, found.values ?? {});
    const at = /^rules\.(\d+)\./.exec(found.field);
    if (!at) return message;
    const index = Number(at[1]);
    return t('notice.rule-issue', { priority: index + 1, name: rules[index]?.name ?? '', message });
  };

  const reload = () => {
    if (domain !== null) void store.load(client, domain);
  };

  /** Saves a new list; reports conflicts and failures on the page, other findings to the caller. */
  const persist = async (next: CacheRuleSave[]): Promise<SaveOutcome> => {
    setNotice(null);
    const outcome = await store.saveRules(client, domain!, next);
    setListIssues(outcome.kind === 'invalid' ? outcome.issues : []);
    if (outcome.kind === 'conflict') setNotice({ tone: 'alert', text: t('notice.conflict') });
    if (outcome.kind === 'failed') setNotice({ tone: 'alert', text: t('notice.save-failed') });
    return outcome;
  };

  const saveRule = async (input: CacheRuleInput, editing: CacheRuleInfo | null): Promise<SaveOutcome> => {
    const index = editing ? rules.findIndex((rule) => rule.id === editing.id) : rules.length;
    const saves = rules.map(toSave);
    const next = editing ? saves.map((save) => (save.id === editing.id ? { ...input, id: editing.id } : save)) : [...saves, input];
    const outcome = await persist(next);
    if (outcome.kind === 'invalid') {
      // This rule's findings show in its form; the page lists only what concerns the other rules.
      const own = ruleIssues(outcome.issues, index);
      setListIssues(outcome.issues.filter((found) => found.field !== 'rules' && !found.field.startsWith(`rules.${index}.`)));
      return { kind: 'invalid', issues: own };
    }
    if (outcome.kind === 'saved') {
      const saved = outcome.rules[index]!;
      store.showPosition(index);
      emit('ec-cache-rule-saved', { domain_id: domain!, id: saved.id, name: saved.name, created: editing === null });
      setNotice({ tone: 'status', text: t('notice.saved', { name: saved.name }) });
      setDialog({ kind: 'none' });
    }
    return outcome;
  };

  const deleteRule = async (rule: CacheRuleInfo) => {
    const outcome = await persist(rules.filter((entry) => entry.id !== rule.id).map(toSave));
    if (outcome.kind !== 'saved') return;
    emit('ec-cache-rule-deleted', { domain_id: domain!, id: rule.id, name: rule.name });
    setNotice({ tone: 'status', text: t('notice.deleted', { name: rule.name }) });
  };

  const toggleRule = async (rule: CacheRuleInfo) => {
    const status = rule.status === 'enabled' ? 'suspended' : 'enabled';
    const outcome = await persist(rules.map((entry) => (entry.id === rule.id ? { ...toSave(entry), status } : toSave(entry))));
    if (outcome.kind !== 'saved') return;
    emit('ec-cache-rule-saved', { domain_id: domain!, id: rule.id, name: rule.name, created: false });
    setNotice({ tone: 'status', text: t(status === 'enabled' ? 'notice.enabled' : 'notice.suspended', { name: rule.name }) });
  };

  const moveRule = async (rule: CacheRuleInfo, position: number) => {
    setDialog({ kind: 'none' });
    const from = rules.findIndex((entry) => entry.id === rule.id);
    if (from === position) return;
    const outcome = await persist(moved(rules, from, position).map(toSave));
    if (outcome.kind !== 'saved') return;
    store.showPosition(position);
    emit('ec-cache-rules-reordered', { domain_id: domain!, ids: outcome.rules.map((entry) => entry.id) });
    setNotice({ tone: 'status', text: t('notice.moved', { name: rule.name, position: position + 1 }) });
  };

  const switchBrowserCache = async (on: boolean) => {
    const status = on ? 'on' : 'off';
    if (!(await store.setBrowserCache(client, domain!, status))) return;
    emit('ec-browser-cache-changed', { domain_id: domain!, status });
  };

  useEffect(() => {
    store.applyPageSize(pageSize);
  }, [store, pageSize]);
  useEffect(() => {
    if (domain !== null) void store.load(client, domain);
  }, [store, client, domain]);

  if (domain === null) {
    return (
      <div className="ec-root" role="alert">
        <p className="ec-error-text">{t('notice.no-domain')}</p>
      </div>
    );
  }
  if (state.status === 'loading') return <LoadingState message={t('loading')} />;
  if (state.status === 'error') return <ErrorState onRetry={reload} />;
  const { cache: settings, browser } = state;
  // Why the rules cannot be changed here, shown in place of the actions (issue 19); none under `mode="readonly"`,
  // where the embedding page asked for a plain view.
  const lockReason =
    mode === 'readonly' || settings.editable
      ? null
      : settings.source !== 'domain'
        ? tRules('cache.synced-readonly')
        : objectReason;

  return (
    <div className="ec-root ec-stack ec-cache-rules">
      <h2 className="ec-cache-title" part="title">
        {t('title', { domain: settings.domain })}
      </h2>
      {settings.source !== 'domain' ? (
        <p className="ec-plan-notice" role="note" part="readonly-notice">
          {tRules('cache.synced-readonly')} {t(settings.source === 'global' ? 'notice.synced-global' : 'notice.synced-template')}
        </p>
      ) : null}
      {settings.source === 'domain' && !settings.editable && mode !== 'readonly' ? (
        access === 'read' ? (
          <ReadOnlyNotice module="domain" />
        ) : (
          // The group manages some websites, not this one: the notice names the object, not the module.
          <p className="ec-read-only-notice" role="note" part="read-only-notice">
            <i className="pi pi-lock" aria-hidden="true" /> {objectReason}
          </p>
        )
      ) : null}
      <section className="ec-cache-model" part="evaluation-model" aria-labelledby={`${id}-model`}>
        <h3 id={`${id}-model`}>{t('model.title')}</h3>
        <p>{t('model.text')}</p>
      </section>
      <RuleToolbar
        editable={editable}
        lockReason={lockReason}
        busy={busy}
        counts={counts}
        browserCache={browser.status}
        onAdd={() => setDialog({ kind: 'edit', rule: null })}
        onBrowserCache={(on) => void switchBrowserCache(on)}
        onRefresh={reload}
      />
      {notice ? (
        <p role={notice.tone} className={notice.tone === 'alert' ? 'ec-error-text' : 'ec-cache-notice'}>
          {notice.text}
        </p>
      ) : null}
      {listIssues.length > 0 ? (
        <div role="alert">
          <ul className="ec-issues">
            {listIssues.map((found, index) => (
              <li key={index} className="ec-error-text">
                {describeIssue(found)}
              </li>
            ))}
          </ul>
          <PlanRefusalNotices issues={listIssues} />
        </div>
      ) : null}
      {rules.length === 0 ? <EmptyState message={t('empty')} /> : null}
      <div className="ec-table-scroll">
        <RuleTable
          builtIn={start === 0 ? settings.built_in_rules : []}
          rules={rules}
          start={start}
          end={start + size}
          showDefault={start + size >= rules.length}
          editable={editable}
          lockReason={lockReason}
          busy={busy}
          statusTags={statusTags}
          onEdit={(rule) => setDialog({ kind: 'edit', rule })}
          onDelete={(rule) => void deleteRule(rule)}
          onToggle={(rule) => void toggleRule(rule)}
          onMove={(rule, position) => void moveRule(rule, position)}
          onOpenMove={(rule) => setDialog({ kind: 'move', rule })}
        />
      </div>
      <div part="pagination">
        <Pager page={start / size + 1} pageSize={size} total={rules.length} onChange={({ page: next, pageSize: nextSize }) => store.setPage(next, nextSize)} />
      </div>
      <CacheTester domainId={domain} domain={settings.domain} builtIn={settings.built_in_rules} rules={rules} browserCache={browser.status} />
      {dialog.kind === 'edit' ? (
        <RuleDialog
          domainId={domain}
          domain={settings.domain}
          rule={dialog.rule}
          rules={rules}
          regexGate={regexGate}
          onSave={(input) => saveRule(input, dialog.rule)}
          onHide={() => setDialog({ kind: 'none' })}
        />
      ) : null}
      {dialog.kind === 'move' ? (
        <MoveDialog
          name={dialog.rule.name}
          priority={dialog.rule.priority}
          total={rules.length}
          onMove={(position) => void moveRule(dialog.rule, position - 1)}
          onHide={() => setDialog({ kind: 'none' })}
        />
      ) : null}
    </div>
  );
}
