/**
 * The URI rewrite and redirects tab (rules §3 URI rewrite: matching method, original URI, rewrite URI, priority;
 * rules §5 URI rewrite and Redirect rules): the `upstream_uri_change` rules in priority order, moved with buttons
 * (keyboard and screen-reader friendly, announced), and the `upstream_redirect` port rules with http(s) targets and
 * implicit forwarding, which must go to https while the website serves HTTPS (the domain context says whether it does).
 */
import { useCallback, useId } from 'react';
import '../../../../core/i18n/namespaces/domain-https.js';
import { groupsOfTab, type SettingsGroupName } from '../../../../core/settings/catalogue.js';
import {
  newRedirectRule,
  newRewriteRule,
  REDIRECT_KINDS,
  REDIRECT_RULES_MAX,
  renumberRules,
  REWRITE_METHODS,
  REWRITE_RULES_MAX,
  validateUpstreamRedirect,
  validateUpstreamUriChange,
  type RedirectRule,
  type UriRewriteRule,
} from '../../../../core/settings/https.js';
import { useT } from '../../../../core/ui/element-context.js';
import { ErrorState, LoadingState } from '../../../../core/ui/parts/state-views.js';
import { GroupSection } from '../../parts/group-section.js';
import { useSettingsGroups, type SettingsGroups } from '../../parts/use-settings-groups.js';
import type { TabProps } from '../tab-module.js';
import { SwitchField } from '../../../../core/ui/parts/labelled-fields.js';
import { typedNumber, useFieldMessages } from '../https/fields.js';
import { RuleRows, SelectCell, TextCell } from './rule-rows.js';

export const namespaces = ['domain-https'] as const;

const TAB_GROUPS = groupsOfTab('rewrite');
const URI_CHANGE: SettingsGroupName[] = ['upstream_uri_change'];
const REDIRECT: SettingsGroupName[] = ['upstream_redirect'];

type State = SettingsGroups<SettingsGroupName>;

function RewriteSection({ state }: { state: State }) {
  const t = useT('domain-https');
  const id = useId();
  const value = state.value('upstream_uri_change');
  const editable = state.editable('upstream_uri_change');
  const validate = useCallback(() => validateUpstreamUriChange(value), [value]);
  const { message, check } = useFieldMessages(validate, state.issuesOf('upstream_uri_change'));
  // Every change builds on the latest draft, so two edits before a render both count.
  const setRules = (next: (rules: UriRewriteRule[]) => UriRewriteRule[]) =>
    state.change('upstream_uri_change', (previous) => ({ ...previous, rules: renumberRules(next(previous.rules)) }));
  const edit = (index: number, patch: Partial<UriRewriteRule>) => setRules((rules) => rules.map((rule, at) => (at === index ? { ...rule, ...patch } : rule)));
  const cellOf = (index: number) => (field: string) => t('rewrite.cell', { field, index: index + 1 });

  return (
    <GroupSection state={state} names={URI_CHANGE} title={t('rewrite.title')} description={t('rewrite.description')} beforeSave={check}>
      <div className="ec-stack">
        <SwitchField
          id={`${id}-status`}
          label={t('rewrite.status')}
          checked={value.status === 'on'}
          error={message('status')}
          onChange={(on) => state.change('upstream_uri_change', (previous) => ({ ...previous, status: on ? 'on' : 'off' }))}
        />
        <RuleRows
          rows={value.rules}
          columns={[t('rewrite.priority'), t('rewrite.method'), t('rewrite.source'), t('rewrite.target')]}
          actionsColumn={t('rewrite.actions')}
          priorityOf={(rule) => rule.priority}
          editable={editable}
          max={REWRITE_RULES_MAX}
          empty={t('rewrite.empty')}
          add={t('rewrite.add')}
          remove={(index) => t('rewrite.remove', { index })}
          count={t('rewrite.count', { count: value.rules.length, max: REWRITE_RULES_MAX })}
          moving={{
            up: (index) => t('rewrite.up', { index }),
            down: (index) => t('rewrite.down', { index }),
            moved: (priority) => t('rewrite.moved', { priority }),
          }}
          error={message('rules')}
          onChange={setRules}
          newRow={(rules) => newRewriteRule(rules.length + 1)}
          cells={(rule, index) => {
            const row = { id, index, label: cellOf(index), message };
            return (
              <>
                <td>{rule.priority}</td>
                <SelectCell
                  row={row}
                  field="method"
                  column={t('rewrite.method')}
                  value={rule.method}
                  options={REWRITE_METHODS.map((method) => ({ value: method, label: t(`rewrite.method-${method}`) }))}
                  onChange={(method) => edit(index, { method: method ?? rule.method })}
                />
                <TextCell row={row} field="source" column={t('rewrite.source')} value={rule.source} onChange={(source) => edit(index, { source })} />
                <TextCell row={row} field="target" column={t('rewrite.target')} value={rule.target} onChange={(target) => edit(index, { target })} />
              </>
            );
          }}
        />
      </div>
    </GroupSection>
  );
}

function RedirectSection({ state, httpsEnabled }: { state: State; httpsEnabled: boolean }) {
  const t = useT('domain-https');
  const id = useId();
  const value = state.value('upstream_redirect');
  const editable = state.editable('upstream_redirect');
  const validate = useCallback(() => validateUpstreamRedirect(value, { httpsEnabled }), [value, httpsEnabled]);
  const { message, check } = useFieldMessages(validate, state.issuesOf('upstream_redirect'));
  // Every change builds on the latest draft, so two edits before a render both count.
  const setRules = (next: (rules: RedirectRule[]) => RedirectRule[]) => state.change('upstream_redirect', (previous) => ({ ...previous, rules: next(previous.rules) }));
  const edit = (index: number, patch: Partial<RedirectRule>) => setRules((rules) => rules.map((rule, at) => (at === index ? { ...rule, ...patch } : rule)));
  const cellOf = (index: number) => (field: string) => t('redirect.cell', { field, index: index + 1 });

  return (
    <GroupSection state={state} names={REDIRECT} title={t('redirect.title')} description={t('redirect.description')} beforeSave={check}>
      <div className="ec-stack">
        <SwitchField
          id={`${id}-status`}
          label={t('redirect.status')}
          checked={value.status === 'on'}
          error={message('status')}
          onChange={(on) => state.change('upstream_redirect', (previous) => ({ ...previous, status: on ? 'on' : 'off' }))}
        />
        {httpsEnabled && (
          <p className="ec-muted" part="https-note">
            {t('redirect.https-note')}
          </p>
        )}
        <RuleRows
          rows={value.rules}
          columns={[t('redirect.port'), t('redirect.path'), t('redirect.kind'), t('redirect.target')]}
          actionsColumn={t('redirect.actions')}
          editable={editable}
          max={REDIRECT_RULES_MAX}
          empty={t('redirect.empty')}
          add={t('redirect.add')}
          remove={(index) => t('redirect.remove', { index })}
          error={message('rules')}
          onChange={setRules}
          newRow={() => newRedirectRule()}
          cells={(rule, index) => {
            const row = { id, index, label: cellOf(index), message };
            return (
              <>
                <TextCell row={row} field="source_port" column={t('redirect.port')} numeric value={rule.source_port} onChange={(text) => edit(index, { source_port: typedNumber(text) })} />
                <TextCell row={row} field="source_path" column={t('redirect.path')} value={rule.source_path} onChange={(source_path) => edit(index, { source_path })} />
                <SelectCell<string>
                  row={row}
                  field="kind"
                  column={t('redirect.kind')}
                  value={String(rule.kind)}
                  options={REDIRECT_KINDS.map((kind) => ({ value: String(kind), label: t(`redirect.kind-${kind}`) }))}
                  onChange={(kind) => edit(index, { kind: kind === 'implicit' ? 'implicit' : kind === '302' ? 302 : 301 })}
                />
                <TextCell row={row} field="target" column={t('redirect.target')} value={rule.target} onChange={(target) => edit(index, { target })} />
              </>
            );
          }}
        />
      </div>
    </GroupSection>
  );
}

export default function RewriteTab({ context, readonly, onSaved }: TabProps) {
  const t = useT('domain-console');
  const state = useSettingsGroups(context.id, TAB_GROUPS, { readonly, onSaved });
  if (state.status === 'loading') return <LoadingState message={t('tab-loading')} />;
  if (state.status === 'error') return <ErrorState message={t('tab-load-failed')} onRetry={state.reload} />;
  return (
    <div className="ec-stack">
      <RewriteSection state={state} />
      <RedirectSection state={state} httpsEnabled={context.info.https} />
    </div>
  );
}
