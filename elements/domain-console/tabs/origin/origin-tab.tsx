/**
 * The origin tab (rules §3 "Origin", "Conditional origin", "Origin health and probe"; rules §4 origin health; rules §5
 * Origin and performance; rules §6 non-standard ports; rules §9 defaults): the origins with their lines, weights,
 * priorities and listening ports (the add wizard's origin editor, with the console's columns and each origin's
 * health), the origin host and SNI, the origin fetch (timeout, keep-alive, 301/302), range fetch, health and probe,
 * and conditional origins built with the shared condition builder.
 *
 * Every group checks with the rules of core/settings/origin.ts before it is saved (the server runs the same), shows
 * the server's findings the same way, and keeps what was typed when a save fails (useSettingsGroups keeps drafts).
 */
import { useId, useMemo, useState } from 'react';
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import { formatDateTime } from '../../../../core/i18n/format.js';
import '../../../../core/i18n/namespaces/condition-builder.js';
import '../../../../core/i18n/namespaces/domain-origin.js';
import { groupsOfTab, type SettingsGroupName, type SettingsGroupValues } from '../../../../core/settings/catalogue.js';
import {
  LISTEN_PROTOCOLS,
  ORIGIN_PRIORITY_DEFAULT,
  ORIGIN_VALIDATORS,
  PROBE_METHODS,
  PROBE_PROTOCOLS,
  STANDARD_LISTEN_PORTS,
  nonStandardPortIndexes,
  standardListenPort,
  type ListenProtocol,
  type OriginEntry,
  type OriginGroup,
  type OriginHealthGroup,
  type SourceSiteProtectGroup,
  type Typed,
} from '../../../../core/settings/origin.js';
import { issue, onField } from '../../../../core/rules/types.js';
import { CONDITION_BUILDER_STYLES } from '../../../../core/ui/parts/condition-builder/condition-builder.js';
import { useElement, useT } from '../../../../core/ui/element-context.js';
import { StatusTag, type StatusSetting } from '../../../../core/ui/parts/status-tag.js';
import { OriginEditor, type OriginRow } from '../../../domain-list/parts/origin-editor.js';
import { GroupSection } from '../../parts/group-section.js';
import { useSettingsGroups, type SettingsGroups } from '../../parts/use-settings-groups.js';
import type { TabProps } from '../tab-module.js';
import { ConditionalOrigins } from './conditional-origins.js';
import { SelectField, SwitchField, TextField } from '../../../../core/ui/parts/labelled-fields.js';
import { messageFrom, switchTo, typedNumber } from './fields.js';
import { ErrorState, LoadingState } from '../../../../core/ui/parts/state-views.js';
import { CopyButton } from '../../../../core/ui/parts/copy-button.js';
import styles from './origin-tab.css';

export const namespaces = ['domain-origin', 'condition-builder'] as const;

const TAB_GROUPS = groupsOfTab('origin');
/** The groups this tab edits (the catalogue lists exactly these for the tab). */
type OriginTabGroup = keyof typeof ORIGIN_VALIDATORS;

/** A group's value as the form holds it (numbers may still be text). */
type Loose<N extends SettingsGroupName> = Typed<SettingsGroupValues[N]>;

/**
 * The messages a group shows: the shared rules' findings once the user tried to save (they follow each keystroke
 * from then on), and the server's findings on fields the rules did not flag (plan gates, objects).
 */
function useGroupIssues(state: SettingsGroups<SettingsGroupName>, domain: string, extra: (name: OriginTabGroup, value: unknown) => FieldIssue[]) {
  const [attempted, setAttempted] = useState<ReadonlySet<OriginTabGroup>>(new Set());
  const local = (name: OriginTabGroup): FieldIssue[] => [...(ORIGIN_VALIDATORS[name] as (value: unknown, domain?: string) => FieldIssue[])(state.value(name), domain), ...extra(name, state.value(name))];
  return {
    issuesOf(name: OriginTabGroup): FieldIssue[] {
      const mine = attempted.has(name) ? local(name) : [];
      const server = state.issuesOf(name).filter((found) => !mine.some((entry) => entry.field === found.field));
      return [...mine, ...server];
    },
    /** The section's `beforeSave`: runs the rules; false (and the messages shown) when any field is wrong. */
    check(names: readonly OriginTabGroup[]): boolean {
      setAttempted((previous) => new Set([...previous, ...names]));
      return names.every((name) => local(name).length === 0);
    },
  };
}

function toRows(origins: ReadonlyArray<Typed<OriginEntry>>): OriginRow[] {
  return origins.map((origin) => ({
    address: origin.address,
    port: String(origin.port),
    line: origin.line,
    weight: String(origin.weight),
    protocol: Number(origin.protocol),
    listen_port: String(origin.listen_port),
    priority: String(origin.priority),
  }));
}

function fromRows(rows: readonly OriginRow[]): Array<Typed<OriginEntry>> {
  return rows.map((row) => ({
    address: row.address,
    port: typedNumber(row.port),
    line: row.line,
    weight: typedNumber(row.weight),
    protocol: (row.protocol ?? 0) as ListenProtocol,
    listen_port: typedNumber(row.listen_port ?? String(standardListenPort(0))),
    priority: typedNumber(row.priority ?? String(ORIGIN_PRIORITY_DEFAULT)),
  }));
}

export default function OriginTab({ context, readonly, onSaved }: TabProps) {
  const t = useT('domain-origin');
  const tc = useT('domain-console');
  const tRules = useT('rules');
  const { language } = useElement();
  const id = useId();
  const state = useSettingsGroups(context.id, TAB_GROUPS, { readonly, onSaved });
  // Rules §6: without the package action or an exclusive IP network, a non-standard listening port is refused.
  const portsAllowed = context.plan.actions.includes('non_standard_port') || context.info.network_type === 'exclusive_ip';
  const checks = useGroupIssues(state, context.info.domain, (name, value) =>
    name === 'origin' && !portsAllowed
      ? nonStandardPortIndexes(value as Typed<OriginGroup>).flatMap((index) => {
          const entry = (value as Typed<OriginGroup>).origins[index]!;
          const port = typedNumber(String(entry.listen_port));
          return onField(`origins.${index}.listen_port`, issue('origin-tab.non-standard-port', { port, ports: STANDARD_LISTEN_PORTS[entry.protocol as ListenProtocol].join(', ') }));
        })
      : [],
  );
  const stateSettings: StatusSetting[] = useMemo(
    () => [
      { value: 'healthy', label: t('health.state.healthy'), color: 'success' },
      { value: 'unhealthy', label: t('health.state.unhealthy'), color: 'danger' },
      { value: 'blocked', label: t('health.state.blocked'), color: 'warning' },
      { value: 'unchecked', label: t('health.state.unchecked'), color: 'neutral' },
    ],
    [t],
  );

  if (state.status === 'error') return <ErrorState message={tc('tab-load-failed')} onRetry={state.reload} />;
  if (state.status !== 'ready' || !state.groups) return <LoadingState message={tc('tab-loading')} />;

  const loose = <N extends OriginTabGroup>(name: N) => state.value(name) as unknown as Loose<N>;
  const set = <N extends OriginTabGroup>(name: N, next: (previous: Loose<N>) => Loose<N>) =>
    state.change(name, (previous) => next(previous as unknown as Loose<N>) as unknown as SettingsGroupValues[N]);

  const origin = loose('origin');
  const host = loose('back_source_host');
  const advanced = loose('origin_advanced');
  const slice = loose('slice');
  const protect = loose('source_site_protect');
  const protectRanges = (state.groups.source_site_protect.value as SourceSiteProtectGroup).ranges ?? [];
  const health = loose('origin_health');
  const states = (state.groups.origin_health.value as OriginHealthGroup).states ?? [];
  const stateOf = (address: string, port: unknown) => states.find((entry) => entry.address === address && String(entry.port) === String(port));

  const originIssues = checks.issuesOf('origin');
  const hostMessage = messageFrom(tRules, checks.issuesOf('back_source_host'));
  const advancedMessage = messageFrom(tRules, checks.issuesOf('origin_advanced'));
  const healthMessage = messageFrom(tRules, checks.issuesOf('origin_health'));
  const sliceMessage = messageFrom(tRules, checks.issuesOf('slice'));
  const protectMessage = messageFrom(tRules, checks.issuesOf('source_site_protect'));

  const protocolOptions = LISTEN_PROTOCOLS.map((value) => ({ value, label: t(`protocol.${value}`) }));
  const setHealth = (patch: Partial<Loose<'origin_health'>['health']>) => set('origin_health', (previous) => ({ ...previous, health: { ...previous.health, ...patch } }));
  const setProbe = (patch: Partial<Loose<'origin_health'>['probe']>) => set('origin_health', (previous) => ({ ...previous, probe: { ...previous.probe, ...patch } }));
  const since = (value: string | null) => (value ? t('health.since', { time: formatDateTime(value, language) }) : '');

  return (
    <div className="ec-origin-tab ec-stack" part="origin-tab">
      <style>{`${CONDITION_BUILDER_STYLES}\n${styles}`}</style>
      <GroupSection state={state} names={['origin']} title={t('origin.title')} description={t('origin.description')} beforeSave={() => checks.check(['origin'])}>
        <OriginEditor
          origins={toRows(origin.origins)}
          originProtocol={origin.origin_protocol as OriginGroup['origin_protocol']}
          loadBalancing={origin.load_balancing as OriginGroup['load_balancing']}
          issues={originIssues}
          showIssues
          onChange={(rows) => set('origin', (previous) => ({ ...previous, origins: fromRows(rows) }))}
          onProtocol={(value) => set('origin', (previous) => ({ ...previous, origin_protocol: value }))}
          onBalancing={(value) => set('origin', (previous) => ({ ...previous, load_balancing: value }))}
          hint={portsAllowed ? undefined : <p className="ec-muted">{t('origin.non-standard-hint')}</p>}
          listening={{
            labels: { protocol: t('origin.listen-protocol'), listenPort: t('origin.listen-port'), priority: t('origin.priority') },
            protocolOptions,
            newRow: { protocol: 0, listen_port: String(standardListenPort(0)), priority: String(ORIGIN_PRIORITY_DEFAULT) },
            rowExtra: (index) => {
              const row = origin.origins[index]!;
              const found = stateOf(row.address.trim(), row.port);
              return found ? (
                <span className="ec-origin-state" title={`${t(`health.reason.${found.reason}`)} ${since(found.since)}`.trim()}>
                  <span className="ec-visually-hidden">{t('origin.health')}: </span>
                  <StatusTag settings={stateSettings} value={found.state} />
                </span>
              ) : null;
            },
          }}
        />
      </GroupSection>

      <GroupSection state={state} names={['back_source_host']} title={t('host.title')} description={t('host.description')} beforeSave={() => checks.check(['back_source_host'])}>
        <div className="ec-origin-fields">
          <SelectField
            id={`${id}-host-mode`}
            label={t('host.mode')}
            value={host.mode}
            options={[
              { value: 'default', label: t('host.mode-default') },
              { value: 'diy', label: t('host.mode-diy') },
            ]}
            error={hostMessage('mode')}
            onChange={(mode) => set('back_source_host', (previous) => ({ ...previous, mode: mode ?? previous.mode }))}
          />
          {host.mode === 'diy' && (
            <TextField id={`${id}-host`} label={t('host.host')} value={host.host} error={hostMessage('host')} onChange={(text) => set('back_source_host', (previous) => ({ ...previous, host: text }))} />
          )}
          <SwitchField id={`${id}-sni`} label={t('host.sni')} checked={host.sni.status === 'on'} error={hostMessage('sni.status')} onChange={(on) => set('back_source_host', (previous) => ({ ...previous, sni: { ...previous.sni, status: switchTo(on) } }))} />
          {host.sni.status === 'on' && (
            <TextField id={`${id}-sni-name`} label={t('host.sni-name')} value={host.sni.name} error={hostMessage('sni.name')} onChange={(name) => set('back_source_host', (previous) => ({ ...previous, sni: { ...previous.sni, name } }))} />
          )}
        </div>
      </GroupSection>

      <GroupSection state={state} names={['origin_advanced']} title={t('advanced.title')} description={t('advanced.description')} beforeSave={() => checks.check(['origin_advanced'])}>
        <div className="ec-origin-fields">
          <TextField
            id={`${id}-timeout`}
            numeric
            label={t('advanced.timeout')}
            hint={t('advanced.timeout-hint')}
            value={advanced.timeout}
            error={advancedMessage('timeout')}
            onChange={(text) => set('origin_advanced', (previous) => ({ ...previous, timeout: typedNumber(text) }))}
          />
          <SwitchField
            id={`${id}-keepalive`}
            label={t('advanced.keepalive')}
            checked={advanced.keepalive.status === 'on'}
            error={advancedMessage('keepalive.status')}
            onChange={(on) => set('origin_advanced', (previous) => ({ ...previous, keepalive: { ...previous.keepalive, status: switchTo(on) } }))}
          />
          {advanced.keepalive.status === 'on' && (
            <TextField
              id={`${id}-idle`}
              numeric
              label={t('advanced.idle')}
              value={advanced.keepalive.idle_seconds}
              error={advancedMessage('keepalive.idle_seconds')}
              onChange={(text) => set('origin_advanced', (previous) => ({ ...previous, keepalive: { ...previous.keepalive, idle_seconds: typedNumber(text) } }))}
            />
          )}
          <SwitchField
            id={`${id}-follow`}
            label={t('advanced.follow')}
            checked={advanced.follow_redirect === 'on'}
            error={advancedMessage('follow_redirect')}
            onChange={(on) => set('origin_advanced', (previous) => ({ ...previous, follow_redirect: switchTo(on) }))}
          />
        </div>
      </GroupSection>

      <GroupSection state={state} names={['slice']} title={t('slice.title')} description={t('slice.description')} beforeSave={() => checks.check(['slice'])}>
        <SwitchField id={`${id}-slice`} label={t('slice.status')} checked={slice.status === 'on'} error={sliceMessage('status')} onChange={(on) => set('slice', () => ({ status: switchTo(on) }))} />
      </GroupSection>

      <GroupSection
        state={state}
        names={['source_site_protect']}
        title={t('protect.title')}
        description={t('protect.description')}
        beforeSave={() => checks.check(['source_site_protect'])}
      >
        <SwitchField
          id={`${id}-protect`}
          label={t('protect.status')}
          checked={protect.status === 'on'}
          error={protectMessage('status')}
          onChange={(on) => set('source_site_protect', () => ({ status: switchTo(on) }))}
        />
        <div className="ec-stack" part="origin-pull-ranges">
          <p className="ec-muted">{t(protect.status === 'on' ? 'protect.ranges-on' : 'protect.ranges-off')}</p>
          <ul className="ec-origin-ranges" aria-label={t('protect.ranges')}>
            {protectRanges.map((range) => (
              <li key={range}>
                <code>{range}</code>
              </li>
            ))}
          </ul>
          {protectRanges.length > 0 && <CopyButton text={protectRanges.join('\n')} label={t('protect.copy')} />}
        </div>
      </GroupSection>

      <GroupSection state={state} names={['origin_health']} title={t('health.title')} description={t('health.description')} beforeSave={() => checks.check(['origin_health'])}>
        <div className="ec-origin-fields">
          <SwitchField id={`${id}-health`} label={t('health.health')} checked={health.health.status === 'on'} error={healthMessage('health.status')} onChange={(on) => setHealth({ status: switchTo(on) })} />
          <TextField id={`${id}-threshold`} numeric label={t('health.threshold')} hint={t('health.threshold-hint')} value={health.health.failure_threshold} error={healthMessage('health.failure_threshold')} onChange={(text) => setHealth({ failure_threshold: typedNumber(text) })} />
          <TextField id={`${id}-interval`} numeric label={t('health.interval')} hint={t('health.interval-hint')} value={health.health.interval} error={healthMessage('health.interval')} onChange={(text) => setHealth({ interval: typedNumber(text) })} />
          <TextField id={`${id}-block`} numeric label={t('health.block')} hint={t('health.block-hint')} value={health.health.block_seconds} error={healthMessage('health.block_seconds')} onChange={(text) => setHealth({ block_seconds: typedNumber(text) })} />
        </div>
        <div className="ec-origin-fields">
          <SwitchField id={`${id}-probe`} label={t('health.probe')} checked={health.probe.status === 'on'} error={healthMessage('probe.status')} onChange={(on) => setProbe({ status: switchTo(on) })} />
          <SelectField id={`${id}-probe-protocol`} label={t('health.probe-protocol')} value={health.probe.protocol} options={PROBE_PROTOCOLS.map((value) => ({ value, label: value.toUpperCase() }))} error={healthMessage('probe.protocol')} onChange={(protocol) => setProbe({ protocol: protocol ?? health.probe.protocol })} />
          <SelectField id={`${id}-probe-method`} label={t('health.probe-method')} value={health.probe.method} options={PROBE_METHODS.map((value) => ({ value, label: value }))} error={healthMessage('probe.method')} onChange={(method) => setProbe({ method: method ?? health.probe.method })} />
          {health.probe.protocol !== 'tcp' && (
            <TextField id={`${id}-probe-path`} label={t('health.probe-path')} hint={t('health.probe-path-hint')} value={health.probe.path} error={healthMessage('probe.path')} onChange={(path) => setProbe({ path })} />
          )}
          <TextField id={`${id}-frequency`} numeric label={t('health.frequency')} value={health.probe.frequency} error={healthMessage('probe.frequency')} onChange={(text) => setProbe({ frequency: typedNumber(text) })} />
          <TextField id={`${id}-unavailable`} numeric label={t('health.unavailable')} value={health.probe.unavailable_count} error={healthMessage('probe.unavailable_count')} onChange={(text) => setProbe({ unavailable_count: typedNumber(text) })} />
          <TextField id={`${id}-available`} numeric label={t('health.available')} value={health.probe.available_count} error={healthMessage('probe.available_count')} onChange={(text) => setProbe({ available_count: typedNumber(text) })} />
          <TextField id={`${id}-connect`} numeric label={t('health.connect-timeout')} value={health.probe.connect_timeout} error={healthMessage('probe.connect_timeout')} onChange={(text) => setProbe({ connect_timeout: typedNumber(text) })} />
        </div>
        <table className="ec-health-states" part="health-states">
          <caption className="ec-settings-group-title">{t('health.states')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('health.column.origin')}</th>
              <th scope="col">{t('health.column.state')}</th>
              <th scope="col">{t('health.column.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {states.length === 0 ? (
              <tr>
                <td colSpan={3} className="ec-muted">
                  {t('health.states-empty')}
                </td>
              </tr>
            ) : (
              states.map((entry) => (
                <tr key={`${entry.address}:${entry.port}`} data-state={entry.state}>
                  <td>{`${entry.address}:${entry.port}`}</td>
                  <td>
                    <StatusTag settings={stateSettings} value={entry.state} />
                  </td>
                  <td>{`${t(`health.reason.${entry.reason}`)} ${since(entry.since)}`.trim()}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </GroupSection>

      <GroupSection state={state} names={['conditional_origin']} title={t('conditional.title')} description={t('conditional.description')} beforeSave={() => checks.check(['conditional_origin'])}>
        <ConditionalOrigins
          domain={context.info.domain}
          value={loose('conditional_origin')}
          issues={checks.issuesOf('conditional_origin')}
          onChange={(next) => set('conditional_origin', () => next)}
        />
      </GroupSection>
    </div>
  );
}
