/**
 * Batch setting (rules §5 Websites and templates): at least one configuration and a website selection; unapproved
 * sites and sites without an origin cannot be batch configured, so the picker shows them disabled with the spec's
 * message. WebSocket is offered only where the plan includes it (rules §6), with the upgrade or work-order notice
 * otherwise. The preview is the server's dry run.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useId, useMemo, useState } from 'react';
import {
  BATCH_SETTING_ITEMS,
  DEFAULT_WEBSITE_SETTINGS,
  UNAPPROVED_WEBSITE_STATUSES,
  type WebsiteInfo,
  type WebsiteSettings,
} from '../../../core/api/endpoints/websites.js';
import { planGate } from '../../../core/config/plan-gating.js';
import { issue as ruleIssue } from '../../../core/rules/types.js';
import { validateBatchConfigSite, validateWebsiteSettings } from '../../../core/rules/websites.js';
import { currentUser } from '../../../core/session/session.js';
import { useT } from '../../../core/ui/element-context.js';
import { createWebsitePickerStore } from '../../domain-list/picker-store.js';
import { WebsitePicker } from '../../domain-list/parts/website-picker.js';
import { SETTING_KEYS } from '../../domain-list/vocabulary.js';
import type { BatchRequest, DomainBatchStore } from '../store.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';
import { PlanRefusalNotices } from '../../../core/ui/parts/plan-refusals.js';
import { PlanNoticeLink } from '../../../core/ui/parts/nav-link.js';

/** Why a site cannot be batch configured (rules §5), from what the list shows of it. */
export function batchConfigRefusal(site: WebsiteInfo) {
  return validateBatchConfigSite({ approved: !UNAPPROVED_WEBSITE_STATUSES.includes(site.status), hasOrigin: site.origins.length > 0 });
}

/** Props of {@link BatchSettingForm}. */
export interface BatchSettingFormProps {
  store: DomainBatchStore;
  onPreview: (request: BatchRequest) => void;
}

/** The batch setting form. */
export function BatchSettingForm({ store, onPreview }: BatchSettingFormProps) {
  useSignals();
  const t = useT('domain-batch');
  const tList = useT('domain-list');
  const tRules = useT('rules');
  const baseId = useId();
  const picker = useMemo(() => createWebsitePickerStore(), []);
  const [chosen, setChosen] = useState<ReadonlySet<keyof WebsiteSettings>>(new Set());
  const [values, setValues] = useState<Record<keyof WebsiteSettings, string>>({
    page_gzip: DEFAULT_WEBSITE_SETTINGS.page_gzip,
    Webp: DEFAULT_WEBSITE_SETTINGS.Webp,
    websocket: DEFAULT_WEBSITE_SETTINGS.websocket,
    origin_timeout: String(DEFAULT_WEBSITE_SETTINGS.origin_timeout),
  });
  const [tried, setTried] = useState(false);

  const websocketGate = planGate({ action: 'websocket' }, { actions: store.actions.value, flag: currentUser.value?.flag });
  const settings: Partial<Record<keyof WebsiteSettings, string>> = Object.fromEntries([...chosen].map((name) => [name, values[name]]));
  const issues = [
    ...validateWebsiteSettings(settings, { websocketAllowed: websocketGate.allowed }),
    ...(picker.ticked.value.size === 0 ? [{ field: 'sites', ...ruleIssue('websites.select-domain') }] : []),
    ...store.serverIssues.value,
  ];
  const message = (field: string) => {
    if (!tried) return null;
    const found = issues.find((item) => item.field === field);
    return found ? tRules(found.key, found.values ?? {}) : null;
  };

  const preview = () => {
    setTried(true);
    if (issues.length > 0) return;
    const request: Partial<WebsiteSettings> = {};
    for (const name of chosen) {
      if (name === 'origin_timeout') request.origin_timeout = Number(values.origin_timeout.trim());
      else request[name] = values[name] as 'on' | 'off';
    }
    onPreview({ mode: 'setting', selection: { ids: [...picker.ticked.value] }, settings: request });
  };

  const toggle = (name: keyof WebsiteSettings, on: boolean) => {
    store.serverIssues.value = [];
    const next = new Set(chosen);
    if (on) next.add(name);
    else next.delete(name);
    setChosen(next);
  };
  const switchOptions = [
    { value: 'on', label: t('setting.on') },
    { value: 'off', label: t('setting.off') },
  ];

  return (
    <div className="ec-stack">
      {/* Rules §6: a setting the plan refused on preview (WebSocket) with its upgrade or work-order way out. */}
      <PlanRefusalNotices issues={store.serverIssues.value} />
      <fieldset className="ec-origin-editor ec-stack" aria-describedby={message('settings') ? `${baseId}-settings-error` : undefined}>
        <legend>{t('setting.items')}</legend>
        {BATCH_SETTING_ITEMS.map((name) => {
          const id = `${baseId}-${name}`;
          const label = tList(SETTING_KEYS[name]);
          const gated = name === 'websocket' && !websocketGate.allowed;
          const error = message(`settings.${name}`);
          return (
            <div key={name} className="ec-row ec-setting-row">
              <div className="ec-checkbox">
                <Checkbox inputId={`${id}-on`} checked={chosen.has(name)} disabled={gated} onChange={(event) => toggle(name, event.checked === true)} />
                <label htmlFor={`${id}-on`}>{label}</label>
              </div>
              {/* The value is asked for once the item is chosen: a disabled control would be unreadable (contrast). */}
              {chosen.has(name) &&
                (name === 'origin_timeout' ? (
                  <InputText
                    id={id}
                    aria-label={label}
                    inputMode="numeric"
                    value={values.origin_timeout}
                    invalid={error !== null}
                    aria-describedby={error ? `${id}-error` : undefined}
                    onChange={(event) => setValues({ ...values, origin_timeout: event.target.value })}
                  />
                ) : (
                  <Dropdown
                    inputId={id}
                    value={values[name]}
                    options={switchOptions}
                    onChange={(event) => setValues({ ...values, [name]: event.value as string })}
                    pt={namedDropdown(label)}
                  />
                ))}
              {error && (
                <small id={`${id}-error`} className="ec-error-text">
                  {error}
                </small>
              )}
              {gated && websocketGate.notice && (
                <span className="ec-plan-notice" role="note">
                  {tRules('websites.websocket-not-in-plan')}
                  <PlanNoticeLink notice={websocketGate.notice} />
                </span>
              )}
            </div>
          );
        })}
        {message('settings') && (
          <small id={`${baseId}-settings-error`} className="ec-error-text" role="alert">
            {message('settings')}
          </small>
        )}
      </fieldset>
      <section className="ec-stack" aria-labelledby={`${baseId}-sites`}>
        <h3 id={`${baseId}-sites`} className="ec-section-title">
          {t('setting.sites')}
        </h3>
        <WebsitePicker store={picker} label={t('setting.sites')} refusal={batchConfigRefusal} />
        {message('sites') && (
          <small className="ec-error-text" role="alert">
            {message('sites')}
          </small>
        )}
      </section>
      <div className="ec-row ec-wizard-footer">
        <Button type="button" label={t('preview')} loading={store.sending.value} onClick={preview} />
      </div>
    </div>
  );
}
