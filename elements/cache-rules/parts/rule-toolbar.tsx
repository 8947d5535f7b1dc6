/**
 * The toolbar over the rule list: add a rule, the entries counted against the limits of rules §5 (200 cache and 200
 * non-cache, with the rules §8 message once both are full), the browser_cache switch and refresh.
 */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { useId } from 'react';
import { formatCount } from '../../../core/i18n/format.js';
import { cacheRulesMax, type CacheAction } from '../../../core/rules/cache.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { GuardedButton } from '../../../core/ui/parts/read-only.js';

/** Props of {@link RuleToolbar}. */
export interface RuleToolbarProps {
  editable: boolean;
  /** Why the caller may not change the rules (the add button stays, denied, with it); null when it may or in `mode="readonly"`. */
  lockReason: string | null;
  busy: boolean;
  /** Entries per execution method. */
  counts: Record<CacheAction, number>;
  browserCache: 'on' | 'off';
  onAdd: () => void;
  onBrowserCache: (on: boolean) => void;
  onRefresh: () => void;
}

/** The toolbar; `part="toolbar"`. */
export function RuleToolbar({ editable, lockReason, busy, counts, browserCache, onAdd, onBrowserCache, onRefresh }: RuleToolbarProps) {
  const { language } = useElement();
  const t = useT();
  const tRules = useT('rules');
  const id = useId();

  const full = counts.cache >= cacheRulesMax('cache') && counts['no-cache'] >= cacheRulesMax('no-cache');
  const count = (action: CacheAction) => ({ count: formatCount(counts[action], language), max: formatCount(cacheRulesMax(action), language) });

  return (
    <div className="ec-row ec-toolbar" part="toolbar">
      {editable || lockReason ? (
        <GuardedButton type="button" icon="pi pi-plus" label={t('action.add')} deniedReason={lockReason} disabled={busy || full} onClick={onAdd} />
      ) : null}
      <span className="ec-muted">{t('count.cache', count('cache'))}</span>
      <span className="ec-muted">{t('count.no-cache', count('no-cache'))}</span>
      {full ? <span className="ec-error-text">{tRules('origin.cache-rules-limit', { max: cacheRulesMax('cache') })}</span> : null}
      <span className="ec-spacer" />
      <span className="ec-choice-item">
        <Checkbox
          inputId={id}
          checked={browserCache === 'on'}
          disabled={!editable || busy}
          onChange={(event) => onBrowserCache(event.checked === true)}
          aria-describedby={`${id}-hint`}
        />
        <label htmlFor={id}>{t('browser-cache.label')}</label>
      </span>
      <span id={`${id}-hint`} className="ec-visually-hidden">
        {t('browser-cache.hint')}
      </span>
      <Button type="button" outlined icon="pi pi-refresh" label={t('action.refresh')} disabled={busy} onClick={onRefresh} />
    </div>
  );
}
