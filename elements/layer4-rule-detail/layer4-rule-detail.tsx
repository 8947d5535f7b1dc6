/**
 * `<ec-layer4-rule-detail>`: the console of one layer-4 rule (shell §2 `configLayer4Rule/:id`,
 * `four-layer-agent/console/:id`): its ports and forwarding settings (edited in the rule form), its origins with the
 * health the checker last saw and the forwarding status that follows (rules §4), load balancing, access control (IP
 * allow/deny, regions) and the websites bound to its TCP package (rules §8). A rule the caller may only read shows
 * everything without the actions.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { useEffect, useMemo, useState } from 'react';
import type { Layer4Rule, OriginHealth } from '../../core/api/endpoints/layer4.js';
import { formatDateTime } from '../../core/i18n/format.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { ReadOnlyMark, useReadOnlyReason } from '../../core/ui/parts/read-only.js';
import { EmptyState, ErrorState, LoadingState } from '../../core/ui/parts/state-views.js';
import { StatusTag, type StatusSetting } from '../../core/ui/parts/status-tag.js';
import { RuleDialog } from '../layer4-shared/rule-dialog.js';
import { useForwardingStatuses } from '../layer4-shared/status.js';
import { FORWARDING_RULE_SAVED_EVENT, TCP_PACKAGE_BINDING_EVENT } from './events.js';
import { AccessForm } from './parts/access-form.js';
import { PackageBinding } from './parts/package-binding.js';
import { createRuleDetailStore } from './store.js';

/** Props of the component (attributes of the element). */
export interface Layer4RuleDetailProps {
  ruleId?: number;
}

const HEALTH_COLORS: Record<OriginHealth, StatusSetting['color']> = { up: 'success', down: 'danger', unresolved: 'neutral' };

/** The rule console. */
export function Layer4RuleDetail({ ruleId }: Layer4RuleDetailProps) {
  useSignals();
  const { client, emit, language } = useElement();
  const t = useT();
  const statuses = useForwardingStatuses();
  const reason = useReadOnlyReason('layer4');
  const store = useMemo(() => createRuleDetailStore(client), [client]);
  const [editing, setEditing] = useState(false);
  const health = useMemo(() => (['up', 'down', 'unresolved'] as const).map((value) => ({ value, label: t(`health.${value}`), color: HEALTH_COLORS[value] })), [t]);

  useEffect(() => {
    if (ruleId) void store.load(ruleId);
  }, [store, ruleId]);
  useEffect(() => {
    void store.loadWebsites();
  }, [store]);

  if (!ruleId) return <EmptyState message={t('detail.not-found')} />;
  const state = store.rule.value;
  if (state.status === 'loading') return <LoadingState message={t('loading')} />;
  if (state.status === 'error') return <ErrorState message={t('detail.load-failed')} onRetry={() => void store.load(ruleId)} />;
  const rule = state.value;
  const packages = store.packages.value.status === 'ready' ? store.packages.value.value.list : [];
  const tcpPackage = packages.find((entry) => entry.id === rule.package_id);
  const name = `${rule.protocol.toUpperCase()} ${rule.rule_port}`;

  const onSaved = (saved: Layer4Rule) => {
    setEditing(false);
    emit(FORWARDING_RULE_SAVED_EVENT, { rule: saved });
    void store.load(ruleId);
  };

  return (
    <div className="ec-root ec-stack ec-layer4-rule-detail">
      <div className="ec-row" part="header">
        <h2 className="ec-section-title">{name}</h2>
        <StatusTag settings={statuses} value={rule.status} />
        <span className="ec-spacer" />
        {rule.editable ? <Button type="button" size="small" outlined label={t('detail.edit')} onClick={() => setEditing(true)} aria-haspopup="dialog" /> : <ReadOnlyMark reason={reason} />}
      </div>
      <section className="ec-stack" aria-labelledby="ec-l4-ports" part="ports">
        <h3 id="ec-l4-ports" className="ec-section-title">{t('detail.ports')}</h3>
        <dl className="ec-layer4-facts">
          <dt>{t('column.protocol')}</dt>
          <dd>{t(`protocol.${rule.protocol}`)}</dd>
          <dt>{t('column.rule-port')}</dt>
          <dd>{rule.rule_port}</dd>
          <dt>{t('form.source-port')}</dt>
          <dd>{rule.source_port}</dd>
          <dt>{t('column.lb-mode')}</dt>
          <dd>{t(`lb.${rule.lb_mode}`)}</dd>
          <dt>{t('column.package')}</dt>
          <dd>{rule.package_name}</dd>
          <dt>{t('column.due')}</dt>
          <dd>{rule.due_time ? formatDateTime(rule.due_time, language) : t('row.no-due')}</dd>
          <dt>{t('column.remark')}</dt>
          <dd>{rule.remark || t('detail.no-remark')}</dd>
        </dl>
      </section>
      <section className="ec-stack" aria-labelledby="ec-l4-origins" part="origins">
        <h3 id="ec-l4-origins" className="ec-section-title">{t('detail.origins')}</h3>
        <table className="ec-layer4-origins">
          <thead>
            <tr>
              <th scope="col">{t('detail.origin')}</th>
              <th scope="col">{t('detail.health')}</th>
            </tr>
          </thead>
          <tbody>
            {rule.origins.map((origin) => (
              <tr key={origin.address}>
                <td>{`${origin.address}:${rule.source_port}`}</td>
                <td>
                  <StatusTag settings={health} value={origin.health} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="ec-stack" aria-labelledby="ec-l4-access" part="access">
        <h3 id="ec-l4-access" className="ec-section-title">{t('detail.access')}</h3>
        <AccessForm key={`${rule.id}:${rule.access.allow_ips.join()}:${rule.access.deny_ips.join()}:${rule.access.deny_regions.join()}`} rule={rule} onSaved={onSaved} />
      </section>
      {tcpPackage && (
        <section className="ec-stack" aria-labelledby="ec-l4-binding">
          <h3 id="ec-l4-binding" className="ec-section-title">{t('detail.binding')}</h3>
          <PackageBinding
            tcpPackage={tcpPackage}
            websites={store.websites.value}
            editable={rule.editable}
            onChanged={(domainId, bound) => {
              emit(TCP_PACKAGE_BINDING_EVENT, { package_id: tcpPackage.id, domain_id: domainId, bound });
              void store.load(ruleId);
            }}
          />
        </section>
      )}
      {editing && (
        <RuleDialog
          mode="edit"
          rule={rule}
          packages={packages}
          onHide={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void store.load(ruleId).then(() => {
              const saved = store.rule.value;
              if (saved.status === 'ready') emit(FORWARDING_RULE_SAVED_EVENT, { rule: saved.value });
            });
          }}
        />
      )}
    </div>
  );
}
