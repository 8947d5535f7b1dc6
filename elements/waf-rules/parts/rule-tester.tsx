/**
 * The rule tester: the user describes a sample request (method, URL, headers, client IP, region, fingerprints, rates
 * and more) and runs it against the working copy of the set, saved or not, with the matcher of `core/match`. Patterns
 * the browser must not run (nested repetition) can be evaluated by the server, which uses the same matcher under a
 * time limit. The sample is kept as a draft.
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import type { IpRegion } from '../../../core/api/endpoints/platform.js';
import { evaluateRuleSetOnServer, toPolicyConditions } from '../../../core/api/endpoints/waf.js';
import { evaluateRuleSet, type RuleSetEvaluation } from '../../../core/match/index.js';
import { DEVICE_TYPES, HTTP_METHODS, IP_BEHAVIOURS, IP_TYPES, REQUEST_PROTOCOLS } from '../../../core/rules/match-catalogue.js';
import { validateIp } from '../../../core/rules/ip.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { CheckboxGroup } from '../../../core/ui/parts/checkbox-group.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';
import { optionLabel } from '../../../core/ui/parts/condition-builder/labels.js';
import type { PreviewLabels } from '../../../core/ui/parts/condition-builder/preview.js';
import { useDraft } from '../../../core/ui/use-draft.js';
import { initialSample, toSample, type SampleForm } from '../sample-form.js';
import { toMatchRule, type WorkingRule } from '../working-copy.js';
import { issuesOf } from './field-issues.js';
import { TesterResult } from './tester-result.js';

/** Props of {@link RuleTester}. */
export interface RuleTesterProps {
  setId: number;
  rules: readonly WorkingRule[];
  regions: readonly IpRegion[];
  regionChoices: readonly { value: string; label: string }[];
  labels: PreviewLabels;
}

/** The tester; `part="tester"`. */
export function RuleTester({ setId, rules, regions, regionChoices, labels }: RuleTesterProps) {
  const { client } = useElement();
  const t = useT();
  const tBuilder = useT('condition-builder');
  const tRules = useT('rules');
  const id = useId();
  const [form, setForm] = useDraft<SampleForm>(`waf-rules:tester:${setId}`, initialSample);
  const [result, setResult] = useState<{ evaluation: RuleSetEvaluation; rules: readonly WorkingRule[]; onServer: boolean } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const ipIssue = validateIp(form.clientIp);
  const set = <K extends keyof SampleForm>(key: K, value: SampleForm[K]) => setForm({ ...form, [key]: value });
  // The server can decide what the browser cannot: nested repetition (under its time limit), IP lists (it holds
  // their entries) and condition rules (it expands the references).
  const needsServer =
    result !== null &&
    !result.onServer &&
    result.evaluation.rules.some((rule) =>
      rule.conditions.some((condition) => condition.reasons.some((reason) => reason.kind === 'ip-list' || reason.kind === 'condition-rule' || (reason.kind === 'regex' && reason.construct === 'nested-quantifier'))),
    );

  const run = () => {
    setFailure(null);
    if (ipIssue) return;
    setResult({ evaluation: evaluateRuleSet(rules.map(toMatchRule), toSample(form), { regions }), rules, onServer: false });
  };
  const runOnServer = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const evaluation = await evaluateRuleSetOnServer(
        client,
        { rules: rules.map((rule) => ({ ...(rule.id === undefined ? {} : { id: rule.id }), rules: toPolicyConditions(rule.conditions), action: rule.action, status: rule.status })), request: toSample(form) },
        { notify: false },
      );
      setResult({ evaluation, rules, onServer: true });
    } catch (error) {
      const found = issuesOf(error)?.[0];
      setFailure(found ? tRules(found.key, found.values) : error instanceof Error ? error.message : '');
    } finally {
      setBusy(false);
    }
  };

  const text = (key: 'url' | 'host' | 'serverPort' | 'clientIp' | 'ja3' | 'ja3n' | 'ja4' | 'ja4h' | 'ipRate' | 'urlRate' | 'statusCode', label: string, error?: string | null) => (
    <div className="ec-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <InputText
        id={`${id}-${key}`}
        value={form[key]}
        invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-${key}-error` : undefined}
        onChange={(event) => set(key, event.target.value)}
      />
      {error && <small id={`${id}-${key}-error`} className="ec-error-text">{error}</small>}
    </div>
  );
  const choice = (key: 'method' | 'protocol' | 'region' | 'deviceType', label: string, options: { value: string; label: string }[], filter = false) => (
    <div className="ec-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <Dropdown
        inputId={`${id}-${key}`}
        value={form[key]}
        options={options}
        filter={filter}
        // PrimeReact shows '' (not known) as an empty field: the placeholder names it.
        placeholder={t('tester.unknown')}
        onChange={(event) => set(key, event.value as string)}
        pt={namedDropdown(label)}
      />
    </div>
  );
  const unknown = { value: '', label: t('tester.unknown') };

  return (
    <section className="ec-tester" part="tester" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('tester.title')}</h3>
      <p className="ec-muted">{t('tester.intro')}</p>
      <form
        className="ec-stack"
        onSubmit={(event) => {
          event.preventDefault();
          run();
        }}
      >
        <div className="ec-tester-grid">
          {choice('method', t('sample.method'), HTTP_METHODS.map((method) => ({ value: method, label: method })))}
          {text('url', t('sample.url'))}
          {text('host', t('sample.host'))}
          {choice('protocol', t('sample.protocol'), REQUEST_PROTOCOLS.map((protocol) => ({ value: protocol, label: optionLabel(tBuilder, 'protocol', protocol) })))}
          {text('clientIp', t('sample.client-ip'), ipIssue ? tRules(ipIssue.key, ipIssue.values) : null)}
          {choice('region', t('sample.region'), [unknown, ...regionChoices], true)}
        </div>
        <fieldset className="ec-headers">
          <legend>{t('sample.headers')}</legend>
          {form.headers.map((header, index) => (
            <div key={index} className="ec-row">
              <InputText
                aria-label={t('tester.header-name', { index: index + 1 })}
                placeholder={t('tester.header-name-placeholder')}
                value={header.name}
                onChange={(event) => set('headers', form.headers.map((item, at) => (at === index ? { ...item, name: event.target.value } : item)))}
              />
              <InputText
                aria-label={t('tester.header-value', { index: index + 1 })}
                className="ec-grow"
                value={header.value}
                onChange={(event) => set('headers', form.headers.map((item, at) => (at === index ? { ...item, value: event.target.value } : item)))}
              />
              <Button type="button" icon="pi pi-minus" outlined severity="secondary" aria-label={t('tester.remove-header', { index: index + 1 })} onClick={() => set('headers', form.headers.filter((_, at) => at !== index))} />
            </div>
          ))}
          <Button type="button" icon="pi pi-plus" label={t('tester.add-header')} outlined onClick={() => set('headers', [...form.headers, { name: '', value: '' }])} />
        </fieldset>
        <details className="ec-tester-more">
          <summary>{t('tester.more')}</summary>
          <div className="ec-tester-grid">
            {text('serverPort', t('sample.server-port'))}
            <div className="ec-field">
              <label htmlFor={`${id}-time`}>{t('sample.time')}</label>
              <input id={`${id}-time`} type="datetime-local" className="p-inputtext" value={form.time.replace(' ', 'T')} onChange={(event) => set('time', event.target.value)} />
            </div>
            {choice('deviceType', t('sample.device-type'), [unknown, ...DEVICE_TYPES.map((type) => ({ value: type, label: optionLabel(tBuilder, 'device-type', type) }))])}
            {text('ja3', t('sample.ja3'))}
            {text('ja3n', t('sample.ja3n'))}
            {text('ja4', t('sample.ja4'))}
            {text('ja4h', t('sample.ja4h'))}
            {text('ipRate', t('sample.ip-rate'))}
            {text('urlRate', t('sample.url-rate'))}
            {text('statusCode', t('sample.status-code'))}
          </div>
          <CheckboxGroup label={t('sample.ip-types')} options={IP_TYPES.map((type) => ({ value: type, label: optionLabel(tBuilder, 'ip-type', type) }))} value={form.ipTypes} onChange={(value) => set('ipTypes', value)} />
          <CheckboxGroup
            label={t('sample.ip-behaviours')}
            options={IP_BEHAVIOURS.map((behaviour) => ({ value: behaviour, label: optionLabel(tBuilder, 'ip-behaviour', behaviour) }))}
            value={form.ipBehaviours}
            onChange={(value) => set('ipBehaviours', value)}
          />
        </details>
        <div className="ec-row">
          <Button type="submit" icon="pi pi-play" label={t('tester.run')} disabled={rules.length === 0} />
          {needsServer && <Button type="button" label={t('tester.run-on-server')} outlined loading={busy} onClick={() => void runOnServer()} />}
          {rules.length === 0 && <span className="ec-muted">{t('tester.no-rules')}</span>}
        </div>
      </form>
      {failure !== null && (
        <p className="ec-error-text" role="alert">
          {failure}
        </p>
      )}
      {result && <TesterResult result={result.evaluation} rules={result.rules} onServer={result.onServer} labels={labels} />}
    </section>
  );
}
