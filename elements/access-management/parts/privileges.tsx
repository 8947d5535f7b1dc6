/**
 * The permission pages of shell §2 (privileges: system, custom, one privilege). The reference model has no separate
 * policy objects: a system privilege is one module at one access level ("Websites and domains: read only"), built
 * in; a custom privilege is a group's own combination of grants, managed on its group setting page. A privilege's
 * page lists the groups holding it.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo } from 'react';
import type { PermissionGroup } from '../../../core/api/endpoints/access.js';
import { PERMISSION_MODULES, type ModuleAccess, type PermissionModule } from '../../../core/api/endpoints/platform.js';
import { useT } from '../../../core/ui/element-context.js';
import { FastTable, type FastColumn } from '../../../core/ui/parts/fast-table.js';
import { NavLink } from '../../../core/ui/parts/nav-link.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import type { AccessStore } from '../store.js';
import { moduleKey } from './group-editor.js';
import { useGrantSummary } from './groups.js';

interface SystemPrivilege {
  id: string;
  module: PermissionModule;
  access: ModuleAccess;
}

const SYSTEM_PRIVILEGES: readonly SystemPrivilege[] = PERMISSION_MODULES.flatMap((module) =>
  (['read', 'manage'] as const).map((access) => ({ id: `${module}-${access}`, module, access })),
);

/** The system, custom or one privilege page. */
export function Privileges({ store, type, privilege }: { store: AccessStore; type: 'system' | 'custom' | 'one'; privilege?: string }) {
  useSignals();
  const t = useT('access-management');
  const summary = useGrantSummary();
  const groups = store.groupChoices.value;
  useEffect(() => {
    void store.loadGroupChoices();
  }, [store, groups.status]);

  const systemColumns = useMemo((): FastColumn<SystemPrivilege>[] => [
    {
      key: 'name',
      className: 'ec-col-primary',
      header: t('privilege.name'),
      cell: (row) => (
        <NavLink route="access-management-privileges-detail-id" params={{ id: row.id }}>
          {t('privilege.system-name', { module: t(moduleKey(row.module)), access: t(`access.${row.access}`) })}
        </NavLink>
      ),
    },
    { key: 'description', header: t('privilege.description'), cell: (row) => t(`privilege.${row.access}-description`, { module: t(moduleKey(row.module)) }) },
  ], [t]);
  const customColumns = useMemo((): FastColumn<PermissionGroup>[] => [
    {
      key: 'name',
      className: 'ec-col-primary',
      header: t('privilege.name'),
      cell: (row) => (
        <NavLink route="access-management-groups-setting-id" params={{ id: row.id }}>
          {row.name}
        </NavLink>
      ),
    },
    { key: 'grants', header: t('group.strategy'), title: t('group.strategy'), truncate: summary },
  ], [t, summary]);

  if (type === 'system') return <FastTable rows={SYSTEM_PRIVILEGES} rowKey={(row) => row.id} columns={systemColumns} label={t('privilege.system-table')} />;
  if (groups.status === 'loading') return <LoadingState message={t('loading')} />;
  if (groups.status === 'error') return <ErrorState message={t('load-failed')} />;
  if (type === 'custom') {
    return groups.value.length === 0 ? <EmptyState message={t('group.empty')} /> : <FastTable rows={groups.value} rowKey={(row) => row.id} columns={customColumns} label={t('privilege.custom-table')} />;
  }
  const found = SYSTEM_PRIVILEGES.find((row) => row.id === privilege);
  if (!found) return <ErrorState message={t('privilege.missing')} />;
  // A manage grant includes reading, so a group with manage access holds the read-only privilege too.
  const holders = groups.value.filter((group) => group.grants.some((grant) => grant.module === found.module && (found.access === 'read' || grant.access === 'manage')));
  return (
    <div className="ec-stack">
      <h2 className="ec-page-title">{t('privilege.system-name', { module: t(moduleKey(found.module)), access: t(`access.${found.access}`) })}</h2>
      <p>{t(`privilege.${found.access}-description`, { module: t(moduleKey(found.module)) })}</p>
      <h3 className="ec-section-title">{t('privilege.holders')}</h3>
      {holders.length === 0 ? <EmptyState message={t('privilege.no-holders')} /> : <FastTable rows={holders} rowKey={(row) => row.id} columns={customColumns} label={t('privilege.holders')} />}
    </div>
  );
}
