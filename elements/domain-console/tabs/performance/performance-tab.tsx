/**
 * The performance tab (shell §3 setting items gzip, WebP, mobile redirect, SEO, WebSocket, custom headers; rules §5
 * origin and performance, §9 upload size): one section per group, each saved on its own. WebSocket is plan-gated
 * (`websocket`); gzip, WebP and WebSocket are the same items batch setting changes.
 */
import { InputText } from 'primereact/inputtext';
import '../../../../core/i18n/namespaces/domain-performance.js';
import { groupsOfTab } from '../../../../core/settings/catalogue.js';
import { WEBSOCKET_TIMEOUT_RANGE } from '../../../../core/settings/performance.js';
import { UPLOAD_SIZE_MB_RANGE } from '../../../../core/rules/origin.js';
import { useT } from '../../../../core/ui/element-context.js';
import { GroupSection } from '../../parts/group-section.js';
import { useSettingsGroups } from '../../parts/use-settings-groups.js';
import type { TabProps } from '../tab-module.js';
import { SwitchField } from '../../../../core/ui/parts/labelled-fields.js';
import { Field, NumberInput, TabFrame, isOn, issueAt, patch, useGroupIssues } from './fields.js';
import { HeaderList } from './header-list.js';

export const namespaces = ['domain-performance'] as const;

const TAB_GROUPS = groupsOfTab('performance');
type Group = (typeof TAB_GROUPS)[number];

export default function PerformanceTab({ context, readonly, onSaved }: TabProps) {
  const t = useT('domain-performance');
  const state = useSettingsGroups(context.id, TAB_GROUPS, { readonly, onSaved });
  const checks = useGroupIssues(state);

  if (!state.groups) return <TabFrame state={state}>{null}</TabFrame>;

  // Render helpers called as functions, not components: a component defined here would remount on every keystroke.
  const switchSection = (name: 'page_gzip' | 'Webp' | 'search_engine_optimization', title: string, description: string, label: string) => (
    <GroupSection state={state} names={[name]} title={title} description={description} beforeSave={checks.check([name])}>
      <SwitchField label={label} checked={isOn(state.value(name))} onChange={(on) => state.change(name, { status: on ? 'on' : 'off' })} />
    </GroupSection>
  );

  const mobile = state.value('mobile_jump');
  const websocket = state.value('websocket');
  const upload = state.value('upload_size');
  const issues = (name: Group) => checks.issues(name);
  return (
    <TabFrame state={state}>
      {switchSection('page_gzip', t('gzip.title'), t('gzip.description'), t('gzip.switch'))}
      {switchSection('Webp', t('webp.title'), t('webp.description'), t('webp.switch'))}
      <GroupSection state={state} names={['mobile_jump']} title={t('mobile.title')} description={t('mobile.description')} beforeSave={checks.check(['mobile_jump'])}>
        <SwitchField label={t('mobile.switch')} checked={isOn(mobile)} onChange={(on) => patch(state, 'mobile_jump')({ status: on ? 'on' : 'off' })} />
        {isOn(mobile) && (
          <Field label={t('mobile.target')} hint={t('mobile.target-hint')} found={issueAt(issues('mobile_jump'), 'target')}>
            {({ id, describedBy, invalid }) => (
              <InputText id={id} value={mobile.target} placeholder="https://" aria-invalid={invalid || undefined} aria-describedby={describedBy} onChange={(event) => patch(state, 'mobile_jump')({ target: event.target.value })} />
            )}
          </Field>
        )}
      </GroupSection>
      {switchSection('search_engine_optimization', t('seo.title'), t('seo.description'), t('seo.switch'))}
      <GroupSection state={state} names={['websocket']} title={t('websocket.title')} description={t('websocket.description')} beforeSave={checks.check(['websocket'])}>
        <SwitchField label={t('websocket.switch')} checked={isOn(websocket)} onChange={(on) => patch(state, 'websocket')({ status: on ? 'on' : 'off' })} />
        <Field label={t('websocket.timeout')} hint={t('range-seconds', { ...WEBSOCKET_TIMEOUT_RANGE })} found={issueAt(issues('websocket'), 'timeout')}>
          {({ id, describedBy, invalid }) => (
            <NumberInput id={id} value={websocket.timeout} suffix={t('unit.seconds')} describedBy={describedBy} invalid={invalid} onChange={(timeout) => patch(state, 'websocket')({ timeout })} />
          )}
        </Field>
      </GroupSection>
      <GroupSection state={state} names={['upload_size']} title={t('upload.title')} description={t('upload.description')} beforeSave={checks.check(['upload_size'])}>
        <Field label={t('upload.size')} hint={t('range-megabytes', { ...UPLOAD_SIZE_MB_RANGE })} found={issueAt(issues('upload_size'), 'megabytes')}>
          {({ id, describedBy, invalid }) => (
            <NumberInput id={id} value={upload.megabytes} suffix={t('unit.megabytes')} describedBy={describedBy} invalid={invalid} onChange={(megabytes) => state.change('upload_size', { megabytes })} />
          )}
        </Field>
      </GroupSection>
      <GroupSection state={state} names={['req_headers']} title={t('req-headers.title')} description={t('req-headers.description')} beforeSave={checks.check(['req_headers'])}>
        <HeaderList kind="request" headers={state.value('req_headers').headers} issues={issues('req_headers')} disabled={!state.editable('req_headers')} onChange={(headers) => state.change('req_headers', { headers })} />
      </GroupSection>
      <GroupSection state={state} names={['resp_headers']} title={t('resp-headers.title')} description={t('resp-headers.description')} beforeSave={checks.check(['resp_headers'])}>
        <HeaderList kind="response" headers={state.value('resp_headers').headers} issues={issues('resp_headers')} disabled={!state.editable('resp_headers')} onChange={(headers) => state.change('resp_headers', { headers })} />
      </GroupSection>
    </TabFrame>
  );
}
