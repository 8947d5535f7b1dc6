/**
 * The submission form of `<ec-cache-purge>` and `<ec-cache-prefetch>` (rules §5 Purge, Prefetch; rules §6; shell §8
 * "Task submitted, see the task list"): the kind (purge: URLs or directories), the URLs typed or (prefetch) read from
 * one txt file, the per-row preview, the submission allowance (2 per minute per kind, with the time the next one is
 * allowed), and the outcome. A caller who may manage no website sees the form read-only with the reason.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { RadioButton } from 'primereact/radiobutton';
import { useEffect, useId } from 'react';
import { formatCount, formatDateTime, formatDuration } from '../../core/i18n/format.js';
import { cacheJobType, type CacheTaskKind } from '../../core/rules/cache-tasks.js';
import { PREFETCH_FILE_MAX_BYTES } from '../../core/rules/bans.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { NavLink } from '../../core/ui/parts/nav-link.js';
import { ErrorState, LoadingState } from '../../core/ui/parts/state-views.js';
import { taskDetailRoute, taskListRoute, type CacheTaskLayout } from './routes.js';
import { submitStoreFor } from './submit-store.js';
import { CACHE_TASK_SUBMITTED_EVENT } from './events.js';
import { UrlPreview } from './url-preview.js';

/** Catalogue keys of each kind's name and placeholder, written out so a key search finds them. */
const KIND_KEYS: Record<CacheTaskKind, { label: string; placeholder: string; hint: string }> = {
  'purge-url': { label: 'kind.purge-url', placeholder: 'placeholder.purge-url', hint: 'hint.purge-url' },
  'purge-directory': { label: 'kind.purge-directory', placeholder: 'placeholder.purge-directory', hint: 'hint.purge-directory' },
  prefetch: { label: 'kind.prefetch', placeholder: 'placeholder.prefetch', hint: 'hint.prefetch' },
};

/** Props of {@link CacheTaskForm}. */
export interface CacheTaskFormProps {
  /** The kinds offered: purge offers URLs and directories, prefetch one kind. */
  kinds: readonly CacheTaskKind[];
  layout: CacheTaskLayout;
  /** Prefetch also reads one txt file. */
  allowFile: boolean;
}

/** The form. */
export function CacheTaskForm({ kinds, layout, allowFile }: CacheTaskFormProps) {
  useSignals();
  const { client, host, emit, language } = useElement();
  const t = useT('cache-tasks');
  const tRules = useT('rules');
  const tCommon = useT('common');
  const store = submitStoreFor(host, kinds);
  const ids = { text: useId(), file: useId(), hint: useId(), issue: useId() };

  const contextState = store.contextState.value;
  const kind = store.kind.value;
  const preview = store.preview.value;
  const outcome = store.outcome.value;
  const waitUntil = store.waitUntil.value;
  const readOnly = store.readOnly.value;
  const fileIssue = store.fileIssue.value;
  const type = cacheJobType(kind);
  const blockedReason = readOnly
    ? t('read-only')
    : waitUntil !== null
      ? t('rate-limited', {
          duration: formatDuration(Math.max(1, Math.ceil((waitUntil - store.now.value) / 1000)), language),
          time: formatDateTime(waitUntil, language),
        })
      : null;
  const canSubmit = !blockedReason && preview !== null && preview.issue === null && preview.entries.length > 0 && outcome.status !== 'submitting';

  const onSubmit = async () => {
    const answer = await store.submit(client);
    if (answer) emit(CACHE_TASK_SUBMITTED_EVENT, { id: answer.job.id, type: answer.job.type, count: (answer.job.params as { count: number }).count });
  };

  useEffect(() => {
    void store.load(client);
  }, [store, client]);
  useEffect(() => {
    // The countdown of the next allowed submission moves while it is shown.
    if (waitUntil === null) return undefined;
    const timer = setInterval(() => store.tick(), 1000);
    return () => clearInterval(timer);
  }, [store, waitUntil]);

  if (contextState.status === 'loading') return <LoadingState message={t('loading')} />;
  if (contextState.status === 'error') return <ErrorState message={t('load-failed')} onRetry={() => void store.load(client)} />;

  return (
    <form
      className="ec-root ec-stack ec-cache-task-form"
      part="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit) void onSubmit();
      }}
    >
      {kinds.length > 1 && (
        <fieldset className="ec-field ec-line-source" part="kind">
          <legend>{t('kind.legend')}</legend>
          {kinds.map((value) => (
            <span key={value} className="ec-row">
              <RadioButton inputId={`${ids.text}-${value}`} name="kind" value={value} checked={kind === value} onChange={() => (store.kind.value = value)} />
              <label htmlFor={`${ids.text}-${value}`}>{t(KIND_KEYS[value].label)}</label>
            </span>
          ))}
        </fieldset>
      )}
      {allowFile && (
        <fieldset className="ec-field ec-line-source" part="source">
          <legend>{t('source.legend')}</legend>
          {(['typed', 'file'] as const).map((value) => (
            <span key={value} className="ec-row">
              <RadioButton inputId={`${ids.file}-${value}`} name="source" value={value} checked={store.source.value === value} onChange={() => (store.source.value = value)} />
              <label htmlFor={`${ids.file}-${value}`}>{value === 'typed' ? t('source.typed') : t('source.file')}</label>
            </span>
          ))}
        </fieldset>
      )}
      {store.source.value === 'file' ? (
        <div className="ec-field">
          <label htmlFor={ids.file}>{t('file.label')}</label>
          <input
            id={ids.file}
            type="file"
            accept=".txt,text/plain"
            part="file"
            aria-describedby={`${ids.hint} ${ids.issue}`}
            onChange={(event) => void store.pickFiles(Array.from(event.currentTarget.files ?? []))}
          />
          <small id={ids.hint} className="ec-muted">
            {t('file.hint', { size: '2MB', bytes: formatCount(PREFETCH_FILE_MAX_BYTES, language) })}
          </small>
        </div>
      ) : (
        <div className="ec-field">
          <label htmlFor={ids.text}>{t('urls.label')}</label>
          <InputTextarea
            id={ids.text}
            part="urls"
            rows={8}
            value={store.text.value}
            placeholder={t(KIND_KEYS[kind].placeholder)}
            aria-describedby={`${ids.hint} ${ids.issue}`}
            onChange={(event) => {
              store.text.value = event.target.value;
              if (store.outcome.value.status !== 'submitting') store.outcome.value = { status: 'idle' };
            }}
          />
          <small id={ids.hint} className="ec-muted">
            {t(KIND_KEYS[kind].hint)}
          </small>
        </div>
      )}
      <div id={ids.issue} role="alert" className="ec-error-text" part="issue">
        {fileIssue ? tRules(fileIssue.key, fileIssue.values ?? {}) : preview?.issue ? tRules(preview.issue.key, preview.issue.values ?? {}) : ''}
      </div>
      {preview && <UrlPreview key={`${kind}-${store.source.value}`} preview={preview} />}
      <p className="ec-muted" part="allowance">
        {t('allowance', { max: contextState.context.per_minute })}
      </p>
      {blockedReason && (
        <p className="ec-cache-task-warning" role="status" part="blocked-reason">
          {blockedReason}
        </p>
      )}
      <div className="ec-row">
        <Button type="submit" label={t(`submit.${kind === 'prefetch' ? 'prefetch' : 'purge'}`)} disabled={!canSubmit} loading={outcome.status === 'submitting'} />
      </div>
      {outcome.status === 'submitted' && (
        <div className="ec-row ec-cache-task-success" role="status" part="submitted">
          <span>{tCommon('api.task-submitted')}</span>
          <span>{t('submitted-count', { count: (outcome.answer.job.params as { count: number }).count })}</span>
          {outcome.answer.duplicates > 0 && <span>{t('duplicates-ignored', { count: outcome.answer.duplicates })}</span>}
          <NavLink route={taskListRoute(layout, type)}>{t('see-task-list')}</NavLink>
          <NavLink route={taskDetailRoute(layout, outcome.answer.job.type)} params={{ id: outcome.answer.job.id }}>
            {t('see-task')}
          </NavLink>
        </div>
      )}
      {outcome.status === 'refused' && (
        <div className="ec-error-text" role="alert" part="refused">
          {outcome.message}
        </div>
      )}
    </form>
  );
}
