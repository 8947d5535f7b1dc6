/**
 * How long a response is kept (rules §3): the cache mode and edge TTL of a cache rule, the browser TTL, and the error
 * status code cache rows. Durations run from seconds to years and stop at one year (rules §5). Fields a choice makes
 * meaningless are hidden (and dropped on save by `normalizeCacheRule`).
 */
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { BROWSER_CACHE_MODES, CACHE_MODES, ERROR_STATUS_RANGE, type BrowserCacheMode, type CacheMode } from '../../../core/rules/cache.js';
import { useT } from '../../../core/ui/element-context.js';
import { namedDropdown } from '../../../core/ui/parts/named.js';
import { rowKey, type ErrorRowDraft } from '../draft.js';
import { BROWSER_MODE_KEYS, MODE_KEYS } from '../labels.js';
import { FieldIssues } from './field-issues.js';
import type { SectionProps } from './match-section.js';
import { TtlInput } from './ttl-input.js';

/** The mode, TTLs and error rows; `part="caching-section"`. */
export function CachingSection({ id, draft, update, issuesOf }: SectionProps) {
  const t = useT();

  const caching = draft.action === 'cache';
  const modeLabel = t('field.mode');
  const browserLabel = t('field.browser-mode');
  const modeOptions = CACHE_MODES.map((mode) => ({ value: mode, label: t(MODE_KEYS[mode]) }));
  const browserOptions = BROWSER_CACHE_MODES.map((mode) => ({ value: mode, label: t(BROWSER_MODE_KEYS[mode]) }));
  const setRow = (key: string, patch: Partial<ErrorRowDraft>) => update({ error_cache: draft.error_cache.map((row) => (row.key === key ? { ...row, ...patch } : row)) });
  const ttlIssues = (field: string) => [...issuesOf(field), ...issuesOf(`${field}_unit`)];

  return (
    <section className="ec-stack ec-cache-section" part="caching-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('dialog.section-caching')}</h3>
      {caching ? (
        <>
          <div className="ec-field">
            <label htmlFor={`${id}-mode`}>{modeLabel}</label>
            <Dropdown inputId={`${id}-mode`} value={draft.mode} options={modeOptions} onChange={(event) => update({ mode: event.value as CacheMode })} pt={namedDropdown(modeLabel)} />
          </div>
          {draft.mode !== 'follow-origin' ? (
            <TtlInput
              id={`${id}-edge`}
              label={t('field.edge-ttl')}
              value={draft.edge_ttl}
              unit={draft.edge_ttl_unit}
              onChange={(edge_ttl, edge_ttl_unit) => update({ edge_ttl, edge_ttl_unit })}
              issues={ttlIssues('edge_ttl')}
            />
          ) : (
            <p className="ec-muted">{t('hint.follow-origin')}</p>
          )}
        </>
      ) : (
        <p className="ec-muted">{t('hint.no-cache')}</p>
      )}
      <div className="ec-field">
        <label htmlFor={`${id}-browser`}>{browserLabel}</label>
        <Dropdown
          inputId={`${id}-browser`}
          value={draft.browser_mode}
          options={browserOptions}
          onChange={(event) => update({ browser_mode: event.value as BrowserCacheMode })}
          pt={namedDropdown(browserLabel)}
        />
      </div>
      {draft.browser_mode === 'override' ? (
        <TtlInput
          id={`${id}-browser-ttl`}
          label={t('field.browser-ttl')}
          value={draft.browser_ttl}
          unit={draft.browser_ttl_unit}
          onChange={(browser_ttl, browser_ttl_unit) => update({ browser_ttl, browser_ttl_unit })}
          issues={ttlIssues('browser_ttl')}
        />
      ) : null}
      {caching ? (
        <fieldset className="ec-error-cache" part="error-cache">
          <legend>{t('field.error-cache')}</legend>
          <p className="ec-muted">{t('hint.error-cache')}</p>
          {draft.error_cache.map((row, index) => {
            const base = `${id}-error-${row.key}`;
            const codeIssues = issuesOf(`error_cache.${index}.code`);
            return (
              <div key={row.key} className="ec-row ec-error-row">
                <div className="ec-field">
                  <label htmlFor={`${base}-code`}>{t('field.error-code', { index: index + 1 })}</label>
                  <InputText
                    id={`${base}-code`}
                    value={row.code}
                    inputMode="numeric"
                    placeholder={`${ERROR_STATUS_RANGE.min}-${ERROR_STATUS_RANGE.max}`}
                    invalid={codeIssues.length > 0}
                    aria-describedby={`${base}-code-issues`}
                    onChange={(event) => setRow(row.key, { code: event.target.value })}
                  />
                  <FieldIssues id={`${base}-code-issues`} issues={codeIssues} />
                </div>
                <TtlInput
                  id={`${base}-ttl`}
                  label={t('field.error-ttl', { index: index + 1 })}
                  value={row.ttl}
                  unit={row.unit}
                  onChange={(ttl, unit) => setRow(row.key, { ttl, unit })}
                  issues={[...issuesOf(`error_cache.${index}.ttl`), ...issuesOf(`error_cache.${index}.unit`)]}
                />
                <Button
                  type="button"
                  icon="pi pi-minus"
                  outlined
                  severity="secondary"
                  aria-label={t('action.remove-error-row', { index: index + 1 })}
                  onClick={() => update({ error_cache: draft.error_cache.filter((entry) => entry.key !== row.key) })}
                />
              </div>
            );
          })}
          <Button
            type="button"
            icon="pi pi-plus"
            outlined
            label={t('action.add-error-row')}
            onClick={() => update({ error_cache: [...draft.error_cache, { key: rowKey(), code: '', ttl: '1', unit: 'minute' }] })}
          />
        </fieldset>
      ) : null}
    </section>
  );
}
