/**
 * The request trace tab (issue 20 "Request trace"): the user types a URL, method, headers, client IP and region, and
 * the console shows, step by step, what the domain's configuration does with that request: redirects, URI rewrite,
 * the WAF rule that fires, the cache rule and its TTLs, the origin chosen and why (line, weight, health), the headers
 * added and the error page. It runs in the browser on the configuration as the console holds it: the saved groups and
 * WAF rules, with the unsaved drafts of the other tabs over them (and says so when it used any). Nothing is sent to
 * the server for the trace itself. What is typed is kept as a draft.
 *
 * No worker: test/bench/domain-console.bench.ts traces 200 cache rules and 1000 WAF rules in a median of 4-44 ms on
 * a 2-core machine under a load of 15-18, under the 50 ms a main-thread task may take; it runs once per click, not
 * while typing, and a worker would add a structured clone of the whole configuration to every run.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useId, useMemo, useState } from 'react';
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import type { IpRegion } from '../../../../core/api/endpoints/platform.js';
import '../../../../core/i18n/namespaces/domain-trace.js';
import '../../../../core/i18n/namespaces/security-cards.js';
import { loadRegionData, regionData, regionLabel } from '../../../../core/region/region.js';
import { HTTP_METHODS } from '../../../../core/rules/match-catalogue.js';
import { issue, onField } from '../../../../core/rules/types.js';
import type { DomainConsoleTab } from '../../../../core/settings/catalogue.js';
import { parseHeaderLines, traceRequest, type TraceResult } from '../../../../core/settings/trace.js';
import { useElement, useT } from '../../../../core/ui/element-context.js';
import { namedDropdown } from '../../../../core/ui/parts/named.js';
import { ErrorState, LoadingState } from '../../../../core/ui/parts/state-views.js';
import { useDraft } from '../../../../core/ui/use-draft.js';
import type { TabProps } from '../tab-module.js';
import { readConfiguration, withDrafts, type SavedConfiguration } from './configuration.js';
import { outcomeText, reached, stepLines } from './step-view.js';

export const namespaces = ['domain-trace', 'security-cards'] as const;

/** The form as typed. */
interface TraceForm {
  url: string;
  method: string;
  headers: string;
  clientIp: string;
  region: string;
  status: string;
}

const EMPTY: TraceForm = { url: '', method: 'GET', headers: '', clientIp: '', region: '', status: '200' };
/** Dropdown value for "region not known" (PrimeReact treats '' as no selection). */
const UNKNOWN_REGION = '*';

function flatten(tree: readonly IpRegion[], language: Parameters<typeof regionLabel>[1], trail: string[] = []): { value: string; label: string }[] {
  return tree.flatMap((node) => {
    const path = [...trail, regionLabel(node, language)];
    return [{ value: node.key, label: path.join(' › ') }, ...flatten(node.child ?? [], language, path)];
  });
}

/** The tab. */
export default function TraceTab({ context }: TabProps) {
  useSignals();
  const { client, language } = useElement();
  const t = useT('domain-trace');
  const tCards = useT('security-cards');
  const tTabs = useT('domain-console');
  const tRules = useT('rules');
  const id = useId();
  const domainId = context.id;
  const domain = context.info.domain;
  const [form, setForm] = useDraft<TraceForm>(`domain-trace:${domainId}:form`, EMPTY);
  const [saved, setSaved] = useState<SavedConfiguration | null>(null);
  const [status, setStatus] = useState<'loading' | 'error' | 'ready'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [run, setRun] = useState<{ result: Extract<TraceResult, { ok: true }>; draftTabs: DomainConsoleTab[]; clientIp: string } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    readConfiguration(client, domainId, controller.signal).then(
      (answer) => {
        setSaved(answer);
        setStatus('ready');
      },
      () => {
        if (!controller.signal.aborted) setStatus('error');
      },
    );
    // Region conditions need the tree; without it they are reported as undecided, so a failure is not fatal.
    loadRegionData(client).catch(() => undefined);
    return () => controller.abort();
  }, [client, domainId, attempt]);

  const regions = regionData.value?.ipRegions;
  const regionChoices = useMemo(() => [{ value: UNKNOWN_REGION, label: t('form.region-unknown') }, ...flatten(regions ?? [], language)], [regions, language, t]);
  const set = (patch: Partial<TraceForm>) => setForm((previous) => ({ ...previous, ...patch }));
  const issuesOf = (field: string) => issues.filter((found) => found.field === field);

  const submit = () => {
    if (!saved) return;
    const parsed = parseHeaderLines(form.headers);
    const statusText = form.status.trim();
    const status = statusText === '' ? 200 : /^\d{1,3}$/.test(statusText) ? Number(statusText) : Number.NaN;
    if ('line' in parsed) {
      setIssues(onField('headers', issue('trace.header-line-invalid', { line: parsed.line })));
      setRun(null);
      return;
    }
    // The drafts are read now, not when the tab opened: another tab's changes made since count.
    const { configuration, draftTabs } = withDrafts(domainId, domain, saved, regions);
    const result = traceRequest(configuration, {
      url: form.url,
      method: form.method,
      headers: parsed.headers,
      client_ip: form.clientIp,
      ...(form.region ? { region: form.region } : {}),
      status,
    });
    if (!result.ok) {
      setIssues(result.issues);
      setRun(null);
      return;
    }
    setIssues([]);
    setRun({ result, draftTabs, clientIp: form.clientIp.trim() });
  };

  if (status === 'loading') return <LoadingState message={t('loading')} />;
  if (status === 'error') return <ErrorState message={t('load-failed')} onRetry={() => setAttempt((count) => count + 1)} />;

  const errorOf = (field: string) => {
    const found = issuesOf(field)[0];
    return found ? tRules(found.key, found.values) : null;
  };
  const general = errorOf('');
  const describedBy = (field: string) => (errorOf(field) ? `${id}-${field}-error` : undefined);
  const fieldError = (field: string) => {
    const message = errorOf(field);
    return message ? (
      <small id={`${id}-${field}-error`} className="ec-error-text">
        {message}
      </small>
    ) : null;
  };
  const methodLabel = t('form.method');
  const regionLabelText = t('form.region');

  return (
    <section className="ec-stack ec-trace" part="trace" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('title')}</h2>
      <p className="ec-muted">{t('intro', { domain })}</p>
      <form
        className="ec-stack"
        part="trace-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="ec-row">
          <div className="ec-field">
            <label htmlFor={`${id}-method`}>{methodLabel}</label>
            <Dropdown inputId={`${id}-method`} value={form.method} options={[...HTTP_METHODS]} onChange={(event) => set({ method: event.value as string })} pt={namedDropdown(methodLabel)} />
            {fieldError('method')}
          </div>
          <div className="ec-field ec-grow">
            <label htmlFor={`${id}-url`}>{t('form.url')}</label>
            <InputText
              id={`${id}-url`}
              value={form.url}
              placeholder={t('form.url-placeholder', { domain })}
              invalid={Boolean(errorOf('url'))}
              aria-invalid={errorOf('url') ? true : undefined}
              aria-describedby={describedBy('url')}
              onChange={(event) => set({ url: event.target.value })}
            />
            {fieldError('url')}
          </div>
        </div>
        <div className="ec-row">
          <div className="ec-field">
            <label htmlFor={`${id}-client_ip`}>{t('form.client-ip')}</label>
            <InputText
              id={`${id}-client_ip`}
              value={form.clientIp}
              placeholder="203.0.113.10"
              invalid={Boolean(errorOf('client_ip'))}
              aria-invalid={errorOf('client_ip') ? true : undefined}
              aria-describedby={describedBy('client_ip')}
              onChange={(event) => set({ clientIp: event.target.value })}
            />
            {fieldError('client_ip')}
          </div>
          <div className="ec-field">
            <label htmlFor={`${id}-region`}>{regionLabelText}</label>
            <Dropdown
              inputId={`${id}-region`}
              value={form.region || UNKNOWN_REGION}
              options={regionChoices}
              filter
              onChange={(event) => set({ region: event.value === UNKNOWN_REGION ? '' : (event.value as string) })}
              pt={{ ...namedDropdown(regionLabelText), filterInput: { 'aria-label': t('form.region-search') } as never }}
            />
          </div>
          <div className="ec-field">
            <label htmlFor={`${id}-status`}>{t('form.status')}</label>
            <InputText
              id={`${id}-status`}
              value={form.status}
              inputMode="numeric"
              invalid={Boolean(errorOf('status'))}
              aria-invalid={errorOf('status') ? true : undefined}
              aria-describedby={describedBy('status') ?? `${id}-status-hint`}
              onChange={(event) => set({ status: event.target.value })}
            />
            <small id={`${id}-status-hint`} className="ec-muted">
              {t('form.status-hint')}
            </small>
            {fieldError('status')}
          </div>
        </div>
        <div className="ec-field">
          <label htmlFor={`${id}-headers`}>{t('form.headers')}</label>
          <InputTextarea
            id={`${id}-headers`}
            rows={4}
            value={form.headers}
            placeholder={t('form.headers-placeholder')}
            invalid={Boolean(errorOf('headers'))}
            aria-invalid={errorOf('headers') ? true : undefined}
            aria-describedby={describedBy('headers') ?? `${id}-headers-hint`}
            onChange={(event) => set({ headers: event.target.value })}
          />
          <small id={`${id}-headers-hint`} className="ec-muted">
            {t('form.headers-hint')}
          </small>
          {fieldError('headers')}
        </div>
        <div className="ec-row">
          <Button type="submit" icon="pi pi-play" label={t('form.run')} />
        </div>
        {general && (
          <p role="alert" className="ec-error-text">
            {general}
          </p>
        )}
      </form>
      <div aria-live="polite" part="trace-result">
        {run && (
          <section className="ec-stack" aria-labelledby={`${id}-result`}>
            <h3 id={`${id}-result`}>{t('result-title')}</h3>
            {!saved?.security && (
              <p part="trace-cards-unread" className="ec-warning-text">
                {t('security.not-read')}
              </p>
            )}
            <p part="trace-drafts" className={run.draftTabs.length > 0 ? 'ec-warning-text' : 'ec-muted'}>
              {run.draftTabs.length > 0
                ? t('drafts-used', { tabs: run.draftTabs.map((tab) => tTabs(`tab.${tab}`)).join(t('list-separator')) })
                : t('drafts-none')}
            </p>
            <p part="trace-outcome">
              <strong>{t('outcome-title')}</strong> {outcomeText(t, tCards, language, run.result.outcome)}
            </p>
            <ol className="ec-trace-steps" part="trace-steps">
              {run.result.steps.map((step) => (
                <li key={step.step} data-step={step.step} data-status={step.status}>
                  <h4>
                    {t(`step.${step.step}`)} <span className="ec-muted">· {t(`status.${step.status}`)}</span>
                  </h4>
                  {reached(step) &&
                    stepLines(t, tCards, language, step, run.clientIp).map((line, index) => (
                      <div key={index} className="ec-trace-line">
                        {line}
                      </div>
                    ))}
                </li>
              ))}
            </ol>
          </section>
        )}
      </div>
    </section>
  );
}
