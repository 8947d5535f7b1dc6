/**
 * Notification settings (shell §2 NoticeConfig): for each message type the system produces, whether it is filed as a
 * console message, whether it is mailed, and to which contact groups (only their verified mailboxes receive it,
 * rules §4). Each row saves on its own.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { useEffect, useState } from 'react';
import { saveNoticeRule, type ContactGroup, type NoticeRule } from '../../../core/api/endpoints/messages.js';
import { publishNotice } from '../../../core/api/notices.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { CheckboxGroup } from '../../../core/ui/parts/checkbox-group.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { NOTICE_RULE_SAVED_EVENT } from '../events.js';
import { TYPE_KEYS } from '../labels.js';
import type { MessageCenterStore } from '../store.js';

function RuleRow({ rule, groups }: { rule: NoticeRule; groups: ContactGroup[] }) {
  const { client, emit } = useElement();
  const t = useT();
  const save = useSave();
  const [draft, setDraft] = useState(rule);
  const changed = JSON.stringify(draft) !== JSON.stringify(rule);
  const onSave = async () => {
    const outcome = await save.run(() => saveNoticeRule(client, draft));
    if (!outcome.ok) return;
    setDraft(outcome.value);
    publishNotice({ severity: 'success', namespace: 'message-center', key: 'config.saved' });
    emit(NOTICE_RULE_SAVED_EVENT, { type: rule.type });
  };
  const id = `ec-rule-${rule.type}`;
  return (
    <section className="ec-stack ec-notice-rule" aria-labelledby={id} part="rule">
      <h3 id={id} className="ec-notice-rule-title">{t(TYPE_KEYS[rule.type])}</h3>
      <div className="ec-row">
        <label className="ec-row ec-channel-choice">
          <Checkbox checked={draft.console} onChange={(event) => setDraft({ ...draft, console: event.checked === true })} inputId={`${id}-console`} />
          <span>{t('config.console')}</span>
        </label>
        <label className="ec-row ec-channel-choice">
          <Checkbox checked={draft.mail} onChange={(event) => setDraft({ ...draft, mail: event.checked === true })} inputId={`${id}-mail`} />
          <span>{t('config.mail')}</span>
        </label>
      </div>
      {groups.length > 0 ? (
        <CheckboxGroup
          label={t('config.groups')}
          options={groups.map((group) => ({ value: group.id, label: group.name }))}
          value={draft.group_ids}
          onChange={(value) => setDraft({ ...draft, group_ids: [...value].sort((a, b) => a - b) })}
          selectAll={false}
        />
      ) : (
        <p className="ec-hint">{t('config.no-groups')}</p>
      )}
      {draft.mail && draft.group_ids.length === 0 && <p className="ec-hint">{t('config.mail-needs-groups')}</p>}
      {save.error && <p className="ec-field-error" role="alert">{save.error}</p>}
      <div className="ec-row">
        <Button type="button" label={t('config.save')} loading={save.saving} disabled={!changed} onClick={() => void onSave()} />
      </div>
    </section>
  );
}

/** The notification settings of one store. */
export function NoticeConfig({ store }: { store: MessageCenterStore }) {
  useSignals();
  const t = useT();
  const state = store.config.value;
  useEffect(() => {
    void store.loadConfig();
  }, [store]);
  if (state.status === 'loading') return <LoadingState message={t('config.loading')} />;
  if (state.status === 'denied') return <EmptyState message={t('config.owner-only')} />;
  if (state.status !== 'ready') return <ErrorState message={t('config.load-failed')} onRetry={() => void store.loadConfig()} />;
  return (
    <div className="ec-stack" part="config">
      {state.item.rules.map((rule) => (
        <RuleRow key={rule.type} rule={rule} groups={state.item.groups} />
      ))}
    </div>
  );
}
