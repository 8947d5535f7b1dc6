/**
 * The live streaming tab (shell §3 live groups push, pull, hls, tscode, storage, record, refer, wblist; plan action
 * `live_streaming`, rules §6: the shell shows the tab only where the plan has it, and each group shows the upgrade
 * notice and is refused by the server otherwise). Every group is drawn from LIVE_OPTIONS in
 * core/settings/performance.ts, the table the server checks with, so the form and the server cannot disagree.
 */
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import '../../../../core/i18n/namespaces/domain-performance.js';
import { groupsOfTab } from '../../../../core/settings/catalogue.js';
import { LIVE_OPTIONS, type LiveGroup, type LiveGroupName, type LiveOption } from '../../../../core/settings/performance.js';
import { useT } from '../../../../core/ui/element-context.js';
import { GroupSection } from '../../parts/group-section.js';
import { useSettingsGroups } from '../../parts/use-settings-groups.js';
import type { TabProps } from '../tab-module.js';
import { SwitchField } from '../../../../core/ui/parts/labelled-fields.js';
import { Field, IssueText, NumberInput, TabFrame, isOn, issueAt, useGroupIssues } from '../performance/fields.js';

export const namespaces = ['domain-performance'] as const;

const TAB_GROUPS = groupsOfTab('live') as LiveGroupName[];

export default function LiveTab({ context, readonly, onSaved }: TabProps) {
  const t = useT('domain-performance');
  const state = useSettingsGroups(context.id, TAB_GROUPS, { readonly, onSaved });
  const checks = useGroupIssues(state);
  if (!state.groups) return <TabFrame state={state}>{null}</TabFrame>;

  const option = (group: LiveGroupName, value: LiveGroup, spec: LiveOption) => {
    const set = (next: LiveGroup['options'][string]) => state.change(group, (previous) => ({ ...previous, options: { ...previous.options, [spec.name]: next } }));
    const found = issueAt(checks.issues(group), `options.${spec.name}`);
    const label = t(`live.${group}.${spec.name.replace(/_/g, '-')}`);
    const raw = value.options[spec.name];
    switch (spec.kind) {
      case 'boolean':
        return <SwitchField key={spec.name} label={label} checked={raw === true} onChange={set} />;
      case 'integer':
        return (
          <Field key={spec.name} label={label} hint={t('range', { ...spec.range })} found={found}>
            {({ id, describedBy, invalid }) => <NumberInput id={id} value={raw as number} describedBy={describedBy} invalid={invalid} onChange={set} />}
          </Field>
        );
      case 'choice':
        return (
          <Field key={spec.name} label={label} found={found}>
            {({ id, describedBy, invalid }) => (
              <select id={id} className="p-inputtext" value={String(raw)} aria-invalid={invalid || undefined} aria-describedby={describedBy} onChange={(event) => set(event.target.value)}>
                {spec.choices.map((choice) => (
                  <option key={choice} value={choice}>
                    {t(`live.choice.${choice}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        );
      case 'multi': {
        const chosen = Array.isArray(raw) ? raw : [];
        return (
          <fieldset key={spec.name} className="ec-field" aria-describedby={found ? `${group}-${spec.name}-error` : undefined}>
            <legend>{label}</legend>
            <div className="ec-row">
              {spec.choices.map((choice) => (
                <label key={choice} className="ec-row">
                  <input type="checkbox" checked={chosen.includes(choice)} onChange={(event) => set(event.target.checked ? [...chosen, choice] : chosen.filter((entry) => entry !== choice))} />
                  {t(`live.choice.${choice}`)}
                </label>
              ))}
            </div>
            <IssueText id={`${group}-${spec.name}-error`} found={found} />
          </fieldset>
        );
      }
      case 'text':
        return (
          <Field key={spec.name} label={label} found={found}>
            {({ id, describedBy, invalid }) => <InputText id={id} value={String(raw ?? '')} aria-invalid={invalid || undefined} aria-describedby={describedBy} onChange={(event) => set(event.target.value)} />}
          </Field>
        );
      case 'list':
        return (
          <Field key={spec.name} label={label} hint={t('live.one-per-line', { max: spec.max })} found={found}>
            {({ id, describedBy, invalid }) => (
              <InputTextarea
                id={id}
                rows={4}
                spellCheck={false}
                value={(Array.isArray(raw) ? raw : []).join('\n')}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                // Lines are kept as typed (blank ones too) until saved: the server drops blank lines.
                onChange={(event) => set(event.target.value.split('\n'))}
              />
            )}
          </Field>
        );
    }
  };

  return (
    <TabFrame state={state}>
      {TAB_GROUPS.map((group) => {
        const value = state.value(group);
        return (
          <GroupSection key={group} state={state} names={[group]} title={t(`live.${group}.title`)} description={t(`live.${group}.description`)} beforeSave={checks.check([group])}>
            <SwitchField label={t('live.enabled')} checked={isOn(value)} onChange={(on) => state.change(group, (previous) => ({ ...previous, status: on ? 'on' : 'off' }))} />
            {LIVE_OPTIONS[group].map((spec) => option(group, value, spec))}
          </GroupSection>
        );
      })}
    </TabFrame>
  );
}
