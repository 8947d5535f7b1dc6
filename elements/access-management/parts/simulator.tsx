/**
 * The permission simulator (issue 26, like a cloud IAM policy simulator): choose a sub-account, a module, an object
 * and an action; the server answers allowed or denied with the grant that decided, computed by the same
 * authorization code every API route asks (demo/server/platform/security/permissions.ts).
 */
import { Button } from 'primereact/button';
import { useEffect, useId, useState } from 'react';
import type { GrantableObject, SimulationAnswer, SubAccount } from '../../../core/api/endpoints/access.js';
import { listGrantableObjects, listSubAccounts, simulatePermission } from '../../../core/api/endpoints/access.js';
import { PERMISSION_MODULES, type ModuleAccess, type PermissionModule } from '../../../core/api/endpoints/platform.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { moduleKey } from './group-editor.js';
import { SelectField } from './fields.js';

/** The simulator page. */
export function Simulator() {
  const { client } = useElement();
  const t = useT('access-management');
  const id = useId();
  const [accounts, setAccounts] = useState<SubAccount[] | 'loading' | 'error'>('loading');
  const [objects, setObjects] = useState<GrantableObject[]>([]);
  const [userId, setUserId] = useState<number | null>(null);
  const [module, setModule] = useState<PermissionModule>('domain');
  const [objectId, setObjectId] = useState<number | null>(null);
  const [access, setAccess] = useState<ModuleAccess>('read');
  const [tried, setTried] = useState(false);
  const [answer, setAnswer] = useState<SimulationAnswer | null>(null);
  const asking = useSave();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    listSubAccounts(client, { per_page: 100 }).then(
      (found) => current && setAccounts(found.list),
      () => current && setAccounts('error'),
    );
    return () => {
      current = false;
    };
  }, [client, attempt]);
  useEffect(() => {
    let current = true;
    setObjectId(null);
    listGrantableObjects(client, module).then(
      (found) => current && setObjects(found.list),
      () => current && setObjects([]),
    );
    return () => {
      current = false;
    };
  }, [client, module]);

  if (accounts === 'loading') return <LoadingState message={t('loading')} />;
  if (accounts === 'error') return <ErrorState message={t('load-failed')} onRetry={() => setAttempt((n) => n + 1)} />;

  const ask = async () => {
    setTried(true);
    setAnswer(null);
    if (userId === null) return;
    const outcome = await asking.run(() => simulatePermission(client, { user_id: userId, module, access, object_id: objectId }));
    if (outcome.ok) setAnswer(outcome.value);
  };
  return (
    <div className="ec-stack" part="simulator">
      <p className="ec-muted">{t('simulator.intro')}</p>
      <div className="ec-simulator-form">
        <SelectField
          id={`${id}-user`}
          label={t('simulator.account')}
          value={userId}
          options={accounts.map((account) => ({ value: account.id, label: account.name }))}
          onChange={(value) => { setUserId(value); setAnswer(null); }}
          error={tried && userId === null ? t('simulator.account-required') : null}
          placeholder={t('simulator.account-placeholder')}
        />
        <SelectField
          id={`${id}-module`}
          label={t('simulator.module')}
          value={module}
          options={PERMISSION_MODULES.map((value) => ({ value, label: t(moduleKey(value)) }))}
          onChange={(value) => { setModule(value ?? 'domain'); setAnswer(null); }}
          error={null}
        />
        <SelectField
          id={`${id}-object`}
          label={t('simulator.object')}
          value={objectId}
          options={objects.map((row) => ({ value: row.id, label: row.label }))}
          onChange={(value) => { setObjectId(value); setAnswer(null); }}
          error={null}
          placeholder={t('simulator.any-object')}
        />
        <SelectField
          id={`${id}-access`}
          label={t('simulator.action')}
          value={access}
          options={(['read', 'manage'] as ModuleAccess[]).map((value) => ({ value, label: t(`simulator.action-${value}`) }))}
          onChange={(value) => { setAccess(value ?? 'read'); setAnswer(null); }}
          error={null}
        />
      </div>
      <div className="ec-row">
        <Button type="button" label={t('simulator.run')} loading={asking.saving} onClick={() => void ask()} />
      </div>
      {asking.error && (
        <p className="ec-error-text" role="alert">
          {asking.error}
        </p>
      )}
      {answer && (
        <div className={`ec-verdict ${answer.allowed ? 'ec-verdict-allowed' : 'ec-verdict-denied'}`} role="status" part="verdict">
          <strong>{t(answer.allowed ? 'simulator.allowed' : 'simulator.denied')}</strong>
          <span>{t(`reason.${answer.reason}`, { group: answer.group?.name ?? '', module: t(moduleKey(module)) })}</span>
          {answer.grant && (
            <span className="ec-muted">
              {t('simulator.decided-by', {
                group: answer.group?.name ?? '',
                scope: t(`scope.${answer.grant.object_scope}`),
                access: t(`access.${answer.grant.access}`),
              })}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
