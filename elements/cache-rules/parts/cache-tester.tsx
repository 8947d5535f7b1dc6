/**
 * The cache tester: a URL (with optional method, headers, cookies, device type and what the origin answers) run
 * through the saved rules with the matcher of `core/match/cache.ts`, the same code the server has. It shows which rule
 * applies (or which earlier rules it cannot decide), the edge and browser TTLs and the cache key. What is typed is
 * kept as a draft.
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useId, useState } from 'react';
import type { FieldIssue } from '../../../core/api/catalogue.js';
import type { CacheRuleInfo } from '../../../core/api/endpoints/domain-settings.js';
import { formatDuration } from '../../../core/i18n/format.js';
import { evaluateCache, isTestableUrl, type CacheEvaluation, type CacheRuleResult } from '../../../core/match/cache.js';
import type { SampleHeader } from '../../../core/match/request.js';
import type { BuiltInCacheRule } from '../../../core/rules/cache.js';
import { parseInteger } from '../../../core/rules/common.js';
import { DEVICE_TYPES, HTTP_METHODS } from '../../../core/rules/match-catalogue.js';
import { issue, onField } from '../../../core/rules/types.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';
import { useDraft } from '../../../core/ui/use-draft.js';
import { builtInName, DEVICE_KEYS, EDGE_REASON_KEYS } from '../labels.js';
import { FieldIssues } from './field-issues.js';

/** Props of {@link CacheTester}. */
export interface CacheTesterProps {
  domainId: number;
  domain: string;
  builtIn: readonly BuiltInCacheRule[];
  rules: readonly CacheRuleInfo[];
  browserCache: 'on' | 'off';
}

/** What the tester form holds, as typed. */
interface TesterDraft {
  url: string;
  method: string;
  headers: string;
  cookies: string;
  device: string;
  status: string;
  cacheControl: string;
  lastModifiedAge: string;
}

const EMPTY: TesterDraft = { url: '', method: 'GET', headers: '', cookies: '', device: '', status: '200', cacheControl: '', lastModifiedAge: '' };
/** Dropdown value for "device type not known" (PrimeReact treats '' as no selection). */
const UNKNOWN_DEVICE = '*';

/** Reads `Name: value` lines; answers null when a non-empty line has no name. */
function readHeaders(text: string): SampleHeader[] | null {
  const headers: SampleHeader[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) return null;
    headers.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  }
  return headers;
}

/** The tester form and its result; `part="tester"`. */
export function CacheTester({ domainId, domain, builtIn, rules, browserCache }: CacheTesterProps) {
  const { language } = useElement();
  const t = useT();
  const id = useId();
  const [form, setForm] = useDraft<TesterDraft>(`cache-rules:${domainId}:tester`, EMPTY);
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [result, setResult] = useState<CacheEvaluation | null>(null);

  const issuesOf = (field: string) => issues.filter((found) => found.field === field);
  const methodLabel = t('tester.method');
  const deviceLabel = t('tester.device');
  const nameOf = (entry: Pick<CacheRuleResult, 'list' | 'index'>) =>
    entry.list === 'built-in' ? builtInName(t, builtIn[entry.index]!) : t('tester.rule-name', { name: rules[entry.index]?.name ?? '', priority: entry.index + 1 });
  const set = (patch: Partial<TesterDraft>) => setForm((previous) => ({ ...previous, ...patch }));

  const run = () => {
    const headers = readHeaders(form.headers);
    const status = parseInteger(form.status);
    const ageText = form.lastModifiedAge.trim();
    const age = ageText === '' ? null : parseInteger(ageText);
    const found = [
      ...onField('url', isTestableUrl(form.url) ? null : issue('url.invalid')),
      ...onField('headers', headers === null ? issue('common.format-error') : null),
      ...onField('status', status !== null && status >= 100 && status <= 599 ? null : issue('common.integer-range', { min: 100, max: 599 })),
      ...onField('lastModifiedAge', ageText !== '' && (age === null || age < 0) ? issue('common.non-negative-integer') : null),
    ];
    setIssues(found);
    if (found.length > 0) {
      setResult(null);
      return;
    }
    const request = {
      url: form.url,
      method: form.method,
      headers: headers!,
      cookies: form.cookies,
      device_type: form.device || undefined,
      status,
      cache_control: form.cacheControl,
      last_modified_age: age,
    };
    setResult(evaluateCache(builtIn, rules, request, { domain, browserCache }));
  };

  const edge = result?.edge;
  const browser = result?.browser;
  const decided = result?.decision;

  return (
    <section className="ec-stack ec-cache-tester" part="tester" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('tester.title')}</h3>
      <p className="ec-muted">{t('tester.hint')}</p>
      <form
        className="ec-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          run();
        }}
      >
        <div className="ec-row ec-tester-line">
          <div className="ec-field">
            <label htmlFor={`${id}-method`}>{methodLabel}</label>
            <Dropdown inputId={`${id}-method`} value={form.method} options={[...HTTP_METHODS]} onChange={(event) => set({ method: event.value as string })} pt={namedDropdown(methodLabel)} />
          </div>
          <div className="ec-field ec-grow">
            <label htmlFor={`${id}-url`}>{t('tester.url')}</label>
            <InputText
              id={`${id}-url`}
              value={form.url}
              placeholder={t('tester.url-placeholder', { domain })}
              invalid={issuesOf('url').length > 0}
              aria-describedby={`${id}-url-issues`}
              onChange={(event) => set({ url: event.target.value })}
            />
            <FieldIssues id={`${id}-url-issues`} issues={issuesOf('url')} />
          </div>
        </div>
        <details>
          <summary>{t('tester.more')}</summary>
          <div className="ec-stack ec-tester-more">
            <div className="ec-field">
              <label htmlFor={`${id}-headers`}>{t('tester.headers')}</label>
              <InputTextarea id={`${id}-headers`} rows={3} value={form.headers} placeholder="User-Agent: Mozilla/5.0" aria-describedby={`${id}-headers-issues`} onChange={(event) => set({ headers: event.target.value })} />
              <FieldIssues id={`${id}-headers-issues`} issues={issuesOf('headers')} />
            </div>
            <div className="ec-field">
              <label htmlFor={`${id}-cookies`}>{t('tester.cookies')}</label>
              <InputText id={`${id}-cookies`} value={form.cookies} placeholder="lang=en; session=…" onChange={(event) => set({ cookies: event.target.value })} />
            </div>
            <div className="ec-field">
              <label htmlFor={`${id}-device`}>{deviceLabel}</label>
              <Dropdown
                inputId={`${id}-device`}
                value={form.device || UNKNOWN_DEVICE}
                options={[{ value: UNKNOWN_DEVICE, label: t('tester.device-unknown') }, ...DEVICE_TYPES.map((device) => ({ value: device, label: t(DEVICE_KEYS[device]) }))]}
                onChange={(event) => set({ device: event.value === UNKNOWN_DEVICE ? '' : (event.value as string) })}
                pt={namedDropdown(deviceLabel)}
              />
            </div>
            <div className="ec-row">
              <div className="ec-field">
                <label htmlFor={`${id}-status`}>{t('tester.status')}</label>
                <InputText id={`${id}-status`} value={form.status} inputMode="numeric" aria-describedby={`${id}-status-issues`} onChange={(event) => set({ status: event.target.value })} />
                <FieldIssues id={`${id}-status-issues`} issues={issuesOf('status')} />
              </div>
              <div className="ec-field">
                <label htmlFor={`${id}-cc`}>{t('tester.cache-control')}</label>
                <InputText id={`${id}-cc`} value={form.cacheControl} placeholder="max-age=600" onChange={(event) => set({ cacheControl: event.target.value })} />
              </div>
              <div className="ec-field">
                <label htmlFor={`${id}-age`}>{t('tester.last-modified-age')}</label>
                <InputText id={`${id}-age`} value={form.lastModifiedAge} inputMode="numeric" aria-describedby={`${id}-age-issues`} onChange={(event) => set({ lastModifiedAge: event.target.value })} />
                <FieldIssues id={`${id}-age-issues`} issues={issuesOf('lastModifiedAge')} />
              </div>
            </div>
          </div>
        </details>
        <div className="ec-row">
          <Button type="submit" icon="pi pi-play" label={t('tester.run')} />
        </div>
      </form>
      <div aria-live="polite">
        {result && edge && browser && decided ? (
          <dl className="ec-tester-result" part="tester-result">
            <dt>{t('tester.applies')}</dt>
            <dd data-result="rule">{decided.list === 'default' || decided.index === null ? t('default-rule.name') : nameOf({ list: decided.list, index: decided.index })}</dd>
            {result.undecided.length > 0 ? (
              <>
                <dt>{t('tester.undecided-title')}</dt>
                <dd className="ec-warning-text">{t('tester.undecided', { names: result.undecided.map(nameOf).join(t('tester.list-separator')) })}</dd>
              </>
            ) : null}
            <dt>{t('tester.edge')}</dt>
            <dd data-result="edge">
              {edge.cached ? t('tester.edge-cached', { duration: formatDuration(edge.seconds, language) }) : t('tester.edge-not-cached')} ({t(EDGE_REASON_KEYS[edge.reason])})
            </dd>
            <dt>{t('tester.browser')}</dt>
            <dd data-result="browser">
              {browser.source === 'rule'
                ? t('tester.browser-rule', { duration: formatDuration(browser.seconds, language) })
                : browser.seconds === null
                  ? t('tester.browser-origin-none')
                  : t('tester.browser-origin', { duration: formatDuration(browser.seconds, language) })}
            </dd>
            <dt>{t('tester.key')}</dt>
            <dd data-result="key">
              {result.key ? <code>{result.key.text}</code> : t('tester.key-none')}
              {result.key && result.key.cookies.length > 0 ? (
                <>
                  <br />
                  {t('tester.key-cookies', { cookies: result.key.cookies.join('; ') })}
                </>
              ) : null}
            </dd>
          </dl>
        ) : null}
      </div>
    </section>
  );
}
