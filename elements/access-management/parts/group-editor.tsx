/**
 * The group form (rules §3 group: name, remark, authorization per module; rules §5: name 1-40, not empty; rules §6:
 * per product module all resources, in-group or specified objects, read-only or manage, and whether objects the
 * group's sub-accounts create later join it). Specified and in-group objects are picked from the account's objects
 * of the module. Used in the create dialog and on the group setting page.
 */
import { Button } from 'primereact/button';
import { useEffect, useId, useMemo, useState } from 'react';
import type { GrantableObject, GroupGrant, GroupSaveRequest, PermissionGroup } from '../../../core/api/endpoints/access.js';
import { listGrantableObjects } from '../../../core/api/endpoints/access.js';
import { PERMISSION_MODULES, type ModuleAccess, type ObjectScope, type PermissionModule } from '../../../core/api/endpoints/platform.js';
import { validateGroup } from '../../../core/rules/access.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { SearchInput } from '../../../core/ui/parts/search-input.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { TextField } from './fields.js';

/** The catalogue key of a module's name (keys are kebab-case). */
export const moduleKey = (module: PermissionModule) => `module.${module.replace(/_/g, '-')}`;
/** Modules with no objects in the reference server: granted over all resources only. */
const WITHOUT_OBJECTS: readonly PermissionModule[] = ['dedicated_ip'];

/** Props of {@link GroupEditor}. */
export interface GroupEditorProps {
  /** The group to edit; a new one when absent. */
  group?: PermissionGroup;
  onSave: (input: GroupSaveRequest) => Promise<PermissionGroup>;
  onSaved: (group: PermissionGroup) => void;
  /** Cancel next to save in a dialog; the setting page has the host's back link instead. */
  onCancel?: () => void;
}

/** The group form with one grant row per module. */
export function GroupEditor({ group, onSave, onSaved, onCancel }: GroupEditorProps) {
  const t = useT('access-management');
  const tRules = useT('rules');
  const id = useId();
  const [name, setName] = useState(group?.name ?? '');
  const [remark, setRemark] = useState(group?.remark ?? '');
  const [grants, setGrants] = useState<Partial<Record<PermissionModule, GroupGrant>>>(() => Object.fromEntries((group?.grants ?? []).map((grant) => [grant.module, grant])));
  const [tried, setTried] = useState(false);
  const saving = useSave();
  const list = PERMISSION_MODULES.flatMap((module) => (grants[module] ? [grants[module]!] : []));
  const local = validateGroup({ name, remark, grants: list });
  const issues = [...local, ...saving.issues];
  const message = (field: string) => {
    const found = issues.find((item) => item.field === field);
    return tried && found ? tRules(found.key, found.values ?? {}) : null;
  };
  const setGrant = (module: PermissionModule, grant: GroupGrant | null) => {
    saving.reset();
    setGrants((current) => {
      const next = { ...current };
      if (grant) next[module] = grant;
      else delete next[module];
      return next;
    });
  };
  const save = async () => {
    setTried(true);
    saving.reset();
    if (local.length > 0) return;
    const outcome = await saving.run(() => onSave({ ...(group ? { id: group.id } : {}), name: name.trim(), remark: remark.trim(), grants: list }));
    if (outcome.ok) onSaved(outcome.value);
  };

  return (
    <form className="ec-stack ec-group-editor" part="group-editor" onSubmit={(event) => { event.preventDefault(); void save(); }}>
      <TextField id={`${id}-name`} label={t('group.name')} value={name} onChange={(value) => { saving.reset(); setName(value); }} error={message('name')} hint={t('group.name-hint')} />
      <TextField id={`${id}-remark`} label={t('group.remark')} value={remark} onChange={(value) => { saving.reset(); setRemark(value); }} error={message('remark')} />
      <fieldset className="ec-grants">
        <legend>{t('group.authorization')}</legend>
        {PERMISSION_MODULES.map((module) => (
          <GrantRow key={module} module={module} grant={grants[module] ?? null} onChange={(grant) => setGrant(module, grant)} error={message(`grants.${module}`)} />
        ))}
      </fieldset>
      {saving.error && (
        <p className="ec-error-text" role="alert">
          {saving.error}
        </p>
      )}
      <div className="ec-row ec-form-actions">
        {onCancel && <Button type="button" outlined label={t('action.cancel')} onClick={onCancel} />}
        <Button type="submit" label={t('action.save')} loading={saving.saving} />
      </div>
    </form>
  );
}

/** One module: granted or not, the object scope, the access level, later objects, and the objects. */
function GrantRow({ module, grant, onChange, error }: { module: PermissionModule; grant: GroupGrant | null; onChange: (grant: GroupGrant | null) => void; error: string | null }) {
  const t = useT('access-management');
  const id = useId();
  const label = t(moduleKey(module));
  const scopes: ObjectScope[] = WITHOUT_OBJECTS.includes(module) ? ['all'] : ['all', 'group', 'specified'];
  const update = (change: Partial<GroupGrant>) => grant && onChange({ ...grant, ...change });
  return (
    <div className="ec-grant" part="grant" data-module={module}>
      <div className="ec-row">
        <input
          id={`${id}-on`}
          type="checkbox"
          checked={grant !== null}
          onChange={(event) => onChange(event.target.checked ? { module, object_scope: 'all', access: 'read', auto_bind_new: false, object_ids: [] } : null)}
        />
        <label htmlFor={`${id}-on`} className="ec-grant-module">
          {label}
        </label>
      </div>
      {grant && (
        <div className="ec-stack ec-grant-detail">
          <div className="ec-row" role="radiogroup" aria-label={t('group.scope-of', { module: label })}>
            {scopes.map((scope) => (
              <label key={scope} className="ec-choice">
                <input type="radio" name={`${id}-scope`} checked={grant.object_scope === scope} onChange={() => update({ object_scope: scope, object_ids: scope === 'all' ? [] : grant.object_ids })} />
                {t(`scope.${scope}`)}
              </label>
            ))}
          </div>
          <div className="ec-row" role="radiogroup" aria-label={t('group.access-of', { module: label })}>
            {(['read', 'manage'] as ModuleAccess[]).map((access) => (
              <label key={access} className="ec-choice">
                <input type="radio" name={`${id}-access`} checked={grant.access === access} onChange={() => update({ access })} />
                {t(`access.${access}`)}
              </label>
            ))}
          </div>
          {grant.object_scope !== 'all' && (
            <>
              <label className="ec-choice">
                <input type="checkbox" checked={grant.auto_bind_new} onChange={(event) => update({ auto_bind_new: event.target.checked })} />
                {t('group.auto-bind')}
              </label>
              <ObjectPicker module={module} label={label} value={grant.object_ids} onChange={(ids) => update({ object_ids: ids })} />
            </>
          )}
          {error && (
            <small className="ec-error-text" role="alert">
              {error}
            </small>
          )}
        </div>
      )}
    </div>
  );
}

/** The account's objects of a module as a searchable checklist. */
function ObjectPicker({ module, label, value, onChange }: { module: PermissionModule; label: string; value: readonly number[]; onChange: (ids: number[]) => void }) {
  const { client } = useElement();
  const t = useT('access-management');
  const [objects, setObjects] = useState<GrantableObject[] | 'loading' | 'error'>('loading');
  const [search, setSearch] = useState('');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setObjects('loading');
    listGrantableObjects(client, module).then(
      (answer) => current && setObjects(answer.list),
      () => current && setObjects('error'),
    );
    return () => {
      current = false;
    };
  }, [client, module, attempt]);
  const shown = useMemo(() => (Array.isArray(objects) ? objects.filter((row) => row.label.toLowerCase().includes(search.toLowerCase())) : []), [objects, search]);
  const chosen = new Set(value);
  if (objects === 'loading') return <p className="ec-muted">{t('loading')}</p>;
  if (objects === 'error')
    return (
      <p className="ec-error-text">
        {t('load-failed')}{' '}
        <button type="button" className="ec-link" onClick={() => setAttempt((n) => n + 1)}>
          {t('action.retry')}
        </button>
      </p>
    );
  return (
    <div className="ec-stack ec-object-picker" part="object-picker">
      <div className="ec-row">
        <SearchInput label={t('group.objects-search', { module: label })} value={search} debounceMs={150} onSearch={setSearch} />
        <span className="ec-muted">{t('group.objects-chosen', { count: value.length })}</span>
      </div>
      {objects.length === 0 ? (
        <p className="ec-muted">{t('group.objects-none')}</p>
      ) : (
        <ul className="ec-object-list" aria-label={t('group.objects-of', { module: label })}>
          {shown.map((row) => (
            <li key={row.id}>
              <label className="ec-choice">
                <input
                  type="checkbox"
                  checked={chosen.has(row.id)}
                  onChange={(event) => onChange(event.target.checked ? [...value, row.id] : value.filter((idValue) => idValue !== row.id))}
                />
                {row.label}
              </label>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
