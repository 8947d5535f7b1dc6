/**
 * The frame of one settings group (or a few saved together) in a domain console tab: heading, what the group does,
 * why it cannot be changed here (plan gate with the upgrade or work-order link, rules §6; a global policy or template
 * owns it, rules §4; a read-only grant or element), that its unsaved changes were restored, the form, and Save /
 * Discard with the save's failure or conflict in place. Every tab uses it, so every group behaves the same.
 */
import { Button } from 'primereact/button';
import { useContext, type ReactNode } from 'react';
import type { SettingsGroupName } from '../../../core/settings/catalogue.js';
import { noticeFor } from '../../../core/config/plan-gating.js';
import { currentUser } from '../../../core/session/session.js';
import { useT } from '../../../core/ui/element-context.js';
import { PlanNotice } from '../../../core/ui/parts/plan-notice.js';
import { PlanRefusalNotices } from '../../../core/ui/parts/plan-refusals.js';
import { SettingsTargetContext } from './settings-target.js';
import type { SettingsGroups } from './use-settings-groups.js';

/** Props of {@link GroupSection}. */
export interface GroupSectionProps<N extends SettingsGroupName> {
  /** The tab's loaded groups. */
  state: SettingsGroups<N>;
  /** The groups this section edits and saves together. */
  names: readonly N[];
  /** Translated heading. */
  title: string;
  /** Translated one-line explanation under the heading. */
  description?: string;
  /** Runs the section's own checks before saving (the shared core/settings rules); false keeps the form as it is. */
  beforeSave?: () => boolean;
  /** The form. */
  children: ReactNode;
}

/** One group's (or a few groups') section with its notices and save bar. */
export function GroupSection<N extends SettingsGroupName>({ state, names, title, description, beforeSave, children }: GroupSectionProps<N>) {
  const t = useT('domain-console');
  const tc = useT('common');
  const target = useContext(SettingsTargetContext);
  const groups = state.groups;
  if (!groups) return null;
  const first = groups[names[0]!];
  const locked = names.map((name) => groups[name].locked_by).find((action) => action !== null) ?? null;
  // The global policy or a template edited for itself (issue 21) is not a synchronized copy.
  const synced = first.source !== 'domain' && target === null;
  const editable = names.every((name) => state.editable(name));
  const dirty = names.some((name) => state.dirty(name));
  const headingId = `ec-group-${names.join('-')}`;

  return (
    // One part for every group; `data-groups` tells them apart (a page styles `[part~="group"][data-groups="origin"]`).
    <section className="ec-settings-group ec-stack" aria-labelledby={headingId} part="group" data-groups={names.join(' ')}>
      <div className="ec-settings-group-head">
        <h3 id={headingId} className="ec-settings-group-title">
          {title}
        </h3>
        {description && <p className="ec-muted">{description}</p>}
      </div>
      {/* After a reload or an expired session every tab says which of its groups show restored drafts (the dirty ones). */}
      {state.restored && dirty && (
        <p className="ec-notice" role="status" part="restored-notice">
          {t('group.restored')}
        </p>
      )}
      {locked !== null ? (
        <PlanNotice message={t('group.locked')} notice={noticeFor(currentUser.value?.flag)} />
      ) : synced ? (
        <p className="ec-notice" role="note" part="readonly-notice">
          {t(first.source === 'global' ? 'group.synced-global' : 'group.synced-template')}
        </p>
      ) : !editable ? (
        <p className="ec-notice" role="note" part="readonly-notice">
          {t('group.readonly')}
        </p>
      ) : null}
      <fieldset className="ec-settings-fields" disabled={!editable || state.saving}>
        <legend className="ec-visually-hidden">{title}</legend>
        {children}
      </fieldset>
      {editable && (
        <div className="ec-row ec-settings-actions">
          <Button
            type="button"
            label={tc('action.save')}
            icon="pi pi-check"
            loading={state.saving}
            disabled={!dirty}
            onClick={() => {
              if (beforeSave && !beforeSave()) return;
              void state.save(names);
            }}
          />
          <Button type="button" label={t('group.discard')} className="p-button-text" disabled={!dirty || state.saving} onClick={() => names.forEach((name) => state.reset(name))} />
          {state.conflict ? (
            <span role="alert" className="ec-error-text">
              {t('group.conflict')}{' '}
              <Button type="button" label={t('group.reload')} className="p-button-link p-button-sm" onClick={state.reload} />
            </span>
          ) : state.error ? (
            <span role="alert" className="ec-error-text">
              {state.error}
            </span>
          ) : null}
        </div>
      )}
      {/* A save the plan refused (a block page type, a cache regex, a port: rules §6) names its way out. */}
      {editable && <PlanRefusalNotices issues={names.flatMap((name) => state.issuesOf(name))} />}
    </section>
  );
}
