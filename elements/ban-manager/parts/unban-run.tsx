/**
 * A batch unban on its way (rules §5): a progress bar over the valid entries, what happened when it paused (network
 * failure, cancel, refusal) and, once every chunk is answered, the result summary: entries that released a ban,
 * records released, entries with no ban in force, and the lines the preview left out (invalid, duplicate).
 */
import { ProgressBar } from 'primereact/progressbar';
import { formatCount, formatPercent } from '../../../core/i18n/format.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import type { UnbanRun } from '../unban-store.js';

/** How many entries with no ban in force the summary lists by name. */
export const NOT_BANNED_SHOWN = 20;

/** Props of {@link UnbanRunView}. */
export interface UnbanRunViewProps {
  run: UnbanRun;
}

/** Progress, pause notice or summary of a run; `part="unban-progress"` / `part="unban-summary"`. */
export function UnbanRunView({ run }: UnbanRunViewProps) {
  const { language } = useElement();
  const t = useT();

  const total = run.packed.summary.valid;
  const ratio = total === 0 ? 1 : run.sent / total;
  const count = (value: number) => formatCount(value, language);
  const chunkIndex = run.chunks.filter((chunk) => chunk.done).length;

  const pauseMessage = () => {
    if (run.pause === 'network') return t('run.paused-network', { sent: count(run.sent), total: count(total) });
    if (run.pause === 'canceled') return t('run.paused-canceled', { sent: count(run.sent), total: count(total) });
    return t('run.paused-failed', { message: run.message || t('run.refused') });
  };

  if (run.state === 'done') {
    const shown = run.notBanned.slice(0, NOT_BANNED_SHOWN);
    return (
      <section className="ec-stack" part="unban-summary" aria-labelledby="ec-unban-summary">
        <h3 id="ec-unban-summary" className="ec-unban-summary-title" role="status">
          {t('run.done', { domain: run.domain })}
        </h3>
        <dl className="ec-unban-summary">
          <dt>{t('run.unbanned-entries')}</dt>
          <dd>{count(run.unbannedEntries)}</dd>
          <dt>{t('run.released-records')}</dt>
          <dd>{count(run.releasedRecords)}</dd>
          <dt>{t('run.not-banned')}</dt>
          <dd>{count(run.notBanned.length)}</dd>
          <dt>{t('run.invalid-lines')}</dt>
          <dd>{count(run.packed.summary.invalid)}</dd>
          <dt>{t('run.duplicate-lines')}</dt>
          <dd>{count(run.packed.summary.duplicate)}</dd>
        </dl>
        {shown.length > 0 && (
          <details>
            <summary>{t('run.not-banned-list')}</summary>
            <ul className="ec-mono ec-not-banned">
              {shown.map((entry) => (
                <li key={entry}>{entry}</li>
              ))}
            </ul>
            {run.notBanned.length > shown.length && <p className="ec-muted">{t('run.and-more', { count: count(run.notBanned.length - shown.length) })}</p>}
          </details>
        )}
      </section>
    );
  }

  return (
    <section className="ec-stack" part="unban-progress" aria-label={t('run.progress')}>
      <ProgressBar
        value={Math.round(ratio * 100)}
        showValue={false}
        aria-label={t('run.progress')}
        aria-valuetext={t('run.progress-text', { sent: count(run.sent), total: count(total), percent: formatPercent(ratio, language) })}
      />
      <p className="ec-muted" aria-live="polite">
        {t('run.progress-text', { sent: count(run.sent), total: count(total), percent: formatPercent(ratio, language) })} ·{' '}
        {t('run.chunks', { done: count(chunkIndex), total: count(run.chunks.length) })}
      </p>
      {run.state === 'paused' && (
        <p role="alert" className={run.pause === 'canceled' ? 'ec-muted' : 'ec-error-text'}>
          {pauseMessage()}
        </p>
      )}
    </section>
  );
}
