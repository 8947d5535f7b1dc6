/**
 * Resource configuration (shell §2 label; the fields are our design, documented in core/api/endpoints/sdk.ts): per
 * business, CC protection with its per-device threshold, what happens to risk-level devices (rules §3), and whether
 * emulators and rooted or jailbroken devices are refused. Checked as typed (core/rules/sdk.ts); a failed save keeps
 * the form as typed, and a draft survives a session expiry.
 */
import { useEffect, useId, useState } from 'react';
import { getSdkConfig, saveSdkConfig, SDK_RISK_ACTIONS, type SdkResourceConfig, type SdkRiskAction } from '../../../core/api/endpoints/sdk.js';
import { formatDateTime } from '../../../core/i18n/format.js';
import { SDK_CC_THRESHOLD, validateSdkConfig } from '../../../core/rules/sdk.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { useSave } from '../../../core/ui/parts/use-save.js';
import { useDraft } from '../../../core/ui/use-draft.js';
import type { SdkViewProps } from '../sdk.js';
import type { Loaded } from '../store.js';
import { BusinessPicker, Issues } from './shared.js';

type ConfigDraft = Omit<SdkResourceConfig, 'cc_threshold' | 'updated_at'> & { cc_threshold: string };

function ConfigForm({ config, onSaved }: { config: SdkResourceConfig; onSaved: (config: SdkResourceConfig) => void }) {
  const t = useT('sdk');
  const { client, language } = useElement();
  const base = useId();
  const save = useSave();
  const [done, setDone] = useState(false);
  const [draft, setDraft, drafted] = useDraft<ConfigDraft>(`sdk-config:${config.business_id}`, () => ({ ...config, cc_threshold: String(config.cc_threshold) }));
  const issues = [...validateSdkConfig(draft), ...save.issues];
  const issuesOf = (field: string) => issues.filter((entry) => entry.field === field);
  const update = (patch: Partial<ConfigDraft>) => {
    setDone(false);
    setDraft((current) => ({ ...current, ...patch }));
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (validateSdkConfig(draft).length > 0) return;
    const { updated_at: _ignored, ...body } = { ...draft, cc_threshold: Number(draft.cc_threshold), updated_at: null };
    const outcome = await save.run(() => saveSdkConfig(client, body, { notify: false }));
    if (!outcome.ok) return;
    drafted.discard();
    setDone(true);
    onSaved(outcome.value);
  };
  const check = (field: 'cc_enabled' | 'block_emulators' | 'block_rooted', label: string) => (
    <div className="ec-sdk-check">
      <input id={`${base}-${field}`} type="checkbox" checked={draft[field]} onChange={(event) => update({ [field]: event.target.checked })} />
      <label htmlFor={`${base}-${field}`}>{label}</label>
    </div>
  );
  return (
    <form className="ec-stack ec-sdk-form" onSubmit={(event) => void submit(event)} noValidate part="form" aria-label={t('config.title')}>
      <p className="ec-muted">{config.updated_at ? t('config.updated', { time: formatDateTime(config.updated_at, language) }) : t('config.never-saved')}</p>
      {check('cc_enabled', t('config.cc'))}
      <div className="ec-field">
        <label htmlFor={`${base}-threshold`}>{t('config.cc-threshold')}</label>
        <input
          id={`${base}-threshold`}
          className="p-inputtext p-component"
          inputMode="numeric"
          value={draft.cc_threshold}
          disabled={!draft.cc_enabled}
          aria-invalid={issuesOf('cc_threshold').length > 0}
          aria-describedby={`${base}-threshold-hint ${base}-threshold-issues`}
          onChange={(event) => update({ cc_threshold: event.target.value })}
        />
        <small id={`${base}-threshold-hint`} className="ec-muted">
          {t('config.cc-hint', { ...SDK_CC_THRESHOLD })}
        </small>
        <Issues id={`${base}-threshold-issues`} issues={issuesOf('cc_threshold')} />
      </div>
      <div className="ec-field">
        <label htmlFor={`${base}-risk`}>{t('config.risk-action')}</label>
        <select id={`${base}-risk`} className="p-inputtext p-component" value={draft.risk_action} onChange={(event) => update({ risk_action: event.target.value as SdkRiskAction })}>
          {SDK_RISK_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(`config.action.${action}`)}
            </option>
          ))}
        </select>
      </div>
      {check('block_emulators', t('config.emulators'))}
      {check('block_rooted', t('config.rooted'))}
      {save.error ? (
        <p role="alert" className="ec-error-text">
          {save.error}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="ec-muted">
          {t('config.saved')}
        </p>
      ) : null}
      <div className="ec-row">
        <button type="submit" className="p-button p-component p-button-sm" disabled={save.saving}>
          {t('config.save')}
        </button>
      </div>
    </form>
  );
}

function BusinessConfig({ businessId }: { businessId: number }) {
  const t = useT('sdk');
  const { client } = useElement();
  const [state, setState] = useState<Loaded<SdkResourceConfig>>({ status: 'loading' });
  const [reload, setReload] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    getSdkConfig(client, businessId).then(
      (value) => live && setState({ status: 'ready', value }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [client, businessId, reload]);
  if (state.status === 'loading') return <LoadingState message={t('loading')} />;
  if (state.status === 'error') return <ErrorState message={t('load-failed')} onRetry={() => setReload((count) => count + 1)} />;
  return <ConfigForm key={businessId} config={state.value} onSaved={(value) => setState({ status: 'ready', value })} />;
}

/** The resource configuration page. */
export function ResourceConfig({ store }: SdkViewProps) {
  return <BusinessPicker store={store}>{(businessId) => <BusinessConfig key={businessId} businessId={businessId} />}</BusinessPicker>;
}
